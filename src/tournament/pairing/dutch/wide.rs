//! Fixed-width unsigned integers for the lexicographic edge weights.
//!
//! A Dutch edge weight packs every criterion into one number, most important
//! first; for a 200-player field with a dozen score groups that is several
//! hundred bits, more than `u128` holds. Arithmetic wraps like machine integers,
//! which the weight construction relies on (a subtraction may borrow from the
//! field above it).

use std::cmp::Ordering;

/// An unsigned integer of `L` 64-bit limbs, least significant limb first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Wide<const L: usize>(pub [u64; L]);

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Wide([0; L])
    }
}

impl<const L: usize> Wide<L> {
    pub(crate) fn from_u64(v: u64) -> Self {
        let mut w = Self::default();
        w.0[0] = v;
        w
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// `self << by`, dropping the bits shifted out.
    pub(crate) fn shl(&mut self, by: u32) {
        if by == 0 {
            return;
        }
        let limbs = (by / 64) as usize;
        let bits = by % 64;
        for i in (0..L).rev() {
            let mut v = 0;
            if i >= limbs {
                v = self.0[i - limbs] << bits;
                if bits > 0 && i > limbs {
                    v |= self.0[i - limbs - 1] >> (64 - bits);
                }
            }
            self.0[i] = v;
        }
    }

    pub(crate) fn or_u64(&mut self, v: u64) {
        self.0[0] |= v;
    }

    pub(crate) fn add(&mut self, o: &Self) {
        let mut carry = false;
        for i in 0..L {
            let (s, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            self.0[i] = s;
            carry = c1 || c2;
        }
    }

    pub(crate) fn sub(&mut self, o: &Self) {
        let mut borrow = false;
        for i in 0..L {
            let (s, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s, b2) = s.overflowing_sub(borrow as u64);
            self.0[i] = s;
            borrow = b1 || b2;
        }
    }

    /// `a + b - c`, wrapping, in one pass over the limbs.
    #[inline]
    pub(crate) fn sum_less(a: &Self, b: &Self, c: &Self) -> Self {
        // Two carry chains (add, then subtract), which compile to add-with-carry
        // and subtract-with-borrow instructions.
        let mut out = [0u64; L];
        let (mut carry, mut borrow) = (false, false);
        for (o, ((&x, &y), &z)) in out.iter_mut().zip(a.0.iter().zip(&b.0).zip(&c.0)) {
            let (s, c1) = x.overflowing_add(y);
            let (s, c2) = s.overflowing_add(carry as u64);
            carry = c1 | c2;
            let (d, b1) = s.overflowing_sub(z);
            let (d, b2) = d.overflowing_sub(borrow as u64);
            borrow = b1 | b2;
            *o = d;
        }
        Wide(out)
    }

    pub(crate) fn add_u64(&mut self, v: u64) {
        self.add(&Self::from_u64(v));
    }

    pub(crate) fn sub_u64(&mut self, v: u64) {
        self.sub(&Self::from_u64(v));
    }

    /// Adds `v << shift`.
    pub(crate) fn add_shifted(&mut self, v: u64, shift: u32) {
        let mut t = Self::from_u64(v);
        t.shl(shift);
        self.add(&t);
    }

    pub(crate) fn shr1(&mut self) {
        for i in 0..L {
            let hi = if i + 1 < L { self.0[i + 1] << 63 } else { 0 };
            self.0[i] = (self.0[i] >> 1) | hi;
        }
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, o: &Self) -> Ordering {
        for i in (0..L).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_across_limbs() {
        let mut w = Wide::<3>::from_u64(0b101);
        w.shl(126);
        assert_eq!(w.0, [0, 1 << 62, 1]);
        w.shr1();
        assert_eq!(w.0, [0, 1 << 61 | 1 << 63, 0]);
        let mut z = Wide::<2>::from_u64(u64::MAX);
        z.shl(64);
        assert_eq!(z.0, [0, u64::MAX]);
    }

    #[test]
    fn add_and_sub_borrow_like_machine_integers() {
        let mut w = Wide::<2>([0, 1]);
        w.sub_u64(2);
        assert_eq!(w.0, [u64::MAX - 1, 0]);
        w.add_u64(3);
        assert_eq!(w.0, [1, 1]);
        assert!(Wide::<2>([0, 1]) > Wide::<2>([u64::MAX, 0]));
        let mut x = Wide::<2>::default();
        x.add_shifted(1, 70);
        assert_eq!(x.0, [0, 64]);
    }

    #[test]
    fn sum_less_is_an_addition_then_a_subtraction() {
        // Carries and borrows into the middle limb, in every combination.
        let limbs = [0, 1, 1 << 63, u64::MAX - 1, u64::MAX];
        let mut values = Vec::new();
        for &hi in &limbs {
            for &mid in &limbs {
                for &lo in &limbs {
                    values.push(Wide::<3>([lo, mid, hi]));
                }
            }
        }
        for a in &values {
            for b in &values {
                for c in &values {
                    let mut expected = *a;
                    expected.add(b);
                    expected.sub(c);
                    assert_eq!(Wide::sum_less(a, b, c), expected, "{a:?} + {b:?} - {c:?}");
                }
            }
        }
    }
}
