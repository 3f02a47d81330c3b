//! The director's page's section on the players' reports: the reports of matches
//! awaiting their result, each with a form to accept it, and the wrong codes so
//! far. Its words, with the report page's, are for translation together.

use goobalay::app::records::Claim;
use goobalay::app::reports::{self, AwaitedReports};
use goobalay::engine::Side;
use goobalay::matches::MatchOutcome;
use maud::{Markup, html};

use super::Ctx;
use super::guesses::{IN_ALL, PER_ADDRESS};

/// A claim in words, with the players' names: "Ana (South) won, 30–18".
pub(super) fn claim_words(claim: Claim, south: &str, north: &str) -> String {
    let who = match claim.result {
        MatchOutcome::Winner(Side::South) => format!("{south} (South) won"),
        MatchOutcome::Winner(Side::North) => format!("{north} (North) won"),
        MatchOutcome::Draw => "a draw".to_string(),
    };
    match claim.seeds {
        Some(s) => format!("{who}, {}–{}", s.south, s.north),
        None => who,
    }
}

/// When a report was made, for a page.
fn reported_time(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%H:%M UTC").to_string()
}

fn claim_text(r: &goobalay::app::records::MatchReport, a: &AwaitedReports) -> String {
    claim_words(r.claim, &a.south, &a.north)
}

/// The director's page's section: the reports of matches awaiting their result (a
/// disagreement marked), each with a form to accept it, and the wrong codes so far.
pub async fn director_section(ctx: &Ctx, tournament: i64) -> Markup {
    let awaited = reports::awaited_reports(&ctx.store, tournament)
        .await
        .unwrap_or_else(|e| {
            super::internal(e);
            Vec::new()
        });
    let counts = ctx.guesses.counts();
    html! {
        section #reports {
            h2 { "Players' reports" }
            @if awaited.is_empty() {
                p.small { "No report awaits a decision." }
            }
            @for a in &awaited {
                @let disagree = a.disagree();
                div.reported.disagree[disagree] id={ "reports-" (a.match_id) } data-match=(a.match_id) {
                    p.names {
                        "Round " (a.round) ", board " (a.board) ": "
                        b { (a.south) } " (South) v " b { (a.north) } " (North)"
                        @if disagree { " — " strong.disagreement { "they disagree" } }
                    }
                    @for (who, report) in [(&a.south, &a.south_report), (&a.north, &a.north_report)] {
                        @if let Some(r) = report {
                            @let says = claim_text(r, a);
                            form.action.accept id={ "accept-" (r.id) } data-action="accept" data-report=(r.id)
                                data-says={ "Accept " (who) "'s report: " (says) } {
                                span.report-text { (who) " reported " (says) " at " (reported_time(r.reported_at)) ". " }
                                button.check type="submit" { "Accept" }
                                div.confirm hidden {
                                    p.confirm-text {}
                                    button.store type="button" { "Store it" }
                                    " "
                                    button.change type="button" { "Change" }
                                }
                                span.answer role="status" {}
                            }
                        } @else {
                            p.small { (who) " has not reported." }
                        }
                    }
                }
            }
            p.small #wrong-codes {
                "Wrong codes since the server started: " span.count { (counts.wrong_codes) }
                " from " (goobalay::wording::count(counts.from_addresses, "address", "addresses")) "; refused over the limit ("
                (PER_ADDRESS) " a minute an address, " (IN_ALL) " in all): " (counts.refused_over_limit) "."
            }
        }
    }
}
