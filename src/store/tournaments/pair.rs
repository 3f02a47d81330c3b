//! What pairing a round hands over and records: a round as the director gives it
//! ([`crate::app::ManualRound`]), a board as `round_pairings` keeps it
//! ([`RecordedBoard`]), and the matches played ahead of their round
//! ([`crate::app::records::PlayedAhead`]). The pairing itself is
//! the application layer's ([`crate::app::tournaments`]), over
//! [`crate::store::repo::TournamentRepo`].

pub(crate) use crate::app::records::RecordedBoard;
