//! A fixed-size transposition table for the heuristic search.
//!
//! Entries are found by [`Position::hash`](crate::engine::Position::hash) (mixed
//! with a flag for ply 0, where Modiar's first-move rule makes the same board a
//! different position) and verified by the full 64-bit hash. Two different positions
//! with the same 64-bit hash would share an entry: a documented risk (about one in
//! 2^64 per probe against a stored position) that we accept for speed; the exact
//! solver ([`super::solve`]) keys its table on the full position instead.
//!
//! Values are stored relative to the captured-seed difference of the node, so that
//! the same board reached after different captures shares its entry.

/// How a stored value bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (the search failed low).
    Upper,
}

/// `depth` of an entry whose subtree reached no horizon: exact at any depth.
pub(crate) const DEPTH_SOLVED: u8 = u8::MAX;

/// Marks "no move stored".
pub(crate) const NO_MOVE: u8 = u8::MAX - 1;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The best move found: a hole index, `u8::MAX` for a pass, [`NO_MOVE`].
    pub best: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    bound: Bound::Upper,
    best: NO_MOVE,
};

pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    used: bool,
}

impl Table {
    /// A table of `2^log2` entries (16 bytes each).
    pub(crate) fn new(log2: u32) -> Table {
        let size = 1usize << log2;
        let mut entries = Vec::with_capacity(size);
        advise_huge_pages(&entries);
        entries.resize(size, EMPTY);
        Table {
            entries,
            mask: size - 1,
            used: false,
        }
    }

    /// A table big enough for a search of about `nodes` nodes.
    pub(crate) fn for_nodes(nodes: u64) -> Table {
        let want = nodes.saturating_mul(2).clamp(1 << 10, 1 << 22);
        Table::new(64 - (want - 1).leading_zeros())
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets everything (each search starts from an empty table, so that a search's
    /// result depends only on the position and the budget).
    pub(crate) fn clear(&mut self) {
        if self.used {
            self.entries.fill(EMPTY);
            self.used = false;
        }
    }

    /// Starts loading the slot of `key` into the cache without waiting for it: the
    /// table is far bigger than the caches, and waiting for the slot when probing
    /// was about half of a search's time. A hint only: nothing changes.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Entry = &self.entries[key as usize & self.mask];
            // SAFETY: SSE is part of every x86_64 processor, and a prefetch never
            // reads the memory for the program nor faults; the address is that of
            // an element of `entries` anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && !(e.depth == 0 && e.best == NO_MOVE && e.key == 0)).then_some(e)
    }

    /// Stores unless the slot holds the same position searched deeper.
    pub(crate) fn store(&mut self, key: u64, depth: u8, value: i32, bound: Bound, best: u8) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && slot.depth > depth && slot.bound == Bound::Exact {
            return;
        }
        self.used = true;
        *slot = Entry {
            key,
            value,
            depth,
            bound,
            best,
        };
    }
}

/// Asks Linux to back the (not yet touched) memory of `entries` with 2 MB pages:
/// probes land anywhere in tables of many megabytes, and with 4 KB pages nearly every
/// probe also missed the address translation cache. A hint only: where the system
/// says no, nothing changes.
fn advise_huge_pages(entries: &Vec<Entry>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        const HUGE_PAGE: usize = 2 << 20;
        let start = entries.as_ptr() as usize;
        let end = start + entries.capacity() * std::mem::size_of::<Entry>();
        let (from, to) = (start.next_multiple_of(PAGE), end / PAGE * PAGE);
        if to >= from + 2 * HUGE_PAGE {
            // SAFETY: the range lies inside the vector's own allocation, and
            // MADV_HUGEPAGE only changes which pages the kernel backs it with, never
            // its contents or its mapping; a refusal is harmless, so it is ignored.
            unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = entries;
}

/// A clone is an empty table of the same size (a table is a cache).
impl Clone for Table {
    fn clone(&self) -> Table {
        Table::new(self.len().trailing_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_entries_are_found_and_others_are_not() {
        let mut t = Table::new(10);
        t.store(12345, 3, -7, Bound::Lower, 2);
        let e = t.probe(12345).expect("stored");
        assert_eq!(
            (e.value, e.depth, e.bound, e.best),
            (-7, 3, Bound::Lower, 2)
        );
        // Same slot, different key: not found.
        assert!(t.probe(12345 + 1024).is_none());
        t.clear();
        assert!(t.probe(12345).is_none());
    }
}
