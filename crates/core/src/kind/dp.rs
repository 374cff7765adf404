//! The dynamic-programming line solver for any palette and any length: every kind's fallback
//! for lines too long for its bit-parallel passes (black and white runs it with two entries).
//!
//! The black-and-white programme over (runs placed, cells used), with colours: Batenburg and
//! Kosters (*Solving Nonograms by combining relaxations*, Pattern Recognition 2009) give it for
//! two colours, and Wolter's survey of solvers (webpbn.com/survey) describes the multi-colour
//! form pbnsolve uses. Two things change with colours:
//!
//! - a run of colour `c` fits at cells `s..e` when every one of them may still take `c`: one
//!   prefix count per colour of the clue ("cells before `i` that cannot take `c`") makes that
//!   an O(1) test;
//! - two neighbouring runs need a background cell between them only when they have the same
//!   colour. So "the first `j` runs fit in cells `0..i`" (`fw[j][i]`) is used in two ways: as is
//!   when run `j + 1` has another colour (it may start at `i`, touching run `j`), and as
//!   `fw[j][i - 1]` with cell `i - 1` background when it has the same colour.
//!
//! A triangle puzzle's runs carry caps (`nonogram_model::triangle`): a run then fits where its
//! first and last cells may take its caps and the cells between them its colour, a valid
//! placement marks its caps' cells with their half cells, and [`Clue::needs_gap_after`] says
//! where two runs may touch. Nothing else changes.
//!
//! `bw[j][i]` is the mirror image: runs `j..k` fit in cells `i..n`. A run placement is valid when
//! its cells may take its colour and both sides are reachable; every cell it covers may take its
//! colour (a difference array per colour marks them in O(1) each). A cell may be background when
//! some `j` has `fw[j][i]` and `bw[j][i + 1]`. O(k·n) time and memory, plus O(n) per colour.

use nonogram_model::Clue;

use super::grid::get_bit;
use super::Contradiction;

/// Scratch tables, reused between calls.
#[derive(Debug, Default)]
pub struct Scratch {
    fw: Vec<bool>,
    bw: Vec<bool>,
    /// Per distinct colour of the clue: cells before `i` that cannot take it.
    blocked: Vec<u32>,
    /// The distinct colours of the clue (palette entries), in first-seen order.
    colours: Vec<usize>,
    /// Per run: its index in `colours`.
    slot: Vec<usize>,
    /// Per distinct colour: the difference array of the cells its runs may cover.
    cover: Vec<i32>,
    /// The caps of valid placements, as (entry, cell).
    caps: Vec<(usize, usize)>,
    /// Per run: whether a background cell must follow it.
    gap: Vec<bool>,
    /// Per run of a capped clue: its start and end caps' entries (0 for none).
    cap: Vec<[usize; 2]>,
}

impl Scratch {
    /// Solves a line; the contract of the colour line solver's `solve`
    /// (`crate::kinds::colour::line::ColourLineSolver`):
    /// `masks` holds, for each of the `entries` palette entries, `words` words of the cells that
    /// may take it, and `out` receives the same for the cells that still may after solving.
    pub fn solve(
        &mut self,
        clue: &Clue,
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        let (n, k) = (len, clue.len());
        let words = len.div_ceil(64);
        let width = n + 1;
        let lens = clue.runs();
        let may = |c: usize, i: usize| c < entries && get_bit(&masks[c * words..], i);
        let bg = |i: usize| may(0, i);

        // The distinct colours and their prefix counts of blocked cells.
        self.colours.clear();
        self.slot.clear();
        for &colour in clue.colours() {
            let c = colour.index();
            let at = match self.colours.iter().position(|&x| x == c) {
                Some(at) => at,
                None => {
                    self.colours.push(c);
                    self.colours.len() - 1
                }
            };
            self.slot.push(at);
        }
        let blocked = &mut self.blocked;
        blocked.clear();
        blocked.resize(self.colours.len() * width, 0);
        for (at, &c) in self.colours.iter().enumerate() {
            let row = &mut blocked[at * width..(at + 1) * width];
            for i in 0..n {
                row[i + 1] = row[i] + u32::from(!may(c, i));
            }
        }
        let blocked = &self.blocked;
        let slot = &self.slot;
        let capped = clue.has_caps();
        // Per run, read once: whether a gap must follow it, and its caps (entry indices, 0 for
        // none). The clue's own accessors work these out on each call.
        self.gap.clear();
        self.gap.extend((0..k).map(|r| clue.needs_gap_after(r)));
        self.cap.clear();
        if capped {
            self.cap
                .extend((0..k).map(|r| clue.caps(r).map(|c| c.index())));
        }
        let (gap, cap) = (&self.gap, &self.cap);
        // Run `r` fits at cells `s..s + len`: inside the line and every cell may take its colour
        // (its caps, if any, their half cells, and its body its colour).
        let fits = |r: usize, s: usize| {
            let e = s + lens[r] as usize;
            if e > n {
                return false;
            }
            let (mut b, mut f) = (s, e);
            if capped {
                let [start, end] = cap[r];
                if start != 0 {
                    if !may(start, s) {
                        return false;
                    }
                    b += 1;
                }
                if end != 0 {
                    if b >= f || !may(end, e - 1) {
                        return false;
                    }
                    f -= 1;
                }
            }
            blocked[slot[r] * width + f] == blocked[slot[r] * width + b]
        };
        let same = |r: usize| gap[r];

        let fw = &mut self.fw;
        fw.clear();
        fw.resize((k + 1) * width, false);
        fw[0] = true;
        for i in 1..=n {
            fw[i] = fw[i - 1] && bg(i - 1);
        }
        for j in 1..=k {
            let r = j - 1;
            let run = lens[r] as usize;
            for i in 0..=n {
                let mut ok = i > 0 && fw[j * width + i - 1] && bg(i - 1);
                if !ok && i >= run && fits(r, i - run) {
                    let s = i - run;
                    ok = if r > 0 && same(r - 1) {
                        s > 0 && bg(s - 1) && fw[r * width + s - 1]
                    } else {
                        fw[r * width + s]
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
            bw[k * width + i] = bw[k * width + i + 1] && bg(i);
        }
        for j in (0..k).rev() {
            for i in (0..=n).rev() {
                let mut ok = i < n && bw[j * width + i + 1] && bg(i);
                if !ok && fits(j, i) {
                    let e = i + lens[j] as usize;
                    ok = if same(j) {
                        e < n && bg(e) && bw[(j + 1) * width + e + 1]
                    } else {
                        bw[(j + 1) * width + e]
                    };
                }
                bw[j * width + i] = ok;
            }
        }

        // Every valid placement of every run marks its cells with its colour.
        let caps = &mut self.caps;
        caps.clear();
        let cover = &mut self.cover;
        cover.clear();
        cover.resize(self.colours.len() * width, 0);
        for r in 0..k {
            let run = lens[r] as usize;
            for s in 0..=n.saturating_sub(run) {
                if !fits(r, s) {
                    continue;
                }
                let e = s + run;
                let left = if r > 0 && same(r - 1) {
                    s > 0 && bg(s - 1) && fw[r * width + s - 1]
                } else {
                    fw[r * width + s]
                };
                let right = if same(r) {
                    e < n && bg(e) && bw[(r + 1) * width + e + 1]
                } else {
                    bw[(r + 1) * width + e]
                };
                if left && right {
                    let (mut b, mut f) = (s, e);
                    if capped {
                        let [start, end] = cap[r];
                        if start != 0 {
                            caps.push((start, s));
                            b += 1;
                        }
                        if end != 0 {
                            caps.push((end, e - 1));
                            f -= 1;
                        }
                    }
                    cover[slot[r] * width + b] += 1;
                    cover[slot[r] * width + f] -= 1;
                }
            }
        }
        out[..entries * words].fill(0);
        for &(c, i) in caps.iter() {
            out[c * words + i / 64] |= 1 << (i % 64);
        }
        for (at, &c) in self.colours.iter().enumerate() {
            let mut covered = 0;
            for i in 0..n {
                covered += cover[at * width + i];
                if covered > 0 {
                    out[c * words + i / 64] |= 1 << (i % 64);
                }
            }
        }
        for i in 0..n {
            if bg(i) && (0..=k).any(|j| fw[j * width + i] && bw[j * width + i + 1]) {
                out[i / 64] |= 1 << (i % 64);
            }
        }
        // A feasible line leaves every cell some colour; this is only a safety net.
        for i in 0..n {
            if (0..entries).all(|c| !get_bit(&out[c * words..], i)) {
                return Err(Contradiction);
            }
        }
        Ok(())
    }
}
