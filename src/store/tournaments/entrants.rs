//! The entry list's rules (entries, withdrawals) are the application layer's
//! ([`crate::app::tournaments`]), over the tournaments' repository.
//!
//! A withdrawal is still made from inside the store, by a withdrawal that forfeits
//! the player's pending match ([`crate::store::Store::withdraw_forfeiting`]) and by
//! a TRF import: they call it here until they move up too. It names the entries
//! file itself, not `app::tournaments`, which names the import: no circle.

pub(crate) use crate::app::tournaments::entries::withdraw_in;
