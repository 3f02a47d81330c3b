//! The matches: their rows, hands, closings and corrections.
//!
//! A match is its row in `matches` plus one row per hand in `hands`; the hand rows
//! hold the events (arrangements, moves in notation, an entered result) from which a
//! load replays the match, checking the summary columns against the replay.
//!
//! A forfeit or a whole match played off the system (issue 13, migration
//! `20261202200000_forfeits_byes`) is at most one row per match in `match_closings`:
//! kind `forfeit` (`absent`: south, north or both) or `match` (`winner`, final seeds
//! if given). The match row is updated in the same transaction as for any other
//! result ([`crate::app::matches::close_in`]): `winner` the side present ('draw' for
//! a double forfeit), `finished_at` now, `revision` raised. A load applies the closing
//! after the hands, so the match is over for every command (engines included).

pub(crate) use crate::app::repo::MatchRepo;

use chrono::{DateTime, Utc};

use crate::app::records::StoredMatchRows;
pub(crate) use crate::app::records::{MatchInsert, MatchQuery};
use crate::engine::Variant;
use crate::matches::correction::CorrectionKind;
use crate::matches::{Closing, Hand, MatchOutcome, MatchState, ResultSummary};
use crate::store::corrections::{Correction, corrections_of, game_scores_column, whole_closings};
use crate::store::sql::{AsConn, query, query_scalar};
use crate::store::{MATCH_SELECT, MatchRow, NewMatch, Result, StoreError, now, write_hand_rows};
use crate::tournament::{FinishedMatch, Format, TournamentStatus};

/// A finished match ([`MatchState::is_finished`]) in SQL, over a `matches` row
/// named `m`: its outcome is stored in `winner` by every write of a result (a void or
/// a double forfeit as a draw) and by nothing else, so the read-only counts and
/// listings filter on it here, in one place, instead of loading every match
/// (`finished_is_the_matches_layers_rule` checks the two agree on every kind of match).
pub(crate) const FINISHED: &str = "m.winner IS NOT NULL";

impl<C: AsConn> MatchRepo for C {
    async fn stored_match_rows(&mut self, id: i64) -> Result<StoredMatchRows> {
        match_rows(self, id).await
    }

    async fn insert_matches(&mut self, matches: &[MatchInsert<'_>]) -> Result<Vec<i64>> {
        let mut engines = EngineCache::default();
        let mut ids = Vec::with_capacity(matches.len());
        for m in matches {
            ids.push(insert_match(self, m.new, &mut engines, m.hands, m.outcome).await?);
        }
        Ok(ids)
    }

    async fn write_result(
        &mut self,
        before: &MatchRow,
        after: &MatchState,
        at: DateTime<Utc>,
    ) -> Result<MatchRow> {
        let (winner, hands_played, final_south, final_north) =
            crate::store::tournaments::summary(after);
        let updated = query(
            "UPDATE matches SET revision = revision + 1, winner = $3, hands_played = $4,
                 final_south = $5, final_north = $6,
                 finished_at = CASE WHEN $3 IS NULL THEN NULL ELSE COALESCE(finished_at, $7) END
             WHERE id = $1 AND revision = $2",
        )
        .bind(before.id)
        .bind(before.revision)
        .bind(winner)
        .bind(hands_played)
        .bind(final_south.map(i64::from))
        .bind(final_north.map(i64::from))
        .bind(at)
        .execute(&mut *self)
        .await?;
        if updated != 1 {
            return Err(StoreError::Conflict);
        }
        let mut row = before.clone();
        row.revision += 1;
        row.winner = after.outcome();
        row.hands_played = hands_played;
        row.final_south = final_south.map(i64::from);
        row.final_north = final_north.map(i64::from);
        row.finished_at = winner.map(|_| row.finished_at.unwrap_or(at));
        Ok(row)
    }

    async fn write_hands(
        &mut self,
        id: i64,
        before: &[Hand],
        after: &[Hand],
        from: usize,
        holes_per_row: u8,
    ) -> Result<()> {
        write_hands(self, id, before, after, from, holes_per_row).await
    }

    async fn insert_closing(&mut self, id: i64, closing: Closing, at: DateTime<Utc>) -> Result<()> {
        write_closing(self, id, closing, at).await
    }

    async fn insert_correction(
        &mut self,
        id: i64,
        kind: &CorrectionKind,
        reason: &str,
        before: &ResultSummary,
        after: &ResultSummary,
        at: DateTime<Utc>,
    ) -> Result<i64> {
        let (hand, score, decision, absent) = match *kind {
            CorrectionKind::Score { hand, score } => (Some(hand), Some(score), None, None),
            CorrectionKind::Games { .. } => (None, None, None, None),
            CorrectionKind::Match { decision, seeds } => (None, seeds, Some(decision.name()), None),
            CorrectionKind::Absent { absent } => (None, None, None, Some(absent.name())),
            CorrectionKind::Void => (None, None, None, None),
        };
        let game_scores = match kind {
            CorrectionKind::Games { scores } => Some(game_scores_column(scores)),
            _ => None,
        };
        let seeds = |s: &ResultSummary| s.seeds.map(|b| (i64::from(b.south), i64::from(b.north)));
        Ok(query(
            "INSERT INTO match_corrections (match_id, corrected_at, reason, kind, hand,
                 score_south, score_north, decision, absent, winner_before, seeds_south_before,
                 seeds_north_before, winner_after, seeds_south_after, seeds_north_after,
                 game_scores)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
             RETURNING id",
        )
        .bind(id)
        .bind(at)
        .bind(reason)
        .bind(kind.name())
        .bind(hand.map(i64::from))
        .bind(score.map(|s| i64::from(s.south)))
        .bind(score.map(|s| i64::from(s.north)))
        .bind(decision)
        .bind(absent)
        .bind(before.winner.map(MatchOutcome::name))
        .bind(seeds(before).map(|s| s.0))
        .bind(seeds(before).map(|s| s.1))
        .bind(after.winner.map(MatchOutcome::name))
        .bind(seeds(after).map(|s| s.0))
        .bind(seeds(after).map(|s| s.1))
        .bind(game_scores)
        .fetch_one(self)
        .await?
        .try_get("id")?)
    }

    async fn correction_rows(&mut self, id: i64) -> Result<Vec<Correction>> {
        corrections_of(self, id).await
    }

    async fn own_closing(&mut self, id: i64) -> Result<Option<Closing>> {
        crate::store::read_closing(self, id).await
    }

    async fn match_rows(
        &mut self,
        filter: &MatchQuery,
    ) -> Result<Vec<(MatchRow, Vec<Option<Closing>>)>> {
        let sql = format!(
            "{MATCH_SELECT} WHERE ($1 IS NULL OR m.south_id = $1 OR m.north_id = $1)
               AND ($2 IS NULL OR m.variant = $2)
               AND ($3 IS NULL OR m.created_at >= $3)
               AND ($4 IS NULL OR m.created_at < $4)
               AND ($5 IS NULL OR m.tournament_id = $5)
             ORDER BY m.id DESC"
        );
        let rows = query(sql)
            .bind(filter.player_id)
            .bind(filter.variant.clone())
            .bind(filter.since)
            .bind(filter.until)
            .bind(filter.tournament_id)
            .fetch_all(&mut *self)
            .await?;
        let mut corrections = whole_closings(self).await?;
        rows.iter()
            .map(|r| {
                let row = MatchRow::from_row(r)?;
                let closings = corrections.remove(&row.id).unwrap_or_default();
                Ok((row, closings))
            })
            .collect()
    }

    async fn tournament_status(&mut self, tid: i64) -> Result<Option<TournamentStatus>> {
        let status: String = query_scalar("SELECT status FROM tournaments WHERE id = $1")
            .bind(tid)
            .fetch_one(self)
            .await?;
        Ok(TournamentStatus::parse(&status))
    }

    async fn tournament_format(&mut self, tid: i64) -> Result<Format> {
        let format: String = query_scalar("SELECT format FROM tournaments WHERE id = $1")
            .bind(tid)
            .fetch_one(self)
            .await?;
        format
            .parse()
            .map_err(|_| StoreError::Corrupt(format!("tournament {tid} has the format '{format}'")))
    }

    async fn finished_matches(&mut self, variant: Option<&str>) -> Result<Vec<FinishedMatch>> {
        let rows = query(format!(
            "SELECT m.id, m.south_id, m.north_id, m.winner, m.finished_at,
                    c.kind AS closing_kind, c.absent AS closing_absent,
                    c.winner AS closing_winner, c.seeds_south AS closing_south,
                    c.seeds_north AS closing_north
             FROM matches m LEFT JOIN match_closings c ON c.match_id = m.id
             WHERE {FINISHED} AND (CAST($1 AS TEXT) IS NULL OR m.variant = $1)",
        ))
        .bind(variant.map(str::to_string))
        .fetch_all(&mut *self)
        .await?;
        let mut corrections = whole_closings(self).await?;
        rows.iter()
            .map(|r| {
                let id: i64 = r.try_get("id")?;
                let decision = crate::store::outcome_column(r, "winner", || format!("match {id}"))?
                    .map(crate::tournament::Decision::of)
                    .ok_or_else(|| StoreError::Corrupt(format!("match {id}: no winner")))?;
                Ok(FinishedMatch {
                    id,
                    south: r.try_get("south_id")?,
                    north: r.try_get("north_id")?,
                    decision,
                    finished_at: r.try_get("finished_at")?,
                    closing: crate::store::closing_of_row(r, id)?,
                    corrections: corrections.remove(&id).unwrap_or_default(),
                })
            })
            .collect()
    }

    async fn played_variants(&mut self, player: i64) -> Result<Vec<String>> {
        Ok(query_scalar::<String>(format!(
            "SELECT DISTINCT m.variant FROM matches m
             WHERE {FINISHED} AND (m.south_id = $1 OR m.north_id = $1) ORDER BY m.variant",
        ))
        .bind(player)
        .fetch_all(self)
        .await?)
    }

    async fn tournament_id(&mut self, name: &str) -> Result<i64> {
        let id = query_scalar::<i64>("SELECT id FROM tournaments WHERE name_key = $1")
            .bind(crate::store::name_key(name))
            .fetch_optional(&mut *self)
            .await?;
        match id {
            Some(id) => Ok(id),
            None => Err(crate::store::tournaments::load::unknown(self, name).await?),
        }
    }
}

/// Engine level of each player, looked up once per batch.
#[derive(Default)]
struct EngineCache(std::collections::HashMap<i64, Option<String>>);

impl EngineCache {
    async fn get(&mut self, conn: &mut impl AsConn, id: i64) -> Result<Option<String>> {
        if let Some(e) = self.0.get(&id) {
            return Ok(e.clone());
        }
        let engine: Option<Option<String>> =
            query_scalar("SELECT engine FROM players WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
        let engine = engine.ok_or_else(|| {
            StoreError::Corrupt(format!("a match names player {id}, who is not recorded"))
        })?;
        self.0.insert(id, engine.clone());
        Ok(engine)
    }
}

/// Inserts a match with its hands (two statements: the match row with its summary,
/// and one multi-row insert of the hands).
async fn insert_match(
    conn: &mut impl AsConn,
    new: &NewMatch,
    engines: &mut EngineCache,
    hands: &[Hand],
    outcome: Option<MatchOutcome>,
) -> Result<i64> {
    let south_engine = engines.get(conn, new.south).await?;
    let north_engine = engines.get(conn, new.north).await?;
    let variant = Variant {
        name: new.spec.variant.clone(),
        summary: String::new(),
        rules: new.spec.rules,
    };
    let rules_json = serde_json::to_string(&variant.to_file())
        .map_err(|e| StoreError::Corrupt(format!("rules do not serialise: {e}")))?;
    let now = now();
    let last_score = hands.iter().rev().find_map(|h| h.score);
    let played = hands.iter().filter(|h| h.end.is_some()).count() as i64;
    let (id_column, id_value) = match super::new_match_id(conn.conn().backend(), "0") {
        Some(value) => ("id, ", value + ", "),
        None => ("", String::new()),
    };
    let id = query_scalar::<i64>(format!(
        "INSERT INTO matches ({id_column}variant, rules, form, max_hands, first_mover, south_id,
                              north_id, south_engine, north_engine, seed, tournament_id, round,
                              created_at, winner, hands_played, final_south, final_north,
                              finished_at, engine_version)
         VALUES ({id_value}$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                 $17, $18, $19)
         RETURNING id",
    ))
    .bind(new.spec.variant.as_str())
    .bind(rules_json)
    .bind(new.spec.form.name())
    .bind(new.spec.max_hands.map(i64::from))
    .bind(new.spec.first.name())
    .bind(new.south)
    .bind(new.north)
    .bind(south_engine)
    .bind(north_engine)
    .bind(new.seed as i64)
    .bind(new.tournament_id)
    .bind(new.round)
    .bind(now)
    .bind(outcome.map(MatchOutcome::name))
    .bind(played)
    .bind(last_score.map(|s| i64::from(s.south)))
    .bind(last_score.map(|s| i64::from(s.north)))
    .bind(outcome.map(|_| now))
    .bind(crate::ai::ENGINE_VERSION)
    .fetch_one(&mut *conn)
    .await?;
    let n = new.spec.rules.holes_per_row;
    write_hand_rows(conn, hands.iter().map(|h| (id, h)), n).await?;
    Ok(id)
}

async fn match_rows(conn: &mut impl AsConn, id: i64) -> Result<StoredMatchRows> {
    let sql = format!("{MATCH_SELECT} WHERE m.id = $1");
    let row = query(sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::UnknownMatch(id))?;
    let row = MatchRow::from_row(&row)?;
    let hands = super::audit::hand_records(conn, id).await?;
    let corrections = corrections_of(conn, id).await?;
    Ok(StoredMatchRows {
        row,
        hands,
        corrections,
    })
}

async fn write_closing(
    conn: &mut impl AsConn,
    id: i64,
    closing: Closing,
    now: DateTime<Utc>,
) -> Result<()> {
    let (kind, absent, winner, seeds) = match closing {
        Closing::Forfeit(a) => ("forfeit", Some(a.name()), None, None),
        Closing::Entered { outcome, seeds } => ("match", None, Some(outcome.name()), seeds),
        Closing::Void => {
            return Err(StoreError::Corrupt(format!(
                "match {id}: only a correction voids a match"
            )));
        }
    };
    query(
        "INSERT INTO match_closings (match_id, kind, absent, winner, seeds_south, seeds_north,
                                     entered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(kind)
    .bind(absent)
    .bind(winner)
    .bind(seeds.map(|s| i64::from(s.south)))
    .bind(seeds.map(|s| i64::from(s.north)))
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn write_hands(
    conn: &mut impl AsConn,
    id: i64,
    before: &[Hand],
    after: &[Hand],
    from: usize,
    n: u8,
) -> Result<()> {
    query("DELETE FROM hands WHERE match_id = $1 AND number > $2")
        .bind(id)
        .bind(after.len() as i64)
        .execute(&mut *conn)
        .await?;
    let changed = after
        .iter()
        .enumerate()
        .skip(from)
        .filter(|(i, hand)| before.get(*i) != Some(*hand))
        .map(|(_, hand)| (id, hand));
    write_hand_rows(conn, changed, n).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::FINISHED;
    use crate::ai::Level;
    use crate::app::corrections::correct;
    use crate::app::matches::{HumanAction, close, enter, insert, insert_with, load};
    use crate::app::players::add_player;
    use crate::engine::{BySide, Side, Variant};
    use crate::matches::correction::CorrectionKind;
    use crate::matches::{Absent, Closing, MatchForm, MatchOutcome, MatchSpec, MatchState};
    use crate::store::sql::query_scalar;
    use crate::store::{NewMatch, Store};

    async fn fresh(store: &Store, new: NewMatch) -> i64 {
        insert(store, &new).await.unwrap().row.id
    }

    /// Every kind of match, as stored through the use cases, with what the matches
    /// layer says of it: (untouched, started, finished).
    #[tokio::test]
    async fn finished_is_the_matches_layers_rule() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("kinds.db")).await.unwrap();
        let south = add_player(&store, "Ayo", None, None).await.unwrap().id;
        let north = add_player(&store, "Bola", None, None).await.unwrap().id;
        let new = |variant: &str, form: MatchForm| {
            let v = Variant::preset(variant).unwrap();
            NewMatch {
                spec: MatchSpec::new(&v, form, None, Side::South).unwrap(),
                south,
                north,
                seed: 7,
                tournament_id: None,
                round: None,
            }
        };
        let tihbat = || new("tihbat", MatchForm::Single);
        let mut kinds: Vec<(&str, i64, (bool, bool, bool))> = Vec::new();

        kinds.push((
            "untouched",
            fresh(&store, tihbat()).await,
            (true, false, false),
        ));
        let moved = fresh(&store, tihbat()).await;
        enter(&store, moved, &HumanAction::Move("2".into()))
            .await
            .unwrap();
        kinds.push(("started by a move", moved, (false, true, false)));
        let arranged = fresh(&store, new("layli-goobalay", MatchForm::Hands)).await;
        enter(&store, arranged, &HumanAction::Result(BySide::new(18, 30)))
            .await
            .unwrap();
        enter(&store, arranged, &HumanAction::Arrange(vec![3; 6]))
            .await
            .unwrap();
        kinds.push(("started by an arrangement", arranged, (false, true, false)));
        let mut state = MatchState::new(tihbat().spec);
        state.play_engines(BySide::new(Some(Level::Random), Some(Level::Random)), 7);
        let played = insert_with(&store, &tihbat(), &state).await.unwrap().row.id;
        kinds.push(("played out", played, (false, true, true)));
        let forfeit = fresh(&store, tihbat()).await;
        close(&store, forfeit, Closing::Forfeit(Absent::North))
            .await
            .unwrap();
        kinds.push(("forfeited", forfeit, (false, true, true)));
        let both_absent = fresh(&store, tihbat()).await;
        close(&store, both_absent, Closing::Forfeit(Absent::Both))
            .await
            .unwrap();
        kinds.push(("forfeited by both", both_absent, (false, true, true)));
        let draw = fresh(&store, tihbat()).await;
        let agreed = Closing::Entered {
            outcome: MatchOutcome::Draw,
            seeds: None,
        };
        close(&store, draw, agreed).await.unwrap();
        kinds.push(("an agreed draw", draw, (false, true, true)));
        let voided = fresh(&store, tihbat()).await;
        close(&store, voided, Closing::Forfeit(Absent::South))
            .await
            .unwrap();
        correct(&store, voided, CorrectionKind::Void, "wrong pairing")
            .await
            .unwrap();
        kinds.push(("voided", voided, (false, true, true)));

        let mut conn = store.pool().acquire().await.unwrap();
        let finished: Vec<i64> = query_scalar(format!(
            "SELECT m.id FROM matches m WHERE {FINISHED} ORDER BY m.id"
        ))
        .fetch_all(&mut conn)
        .await
        .unwrap();
        drop(conn);
        let mut by_rule = Vec::new();
        for (kind, id, expected) in &kinds {
            let stored = load(&store, *id).await.unwrap();
            let s = &stored.state;
            let facts = (
                s.is_untouched(),
                s.is_started(stored.row.revision),
                s.is_finished(),
            );
            assert_eq!(facts, *expected, "{kind}");
            if s.is_finished() {
                by_rule.push(*id);
            }
        }
        by_rule.sort_unstable();
        assert_eq!(finished, by_rule);
        assert_eq!(by_rule.len(), 5);
    }
}
