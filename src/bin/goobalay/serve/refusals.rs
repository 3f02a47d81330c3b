//! The library's refusals in the page's language: the one place that words an
//! [`AppError`] (and a player's [`ReportRefusal`]) from its facts, with the ids of
//! `locales/<lang>/refusals.ftl` and `report.ftl`. The rules stay in the library;
//! this only says what it decided. A refusal is worded here only while its English
//! is what the library says, word for word (tests and people's habits read it), so
//! a library message that changes falls back to the library's English in English
//! and to a general line in the other languages ([`refused`]), never to English
//! on a French page. Player and tournament names are passed in, never translated.

use axum::http::StatusCode;
use goobalay::app::CorrectError;
use goobalay::app::FinishedHow;
use goobalay::app::StoreError;
use goobalay::app::players::PlayerRefusal;
use goobalay::app::reports::ReportRefusal;
use goobalay::app::tournaments::TournamentRefusal;
use goobalay::app::{AppError, Failure};
use goobalay::engine::Side;
use goobalay::hint::Refusal;
use goobalay::matches::{MatchError, ResultRefusal};
use goobalay::tournament::ClosingRefusal;

use super::lang::Lang;
use super::refused::{Refused, Web};
use crate::i18n::args;

/// The library's refusal `e` as the web answers it (its status as
/// [`Refused::from`] gives it), in the page's language: English is the library's
/// own words; another language has this module's words, or, for a refusal not
/// worded here, a general line for its kind (nothing English).
pub fn refused(lang: Lang, e: AppError) -> Refused {
    let words = words(lang, &e);
    let english = Refused::from(e);
    if lang == Lang::En {
        return english;
    }
    let text = words.unwrap_or_else(|| general(lang, english.status));
    Refused::new(english.status, text)
}

/// Why the server cannot use its database now ([`Store::check_file`]'s error), in
/// the page's language (English: the store's own words).
///
/// [`Store::check_file`]: goobalay::store::Store::check_file
pub fn unusable_file(lang: Lang, e: &StoreError) -> String {
    use goobalay::app::FileChange;
    match e {
        StoreError::FileChanged { path, change } if lang != Lang::En => lang.ta(
            match change {
                FileChange::Deleted => "refusal-file-deleted",
                FileChange::DeletedOrMoved => "refusal-file-deleted-or-moved",
                FileChange::Replaced => "refusal-file-replaced",
                FileChange::Overwritten => "refusal-file-overwritten",
            },
            &args!["path" => path.display().to_string()],
        ),
        StoreError::FileChanged { .. } => e.to_string(),
        _ if lang == Lang::En => e.to_string(),
        _ => lang.t("refusal-unavailable"),
    }
}

/// A refusal's words in `lang`, if worded here (and its English is the web's).
pub fn words(lang: Lang, e: &AppError) -> Option<String> {
    match e.failure() {
        Failure::NotFound("match") => Some(lang.t("refusal-no-such-match")),
        Failure::NotFound(_) | Failure::Unavailable => None,
        Failure::Busy => Some(lang.t("report-refused-busy")),
        Failure::Storage => Some(lang.t("refusal-storage")),
        Failure::Refused => {
            let english = library_words(Lang::En, e)?;
            (english == e.worded(&Web))
                .then(|| library_words(lang, e))
                .flatten()
        }
    }
}

/// The line for a refusal not worded here, by its status.
fn general(lang: Lang, status: StatusCode) -> String {
    match status {
        StatusCode::NOT_FOUND => lang.t("refusal-not-found"),
        StatusCode::SERVICE_UNAVAILABLE => lang.t("refusal-unavailable"),
        StatusCode::INTERNAL_SERVER_ERROR => lang.t("refusal-storage"),
        _ => lang.t("refusal-other"),
    }
}

/// A refusal by the rules, worded from its facts; `None` for those not worded here.
fn library_words(lang: Lang, e: &AppError) -> Option<String> {
    match e {
        AppError::Finished { id, how } => Some(lang.ta(
            "refusal-finished",
            &args!["match" => *id, "how" => how_words(lang, how)],
        )),
        AppError::Match(_) => result_words(lang, e),
        AppError::Tournament(t) => tournament_words(lang, t),
        AppError::Player(p) => player_words(lang, p),
        AppError::Closing(ClosingRefusal::UnplayedKnockout { id, void }) => Some(lang.ta(
            "refusal-unplayed-knockout",
            &args!["match" => *id, "void" => if *void { "yes" } else { "no" }],
        )),
        AppError::Correction(CorrectError::NoReason) => Some(lang.t("refusal-no-reason")),
        AppError::Report(r) => report_words(lang, r),
        _ => None,
    }
}

fn tournament_words(lang: Lang, t: &TournamentRefusal) -> Option<String> {
    Some(match t {
        TournamentRefusal::Closed(closed) => {
            lang.ta("refusal-closed", &args!["tournament" => closed.0.as_str()])
        }
        TournamentRefusal::NotEntered { player, tournament } => lang.ta(
            "refusal-not-entered",
            &args!["player" => player.as_str(), "tournament" => tournament.as_str()],
        ),
        TournamentRefusal::AlreadyWithdrawn { player, tournament } => lang.ta(
            "refusal-already-withdrawn",
            &args!["player" => player.as_str(), "tournament" => tournament.as_str()],
        ),
        TournamentRefusal::ByeNotSwiss { tournament, format } => lang.ta(
            "refusal-bye-not-swiss",
            &args!["tournament" => tournament.as_str(), "format" => super::pages::format_word(lang, *format)],
        ),
        TournamentRefusal::RoundAlreadyPaired { round, next, last } => lang.ta(
            "refusal-round-already-paired",
            &args!["round" => *round, "next" => *next, "last" => *last],
        ),
        TournamentRefusal::RoundBeyondEnd { round, planned } => lang.ta(
            "refusal-round-beyond-end",
            &args!["round" => *round, "planned" => *planned],
        ),
        TournamentRefusal::ByeAlreadyRequested { player, round } => lang.ta(
            "refusal-bye-already-requested",
            &args!["player" => player.as_str(), "round" => *round],
        ),
        _ => return None,
    })
}

fn player_words(lang: Lang, p: &PlayerRefusal) -> Option<String> {
    Some(match p {
        PlayerRefusal::Unknown { name, like: None } => lang.ta(
            "refusal-unknown-player",
            &args!["name" => lang.excerpt(name)],
        ),
        PlayerRefusal::Unknown {
            name,
            like: Some(like),
        } => lang.ta(
            "refusal-unknown-player-like",
            &args!["name" => lang.excerpt(name), "like" => like.as_str()],
        ),
        PlayerRefusal::Retired(name) => lang.ta("refusal-retired", &args!["name" => name.as_str()]),
        _ => return None,
    })
}

/// What a player meets at the code, in the page's language: the library's refusal
/// worded from its facts (as the library says it in English). `None` for the
/// refusals left in the library's words.
pub fn report_words(lang: Lang, r: &ReportRefusal) -> Option<String> {
    Some(match r {
        ReportRefusal::UnknownCode => lang.t("report-refused-unknown-code"),
        ReportRefusal::ReplacedCode => lang.t("report-refused-replaced-code"),
        ReportRefusal::NoMatch {
            player,
            tournament,
            round,
        } => lang.ta(
            "report-refused-no-match",
            &args!["player" => player.as_str(), "tournament" => tournament.as_str(), "round" => *round],
        ),
        ReportRefusal::Closed(tournament) => lang.ta(
            "report-refused-closed",
            &args!["tournament" => tournament.as_str()],
        ),
        ReportRefusal::EngineMatch { id, south, north } => lang.ta(
            "report-refused-engine",
            &args!["match" => *id, "south" => south.as_str(), "north" => north.as_str()],
        ),
        ReportRefusal::Decided {
            id,
            south,
            north,
            how,
        } => {
            let said = |lang: Lang| {
                lang.ta(
                    "report-refused-decided",
                    &args![
                        "match" => *id,
                        "south" => south.as_str(),
                        "north" => north.as_str(),
                        "how" => how_words(lang, how),
                    ],
                )
            };
            // Worded here only while the English says what the library says.
            if said(Lang::En) != r.to_string() {
                return None;
            }
            said(lang)
        }
        ReportRefusal::NoSuchReport(_) | ReportRefusal::NotLatest { .. } => return None,
    })
}

/// How a finished match ended, as a refusal names it ("Ana (south) won", "drawn",
/// "void", "forfeited, south absent" in English), in the page's language.
pub fn how_words(lang: Lang, how: &FinishedHow) -> String {
    match how {
        FinishedHow::Won {
            side: Side::South,
            name,
        } => lang.ta("report-how-south", &args!["name" => name.as_str()]),
        FinishedHow::Won {
            side: Side::North,
            name,
        } => lang.ta("report-how-north", &args!["name" => name.as_str()]),
        FinishedHow::Drawn => lang.t("report-how-drawn"),
        FinishedHow::Void => lang.t("report-how-void"),
        FinishedHow::Forfeited { absent } => {
            lang.ta("report-how-forfeit", &args!["absent" => absent.name()])
        }
    }
}

/// A result the CLI's checks refuse (a match's seeds that do not add up, or that
/// contradict the result), in the page's language, worded from the refusal's facts;
/// `None` for the library's other refusals.
pub fn result_words(lang: Lang, e: &AppError) -> Option<String> {
    let AppError::Match(MatchError::Result(refusal)) = e else {
        return None;
    };
    let words = |lang: Lang| match *refusal {
        ResultRefusal::MatchSum {
            south,
            north,
            sum,
            in_play,
        } => Some(lang.ta(
            "report-refused-seeds-sum",
            &args!["south" => south, "north" => north, "sum" => sum, "total" => in_play],
        )),
        ResultRefusal::Contradicts {
            south,
            north,
            result,
        } => Some(lang.ta(
            "report-refused-seeds-contradict",
            &args!["south" => south, "north" => north, "result" => result.name()],
        )),
        ResultRefusal::HandSum { .. } | ResultRefusal::BelowHeld { .. } => None,
    };
    // Worded here only while the English says what the library says.
    (words(Lang::En)? == refusal.to_string())
        .then(|| words(lang))
        .flatten()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use goobalay::matches::Absent;
    use goobalay::store::StoreError;
    use goobalay::tournament::{ClosedTournament, Format};

    /// A match finished each way a refusal can name: won by either side, drawn,
    /// void, forfeited by either side or both.
    pub(crate) fn every_finished_how() -> Vec<FinishedHow> {
        vec![
            FinishedHow::Won {
                side: Side::South,
                name: "Ana".into(),
            },
            FinishedHow::Won {
                side: Side::North,
                name: "Bo".into(),
            },
            FinishedHow::Drawn,
            FinishedHow::Void,
            FinishedHow::Forfeited {
                absent: Absent::South,
            },
            FinishedHow::Forfeited {
                absent: Absent::North,
            },
            FinishedHow::Forfeited {
                absent: Absent::Both,
            },
        ]
    }

    /// How a match ended, in French from its facts, and in English exactly as the
    /// library words it (the CLI's refusal).
    #[test]
    fn how_a_match_ended_is_worded_from_its_facts() {
        let french = [
            "Ana (Sud) a gagné",
            "Bo (Nord) a gagné",
            "partie nulle",
            "annulée",
            "forfait, sud absent",
            "forfait, nord absent",
            "forfait, tous deux absents",
        ];
        let english = [
            "Ana (south) won",
            "Bo (north) won",
            "drawn",
            "void",
            "forfeited, south absent",
            "forfeited, north absent",
            "forfeited, both absent",
        ];
        for ((how, fr), en) in every_finished_how().iter().zip(french).zip(english) {
            assert_eq!(how_words(Lang::Fr, how), fr);
            assert_eq!(how.to_string(), en);
            assert_eq!(how_words(Lang::En, how), en);
        }
    }

    /// The web's answer to `e` in `lang`: its status and line.
    fn answer(lang: Lang, e: AppError) -> (StatusCode, String) {
        let r = refused(lang, e);
        (r.status, r.text)
    }

    /// Each refusal of `errors` (made fresh for each language): in English the
    /// web's words for it as they were, word for word; in every other language
    /// the same status and a line of this module's words, holding every name and
    /// none of the English line.
    fn worded_in_every_language(errors: impl Fn() -> Vec<AppError>, names: &[&str]) {
        for (i, e) in errors().into_iter().enumerate() {
            let english = Refused::from(e);
            assert_eq!(
                answer(Lang::En, errors().remove(i)),
                (english.status, english.text.clone())
            );
            assert!(
                words(Lang::En, &errors().remove(i)).is_some(),
                "not worded here: {}",
                english.text
            );
            for lang in Lang::ALL.into_iter().skip(1) {
                let (status, said) = answer(lang, errors().remove(i));
                assert_eq!(status, english.status, "{}: {said}", lang.code());
                assert_ne!(said, english.text, "{}", lang.code());
                assert_ne!(said, lang.t("refusal-other"), "{}", lang.code());
                for name in names.iter().filter(|n| english.text.contains(*n)) {
                    assert!(said.contains(name), "{}: {said} lost {name}", lang.code());
                }
            }
        }
    }

    /// `POST /api/matches/{id}/result`: a match already decided, however it
    /// ended, a closed tournament, a knockout match nobody played.
    #[test]
    fn a_result_refused_by_the_rules_is_in_the_pages_language() {
        let errors = || {
            let mut errors: Vec<AppError> = every_finished_how()
                .into_iter()
                .map(|how| AppError::Finished { id: 7, how })
                .collect();
            errors.push(TournamentRefusal::Closed(ClosedTournament("Club Night".into())).into());
            errors.push(ClosingRefusal::UnplayedKnockout { id: 7, void: true }.into());
            errors.push(ClosingRefusal::UnplayedKnockout { id: 7, void: false }.into());
            errors
        };
        worded_in_every_language(errors, &["Ana", "Bo", "Club Night", "7"]);
        let (status, said) = answer(
            Lang::Fr,
            AppError::Finished {
                id: 7,
                how: FinishedHow::Won {
                    side: Side::South,
                    name: "Ana".into(),
                },
            },
        );
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            said,
            "la partie 7 est terminée (Ana (Sud) a gagné) ; changer un résultat acquis est une correction (la correction de partie de l'arbitre, avec un motif)"
        );
    }

    /// `POST /api/matches/{id}/take-back`: a correction with no reason.
    #[test]
    fn a_take_back_refused_is_in_the_pages_language() {
        worded_in_every_language(|| vec![AppError::Correction(CorrectError::NoReason)], &[]);
        assert_eq!(
            answer(Lang::Fr, AppError::Correction(CorrectError::NoReason)).1,
            "une correction demande un motif : il est enregistré avec la correction"
        );
    }

    /// `POST /api/tournaments/{id}/withdrawal`: an unknown player (with and
    /// without a name like it), one not entered, one already gone, a retired one,
    /// a closed tournament.
    #[test]
    fn a_withdrawal_refused_is_in_the_pages_language() {
        let errors = || -> Vec<AppError> {
            vec![
                PlayerRefusal::Unknown {
                    name: "Nobody Here".into(),
                    like: None,
                }
                .into(),
                PlayerRefusal::Unknown {
                    name: "Anna".into(),
                    like: Some("Ana".into()),
                }
                .into(),
                TournamentRefusal::NotEntered {
                    player: "Ümit".into(),
                    tournament: "Club Night".into(),
                }
                .into(),
                TournamentRefusal::AlreadyWithdrawn {
                    player: "Ümit".into(),
                    tournament: "Club Night".into(),
                }
                .into(),
                PlayerRefusal::Retired("Ümit".into()).into(),
                TournamentRefusal::Closed(ClosedTournament("Club Night".into())).into(),
            ]
        };
        worded_in_every_language(
            errors,
            &["Nobody Here", "Anna", "Ana", "Ümit", "Club Night"],
        );
        assert_eq!(
            answer(Lang::Fr, errors().remove(1)).1,
            "aucun joueur ne s'appelle « Anna » ; vouliez-vous dire « Ana » ?"
        );
    }

    /// `POST /api/tournaments/{id}/bye`: not a swiss, a round paired or beyond
    /// the last, a bye asked twice; the system's name in the page's language.
    #[test]
    fn a_bye_refused_is_in_the_pages_language() {
        let errors = || -> Vec<AppError> {
            vec![
                TournamentRefusal::ByeNotSwiss {
                    tournament: "Club Night".into(),
                    format: Format::RoundRobin,
                }
                .into(),
                TournamentRefusal::RoundAlreadyPaired {
                    round: 2,
                    next: 3,
                    last: 7,
                }
                .into(),
                TournamentRefusal::RoundBeyondEnd {
                    round: 9,
                    planned: 7,
                }
                .into(),
                TournamentRefusal::ByeAlreadyRequested {
                    player: "Ümit".into(),
                    round: 3,
                }
                .into(),
            ]
        };
        worded_in_every_language(errors, &["Club Night", "Ümit", "2", "3", "7", "9"]);
        assert_eq!(
            answer(Lang::Fr, errors().remove(0)).1,
            "Club Night se joue en toutes rondes : les exemptions sur demande sont pour un système suisse apparié selon le système néerlandais ; donnez plutôt la partie par forfait"
        );
    }

    /// A busy database 503 and an unknown match 404 (a store's error has one route,
    /// [`AppError::Store`]), in the page's language, in English as the web always
    /// said them.
    #[test]
    fn a_busy_database_and_an_unknown_match_are_in_the_pages_language() {
        let errors = || -> Vec<AppError> {
            vec![
                StoreError::Busy(10_000).into(),
                StoreError::UnknownMatch(9).into(),
            ]
        };
        worded_in_every_language(errors, &[]);
        assert_eq!(
            answer(Lang::Fr, StoreError::UnknownMatch(9).into()),
            (
                StatusCode::NOT_FOUND,
                "cette partie n'existe pas".to_string()
            )
        );
    }

    /// A refusal not worded here is the library's English in English and a general line of its kind, with nothing
    /// English, in the other languages.
    #[test]
    fn a_refusal_not_worded_here_falls_back_to_a_line_in_the_pages_language() {
        let not_worded = || AppError::SamePlayer("Ana".into());
        assert_eq!(words(Lang::Fr, &not_worded()), None);
        assert_eq!(
            answer(Lang::En, not_worded()),
            (StatusCode::CONFLICT, not_worded().to_string())
        );
        for lang in Lang::ALL.into_iter().skip(1) {
            assert_eq!(
                answer(lang, not_worded()),
                (StatusCode::CONFLICT, lang.t("refusal-other"))
            );
            assert_ne!(lang.t("refusal-other"), Lang::En.t("refusal-other"));
        }
    }
}
