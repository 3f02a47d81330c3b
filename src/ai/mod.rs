//! Engine players: choose moves for a position. Filled in by the AI work.
