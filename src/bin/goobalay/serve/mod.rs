//! `goobalay serve`: the tournaments of a database as live web pages and JSON, read
//! only unless started with `--results` (then a match's result can be entered by
//! whoever holds the printed secret). The pages and the API call the application
//! layer (`goobalay::app`) as the CLI does; this module holds no SQL and no rules,
//! only HTTP and markup.
//!
//! - [`pages`]: server-rendered HTML (maud), one function per page;
//! - [`api`]: the same data as JSON under `/api/...` (docs/web.md gives the shapes);
//! - [`memo`]: the API's tournament documents kept for their revision, checked at
//!   every request;
//! - [`live`]: one task polls the store's change marker every 500 ms and wakes the
//!   server-sent event streams of the pages whose data changed;
//! - [`results`]: result entry (`--results`): the director's `POST`;
//! - [`connections`]: the connections and their bounds (timeouts, a cap);
//! - [`refused`]: every refusal of the API, `{"error": ...}` with its status, the
//!   library's in the web's words;
//! - [`refusals`]: the library's refusals in the page's language;
//! - [`lang`]: the page's language (`?lang=`, a cookie, `Accept-Language`); the
//!   words themselves are in `locales/` ([`crate::i18n`]).

mod api;
mod connections;
mod guesses;
pub mod lang;
mod live;
mod memo;
mod pages;
mod refusals;
mod refused;
pub(crate) mod report;
mod report_desk;
mod results;
mod review_view;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use goobalay::app::ChangeMarkers;
use goobalay::store::Store;
use tokio::sync::watch;

use crate::args::serve::ServeArgs;
use crate::db::{db_path, shown};

/// How long a request's body may take to arrive (see [`connections`] for the
/// other bounds).
pub const BODY_READ: Duration = Duration::from_secs(10);

/// What every handler gets: the store and the latest change markers.
#[derive(Clone)]
pub struct Ctx {
    pub store: Store,
    pub changes: watch::Receiver<Arc<ChangeMarkers>>,
    /// Set with `--results`: the secret a result entry must carry.
    pub secret: Option<Arc<str>>,
    /// The API's tournament documents, kept for their revision.
    pub memo: Arc<memo::Memo>,
    /// The wrong report codes given, and their limit ([`report`]).
    pub guesses: Arc<guesses::Guesses>,
}

pub fn run(db: Option<PathBuf>, a: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(db_path(db), a.listen, a.results))
}

async fn serve(path: PathBuf, listen: SocketAddr, results: bool) -> anyhow::Result<ExitCode> {
    // Read-only: a missing database is refused (not created), and on SQLite the
    // connections cannot write (query_only). With --results the database is opened
    // for writing, once it is known to exist.
    let cannot = || format!("cannot open database {}", shown(&path));
    let mut store = Store::open_read_only(&path).await.with_context(cannot)?;
    if results {
        store.close().await;
        // A file this user may only read often opens all the same (SQLite falls back
        // to reading); a write transaction begun and rolled back finds out at once.
        let writable = match Store::open(&path).await {
            Ok(store) => match store.begin_write().await {
                Ok(_rolled_back) => Ok(store),
                Err(e) => {
                    store.close().await;
                    Err(e.into())
                }
            },
            Err(e) => Err(e),
        };
        store = match writable {
            Ok(store) => store,
            Err(e) if e.is_read_only() => anyhow::bail!(
                "--results needs a database this user can write, and {} cannot be written here ({e}); serve it without --results, or as a user who may write it and its folder",
                shown(&path)
            ),
            Err(e) => return Err(anyhow::Error::new(e).context(cannot())),
        };
    }
    // Noticed before every write and every answer: the path naming another file.
    store.keep_file_identity().await.with_context(cannot)?;
    store.keep_caches_while_open(live::POLL);
    let cap = connections::connection_cap();
    let secret: Option<Arc<str>> = results.then(|| results::new_secret().into());
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| format!("cannot listen on {listen}"))?;
    let addr = listener
        .local_addr()
        .context("cannot read the address listened on")?;
    let first = goobalay::app::views::changes(&store).await?;
    let (tx, rx) = watch::channel(Arc::new(first));
    tokio::spawn(live::poll(store.clone(), tx));
    let app = router(Ctx {
        store: store.clone(),
        changes: rx,
        secret: secret.clone(),
        memo: Arc::default(),
        guesses: Arc::default(),
    });
    {
        use std::io::Write;
        let mut out = std::io::stdout();
        writeln!(
            out,
            "serving {} {} at http://{addr}/ (Ctrl-C stops)",
            shown(&path),
            if secret.is_some() {
                "with result entry"
            } else {
                "read-only"
            }
        )?;
        if let Some(s) = &secret {
            writeln!(
                out,
                "result entry secret: {s} (the director's page http://{addr}/director/TOURNAMENT_ID asks for it; POST /api/matches/ID/result with Authorization: Bearer SECRET)"
            )?;
        }
        if !addr.ip().is_loopback() {
            writeln!(
                out,
                "listening beyond this machine: anyone who can reach {addr} reads the pages"
            )?;
        }
        out.flush()?;
    }
    tokio::select! {
        () = connections::serve(listener, app, cap) => {}
        _ = tokio::signal::ctrl_c() => {}
    }
    store.close().await;
    Ok(ExitCode::SUCCESS)
}

/// Every route; anything else is a 404 page. Every route is GET (and HEAD) but the
/// director's writes (`POST /api/matches/{id}/result`, `.../take-back`,
/// `/api/tournaments/{id}/withdrawal`, `.../bye`, `/api/reports/{id}/accept`) and the
/// players' reports (`POST /api/report/match`, `/api/report`), which answer 405 unless the
/// server was started with `--results` and then write only with the secret
/// ([`results`]); any other method gets 405. So without `--results` nothing a visitor sends can change the
/// database (which is then opened read-only as well).
pub fn router(ctx: Ctx) -> Router {
    Router::new()
        .route("/", get(pages::index))
        .route("/tournaments/{id}", get(pages::tournament))
        .route("/tournaments/{id}/projector", get(pages::projector))
        .route("/players/{id}", get(pages::player))
        .route("/matches/{id}", get(pages::match_page))
        .route("/director/{id}", get(pages::director))
        .route("/static/style.css", get(style))
        .route("/static/app.js", get(script))
        .route("/api/tournaments", get(api::tournaments))
        .route("/api/tournaments/{id}", get(api::tournament))
        .route("/api/tournaments/{id}/standings", get(api::standings))
        .route("/api/tournaments/{id}/crosstable", get(api::crosstable))
        .route("/api/tournaments/{id}/events", get(live::tournament_events))
        .route("/api/players/{id}", get(api::player))
        .route("/api/matches/{id}", get(api::match_replay))
        .route(
            "/api/matches/{id}/result",
            axum::routing::post(results::enter),
        )
        .route(
            "/api/matches/{id}/take-back",
            axum::routing::post(results::take_back),
        )
        .route(
            "/api/tournaments/{id}/withdrawal",
            axum::routing::post(results::withdraw),
        )
        .route(
            "/api/tournaments/{id}/bye",
            axum::routing::post(results::request_bye),
        )
        .route("/report", get(report::page))
        .route("/static/report.js", get(report::script))
        .route(
            "/api/report/match",
            axum::routing::post(report::holder_match),
        )
        .route("/api/report", axum::routing::post(report::report))
        .route(
            "/api/reports/{id}/accept",
            axum::routing::post(report::accept),
        )
        .route("/api/changes", get(api::changes))
        .route("/api/events", get(live::events))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(ctx.clone(), same_file))
        .layer(axum::middleware::from_fn(refused::json_errors))
        .layer(axum::middleware::map_response(headers))
        .layer(axum::middleware::from_fn(lang::choose))
        .with_state(ctx)
}

/// Every answer first checks that the database file is still the one the server
/// opened: if it was replaced or deleted, reads would show another database (or a
/// mix), so every request is answered 503 with what happened.
async fn same_file(
    State(ctx): State<Ctx>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match ctx.store.check_file() {
        Ok(()) => next.run(request).await,
        Err(e) => {
            let lang = request
                .extensions()
                .get::<lang::Lang>()
                .copied()
                .unwrap_or_default();
            let text = refusals::unusable_file(lang, &e);
            if request.uri().path().starts_with("/api/") {
                refused::Refused::new(StatusCode::SERVICE_UNAVAILABLE, text).into_response()
            } else {
                pages::error_page(lang, StatusCode::SERVICE_UNAVAILABLE, &text)
            }
        }
    }
}

/// Headers on every answer: scripts and styles from this server only, no framing by
/// other sites, no MIME sniffing, and pages never cached (they change live).
async fn headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    r
}

const STYLE: &str = include_str!("style.css");
const SCRIPT: &str = include_str!("app.js");

async fn style() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=300"),
        ],
        STYLE,
    )
}

async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=300"),
        ],
        SCRIPT,
    )
}

async fn not_found(
    State(_): State<Ctx>,
    axum::Extension(lang): axum::Extension<lang::Lang>,
    uri: axum::http::Uri,
) -> Response {
    if uri.path().starts_with("/api/") {
        return refused::Refused::new(
            StatusCode::NOT_FOUND,
            "no such API path (docs/web.md lists them)",
        )
        .into_response();
    }
    pages::error_page(lang, StatusCode::NOT_FOUND, &lang.t("error-no-page"))
}

/// A record's id in a path: a positive whole number; anything else names no record.
pub fn parse_id(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 19 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|&id| id > 0)
}

/// An error of the application layer while answering: logged on stderr, 500.
pub fn internal(e: impl std::fmt::Display) -> (StatusCode, String) {
    let line = format!("{e:#}").replace(['\n', '\r'], " ");
    eprintln!("goobalay serve: {line}");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "the database could not be read; see the server's log".to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::parse_id;

    #[test]
    fn ids_are_positive_whole_numbers() {
        assert_eq!(parse_id("12"), Some(12));
        for bad in [
            "",
            "0",
            "-1",
            "+1",
            "1e3",
            "12a",
            " 1",
            "99999999999999999999",
            "١٢",
        ] {
            assert_eq!(parse_id(bad), None, "{bad:?}");
        }
    }
}
