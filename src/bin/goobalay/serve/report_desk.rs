//! The director's page's section on the players' reports: the reports of matches
//! awaiting their result, each with a form to accept it, and the wrong codes so
//! far, in the page's language (`locales/<lang>/report.ftl`, with the report
//! page's words).

use goobalay::app::Claim;
use goobalay::app::reports::{self, AwaitedReports};
use goobalay::engine::Side;
use goobalay::matches::MatchOutcome;
use maud::{Markup, html};

use super::Ctx;
use super::guesses::{IN_ALL, PER_ADDRESS};
use super::lang::Lang;
use crate::i18n::{args, count};

/// A claim in words, with the players' names: "Ana (South) won, 30–18".
pub(super) fn claim_words(lang: Lang, claim: Claim, south: &str, north: &str) -> String {
    let who = match claim.result {
        MatchOutcome::Winner(Side::South) => lang.ta("report-claim-south", &args!["name" => south]),
        MatchOutcome::Winner(Side::North) => lang.ta("report-claim-north", &args!["name" => north]),
        MatchOutcome::Draw => lang.t("report-claim-draw"),
    };
    match claim.seeds {
        Some(s) => lang.ta(
            "report-claim-seeds",
            &args!["claim" => who, "seeds" => format!("{}–{}", s.south, s.north)],
        ),
        None => who,
    }
}

/// When a report was made, for a page (the message adds "UTC").
fn reported_time(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%H:%M").to_string()
}

fn claim_text(lang: Lang, r: &goobalay::app::MatchReport, a: &AwaitedReports) -> String {
    claim_words(lang, r.claim, &a.south, &a.north)
}

/// The director's page's section: the reports of matches awaiting their result (a
/// disagreement marked), each with a form to accept it, and the wrong codes so far.
pub async fn director_section(ctx: &Ctx, lang: Lang, tournament: i64) -> Markup {
    let awaited = reports::awaited_reports(&ctx.store, tournament)
        .await
        .unwrap_or_else(|e| {
            super::internal(e);
            Vec::new()
        });
    let counts = ctx.guesses.counts();
    let wrong_codes = super::lang::with_markup(
        lang,
        "reports-wrong-codes",
        args![
            "addresses" => count(counts.from_addresses as i64),
            "per-address" => PER_ADDRESS,
            "in-all" => IN_ALL,
            "refused" => counts.refused_over_limit,
        ],
        "count",
        html! { span.count { (counts.wrong_codes) } },
    );
    html! {
        section #reports {
            h2 { (lang.t("reports-title")) }
            @if awaited.is_empty() {
                p.small { (lang.t("reports-none")) }
            }
            @for a in &awaited {
                @let disagree = a.disagree();
                div.reported.disagree[disagree] id={ "reports-" (a.match_id) } data-match=(a.match_id) {
                    p.names {
                        (lang.ta("reports-round-board", &args!["round" => a.round, "board" => a.board])) " "
                        b { (a.south) } " " (lang.t("reports-south-versus")) " " b { (a.north) } " " (lang.t("north-in-brackets"))
                        @if disagree { " — " strong.disagreement { (lang.t("reports-disagree")) } }
                    }
                    @for (who, report) in [(&a.south, &a.south_report), (&a.north, &a.north_report)] {
                        @if let Some(r) = report {
                            @let says = claim_text(lang, r, a);
                            form.action.accept id={ "accept-" (r.id) } data-action="accept" data-report=(r.id)
                                data-says=(lang.ta("reports-accept-says", &args!["name" => who.as_str(), "claim" => says.as_str()])) {
                                span.report-text {
                                    (lang.ta("reports-reported", &args!["name" => who.as_str(), "claim" => says.as_str(), "time" => reported_time(r.reported_at)]))
                                    " "
                                }
                                button.check type="submit" { (lang.t("reports-accept")) }
                                div.confirm hidden {
                                    p.confirm-text {}
                                    button.store type="button" { (lang.t("store-it")) }
                                    " "
                                    button.change type="button" { (lang.t("change")) }
                                }
                                span.answer role="status" {}
                            }
                        } @else {
                            p.small { (lang.ta("reports-not-reported", &args!["name" => who.as_str()])) }
                        }
                    }
                }
            }
            p.small #wrong-codes { (wrong_codes) }
        }
    }
}
