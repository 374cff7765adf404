//! How likely each cell is to take each palette entry: [`crate::marginals`] for colour lines.
//!
//! One line alone is exact: [`line_shares`] sums, over every placement of the coloured runs,
//! the product of per-cell, per-entry weights (the chance that the cell takes the entry, as its
//! other line sees it), with the colour line programme of [`crate::kind::dp`] run from both
//! ends in weights instead of truth values: O(k·n) for k runs in n cells, besides the runs'
//! windows. Two neighbouring runs need a background cell between them only when they share a
//! colour, as in the line solver.
//!
//! The puzzle is approximate: [`estimate`] is the same loopy belief propagation as black and
//! white's, on the factor graph whose factors are the lines and whose variables are the cells,
//! each message now a distribution over the entries the cell may still take rather than one
//! chance of being filled. Each line tells each of its cells how likely each entry is *given
//! what the crossing lines say of the line's other cells* (its weighted share with the cell's
//! own weight divided out); the crossing line listens in its next round. The learner orders
//! its first decisions by the result ([`crate::kind::learn::LearnLines::chances`]): the surest
//! of "cell `x` takes entry `e`" first, each the likely way. On 20 random 30×30 3-colour
//! puzzles (two threads, uniqueness) it took the total from 130–159 s with a time-out to
//! 12 s, and on 12 random 40×40 2-colour ones from 100 s with two time-outs to 9–10 s
//! (BENCHMARKS.md, issue 43).

use nonogram_model::Clue;

use crate::marginals::{fill_run_windows, Rounds, Weightless};

/// No message gives an entry the cell may take a smaller chance than this, so that no line's
/// belief rules out an entry that the clues allow.
const SUREST: f64 = 1e-6;

/// Reusable buffers of [`line_shares`].
#[derive(Debug, Default)]
pub(crate) struct LineScratch {
    /// `before[j * (n + 1) + i]`: the weight of runs `..j` placed in cells `..i`, the cells
    /// they leave background.
    before: Vec<f64>,
    /// `after[j * (n + 1) + i]`: the weight of runs `j..` placed in cells `i..`.
    after: Vec<f64>,
    /// `windows[j * (n + 1) + s]`: the product of run `j`'s colour's weights over the run
    /// placed from cell `s` (only within its band of starts).
    windows: Vec<f64>,
    /// Per palette entry, the difference array of the weight of the placements covering each
    /// cell with it.
    mass: Vec<f64>,
    /// Per run, its leftmost and rightmost start.
    lo: Vec<usize>,
    hi: Vec<usize>,
    /// Per run: whether a background cell must follow it (the next run has its colour).
    gap: Vec<bool>,
    prefix: Vec<f64>,
    suffix: Vec<f64>,
}

/// Into `out` (`entries · n` values, entry by entry), the share of the weighted placements of
/// `clue`'s runs in a line of `n` cells that give each cell each entry. `weights` is laid out
/// the same way: `weights[e · n + i]` is the weight of cell `i` taking entry `e` (entry 0 the
/// background); a placement weighs the product of its cells' weights. Each weight must be
/// finite and at least 0 (0 rules the entry out), and is best kept at most 1. Fails, leaving
/// `out` unspecified, when the total weight is not a positive finite `f64` ([`Weightless`]);
/// a run whose colour is not below `entries` never fits.
pub(crate) fn line_shares(
    clue: &Clue,
    n: usize,
    entries: usize,
    weights: &[f64],
    scratch: &mut LineScratch,
    out: &mut Vec<f64>,
) -> Result<(), Weightless> {
    debug_assert!(weights.len() >= entries * n);
    let (lens, colours) = (clue.runs(), clue.colours());
    let k = lens.len();
    let w = n + 1;
    let LineScratch {
        before,
        after,
        windows,
        mass,
        lo,
        hi,
        gap,
        prefix,
        suffix,
    } = scratch;
    if colours
        .iter()
        .any(|c| c.index() >= entries || c.index() == 0)
    {
        return Err(Weightless::Nothing);
    }
    let bg = &weights[..n];
    gap.clear();
    gap.extend((0..k).map(|j| clue.needs_gap_after(j)));
    // The bands of starts: the leftmost and the rightmost placements.
    lo.clear();
    let mut next = 0;
    for j in 0..k {
        lo.push(next);
        next += lens[j] as usize + usize::from(gap[j]);
    }
    if next > n {
        return Err(Weightless::Nothing);
    }
    hi.clear();
    hi.resize(k, 0);
    let mut end = n;
    for j in (0..k).rev() {
        end -= lens[j] as usize + usize::from(gap[j]);
        hi[j] = end;
    }
    windows.resize(k * w, 0.0);
    for j in 0..k {
        let c = colours[j].index();
        let row = &mut windows[j * w..(j + 1) * w];
        fill_run_windows(
            row,
            prefix,
            suffix,
            lens[j] as usize,
            (lo[j], hi[j]),
            &weights[c * n..(c + 1) * n],
        );
    }
    let (lo, hi, gap, windows) = (&lo[..], &hi[..], &gap[..], &windows[..]);
    let window = |j: usize, s: usize| {
        if s < lo[j] || s > hi[j] {
            0.0
        } else {
            windows[j * w + s]
        }
    };
    before.clear();
    before.resize((k + 1) * w, 0.0);
    before[0] = 1.0;
    for i in 1..=n {
        before[i] = before[i - 1] * bg[i - 1];
    }
    // The weight of the runs before run `j` and the cells before its start `s`: a background
    // cell before it when the run before has its colour.
    let lead = |before: &[f64], j: usize, s: usize| {
        if j > 0 && gap[j - 1] {
            if s > 0 {
                bg[s - 1] * before[j * w + s - 1]
            } else {
                0.0
            }
        } else {
            before[j * w + s]
        }
    };
    for j in 1..=k {
        let (r, len) = (j - 1, lens[j - 1] as usize);
        for i in lo[r] + len..=n {
            let mut v = before[j * w + i - 1] * bg[i - 1];
            let s = i - len;
            let win = window(r, s);
            if win > 0.0 {
                v += win * lead(before, r, s);
            }
            before[j * w + i] = v;
        }
    }
    let total = before[k * w + n];
    if !total.is_finite() {
        return Err(Weightless::OutOfRange);
    }
    if total <= 0.0 {
        return Err(Weightless::Nothing);
    }
    after.clear();
    after.resize((k + 1) * w, 0.0);
    after[k * w + n] = 1.0;
    for i in (0..n).rev() {
        after[k * w + i] = bg[i] * after[k * w + i + 1];
    }
    // The weight of the cells after run `j` ending at `e` and the runs after it.
    let trail = |after: &[f64], j: usize, e: usize| {
        if gap[j] {
            if e < n {
                bg[e] * after[(j + 1) * w + e + 1]
            } else {
                0.0
            }
        } else {
            after[(j + 1) * w + e]
        }
    };
    for j in (0..k).rev() {
        let len = lens[j] as usize;
        for i in (0..=hi[j]).rev() {
            let mut v = bg[i] * after[j * w + i + 1];
            let win = window(j, i);
            if win > 0.0 {
                v += win * trail(after, j, i + len);
            }
            after[j * w + i] = v;
        }
    }
    mass.clear();
    mass.resize(entries * w, 0.0);
    for j in 0..k {
        let (len, c) = (lens[j] as usize, colours[j].index());
        for s in lo[j]..=hi[j] {
            let win = window(j, s);
            if win > 0.0 {
                let weight = lead(before, j, s) * win * trail(after, j, s + len);
                mass[c * w + s] += weight;
                mass[c * w + s + len] -= weight;
            }
        }
    }
    out.clear();
    out.resize(entries * n, 0.0);
    // The background: placements with `j` runs before the cell, the cell background, and the
    // rest after it.
    for i in 0..n {
        let sum: f64 = (0..=k)
            .map(|j| before[j * w + i] * after[j * w + i + 1])
            .sum();
        out[i] = (bg[i] * sum / total).clamp(0.0, 1.0);
    }
    for c in 1..entries {
        let mut covering = 0.0;
        for i in 0..n {
            covering += mass[c * w + i];
            out[c * n + i] = (covering / total).clamp(0.0, 1.0);
        }
    }
    Ok(())
}

/// Each variable's estimated chance, `cell · entries + e` for entry `e` of each cell (row by
/// row), by belief propagation over the lines, as [`crate::marginals::estimate`] does for black
/// and white. `clues` holds the rows' clues, then the columns'; `allowed[cell · entries + e]`
/// whether the cell may still take entry `e` (an entry ruled out has chance 0, a cell left one
/// entry has it for certain). `None` if some line admits no placement among the allowed
/// entries (a contradiction). `stop` is asked before each line; once it says so, the estimate
/// so far is returned.
pub(crate) fn estimate(
    width: usize,
    height: usize,
    clues: &[&Clue],
    entries: usize,
    allowed: &[bool],
    rounds: Rounds,
    mut stop: impl FnMut() -> bool,
) -> Option<Vec<f64>> {
    debug_assert_eq!(clues.len(), width + height);
    debug_assert_eq!(allowed.len(), width * height * entries);
    let cell = |slot: usize, i: usize| {
        if slot < height {
            slot * width + i
        } else {
            i * width + (slot - height)
        }
    };
    let cells = width * height;
    let open: Vec<bool> = (0..cells)
        .map(|v| {
            allowed[v * entries..(v + 1) * entries]
                .iter()
                .filter(|&&a| a)
                .count()
                > 1
        })
        .collect();
    // message[axis][v · entries + e]: the chance that cell v takes entry e according to its
    // row (axis 0) or column (axis 1), not counting what the other line said of it.
    let even = 1.0 / entries as f64;
    let mut message = [vec![even; cells * entries], vec![even; cells * entries]];
    // heard[axis]: the crossing line's messages that line `axis` of each cell last ran with.
    let mut heard = message.clone();
    let mut scratch = LineScratch::default();
    let (mut weights, mut shares, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
    'rounds: for round in 0..rounds.max.max(1) {
        let mut moved = 0.0f64;
        for (slot, &clue) in clues.iter().enumerate() {
            if stop() {
                break 'rounds;
            }
            let axis = usize::from(slot >= height);
            let len = if axis == 0 { width } else { height };
            let [row, col] = &mut message;
            let (mine, crossing) = if axis == 0 {
                (row, &*col)
            } else {
                (col, &*row)
            };
            let heard = &mut heard[axis];
            let news = (0..len).any(|i| {
                let v = cell(slot, i);
                open[v]
                    && (v * entries..(v + 1) * entries)
                        .any(|x| (crossing[x] - heard[x]).abs() >= rounds.tolerance)
            });
            if round > 0 && !news {
                continue;
            }
            // The weights: what the crossing line says, scaled so that the cell's likeliest
            // entry weighs 1; the first round weighs every allowed entry alike.
            weights.clear();
            weights.resize(entries * len, 0.0);
            for i in 0..len {
                let v = cell(slot, i);
                let base = v * entries;
                let say = |e: usize| match (allowed[base + e], round) {
                    (false, _) => 0.0,
                    (true, 0) => 1.0,
                    (true, _) => crossing[base + e],
                };
                let top = (0..entries).map(say).fold(0.0, f64::max);
                for e in 0..entries {
                    weights[e * len + i] = if top > 0.0 { say(e) / top } else { 0.0 };
                }
                if round > 0 && open[v] {
                    heard[base..base + entries].copy_from_slice(&crossing[base..base + entries]);
                }
            }
            match line_shares(clue, len, entries, &weights, &mut scratch, &mut shares) {
                Ok(()) => {}
                Err(Weightless::Nothing) if round == 0 => return None,
                Err(_) => continue,
            }
            for i in 0..len {
                let v = cell(slot, i);
                if !open[v] {
                    continue;
                }
                let base = v * entries;
                // Divide the cell's own weight out, then spread the rest over its entries.
                fresh.clear();
                fresh.extend((0..entries).map(|e| {
                    let weight = weights[e * len + i];
                    if weight > 0.0 {
                        shares[e * len + i] / weight
                    } else {
                        0.0
                    }
                }));
                let sum: f64 = fresh.iter().sum();
                let allowed = &allowed[base..base + entries];
                let count = allowed.iter().filter(|&&a| a).count() as f64;
                for (e, x) in fresh.iter_mut().enumerate() {
                    let extrinsic = match (allowed[e], sum > 0.0) {
                        (false, _) => 0.0,
                        (true, true) => *x / sum,
                        (true, false) => 1.0 / count,
                    };
                    let new = if round == 0 {
                        extrinsic
                    } else {
                        rounds.damping * mine[base + e] + (1.0 - rounds.damping) * extrinsic
                    };
                    *x = if allowed[e] { new.max(SUREST) } else { 0.0 };
                }
                let sum: f64 = fresh.iter().sum();
                for (e, &x) in fresh.iter().enumerate() {
                    let new = x / sum;
                    moved = moved.max((new - mine[base + e]).abs());
                    mine[base + e] = new;
                }
            }
        }
        if round > 0 && moved < rounds.tolerance {
            break;
        }
    }
    let [row, col] = &message;
    let mut chances = vec![0.0; cells * entries];
    for (v, &open) in open.iter().enumerate() {
        let base = v * entries;
        let belief = |e: usize| match allowed[base + e] {
            false => 0.0,
            true if !open => 1.0,
            true => row[base + e] * col[base + e],
        };
        let sum: f64 = (0..entries).map(belief).sum();
        for e in 0..entries {
            chances[base + e] = if sum > 0.0 { belief(e) / sum } else { 0.0 };
        }
    }
    Some(chances)
}

#[cfg(test)]
mod tests;
