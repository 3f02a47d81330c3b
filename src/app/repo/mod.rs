//! What the use cases need of a store: its error ([`StoreError`]).

mod error;

pub use error::{MAX_BUSY_TIMEOUT_MS, Result, StoreError};
