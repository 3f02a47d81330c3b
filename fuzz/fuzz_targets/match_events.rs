//! Arbitrary event lists (moves, arrangements, entered results) applied to a match
//! of every form: no panic; a refused event leaves the match unchanged; the events
//! the match reports rebuild it exactly; seeds are conserved from hand to hand. Then a
//! director's closing or correction (a forfeit, a whole-match result, a void, a hand's
//! score replaced) chosen by the last bytes: no panic, and what it gives holds.
#![no_main]

use goobalay::engine::{BySide, Move, Side, VARIANT_NAMES, Variant};
use goobalay::matches::{with_closing, with_hand_score};
use goobalay::matches::{Absent, Closing, Event, MatchForm, MatchOutcome, MatchSpec, MatchState};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, mut rest)) = data.split_first() else { return };
    let variant = Variant::preset(VARIANT_NAMES[pick as usize % VARIANT_NAMES.len()]).unwrap();
    let form = match pick / 8 % 4 {
        0 => MatchForm::Hands,
        1 => MatchForm::Single,
        _ => MatchForm::Games(u32::from(pick % 5) + 1),
    };
    let max_hands = (form == MatchForm::Hands && pick & 0x80 != 0).then_some(3);
    let first = if pick & 0x40 != 0 { Side::North } else { Side::South };
    let Ok(spec) = MatchSpec::new(&variant, form, max_hands, first) else { return };
    let holes = spec.rules.holes();
    let n = spec.rules.holes_per_row as usize;
    let mut state = MatchState::new(spec.clone());
    while let Some((&op, tail)) = rest.split_first() {
        rest = tail;
        let event = match op % 4 {
            0 | 1 => Event::Move(if op == 255 {
                Move::PASS
            } else {
                Move::from_hole(op as usize / 4 % holes)
            }),
            2 => {
                let (bytes, tail) = rest.split_at(rest.len().min(n));
                rest = tail;
                let side = if op & 4 == 0 { Side::South } else { Side::North };
                Event::Arrange { side, row: bytes.iter().map(|&b| u16::from(b % 16)).collect() }
            }
            _ => {
                let (bytes, tail) = rest.split_at(rest.len().min(8));
                rest = tail;
                let mut word = [0u8; 8];
                word[..bytes.len()].copy_from_slice(bytes);
                let v = u64::from_le_bytes(word);
                // Mostly plausible totals, sometimes anything (overflow checks).
                let (s, nn) = if op & 4 == 0 {
                    let total = state.current_hand().holdings.south + state.current_hand().holdings.north;
                    let s = (v % (u64::from(total) + 1)) as u32;
                    (s, total - s)
                } else {
                    (v as u32, (v >> 32) as u32)
                };
                Event::Result(BySide::new(s, nn))
            }
        };
        let before_hands = state.hands().to_vec();
        let before_events = state.event_count();
        if state.apply(&event).is_err() {
            assert_eq!(state.hands(), &before_hands[..]);
            assert_eq!(state.event_count(), before_events);
        }
        if state.is_over() {
            break;
        }
    }
    for h in state.hands() {
        if let Some(s) = h.score {
            assert_eq!(
                u64::from(s.south) + u64::from(s.north),
                u64::from(h.holdings.south) + u64::from(h.holdings.north)
            );
        }
    }
    let again = MatchState::replay(spec, state.events()).expect("own events replay");
    assert_eq!(again.hands(), state.hands());
    assert_eq!(again.outcome(), state.outcome());
    director(&state, data);
});

/// A closing or correction picked by the last five bytes of `data`.
fn director(state: &MatchState, data: &[u8]) {
    let Some(tail) = data.len().checked_sub(5).map(|i| &data[i..]) else { return };
    let seeds = BySide::new(u32::from(tail[2]), u32::from(tail[3]));
    let closing = match tail[0] % 6 {
        0 => Closing::Forfeit(Absent::South),
        1 => Closing::Forfeit(Absent::North),
        2 => Closing::Forfeit(Absent::Both),
        3 => Closing::Void,
        k => Closing::Entered {
            outcome: match tail[1] % 3 {
                0 => MatchOutcome::Winner(Side::South),
                1 => MatchOutcome::Winner(Side::North),
                _ => MatchOutcome::Draw,
            },
            seeds: (k == 5).then_some(seeds),
        },
    };
    if tail[4] & 1 == 0 {
        // A closing of a match in play; a correction of any match's whole result.
        let mut closed = state.clone();
        if closing != Closing::Void && closed.close(closing).is_ok() {
            assert!(!state.is_over());
            assert_eq!(closed.hands(), state.hands());
            assert_eq!(closed.outcome(), Some(closing.outcome()));
        }
        if let Ok(corrected) = with_closing(state, closing) {
            assert_eq!(corrected.hands(), state.hands());
            assert_eq!(corrected.closing(), Some(closing));
            assert_eq!(corrected.outcome(), Some(closing.outcome()));
            assert!(corrected.is_over());
        }
    } else {
        let hand = u32::from(tail[1] % 8) + 1;
        if let Ok(corrected) = with_hand_score(state, hand, seeds) {
            let i = hand as usize - 1;
            assert_eq!(corrected.hands()[..i], state.hands()[..i]);
            assert_eq!(corrected.hands()[i].score, Some(seeds));
            assert_eq!(corrected.closing(), None);
            if state.is_over() {
                assert!(corrected.is_over());
                assert_eq!(corrected.hands().len(), state.hands().len());
            }
            for h in corrected.hands() {
                if let Some(s) = h.score {
                    assert_eq!(
                        u64::from(s.south) + u64::from(s.north),
                        u64::from(h.holdings.south) + u64::from(h.holdings.north)
                    );
                }
            }
        }
    }
}
