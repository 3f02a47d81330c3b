//! A `goobalay serve` process started by a test on a free port of 127.0.0.1, and a
//! raw HTTP/1.1 client for it (what a hostile client sends reaches the server as sent).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::backends::Target;

/// A `goobalay serve` process on a free port of 127.0.0.1, stopped when dropped.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    pub fn start(db: &dyn Target) -> Server {
        Server::start_with(db, &[]).0
    }

    /// A server started with `extra` options; also returns its second line of output
    /// (`--results`: the secret), if any.
    pub fn start_with(db: &dyn Target, extra: &[&str]) -> (Server, String) {
        Server::spawn(Server::command(db, extra), !extra.is_empty())
    }

    /// A server started with `extra` options and the open-file soft limit most
    /// systems start a process with (1,024), whatever this test process has.
    pub fn start_with_usual_file_limit(db: &dyn Target, extra: &[&str]) -> (Server, String) {
        let mut command = Server::command(db, extra);
        // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut command, || {
                let mut limit = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                limit.rlim_cur = limit.rlim_max.min(1024);
                if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        Server::spawn(command, !extra.is_empty())
    }

    /// `goobalay serve --listen 127.0.0.1:0` on `db` with `extra` options.
    pub fn command(db: &dyn Target, extra: &[&str]) -> std::process::Command {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_goobalay"));
        command
            .args(super::db_args(
                db.location(),
                &["serve", "--listen", "127.0.0.1:0"],
            ))
            .args(extra)
            .env_remove("GOOBALAY_DB")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        command
    }

    /// Starts `command` (a [`Server::command`]); reads its first line, and its
    /// second (the secret) if `second_line`.
    pub fn spawn(mut command: std::process::Command, second_line: bool) -> (Server, String) {
        let mut child = command.spawn().unwrap();
        let mut line = String::new();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        out.read_line(&mut line).unwrap();
        let mut second = String::new();
        if second_line {
            out.read_line(&mut second).unwrap();
        }
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(addr.starts_with("127.0.0.1:"), "{line}");
        (Server { child, addr }, second)
    }

    /// POSTs `body` (JSON) to `path`, with `Authorization: Bearer SECRET` if given.
    pub fn post(&self, path: &str, secret: Option<&str>, body: &str) -> (u16, String) {
        let auth = secret.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
        let (status, _, body) = self.raw(
            format!(
                "POST {path} HTTP/1.1\r\nHost: {}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                self.addr,
                body.len()
            )
            .as_bytes(),
        );
        (status, body)
    }

    /// Sends `request` as it is; returns (status, head, body).
    pub fn raw(&self, request: &[u8]) -> (u16, String, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(request).unwrap();
        let mut bytes = Vec::new();
        s.read_to_end(&mut bytes).unwrap();
        let text = String::from_utf8(bytes).expect("UTF-8 answer");
        let (head, body) = text.split_once("\r\n\r\n").expect("a head");
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(body)
        } else {
            body.to_string()
        };
        (status, head.to_string(), body)
    }

    pub fn request(&self, method: &str, path: &str) -> (u16, String, String) {
        self.raw(
            format!(
                "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                self.addr
            )
            .as_bytes(),
        )
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        let (status, _, body) = self.request("GET", path);
        (status, body)
    }

    pub fn page(&self, path: &str) -> String {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        body
    }

    pub fn json(&self, path: &str) -> Value {
        serde_json::from_str(&self.page(path)).unwrap()
    }

    /// An open event stream, read after its `ready` event.
    pub fn events(&self, path: &str) -> BufReader<TcpStream> {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            self.addr
        )
        .unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut r = BufReader::new(s);
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        assert!(line.contains(" 200 "), "{path}: {line}");
        assert!(
            next_event(&mut r, Instant::now() + Duration::from_secs(10)).as_deref()
                == Some("ready")
        );
        r
    }
}

impl Server {
    /// Stops the server as Ctrl-C does (SIGINT) and waits for it to end.
    pub fn interrupt(&mut self) -> std::process::ExitStatus {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: kill only sends a signal to the child this test started.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
        self.child.wait().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, rest) = body.split_once("\r\n").unwrap();
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            return out;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
}

/// The name of the next event of a stream (comments skipped), or `None` when the
/// deadline passes first.
pub fn next_event(r: &mut BufReader<TcpStream>, deadline: Instant) -> Option<String> {
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        r.get_ref()
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .unwrap();
        let mut line = String::new();
        match r.read_line(&mut line) {
            Ok(0) => return None,
            Ok(_) => {
                if let Some(name) = line.trim_end().strip_prefix("event: ") {
                    return Some(name.to_string());
                }
            }
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut =>
            {
                return None;
            }
            Err(e) => panic!("{e}"),
        }
    }
}

/// Names in several scripts, and one with markup in it.
pub const PLAYERS: [&str; 4] = ["Ümit", "Ζωή", "李娜", "Amina <b>&"];

/// A Tihbat round robin of four humans, round 1 paired; returns the match ids.
pub fn club_night(db: &dyn Target) -> Vec<String> {
    for p in PLAYERS {
        db.ok(&["player", "add", p]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Club Night",
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
    ]);
    let mut add = vec!["tournament", "add", "Club Night"];
    add.extend(PLAYERS);
    db.ok(&add);
    let paired = db.json(&["tournament", "pair", "Club Night"]);
    paired["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["match_id"].as_i64())
        .map(|id| id.to_string())
        .collect()
}
