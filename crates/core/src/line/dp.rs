//! The dynamic-programming line solver, for lines of any length.
//!
//! `fw[j][i]`: the first `j` runs can be placed in cells `0..i`, agreeing with the known cells.
//! `bw[j][i]`: runs `j..k` can be placed in cells `i..n`. A cell can be empty when some `j` has
//! `fw[j][i]` and `bw[j][i + 1]`; it can be filled when it lies inside some run `j` whose
//! placement at start `s` is reachable from both sides. Prefix sums make "no known-empty cell in
//! this range" O(1), and a difference array marks the cells of each valid placement, so the whole
//! solve is O(k·n) time and memory.

use super::{Line, LineSolve, Masks};
use crate::grid::{get_bit, set_bit};
use crate::Contradiction;

/// The dynamic-programming solver, with its tables, reused between calls. It takes every line.
#[derive(Debug, Default)]
pub struct Dp {
    fw: Vec<bool>,
    bw: Vec<bool>,
    empty_before: Vec<u32>,
    cover: Vec<i32>,
}

impl LineSolve for Dp {
    fn solve(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        let (clue, len, filled, empty) = (line.clue(), line.len(), line.filled(), line.empty());
        let words = line.words();
        out.filled[..words].fill(0);
        out.empty[..words].fill(0);
        let (out_filled, out_empty) = (&mut out.filled, &mut out.empty);
        let (n, k) = (len, clue.len());
        let width = n + 1;
        let can_fill = |i: usize| !get_bit(empty, i);
        let can_empty = |i: usize| !get_bit(filled, i);

        self.empty_before.clear();
        self.empty_before.push(0);
        for i in 0..n {
            let last = self.empty_before[i];
            self.empty_before.push(last + u32::from(!can_fill(i)));
        }
        let empty_before = &self.empty_before;
        let fits = |s: usize, e: usize| empty_before[e] == empty_before[s];

        let fw = &mut self.fw;
        fw.clear();
        fw.resize((k + 1) * width, false);
        fw[0] = true;
        for i in 1..=n {
            fw[i] = fw[i - 1] && can_empty(i - 1);
        }
        for j in 1..=k {
            let run = clue[j - 1] as usize;
            for i in 1..=n {
                let mut ok = fw[j * width + i - 1] && can_empty(i - 1);
                if !ok && i >= run && fits(i - run, i) {
                    let s = i - run;
                    ok = if s == 0 {
                        j == 1
                    } else {
                        can_empty(s - 1) && fw[(j - 1) * width + s - 1]
                    };
                }
                fw[j * width + i] = ok;
            }
        }
        if !fw[k * width + n] {
            return Err(Contradiction);
        }

        let bw = &mut self.bw;
        bw.clear();
        bw.resize((k + 1) * width, false);
        bw[k * width + n] = true;
        for i in (0..n).rev() {
            bw[k * width + i] = bw[k * width + i + 1] && can_empty(i);
        }
        for j in (0..k).rev() {
            let run = clue[j] as usize;
            for i in (0..n).rev() {
                let mut ok = bw[j * width + i + 1] && can_empty(i);
                let e = i + run;
                if !ok && e <= n && fits(i, e) {
                    ok = if e == n {
                        j + 1 == k
                    } else {
                        can_empty(e) && bw[(j + 1) * width + e + 1]
                    };
                }
                bw[j * width + i] = ok;
            }
        }

        // Cells covered by some valid run placement can be filled.
        let cover = &mut self.cover;
        cover.clear();
        cover.resize(n + 1, 0);
        for (j, &run) in clue.iter().enumerate() {
            let run = run as usize;
            for s in 0..=n.saturating_sub(run) {
                let e = s + run;
                let left = if s == 0 {
                    j == 0
                } else {
                    can_empty(s - 1) && fw[j * width + s - 1]
                };
                let right = if e == n {
                    j + 1 == k
                } else {
                    can_empty(e) && bw[(j + 1) * width + e + 1]
                };
                if left && right && fits(s, e) {
                    cover[s] += 1;
                    cover[e] -= 1;
                }
            }
        }
        let mut covered = 0;
        for i in 0..n {
            covered += cover[i];
            let fill = covered > 0;
            let emp = can_empty(i) && (0..=k).any(|j| fw[j * width + i] && bw[j * width + i + 1]);
            match (fill, emp) {
                (true, false) => set_bit(out_filled, i),
                (false, true) => set_bit(out_empty, i),
                (true, true) => {}
                (false, false) => return Err(Contradiction),
            }
        }
        Ok(())
    }
}
