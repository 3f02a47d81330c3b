//! The tournaments: the tournament as stored, its entry list, byes, status records,
//! rounds paired and taken back.

use std::future::Future;

use chrono::{DateTime, Utc};

use super::Result;
use crate::app::records::{
    ByeReason, Correction, FixtureRowSink, LoadedTournament, NewTournament, Parts, PlayedFromSetup,
    RecordedBoard, RoundMatch, RoundRecord, StatusChange, StoredTournament, TournamentRevision,
    TournamentRow, TournamentSummary, WrittenRound,
};
use crate::matches::{Hand, MatchSpec};
use crate::tournament::{ByePoints, EntrantId, PairingSystem, RatingSystem};

/// The tournaments' rows, one tournament at a time.
pub trait TournamentRepo {
    /// Every tournament, newest first, with counts.
    fn tournament_summaries(&mut self) -> impl Future<Output = Result<Vec<TournamentSummary>>>;

    /// The row of the tournament named `name` (case and Unicode variants ignored).
    fn tournament_row(&mut self, name: &str)
    -> impl Future<Output = Result<Option<TournamentRow>>>;

    /// Inserts tournament `new` (checked), named `name`, its matches limited to
    /// `max_hands`, paired by `pairing` and seeded by `rating`, open, created at `at`;
    /// returns its row as stored.
    fn insert_tournament(
        &mut self,
        new: &NewTournament,
        name: &str,
        max_hands: Option<u32>,
        pairing: PairingSystem,
        rating: RatingSystem,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<TournamentRow>>;

    /// The tournament `name` (case and Unicode variants ignored) as stored, with its
    /// boards' records unless only `Parts::Results` are asked for; an unknown name
    /// is refused with the closest one.
    fn stored_tournament(
        &mut self,
        name: &str,
        parts: Parts,
    ) -> impl Future<Output = Result<StoredTournament>>;

    /// The tournament with id `id` as stored (`None`: no such tournament).
    fn stored_tournament_by_id(
        &mut self,
        id: i64,
    ) -> impl Future<Output = Result<Option<StoredTournament>>>;

    /// Hands the match and bye rows of `tournament` to `sink`, a row at a time, in
    /// round and id order (the byes last). Where they are read from (the tables, or
    /// a copy the store keeps while it is current) is the store's business.
    fn fixture_rows(
        &mut self,
        tournament: &TournamentRow,
        sink: &mut impl FixtureRowSink,
    ) -> impl Future<Output = Result<()>>;

    /// How each round of tournament `id` was paired (rounds taken back included), in
    /// order.
    fn round_records(&mut self, id: i64) -> impl Future<Output = Result<Vec<RoundRecord>>>;

    /// The closings and reopenings of tournament `id`, in order.
    fn status_changes(&mut self, id: i64) -> impl Future<Output = Result<Vec<StatusChange>>>;

    /// Every correction of tournament `id`'s matches, in the order made, as recorded
    /// (`unplayed` not filled in).
    fn tournament_correction_rows(
        &mut self,
        id: i64,
    ) -> impl Future<Output = Result<Vec<Correction>>>;

    /// Tournament `id`'s revision (`None`: no such tournament).
    fn tournament_revision(
        &mut self,
        id: i64,
    ) -> impl Future<Output = Result<Option<TournamentRevision>>>;

    /// Whether the stored tournament has as many matches, results, byes, entrants
    /// and withdrawals as `kept` (nobody has changed it since it was read).
    fn unchanged_since(&mut self, kept: &LoadedTournament) -> impl Future<Output = Result<bool>>;

    /// The name of tournament `id` unless it is marked finished (`None`: marked
    /// finished, or no such tournament).
    fn unfinished_name(&mut self, id: i64) -> impl Future<Output = Result<Option<String>>>;

    /// The matches of tournament `id` without a result.
    fn pending_match_count(&mut self, id: i64) -> impl Future<Output = Result<i64>>;

    /// The rating system tournament `id` seeds by (`None`: seeded before ratings
    /// were kept per variant).
    fn rating_system(&mut self, id: i64) -> impl Future<Output = Result<Option<RatingSystem>>>;

    /// Enters `player` in tournament `id` with starting rank `start_rank` at `at`,
    /// with the rating it was seeded by (`None`: seeded when round 1 is paired).
    fn insert_entrant(
        &mut self,
        id: i64,
        player: i64,
        start_rank: u32,
        rating: Option<f64>,
        rated: Option<bool>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Takes `player` off the entry list of tournament `id`.
    fn delete_entrant(&mut self, id: i64, player: i64) -> impl Future<Output = Result<()>>;

    /// Marks `player` withdrawn from tournament `id` after round `after`.
    fn mark_withdrawn(
        &mut self,
        id: i64,
        player: i64,
        after: u32,
    ) -> impl Future<Output = Result<()>>;

    /// Deletes the byes outside the pairing of `player` in tournament `id` for the
    /// rounds after `round`.
    fn delete_byes_after(
        &mut self,
        id: i64,
        player: i64,
        round: u32,
    ) -> impl Future<Output = Result<()>>;

    /// Whether each entrant of tournament `id` was seeded with a rating (`None`: not
    /// seeded yet, or by the rule before ratings per variant), by player id.
    fn entrants_rated(&mut self, id: i64)
    -> impl Future<Output = Result<Vec<(i64, Option<bool>)>>>;

    /// Records that tournament `id` was imported from the file `source`, which held
    /// `rounds` rounds.
    fn insert_import(
        &mut self,
        id: i64,
        source: &str,
        rounds: u32,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Records a seeding of knockout `id` by hand, at `at`: `players` take seeds 1,
    /// 2, ... in that order (`source`: the tournament whose final standings gave
    /// them).
    fn insert_knockout_seeding(
        &mut self,
        id: i64,
        players: &[i64],
        source: Option<i64>,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Records match `match_id` postponed at `at` (with `reason`).
    fn insert_postponement(
        &mut self,
        match_id: i64,
        at: DateTime<Utc>,
        reason: Option<&str>,
    ) -> impl Future<Output = Result<()>>;

    /// Gives tournament `id` the event details `details` (checked), keeping those it
    /// had in `tournament_event_changes`, changed at `at`.
    fn update_event_details(
        &mut self,
        id: i64,
        details: &crate::app::records::EventDetails,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Adds `prize` (checked; its id is made) to tournament `id`'s prize list.
    fn insert_prize(
        &mut self,
        id: i64,
        prize: &crate::tournament::prizes::Prize,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<i64>>;

    /// Tournament `id`'s prize list, in the order entered.
    fn prizes(
        &mut self,
        id: i64,
    ) -> impl Future<Output = Result<Vec<crate::tournament::prizes::Prize>>>;

    /// Records a bye outside the pairing of `player` in `round` of tournament `id`.
    fn insert_bye(
        &mut self,
        id: i64,
        round: u32,
        player: i64,
        points: ByePoints,
        reason: ByeReason,
    ) -> impl Future<Output = Result<()>>;

    /// Marks tournament `id` finished (the first finishing time kept) and records
    /// the closing, both at `at`.
    fn mark_finished(
        &mut self,
        id: i64,
        reason: &str,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Gives tournament `id` `rounds` rounds.
    fn set_rounds(&mut self, id: i64, rounds: u32) -> impl Future<Output = Result<()>>;

    /// Marks tournament `id` reopened and records the reopening at `at`, with the
    /// rounds it had if they were changed (`rounds_before`).
    fn mark_reopened(
        &mut self,
        id: i64,
        reason: Option<&str>,
        rounds_before: Option<u32>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Keeps every match of `round` of tournament `id`, with its hands, among the
    /// voided matches (as taken back at `at`), before [`TournamentRepo::delete_round`]
    /// removes them from play; returns how many it kept.
    fn keep_voided_round(
        &mut self,
        id: i64,
        round: u32,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<u64>>;

    /// Marks the pairing record of `round` of tournament `id` taken back at `at` (with
    /// `reason`, and the players whose withdrawal moves to the round before); whether
    /// the round had a record.
    fn mark_unpaired(
        &mut self,
        id: i64,
        round: u32,
        at: DateTime<Utc>,
        reason: Option<&str>,
        moved: &[EntrantId],
    ) -> impl Future<Output = Result<bool>>;

    /// When the first match of `round` of tournament `id` was made.
    fn round_created_at(
        &mut self,
        id: i64,
        round: u32,
    ) -> impl Future<Output = Result<Option<DateTime<Utc>>>>;

    /// Records `round` of tournament `id`, paired by the system at `paired_at` as
    /// `boards`, as taken back at `at` ([`TournamentRepo::mark_unpaired`]'s record,
    /// for a round paired before rounds were recorded).
    #[allow(clippy::too_many_arguments)]
    fn insert_unpaired_record(
        &mut self,
        id: i64,
        round: u32,
        paired_at: DateTime<Utc>,
        boards: &[RecordedBoard],
        at: DateTime<Utc>,
        reason: Option<&str>,
        moved: &[EntrantId],
    ) -> impl Future<Output = Result<()>>;

    /// Players of tournament `id` withdrawn after `round` are withdrawn after the
    /// round before it.
    fn move_withdrawals_before(&mut self, id: i64, round: u32) -> impl Future<Output = Result<()>>;

    /// Deletes `round` of tournament `id`: its matches with their hands, and its
    /// byes; returns how many boards (matches and byes) it deleted.
    fn delete_round(&mut self, id: i64, round: u32) -> impl Future<Output = Result<u64>>;

    /// The entrants of tournament `id` who are retired and not withdrawn (id, name),
    /// by starting rank.
    fn retired_entrants(&mut self, id: i64) -> impl Future<Output = Result<Vec<(i64, String)>>>;

    /// Records a retired entrant's withdrawal from tournament `id`: after round
    /// `after`, or (`None`: before round 1) off the entry list; whether a row changed.
    fn withdraw_retired_entrant(
        &mut self,
        id: i64,
        player: i64,
        after: Option<u32>,
    ) -> impl Future<Output = Result<bool>>;

    /// Records whether each entrant of tournament `id` (player, rated) was rated
    /// when seeded.
    fn record_rated(
        &mut self,
        id: i64,
        rated: &[(EntrantId, bool)],
    ) -> impl Future<Output = Result<()>>;

    /// Gives each entrant of tournament `id` (player, starting rank, rating) its
    /// starting rank and seeding rating; returns how many rows changed.
    fn write_seeding(
        &mut self,
        id: i64,
        seeding: &[(i64, u32, f64)],
    ) -> impl Future<Output = Result<u64>>;

    /// Inserts round `round`'s matches of tournament `id`, all of `spec`, in the order
    /// given (so their ids are in that order), made at `at`; returns each one's
    /// (South's id, match id).
    fn insert_round_matches(
        &mut self,
        id: i64,
        round: u32,
        spec: &MatchSpec,
        matches: &[RoundMatch<'_>],
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<Vec<(i64, i64)>>>;

    /// Writes every hand of the given matches (id, hands).
    fn insert_hands(
        &mut self,
        matches: &[(i64, &[Hand])],
        holes_per_row: u8,
    ) -> impl Future<Output = Result<()>>;

    /// Removes `player`'s bye (the rest) of round `round` of tournament `id`, which a
    /// late arrival's game replaces; how many rows went.
    fn delete_round_bye(
        &mut self,
        id: i64,
        round: u32,
        player: i64,
    ) -> impl Future<Output = Result<u64>>;

    /// Records `player`'s bye on `board` of round `round` of tournament `id`.
    fn insert_round_bye(
        &mut self,
        id: i64,
        round: u32,
        board: u32,
        player: i64,
    ) -> impl Future<Output = Result<()>>;

    /// Records how round `round` of tournament `id` was paired (`manual`: by hand,
    /// with its reason), with its boards, at `at`.
    fn record_pairing(
        &mut self,
        id: i64,
        round: u32,
        boards: &[RecordedBoard],
        manual: Option<Option<&str>>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>>;

    /// Marks an open tournament `id` running.
    fn mark_running(&mut self, id: i64) -> impl Future<Output = Result<()>>;

    /// Writes a round's engine matches played in memory from the setup, each over
    /// its stored match only if that is still at the revision it was read at (read
    /// untouched by the caller); hands back the others as touched
    /// ([`crate::store::tournaments::WrittenRound`]).
    fn write_played_round(
        &mut self,
        played: Vec<PlayedFromSetup>,
    ) -> impl Future<Output = Result<WrittenRound>>;
}
