//! The bit-parallel line solver: a line is the regular expression `0* 1^a 0+ 1^b 0+ ... 1^z 0*`,
//! and we run its NFA with one bit per state (the Shift-And technique of Baeza-Yates and Gonnet).
//!
//! State `t` means "`t` symbols of the pattern `1^a 0 1^b 0 ... 1^z` consumed". State 0 (before
//! the first run), the final state and every state just after a separating `0` loop on `0`;
//! every other transition goes from `t` to `t + 1` on the pattern's next symbol. So one step is
//! `next = (states << 1) & M[symbol] | (states & LOOP if symbol is 0)`, a few word operations
//! whatever the clue.
//!
//! A forward pass records the reachable state sets `F[i]` before each cell; a backward pass keeps
//! the set `B` of states from which the rest of the line can be accepted. Cell `i` can take value
//! `v` exactly when some state of `F[i]` steps on `v` into `B`: that is the whole deduction, exact
//! (it considers all placements at once), in two linear passes.

use super::{Line, LineSolve, Masks};
use crate::kind::grid::{get_bit, set_bit};
use crate::kind::Contradiction;

/// The most NFA states the solver takes: two machine words' worth.
pub const MAX_STATES: usize = 128;

/// Number of NFA states for a clue: the pattern's length plus the start state (an empty clue's
/// one state, start and final at once, is state 0).
pub fn state_count(clue: &[u32]) -> usize {
    clue.iter().map(|&r| r as usize).sum::<usize>() + clue.len()
}

/// The bit-parallel NFA solver, with its buffers for the forward state sets. It takes clues of
/// at most [`MAX_STATES`] states, on lines of any length.
#[derive(Debug, Default)]
pub struct Bits {
    forward64: Vec<u64>,
    forward128: Vec<u128>,
}

macro_rules! nfa_solver {
    ($name:ident, $word:ty, $buffer:ident) => {
        /// Solves a clue whose automaton fits in one word (see [`state_count`]), into zeroed
        /// output masks.
        fn $name(
            &mut self,
            clue: &[u32],
            len: usize,
            filled: &[u64],
            empty: &[u64],
            out_filled: &mut [u64],
            out_empty: &mut [u64],
        ) -> Result<(), Contradiction> {
            const ONE: $word = 1;
            // M1: states entered on a 1; M0: states entered on a separating 0.
            let (mut m1, mut m0): ($word, $word) = (0, 0);
            let mut t = 0;
            for (j, &run) in clue.iter().enumerate() {
                for _ in 0..run {
                    t += 1;
                    m1 |= ONE << t;
                }
                if j + 1 < clue.len() {
                    t += 1;
                    m0 |= ONE << t;
                }
            }
            let accept: $word = ONE << t;
            let looping: $word = m0 | 1 | accept;

            let forward = &mut self.$buffer;
            forward.clear();
            forward.reserve(len + 1);
            let mut states: $word = 1;
            forward.push(states);
            for i in 0..len {
                let shifted = states << 1;
                let mut next = 0;
                if !get_bit(empty, i) {
                    next |= shifted & m1;
                }
                if !get_bit(filled, i) {
                    next |= (shifted & m0) | (states & looping);
                }
                states = next;
                if states == 0 {
                    return Err(Contradiction);
                }
                forward.push(states);
            }
            if states & accept == 0 {
                return Err(Contradiction);
            }

            let mut back: $word = accept;
            for i in (0..len).rev() {
                let before = forward[i];
                let shifted = before << 1;
                let is_filled = get_bit(filled, i);
                let is_empty = get_bit(empty, i);
                let can_fill = !is_empty && shifted & m1 & back != 0;
                let can_empty = !is_filled && ((shifted & m0) | (before & looping)) & back != 0;
                match (can_fill, can_empty) {
                    (true, false) => set_bit(out_filled, i),
                    (false, true) => set_bit(out_empty, i),
                    (true, true) => {}
                    // Unreachable when the forward pass accepted; kept as a safe answer.
                    (false, false) => return Err(Contradiction),
                }
                let mut previous = 0;
                if !is_empty {
                    previous |= (back & m1) >> 1;
                }
                if !is_filled {
                    previous |= ((back & m0) >> 1) | (back & looping);
                }
                back = previous;
            }
            Ok(())
        }
    };
}

impl Bits {
    nfa_solver!(solve_u64, u64, forward64);
    nfa_solver!(solve_u128, u128, forward128);
}

impl LineSolve for Bits {
    fn solve(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        let (clue, len, words) = (line.clue(), line.len(), line.words());
        let states = state_count(clue);
        assert!(
            states <= MAX_STATES,
            "{states} NFA states: too many for the bit-parallel solver"
        );
        out.filled[..words].fill(0);
        out.empty[..words].fill(0);
        let (filled, empty) = (line.filled(), line.empty());
        if states <= 64 {
            self.solve_u64(clue, len, filled, empty, &mut out.filled, &mut out.empty)
        } else {
            self.solve_u128(clue, len, filled, empty, &mut out.filled, &mut out.empty)
        }
    }

    /// Clues of at most [`MAX_STATES`] states.
    fn supports(&self, line: Line<'_>) -> bool {
        state_count(line.clue()) <= MAX_STATES
    }
}
