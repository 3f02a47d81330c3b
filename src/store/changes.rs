//! What changed: a cheap marker of the database's state, for a reader that polls
//! (`goobalay serve` pushes a page's update when its marker moves).
//!
//! Every write that changes what a page shows moves a marker: a match's row raises
//! its `revision` on every write (a move, an arrangement, a result, a forfeit, a
//! correction), and a tournament's fixture revision rises with every write to its
//! matches and byes; a round paired adds a `round_pairings` record, a
//! round taken back marks its record, entries, withdrawals, byes asked for and
//! closings or reopenings add or change rows counted here. A marker is compared, never
//! interpreted: equal markers mean nothing a page shows changed (a rename of a player
//! is the one change it does not see).

use std::collections::BTreeMap;

use super::sql::query;
use super::{Result, Store};
pub(crate) use crate::app::records::{ChangeMarkers, TournamentMarker, TournamentRevision};

impl Store {
    /// The markers as the database stands (one read transaction, two queries).
    pub(crate) async fn change_markers(&self) -> Result<ChangeMarkers> {
        let mut tx = self.begin_read().await?;
        let global = query(
            "SELECT (SELECT COUNT(*) FROM players) AS players,
                    (SELECT COUNT(retired_at) FROM players) AS retired,
                    (SELECT COUNT(*) FROM matches) AS matches,
                    (SELECT CAST(COALESCE(SUM(revision), 0) AS BIGINT) FROM matches) AS revisions",
        )
        .fetch_one(&mut tx)
        .await?;
        let rows = query(
            "SELECT t.id, t.status,
                (SELECT COALESCE(MAX(c.revision), 0) FROM fixture_cache c
                    WHERE c.tournament_id = t.id) AS fixtures,
                (SELECT COUNT(*) FROM tournament_players tp WHERE tp.tournament_id = t.id) AS entrants,
                (SELECT CAST(COALESCE(SUM(tp.withdrawn_after + 1), 0) AS BIGINT) FROM tournament_players tp
                    WHERE tp.tournament_id = t.id AND tp.withdrawn_after IS NOT NULL) AS withdrawn,
                (SELECT COUNT(*) FROM tournament_requested_byes r WHERE r.tournament_id = t.id) AS requested,
                (SELECT COUNT(*) FROM round_pairings p WHERE p.tournament_id = t.id) AS rounds,
                (SELECT COUNT(p.unpaired_at) FROM round_pairings p WHERE p.tournament_id = t.id) AS unpaired,
                (SELECT COUNT(*) FROM tournament_status_changes s WHERE s.tournament_id = t.id) AS changes,
                (SELECT COUNT(*) FROM knockout_seedings k WHERE k.tournament_id = t.id) AS seedings,
                (SELECT COUNT(*) FROM match_postponements mp JOIN matches m ON m.id = mp.match_id
                    WHERE m.tournament_id = t.id) AS postponements,
                (SELECT COUNT(*) FROM match_reports r JOIN report_codes c ON c.id = r.code_id
                    WHERE c.tournament_id = t.id) AS reports
             FROM tournaments t",
        )
        .fetch_all(&mut tx)
        .await?;
        let mut tournaments = BTreeMap::new();
        for r in &rows {
            tournaments.insert(
                r.try_get::<i64>("id")?,
                TournamentMarker {
                    status: r.try_get("status")?,
                    fixtures: r.try_get("fixtures")?,
                    entrants: r.try_get("entrants")?,
                    withdrawn: r.try_get("withdrawn")?,
                    requested_byes: r.try_get("requested")?,
                    rounds: r.try_get("rounds")?,
                    rounds_unpaired: r.try_get("unpaired")?,
                    status_changes: r.try_get("changes")?,
                    seedings: r.try_get("seedings")?,
                    postponements: r.try_get("postponements")?,
                    reports: r.try_get("reports")?,
                },
            );
        }
        Ok(ChangeMarkers {
            players: global.try_get("players")?,
            players_retired: global.try_get("retired")?,
            matches: global.try_get("matches")?,
            revisions: global.try_get("revisions")?,
            tournaments,
        })
    }
}

/// The revision of tournament `id` as `conn` reads it (`None`: no such tournament):
/// one statement, so one state of the database on either backend.
pub(crate) async fn tournament_revision_in(
    conn: &mut impl super::sql::AsConn,
    id: i64,
) -> std::result::Result<Option<TournamentRevision>, sqlx::Error> {
    // Texts are length-prefixed, so that no two lists give the same string.
    let Some(r) = query(
        "SELECT t.status, CAST(t.rounds AS BIGINT) AS rounds, CAST(t.finished_at AS TEXT) AS finished_at,
            (SELECT COALESCE(MAX(c.revision), 0) FROM fixture_cache c
                WHERE c.tournament_id = t.id) AS fixtures,
            (SELECT string_agg(CAST(tp.player_id AS TEXT) || ':' || CAST(tp.seed_no AS TEXT)
                    || ':' || COALESCE(CAST(tp.withdrawn_after AS TEXT), '-')
                    || ':' || COALESCE(CAST(tp.rating AS TEXT), '-')
                    || ':' || CAST(LENGTH(p.name) AS TEXT) || ':' || p.name,
                    ',' ORDER BY tp.seed_no, tp.player_id)
                FROM tournament_players tp JOIN players p ON p.id = tp.player_id
                WHERE tp.tournament_id = t.id) AS entrants,
            (SELECT COUNT(*) FROM tournament_players tp
                WHERE tp.tournament_id = t.id AND tp.rating IS NULL) AS unrated,
            (SELECT string_agg(CAST(r.round AS TEXT) || ':' || CAST(r.player_id AS TEXT)
                    || ':' || r.points, ',' ORDER BY r.round, r.player_id)
                FROM tournament_requested_byes r WHERE r.tournament_id = t.id) AS requested,
            (SELECT COUNT(*) FROM round_pairings p WHERE p.tournament_id = t.id) AS records,
            (SELECT COUNT(p.unpaired_at) FROM round_pairings p WHERE p.tournament_id = t.id) AS unpaired,
            (SELECT CAST(COALESCE(MAX(p.id), 0) AS BIGINT) FROM round_pairings p WHERE p.tournament_id = t.id) AS last_record,
            (SELECT COUNT(*) FROM tournament_status_changes s WHERE s.tournament_id = t.id) AS changes,
            (SELECT CAST(COALESCE(MAX(s.id), 0) AS BIGINT) FROM tournament_status_changes s
                WHERE s.tournament_id = t.id) AS last_change,
            (SELECT CAST(COALESCE(MAX(e.id), 0) AS BIGINT) FROM tournament_event_changes e
                WHERE e.tournament_id = t.id) AS last_event_change,
            (SELECT CAST(COALESCE(MAX(z.id), 0) AS BIGINT) FROM tournament_prizes z
                WHERE z.tournament_id = t.id) AS last_prize,
            (SELECT CAST(COALESCE(MAX(d.id), 0) AS BIGINT) FROM player_details d
                JOIN tournament_players tp ON tp.player_id = d.player_id
                WHERE tp.tournament_id = t.id) AS last_details,
            (SELECT CAST(COALESCE(MAX(k.id), 0) AS BIGINT) FROM knockout_seedings k
                WHERE k.tournament_id = t.id) AS last_seeding,
            (SELECT COUNT(*) FROM match_postponements mp JOIN matches m ON m.id = mp.match_id
                WHERE m.tournament_id = t.id) AS postponements
         FROM tournaments t WHERE t.id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?
    else {
        return Ok(None);
    };
    Ok(Some(TournamentRevision {
        status: r.try_get("status")?,
        rounds: r.try_get("rounds")?,
        finished_at: r.try_get("finished_at")?,
        fixtures: r.try_get("fixtures")?,
        entrants: r.try_get("entrants")?,
        unrated: r.try_get("unrated")?,
        requested_byes: r.try_get("requested")?,
        round_records: r.try_get("records")?,
        rounds_unpaired: r.try_get("unpaired")?,
        last_round_record: r.try_get("last_record")?,
        status_changes: r.try_get("changes")?,
        last_status_change: r.try_get("last_change")?,
        last_event_change: r.try_get("last_event_change")?,
        last_prize: r.try_get("last_prize")?,
        last_player_details: r.try_get("last_details")?,
        last_seeding: r.try_get("last_seeding")?,
        postponements: r.try_get("postponements")?,
    }))
}

impl Store {
    /// Tournament `id`'s revision (see [`TournamentRevision`]; `None`: no such
    /// tournament): one statement on a pooled connection, well under a millisecond.
    pub async fn tournament_revision(&self, id: i64) -> Result<Option<TournamentRevision>> {
        let mut conn = self.pool().acquire().await?;
        Ok(tournament_revision_in(&mut conn, id).await?)
    }
}
