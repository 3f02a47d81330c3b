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

/// One tournament's marker: counts and sums over its rows.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TournamentMarker {
    pub status: String,
    /// `fixture_cache.revision`, which the database's own triggers raise on every
    /// write to the tournament's matches, hands, closings, corrections and byes
    /// (one row read, where counting and summing its matches scanned them all).
    pub fixtures: i64,
    pub entrants: i64,
    pub withdrawn: i64,
    pub requested_byes: i64,
    /// Round records, and how many of them were taken back.
    pub rounds: i64,
    pub rounds_unpaired: i64,
    pub status_changes: i64,
}

/// The whole database's markers: one for everything, one per tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ChangeMarkers {
    pub players: i64,
    pub players_retired: i64,
    pub matches: i64,
    pub revisions: i64,
    pub tournaments: BTreeMap<i64, TournamentMarker>,
}

impl Store {
    /// The markers as the database stands (one read transaction, two queries).
    pub async fn change_markers(&self) -> Result<ChangeMarkers> {
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
                (SELECT COUNT(*) FROM tournament_status_changes s WHERE s.tournament_id = t.id) AS changes
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
