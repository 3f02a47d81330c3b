//! Pairings, standings and ratings: pure functions over results.
