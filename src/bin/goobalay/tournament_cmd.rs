//! `goobalay tournament ...`: club tournaments from entry list to standings.
//!
//! A tournament's games are ordinary matches (`tournament_id`, `round`): humans play
//! them with `match play`/`move`/`arrange`/`result`; `tournament run` plays the ones
//! between engine players, one transaction per match, pairing further rounds as they
//! become pairable (see `goobalay::app::tournaments`).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use goobalay::app::Database;
use goobalay::app::{LoadedTournament, NewTournament, Parts};
use goobalay::app::{ManualRound, TournamentKey, TournamentRecord};
use goobalay::app::{RunEnd, RunEvent, tournaments};
use goobalay::engine::Side;
use goobalay::matches::{MatchForm, MatchOutcome};
use goobalay::tournament::Rounds;
use goobalay::tournament::{self, ExportFormat};
use goobalay::tournament::{
    Acceleration, Format as TFormat, InitialColour, PointsScheme, Tiebreak, Tournament,
};
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::style::HorizontalLine;
use tabled::settings::{Modify, Padding, Style, Width};

use crate::args::tournaments::{
    AddArgs, ByeArgs, CrosstableArgs, EventArgs, ExportArgs, ImportArgs, ListArgs, ListLayout,
    NewArgs, PairArgs, PairingsArgs, PostponeArgs, PrizeAddArgs, PrizeCommand, PrizesArgs,
    ReasonArgs, ReopenArgs, RunArgs, SeedArgs, SetArgs, StandingsArgs, TournamentCommand,
    UnpairArgs, ViewArgs, WithdrawArgs,
};
use crate::args::{Format, RecordFormat, VariantArgs};
use crate::db::{local, print_json, with_store, with_store_read};
use crate::files;

use crate::out::{out, outln};

/// The system `--system` names, refusing the spellings of earlier versions with a
/// message naming the new one, and `--format` as the output format.
fn new_tournament_flags(a: &NewArgs) -> anyhow::Result<(TFormat, bool)> {
    const SYSTEMS: &str = "round-robin, double-round-robin, swiss or knockout (or monrad)";
    if let Some(form) = &a.old_match_form {
        bail!(
            "--match-form is now --form, as in `match new`: give --form {}",
            goobalay::names::excerpt(form)
        );
    }
    let json = match a.format.as_deref().map(str::trim) {
        None | Some("table") => a.json,
        Some("json") => true,
        Some(other) if other.parse::<TFormat>().is_ok() => bail!(
            "--format is the output format (table or json); the pairing system is --system: give --system {other}"
        ),
        Some(other) => bail!(
            "--format '{}' is not an output format; give --format table or --format json (the pairing system is --system {SYSTEMS})",
            goobalay::names::excerpt(other)
        ),
    };
    let Some(system) = &a.system else {
        bail!("give the pairing system: --system {SYSTEMS}");
    };
    Ok((system.parse()?, json))
}

/// How wide a standings table may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Short column names, names shortened to fit 80 columns.
    Narrow,
    Wide,
}

pub fn run(db: Option<PathBuf>, command: TournamentCommand) -> anyhow::Result<ExitCode> {
    match command {
        TournamentCommand::New(a) => new(db, *a),
        TournamentCommand::Add(a) => enter_players(db, a),
        TournamentCommand::Bye(a) => request_bye(db, a),
        TournamentCommand::Withdraw(a) => withdraw(db, a),
        TournamentCommand::Pair(a) => pair(db, a),
        TournamentCommand::Review(a) => crate::review_cmd::tournament_review(db, a),
        TournamentCommand::Run(a) => run_engine_matches(db, a),
        TournamentCommand::Standings(a) => standings(db, a),
        TournamentCommand::Pairings(a) => pairings(db, a),
        TournamentCommand::Crosstable(a) => crosstable(db, a),
        TournamentCommand::Show(a) => show(db, a),
        TournamentCommand::Import(a) => import(db, a),
        TournamentCommand::Export(a) => export_tournament(db, a),
        TournamentCommand::Set(a) => set_event(db, a),
        TournamentCommand::Prize(PrizeCommand::Add(a)) => add_prize(db, a),
        TournamentCommand::Prizes(a) => prizes(db, a),
        TournamentCommand::Unpair(a) => unpair(db, a),
        TournamentCommand::Postpone(a) => postpone(db, a),
        TournamentCommand::Seed(a) => seed(db, a),
        TournamentCommand::Close(a) => close(db, a),
        TournamentCommand::Reopen(a) => reopen(db, a),
        TournamentCommand::List(a) => list(db, a),
    }
}

fn enter_players(db: Option<PathBuf>, a: AddArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let tournaments::Entered {
            added,
            postponed,
            tournament: loaded,
        } = tournaments::enter(store, &a.name, &a.players).await?;
        if a.format == RecordFormat::Json {
            print_json(&serde_json::json!({
                "tournament": loaded.row.name,
                "entered": added.iter().map(|p| &p.name).collect::<Vec<_>>(),
                "entrants": loaded.tournament.entrants().len(),
                "postponed": postponed,
            }))?;
            return Ok(ExitCode::SUCCESS);
        }
        for p in &added {
            outln!("entered {} in {}", p.name, loaded.row.name);
        }
        // A late round robin arrival's games of the rounds already paired.
        for p in &postponed {
            outln!(
                "match {} (round {}, board {}: {} v {}) takes the place of that round's rest; postponed, its result is entered when it is played",
                p.match_id,
                p.round,
                p.board,
                p.south,
                p.north
            );
        }
        outln!(
            "{} has {}",
            loaded.row.name,
            crate::out::count(
                loaded.tournament.entrants().len() as u64,
                "entrant",
                "entrants"
            )
        );
        Ok(ExitCode::SUCCESS)
    })
}

fn request_bye(db: Option<PathBuf>, a: ByeArgs) -> anyhow::Result<ExitCode> {
    let points = goobalay::tournament::ByePoints::parse(&a.points).ok_or_else(|| {
        anyhow::anyhow!(
            "'{}' is not a bye's points; give --points zero or --points half",
            goobalay::names::excerpt(&a.points)
        )
    })?;
    with_store(db, async |store| {
        let p = tournaments::request_bye(store, &a.name, &a.player, a.round, points).await?;
        if a.format == RecordFormat::Json {
            print_json(&serde_json::json!({
                "tournament": a.name.trim(),
                "player": p.name,
                "round": a.round,
                "points": points.name(),
            }))?;
            return Ok(ExitCode::SUCCESS);
        }
        outln!(
            "{} has a {}-point bye in round {}: left out of its pairing",
            p.name,
            points.name(),
            a.round
        );
        Ok(ExitCode::SUCCESS)
    })
}

fn withdraw(db: Option<PathBuf>, a: WithdrawArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let w = tournaments::withdraw(store, &a.name, &a.player, a.forfeit_pending).await?;
        let (name, after) = (&w.player.name, w.after_round);
        if a.format == RecordFormat::Json {
            print_json(&withdrawal_json(&a, name, after, w.forfeited))?;
            return Ok(ExitCode::SUCCESS);
        }
        if let Some(id) = w.forfeited {
            outln!("match {id} forfeited: {name} did not come");
        }
        if after == 0 {
            outln!("{name} withdrew before round 1: off the entry list, never paired");
        } else {
            outln!(
                "{name} withdrew after round {after}: results so far count, no further pairings"
            );
        }
        Ok(ExitCode::SUCCESS)
    })
}

fn pair(db: Option<PathBuf>, a: PairArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let tournaments::Paired {
            round: paired,
            tournament: loaded,
        } = if a.board.is_empty() {
            goobalay::app::pair_round(store, &a.name).await?
        } else {
            let mut boards: Vec<(String, Option<String>)> = a
                .board
                .chunks(2)
                .map(|b| (b[0].clone(), Some(b[1].clone())))
                .collect();
            boards.extend(a.bye.iter().map(|p| (p.clone(), None)));
            let round = ManualRound {
                boards,
                reason: a.reason.clone(),
                keep_seeding: false,
            };
            tournaments::pair_round_by_hand(store, &a.name, &round).await?
        };
        if a.format == Format::Json {
            print_json(&paired)?;
            return Ok(ExitCode::SUCCESS);
        }
        if a.format == Format::Csv {
            let sheet = goobalay::app::views::pairing_sheet(&loaded, Some(paired.round));
            write!(crate::out::stdout(), "{sheet}")?;
            return Ok(ExitCode::SUCCESS);
        }
        for name in &paired.withdrawn_retired {
            if paired.round == 1 {
                outln!("{name} is retired: off the entry list, never paired");
            } else {
                outln!(
                    "{name} is retired: withdrawn after round {}, not paired again",
                    paired.round - 1
                );
            }
        }
        outln!(
            "{}: round {} paired{}",
            loaded.row.name,
            paired.round,
            if a.board.is_empty() { "" } else { " by hand" }
        );
        for b in &paired.boards {
            match (b.north_id, b.match_id) {
                (Some(n), Some(id)) => outln!(
                    "  board {}: {} (south, moves first) v {} (north)  match {id}",
                    b.board,
                    loaded.name_of(b.south_id),
                    loaded.name_of(n)
                ),
                _ => outln!(
                    "  board {}: {} has a bye",
                    b.board,
                    loaded.name_of(b.south_id)
                ),
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}

fn run_engine_matches(db: Option<PathBuf>, a: RunArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let json = a.format == RecordFormat::Json;
        let summary = run_engines(store, &a.name, a.limit, !a.quiet && !json).await?;
        if json {
            print_json(&serde_json::json!({
                "tournament": a.name.trim(),
                "played": summary.played,
                "finished": summary.finished,
                "message": summary.message,
            }))?;
            return Ok(ExitCode::SUCCESS);
        }
        outln!("{}", summary.message);
        if summary.finished && summary.played > 0 {
            let loaded = tournaments::load(store, &a.name).await?;
            print_standings(&loaded, Format::Table, Layout::Narrow)?;
        }
        Ok(ExitCode::SUCCESS)
    })
}

fn standings(db: Option<PathBuf>, a: StandingsArgs) -> anyhow::Result<ExitCode> {
    with_store_read(db, async |store| {
        let loaded =
            tournaments::load_after_round(store, &a.view.name, a.after.after_round, Parts::Results)
                .await?;
        let layout = if a.wide { Layout::Wide } else { Layout::Narrow };
        print_standings(&loaded, a.view.format, layout)?;
        Ok(ExitCode::SUCCESS)
    })
}

fn pairings(db: Option<PathBuf>, a: PairingsArgs) -> anyhow::Result<ExitCode> {
    let with_codes = a.format == RecordFormat::Json || a.layout == ListLayout::Slips;
    let (list, holders) = with_store_read(db.clone(), async |store| {
        let loaded = tournaments::load(store, &a.name).await?;
        let list = goobalay::app::views::pairing_list(&loaded, a.round)?;
        let holders = goobalay::app::reports::code_holders(&loaded, a.round).len();
        Ok((list, holders))
    })?;
    // Codes are stored hashed, so a print is their only showing: each print
    // issues new ones (a write, only when a board awaits its players' reports).
    let codes = if with_codes && holders > 0 {
        with_store(db, async |store| {
            Ok(goobalay::app::reports::issue_codes(store, &a.name, a.round).await?)
        })?
    } else {
        Vec::new()
    };
    let url = crate::report_slip::report_url(a.url.as_deref());
    match a.format {
        RecordFormat::Json => {
            print_json(&crate::report_slip::list_with_codes(&list, &codes, &url)?)?;
        }
        RecordFormat::Table => {
            let mut lines = pairing_list_lines(&list, a.layout, a.lang);
            if a.layout == ListLayout::Slips {
                lines.extend(crate::report_slip::code_slips(&list, &codes, &url, a.lang)?);
            }
            for line in lines {
                outln!("{}", line.trim_end());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn crosstable(db: Option<PathBuf>, a: CrosstableArgs) -> anyhow::Result<ExitCode> {
    with_store_read(db, async |store| {
        let loaded =
            tournaments::load_after_round(store, &a.view.name, a.after.after_round, Parts::Results)
                .await?;
        if a.view.format == Format::Table {
            for line in loaded.row.details.heading() {
                outln!("{line}");
            }
        }
        print_crosstable(&loaded.tournament, a.view.format)?;
        Ok(ExitCode::SUCCESS)
    })
}

fn show(db: Option<PathBuf>, a: ViewArgs) -> anyhow::Result<ExitCode> {
    with_store_read(db, async |store| {
        let view = goobalay::app::views::tournament(store, TournamentKey::Name(&a.name))
            .await?
            .expect("a tournament by name is found or an error");
        print_show(&view.record, a.format)?;
        Ok(ExitCode::SUCCESS)
    })
}

fn export_tournament(db: Option<PathBuf>, a: ExportArgs) -> anyhow::Result<ExitCode> {
    let db = crate::db::db_path(db);
    if let Some(path) = &a.output {
        files::check_output(path, &db, a.force)?;
    }
    let format: ExportFormat = a.format.into();
    let round = a.after.after_round;
    // With the event's details, prizes and players' records the pure
    // tournament lacks.
    let text = with_store_read(Some(db), async |store| {
        Ok(tournaments::export_prizes(store, &a.name, round, format).await?)
    })?;
    match &a.output {
        Some(path) => {
            files::write_output(path, text.as_bytes(), a.force)?;
            eprintln!("wrote {}", path.display());
        }
        None => crate::out::stdout().write_all(text.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

fn set_event(db: Option<PathBuf>, a: SetArgs) -> anyhow::Result<ExitCode> {
    let change = event_change(&a.event)?;
    let row = with_store(db, async |store| {
        Ok(tournaments::set_event(store, &a.name, &change).await?)
    })?;
    match a.format {
        RecordFormat::Json => print_json(&row)?,
        RecordFormat::Table => {
            outln!("{}: event details set", row.name);
            for line in row.details.heading() {
                outln!("  {line}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn add_prize(db: Option<PathBuf>, a: PrizeAddArgs) -> anyhow::Result<ExitCode> {
    let kind = goobalay::tournament::PrizeKind::parse(
        a.place,
        a.category.as_deref(),
        a.age,
        a.under,
        a.club.as_deref(),
    )?;
    let value = goobalay::tournament::parse_value(&a.value).context("--value")?;
    let added = with_store(db, async |store| {
        Ok(tournaments::add_prize(store, &a.name, kind, value).await?)
    })?;
    if let Some(w) = &added.warning {
        eprintln!("goobalay: warning: {w}");
    }
    match a.format {
        RecordFormat::Json => print_json(&added)?,
        RecordFormat::Table => outln!(
            "{}: prize added, {}: {}",
            added.tournament,
            added.prize.kind,
            goobalay::tournament::money(added.prize.value)
        ),
    }
    Ok(ExitCode::SUCCESS)
}

fn prizes(db: Option<PathBuf>, a: PrizesArgs) -> anyhow::Result<ExitCode> {
    with_store_read(db, async |store| {
        let report = tournaments::prize_report(store, &a.name, a.share).await?;
        print_prizes(&report, a.format)?;
        Ok(ExitCode::SUCCESS)
    })
}

fn unpair(db: Option<PathBuf>, a: UnpairArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let tournaments::Unpaired {
            tournament,
            round: undone,
        } = tournaments::unpair(store, &a.name, a.reason.as_deref()).await?;
        if a.format == Format::Json {
            print_json(&undone)?;
            return Ok(ExitCode::SUCCESS);
        }
        outln!(
            "{}: round {} taken back ({} board{}; recorded, see `goobalay tournament show`)",
            tournament,
            undone.round,
            undone.boards.len(),
            if undone.boards.len() == 1 { "" } else { "s" }
        );
        if !undone.voided_play.is_empty() {
            let ids: Vec<String> = undone.voided_play.iter().map(|id| id.to_string()).collect();
            outln!(
                "engine play voided and kept in match{} {} (never numbered again)",
                if ids.len() == 1 { "" } else { "es" },
                ids.join(", ")
            );
        }
        for name in &undone.withdrawals_moved {
            outln!(
                "{name} withdrew after round {} was paired: now withdrawn after round {}, so not paired in it",
                undone.round,
                undone.round - 1
            );
        }
        Ok(ExitCode::SUCCESS)
    })
}

fn postpone(db: Option<PathBuf>, a: PostponeArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let p = tournaments::postpone(store, &a.name, a.match_id, a.reason.as_deref()).await?;
        if a.format == RecordFormat::Json {
            print_json(&p)?;
            return Ok(ExitCode::SUCCESS);
        }
        outln!(
            "{}: match {} (round {}, board {}: {} v {}) postponed; the next round is paired without it, and its result is entered when it is played",
            p.tournament,
            p.match_id,
            p.round,
            p.board,
            p.south,
            p.north
        );
        Ok(ExitCode::SUCCESS)
    })
}

fn seed(db: Option<PathBuf>, a: SeedArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let source = match &a.from {
            Some(from) => tournaments::SeedingSource::Standings {
                tournament: from,
                top: a.top,
            },
            None => tournaments::SeedingSource::ByHand(&a.players),
        };
        let seeded = tournaments::seed(store, &a.name, source, a.reason.as_deref()).await?;
        if a.format == RecordFormat::Json {
            print_json(&seeded)?;
            return Ok(ExitCode::SUCCESS);
        }
        for name in &seeded.entered {
            outln!("entered {name} in {}", seeded.tournament);
        }
        match &seeded.from {
            Some(from) => outln!(
                "{} seeded from the final standings of {from}:",
                seeded.tournament
            ),
            None => outln!("{} seeded by hand:", seeded.tournament),
        }
        for line in &seeded.seeds {
            let how = if line.by_hand { "" } else { "  (by rating)" };
            outln!("  seed {}: {}{how}", line.seed, line.name);
        }
        Ok(ExitCode::SUCCESS)
    })
}

fn close(db: Option<PathBuf>, a: ReasonArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let closed = tournaments::close(store, &a.name, a.reason.as_deref()).await?;
        if a.format == RecordFormat::Json {
            print_json(&serde_json::json!({
                "tournament": closed.tournament,
                "status": "finished",
                "after_round": closed.after_round,
                "planned_rounds": closed.planned_rounds,
                "ended_early": closed.ended_early,
            }))?;
            return Ok(ExitCode::SUCCESS);
        }
        outln!(
            "{} is closed after round {} of {}{}",
            closed.tournament,
            closed.after_round,
            closed.planned_rounds,
            if closed.ended_early {
                " (ended early: the rounds left are not played)"
            } else {
                ""
            }
        );
        Ok(ExitCode::SUCCESS)
    })
}

fn reopen(db: Option<PathBuf>, a: ReopenArgs) -> anyhow::Result<ExitCode> {
    with_store(db, async |store| {
        let tournaments::Reopening {
            reopened: r,
            planned_rounds,
        } = tournaments::reopen(store, &a.name, a.reason.as_deref(), a.rounds).await?;
        if a.format == RecordFormat::Json {
            print_json(&serde_json::json!({
                "tournament": r.tournament,
                "status": "reopened",
                "planned_rounds": planned_rounds,
            }))?;
            return Ok(ExitCode::SUCCESS);
        }
        outln!(
            "{} is reopened: entries, withdrawals, pairings and results are taken again; {} planned",
            r.tournament,
            crate::out::count(planned_rounds, "round", "rounds")
        );
        Ok(ExitCode::SUCCESS)
    })
}

fn list(db: Option<PathBuf>, a: ListArgs) -> anyhow::Result<ExitCode> {
    with_store_read(db, async |store| {
        let list = tournaments::list(store).await?;
        // The columns the CSV and the table share; each adds its own counts.
        let leading = list.iter().map(|l| {
            let s = &l.summary;
            [
                s.row.id.to_string(),
                s.row.name.clone(),
                s.row.variant.clone(),
                s.row.format.to_string(),
                s.row.status.to_string(),
                s.entrants.to_string(),
                s.rounds_paired.to_string(),
            ]
        });
        match a.format {
            Format::Json => print_json(&list)?,
            Format::Csv => {
                let mut w = tournament::CsvWriter::new([
                    "id",
                    "name",
                    "variant",
                    "format",
                    "status",
                    "entrants",
                    "rounds_paired",
                    "matches",
                    "finished",
                ]);
                for (s, leading) in list.iter().map(|l| &l.summary).zip(leading) {
                    let counts = [s.matches.to_string(), s.matches_finished.to_string()];
                    w.row(leading.into_iter().chain(counts));
                }
                write!(crate::out::stdout(), "{}", w.finish())?;
            }
            Format::Table if list.is_empty() => {
                outln!("no tournaments yet (`goobalay tournament new NAME ...` creates one)");
            }
            Format::Table => {
                let mut b = Builder::default();
                b.push_record([
                    "id", "name", "variant", "format", "status", "entrants", "rounds", "matches",
                    "created",
                ]);
                for (s, leading) in list.iter().map(|l| &l.summary).zip(leading) {
                    let rest = [
                        format!("{}/{}", s.matches_finished, s.matches),
                        local(s.row.created_at),
                    ];
                    b.push_record(leading.into_iter().chain(rest));
                }
                outln!("{}", b.build().with(Style::rounded()));
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}

fn new(db: Option<PathBuf>, a: NewArgs) -> anyhow::Result<ExitCode> {
    let (format, json) = new_tournament_flags(&a)?;
    let variant = a.variant.load()?;
    let form = match &a.form {
        Some(f) => MatchForm::parse(f).context("--form")?,
        None => MatchForm::default_for(&variant.name),
    };
    let points = PointsScheme::parse_for(&a.points, format)?;
    let tiebreaks = match &a.tiebreaks {
        Some(t) => Tiebreak::parse_list(t)?,
        None => Vec::new(),
    };
    let new = NewTournament {
        name: a.name.clone(),
        variant,
        format,
        rounds: a.rounds,
        form,
        max_hands: a.max_hands,
        points,
        tiebreaks,
        seed: a.seed.unwrap_or_else(|| rand::random::<u64>() >> 1),
        details: event_details(&a.event)?,
        initial_colour: match a.initial.as_deref() {
            None => InitialColour::South,
            Some(text) => InitialColour::parse(text).ok_or_else(|| {
                anyhow::anyhow!(
                    "--initial: '{}' is not a side; give south, north or lot",
                    goobalay::names::excerpt(text)
                )
            })?,
        },
        third_place: a.third_place,
        acceleration: match a.acceleration.as_deref() {
            None => Acceleration::None,
            Some(text) => Acceleration::parse(text).ok_or_else(|| {
                anyhow::anyhow!(
                    "--acceleration: '{}' is not a method; give none or baku",
                    goobalay::names::excerpt(text)
                )
            })?,
        },
    };
    let row = with_store(db, async |store| {
        Ok(tournaments::create(store, &new, a.rating_system.into()).await?)
    })?;
    if json {
        print_json(&row)?;
    } else {
        outln!(
            "created tournament {} (id {}): {} {}{}, {} matches, points {}, seed {}",
            row.name,
            row.id,
            row.variant,
            row.format,
            if row.third_place {
                " with a match for third place"
            } else if !row.acceleration.is_none() {
                ", accelerated by the Baku method"
            } else {
                ""
            },
            row.match_form,
            row.points,
            row.seed
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The event's details given to `tournament new`, their dates read (the rest is
/// checked with the tournament).
fn event_details(a: &EventArgs) -> anyhow::Result<goobalay::app::EventDetails> {
    let change = event_change(a)?;
    Ok(goobalay::app::EventDetails {
        city: change.city,
        federation: change.federation,
        start: change.start,
        end: change.end,
        chief_arbiter: change.chief_arbiter,
        round_dates: change.round_dates.unwrap_or_default(),
    })
}

/// The event's details given to `tournament new` or `tournament set`, their dates
/// read (the rest is checked with the tournament).
fn event_change(a: &EventArgs) -> anyhow::Result<tournaments::EventChange> {
    let date = |option: &str, text: &str| {
        text.trim().parse::<chrono::NaiveDate>().map_err(|_| {
            anyhow::anyhow!(
                "{option}: '{}' is not a date; give it as YYYY-MM-DD",
                goobalay::names::excerpt(text)
            )
        })
    };
    Ok(tournaments::EventChange {
        city: a.city.clone(),
        federation: a.federation.clone(),
        start: a.start.as_deref().map(|t| date("--start", t)).transpose()?,
        end: a.end.as_deref().map(|t| date("--end", t)).transpose()?,
        chief_arbiter: a.arbiter.clone(),
        round_dates: a
            .round_dates
            .as_deref()
            .map(|t| {
                t.split(',')
                    .map(|t| date("--round-dates", t))
                    .collect::<anyhow::Result<_>>()
            })
            .transpose()?,
    })
}

fn import(db: Option<PathBuf>, a: ImportArgs) -> anyhow::Result<ExitCode> {
    let text = files::read_input(&a.file, "TRF file")?;
    let variant = match (&a.variant, &a.rules) {
        (None, None) => None,
        _ => Some(
            VariantArgs {
                variant: a.variant.clone(),
                rules: a.rules.clone(),
            }
            .load()?,
        ),
    };
    let form = a
        .form
        .as_deref()
        .map(|f| MatchForm::parse(f).context("--form"))
        .transpose()?;
    let options = tournaments::ImportOptions {
        name: a.name.clone(),
        variant,
        form,
        max_hands: a.max_hands,
        seed: a.seed,
    };
    let file = a.file.display().to_string();
    // Read and checked before any database is opened (or created).
    let prepared = tournaments::prepare_import(&text, &file, options)?;
    let bar = crate::out::progress_bar(0, "rounds stored");
    let imported = with_store(db, async |store| {
        Ok(tournaments::import_trf(store, &prepared, |done, total| {
            bar.set_length(u64::from(total));
            bar.set_position(u64::from(done));
        })
        .await?)
    });
    bar.finish_and_clear();
    let imported = imported?;
    if a.format == RecordFormat::Json {
        print_json(&imported)?;
        return Ok(ExitCode::SUCCESS);
    }
    let t = &imported.tournament;
    outln!(
        "imported tournament {} (id {}) from {}: {}, {} ({} new), {} rounds played, {} results; points {}",
        t.name,
        t.id,
        file,
        t.variant,
        crate::out::count(imported.players as u64, "player", "players"),
        imported.players_added.len(),
        imported.rounds,
        imported.matches,
        t.points
    );
    Ok(ExitCode::SUCCESS)
}

/// `tournament withdraw --format json`.
fn withdrawal_json(
    a: &WithdrawArgs,
    player: &str,
    after: u32,
    forfeited: Option<i64>,
) -> serde_json::Value {
    serde_json::json!({
        "tournament": a.name.trim(),
        "player": player,
        "withdrawn_after_round": after,
        "forfeited_match": forfeited,
    })
}

/// What a `tournament run` did.
pub struct RunSummary {
    pub played: u64,
    pub finished: bool,
    pub message: String,
}

/// Plays pending engine matches and pairs further rounds until the tournament is
/// finished, a human match is awaited, or `limit` matches were played.
pub async fn run_engines(
    store: &impl Database,
    name: &str,
    limit: Option<u64>,
    lines: bool,
) -> anyhow::Result<RunSummary> {
    let bar = crate::out::progress_bar(0, "matches");
    let (mut tname, mut planned, mut created) = (String::new(), 0, 0);
    // Lines are printed as rounds and matches are committed; a failed write to
    // stdout (a closed pipe) is reported once the run stops.
    let mut out = Ok(());
    let report = goobalay::app::run_tournament(store, name, limit, |event| {
        if out.is_err() {
            return;
        }
        out = match event {
            RunEvent::Started(start) => {
                tname.clone_from(&start.name);
                (planned, created) = (start.planned, start.paired);
                bar.set_length(planned.max(start.finished));
                bar.set_position(start.finished);
                Ok(())
            }
            RunEvent::Paired(paired) => {
                created += paired
                    .boards
                    .iter()
                    .filter(|b| b.match_id.is_some())
                    .count() as u64;
                bar.set_length(planned.max(created));
                if lines {
                    bar.suspend(|| writeln!(crate::out::stdout(), "round {} paired", paired.round))
                } else {
                    Ok(())
                }
            }
            RunEvent::Stored(b, m, names) => {
                bar.inc(1);
                if !lines {
                    return;
                }
                let (south, north) = (names.south, names.north);
                let result = match m.outcome {
                    Some(MatchOutcome::Winner(Side::South)) => "1-0",
                    Some(MatchOutcome::Winner(Side::North)) => "0-1",
                    Some(MatchOutcome::Draw) => "½-½",
                    None => "*",
                };
                let seeds = m
                    .seeds
                    .map_or(String::new(), |(s, n)| format!(", seeds {s}-{n}"));
                bar.suspend(|| {
                    writeln!(
                        crate::out::stdout(),
                        "round {} board {} (match {}): {south} {result} {north}  ({}, {}{seeds})",
                        b.round,
                        b.board,
                        m.id,
                        crate::out::count(m.hands as u64, "hand", "hands"),
                        crate::out::count(m.moves as u64, "move", "moves")
                    )
                })
            }
        };
    })
    .await;
    bar.finish_and_clear();
    let report = report?;
    out?;
    let played = report.played;
    let (finished, message) = match report.end {
        RunEnd::Finished => (
            true,
            format!(
                "{tname} is finished: {} played in this run",
                goobalay::wording::matches(played as u64)
            ),
        ),
        RunEnd::AwaitingHumans { round, pending } => (
            false,
            format!(
                "{} played; round {round} waits for {} with a human player (see `goobalay history --tournament \"{tname}\"`)",
                goobalay::wording::matches(played as u64),
                goobalay::wording::matches(pending as u64)
            ),
        ),
        RunEnd::Limit => (
            false,
            format!(
                "{} played (--limit); run again to go on",
                goobalay::wording::matches(played as u64)
            ),
        ),
    };
    Ok(RunSummary {
        played,
        finished,
        message,
    })
}

/// The width a standings table keeps to unless `--wide`.
const TERMINAL_COLUMNS: usize = 80;

pub fn print_standings(
    loaded: &LoadedTournament,
    format: Format,
    layout: Layout,
) -> anyhow::Result<()> {
    match format {
        // Which rating the rows' "rating" is, beside them.
        Format::Json => print_json(&goobalay::app::views::standings(loaded))?,
        Format::Csv => out!(
            "{}",
            tournament::standings_csv(&loaded.tournament.standings())
        ),
        Format::Table => print_standings_table(loaded, layout)?,
    }
    Ok(())
}

/// The standings for a person: the heading, the table fitted to the layout, and a
/// legend of its columns and tiebreaks.
fn print_standings_table(loaded: &LoadedTournament, layout: Layout) -> anyhow::Result<()> {
    let s = loaded.tournament.standings();
    let rating_label = loaded.row.rating_label();
    let t = &loaded.tournament;
    outln!(
        "{} ({}, {}): standings {}",
        t.name(),
        t.variant(),
        t.format(),
        t.standings_scope().text()
    );
    for line in loaded.row.details.heading() {
        outln!("{line}");
    }
    if let Some(acceleration) = goobalay::app::views::AccelerationView::of(t) {
        outln!("{}", acceleration.text);
    }
    let knockout = t.format().rules().eliminates;
    let wide = layout == Layout::Wide;
    // The rating's own name ("Elo (tihbat)") heads a wide table; a narrow one
    // says "Elo" and the legend says which.
    let rating_header = if wide {
        rating_label.as_str()
    } else {
        rating_label.split(" (").next().unwrap_or("rating")
    };
    let table = standings_builder(&s, rating_header, knockout, wide);
    print_standings_grid(table, &s, wide)?;
    print_standings_legend(loaded, &s, wide, &rating_label, rating_header)
}

/// The standings' rows under their header (`reached` in a knockout).
fn standings_builder(
    s: &goobalay::tournament::Standings,
    rating_header: &str,
    knockout: bool,
    wide: bool,
) -> Builder {
    let mut b = Builder::default();
    let mut header: Vec<String> = if wide {
        vec![
            "#",
            "name",
            rating_header,
            "points",
            "played",
            "W",
            "D",
            "L",
            "byes",
        ]
    } else {
        vec!["#", "name", rating_header, "Pts", "G", "W", "D", "L", "Bye"]
    }
    .into_iter()
    .map(String::from)
    .collect();
    if knockout {
        header.push("reached".into());
    }
    header.extend(s.tiebreaks.iter().map(|t| t.short().to_string()));
    b.push_record(header);
    for r in &s.rows {
        let mut rec = vec![
            r.place_text(),
            format!(
                "{}{}",
                r.name,
                match (r.withdrawn, wide) {
                    (false, _) => "",
                    (true, true) => " (withdrawn)",
                    (true, false) => " (w)",
                }
            ),
            format!("{:.0}", r.rating),
            format!("{:#}", r.points),
            r.played.to_string(),
            r.wins.to_string(),
            r.draws.to_string(),
            r.losses.to_string(),
            r.byes.to_string(),
        ];
        if knockout {
            rec.push(r.reached.map_or("-".into(), |x| format!("round {x}")));
        }
        rec.extend(r.tiebreaks.iter().map(|v| {
            if v.value.is_some() {
                format!("{v:#}")
            } else {
                "-".to_string()
            }
        }));
        b.push_record(rec);
    }
    b
}

/// The table, rounded when wide; else compact, names shortened to fit 80 columns.
fn print_standings_grid(
    b: Builder,
    s: &goobalay::tournament::Standings,
    wide: bool,
) -> anyhow::Result<()> {
    if wide {
        outln!("{}", b.build().with(Style::rounded()));
    } else {
        // One space between columns, a rule under the header: a dozen
        // columns fit 80 with names of a dozen letters; longer names are
        // shortened (with "…") to fit, the full ones are in --wide.
        let mut table = compact_table(b, 1);
        let excess = table.total_width().saturating_sub(TERMINAL_COLUMNS);
        let longest = s
            .rows
            .iter()
            .map(|r| table_width_of(&r.name) + if r.withdrawn { 4 } else { 0 })
            .max()
            .unwrap_or(0)
            .max(4);
        if excess > 0 {
            let keep = longest.saturating_sub(excess).max(8);
            table.with(Modify::new(Columns::one(1)).with(Width::truncate(keep).suffix("…")));
        }
        let mut text = String::new();
        for line in table.to_string().lines() {
            text.push_str(line.trim_end());
            text.push('\n');
        }
        out!("{text}");
    }
    Ok(())
}

/// What the columns, the tiebreaks and the marks of the standings mean.
fn print_standings_legend(
    loaded: &LoadedTournament,
    s: &goobalay::tournament::Standings,
    wide: bool,
    rating_label: &str,
    rating_header: &str,
) -> anyhow::Result<()> {
    if wide {
        outln!("{rating_label}: each player's rating when seeded (round 1, or a late entry)");
        outln!(
            "played: games played (byes and forfeits not counted); W D L: won, drawn, lost; byes: of every kind"
        );
    } else {
        outln!("{rating_header}: {rating_label} when seeded (round 1, or a late entry)");
        match MatchForm::parse(&loaded.row.match_form) {
            // Each pairing is a match of several games: the columns count matches.
            Ok(MatchForm::Games(n)) => {
                outln!(
                    "Pts: points; G: matches played, of {n} games each (byes and forfeits not counted)"
                );
                outln!("W D L: matches won, drawn, lost; Bye: byes of every kind");
            }
            _ => {
                outln!("Pts: points; G: games played (byes and forfeits not counted)");
                outln!("W D L: won, drawn, lost; Bye: byes of every kind");
            }
        }
        if s.rows.iter().any(|r| r.withdrawn) {
            outln!("(w): withdrawn");
        }
    }
    let games_form = loaded.row.plays_games();
    for tb in &s.tiebreaks {
        let explanation = if *tb == Tiebreak::Wins && games_form {
            "matches won"
        } else {
            tb.explanation()
        };
        let line = format!("{}: {}", tb.short(), explanation);
        if wide {
            outln!("{line}");
        } else {
            for part in wrapped(&line, TERMINAL_COLUMNS, "  ") {
                outln!("{part}");
            }
        }
    }
    if s.rows.iter().any(|r| r.shared) {
        outln!("=: tied on points and every tiebreak (listed by starting rank)");
    }
    Ok(())
}

/// `tournament prizes`: each prize with its winner(s) and amount, then each
/// winner's total; warnings on standard error.
fn print_prizes(report: &tournaments::PrizeReport, format: Format) -> anyhow::Result<()> {
    use goobalay::tournament::money;
    for w in &report.warnings {
        eprintln!("goobalay: warning: {w}");
    }
    match format {
        Format::Json => print_json(report)?,
        Format::Csv => {
            let mut w = tournament::CsvWriter::new([
                "prize", "value", "winner", "place", "points", "amount",
            ]);
            for a in &report.awards {
                if a.winners.is_empty() {
                    w.row([
                        a.prize.kind.to_string(),
                        money(a.prize.value),
                        String::new(),
                        String::new(),
                        String::new(),
                        String::new(),
                    ]);
                }
                for x in &a.winners {
                    w.row([
                        a.prize.kind.to_string(),
                        money(a.prize.value),
                        x.name.clone(),
                        x.place.clone(),
                        x.points.to_string(),
                        money(x.amount),
                    ]);
                }
            }
            out!("{}", w.finish());
        }
        Format::Table => {
            outln!(
                "{}: prizes from the {} standings{}",
                report.tournament,
                if report.is_final { "final" } else { "current" },
                if report.shared {
                    "; place prizes of players tied on points shared"
                } else {
                    "; ties broken by the tiebreaks"
                }
            );
            if report.awards.is_empty() {
                outln!("no prizes (`goobalay tournament prize add` adds one)");
                return Ok(());
            }
            let mut b = Builder::default();
            b.push_record(["prize", "value", "winner", "place", "points", "amount"]);
            for a in &report.awards {
                if a.winners.is_empty() {
                    b.push_record([
                        a.prize.kind.to_string(),
                        money(a.prize.value),
                        "(nobody)".into(),
                        String::new(),
                        String::new(),
                        String::new(),
                    ]);
                }
                for x in &a.winners {
                    b.push_record([
                        a.prize.kind.to_string(),
                        money(a.prize.value),
                        x.name.clone(),
                        x.place.clone(),
                        format!("{:#}", x.points),
                        money(x.amount),
                    ]);
                }
            }
            for line in compact_table(b, 2).to_string().lines() {
                outln!("{}", line.trim_end());
            }
            if report.shared {
                outln!("totals:");
                for t in &report.totals {
                    outln!("  {} {}", t.winner.name, money(t.total));
                }
            }
        }
    }
    Ok(())
}

/// The narrow layout of the printed lists (standings, a Swiss crosstable, pairing
/// lists): no borders, a rule under the header, `gap` spaces between columns.
fn compact_table(b: Builder, gap: usize) -> tabled::Table {
    let mut table = b.build();
    table
        .with(
            Style::psql()
                .vertical(' ')
                .horizontals([(1, HorizontalLine::new('─').intersection('─'))]),
        )
        .with(Padding::new(0, gap, 0, 0));
    table
}

/// `text` broken at spaces into lines of at most `width` columns (a longer word
/// stays whole), the lines after the first starting with `indent`.
fn wrapped(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("never empty");
        let fits = table_width_of(line) + 1 + table_width_of(word) <= width;
        if line.trim().is_empty() || fits {
            if !line.trim().is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        } else {
            lines.push(format!("{indent}{word}"));
        }
    }
    lines
}

/// How many terminal columns `text` takes.
fn table_width_of(text: &str) -> usize {
    tabled::grid::util::string::get_text_width(text)
}

/// A round's pairing list as printed: by board, by name, or result slips.
fn pairing_list_lines(
    list: &goobalay::app::views::PairingList,
    layout: ListLayout,
    lang: crate::i18n::Lang,
) -> Vec<String> {
    let title = format!(
        "{}: round {} of {}",
        list.tournament, list.round, list.rounds_planned
    );
    match layout {
        ListLayout::Board => board_list_lines(list, &title),
        ListLayout::Names => name_list_lines(list, &title),
        ListLayout::Slips => result_slip_lines(list, lang),
    }
}

/// Points as the lists show them (a half as ½).
fn points_text(p: goobalay::tournament::Points) -> String {
    format!("{p:#}")
}

/// A list's table, compact, as lines.
fn list_table_lines(b: Builder) -> Vec<String> {
    compact_table(b, 2)
        .to_string()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The pairings by board: each board's players with their points, then the byes.
fn board_list_lines(list: &goobalay::app::views::PairingList, title: &str) -> Vec<String> {
    let mut lines = Vec::new();
    lines.push(format!("{title}, pairings by board"));
    lines.push(String::new());
    let mut b = Builder::default();
    b.push_record([
        "Board",
        "South (moves first)",
        "Pts",
        "North",
        "Pts",
        "Result",
    ]);
    for x in &list.boards {
        b.push_record([
            x.board.to_string(),
            x.south.clone(),
            points_text(x.south_points),
            x.north.clone().unwrap_or_else(|| "bye".to_string()),
            x.north_points.map(points_text).unwrap_or_default(),
            if x.north.is_some() { x.result } else { "" }.to_string(),
        ]);
    }
    for y in &list.byes {
        b.push_record([
            "-".to_string(),
            y.name.clone(),
            points_text(y.points),
            y.kind.to_string(),
            String::new(),
            String::new(),
        ]);
    }
    lines.extend(list_table_lines(b));
    lines.push("Pts: points before this round".to_string());
    lines
}

/// The pairings by name: every player in name order with board, side and opponent.
fn name_list_lines(list: &goobalay::app::views::PairingList, title: &str) -> Vec<String> {
    use goobalay::tournament::Points;
    let mut lines = Vec::new();
    lines.push(format!("{title}, pairings by name"));
    lines.push(String::new());
    // (name, board, side, opponent, points)
    let mut rows: Vec<(String, String, &str, String, Points)> = Vec::new();
    for x in &list.boards {
        let board = x.board.to_string();
        match (&x.north, x.north_points) {
            (Some(n), Some(np)) => {
                rows.push((
                    x.south.clone(),
                    board.clone(),
                    "South",
                    n.clone(),
                    x.south_points,
                ));
                rows.push((n.clone(), board, "North", x.south.clone(), np));
            }
            _ => rows.push((
                x.south.clone(),
                board,
                "-",
                "bye".to_string(),
                x.south_points,
            )),
        }
    }
    for y in &list.byes {
        rows.push((
            y.name.clone(),
            "-".to_string(),
            "-",
            y.kind.to_string(),
            y.points,
        ));
    }
    rows.sort_by(|a, b| goobalay::names::people_order(&a.0, &b.0));
    let mut b = Builder::default();
    b.push_record(["Name", "Pts", "Board", "Side", "Opponent"]);
    for (name, board, side, opponent, p) in rows {
        b.push_record([name, points_text(p), board, side.to_string(), opponent]);
    }
    lines.extend(list_table_lines(b));
    lines.push("Pts: points before this round; South moves first".to_string());
    lines
}

/// One result slip a board, in `lang`: players, boxes for the result (one a game of a
/// `games:N` match) and the signatures.
fn result_slip_lines(
    list: &goobalay::app::views::PairingList,
    lang: crate::i18n::Lang,
) -> Vec<String> {
    let mut lines = Vec::new();
    use crate::i18n::args;
    let rule = "─".repeat(TERMINAL_COLUMNS);
    // Labels padded to one width, so what follows them lines up in any language.
    let padded = |labels: &[String], gap: usize| -> Vec<String> {
        let width = labels.iter().map(|l| table_width_of(l)).max().unwrap_or(0) + gap;
        labels
            .iter()
            .map(|l| format!("{l}{}", " ".repeat(width - table_width_of(l))))
            .collect()
    };
    let (south, north_word) = (lang.t("slip-south"), lang.t("slip-north"));
    let marks = padded(
        &[
            lang.t("slip-result"),
            lang.t("slip-seeds"),
            lang.t("slip-signed"),
        ],
        2,
    );
    let result_row = format!(
        "{}[ ] {}    [ ] {}    [ ] {}",
        marks[0],
        lang.t("slip-south-won"),
        lang.t("slip-north-won"),
        lang.t("slip-draw")
    );
    let seeds_row = format!("{}{south} ______    {north_word} ______", marks[1]);
    let signed_row = format!(
        "  {}{south} ________________    {north_word} ________________",
        marks[2]
    );
    for x in &list.boards {
        let Some(north) = &x.north else { continue };
        let heading = lang.ta(
                "slip-heading",
                &args!["tournament" => list.tournament.as_str(), "round" => list.round, "board" => x.board],
            );
        lines.push(match x.match_id {
            Some(m) => format!("{heading} {}", lang.ta("slip-match", &args!["match" => m])),
            None => heading,
        });
        let north_points = x.north_points.map(points_text).unwrap_or_default();
        if list.game_openers.is_empty() {
            let sides = padded(&[lang.t("slip-south-first"), lang.t("slip-north-label")], 1);
            lines.push(format!(
                "  {}{} ({})",
                sides[0],
                x.south,
                points_text(x.south_points)
            ));
            lines.push(format!("  {}{north} ({north_points})", sides[1]));
            lines.push(format!("  {result_row}"));
            lines.push(format!("  {seeds_row}"));
        } else {
            let sides = padded(&[lang.t("slip-south-label"), lang.t("slip-north-label")], 1);
            lines.push(format!(
                "  {}{} ({})",
                sides[0],
                x.south,
                points_text(x.south_points)
            ));
            lines.push(format!("  {}{north} ({north_points})", sides[1]));
            let games = list.game_openers.len();
            for (k, &opener) in list.game_openers.iter().enumerate() {
                let (side, name) = match opener {
                    goobalay::engine::Side::South => (&south, x.south.as_str()),
                    goobalay::engine::Side::North => (&north_word, north.as_str()),
                };
                lines.extend(game_box(
                        &lang.ta(
                            "slip-game",
                            &args!["game" => k + 1, "games" => games, "side" => side.as_str(), "name" => name],
                        ),
                        &[&result_row, &seeds_row],
                    ));
            }
        }
        lines.push(signed_row.clone());
        lines.push(rule.clone());
    }
    if lines.is_empty() {
        lines.push(lang.ta(
                "slip-none",
                &args!["tournament" => list.tournament.as_str(), "round" => list.round, "rounds" => list.rounds_planned],
            ));
    }
    lines
}

/// A slip's box for one game of a `games:N` match: `title` in its top edge, `rows`
/// inside, indented to sit under the slip's heading.
fn game_box(title: &str, rows: &[&str]) -> Vec<String> {
    let inner = rows
        .iter()
        .map(|r| table_width_of(r))
        .chain([table_width_of(title) + 1])
        .max()
        .unwrap_or(0)
        + 2;
    let top_rule = inner - (table_width_of(title) + 3);
    let mut lines = vec![format!("  ┌─ {title} {}┐", "─".repeat(top_rule))];
    for r in rows {
        let gap = inner - 1 - table_width_of(r);
        lines.push(format!("  │ {r}{}│", " ".repeat(gap)));
    }
    lines.push(format!("  └{}┘", "─".repeat(inner)));
    lines
}

/// A knockout drawn as a bracket, a column per round: round 1's players with their
/// seeds in bracket order, then who went through each match (`?` while it is to be
/// played), as the application's bracket view has them.
fn bracket_lines(t: &Tournament) -> Vec<String> {
    use goobalay::app::views::BracketSlot;
    let view = goobalay::app::views::bracket(t);
    let size = view.columns[0].len();
    if size < 2 {
        return vec!["(no bracket yet: fewer than two entrants)".to_string()];
    }
    let rounds = view.columns.len() - 1;
    let columns: Vec<Vec<String>> = view
        .columns
        .iter()
        .map(|slots| {
            slots
                .iter()
                .map(|slot| match slot {
                    BracketSlot::Seeded { seed, name, .. } => format!("{seed} {name}"),
                    BracketSlot::Through { name, .. } => name.clone(),
                    BracketSlot::Bye => "(bye)".to_string(),
                    BracketSlot::Empty => "-".to_string(),
                    BracketSlot::Undecided => "?".to_string(),
                })
                .collect()
        })
        .collect();
    // Line of slot k in column c: column 0 every other line, then midway between
    // the two slots it is the winner of.
    let mut lines_of: Vec<Vec<usize>> = vec![(0..size).map(|k| 2 * k).collect()];
    for c in 1..=rounds {
        let prev = &lines_of[c - 1];
        lines_of.push(
            (0..size >> c)
                .map(|k| (prev[2 * k] + prev[2 * k + 1]) / 2)
                .collect(),
        );
    }
    let mut header = Vec::new();
    let mut grid: Vec<Vec<char>> = vec![Vec::new(); 2 * size - 1];
    let put = |grid: &mut Vec<Vec<char>>, line: usize, x: usize, text: &str| {
        let row = &mut grid[line];
        for (i, ch) in text.chars().enumerate() {
            if row.len() <= x + i {
                row.resize(x + i + 1, ' ');
            }
            row[x + i] = ch;
        }
    };
    let mut x = 0;
    for c in 0..=rounds {
        let title = match rounds - c {
            0 => "Winner".to_string(),
            1 => "Final".to_string(),
            2 => "Semi-finals".to_string(),
            _ => format!("Round {}", c + 1),
        };
        let width = columns[c]
            .iter()
            .map(|l| table_width_of(l))
            .chain([table_width_of(&title)])
            .max()
            .unwrap_or(1);
        header.push((x, title));
        for (k, label) in columns[c].iter().enumerate() {
            put(&mut grid, lines_of[c][k], x, label);
        }
        if c == rounds {
            break;
        }
        let joint = x + width + 2;
        for (k, &line) in lines_of[c].iter().enumerate() {
            let from = x + table_width_of(&columns[c][k]) + 1;
            put(&mut grid, line, from, &"─".repeat(joint - from));
            put(&mut grid, line, joint, if k % 2 == 0 { "┐" } else { "┘" });
        }
        for k in 0..columns[c].len() / 2 {
            let (a, b) = (lines_of[c][2 * k], lines_of[c][2 * k + 1]);
            for line in a + 1..b {
                put(&mut grid, line, joint, "│");
            }
            put(&mut grid, lines_of[c + 1][k], joint, "├─");
        }
        x = joint + 3;
    }
    let mut title_line = Vec::new();
    for (x, title) in header {
        if title_line.len() < x {
            title_line.resize(x, ' ');
        }
        title_line.extend(title.chars());
    }
    std::iter::once(title_line.into_iter().collect())
        .chain(grid.into_iter().map(|row| row.into_iter().collect()))
        .collect()
}

/// A knockout's match for third place under its bracket (`None`: it has none).
fn third_place_line(t: &Tournament) -> Option<String> {
    if !t.has_third_place_match() {
        return None;
    }
    let name = |id: i64| t.entrant(id).map_or("?", |e| e.name.as_str());
    Some(match tournament::third_place_fixture(t) {
        None => "Third place: the semi-finals' losers, paired with the final".to_string(),
        Some(f) => {
            let players = format!(
                "{} v {}",
                name(f.pairing.south),
                f.pairing.north.map_or("?", name)
            );
            match tournament::third_place_winner(t, f) {
                Some(w) => format!("Third place: {players}: {} is third", name(w)),
                None => format!("Third place: {players}: to be played"),
            }
        }
    })
}

fn print_crosstable(t: &Tournament, format: Format) -> anyhow::Result<()> {
    let x = t.crosstable();
    match format {
        Format::Json => print_json(&x)?,
        Format::Csv => write!(crate::out::stdout(), "{}", tournament::crosstable_csv(&x))?,
        Format::Table if t.format().rules().eliminates => {
            for line in bracket_lines(t) {
                outln!("{}", line.trim_end());
            }
            if let Some(line) = third_place_line(t) {
                outln!("{line}");
            }
        }
        Format::Table if t.format().rules().rounds == Rounds::Chosen => {
            // As Swiss Manager and FIDE's reports print it: each round's opponent (by
            // their place here), the side and the result.
            let mut b = Builder::default();
            let mut header = vec!["#".to_string(), "name".to_string()];
            header.extend((1..=x.rounds).map(|r| format!("R{r}")));
            header.push("Pts".into());
            b.push_record(header);
            for (p, card) in x.players.iter().zip(&x.cards) {
                let mut rec = vec![p.position.to_string(), p.name.clone()];
                rec.extend(card.iter().map(|e| match (e.opponent_position, e.side) {
                    (Some(o), Some(side)) => {
                        let side = if side == Side::South { "s" } else { "n" };
                        format!("{o}{side} {}", e.outcome.symbol())
                    }
                    _ => e.outcome.symbol().to_string(),
                }));
                rec.push(format!("{:#}", p.points));
                b.push_record(rec);
            }
            for line in compact_table(b, 1).to_string().lines() {
                outln!("{}", line.trim_end());
            }
            outln!("R1, R2, ...: the opponent's place, s (South, moved first) or n, the result");
            outln!("1 ½ 0: won, drawn, lost; + -: forfeit won, lost; .: not paired; *: to play");
            outln!("U: pairing bye; H: half-point bye; Z: zero-point bye");
        }
        Format::Table => {
            let mut b = Builder::default();
            let mut header = vec!["#".to_string(), "name".to_string()];
            header.extend(x.players.iter().map(|p| p.position.to_string()));
            header.push("points".into());
            b.push_record(header);
            for (i, p) in x.players.iter().enumerate() {
                let mut rec = vec![p.position.to_string(), p.name.clone()];
                for j in 0..x.players.len() {
                    rec.push(if i == j {
                        "x".to_string()
                    } else {
                        x.cells[i][j]
                            .iter()
                            .map(|e| e.outcome.symbol())
                            .collect::<Vec<_>>()
                            .join(" ")
                    });
                }
                rec.push(format!("{:#}", p.points));
                b.push_record(rec);
            }
            outln!("{}", b.build().with(Style::rounded()));
        }
    }
    Ok(())
}

fn print_show(record: &TournamentRecord, format: Format) -> anyhow::Result<()> {
    let TournamentRecord {
        loaded,
        rounds,
        status_changes: changes,
        corrections,
    } = record;
    let t = &loaded.tournament;
    let boards = goobalay::app::views::boards(loaded);
    match format {
        Format::Json => print_json(&serde_json::json!({
            "tournament": loaded.row,
            "rounds_planned": t.planned_rounds(),
            "rounds_paired": t.current_round(),
            "finished": t.is_finished(),
            "progress": goobalay::app::views::Progress::of(loaded),
            "entrants": t.entrants(),
            "boards": boards,
            "round_records": rounds,
            "status_changes": changes,
            "corrections": corrections,
            "requested_byes": t.requested_byes(),
        }))?,
        Format::Csv => write!(
            crate::out::stdout(),
            "{}",
            goobalay::app::views::pairing_sheet(loaded, None)
        )?,
        Format::Table => {
            print_show_heading(loaded)?;
            print_round_tables(loaded, rounds, &boards)?;
            print_taken_back_rounds(loaded, rounds)?;
            print_corrections(loaded, corrections)?;
            print_status_changes(changes)?;
        }
    }
    Ok(())
}

/// `tournament show`'s first lines: the event's setup and how far it is.
fn print_show_heading(loaded: &LoadedTournament) -> anyhow::Result<()> {
    let t = &loaded.tournament;
    let r = &loaded.row;
    outln!(
        "{} (id {}): {} {}{}, {} matches{}, points {}, seed {}, {}",
        r.name,
        r.id,
        r.variant,
        r.format,
        if r.third_place {
            " with a match for third place"
        } else if !r.acceleration.is_none() {
            ", accelerated by the Baku method"
        } else {
            ""
        },
        r.match_form,
        r.max_hands
            .map_or(String::new(), |m| format!(" (at most {m} hands)")),
        t.points(),
        r.seed,
        status_word(loaded)
    );
    let withdrawn: Vec<&str> = t
        .entrants()
        .iter()
        .filter(|e| e.is_withdrawn())
        .map(|e| e.name.as_str())
        .collect();
    outln!(
        "{}{}; round {} of {} paired",
        crate::out::count(t.entrants().len() as u64, "entrant", "entrants"),
        if withdrawn.is_empty() {
            String::new()
        } else {
            format!(" (withdrawn: {})", withdrawn.join(", "))
        },
        t.current_round(),
        t.planned_rounds()
    );
    Ok(())
}

/// One table per round paired: its boards and the byes outside the pairing.
fn print_round_tables(
    loaded: &LoadedTournament,
    rounds: &[goobalay::app::RoundRecord],
    boards: &[goobalay::app::views::BoardView],
) -> anyhow::Result<()> {
    let t = &loaded.tournament;
    // Once, not per round: a round robin of 448 has 447 rounds of 224 boards.
    let mut boards_of: BTreeMap<u32, Vec<&goobalay::app::views::BoardView>> = BTreeMap::new();
    for x in boards {
        boards_of.entry(x.round).or_default().push(x);
    }
    let byes: Vec<_> = t.recorded_byes().collect();
    for round in 1..=t.current_round() {
        match rounds
            .iter()
            .find(|r| r.round == round && r.unpaired_at.is_none())
        {
            Some(r) if r.method == "manual" => outln!(
                "Round {round} (paired by hand{})",
                r.reason
                    .as_ref()
                    .map_or(String::new(), |why| format!(": {why}"))
            ),
            _ => outln!("Round {round}"),
        }
        let mut b = Builder::default();
        b.push_record([
            "board",
            "south (first)",
            "north",
            "result",
            "seeds",
            "hands",
            "match",
        ]);
        for x in boards_of.get(&round).into_iter().flatten() {
            b.push_record([
                x.board.to_string(),
                x.south.clone(),
                x.north.clone().unwrap_or_else(|| "(bye)".into()),
                x.result.to_string(),
                match (x.seeds_south, x.seeds_north) {
                    (Some(s), Some(n)) => format!("{s}-{n}"),
                    _ => "-".into(),
                },
                if x.match_id.is_some() {
                    x.hands.to_string()
                } else {
                    "-".into()
                },
                x.match_id.map_or("-".into(), |v| v.to_string()),
            ]);
        }
        for bye in byes.iter().filter(|y| y.round == round) {
            b.push_record([
                "-".to_string(),
                loaded.name_of(bye.player).to_string(),
                "(bye outside the pairing)".to_string(),
                tournament::requested_bye_text(bye).to_string(),
                "-".into(),
                "-".into(),
                "-".into(),
            ]);
        }
        outln!("{}", b.build().with(Style::rounded()));
    }
    Ok(())
}

/// The rounds taken back, as they were paired.
fn print_taken_back_rounds(
    loaded: &LoadedTournament,
    rounds: &[goobalay::app::RoundRecord],
) -> anyhow::Result<()> {
    for r in rounds.iter().filter(|r| r.unpaired_at.is_some()) {
        let names: Vec<String> = r
            .boards
            .iter()
            .map(|b| match b.north {
                Some(n) => format!("{} v {}", loaded.name_of(b.south), loaded.name_of(n)),
                None => format!("{} bye", loaded.name_of(b.south)),
            })
            .collect();
        outln!(
            "Round {} as paired ({}) at {} was taken back at {}{}: {}",
            r.round,
            r.method,
            r.paired_at.format("%Y-%m-%d %H:%M"),
            r.unpaired_at.expect("filtered").format("%Y-%m-%d %H:%M"),
            r.unpair_reason
                .as_ref()
                .map_or(String::new(), |why| format!(" ({why})")),
            names.join(", ")
        );
    }
    Ok(())
}

/// The corrections made to the event's results.
fn print_corrections(
    loaded: &LoadedTournament,
    corrections: &[goobalay::app::Correction],
) -> anyhow::Result<()> {
    for c in corrections {
        let at = loaded
            .board_of_match(c.match_id)
            .map_or(String::new(), |b| {
                format!("round {} board {}, ", b.round, b.board)
            });
        outln!(
            "Corrected {}: {at}match {}: {} ({}): {} before, {} after",
            c.corrected_at.format("%Y-%m-%d %H:%M"),
            c.match_id,
            c.kind.describe(),
            c.reason,
            c.before.text(),
            c.after.text()
        );
    }
    Ok(())
}

/// When the event was closed and reopened.
fn print_status_changes(changes: &[goobalay::app::StatusChange]) -> anyhow::Result<()> {
    for c in changes {
        outln!(
            "{} at {}{}",
            if c.status == "finished" {
                "Closed"
            } else {
                "Reopened"
            },
            c.changed_at.format("%Y-%m-%d %H:%M"),
            c.reason
                .as_ref()
                .map_or(String::new(), |why| format!(": {why}"))
        );
    }
    Ok(())
}

/// The tournament's state in one word: closed ones say so.
fn status_word(loaded: &LoadedTournament) -> &str {
    if loaded.is_closed() {
        "finished (closed)"
    } else {
        loaded.row.status.name()
    }
}

#[cfg(test)]
mod wrap_tests {
    use super::wrapped;

    #[test]
    fn a_legend_line_is_broken_at_spaces_within_the_width() {
        assert_eq!(
            wrapped("BH: Buchholz, the opponents' points added up", 20, "  "),
            ["BH: Buchholz, the", "  opponents' points", "  added up"]
        );
        assert_eq!(wrapped("short", 20, "  "), ["short"]);
        assert_eq!(
            wrapped("a longerthanwidthword b", 8, " "),
            ["a", " longerthanwidthword", " b"]
        );
    }
}
