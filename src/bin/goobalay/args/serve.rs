//! `goobalay serve`'s arguments.

use std::net::SocketAddr;

use clap::Args;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on. The default serves this machine only; give
    /// 0.0.0.0:8080 to let the room's phones in. Port 0 picks a free port (printed).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDRESS:PORT")]
    pub listen: SocketAddr,
    /// Take match results from the web (the director's page /director/ID, or POST
    /// /api/matches/ID/result) from whoever holds the secret printed at start;
    /// without it everything is read-only.
    #[arg(long)]
    pub results: bool,
}
