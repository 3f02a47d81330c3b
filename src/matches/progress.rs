//! How far a match has gone: untouched, started, finished. The one definition each;
//! the application layer decides with them over the match it read (its state and
//! revision) and the store only checks that the match is still at the revision read.

use super::MatchState;

impl MatchState {
    /// Nothing has happened in the match: no result, and its one hand has no
    /// arrangement, no move and no end (an entered score ends it). An engine match
    /// played in memory from the setup is written over a stored match only while this
    /// holds of it.
    pub fn is_untouched(&self) -> bool {
        let [hand] = self.hands.as_slice() else {
            return false;
        };
        self.outcome.is_none()
            && self.closing.is_none()
            && hand.moves.is_empty()
            && hand.arrangement.south.is_none()
            && hand.arrangement.north.is_none()
            && hand.end.is_none()
    }

    /// The match has begun: something happened in it (it is not
    /// [untouched](MatchState::is_untouched)), or it was written since it was set up
    /// (`revision`: the stored match's, 0 when set up and raised by every write; play
    /// taken back to the setup leaves the state untouched but the match started). A
    /// round with a started match is not taken back, unless engines alone played in it.
    pub(crate) fn is_started(&self, revision: i64) -> bool {
        revision > 0 || !self.is_untouched()
    }

    /// The match is decided: played out, forfeited, its result entered (an agreed
    /// draw included) or voided by a correction. A stored match keeps this as its
    /// winner column (a void or a double forfeit as a draw), which the store's
    /// read-only counts and listings filter on (`store::repo::matches::FINISHED`).
    pub fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{BySide, Side, Variant};
    use crate::matches::{Absent, Closing, Event, MatchForm, MatchOutcome, MatchSpec, MatchState};

    fn new_match(variant: &str, form: MatchForm) -> MatchState {
        let v = Variant::preset(variant).unwrap();
        MatchState::new(MatchSpec::new(&v, form, None, Side::South).unwrap())
    }

    fn after_moves(moves: &[&str]) -> MatchState {
        let mut state = new_match("tihbat", MatchForm::Single);
        for text in moves {
            let m = state.parse_move(text).unwrap();
            state.apply(&Event::Move(m)).unwrap();
        }
        state
    }

    /// (untouched, started at revision 0, finished) of each kind of match.
    fn facts(state: &MatchState) -> (bool, bool, bool) {
        (
            state.is_untouched(),
            state.is_started(0),
            state.is_finished(),
        )
    }

    #[test]
    fn a_match_set_up_is_untouched_until_something_happens_in_it() {
        let fresh = new_match("tihbat", MatchForm::Single);
        assert_eq!(facts(&fresh), (true, false, false));
        assert_eq!(facts(&after_moves(&["2"])), (false, true, false));
        // A hand's score entered ends the hand: started, and in a hands match the
        // next hand awaits its arrangement.
        let mut entered = new_match("layli-goobalay", MatchForm::Hands);
        entered.apply(&Event::Result(BySide::new(18, 30))).unwrap();
        assert_eq!(facts(&entered), (false, true, false));
        entered
            .apply(&Event::Arrange {
                side: Side::South,
                row: vec![3; 6],
            })
            .unwrap();
        assert_eq!(facts(&entered), (false, true, false));
    }

    #[test]
    fn a_decided_match_is_finished_however_it_ended() {
        let mut played_out = new_match("tihbat", MatchForm::Single);
        played_out.play_engines(
            BySide::new(
                Some(crate::ai::Level::Random),
                Some(crate::ai::Level::Random),
            ),
            7,
        );
        assert_eq!(facts(&played_out), (false, true, true));
        for closing in [
            Closing::Forfeit(Absent::South),
            Closing::Forfeit(Absent::Both),
            Closing::Entered {
                outcome: MatchOutcome::Draw,
                seeds: None,
            },
            Closing::Void,
        ] {
            let mut closed = new_match("tihbat", MatchForm::Single);
            closed.close(closing).unwrap();
            assert_eq!(facts(&closed), (false, true, true), "{closing:?}");
        }
    }

    /// A match written to and brought back to its setup (a move taken back) has
    /// started, though its state is untouched.
    #[test]
    fn a_match_written_since_its_setup_has_started() {
        let mut taken_back = after_moves(&["2"]);
        taken_back
            .undo_last_human_move(BySide::new(true, true))
            .unwrap();
        assert!(taken_back.is_untouched());
        assert!(!taken_back.is_started(0));
        assert!(taken_back.is_started(2));
        assert!(after_moves(&["2"]).is_started(1));
    }
}
