//! Players report their own results (issue 35 point 2). The director prints each
//! entrant a personal code ([`issue_codes`], on the pairing slips); a player gives
//! it with their match's result ([`report`]); the result is stored, with the CLI's
//! checks (`goobalay match result`'s, those of [`super::matches::close`]) in the
//! transaction that stores the report, when the opponent reports the same result
//! with their own code, or when the director accepts a report ([`accept`]).
//!
//! A code is 8 characters of a 31-letter alphabet (no 0/O, 1/I/L: read off paper
//! without doubt), about 40 bits; it is stored only as its SHA-256. It reports only
//! its holder's match of the round paired last; printing codes again replaces the
//! earlier ones. Every report is kept (who, when, what, from where), never changed.
//! Guessing is limited by the front end that takes codes (the web server counts
//! wrong codes per address and in all).

use serde::Serialize;
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::app::records::{
    Claim, FinishedHow, LoadedTournament, MatchReport, NewMatchReport, ReportCodeRow,
    ReportDecision, now,
};
use crate::app::repo::{Database, MatchRepo, ReportRepo, Transaction};
use crate::app::stored_match::StoredMatches;
use crate::engine::Side;
use crate::hint::Refusal;
use crate::matches::Closing;

use super::Result;

/// The letters a code is made of: digits and capitals without 0, 1, I, L, O.
const ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// How many letters a code has (31^8, about 2^40 codes).
pub(crate) const CODE_LENGTH: usize = 8;

/// A new code, as printed: `ABCD-EFGH`.
fn new_code() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    let letters: String = (0..CODE_LENGTH)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect();
    format!("{}-{}", &letters[..4], &letters[4..])
}

/// A code as typed (any case, spaces and dashes anywhere) in the form it is hashed
/// in; `None` when it cannot be a code (so nothing is looked up).
pub(crate) fn normalised_code(typed: &str) -> Option<String> {
    let letters: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (letters.len() == CODE_LENGTH && letters.bytes().all(|b| ALPHABET.contains(&b)))
        .then_some(letters)
}

/// The stored form of a code: the SHA-256 of its normalised letters, in hex.
fn digest(normalised: &str) -> String {
    Sha256::digest(normalised.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A report or an acceptance that cannot be made as asked.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ReportRefusal {
    #[error(
        "that is not a report code: a code is the 8 letters and digits on your slip, e.g. K7QM-4XPB"
    )]
    UnknownCode,
    #[error(
        "that code was replaced when new slips were printed: give the code on your latest slip"
    )]
    ReplacedCode,
    #[error("{player} has no match to report in round {round} of {tournament}")]
    NoMatch {
        player: String,
        tournament: String,
        round: u32,
    },
    #[error("tournament {0} is closed: it takes no results")]
    Closed(String),
    #[error("match {id} ({south} v {north}) is played by the engine: its result is the engine's")]
    EngineMatch {
        id: i64,
        south: String,
        north: String,
    },
    #[error(
        "match {id} ({south} v {north}) already has its result ({how}); if it is wrong, tell the director"
    )]
    Decided {
        id: i64,
        south: String,
        north: String,
        how: FinishedHow,
    },
    #[error("there is no report {0}")]
    NoSuchReport(i64),
    #[error("report {id} is not {player}'s latest report of match {match_id}: accept their latest")]
    NotLatest {
        id: i64,
        match_id: i64,
        player: String,
    },
}

impl Refusal for ReportRefusal {
    fn hint(&self) -> Option<crate::hint::Hint> {
        None
    }
}

impl ReportRefusal {
    /// A wrong code: what the guess limit counts.
    pub fn is_wrong_code(&self) -> bool {
        matches!(
            self,
            ReportRefusal::UnknownCode | ReportRefusal::ReplacedCode
        )
    }
}

/// A code printed for an entrant (its plain text exists only here and on paper).
#[derive(Clone, Debug, Serialize)]
pub struct IssuedCode {
    pub match_id: i64,
    pub board: u32,
    pub side: Side,
    pub player_id: i64,
    pub player: String,
    pub code: String,
}

/// The entrants who get a code with round `round`'s slips: both players of each
/// board between humans still to be played, while `round` is the round paired last
/// of an open tournament (a code reports only its holder's current match).
pub fn code_holders(loaded: &LoadedTournament, round: Option<u32>) -> Vec<(i64, u32, Side, i64)> {
    let current = loaded.tournament.current_round();
    if round.is_some_and(|r| r != current) || !loaded.row.status.takes_match_changes() {
        return Vec::new();
    }
    let mut holders = Vec::new();
    for b in loaded
        .boards
        .iter()
        .filter(|b| b.round == current && !b.finished)
    {
        let (Some(id), Some(north)) = (b.match_id, b.north_id) else {
            continue;
        };
        if b.engines.0.is_some() || b.engines.1.is_some() {
            continue;
        }
        holders.push((id, b.board, Side::South, b.south_id));
        holders.push((id, b.board, Side::North, north));
    }
    holders
}

/// New codes for the [`code_holders`] of tournament `tournament`'s round `round`,
/// stored hashed in one transaction (replacing their earlier codes); the plain codes
/// are returned to be printed, once.
pub async fn issue_codes(
    store: &impl Database,
    tournament: &str,
    round: Option<u32>,
) -> Result<Vec<IssuedCode>> {
    let mut tx = store.begin_write().await?;
    let loaded =
        super::tournaments::loading::load_in(&mut tx, tournament, super::records::Parts::Whole)
            .await?;
    let issued: Vec<IssuedCode> = code_holders(&loaded, round)
        .into_iter()
        .map(|(match_id, board, side, player_id)| IssuedCode {
            match_id,
            board,
            side,
            player_id,
            player: entrant_name(&loaded, player_id),
            code: new_code(),
        })
        .collect();
    if issued.is_empty() {
        return Ok(issued);
    }
    let digests: Vec<(i64, String)> = issued
        .iter()
        .map(|c| {
            let letters = normalised_code(&c.code).expect("a new code is a code");
            (c.player_id, digest(&letters))
        })
        .collect();
    tx.insert_report_codes(loaded.row.id, &digests, now())
        .await?;
    tx.commit().await?;
    Ok(issued)
}

fn entrant_name(loaded: &LoadedTournament, player: i64) -> String {
    loaded
        .tournament
        .entrants()
        .iter()
        .find(|e| e.id == player)
        .map_or_else(|| format!("player {player}"), |e| e.name.clone())
}

/// The match a code reports, as its holder sees it on the report page.
#[derive(Clone, Debug, Serialize)]
pub struct HolderMatch {
    pub tournament: String,
    pub round: u32,
    pub board: u32,
    pub match_id: i64,
    pub south: String,
    pub north: String,
    /// The code's holder: their name and side.
    pub holder: String,
    pub side: Side,
    /// The holder's latest report of this match, if any.
    pub reported: Option<Claim>,
    /// Whether the opponent has reported (not what).
    pub opponent_reported: bool,
}

/// The code's holder's current match (the board of the round paired last), read
/// with the checks a report makes first.
async fn holder_match_in(
    tx: &mut impl Transaction,
    code: &ReportCodeRow,
) -> Result<(HolderMatch, Vec<MatchReport>)> {
    if !code.latest {
        return Err(ReportRefusal::ReplacedCode.into());
    }
    let loaded = super::tournaments::loading::load_by_id_in(tx, code.tournament_id)
        .await?
        .ok_or(ReportRefusal::UnknownCode)?;
    let player = entrant_name(&loaded, code.player_id);
    if !loaded.row.status.takes_match_changes() {
        return Err(ReportRefusal::Closed(loaded.row.name.clone()).into());
    }
    let round = loaded.tournament.current_round();
    let no_match = || ReportRefusal::NoMatch {
        player: player.clone(),
        tournament: loaded.row.name.clone(),
        round,
    };
    let board = loaded
        .boards
        .iter()
        .find(|b| {
            b.round == round
                && b.north_id.is_some()
                && (b.south_id == code.player_id || b.north_id == Some(code.player_id))
        })
        .ok_or_else(no_match)?;
    let id = board.match_id.ok_or_else(no_match)?;
    let stored = tx.stored_match(id).await?;
    let (south, north) = (stored.row.south.clone(), stored.row.north.clone());
    if stored.row.south_engine.is_some() || stored.row.north_engine.is_some() {
        return Err(ReportRefusal::EngineMatch { id, south, north }.into());
    }
    if let Some(how) = FinishedHow::of(&stored) {
        return Err(ReportRefusal::Decided {
            id,
            south,
            north,
            how,
        }
        .into());
    }
    let side = if stored.row.south_id == code.player_id {
        Side::South
    } else {
        Side::North
    };
    let reports = tx.match_reports(id).await?;
    let latest_of = |p: i64| reports.iter().rev().find(|r| r.player_id == p);
    let opponent = match !side {
        Side::South => stored.row.south_id,
        Side::North => stored.row.north_id,
    };
    Ok((
        HolderMatch {
            tournament: loaded.row.name.clone(),
            round,
            board: board.board,
            match_id: id,
            south,
            north,
            holder: player,
            side,
            reported: latest_of(code.player_id).map(|r| r.claim),
            opponent_reported: latest_of(opponent).is_some(),
        },
        reports,
    ))
}

async fn code_in(tx: &mut impl Transaction, typed: &str) -> Result<ReportCodeRow> {
    let letters = normalised_code(typed).ok_or(ReportRefusal::UnknownCode)?;
    Ok(tx
        .report_code(&digest(&letters))
        .await?
        .ok_or(ReportRefusal::UnknownCode)?)
}

/// The match the code `typed` reports (nothing written).
pub async fn holder_match(store: &impl Database, typed: &str) -> Result<HolderMatch> {
    let mut tx = store.begin_read().await?;
    let code = code_in(&mut tx, typed).await?;
    Ok(holder_match_in(&mut tx, &code).await?.0)
}

/// What became of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportStatus {
    /// The opponent had reported the same: the result is stored.
    Confirmed,
    /// Kept; the result waits for the opponent's report or the director.
    Waiting,
    /// The opponent reported another result: the director decides.
    Disagrees,
}

/// A report stored, and what became of it.
#[derive(Clone, Debug, Serialize)]
pub struct Reported {
    pub report_id: i64,
    #[serde(flatten)]
    pub holder_match: HolderMatch,
    pub claim: Claim,
    pub status: ReportStatus,
}

/// The closing a claim asks for.
fn closing_of(claim: Claim) -> Closing {
    Closing::Entered {
        outcome: claim.result,
        seeds: claim.seeds,
    }
}

/// Stores the report of the holder of code `typed` that their current match ended
/// as `claim`, from address `client`, in one transaction: refused (nothing written)
/// unless the code is its holder's latest, the match awaits its result and the
/// result would be taken by `goobalay match result`'s checks. If the opponent's
/// latest report says the same, the result is stored with it.
pub async fn report(
    store: &impl Database,
    typed: &str,
    claim: Claim,
    client: &str,
) -> Result<Reported> {
    let mut tx = store.begin_write().await?;
    let code = code_in(&mut tx, typed).await?;
    let (mut holder_match, reports) = holder_match_in(&mut tx, &code).await?;
    let id = holder_match.match_id;
    // The CLI's checks of the result itself, before anything is kept.
    let stored = tx.stored_match(id).await?;
    stored.state.clone().close(closing_of(claim))?;
    if let Some(tournament) = stored.row.tournament_id {
        crate::tournament::check_closing(
            tx.tournament_format(tournament).await?,
            id,
            closing_of(claim),
        )?;
    }
    let at = now();
    let report_id = tx
        .insert_match_report(&NewMatchReport {
            match_id: id,
            player_id: code.player_id,
            code_id: code.id,
            claim,
            client,
            at,
        })
        .await?;
    let opponent = match !holder_match.side {
        Side::South => stored.row.south_id,
        Side::North => stored.row.north_id,
    };
    let status = match reports.iter().rev().find(|r| r.player_id == opponent) {
        None => ReportStatus::Waiting,
        Some(theirs) if theirs.claim != claim => ReportStatus::Disagrees,
        Some(theirs) => {
            super::matches::close_checked_in(&mut tx, id, closing_of(claim)).await?;
            tx.insert_report_decision(&ReportDecision {
                match_id: id,
                report_id: theirs.id,
                confirmed_by: Some(report_id),
                decided_at: at,
            })
            .await?;
            ReportStatus::Confirmed
        }
    };
    tx.commit().await?;
    holder_match.reported = Some(claim);
    Ok(Reported {
        report_id,
        holder_match,
        claim,
        status,
    })
}

/// The director accepts report `id` (the latest of its player for a match that awaits
/// its result): the result is stored as reported, with `goobalay match result`'s
/// checks, in one transaction.
pub async fn accept(store: &impl Database, id: i64) -> Result<crate::app::records::StoredMatch> {
    let mut tx = store.begin_write().await?;
    let report = tx
        .match_report(id)
        .await?
        .ok_or(ReportRefusal::NoSuchReport(id))?;
    let reports = tx.match_reports(report.match_id).await?;
    if reports
        .iter()
        .any(|r| r.player_id == report.player_id && r.id > report.id)
    {
        let player = tx.stored_match(report.match_id).await?.row;
        let name = if player.south_id == report.player_id {
            player.south
        } else {
            player.north
        };
        return Err(ReportRefusal::NotLatest {
            id,
            match_id: report.match_id,
            player: name,
        }
        .into());
    }
    let closed =
        super::matches::close_checked_in(&mut tx, report.match_id, closing_of(report.claim))
            .await?;
    tx.insert_report_decision(&ReportDecision {
        match_id: report.match_id,
        report_id: report.id,
        confirmed_by: None,
        decided_at: now(),
    })
    .await?;
    tx.commit().await?;
    Ok(closed)
}

/// A match that awaits its result and has reports: each player's latest.
#[derive(Clone, Debug, Serialize)]
pub struct AwaitedReports {
    pub match_id: i64,
    pub round: u32,
    pub board: u32,
    pub south: String,
    pub north: String,
    /// South's latest report, then North's (either may be missing).
    pub south_report: Option<MatchReport>,
    pub north_report: Option<MatchReport>,
}

impl AwaitedReports {
    /// Both players reported, and not the same.
    pub fn disagree(&self) -> bool {
        matches!((&self.south_report, &self.north_report), (Some(s), Some(n)) if s.claim != n.claim)
    }
}

/// The reports of tournament `id`'s matches that await their result, by round and
/// board, and how many reports it has in all.
pub async fn awaited_reports(store: &impl Database, id: i64) -> Result<Vec<AwaitedReports>> {
    let mut tx = store.begin_read().await?;
    let Some(loaded) = super::tournaments::loading::load_by_id_in(&mut tx, id).await? else {
        return Ok(Vec::new());
    };
    let reports = tx.tournament_reports(id).await?;
    let mut out = Vec::new();
    for b in loaded.boards.iter().filter(|b| !b.finished) {
        let (Some(m), Some(north)) = (b.match_id, b.north_id) else {
            continue;
        };
        let latest = |p: i64| {
            reports
                .iter()
                .rev()
                .find(|r| r.match_id == m && r.player_id == p)
                .cloned()
        };
        let (south_report, north_report) = (latest(b.south_id), latest(north));
        if south_report.is_none() && north_report.is_none() {
            continue;
        }
        out.push(AwaitedReports {
            match_id: m,
            round: b.round,
            board: b.board,
            south: entrant_name(&loaded, b.south_id),
            north: entrant_name(&loaded, north),
            south_report,
            north_report,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_read_as_typed_on_a_phone() {
        let code = new_code();
        assert_eq!(code.len(), CODE_LENGTH + 1);
        let letters = normalised_code(&code).unwrap();
        assert_eq!(normalised_code(&code.to_lowercase()), Some(letters.clone()));
        assert_eq!(
            normalised_code(&format!(" {} ", letters.replace('-', " "))),
            Some(letters.clone())
        );
        assert_eq!(normalised_code("ABCD-EFG"), None);
        assert_eq!(
            normalised_code("ABCD-EFG0"),
            None,
            "0 is not a letter of codes"
        );
        assert_ne!(new_code(), new_code());
        assert_eq!(digest(&letters).len(), 64);
    }
}
