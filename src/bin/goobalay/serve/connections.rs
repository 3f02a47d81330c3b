//! The server's connections, and the bounds on what a visitor can hold
//! (README "Serving the tournaments on the web" lists them with their values):
//!
//! - [`HEADER_READ`]: a request's head must arrive within it, and a kept-alive
//!   connection waiting for its next request is closed after it (hyper times the
//!   wait for the next head the same way, so this is the idle timeout too);
//! - [`super::BODY_READ`]: a request's body must arrive within it (result entry,
//!   the one route that reads a body);
//! - [`MAX_CONNECTIONS`]: connections open at once, event streams included; the
//!   next one waits in the listen queue until one closes. The process's open-file
//!   soft limit (often 1,024) is raised to its hard limit at start, and the cap kept
//!   [`FILES_KEPT`] below the limit, so that accepting never fails for want of a file
//!   descriptor and the database can always be opened.
//!
//! axum's own `serve` sets no timer, so none of hyper's timeouts ran and a silent
//! connection was held for ever; this loop is `axum::serve`'s, with the timer and
//! the cap.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long a request's head may take to arrive, and how long a kept-alive
/// connection may wait idle for its next request.
pub const HEADER_READ: Duration = Duration::from_secs(10);

/// The most connections served at once, where the open-file limit allows it.
pub const MAX_CONNECTIONS: usize = 4096;

/// File descriptors kept for the rest of the process: the database's connections
/// (each with its file, log and shared memory), the listener, the runtime's own.
pub const FILES_KEPT: usize = 64;

/// Raises the open-file soft limit to the hard limit (at most what the cap needs)
/// and returns the cap on connections that the limit allows.
pub fn connection_cap() -> usize {
    let wanted = (MAX_CONNECTIONS + FILES_KEPT) as libc::rlim_t;
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return MAX_CONNECTIONS;
        }
        if limit.rlim_cur < wanted {
            let raised = libc::rlimit {
                rlim_cur: wanted.min(limit.rlim_max),
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = raised.rlim_cur;
            }
        }
    }
    let files = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
    MAX_CONNECTIONS.min(files.saturating_sub(FILES_KEPT)).max(1)
}

/// Serves `app` on `listener`, at most `cap` connections at once, each with the
/// [`HEADER_READ`] timer; runs until the process stops.
pub async fn serve(listener: TcpListener, app: Router, cap: usize) {
    let permits = Arc::new(Semaphore::new(cap));
    loop {
        let Ok(permit) = permits.clone().acquire_owned().await else {
            return; // never closed
        };
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors after all, or a connection reset before it
            // was accepted: as axum::serve does, wait a moment and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        // The client's address, as `ConnectInfo`: the report codes' guess limit
        // counts by it.
        let service = TowerToHyperService::new(
            app.clone()
                .layer(axum::Extension(axum::extract::ConnectInfo(peer))),
        );
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_READ)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}
