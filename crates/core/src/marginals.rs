//! How likely each cell is to be filled: the share of a line's patterns that fill each cell, with
//! the patterns weighted cell by cell, and belief propagation over the rows and columns, which
//! estimates each cell's chance in the whole puzzle from those of its lines.
//!
//! One line alone is exact: [`line_shares`] sums, over every placement of the runs, the product
//! of per-cell weights (the chance that each cell is filled or empty, as its other line sees it),
//! with the dynamic programme over (runs placed, cells used) run from both ends, in O(k·n). With
//! weights of 1 and 0 (allowed, ruled out) it is the plain share of the patterns that agree with
//! the known cells, which `nonogram_author::patterns::PatternSet::fill_shares` reports.
//!
//! The puzzle is not exact: [`estimate`] is loopy belief propagation on the factor graph whose
//! factors are the lines and whose variables are the cells. Each line tells each of its cells how
//! likely it is filled *given what the crossing lines say of the line's other cells* (the
//! "extrinsic" share: the line's weighted share with the cell's own weight divided out), and the
//! crossing line listens to that in its next round. The first round, every weight 1, is each
//! line's plain pattern share; the product of a cell's two shares is the independent-evidence
//! estimate. Later rounds let every line's view reach cells far away, through the crossing
//! lines, which is what makes the estimate good: deciding the surest cells first, the likely
//! way, took the learner's conflicts on TCGA 2012's 1,000 puzzles from 1.6 million to 0.3
//! million (BENCHMARKS.md). It is a heuristic only: the loops of the grid make the beliefs
//! approximate and the rounds need not converge, which is why they are damped and capped.

use nonogram_model::Cell;

/// The share of the weighted patterns of `runs` (each at least 1, as in a [`Clue`](crate::Clue))
/// that fill each cell, into `out`. A pattern (a placement of the runs, in order, with at least
/// one empty cell between two) weighs the product over the line's cells of `filled[i]` where it
/// fills cell `i` and `empty[i]` where it does not; each weight must be finite and at least 0
/// (0 rules the value out), and they are best kept at most 1 (see below). The share of cell `i`
/// is the weight of the patterns filling it over the weight of all patterns.
///
/// Fails, leaving `out` unspecified, when the total weight is not a positive finite `f64`
/// ([`Weightless`]).
pub fn line_shares(
    runs: &[u32],
    filled: &[f64],
    empty: &[f64],
    scratch: &mut LineScratch,
    out: &mut Vec<f64>,
) -> Result<(), Weightless> {
    let n = filled.len();
    debug_assert_eq!(empty.len(), n);
    let k = runs.len();
    let w = n + 1;
    // Run j starts somewhere in lo[j]..=hi[j], the places of the leftmost and rightmost
    // placements (run k stands for the line's end, one past a separator). Only those bands of
    // the tables are computed: for a typical clue the slack is a fraction of the line.
    let LineScratch {
        before,
        after,
        mass,
        windows,
        lo,
        hi,
        prefix,
        suffix,
    } = scratch;
    lo.clear();
    lo.push(0);
    for &run in runs {
        lo.push(lo.last().expect("not empty") + run as usize + 1);
    }
    if lo[k] > n + 1 {
        // The clue does not fit.
        return Err(Weightless::Nothing);
    }
    hi.clear();
    hi.resize(k + 1, 0);
    hi[k] = n + 1;
    for j in (0..k).rev() {
        hi[j] = hi[j + 1] - runs[j] as usize - 1;
    }
    fill_windows(windows, prefix, suffix, runs, (lo, hi), filled);
    // Slices from here on: the compiler then keeps their addresses in registers (through the
    // vectors, every store could have moved them) and drops most bounds checks.
    let (lo, hi, empty) = (&lo[..=k], &hi[..=k], &empty[..n]);
    let windows = &windows[..k * w];
    let window = |j: usize, s: usize| windows[j * w + s];
    // before[j * w + i]: the weight of runs `..j` placed in cells `..i`, uncovered cells empty.
    // Row j is read at i = s - 1 for the starts s of run j (and row k at n).
    grow(before, (k + 1) * w);
    let before = &mut before[..(k + 1) * w];
    before[0] = 1.0;
    for i in 1..hi[0].min(w) {
        before[i] = before[i - 1] * empty[i - 1];
    }
    for j in 1..=k {
        let len = runs[j - 1] as usize;
        let (done, rest) = before.split_at_mut(j * w);
        let (earlier, row) = (&done[(j - 1) * w..], &mut rest[..w]);
        // The value just computed stays in a register: read back from memory, it put a store's
        // latency on the programme's critical path.
        // (Below the band, before[j * w + i - 1] is 0.)
        let mut last = 0.0;
        for i in lo[j] - 1..hi[j] {
            // Run j - 1 ends at cell i - 1, after an empty cell (or the line's start); i is at
            // least 1, the run at least one cell long.
            let s = i - len;
            let lead = match s {
                0 => earlier[0],
                _ => empty[s - 1] * earlier[s - 1],
            };
            last = empty[i - 1] * last + window(j - 1, s) * lead;
            row[i] = last;
        }
    }
    let total = before[k * w + n];
    if !total.is_finite() {
        return Err(Weightless::OutOfRange);
    }
    if total <= 0.0 {
        return Err(Weightless::Nothing);
    }
    // after[j * w + i]: the weight of runs `j..` placed in cells `i..`, uncovered cells empty.
    // Row j is read at the starts of run j (and row k at n).
    grow(after, (k + 1) * w);
    let after = &mut after[..(k + 1) * w];
    after[k * w + n] = 1.0;
    for i in (lo[k].min(n)..n).rev() {
        after[k * w + i] = after[k * w + i + 1] * empty[i];
    }
    for j in (1..k).rev() {
        let len = runs[j] as usize;
        let (row, later) = after.split_at_mut((j + 1) * w);
        let row = &mut row[j * w..];
        // (Above the band, after[j * w + i + 1] is 0.)
        let mut next = 0.0;
        for i in (lo[j]..=hi[j]).rev() {
            next = empty[i] * next + window(j, i) * trail(later, empty, 0, i + len, n, w);
            row[i] = next;
        }
    }
    let after = &*after;
    // mass[s] adds the weight of the patterns whose run covering cells from `s` starts there,
    // and mass[end] takes it off again.
    mass.clear();
    mass.resize(n + 1, 0.0);
    let mass = &mut mass[..=n];
    for j in 0..k {
        let len = runs[j] as usize;
        for s in lo[j]..=hi[j] {
            let lead = match s {
                0 => before[j * w],
                _ => empty[s - 1] * before[j * w + s - 1],
            };
            let weight = lead * window(j, s) * trail(after, empty, j + 1, s + len, n, w);
            mass[s] += weight;
            mass[s + len] -= weight;
        }
    }
    out.clear();
    let mut covering = 0.0;
    out.extend(mass[..n].iter().map(|&d| {
        covering += d;
        (covering / total).clamp(0.0, 1.0)
    }));
    Ok(())
}

/// Why [`line_shares`] has no shares to give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weightless {
    /// The patterns weigh 0 in all: none has a positive weight (with weights of 0 and 1, no
    /// pattern agrees with the known cells), or, with weights between, their products underflow
    /// (weights very far from every pattern).
    Nothing,
    /// The total overflows a `f64`: with weights of at most 1, more than about 10^308 patterns,
    /// which takes lines of well over a thousand cells.
    OutOfRange,
}

/// Makes `table` at least `len` long. Its old entries stay: every table of [`line_shares`] is
/// read only where the same call wrote it (each run's band of starts), so clearing them (a
/// few kilobytes per line, most of them outside the bands) was wasted work.
fn grow(table: &mut Vec<f64>, len: usize) {
    if table.len() < len {
        table.resize(len, 0.0);
    }
}

/// The weight of runs `j..` after a run ending at cell `end` (exclusive): an empty separator,
/// then the runs, or nothing at the line's end.
#[inline]
fn trail(after: &[f64], empty: &[f64], j: usize, end: usize, n: usize, w: usize) -> f64 {
    if end == n {
        after[j * w + n]
    } else {
        empty[end] * after[j * w + end + 1]
    }
}

/// Reusable buffers of [`line_shares`].
#[derive(Debug, Default)]
pub struct LineScratch {
    before: Vec<f64>,
    after: Vec<f64>,
    mass: Vec<f64>,
    /// `windows[j * (n + 1) + s]`: the product of `filled` over run `j` placed from cell `s`.
    windows: Vec<f64>,
    /// Per run, its leftmost and rightmost start.
    lo: Vec<usize>,
    hi: Vec<usize>,
    /// Products within blocks, for the windows: from the block's start, and to its end.
    prefix: Vec<f64>,
    suffix: Vec<f64>,
}

impl LineScratch {
    /// Empty buffers.
    pub fn new() -> LineScratch {
        LineScratch::default()
    }
}

/// Into `windows`, the products of `filled` over the windows of every run's length that start
/// in its band, `lo[j]..=hi[j]` (the other entries are left as they were; `windows` is at
/// least `runs.len() · (n + 1)` long on return); `prefix` and `suffix` are scratch. A run
/// whose band is narrow multiplies its windows out, `len` factors each: for tight clues, the
/// usual case, that is the cheapest. Otherwise each
/// length takes O(n) whatever its size (van Herk and Gil-Werman): the line is cut into blocks
/// of the window's length, and a window is the end of one block times the start of the next.
/// Every factor of those two is a factor of the window, so neither underflows unless the
/// window itself does (a running product divided by an earlier one would).
fn fill_windows(
    windows: &mut Vec<f64>,
    prefix: &mut Vec<f64>,
    suffix: &mut Vec<f64>,
    runs: &[u32],
    (lo, hi): (&[usize], &[usize]),
    filled: &[f64],
) {
    let n = filled.len();
    let w = n + 1;
    grow(windows, runs.len() * w);
    for (j, &len) in runs.iter().enumerate() {
        let row = &mut windows[j * w..(j + 1) * w];
        fill_run_windows(row, prefix, suffix, len as usize, (lo[j], hi[j]), filled);
    }
}

/// Into `row[s]`, for the starts `s` of `lo..=hi` where a window of `len` cells fits, the
/// product of `filled` over cells `s..s + len` (the rest of `row` is left as it was);
/// [`fill_windows`] for one run, which colour lines call with each run's colour's weights
/// (`crate::kinds::colour::marginals`).
pub(crate) fn fill_run_windows(
    row: &mut [f64],
    prefix: &mut Vec<f64>,
    suffix: &mut Vec<f64>,
    len: usize,
    (lo, hi): (usize, usize),
    filled: &[f64],
) {
    let n = filled.len();
    debug_assert!(len > 0, "runs are at least one cell long");
    if len == 0 || len > n || lo > hi.min(n - len) {
        return;
    }
    let band = lo..=hi.min(n - len);
    if len * band.clone().count() <= 3 * n {
        // Each window's product in the same order as one at a time (its first factor, then
        // the next, ...), so the same value; but a factor at a time for every window of
        // the band, which the compiler vectorizes, instead of one window's chain at a time.
        let (first, last) = (*band.start(), *band.end());
        let row = &mut row[first..=last];
        row.copy_from_slice(&filled[first..=last]);
        for t in 1..len {
            for (product, &factor) in row.iter_mut().zip(&filled[first + t..=last + t]) {
                *product *= factor;
            }
        }
        return;
    }
    // (Chunks rather than `i % len` per cell: an integer division per cell cost more than
    // the products.)
    prefix.clear();
    prefix.extend_from_slice(filled);
    suffix.clear();
    suffix.extend_from_slice(filled);
    for block in prefix.chunks_mut(len) {
        for i in 1..block.len() {
            block[i] *= block[i - 1];
        }
    }
    for block in suffix.chunks_mut(len) {
        for i in (0..block.len() - 1).rev() {
            block[i] *= block[i + 1];
        }
    }
    for s in band {
        row[s] = match s % len {
            0 => suffix[s],
            _ => suffix[s] * prefix[s + len - 1],
        };
    }
}

/// How [`estimate`] runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rounds {
    /// The most rounds (each: every row, then every column). The first alone gives each line's
    /// plain pattern shares.
    pub max: usize,
    /// Each message becomes this share of its old value plus the rest of its new one, so that
    /// the rounds settle instead of swinging (loopy propagation may oscillate).
    pub damping: f64,
    /// Stop early once no message moved by this much in a round; and a line none of whose
    /// cells' crossing messages moved by this much since it last ran is not run again.
    pub tolerance: f64,
}

impl Default for Rounds {
    /// 15 rounds, damping 0.3, tolerance 10^-3: on tournament puzzles 10 undamped rounds and 15
    /// damped ones measured alike, 20 undamped ones worse (BENCHMARKS.md).
    fn default() -> Rounds {
        Rounds {
            max: 15,
            damping: 0.3,
            tolerance: 1e-3,
        }
    }
}

/// No message is surer than this (as a chance of being filled, or of being empty), so that no
/// line's belief rules a value out that the clues allow.
const SUREST: f64 = 1e-6;

/// Each cell's estimated chance of being filled, row by row (`width · height` values), by
/// belief propagation over the lines. `lines` holds the rows' runs, then the columns'; `known`
/// the cells known so far (row by row), whose chance is 0 or 1. `None` if some line admits no
/// pattern among the known cells (a contradiction: nothing to estimate).
///
/// `stop` is asked before each line: once it says so, the estimate so far is returned (the
/// first round's lines not reached yet keep their even chances). A solver gives up on a time
/// limit, a cancellation, or another thread's answer this way.
pub fn estimate(
    width: usize,
    height: usize,
    lines: &[&[u32]],
    known: &[Cell],
    rounds: Rounds,
    mut stop: impl FnMut() -> bool,
) -> Option<Vec<f64>> {
    debug_assert_eq!(lines.len(), width + height);
    debug_assert_eq!(known.len(), width * height);
    let cell = |slot: usize, i: usize| {
        if slot < height {
            slot * width + i
        } else {
            i * width + (slot - height)
        }
    };
    // message[v][axis]: the chance that cell v is filled according to its row (axis 0) or its
    // column (axis 1), not counting what the other line said of it.
    let mut message = vec![[0.5f64; 2]; known.len()];
    // heard[v][axis]: the crossing line's message that line `axis` of cell v last ran with.
    let mut heard = vec![[0.5f64; 2]; known.len()];
    let mut scratch = LineScratch::new();
    let (mut filled, mut empty, mut shares) = (Vec::new(), Vec::new(), Vec::new());
    let (mut crossing, mut old, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
    'rounds: for round in 0..rounds.max.max(1) {
        let mut moved = 0.0f64;
        for (slot, &runs) in lines.iter().enumerate() {
            if stop() {
                break 'rounds;
            }
            let axis = usize::from(slot >= height);
            let len = if axis == 0 { width } else { height };
            // A line none of whose cells heard news since it last ran would say the same again
            // (near enough): skip it. In late rounds most lines are quiet.
            let news = (0..len).any(|i| {
                let v = cell(slot, i);
                (message[v][1 - axis] - heard[v][axis]).abs() >= rounds.tolerance
            });
            if round > 0 && !news {
                continue;
            }
            // The weights in three plain loops over the line: the crossing lines' messages
            // gathered, the weights computed (vectorized: in one loop with the gathering, cell
            // by cell, the divisions ran one after the other), the known cells' weights set.
            crossing.clear();
            crossing.extend((0..len).map(|i| {
                let v = cell(slot, i);
                let p = message[v][1 - axis];
                if round > 0 && known[v] == Cell::Unknown {
                    heard[v][axis] = p;
                }
                p
            }));
            // What the crossing line says, scaled so the larger weight is 1: (1, (1 - p) / p)
            // if p is at least a half, else (p / (1 - p), 1).
            filled.resize(len, 0.0);
            empty.resize(len, 0.0);
            for ((f, e), &p) in filled.iter_mut().zip(empty.iter_mut()).zip(&crossing) {
                let q = 1.0 - p;
                let above = p >= 0.5;
                let ratio = if above { q } else { p } / if above { p } else { q };
                *f = if above { 1.0 } else { ratio };
                *e = if above { ratio } else { 1.0 };
            }
            for i in 0..len {
                let (f, e) = match known[cell(slot, i)] {
                    Cell::Filled => (1.0, 0.0),
                    Cell::Empty => (0.0, 1.0),
                    // The first round weighs every pattern alike: each line's plain shares.
                    Cell::Unknown if round == 0 => (1.0, 1.0),
                    Cell::Unknown => continue,
                };
                filled[i] = f;
                empty[i] = e;
            }
            match line_shares(runs, &filled, &empty, &mut scratch, &mut shares) {
                Ok(()) => {}
                // Unweighted, nothing weighs only if the known cells admit no pattern.
                Err(Weightless::Nothing) if round == 0 => return None,
                // Too many patterns, or weights too far from all of them: no news this round.
                Err(_) => continue,
            }
            // The new messages, likewise computed for every cell in one loop, then kept for the
            // unknown ones.
            old.clear();
            old.extend((0..len).map(|i| message[cell(slot, i)][axis]));
            fresh.resize(len, 0.0);
            for ((((new_message, &share), &f), &e), &old) in fresh
                .iter_mut()
                .zip(&shares)
                .zip(&filled)
                .zip(&empty)
                .zip(&old)
            {
                // Divide the cell's own weight out: share / (1 - share) = odds · f / e.
                let (yes, no) = (share * e, (1.0 - share) * f);
                let sum = yes + no;
                let extrinsic = if sum > 0.0 { yes / sum } else { 0.5 };
                let new = if round == 0 {
                    extrinsic
                } else {
                    rounds.damping * old + (1.0 - rounds.damping) * extrinsic
                };
                *new_message = new.clamp(SUREST, 1.0 - SUREST);
            }
            for i in 0..len {
                let v = cell(slot, i);
                if known[v] == Cell::Unknown {
                    moved = moved.max((fresh[i] - old[i]).abs());
                    message[v][axis] = fresh[i];
                }
            }
        }
        if round > 0 && moved < rounds.tolerance {
            break;
        }
    }
    Some(
        known
            .iter()
            .zip(&message)
            .map(|(&known, &[r, c])| match known {
                Cell::Filled => 1.0,
                Cell::Empty => 0.0,
                Cell::Unknown => {
                    let (yes, no) = (r * c, (1.0 - r) * (1.0 - c));
                    yes / (yes + no)
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every placement of `runs` in `n` cells, by brute force.
    fn patterns(runs: &[u32], n: usize) -> Vec<Vec<bool>> {
        fn place(runs: &[u32], from: usize, line: &mut Vec<bool>, out: &mut Vec<Vec<bool>>) {
            let Some((&first, rest)) = runs.split_first() else {
                out.push(line.clone());
                return;
            };
            let len = first as usize;
            let mut s = from;
            while s + len <= line.len() {
                line[s..s + len].fill(true);
                place(rest, s + len + 1, line, out);
                line[s..s + len].fill(false);
                s += 1;
            }
        }
        let mut out = Vec::new();
        place(runs, 0, &mut vec![false; n], &mut out);
        out
    }

    fn weights() -> impl Strategy<Value = f64> {
        prop_oneof![1 => Just(0.0), 1 => Just(1.0), 3 => 0.0f64..=1.0]
    }

    proptest! {
        /// Weighted shares against the weighted enumeration of every pattern.
        #[test]
        fn line_shares_agree_with_enumeration(
            runs in prop::collection::vec(1u32..=5, 0..=4),
            cells in prop::collection::vec((weights(), weights()), 0..=14),
        ) {
            let (filled, empty): (Vec<f64>, Vec<f64>) = cells.into_iter().unzip();
            let (mut total, mut mass) = (0.0, vec![0.0; filled.len()]);
            for p in patterns(&runs, filled.len()) {
                let weight: f64 = p
                    .iter()
                    .enumerate()
                    .map(|(i, &f)| if f { filled[i] } else { empty[i] })
                    .product();
                total += weight;
                for (i, &f) in p.iter().enumerate() {
                    if f {
                        mass[i] += weight;
                    }
                }
            }
            let mut out = Vec::new();
            let ok = line_shares(&runs, &filled, &empty, &mut LineScratch::new(), &mut out);
            prop_assert_eq!(ok, if total > 0.0 { Ok(()) } else { Err(Weightless::Nothing) });
            let ok = ok.is_ok();
            if ok {
                for (i, &share) in out.iter().enumerate() {
                    prop_assert!((share - mass[i] / total).abs() < 1e-9, "cell {}", i);
                }
            }
        }
    }

    /// One round: each cell's row share and column share, each counted by listing the line's
    /// patterns that agree with its known cells (by brute force), combined as independent
    /// evidence.
    #[test]
    fn one_round_combines_the_pattern_shares_of_both_lines() {
        use crate::generate::{random_puzzle, Rng};
        use nonogram_model::Axis;
        let mut compared = 0;
        for seed in 0..30 {
            let puzzle = random_puzzle(&mut Rng::new(seed), 9, 8, 0.5);
            let (w, h) = (9, 8);
            // The cells line solving knows, as at the learner's level 0.
            let mut grid = crate::Grid::new(w, h);
            let mut prop = crate::propagate::Propagator::<crate::kinds::BlackWhite>::new(&puzzle);
            prop.enqueue_all();
            if prop.propagate(&mut grid).is_err() {
                continue;
            }
            let known: Vec<Cell> = (0..w * h).map(|v| grid.get(v / w, v % w)).collect();
            let lines: Vec<&[u32]> = [Axis::Row, Axis::Column]
                .into_iter()
                .flat_map(|axis| puzzle.clues(axis).iter().map(|c| c.runs()))
                .collect();
            let one = Rounds {
                max: 1,
                ..Rounds::default()
            };
            let chance = estimate(w, h, &lines, &known, one, || false).unwrap();
            let share = |runs: &[u32], cells: Vec<Cell>, i: usize| {
                let all: Vec<Vec<bool>> = patterns(runs, cells.len())
                    .into_iter()
                    .filter(|p| {
                        p.iter().zip(&cells).all(|(&f, &k)| match k {
                            Cell::Unknown => true,
                            Cell::Filled => f,
                            Cell::Empty => !f,
                        })
                    })
                    .collect();
                all.iter().filter(|p| p[i]).count() as f64 / all.len() as f64
            };
            for v in 0..w * h {
                if known[v] != Cell::Unknown {
                    continue;
                }
                let (r, c) = (v / w, v % w);
                let row = share(lines[r], (0..w).map(|j| known[r * w + j]).collect(), c);
                let col = share(lines[h + c], (0..h).map(|j| known[j * w + c]).collect(), r);
                let want = row * col / (row * col + (1.0 - row) * (1.0 - col));
                assert!((chance[v] - want).abs() < 1e-9, "seed {seed}, cell {v}");
                compared += 1;
            }
        }
        assert!(compared > 100, "{compared} cells compared");
    }

    /// A line of more patterns than a `f64` holds has no shares, and gives no news to its
    /// cells rather than stopping the estimate.
    #[test]
    fn lines_of_too_many_patterns_are_skipped() {
        // 300 runs of one cell in 2,000 cells: C(1,701 + 300, 300), about 10^350 patterns.
        let row = vec![1u32; 300];
        let ones = vec![1.0; 2000];
        let mut out = Vec::new();
        let result = line_shares(&row, &ones, &ones, &mut LineScratch::new(), &mut out);
        assert_eq!(result, Err(Weightless::OutOfRange));
        let (one, none): (&[u32], &[u32]) = (&[1], &[]);
        let mut lines = vec![row.as_slice()];
        lines.extend((0..2000).map(|c| if c % 2 == 0 && c < 600 { one } else { none }));
        let chance = estimate(
            2000,
            1,
            &lines,
            &[Cell::Unknown; 2000],
            Rounds::default(),
            || false,
        )
        .expect("no contradiction");
        // The columns alone decide.
        assert!(chance[0] > 0.99 && chance[1] < 0.01 && chance[1999] < 0.01);
    }

    #[test]
    fn windows_are_products_of_the_run_cells() {
        let filled = [0.5, 0.25, 1.0, 0.0, 0.5, 0.5, 0.5, 0.75, 0.5, 1.0, 0.5];
        let n = filled.len();
        let runs = [3, 1, 3, 2, 7, 12];
        let (mut windows, mut prefix, mut suffix) = (Vec::new(), Vec::new(), Vec::new());
        // Every start (wide bands: blocks), then narrow bands (products multiplied out).
        let wide = (vec![0; 6], vec![n; 6]);
        let narrow = (vec![0, 2, 5, 8, 1, 0], vec![1, 2, 6, 9, 2, 0]);
        for (lo, hi) in [wide, narrow] {
            fill_windows(
                &mut windows,
                &mut prefix,
                &mut suffix,
                &runs,
                (&lo, &hi),
                &filled,
            );
            let w = n + 1;
            for (j, len) in runs.map(|r| r as usize).into_iter().enumerate().take(5) {
                for s in lo[j]..=hi[j].min(n - len) {
                    let want: f64 = filled[s..s + len].iter().product();
                    assert_eq!(windows[j * w + s], want, "run {j} from {s}");
                }
            }
        }
    }

    /// The six permutation matrices of 3×3 (one cell per row and per column): every cell is
    /// filled in two of the six, a chance of 1/3. One round sees each line alone (a share of 1/3
    /// from the row and from the column, combined: 1/5); the rounds reach the fixed point, where
    /// each line tells a cell `(1 − q) / 2q` in odds given the others' `q`, so
    /// `q = 1 / (1 + √2)` and the belief is exactly 1/3.
    #[test]
    fn rounds_reach_the_permutation_matrices_chance() {
        let one: &[u32] = &[1];
        let lines = [one; 6];
        let known = [Cell::Unknown; 9];
        let first = Rounds {
            max: 1,
            ..Rounds::default()
        };
        for c in estimate(3, 3, &lines, &known, first, || false).unwrap() {
            assert!((c - 0.2).abs() < 1e-12, "{c}");
        }
        let many = Rounds {
            max: 100,
            tolerance: 1e-9,
            ..Rounds::default()
        };
        for c in estimate(3, 3, &lines, &known, many, || false).unwrap() {
            assert!((c - 1.0 / 3.0).abs() < 1e-6, "{c}");
        }
    }

    /// Stopped, the estimate is the one so far: before any line, every unknown cell has even
    /// chances; after the first round's rows only, the rows' shares.
    #[test]
    fn a_stop_returns_the_estimate_so_far() {
        let one: &[u32] = &[1];
        let lines = [one; 6];
        let known = [Cell::Unknown; 9];
        for c in estimate(3, 3, &lines, &known, Rounds::default(), || true).unwrap() {
            assert_eq!(c, 0.5);
        }
        let mut asked = 0;
        let rows_only = estimate(3, 3, &lines, &known, Rounds::default(), || {
            asked += 1;
            asked > 3
        });
        // A row's share of 1/3 against the column's even chance.
        for c in rows_only.unwrap() {
            assert!((c - 1.0 / 3.0).abs() < 1e-12, "{c}");
        }
    }

    /// Known cells are certain, and settle what their lines force; a contradiction has no
    /// estimate.
    #[test]
    fn known_cells_settle_the_estimate() {
        // A 2×2 with one filled cell per line: two solutions, the diagonals, each cell 1/2.
        let one: &[u32] = &[1];
        let lines = [one; 4];
        let known = [Cell::Unknown; 4];
        let chance = estimate(2, 2, &lines, &known, Rounds::default(), || false).unwrap();
        for c in chance {
            assert!((c - 0.5).abs() < 1e-9);
        }
        // Known cells settle their lines: top-left filled forces the rest.
        let known = [Cell::Filled, Cell::Unknown, Cell::Unknown, Cell::Unknown];
        let chance = estimate(2, 2, &lines, &known, Rounds::default(), || false).unwrap();
        assert_eq!(chance[0], 1.0);
        assert!(
            chance[1] < 0.01 && chance[2] < 0.01 && chance[3] > 0.99,
            "{chance:?}"
        );
        // A contradiction has no estimate.
        let known = [Cell::Filled, Cell::Filled, Cell::Unknown, Cell::Unknown];
        assert_eq!(
            estimate(2, 2, &lines, &known, Rounds::default(), || false),
            None
        );
    }
}
