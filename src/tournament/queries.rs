//! Queries and invariant-keeping changes on a checked `Tournament`, apart from its gate.

use super::checked::check_invariants;
use super::{
    ByeRefusal, Crosstable, Entrant, EntrantId, Fixture, GameOutcome, MatchResult, Pairing,
    PairingSystem, RequestedBye, Standings, Tiebreak, Tournament, TournamentError,
    TournamentStatus, crosstable, pairing, standings,
};
use crate::tournament::systems::Rounds;

impl Tournament {
    /// Where the tournament stands by its fixtures: [`TournamentStatus::Open`] before
    /// round 1 is paired, [`TournamentStatus::Finished`] when
    /// [`Tournament::is_finished`], else [`TournamentStatus::Running`] (never
    /// `Reopened`, which only the director's record says).
    pub fn status(&self) -> TournamentStatus {
        if self.is_finished() {
            TournamentStatus::Finished
        } else if self.current_round() == 0 {
            TournamentStatus::Open
        } else {
            TournamentStatus::Running
        }
    }

    /// Adds a round just paired: its boards after the other match fixtures, its bye
    /// (if any) last, as the store reads them back.
    ///
    /// # Errors
    /// What [`TournamentSetup::validate`](super::TournamentSetup::validate) would find in the new fixtures (an unknown
    /// entrant, someone paired twice, a round or board 0); the tournament is then
    /// unchanged.
    pub fn add_round(&mut self, pairings: &[Pairing]) -> Result<(), TournamentError> {
        self.check_new_pairings(pairings)?;
        let at = self
            .fixtures
            .iter()
            .filter(|f| f.pairing.north.is_some())
            .count();
        let (games, byes): (Vec<_>, Vec<_>) =
            pairings.iter().cloned().partition(|p| p.north.is_some());
        self.fixtures
            .splice(at..at, games.into_iter().map(Fixture::pending));
        self.fixtures.extend(byes.into_iter().map(Fixture::pending));
        Ok(())
    }

    /// Adds fixtures at the end, in the order given (with their results, if any).
    ///
    /// # Errors
    /// As [`Tournament::add_round`]; a bye with a result is
    /// [`TournamentError::ByeWithResult`].
    pub fn add_fixtures(&mut self, fixtures: &[Fixture]) -> Result<(), TournamentError> {
        let pairings: Vec<Pairing> = fixtures.iter().map(|f| f.pairing).collect();
        self.check_new_pairings(&pairings)?;
        if let Some(f) = fixtures
            .iter()
            .find(|f| f.pairing.is_bye() && f.result.is_some())
        {
            return Err(TournamentError::ByeWithResult {
                round: f.pairing.round,
                id: f.pairing.south,
            });
        }
        self.fixtures.extend_from_slice(fixtures);
        Ok(())
    }

    /// Puts `result` on the match (not a bye) on `board` of `round` (`None`: takes
    /// it off); whether there is such a match.
    pub fn set_result(&mut self, round: u32, board: u32, result: Option<MatchResult>) -> bool {
        match self.fixtures.iter_mut().find(|f| {
            f.pairing.round == round && f.pairing.board == board && f.pairing.north.is_some()
        }) {
            Some(f) => {
                f.result = result;
                true
            }
            None => false,
        }
    }

    /// Gives every match (not the byes) the result `result` returns for it, in
    /// fixture order; stops at the first error, the matches before it changed.
    ///
    /// # Errors
    /// The first error `result` returns.
    pub(crate) fn replace_results<E>(
        &mut self,
        mut result: impl FnMut(&Fixture) -> Result<Option<MatchResult>, E>,
    ) -> Result<(), E> {
        for f in self.fixtures.iter_mut().filter(|f| !f.pairing.is_bye()) {
            f.result = result(f)?;
        }
        Ok(())
    }

    /// Records that the director paired `round` by hand.
    pub(crate) fn mark_manual(&mut self, round: u32) {
        self.manual_rounds.push(round);
    }

    /// Withdraws entrant `id` after round `after` (`0`: before round 1); whether
    /// there is such an entrant.
    pub fn withdraw(&mut self, id: EntrantId, after: u32) -> bool {
        match self.entrants.iter_mut().find(|e| e.id == id) {
            Some(e) => {
                e.withdrawn_after = Some(after);
                true
            }
            None => false,
        }
    }

    /// Takes entrant `id` off the entry list; whether it was on it.
    ///
    /// # Errors
    /// [`TournamentError::UnknownEntrant`] if a fixture or a bye names the entrant;
    /// the tournament is then unchanged.
    pub fn remove_entrant(&mut self, id: EntrantId) -> Result<bool, TournamentError> {
        if self.fixtures.iter().any(|f| f.pairing.involves(id))
            || self.requested_byes.iter().any(|b| b.player == id)
        {
            return Err(TournamentError::UnknownEntrant(id));
        }
        let before = self.entrants.len();
        self.entrants.retain(|e| e.id != id);
        Ok(self.entrants.len() != before)
    }

    /// Lets `seed` change the entrants' ratings and starting ranks (e.g. with
    /// [`assign_start_ranks`](super::assign_start_ranks)), then checks the invariants again.
    ///
    /// # Errors
    /// What [`TournamentSetup::validate`](super::TournamentSetup::validate) finds (two entrants given one starting
    /// rank, ...); the entrants are then as before.
    pub(crate) fn reseed(
        &mut self,
        seed: impl FnOnce(&mut [Entrant]),
    ) -> Result<(), TournamentError> {
        let ids: Vec<EntrantId> = self.entrants.iter().map(|e| e.id).collect();
        let before = self.entrants.clone();
        seed(&mut self.entrants);
        let same_ids = {
            let mut now: Vec<EntrantId> = self.entrants.iter().map(|e| e.id).collect();
            let mut was = ids;
            now.sort_unstable();
            was.sort_unstable();
            now == was
        };
        let checked = if same_ids {
            check_invariants(&self.entrants, &self.fixtures, &self.requested_byes)
        } else {
            Err(TournamentError::EntriesChanged)
        };
        if checked.is_err() {
            self.entrants = before;
        }
        checked
    }

    /// Checks `pairings` as fixtures to add: what [`check_invariants`] would find in
    /// them beside the fixtures and byes there are.
    fn check_new_pairings(&self, pairings: &[Pairing]) -> Result<(), TournamentError> {
        use std::collections::HashSet;
        let ids: HashSet<EntrantId> = self.entrants.iter().map(|e| e.id).collect();
        let rounds: HashSet<u32> = pairings.iter().map(|p| p.round).collect();
        // Who is in those rounds already: one pass over the fixtures and byes.
        let mut seen: HashSet<(u32, EntrantId)> = self
            .fixtures
            .iter()
            .filter(|f| rounds.contains(&f.pairing.round))
            .flat_map(|f| {
                let p = f.pairing;
                std::iter::once(p.south)
                    .chain(p.north)
                    .map(move |id| (p.round, id))
            })
            .chain(
                self.requested_byes
                    .iter()
                    .filter(|b| rounds.contains(&b.round))
                    .map(|b| (b.round, b.player)),
            )
            .collect();
        for p in pairings {
            if p.round == 0 || p.board == 0 {
                return Err(TournamentError::BadFixtureNumber {
                    round: p.round,
                    board: p.board,
                });
            }
            for id in std::iter::once(p.south).chain(p.north) {
                if !ids.contains(&id) {
                    return Err(TournamentError::UnknownEntrant(id));
                }
                if !seen.insert((p.round, id)) {
                    return Err(TournamentError::PairedTwice { round: p.round, id });
                }
            }
        }
        Ok(())
    }

    pub fn entrant(&self, id: EntrantId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.id == id)
    }

    /// Tiebreaks in force: the configured order, or the format's defaults.
    pub fn tiebreak_order(&self) -> Vec<Tiebreak> {
        if self.tiebreaks.is_empty() {
            Tiebreak::defaults(self.format).to_vec()
        } else {
            self.tiebreaks.clone()
        }
    }

    /// The number of rounds the event will have with its current entry list:
    /// round robin n-1 (n even) or n (n odd), double twice that, knockout
    /// ceil(log2 n), Swiss the configured count or else ceil(log2 n) (at least 1).
    pub fn planned_rounds(&self) -> u32 {
        (self.format.rules().planned_rounds)(self.entrants.len() as u32, self.rounds)
    }

    /// The matches the event plays with its entry list (byes and forfeits not told
    /// apart): every pairing of a round robin (twice in a double one), one a board of
    /// the Swiss's planned rounds among those still entered, one a loser of a
    /// knockout (and its match for third place). A progress bar's length, not a promise: a late entry or a withdrawal
    /// changes it.
    pub fn planned_matches(&self) -> u64 {
        (self.format.rules().planned_matches)(self)
    }

    /// The highest round paired so far (0 before the first pairing).
    pub fn current_round(&self) -> u32 {
        self.fixtures
            .iter()
            .map(|f| f.pairing.round)
            .max()
            .unwrap_or(0)
    }

    /// The last round whose every match has a result (0 before any): the standings
    /// are "after" it, and a later paired round is in progress.
    pub fn completed_rounds(&self) -> u32 {
        let current = self.current_round();
        let in_play = self
            .fixtures
            .iter()
            .filter(|f| !f.is_finished())
            .map(|f| f.pairing.round)
            .min();
        match in_play {
            Some(r) => r - 1,
            None => current,
        }
    }

    /// What the standings count: every round through [`Tournament::completed_rounds`],
    /// and the results already in from each later round paired.
    pub fn standings_scope(&self) -> StandingsScope {
        let after = self.completed_rounds();
        let early = (after + 1..=self.current_round())
            .map(|round| {
                let boards = self.fixtures.iter().filter(|f| f.pairing.round == round);
                EarlyResults {
                    round,
                    counted: boards.clone().filter(|f| f.is_finished()).count() as u32,
                    boards: boards.count() as u32,
                }
            })
            .collect();
        StandingsScope {
            after,
            planned: self.planned_rounds(),
            finished: self.is_finished(),
            early,
        }
    }

    /// The tournament as it stood once round `round` was paired, with its results as
    /// stored now: the fixtures of rounds 1 to `round`, the entrants who had entered
    /// by then (`entered_after`), withdrawals made up to then. Its standings are the
    /// standings after round `round`.
    pub fn as_after_round(
        &self,
        round: u32,
        entered_after: &pairing::audit::EnteredAfter,
    ) -> Tournament {
        pairing::audit::as_after_round(self, round, entered_after)
    }

    /// The byes outside the pairing that count now: those of rounds already paired.
    pub fn recorded_byes(&self) -> impl Iterator<Item = &RequestedBye> {
        let current = self.current_round();
        self.requested_byes
            .iter()
            .filter(move |b| b.round <= current)
    }

    /// The bye `id` asked for in `round`, if any.
    pub(crate) fn requested_bye(&self, id: EntrantId, round: u32) -> Option<&RequestedBye> {
        self.requested_byes
            .iter()
            .find(|b| b.player == id && b.round == round)
    }

    /// Whether byes may be asked for at all: in a Swiss paired by the Dutch system,
    /// whose pairing leaves the player out of the round asked for.
    pub fn takes_bye_requests(&self) -> bool {
        self.format.rules().bye_requests
            && matches!(
                self.pairing_system,
                PairingSystem::Dutch2025 | PairingSystem::Dutch2025v2
            )
    }

    /// Whether entrant `id` may ask for a bye in `round` (of a tournament that
    /// [takes bye requests](Tournament::takes_bye_requests)): entered and not
    /// withdrawn, the round planned and not yet paired, and no bye asked for in it
    /// already.
    pub fn check_bye_request(&self, id: EntrantId, round: u32) -> Result<(), ByeRefusal> {
        let entrant = self.entrant(id).ok_or(ByeRefusal::NotEntered)?;
        if entrant.is_withdrawn() {
            return Err(ByeRefusal::Withdrawn);
        }
        let (current, planned) = (self.current_round(), self.planned_rounds());
        if round <= current {
            return Err(ByeRefusal::RoundPaired {
                next: current + 1,
                last: planned,
            });
        }
        if round > planned {
            return Err(ByeRefusal::BeyondEnd { planned });
        }
        if self.requested_bye(id, round).is_some() {
            return Err(ByeRefusal::AlreadyAsked);
        }
        Ok(())
    }

    /// What `id` scored in `round`, from a fixture or a recorded bye: `None` if not
    /// paired that round or the match is pending.
    pub fn outcome_in_round(&self, id: EntrantId, round: u32) -> Option<GameOutcome> {
        if let Some(f) = self
            .fixtures
            .iter()
            .find(|f| f.pairing.round == round && f.pairing.involves(id))
        {
            return f.outcome_for(id);
        }
        self.recorded_byes()
            .find(|b| b.player == id && b.round == round)
            .map(|b| b.points.outcome())
    }

    /// Fixtures of one round, by board.
    pub fn round_fixtures(&self, round: u32) -> Vec<Fixture> {
        let mut v: Vec<Fixture> = self
            .fixtures
            .iter()
            .filter(|f| f.pairing.round == round)
            .copied()
            .collect();
        v.sort_by_key(|f| f.pairing.board);
        v
    }

    /// Whether every match is finished and there is no round left to pair (a
    /// knockout: when a champion is known, and the match for third place, if any,
    /// is played).
    pub fn is_finished(&self) -> bool {
        let system = self.format.rules();
        if system.eliminates {
            return pairing::knockout::champion(self).is_some()
                && pairing::knockout::third_place_fixture(self).is_none_or(Fixture::is_finished);
        }
        if system.rounds == Rounds::Chosen {
            // What `next_round` says, without pairing a round that is not the last.
            return self.current_round() >= self.planned_rounds().max(1)
                && self.fixtures.iter().all(Fixture::is_finished);
        }
        self.current_round() > 0
            && self.fixtures.iter().all(Fixture::is_finished)
            && matches!(self.next_round(), Err(TournamentError::Finished { .. }))
    }

    /// Withdraws the entrants `ids` (players retired since they entered) just before
    /// the next round is paired: before round 1 they leave the entry list; later they
    /// are withdrawn after the last round paired, so their results so far count and
    /// they are not paired again.
    ///
    /// # Errors
    ///
    /// As [`Tournament::remove_entrant`]: one who leaves the list may be named by no
    /// bye.
    pub fn withdraw_retired(&mut self, ids: &[EntrantId]) -> Result<(), TournamentError> {
        let after = self.current_round();
        for &id in ids {
            if after == 0 {
                self.remove_entrant(id)?;
            } else {
                self.withdraw(id, after);
            }
        }
        Ok(())
    }

    /// Whether a result just stored closes this tournament, standing `status`: when it
    /// made the tournament over ([`Tournament::is_finished`]) and the tournament is not
    /// closed already (a reopened one closes again once its last result is in).
    pub fn closes_on_result(&self, status: TournamentStatus) -> bool {
        status != TournamentStatus::Finished && self.is_finished()
    }

    /// Whether the tournament, standing `status`, is closed: marked finished, or over
    /// (every round paired and played) and not reopened since. A closed tournament
    /// takes no entries, withdrawals, pairings or results until the director reopens
    /// it (`tournament reopen`); an event over before closings were recorded counts
    /// as closed too.
    pub fn is_closed(&self, status: TournamentStatus) -> bool {
        status == TournamentStatus::Finished
            || (status != TournamentStatus::Reopened && self.status() == TournamentStatus::Finished)
    }

    /// Pairs the round after [`Tournament::current_round`] by the tournament's
    /// format; the same tournament always gives the same pairings.
    ///
    /// # Errors
    /// [`TournamentError::RoundIncomplete`] while a match of the current round has no
    /// result (in a round robin, one the director postponed does not count);
    /// [`TournamentError::Finished`] when every planned round has been paired (or a
    /// knockout has its champion); [`TournamentError::TooFewEntrants`] with fewer than
    /// two active players.
    pub fn next_round(&self) -> Result<Vec<Pairing>, TournamentError> {
        pairing::next_round(self)
    }

    pub fn standings(&self) -> Standings {
        standings::standings(self)
    }

    pub fn crosstable(&self) -> Crosstable {
        crosstable::crosstable(self)
    }
}

pub(crate) fn ceil_log2(n: u32) -> u32 {
    if n <= 1 {
        0
    } else {
        32 - (n - 1).leading_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BySide;
    use crate::tournament::Format;
    use crate::tournament::{ByePoints, Decision, testutil};

    #[test]
    fn a_bye_is_asked_for_by_an_active_entrant_for_a_round_to_come_once() {
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.rounds = Some(3);
        assert!(t.takes_bye_requests());
        assert_eq!(t.check_bye_request(1, 1), Ok(()));
        assert_eq!(t.check_bye_request(9, 1), Err(ByeRefusal::NotEntered));
        assert_eq!(
            t.check_bye_request(1, 4),
            Err(ByeRefusal::BeyondEnd { planned: 3 })
        );
        t.requested_byes.push(RequestedBye {
            round: 2,
            player: 1,
            points: ByePoints::Half,
        });
        assert_eq!(t.check_bye_request(1, 2), Err(ByeRefusal::AlreadyAsked));
        assert_eq!(t.check_bye_request(2, 2), Ok(()));
        t.entrants[2].withdrawn_after = Some(0);
        assert_eq!(t.check_bye_request(3, 2), Err(ByeRefusal::Withdrawn));
        for pairing in t.next_round().unwrap() {
            t.fixtures.push(Fixture {
                pairing,
                result: None,
            });
        }
        assert_eq!(
            t.check_bye_request(2, 1),
            Err(ByeRefusal::RoundPaired { next: 2, last: 3 })
        );
        assert!(!testutil::tournament(Format::RoundRobin, 4).takes_bye_requests());
    }

    #[test]
    fn the_matches_planned_follow_the_format_and_the_entrants_still_in() {
        let planned = |format, n| testutil::tournament(format, n).planned_matches();
        assert_eq!(planned(Format::RoundRobin, 6), 15);
        assert_eq!(planned(Format::DoubleRoundRobin, 6), 30);
        assert_eq!(planned(Format::Knockout, 6), 5);
        assert_eq!(planned(Format::RoundRobin, 0), 0);
        let mut swiss = testutil::tournament(Format::Swiss, 7);
        swiss.rounds = Some(4);
        assert_eq!(swiss.planned_matches(), 4 * 3);
        swiss.entrants[0].withdrawn_after = Some(0);
        assert_eq!(swiss.planned_matches(), 4 * 3);
        swiss.entrants[1].withdrawn_after = Some(0);
        assert_eq!(swiss.planned_matches(), 4 * 2);
    }

    #[test]
    fn ceil_log2_values() {
        assert_eq!(
            [1, 2, 3, 4, 5, 8, 9, 16, 17].map(ceil_log2),
            [0, 1, 2, 2, 3, 3, 4, 4, 5]
        );
    }

    #[test]
    fn the_last_result_closes_a_tournament_not_closed_already() {
        let mut t = testutil::tournament(Format::RoundRobin, 2);
        for status in TournamentStatus::ALL {
            assert!(!t.closes_on_result(status), "nothing paired, {status}");
        }
        let pairing = t.next_round().unwrap()[0];
        t.fixtures.push(Fixture::pending(pairing));
        for status in TournamentStatus::ALL {
            assert!(!t.closes_on_result(status), "a match pending, {status}");
        }
        t.fixtures[0].result = Some(MatchResult::played(Decision::South, BySide::new(30, 18)));
        assert!(t.is_finished());
        for status in TournamentStatus::ALL {
            assert_eq!(
                t.closes_on_result(status),
                status != TournamentStatus::Finished,
                "over, {status}"
            );
        }
    }

    #[test]
    fn the_retired_leave_the_entry_list_before_round_one_and_are_withdrawn_after() {
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.withdraw_retired(&[2]).unwrap();
        assert_eq!(
            t.entrants.iter().map(|e| e.id).collect::<Vec<_>>(),
            [1, 3, 4]
        );
        for p in t.next_round().unwrap() {
            t.fixtures.push(Fixture::pending(p));
        }
        t.withdraw_retired(&[3]).unwrap();
        assert_eq!(t.entrants.len(), 3);
        assert_eq!(t.entrant(3).unwrap().withdrawn_after, Some(1));
        assert_eq!(t.entrant(1).unwrap().withdrawn_after, None);
    }
}

/// A later round's results that the standings already count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EarlyResults {
    pub round: u32,
    /// Its boards with a result (a bye has one as soon as it is paired).
    pub counted: u32,
    pub boards: u32,
}

/// Which results a tournament's standings count: every round through `after`, and
/// the results in from later rounds paired (`early`, one per round, in order).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StandingsScope {
    pub after: u32,
    pub planned: u32,
    pub finished: bool,
    pub early: Vec<EarlyResults>,
}

impl StandingsScope {
    /// Whether the standings count rounds 1 to `after` and nothing more.
    pub fn counts_whole_rounds(&self) -> bool {
        self.early.iter().all(|r| r.counted == 0)
    }

    /// "after round 2 of 5", "after round 5 of 5, final", "after round 2 of 5 (round
    /// 3 in progress)", "after round 2 of 5 (round 3 in progress), with 3 of round
    /// 3's 7 results".
    pub fn text(&self) -> String {
        let mut text = format!("after round {} of {}", self.after, self.planned);
        if self.finished {
            text += ", final";
            return text;
        }
        if let Some(current) = self.early.last() {
            text += &format!(" (round {} in progress)", current.round);
        }
        let counted: Vec<String> = self
            .early
            .iter()
            .filter(|r| r.counted > 0)
            .map(|r| format!("{} of round {}'s {} results", r.counted, r.round, r.boards))
            .collect();
        if !counted.is_empty() {
            text += ", with ";
            text += &counted.join(" and ");
        }
        text
    }
}
