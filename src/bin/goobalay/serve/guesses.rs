//! The limit on wrong report codes ([`Guesses`]), counted before a code is even
//! looked up: see [`super::report`] for why five a minute from one address and
//! thirty from all. The counts live in the server, not the database: nothing is
//! written without a valid code or the secret.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong codes one address may give in [`WINDOW`].
pub const PER_ADDRESS: usize = 5;
/// Wrong codes all addresses together may give in [`WINDOW`].
pub const IN_ALL: usize = 30;
pub const WINDOW: Duration = Duration::from_secs(60);
/// Addresses remembered at most (a flood of addresses is held by [`IN_ALL`]).
const ADDRESSES: usize = 10_000;

/// The wrong codes given to this server: recent ones (the limit) and counts since
/// it started (the director's page shows them).
#[derive(Default)]
pub struct Guesses {
    inner: Mutex<GuessBook>,
}

#[derive(Default)]
struct GuessBook {
    by_address: HashMap<IpAddr, VecDeque<Instant>>,
    all: VecDeque<Instant>,
    wrong: u64,
    limited: u64,
    addresses: std::collections::HashSet<IpAddr>,
}

/// What the director's page says of wrong codes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct GuessCounts {
    pub wrong_codes: u64,
    pub from_addresses: u64,
    pub refused_over_limit: u64,
}

fn forget_before(q: &mut VecDeque<Instant>, since: Instant) {
    while q.front().is_some_and(|&t| t < since) {
        q.pop_front();
    }
}

impl Guesses {
    /// `Err(seconds to wait)` when `client` or all clients together gave their
    /// wrong codes of the window (counted as refused over the limit).
    pub fn admit(&self, client: IpAddr) -> Result<(), u64> {
        let now = Instant::now();
        let since = now.checked_sub(WINDOW).unwrap_or(now);
        let mut book = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        forget_before(&mut book.all, since);
        let mut waits = Vec::new();
        if book.all.len() >= IN_ALL {
            waits.push(book.all[0]);
        }
        if let Some(mine) = book.by_address.get_mut(&client) {
            forget_before(mine, since);
            if mine.len() >= PER_ADDRESS {
                waits.push(mine[0]);
            }
        }
        match waits.into_iter().max() {
            None => Ok(()),
            Some(oldest) => {
                book.limited += 1;
                let free = oldest + WINDOW;
                Err(free.saturating_duration_since(now).as_secs() + 1)
            }
        }
    }

    pub fn wrong(&self, client: IpAddr) {
        let now = Instant::now();
        let mut book = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        book.wrong += 1;
        book.all.push_back(now);
        if book.by_address.len() >= ADDRESSES {
            let since = now.checked_sub(WINDOW).unwrap_or(now);
            book.by_address
                .retain(|_, q| q.back().is_some_and(|&t| t >= since));
        }
        book.by_address.entry(client).or_default().push_back(now);
        if book.addresses.len() < ADDRESSES {
            book.addresses.insert(client);
        }
    }

    pub fn counts(&self) -> GuessCounts {
        let book = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        GuessCounts {
            wrong_codes: book.wrong,
            from_addresses: book.addresses.len() as u64,
            refused_over_limit: book.limited,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_codes_are_limited_per_address_and_in_all() {
        let g = Guesses::default();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..PER_ADDRESS {
            assert!(g.admit(a).is_ok());
            g.wrong(a);
        }
        let wait = g.admit(a).unwrap_err();
        assert!((1..=61).contains(&wait), "{wait}");
        // Another address is still let in, until all together reach the limit.
        let mut n = PER_ADDRESS;
        let mut k = 2u8;
        while n < IN_ALL {
            let b = IpAddr::from([192, 0, 2, k]);
            assert!(g.admit(b).is_ok(), "{n}");
            g.wrong(b);
            n += 1;
            k += 1;
        }
        assert!(g.admit(IpAddr::from([198, 51, 100, 1])).is_err());
        let c = g.counts();
        assert_eq!(c.wrong_codes, IN_ALL as u64);
        assert_eq!(c.refused_over_limit, 2);
    }
}
