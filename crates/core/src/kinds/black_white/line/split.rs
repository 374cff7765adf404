//! Long lines in independent pieces.
//!
//! Among the placements of a clue that agree with a line's known cells, the *leftmost* puts
//! every run at the least start it has in any of them, and the *rightmost* at the greatest
//! (both are placements themselves). Where run `j` ends, in the rightmost placement, before run
//! `j + 1` starts in the leftmost, the cells between are empty in every placement, and the line
//! falls apart there: its placements are exactly the pairs of a placement of runs `..=j` on the
//! cells to the left and one of runs `j + 1..` on the cells to the right. Each piece can then
//! be solved alone, and its deductions are the line's.
//!
//! That is what keeps the cost of a long line proportional to its length. The cell-parallel
//! passes cost a few word operations per run *and per word of the line*, O(k·n/64), and a
//! random line's runs grow with its length, so on one line of 4,096 cells each cell costs
//! about three times what it does at 1,024. Once a third or so of the cells are known, a long
//! line falls into many pieces, most of them a few dozen cells, each solved in one word (a
//! random line of 4,096 cells with 30% known: 32 pieces, the largest about 900 cells).
//!
//! Both placements come from one greedy scan with backtracking (the rightmost is the leftmost
//! of the reversed line): each run goes to the first start from which its cells may be filled
//! and the cell after it may be empty; a filled cell left uncovered before a run (or after the
//! last) pulls the run before it to the right to cover it, and so on back. Each move is forced,
//! so no run ever passes its leftmost start, and a run with no start left means no placement at
//! all: the scan alone decides whether the line is feasible. Starts only move right, so the
//! scan ends; on the rare line where it takes more than a few steps per cell it gives up (the
//! caller then solves the line whole), so its cost stays linear in the line's length.

use crate::kind::grid::get_bit;

/// The first cell in `from..to` whose bit is set in `words`, or `to` if none is.
#[inline]
fn next_set(words: &[u64], from: usize, to: usize) -> usize {
    next_where(words, from, to, false)
}

/// The first cell in `from..to` whose bit is clear in `words`, or `to` if none is.
#[inline]
fn next_clear(words: &[u64], from: usize, to: usize) -> usize {
    next_where(words, from, to, true)
}

#[inline(always)]
fn next_where(words: &[u64], from: usize, to: usize, invert: bool) -> usize {
    if from >= to {
        return to;
    }
    let flip = if invert { u64::MAX } else { 0 };
    let mut w = from / 64;
    let mut word = (words[w] ^ flip) & (u64::MAX << (from % 64));
    loop {
        if word != 0 {
            return (w * 64 + word.trailing_zeros() as usize).min(to);
        }
        w += 1;
        if w * 64 >= to {
            return to;
        }
        word = words[w] ^ flip;
    }
}

/// What [`leftmost`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leftmost {
    /// The leftmost placement, in the scratch it was given.
    Placed,
    /// No placement agrees with the known cells.
    Infeasible,
    /// The scan took more than its budget of steps.
    GaveUp,
}

/// The scan's budget of steps on a line of `len` cells and `k` runs: a step places a run,
/// skips a block of empty cells, slides a run by one cell or pulls one back.
fn budget(len: usize, k: usize) -> usize {
    4 * (len + k) + 64
}

/// The leftmost placement of a non-empty `clue` on the line of `len` cells whose known cells
/// are `filled` and `empty` (as in [`super::Line`]): on [`Leftmost::Placed`], `starts[j]` is
/// the least start run `j` has in any placement.
fn leftmost(
    clue: &[u32],
    len: usize,
    filled: &[u64],
    empty: &[u64],
    starts: &mut Vec<usize>,
) -> Leftmost {
    let k = clue.len();
    debug_assert!(k > 0);
    starts.clear();
    starts.resize(k, 0);
    let mut steps = budget(len, k);
    let mut j = 0;
    // Runs `..placed` have been placed at least once: their starts are lower bounds, and each
    // fits where it is.
    let mut placed = 0;
    // Runs `j..dirty_to` may have a filled cell left uncovered before them: the runs before
    // `j` have none, nor have those from `dirty_to` to `placed` (a gap only shrinks when the
    // run before it moves right).
    let mut dirty_to = 0;
    // The least start run `j` may take: past the run before it and a cell, or where it must
    // go to cover a filled cell.
    let mut from = 0;
    loop {
        steps = match steps.checked_sub(1) {
            Some(s) => s,
            None => return Leftmost::GaveUp,
        };
        if j == k {
            // Every run placed: a filled cell after the last must be covered by it.
            let end = starts[k - 1] + clue[k - 1] as usize;
            let x = next_set(filled, end, len);
            if x == len {
                return Leftmost::Placed;
            }
            j = k - 1;
            from = x + 1 - clue[j] as usize;
            continue;
        }
        let c = clue[j] as usize;
        let stays = j < placed && from <= starts[j];
        let p = if stays {
            starts[j]
        } else {
            match first_fit(c, from, len, filled, empty, &mut steps) {
                Ok(p) => p,
                Err(stop) => return stop,
            }
        };
        starts[j] = p;
        placed = placed.max(j + 1);
        // A filled cell between the run before and this one must be the run before's: no
        // start of this run at or after `from` covers it.
        let gap = if j == 0 {
            0
        } else {
            starts[j - 1] + clue[j - 1] as usize
        };
        let x = next_set(filled, gap, p);
        if x < p {
            if j == 0 {
                return Leftmost::Infeasible;
            }
            dirty_to = dirty_to.max(j + 1);
            j -= 1;
            from = x + 1 - clue[j] as usize;
        } else if j + 1 >= dirty_to && stays {
            // Nothing after this run changed: carry on after the last run placed.
            dirty_to = 0;
            j = placed;
            from = starts[j - 1] + clue[j - 1] as usize + 1;
        } else {
            if j + 1 >= dirty_to {
                // The runs up to this one have just been checked again.
                dirty_to = 0;
            }
            from = p + c + 1;
            j += 1;
        }
    }
}

/// The first start from `from` on where a run of `c` cells may be filled and the cell after
/// it may be empty, taking a step of `steps` for each start passed over.
#[inline(always)]
fn first_fit(
    c: usize,
    from: usize,
    len: usize,
    filled: &[u64],
    empty: &[u64],
    steps: &mut usize,
) -> Result<usize, Leftmost> {
    let mut p = from;
    loop {
        p = next_clear(empty, p, len);
        if p + c > len {
            return Err(Leftmost::Infeasible);
        }
        let q = next_set(empty, p, p + c);
        if q < p + c {
            // An empty cell inside: start past it.
            p = q + 1;
        } else if p + c < len && get_bit(filled, p + c) {
            // The run would touch a filled cell: slide it over.
            p += 1;
        } else {
            return Ok(p);
        }
        *steps = steps.checked_sub(1).ok_or(Leftmost::GaveUp)?;
    }
}

/// Writes the first `len` bits of `src` reversed (bit `i` to bit `len - 1 - i`) into `dst`,
/// `words_for(len)` words of it.
fn reverse_into(src: &[u64], len: usize, dst: &mut Vec<u64>) {
    let words = len.div_ceil(64);
    dst.clear();
    dst.extend(src[..words].iter().rev().map(|w| w.reverse_bits()));
    // The reversed words hold the line in their top `len` bits: shift it down.
    let s = words * 64 - len;
    if s > 0 {
        for i in 0..words {
            let high = dst.get(i + 1).map_or(0, |&w| w << (64 - s));
            dst[i] = dst[i] >> s | high;
        }
    }
}

/// Writes cells `from..from + n` of `src` into the first `n.div_ceil(64)` words of `dst`, from
/// bit 0.
pub(crate) fn extract(src: &[u64], from: usize, n: usize, dst: &mut [u64]) {
    let (w, s) = (from / 64, from % 64);
    let words = n.div_ceil(64);
    for (i, out) in dst[..words].iter_mut().enumerate() {
        let low = src[w + i] >> s;
        let high = if s > 0 {
            src.get(w + i + 1).map_or(0, |&x| x << (64 - s))
        } else {
            0
        };
        *out = low | high;
    }
    if !n.is_multiple_of(64) {
        dst[words - 1] &= (1 << (n % 64)) - 1;
    }
}

/// Sets in `dst` the cells `at..at + n` that are set in the first `n` bits of `src`.
pub(crate) fn deposit(src: &[u64], n: usize, at: usize, dst: &mut [u64]) {
    let (w, s) = (at / 64, at % 64);
    for (i, &word) in src[..n.div_ceil(64)].iter().enumerate() {
        if word == 0 {
            continue;
        }
        dst[w + i] |= word << s;
        if s > 0 && word >> (64 - s) != 0 {
            dst[w + i + 1] |= word >> (64 - s);
        }
    }
}

/// Sets cells `from..to` of `dst`.
pub(crate) fn set_range(dst: &mut [u64], from: usize, to: usize) {
    let mut i = from;
    while i < to {
        let (w, s) = (i / 64, i % 64);
        let n = (64 - s).min(to - i);
        let mask = if n == 64 {
            u64::MAX
        } else {
            ((1 << n) - 1) << s
        };
        dst[w] |= mask;
        i += n;
    }
}

/// One piece of a split line: runs `runs` on cells `cells`, the cells from `cells.end` to
/// `empty_to` empty in every placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub runs: std::ops::Range<usize>,
    pub cells: std::ops::Range<usize>,
    pub empty_to: usize,
}

/// How a line splits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Into the pieces left in the scratch (the cells before the first are empty in every
    /// placement).
    Pieces,
    /// Not at all: no placement agrees with the known cells.
    Infeasible,
    /// Not at all: a scan gave up.
    GaveUp,
}

/// The scratch of the split, kept between lines.
#[derive(Debug, Default)]
pub(crate) struct Splitter {
    /// The leftmost placement's starts.
    left: Vec<usize>,
    right: Vec<usize>,
    reversed_clue: Vec<u32>,
    reversed_filled: Vec<u64>,
    reversed_empty: Vec<u64>,
    /// The pieces of the last line split, in order.
    pub pieces: Vec<Piece>,
}

impl Splitter {
    /// Splits a non-empty clue on a line into pieces of at most `target` cells where it can:
    /// the pieces are the line's runs cut at every place the two placements leave room, merged
    /// back while they fit in `target` cells together (a piece whose runs cannot be cut is
    /// longer).
    pub fn split(
        &mut self,
        clue: &[u32],
        len: usize,
        filled: &[u64],
        empty: &[u64],
        target: usize,
    ) -> Split {
        let k = clue.len();
        match leftmost(clue, len, filled, empty, &mut self.left) {
            Leftmost::Placed => {}
            Leftmost::Infeasible => return Split::Infeasible,
            Leftmost::GaveUp => return Split::GaveUp,
        }
        self.reversed_clue.clear();
        self.reversed_clue.extend(clue.iter().rev());
        reverse_into(filled, len, &mut self.reversed_filled);
        reverse_into(empty, len, &mut self.reversed_empty);
        match leftmost(
            &self.reversed_clue,
            len,
            &self.reversed_filled,
            &self.reversed_empty,
            &mut self.right,
        ) {
            Leftmost::Placed => {}
            // Cannot be (the leftmost placement is a placement, reversed too); should it ever
            // be, the caller solving the line whole still gives the right answer.
            Leftmost::Infeasible => {
                debug_assert!(false, "a feasible line without a rightmost placement");
                return Split::GaveUp;
            }
            Leftmost::GaveUp => return Split::GaveUp,
        }
        // The end of run `j` in the rightmost placement: the reversed line's start of run
        // `k - 1 - j`, turned back.
        let right_end = |right: &[usize], j: usize| len - right[k - 1 - j];
        self.pieces.clear();
        // The cuts, each as a piece ending there; the last piece ends at the line's end.
        let mut start = 0;
        for j in 0..k {
            let end = right_end(&self.right, j);
            let next = if j + 1 < k { self.left[j + 1] } else { len };
            if end < next || j + 1 == k {
                self.pieces.push(Piece {
                    runs: start..j + 1,
                    cells: 0..end,
                    empty_to: next,
                });
                start = j + 1;
            }
        }
        // Merge: each piece takes in the pieces after it while together they fit in `target`
        // cells (a piece starts where the one before it left off being empty).
        let mut merged = 0;
        let mut i = 0;
        let mut from = self.left[0];
        while i < self.pieces.len() {
            let mut t = i;
            while t + 1 < self.pieces.len() && self.pieces[t + 1].cells.end - from <= target {
                t += 1;
            }
            let piece = Piece {
                runs: self.pieces[i].runs.start..self.pieces[t].runs.end,
                cells: from..self.pieces[t].cells.end,
                empty_to: self.pieces[t].empty_to,
            };
            from = piece.empty_to;
            self.pieces[merged] = piece;
            merged += 1;
            i = t + 1;
        }
        self.pieces.truncate(merged);
        Split::Pieces
    }

    /// Whether some placement of a non-empty clue agrees with the known cells (`None` if the
    /// scan gave up): the leftmost placement's scan alone.
    pub fn feasible(
        &mut self,
        clue: &[u32],
        len: usize,
        filled: &[u64],
        empty: &[u64],
    ) -> Option<bool> {
        match leftmost(clue, len, filled, empty, &mut self.left) {
            Leftmost::Placed => Some(true),
            Leftmost::Infeasible => Some(false),
            Leftmost::GaveUp => None,
        }
    }

    /// The first cell of the leftmost placement of the last line split.
    pub fn first_start(&self) -> usize {
        self.left[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn masks(line: &str) -> (Vec<u64>, Vec<u64>) {
        let words = line.len().div_ceil(64).max(1);
        let (mut f, mut e) = (vec![0; words], vec![0; words]);
        for (i, c) in line.chars().enumerate() {
            match c {
                '#' => f[i / 64] |= 1 << (i % 64),
                '.' => e[i / 64] |= 1 << (i % 64),
                _ => {}
            }
        }
        (f, e)
    }

    /// Every placement's starts, by enumeration: run `j` at each start from `from` on that
    /// leaves no filled cell uncovered before it, fits, and is not followed by a filled cell.
    fn placements(
        clue: &[u32],
        line: &[u8],
        from: usize,
        starts: &mut Vec<usize>,
        all: &mut Vec<Vec<usize>>,
    ) {
        let Some((&c, rest)) = clue.split_first() else {
            if !line[from.min(line.len())..].contains(&b'#') {
                all.push(starts.clone());
            }
            return;
        };
        let c = c as usize;
        for p in from..line.len() {
            if p > from && line[p - 1] == b'#' {
                break;
            }
            if p + c > line.len() {
                break;
            }
            if line[p..p + c].contains(&b'.') || line.get(p + c) == Some(&b'#') {
                continue;
            }
            starts.push(p);
            placements(rest, line, p + c + 1, starts, all);
            starts.pop();
        }
    }

    #[test]
    fn a_filled_cell_pulls_the_runs_before_it() {
        let (f, e) = masks("??????#?#");
        let mut starts = Vec::new();
        assert_eq!(
            leftmost(&[1, 1, 1], 9, &f, &e, &mut starts),
            Leftmost::Placed
        );
        assert_eq!(starts, [0, 6, 8]);
        let (f, e) = masks("?.#.#");
        assert_eq!(
            leftmost(&[2, 1], 5, &f, &e, &mut starts),
            Leftmost::Infeasible
        );
    }

    #[test]
    fn bit_ranges_move_whole() {
        let src = [u64::MAX, 0x0F0F, 0b101];
        let mut dst = [0u64; 3];
        extract(&src, 60, 70, &mut dst);
        assert_eq!(dst[0], 0xF | 0x0F0F << 4);
        // Cell 128 is the piece's cell 68; cell 130 is past it.
        assert_eq!(dst[1], 1 << 4);
        let mut back = [0u64; 3];
        deposit(&dst, 70, 60, &mut back);
        assert_eq!(back, [0xF << 60, 0x0F0F, 1]);
        let mut reversed = Vec::new();
        reverse_into(&[0b1011], 5, &mut reversed);
        assert_eq!(reversed, [0b11010]);
        let mut range = [0u64; 3];
        set_range(&mut range, 62, 130);
        assert_eq!(range, [0b11 << 62, u64::MAX, 0b11]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// The scan's leftmost starts are the least starts of the enumerated placements, and it
        /// finds none exactly when there are none; likewise on the reversed line.
        #[test]
        fn leftmost_is_the_least_of_every_placement(
            clue in proptest::collection::vec(1u32..4, 1..8),
            line in "[?#.]{1,12}|[?#]{12,24}|[??#.]{20,28}",
        ) {
            let (f, e) = masks(&line);
            let mut all = Vec::new();
            placements(&clue, line.as_bytes(), 0, &mut Vec::new(), &mut all);
            let mut starts = Vec::new();
            let got = leftmost(&clue, line.len(), &f, &e, &mut starts);
            if all.is_empty() {
                prop_assert_eq!(got, Leftmost::Infeasible);
            } else {
                prop_assert_eq!(got, Leftmost::Placed);
                for j in 0..clue.len() {
                    let least = all.iter().map(|p| p[j]).min().unwrap();
                    prop_assert_eq!(starts[j], least, "run {}", j);
                }
            }
        }
    }
}
