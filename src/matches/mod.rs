//! Multi-hand matches, carry-over and arrangement (RULES.md §3 match form).
