//! Standings: points, then the tiebreaks in the configured order, then starting rank.
//!
//! Players are split into groups of equal points (in a knockout: first by the round
//! reached, then points); each tiebreak in turn splits every group that is still
//! tied, highest value first. Head-to-head is computed inside the group it splits, so
//! it only ever compares players who are still level. Whatever is left tied is ordered
//! by starting rank, and those rows are marked `shared`.

use std::collections::HashMap as StdHashMap;

/// The maps of one standings computation: keyed by entrant ids the tournament itself
/// holds, looked up hundreds of thousands of times for a large event (each opponent of
/// each round, per tiebreak), where std's DoS-resistant SipHash was a quarter of the
/// time. foldhash is already in the tree (through hashbrown).
type HashMap<K, V> = StdHashMap<K, V, foldhash::fast::RandomState>;

use serde::Serialize;

use super::pairing::knockout;
use super::{EntrantId, GameOutcome, Points, Tiebreak, TiebreakValue, Tournament};

impl StandingRow {
    /// The place as every table and export prints it: "3", or "3=" when tied.
    pub fn place_text(&self) -> String {
        if self.shared {
            format!("{}=", self.place)
        } else {
            self.place.to_string()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingRow {
    /// 1-based, unique.
    pub position: u32,
    /// Tied with a neighbour on points and every tiebreak: the order between them
    /// came from starting rank.
    pub shared: bool,
    /// The place as printed: the players of a tied group share its first position
    /// ("3=" for each of them).
    pub place: u32,
    pub id: EntrantId,
    pub name: String,
    pub rating: f64,
    pub start_rank: u32,
    pub withdrawn: bool,
    pub points: Points,
    /// Games played (byes and forfeits excluded); `wins`, `draws`, `losses` are of
    /// these.
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Matches won because the opponent did not come.
    pub forfeit_wins: u32,
    /// Matches lost by not coming (double forfeits included).
    pub forfeit_losses: u32,
    /// Byes of every kind: pairing-allocated, requested half- and zero-point byes,
    /// rounds a late entrant missed.
    pub byes: u32,
    /// Knockout only: the last round the player took part in (a champion: one more).
    pub reached: Option<u32>,
    /// In the order of [`Standings::tiebreaks`].
    pub tiebreaks: Vec<TiebreakValue>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub tiebreaks: Vec<Tiebreak>,
    pub rows: Vec<StandingRow>,
}

impl Standings {
    pub fn row(&self, id: EntrantId) -> Option<&StandingRow> {
        self.rows.iter().find(|r| r.id == id)
    }
}

/// One round from one player's side: a finished game or forfeit (with the opponent,
/// by position in the entrant list), a bye, or `outcome: None` for a round the player
/// was not in at all (withdrawn, or a late entry recorded before missed rounds got
/// zero-point byes). Rounds whose match is still pending are left out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlayerRound {
    // Narrow fields: a 100,000-match event holds 200,000 of these.
    opponent: Option<u32>,
    pub outcome: Option<GameOutcome>,
    seed_difference: i32,
    /// While the table is built: a fixture of this round was found.
    paired: bool,
}

impl PlayerRound {
    const UNPAIRED: PlayerRound = PlayerRound {
        opponent: None,
        outcome: None,
        seed_difference: 0,
        paired: false,
    };

    pub(crate) fn opponent(&self) -> Option<usize> {
        self.opponent.map(|o| o as usize)
    }

    pub(crate) fn seed_difference(&self) -> i64 {
        self.seed_difference.into()
    }

    fn is_played(&self) -> bool {
        self.outcome.is_some_and(GameOutcome::is_played)
    }

    /// FIDE C.07 (2023) art. 16's voluntary unplayed round: a half- or zero-point
    /// bye, a forfeit loss, or not paired at all.
    fn is_voluntarily_unplayed(&self) -> bool {
        self.outcome
            .is_none_or(GameOutcome::is_voluntarily_unplayed)
    }
}

/// Every entrant's rounds, by position in the entrant list.
pub(crate) struct PlayerRounds {
    rounds: Vec<PlayerRound>,
    /// Where each player's rounds end in `rounds`.
    ends: Vec<usize>,
}

impl PlayerRounds {
    /// Player `i`'s rounds (see [`PlayerRound`]), in round order.
    pub(crate) fn of(&self, i: usize) -> &[PlayerRound] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.rounds[start..self.ends[i]]
    }

    pub(crate) fn all(&self) -> impl Iterator<Item = &[PlayerRound]> {
        (0..self.ends.len()).map(|i| self.of(i))
    }
}

/// Every entrant's rounds (see [`PlayerRound`]).
pub(crate) fn player_rounds(t: &Tournament) -> PlayerRounds {
    let byes: HashMap<(u32, EntrantId), GameOutcome> = t
        .recorded_byes()
        .map(|b| ((b.round, b.player), b.points.outcome()))
        .collect();
    let last_round = t
        .fixtures
        .iter()
        .map(|f| f.pairing.round)
        .chain(byes.keys().map(|&(r, _)| r))
        .max()
        .unwrap_or(0) as usize;
    let mut paired = vec![false; last_round + 1];
    for f in &t.fixtures {
        paired[f.pairing.round as usize] = true;
    }
    for &(r, _) in byes.keys() {
        paired[r as usize] = true;
    }
    // A table of players by the rounds paired (round 0 is none), filled in one pass
    // over the fixtures in their order (of two fixtures of one round, the later
    // counts), then byes into the gaps, then pending rounds taken out: reading a
    // 100,000-match event player by player would fetch each fixture from memory
    // twice.
    let mut column = vec![usize::MAX; last_round + 1];
    let mut width = 0;
    for r in 1..=last_round {
        if paired[r] {
            column[r] = width;
            width += 1;
        }
    }
    let position: HashMap<EntrantId, u32> = t
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i as u32))
        .collect();
    let n = t.entrants.len();
    let mut table = vec![PlayerRound::UNPAIRED; n * width];
    let mut pending = false;
    for f in &t.fixtures {
        let c = column[f.pairing.round as usize];
        if c == usize::MAX {
            continue;
        }
        let south = position.get(&f.pairing.south).copied();
        let north = f.pairing.north.and_then(|id| position.get(&id).copied());
        for (me, id, opponent) in [
            (south, f.pairing.south, north),
            (north, f.pairing.north.unwrap_or_default(), south),
        ] {
            let Some(me) = me else { continue };
            let outcome = f.outcome_for(id);
            pending |= outcome.is_none();
            table[me as usize * width + c] = PlayerRound {
                opponent,
                outcome,
                // Seeds of one game: far inside i32.
                seed_difference: f.seed_difference_for(id) as i32,
                paired: true,
            };
        }
    }
    if !byes.is_empty() {
        let rounds: Vec<u32> = (1..=last_round as u32)
            .filter(|&r| paired[r as usize])
            .collect();
        for (i, e) in t.entrants.iter().enumerate() {
            for (c, &r) in rounds.iter().enumerate() {
                let cell = &mut table[i * width + c];
                if !cell.paired {
                    cell.outcome = byes.get(&(r, e.id)).copied();
                }
            }
        }
    }
    let ends = if pending {
        // A pending match's round is left out of its players' lists.
        let mut kept = 0;
        let mut ends = Vec::with_capacity(n);
        for i in 0..n {
            for c in 0..width {
                let cell = table[i * width + c];
                if !(cell.paired && cell.outcome.is_none()) {
                    table[kept] = cell;
                    kept += 1;
                }
            }
            ends.push(kept);
        }
        table.truncate(kept);
        ends
    } else {
        (1..=n).map(|i| i * width).collect()
    };
    PlayerRounds {
        rounds: table,
        ends,
    }
}

/// The standings of a tournament (see the module notes).
pub(crate) fn standings(t: &Tournament) -> Standings {
    let order = t.tiebreak_order();
    // Players are numbered by their position in the entrant list throughout.
    let rounds = player_rounds(t);
    let scores = Scores::of(t, &rounds);
    let (reached, third) = knockout_places(t);
    let n = t.entrants.len();
    let k_count = order.len();
    // values[i * k_count + k]: player i's value of the k-th tiebreak.
    let mut values: Vec<Option<i64>> = vec![None; n * k_count];
    for i in 0..n {
        for (k, &tb) in order.iter().enumerate() {
            if tb != Tiebreak::HeadToHead {
                values[i * k_count + k] = Some(scores.tiebreak(tb, i));
            }
        }
    }

    // Initial groups: (reached, third place won, points), best first.
    let mut ids: Vec<usize> = (0..n).collect();
    let primary = |&i: &usize| {
        (
            reached.as_ref().map_or(0, |r| r[i]),
            third[i],
            scores.points[i],
        )
    };
    ids.sort_by_key(|i| std::cmp::Reverse(primary(i)));
    let groups = split_by_tiebreaks(split_runs(ids, primary), &order, &mut values, &scores);
    let mut rows = Vec::with_capacity(n);
    for mut g in groups {
        g.sort_by_key(|&i| (t.entrants[i].start_rank, t.entrants[i].id));
        let shared = g.len() > 1;
        let place = rows.len() as u32 + 1;
        for i in g {
            let e = &t.entrants[i];
            let rs = rounds.of(i);
            let count = |os: &[GameOutcome]| {
                rs.iter()
                    .filter(|r| r.outcome.is_some_and(|o| os.contains(&o)))
                    .count() as u32
            };
            rows.push(StandingRow {
                position: rows.len() as u32 + 1,
                shared,
                place,
                id: e.id,
                name: e.name.clone(),
                rating: e.rating,
                start_rank: e.start_rank,
                withdrawn: e.is_withdrawn(),
                points: scores.points[i],
                played: rs.iter().filter(|r| r.is_played()).count() as u32,
                wins: count(&[GameOutcome::Win]),
                draws: count(&[GameOutcome::Draw]),
                losses: count(&[GameOutcome::Loss]),
                forfeit_wins: count(&[GameOutcome::ForfeitWin]),
                forfeit_losses: count(&[GameOutcome::ForfeitLoss]),
                byes: count(&[GameOutcome::Bye, GameOutcome::HalfBye, GameOutcome::ZeroBye]),
                reached: reached.as_ref().map(|r| r[i]),
                tiebreaks: order
                    .iter()
                    .enumerate()
                    .map(|(k, &tb)| TiebreakValue {
                        tiebreak: tb,
                        value: values[i * k_count + k],
                    })
                    .collect(),
            });
        }
    }
    Standings {
        tiebreaks: order,
        rows,
    }
}

/// Each tiebreak in turn splits every group still tied, highest value first;
/// head-to-head is worked out inside the group it splits (into `values`).
fn split_by_tiebreaks(
    mut groups: Vec<Vec<usize>>,
    order: &[Tiebreak],
    values: &mut [Option<i64>],
    scores: &Scores,
) -> Vec<Vec<usize>> {
    let k_count = order.len();
    let mut in_group = vec![false; scores.points.len()];
    for (k, &tb) in order.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for g in groups {
            if g.len() == 1 {
                next.push(g);
                continue;
            }
            if tb == Tiebreak::HeadToHead {
                g.iter().for_each(|&i| in_group[i] = true);
                for &i in &g {
                    values[i * k_count + k] = Some(scores.head_to_head(i, &in_group));
                }
                g.iter().for_each(|&i| in_group[i] = false);
            }
            let mut g = g;
            let key = |&i: &usize| values[i * k_count + k].unwrap_or(i64::MIN);
            g.sort_by_key(|i| std::cmp::Reverse(key(i)));
            next.extend(split_runs(g, key));
        }
        groups = next;
    }
    groups
}

/// Knockout: the round each player reached, and whether they won the match for
/// third place. That match is no round reached: its players reached the
/// semi-finals, and its winner is placed above its loser.
fn knockout_places(t: &Tournament) -> (Option<Vec<u32>>, Vec<bool>) {
    let eliminates = t.format.rules().eliminates;
    let third_place = eliminates
        .then(|| knockout::third_place_fixture(t))
        .flatten();
    let reached: Option<Vec<u32>> = eliminates.then(|| {
        let champ = knockout::champion(t);
        t.entrants
            .iter()
            .map(|e| {
                let last = t
                    .fixtures
                    .iter()
                    .filter(|f| f.pairing.involves(e.id))
                    .filter(|f| !third_place.is_some_and(|third| std::ptr::eq(*f, third)))
                    .map(|f| f.pairing.round)
                    .max()
                    .unwrap_or(0);
                last + (champ == Some(e.id)) as u32
            })
            .collect()
    });
    let third_placed = third_place.and_then(|f| knockout::third_place_winner(t, f));
    let third: Vec<bool> = t
        .entrants
        .iter()
        .map(|e| third_placed == Some(e.id))
        .collect();
    (reached, third)
}

/// The players' scores and what the tiebreaks compute from them.
struct Scores<'a> {
    t: &'a Tournament,
    rounds: &'a PlayerRounds,
    points: Vec<Points>,
    /// The scores as an opponent's Buchholz and Sonneborn-Berger count them.
    adjusted: Vec<Points>,
}

impl<'a> Scores<'a> {
    fn of(t: &'a Tournament, rounds: &'a PlayerRounds) -> Scores<'a> {
        let score = |rs: &[PlayerRound]| -> Points {
            rs.iter()
                .filter_map(|r| r.outcome)
                .map(|o| t.points.points(o))
                .sum()
        };
        let points: Vec<Points> = rounds.all().map(score).collect();
        // FIDE C.07 (2023) art. 16: in the opponents' scores that Buchholz and
        // Sonneborn-Berger add up, an opponent's voluntary unplayed rounds after the
        // last round they were available for (a withdrawal, trailing byes they asked
        // for) count as draws; every other round counts as scored.
        let adjusted: Vec<Points> = rounds
            .all()
            .map(|rs| {
                let available = rs
                    .iter()
                    .rposition(|r| !r.is_voluntarily_unplayed())
                    .map_or(0, |i| i + 1);
                let trailing = (rs.len() - available) as i64;
                score(&rs[..available]) + Points(t.points.draw.0 * trailing)
            })
            .collect();
        Scores {
            t,
            rounds,
            points,
            adjusted,
        }
    }

    /// Buchholz values round by round, each with whether the round was a voluntary
    /// unplayed one. C.07 (2023) art. 16: a round the player did not play (a bye of
    /// any kind, a forfeit won or lost, a round not paired) counts as a game against
    /// a dummy opponent whose score is the player's own.
    fn buchholz_values(&self, i: usize) -> Vec<(i64, bool)> {
        self.rounds
            .of(i)
            .iter()
            .map(|r| match r.opponent() {
                Some(o) if r.is_played() => (self.adjusted[o].0, false),
                _ => (self.points[i].0, r.is_voluntarily_unplayed()),
            })
            .collect()
    }

    /// Player `i`'s value of a tiebreak computed over the whole field.
    fn tiebreak(&self, tb: Tiebreak, i: usize) -> i64 {
        let (points, adjusted) = (&self.points, &self.adjusted);
        let rs = self.rounds.of(i);
        match tb {
            Tiebreak::Buchholz => self.buchholz_values(i).iter().map(|v| v.0).sum(),
            Tiebreak::BuchholzCut1 => {
                // C.07 (2023) art. 16: a cut removes a voluntary unplayed round's
                // value first; without one, the lowest value.
                let v = self.buchholz_values(i);
                let cut = v
                    .iter()
                    .filter(|x| x.1)
                    .map(|x| x.0)
                    .min()
                    .or_else(|| v.iter().map(|x| x.0).min())
                    .unwrap_or(0);
                v.iter().map(|x| x.0).sum::<i64>() - cut
            }
            // Opponents beaten count their (adjusted) score, drawn half; an unplayed
            // round counts the dummy opponent (the player's own score) by the points
            // it gave: a win's (forfeit won, pairing bye) in full, a half-point bye
            // half (C.07 (2023) art. 16).
            Tiebreak::SonnebornBerger => rs
                .iter()
                .map(|r| match (r.outcome, r.opponent()) {
                    (Some(GameOutcome::Win), Some(o)) => adjusted[o].0,
                    (Some(GameOutcome::Draw), Some(o)) => adjusted[o].half().0,
                    (Some(GameOutcome::ForfeitWin | GameOutcome::Bye), _) => points[i].0,
                    (Some(GameOutcome::HalfBye), _) => points[i].half().0,
                    _ => 0,
                })
                .sum(),
            // Games won over the board (FIDE's WON): forfeits and byes are not wins.
            Tiebreak::Wins => rs
                .iter()
                .filter(|r| r.outcome == Some(GameOutcome::Win))
                .count() as i64,
            Tiebreak::SeedDifference => rs.iter().map(|r| r.seed_difference()).sum(),
            Tiebreak::HeadToHead => unreachable!("computed per group"),
        }
    }

    /// The points scored against the others of the group, forfeits included (an
    /// unplayed round counts as it was scored, C.07 (2023) art. 16).
    fn head_to_head(&self, i: usize, in_group: &[bool]) -> i64 {
        self.rounds
            .of(i)
            .iter()
            .filter(|r| r.opponent().is_some_and(|o| in_group[o]))
            .filter_map(|r| r.outcome)
            .map(|o| self.t.points.points(o).0)
            .sum()
    }
}

/// Splits a sorted list into runs of equal key.
fn split_runs<K: PartialEq>(ids: Vec<usize>, key: impl Fn(&usize) -> K) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for id in ids {
        match out.last_mut() {
            Some(run) if key(&run[0]) == key(&id) => run.push(id),
            _ => out.push(vec![id]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BySide;
    use crate::tournament::{Decision, Fixture, Format, MatchResult, Pairing, testutil};

    fn game(
        round: u32,
        board: u32,
        s: EntrantId,
        n: EntrantId,
        d: Decision,
        seeds: (u32, u32),
    ) -> Fixture {
        Fixture {
            pairing: Pairing {
                round,
                board,
                south: s,
                north: Some(n),
            },
            result: Some(MatchResult::played(d, BySide::new(seeds.0, seeds.1))),
        }
    }

    fn bye(round: u32, board: u32, s: EntrantId) -> Fixture {
        Fixture::pending(Pairing {
            round,
            board,
            south: s,
            north: None,
        })
    }

    /// A four-player Swiss, three rounds, by hand: R1 1-2 S wins 30-18, 3-4 N absent
    /// (forfeit, 3 +); R2 3-2 S wins 30-18, 1 half-point bye, 4 zero-point bye; R3
    /// 2-1 N wins 10-38, 3-4 S wins 30-18.
    #[test]
    fn buchholz_cut1_cuts_a_voluntary_unplayed_round_first() {
        use crate::tournament::{Absent, ByePoints, RequestedBye};
        use Decision::*;
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.rounds = Some(3);
        t.tiebreaks = vec![Tiebreak::BuchholzCut1, Tiebreak::Buchholz];
        let mut forfeit = game(1, 2, 3, 4, South, (0, 0));
        forfeit.result = Some(MatchResult::forfeited(Absent::North));
        t.fixtures = vec![
            game(1, 1, 1, 2, South, (30, 18)),
            forfeit,
            game(2, 1, 3, 2, South, (30, 18)),
            game(3, 1, 2, 1, North, (10, 38)),
            game(3, 2, 3, 4, South, (30, 18)),
        ];
        let bye = |player, points| RequestedBye {
            round: 2,
            player,
            points,
        };
        t.requested_byes = vec![bye(1, ByePoints::Half), bye(4, ByePoints::Zero)];
        // Points: 1: 1 + .5 + 1 = 2.5; 2: 0; 3: 1 (+) + 1 + 1 = 3; 4: 0 (-) + 0 (Z) + 0.
        // Buchholz values per round (C.07 (2023) art. 16: an unplayed round counts the
        // player's own score; every opponent's last round was played, so their scores
        // count as scored):
        //   1: 2 (0), H (own 2.5, voluntary), 2 (0) = 2.5; the voluntary unplayed
        //      round is cut first: 0 (cutting the lowest value would leave 2.5).
        //   2: 1 (2.5), 3 (3), 1 (2.5) = 8; cut the lowest: 5.5.
        //   3: + (own 3, not voluntary), 2 (0), 4 (0) = 3; cut the lowest: 3.
        //   4: - (own 0), Z (own 0), 3 (3) = 3; cut a voluntary one: 3.
        let st = t.standings();
        let v = |id: EntrantId| -> Vec<String> {
            st.row(id)
                .unwrap()
                .tiebreaks
                .iter()
                .map(|x| x.to_string())
                .collect()
        };
        assert_eq!(v(1), ["0", "2.5"]);
        assert_eq!(v(2), ["5.5", "8"]);
        assert_eq!(v(3), ["3", "3"]);
        assert_eq!(v(4), ["3", "3"]);
        let r4 = st.row(4).unwrap();
        assert_eq!((r4.played, r4.forfeit_losses, r4.byes), (1, 1, 1));
        let r3 = st.row(3).unwrap();
        assert_eq!((r3.played, r3.wins, r3.forfeit_wins), (2, 2, 1));
    }

    /// A withdrawn opponent's rounds after leaving count as draws in Buchholz.
    #[test]
    fn a_withdrawn_opponents_later_rounds_count_as_draws() {
        use Decision::*;
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.rounds = Some(3);
        t.tiebreaks = vec![Tiebreak::Buchholz];
        t.entrants[3].withdrawn_after = Some(1);
        t.fixtures = vec![
            game(1, 1, 1, 4, North, (18, 30)),
            game(1, 2, 2, 3, Draw, (24, 24)),
            game(2, 1, 1, 2, South, (30, 18)),
            bye(2, 2, 3),
            game(3, 1, 3, 1, Draw, (24, 24)),
            bye(3, 2, 2),
        ];
        // 4 withdrew after round 1: not paired in rounds 2 and 3.
        // 4 scored 1 in round 1 and left: for 1's Buchholz 4 counts 1 + 0.5 + 0.5 = 2.
        // 1: 4 (2) + 2 (0.5 + 0 + 1 = 1.5) + 3 (0.5 + 1 + 0.5 = 2) = 5.5.
        let st = t.standings();
        assert_eq!(st.row(1).unwrap().tiebreaks[0].to_string(), "5.5");
    }

    /// A round still being played counts for nobody yet: a pending match leaves
    /// no round in its players' lists (no dummy opponent in Buchholz, no game
    /// played), while the players who finished that round have it.
    #[test]
    fn a_pending_match_counts_for_nobody_yet() {
        use Decision::*;
        let mut t = testutil::tournament(Format::Swiss, 4);
        t.rounds = Some(3);
        t.tiebreaks = vec![Tiebreak::Buchholz];
        t.fixtures = vec![
            game(1, 1, 1, 2, South, (30, 18)),
            game(1, 2, 3, 4, South, (30, 18)),
            Fixture::pending(Pairing {
                round: 2,
                board: 1,
                south: 1,
                north: Some(3),
            }),
            game(2, 2, 2, 4, South, (30, 18)),
        ];
        let st = t.standings();
        let row = |id| st.row(id).unwrap();
        // 1 beat 2 (1 point so far); the pending round would add 1's own 1.
        assert_eq!(row(1).tiebreaks[0].to_string(), "1");
        assert_eq!((row(1).played, row(2).played), (1, 2));
        // 2: 1 (1) + 4 (0).
        assert_eq!(row(2).tiebreaks[0].to_string(), "1");
    }

    /// A five-player round robin worked out by hand (S = first mover):
    /// R1: 2-5 S wins 30-18, 3-4 draw 24-24, bye 1
    /// R2: 5-3 N wins 20-28, 1-2 S wins 29-19, bye 4
    /// R3: 3-1 draw 24-24, 4-5 S wins 27-21, bye 2
    /// R4: 1-4 N wins 16-32, 2-3 draw 24-24, bye 5
    /// R5: 4-2 N wins 23-25, 5-1 N wins 10-38, bye 3
    fn event() -> Tournament {
        use Decision::*;
        let mut t = testutil::tournament(Format::RoundRobin, 5);
        t.fixtures = vec![
            game(1, 1, 2, 5, South, (30, 18)),
            game(1, 2, 3, 4, Draw, (24, 24)),
            bye(1, 3, 1),
            game(2, 1, 5, 3, North, (20, 28)),
            game(2, 2, 1, 2, South, (29, 19)),
            bye(2, 3, 4),
            game(3, 1, 3, 1, Draw, (24, 24)),
            game(3, 2, 4, 5, South, (27, 21)),
            bye(3, 3, 2),
            game(4, 1, 1, 4, North, (16, 32)),
            game(4, 2, 2, 3, Draw, (24, 24)),
            bye(4, 3, 5),
            game(5, 1, 4, 2, North, (23, 25)),
            game(5, 2, 5, 1, North, (10, 38)),
            bye(5, 3, 3),
        ];
        t
    }

    #[test]
    fn hand_computed_round_robin_standings() {
        // Points (bye = 1):
        //   P1: bye 1 + W(2) 1 + D(3) .5 + L(4) 0 + W(5) 1        = 3.5
        //   P2: W(5) 1 + L(1) 0 + bye 1 + D(3) .5 + W(4) 1        = 3.5
        //   P3: D(4) .5 + W(5) 1 + D(1) .5 + D(2) .5 + bye 1      = 3.5
        //   P4: D(3) .5 + bye 1 + W(5) 1 + W(1) 1 + L(2) 0        = 3.5
        //   P5: L L L bye L                                        = 1
        // Four-way tie at 3.5. Head-to-head inside {1,2,3,4}:
        //   P1: W(2) 1 + D(3) .5 + L(4) 0 = 1.5
        //   P2: L(1) 0 + D(3) .5 + W(4) 1 = 1.5
        //   P3: D(4) .5 + D(1) .5 + D(2) .5 = 1.5
        //   P4: D(3) .5 + W(1) 1 + L(2) 0 = 1.5
        // Still tied. Sonneborn-Berger (beaten: full score, drawn: half; the bye, a
        // round not played, is a win against a dummy opponent with the player's own
        // score, C.07 (2023) art. 16):
        //   P1: beat 2 (3.5) + drew 3 (1.75) + beat 5 (1) + bye (3.5) = 9.75
        //   P2: beat 5 (1) + drew 3 (1.75) + beat 4 (3.5) + bye (3.5) = 9.75
        //   P3: drew 4 (1.75) + beat 5 (1) + drew 1 (1.75) + drew 2 (1.75) + bye = 9.75
        //   P4: drew 3 (1.75) + beat 5 (1) + beat 1 (3.5) + bye (3.5) = 9.75
        //   P5: bye (1) = 1
        // Still tied! Wins: P1 2, P2 2, P3 1, P4 2 -> P3 fourth.
        // Seed difference among {1,2,4}:
        //   P1: 2:+10, 3:0, 4:-16, 5:+28 = +22
        //   P2: 5:+12, 1:-10, 3:0, 4:+2 = +4
        //   P4: 3:0, 5:+6, 1:+16, 2:-2 = +20
        // Order: P1, P4, P2, P3, P5.
        let t = event();
        let s = t.standings();
        let order: Vec<EntrantId> = s.rows.iter().map(|r| r.id).collect();
        assert_eq!(order, vec![1, 4, 2, 3, 5]);
        assert_eq!(
            s.tiebreaks,
            vec![
                Tiebreak::HeadToHead,
                Tiebreak::SonnebornBerger,
                Tiebreak::Wins,
                Tiebreak::SeedDifference
            ]
        );
        let shown: Vec<(String, Vec<String>)> = s
            .rows
            .iter()
            .map(|r| {
                (
                    r.points.to_string(),
                    r.tiebreaks.iter().map(|v| v.to_string()).collect(),
                )
            })
            .collect();
        let row = |p: &str, tbs: [&str; 4]| (p.to_string(), tbs.map(String::from).to_vec());
        assert_eq!(
            shown,
            vec![
                row("3.5", ["1.5", "9.75", "2", "22"]),
                row("3.5", ["1.5", "9.75", "2", "20"]),
                row("3.5", ["1.5", "9.75", "2", "4"]),
                row("3.5", ["1.5", "9.75", "1", "8"]),
                row("1", ["-", "1", "0", "-54"]),
            ]
        );
        assert!(s.rows.iter().all(|r| !r.shared));
        let p3 = s.row(3).unwrap();
        assert_eq!(
            (p3.played, p3.wins, p3.draws, p3.losses, p3.byes),
            (4, 1, 3, 0, 1)
        );
    }

    #[test]
    fn configured_order_changes_the_result() {
        // Buchholz (sum of opponents' scores; the bye counts a dummy opponent with the
        // player's own score, C.07 (2023) art. 16):
        //   P1: 2,3,4,5 -> 3.5+3.5+3.5+1 = 11.5, bye 3.5: 15; the same for P2, P3, P4.
        let mut t = event();
        t.tiebreaks = vec![Tiebreak::Buchholz, Tiebreak::Wins];
        let s = t.standings();
        let order: Vec<EntrantId> = s.rows.iter().map(|r| r.id).collect();
        // BH all 15; wins 2,2,1,2 -> {1,2,4} then 3; {1,2,4} tied: start rank.
        assert_eq!(order, vec![1, 2, 4, 3, 5]);
        assert_eq!(s.rows[0].tiebreaks[0].to_string(), "15");
        assert!(s.rows[0].shared && s.rows[1].shared && s.rows[2].shared);
        assert!(!s.rows[3].shared);
    }

    #[test]
    fn head_to_head_only_compares_the_tied_players() {
        use Decision::*;
        // 4 players, single round robin; P1 and P2 tie and drew with each other.
        let mut t = testutil::tournament(Format::RoundRobin, 4);
        t.tiebreaks = vec![Tiebreak::HeadToHead];
        t.fixtures = vec![
            game(1, 1, 1, 4, South, (30, 18)),
            game(1, 2, 2, 3, South, (30, 18)),
            game(2, 1, 4, 3, South, (30, 18)),
            game(2, 2, 1, 2, Draw, (24, 24)),
            game(3, 1, 2, 4, North, (20, 28)),
            game(3, 2, 3, 1, South, (28, 20)),
        ];
        // P1: W D L = 1.5; P2: W D L = 1.5; P3: L L W = 1; P4: L W W = 2.
        let s = t.standings();
        let order: Vec<EntrantId> = s.rows.iter().map(|r| r.id).collect();
        // P4 2; {P1,P2} 1.5 drew each other -> h2h 0.5 each -> start rank: P1, P2.
        assert_eq!(order, vec![4, 1, 2, 3]);
        assert_eq!(s.rows[1].tiebreaks[0].to_string(), "0.5");
        assert_eq!(s.rows[0].tiebreaks[0].to_string(), "-");
        assert!(s.rows[1].shared);
    }

    #[test]
    fn points_scheme_is_applied() {
        let mut t = event();
        t.points = "3,1,0,2".parse().unwrap();
        let s = t.standings();
        // P1: bye 2 + W 3 + D 1 + L 0 + W 3 = 9; P3: 1+3+1+1+2 = 8; P5: 2.
        assert_eq!(s.row(1).unwrap().points, Points::whole(9));
        assert_eq!(s.row(3).unwrap().points, Points::whole(8));
        assert_eq!(s.row(5).unwrap().points, Points::whole(2));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        /// For any simulated event: positions are 1..n, rows are in points order
        /// (non-knockout), the points total is what the results and byes give, and a
        /// player's W/D/L add up to their games.
        #[test]
        fn standings_are_consistent(
            n in 4usize..=13,
            seed in 0u64..1000,
            draws in 0u32..50,
            format in 0usize..3,
            scheme in 0usize..3,
        ) {
            let format = [Format::RoundRobin, Format::DoubleRoundRobin, Format::Swiss][format];
            let mut t = testutil::tournament(format, n);
            t.rounds = Some(4);
            t.points = ["1,0.5,0", "3,1,0", "2,1,0,1"][scheme].parse().unwrap();
            testutil::simulate(&mut t, seed, draws, 30, |_, _| {});
            let s = t.standings();
            proptest::prop_assert_eq!(s.rows.len(), n);
            for (i, r) in s.rows.iter().enumerate() {
                proptest::prop_assert_eq!(r.position as usize, i + 1);
                proptest::prop_assert_eq!(r.wins + r.draws + r.losses, r.played);
                let expect = Points(
                    r.wins as i64 * t.points.win.0
                        + r.draws as i64 * t.points.draw.0
                        + r.losses as i64 * t.points.loss.0
                        + r.byes as i64 * t.points.bye.0,
                );
                proptest::prop_assert_eq!(r.points, expect);
            }
            for w in s.rows.windows(2) {
                proptest::prop_assert!(w[0].points >= w[1].points);
            }
            let games = t.fixtures.iter().filter(|f| !f.pairing.is_bye()).count() as u32;
            let played: u32 = s.rows.iter().map(|r| r.played).sum();
            proptest::prop_assert_eq!(played, 2 * games);
        }
    }
}
