//! Line exploration, pattern sets of a clue: how many lines of `n` cells satisfy it, every such
//! line one at a time, and the cells all of them share (the R `nonogram` package's
//! `create_pattern_set`, and the Haskell wiki's `rowsMatching` and `common`). What the
//! command line's `nonogram patterns`, Python's `nono.patterns` and R's pattern sets show a
//! puzzle maker; a client of the solver's line solver and marginals, not a part of the solver.
//!
//! A *pattern* is one complete line: a placement of the clue's runs, in order, with at least one
//! empty cell between two runs. The set of them can be astronomically large (a clue of ten runs in
//! 35 cells already has about two million; lines of thousands of cells have more patterns than
//! there are atoms), so nothing here ever builds the set:
//!
//! - [`count`] is exact and closed-form. With `k` runs and `f` free cells (the line length minus
//!   the shortest line the clue fits in), choosing a pattern is choosing how to share the `f`
//!   free cells among the `k + 1` gaps, so there are `C(f + k, k)` patterns (stars and bars).
//! - [`PatternSet::count`] adds known cells, which breaks the symmetry the closed form relies
//!   on: it runs a dynamic programme over (runs placed, cells used), from the right, in
//!   arbitrary-precision integers. O(k·n) additions.
//! - [`PatternSet::iter`] streams patterns in lexicographic order of the run starts (leftmost
//!   placement first). It runs the same programme once over booleans ("can the rest still be
//!   placed from here?") so that the depth-first walk never enters a dead branch: the work per
//!   pattern is O(n), however few patterns agree with the known cells.
//! - [`PatternSet::fill_shares`] gives, for each cell, the share of the patterns that fill it:
//!   a programme in floating point from both ends, combined per run start
//!   ([`nonogram_core::marginals::line_shares`], which also weighs patterns cell by cell).
//! - [`PatternSet::common`] is the line solver's answer ([`solve_line`]), which is what the
//!   intersection of all patterns is; the tests check it against enumeration.
//!
//! The counts use `num-bigint` rather than a hand-written bignum: the operations needed (add,
//! multiply and divide by a word) are few, but a maintained crate gets the edge cases right.

use std::fmt;

use num_bigint::BigUint;

use nonogram_core::line::solve_line;
use nonogram_core::marginals::{line_shares, LineScratch};
use nonogram_core::Contradiction;
use nonogram_core::{Cell, Clue, ColourId, LineId, Puzzle};

/// The longest line the front ends take for a pattern set (`nonogram patterns --width`,
/// Python's `nono.patterns`): 65,536 cells, sixteen times the longest puzzle side. The set
/// itself is never built, but counting with known cells keeps a table of runs × cells of
/// big integers, and a line past this is no puzzle's.
pub const MAX_LENGTH: usize = 65_536;

/// The number of patterns of `clue` in a line of `len` cells with nothing known: `C(f + k, k)`
/// for `k` runs and `f = len - min_len` free cells; zero when the clue does not fit.
pub fn count(clue: &Clue, len: usize) -> BigUint {
    let k = clue.len() as u64;
    let Some(free) = (len as u64).checked_sub(clue.min_len()) else {
        return BigUint::ZERO;
    };
    // C(free + k, k) as the running product C(free + i, i) = C(free + i - 1, i - 1) * (free + i) / i:
    // every intermediate value is itself a binomial coefficient, so each division is exact.
    // Using the smaller of k and free as the loop bound keeps the loop short for long lines.
    let (steps, other) = if k <= free { (k, free) } else { (free, k) };
    let mut result = BigUint::from(1u32);
    for i in 1..=steps {
        result *= other + i;
        result /= i;
    }
    result
}

/// The number of patterns of any clue, a colour or triangle puzzle's included, in the line
/// `cells` (each the entry a given cell holds, or `None` where nothing is known): placements of
/// the clue's runs, each its exact cells (caps included), in order, with a background cell
/// between two runs where [`Clue::needs_gap_after`] asks for one, that agree with every known
/// cell. O(k·n) big-integer additions, through prefix sums over where the previous run ended.
/// With nothing known it is [`count`]'s closed form.
pub fn count_entries(clue: &Clue, cells: &[Option<ColourId>]) -> BigUint {
    let n = cells.len();
    let background = |i: usize| cells[i].is_none_or(|c| c.is_background());
    // last_bad[i]: one past the last cell before i that cannot be background (0 if none), so
    // that cells p..i can all be background exactly when p >= last_bad[i].
    let mut last_bad = vec![0; n + 1];
    for i in 0..n {
        last_bad[i + 1] = if background(i) { last_bad[i] } else { i + 1 };
    }
    // ends[p]: the placements of the runs so far whose last run ends just before cell p.
    let mut ends = vec![BigUint::ZERO; n + 1];
    ends[0] = BigUint::from(1u32);
    let mut run = Vec::new();
    for r in 0..clue.len() {
        run.clear();
        run.extend(clue.run_cells(r));
        let gap = usize::from(r > 0 && clue.needs_gap_after(r - 1));
        // prefix[x]: the sum of ends[0..x].
        let mut prefix = Vec::with_capacity(n + 2);
        prefix.push(BigUint::ZERO);
        for e in &ends {
            let next = prefix.last().cloned().unwrap_or_default() + e;
            prefix.push(next);
        }
        let mut next = vec![BigUint::ZERO; n + 1];
        for s in (0..=n).take_while(|&s| s + run.len() <= n) {
            let fits = run
                .iter()
                .enumerate()
                .all(|(i, &c)| cells[s + i].is_none_or(|k| k == c));
            if !fits || s < gap {
                continue;
            }
            // The previous run ended at p, with p + gap <= s and cells p..s background.
            let (lo, hi) = (last_bad[s], s - gap + 1);
            if lo < hi {
                next[s + run.len()] = &prefix[hi] - &prefix[lo];
            }
        }
        ends = next;
    }
    // After the last run, every cell is background.
    (0..=n)
        .filter(|&e| last_bad[n] <= e)
        .map(|e| &ends[e])
        .sum()
}

/// The product of the row pattern counts and of the column pattern counts of a puzzle: how many
/// grids a brute-force solver that combines whole rows (or whole columns) would have to try.
/// The R vignette quotes the row product for its duck, "8x10^6".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleCounts {
    /// The pattern count of each row, top to bottom.
    pub rows: Vec<BigUint>,
    /// The pattern count of each column, left to right.
    pub columns: Vec<BigUint>,
}

impl PuzzleCounts {
    /// Counts the patterns of every line of `puzzle` that agree with the cells the puzzle gives
    /// in that line: as runs of black in a black-and-white puzzle, and with their colours and
    /// caps in a colour or triangle puzzle ([`count_entries`]).
    pub fn new(puzzle: &Puzzle) -> PuzzleCounts {
        let line_count = |line: LineId| {
            let len = puzzle.line_len(line.axis);
            let clue = puzzle.clue(line);
            if !puzzle.is_black_and_white() {
                let cells: Vec<Option<ColourId>> = (0..len)
                    .map(|i| {
                        let (r, c) = line.cell(i);
                        puzzle.given(r, c)
                    })
                    .collect();
                return count_entries(clue, &cells);
            }
            let known: Vec<Cell> = (0..len)
                .map(|i| {
                    let (r, c) = line.cell(i);
                    match puzzle.given(r, c) {
                        Some(k) if k.is_background() => Cell::Empty,
                        Some(_) => Cell::Filled,
                        None => Cell::Unknown,
                    }
                })
                .collect();
            PatternSet::with_known(clue, &known).count()
        };
        PuzzleCounts {
            rows: (0..puzzle.height())
                .map(|r| line_count(LineId::row(r)))
                .collect(),
            columns: (0..puzzle.width())
                .map(|c| line_count(LineId::column(c)))
                .collect(),
        }
    }

    /// The product of the row counts.
    pub fn row_product(&self) -> BigUint {
        self.rows.iter().product()
    }

    /// The product of the column counts.
    pub fn column_product(&self) -> BigUint {
        self.columns.iter().product()
    }
}

/// Writes a large count the way the R vignette does, with a mantissa of two significant digits,
/// rounded half up, and a power of ten (8,164,800 is `8.2x10^6`), and small ones (under a
/// million) in full.
pub fn approximate(n: &BigUint) -> String {
    let digits = n.to_string();
    if digits.len() <= 6 {
        return digits;
    }
    let digit = |i: usize| u32::from(digits.as_bytes()[i] - b'0');
    let mut exponent = digits.len() - 1;
    let mut mantissa = digit(0) * 10 + digit(1) + u32::from(digit(2) >= 5);
    if mantissa == 100 {
        // 9.96x10^6 rounds to 10x10^6, written 1.0x10^7.
        mantissa = 10;
        exponent += 1;
    }
    format!("{}.{}x10^{exponent}", mantissa / 10, mantissa % 10)
}

/// The patterns of one clue in one line, optionally restricted to those that agree with some
/// known cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternSet {
    runs: Vec<u32>,
    /// One entry per cell of the line; all [`Cell::Unknown`] when nothing is known.
    known: Vec<Cell>,
}

impl PatternSet {
    /// Every pattern of `clue` in `len` cells.
    pub fn new(clue: &Clue, len: usize) -> PatternSet {
        PatternSet {
            runs: clue.runs().to_vec(),
            known: vec![Cell::Unknown; len],
        }
    }

    /// The patterns of `clue` that agree with `known` (whose length is the line's).
    pub fn with_known(clue: &Clue, known: &[Cell]) -> PatternSet {
        PatternSet {
            runs: clue.runs().to_vec(),
            known: known.to_vec(),
        }
    }

    /// The line length.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// Whether the line has no cells (then only the empty clue has a pattern, the empty one).
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// The clue's run lengths.
    pub fn runs(&self) -> &[u32] {
        &self.runs
    }

    /// The known cells the patterns must agree with.
    pub fn known(&self) -> &[Cell] {
        &self.known
    }

    /// The exact number of patterns in the set.
    pub fn count(&self) -> BigUint {
        if self.known.iter().all(|&c| c == Cell::Unknown) {
            return count(&Clue::new(self.runs.iter().copied()), self.len());
        }
        self.table::<BigUint>().into_first()
    }

    /// Streams the patterns, leftmost placement first. Each is a line of `true` (filled) and
    /// `false` (empty) cells.
    pub fn iter(&self) -> Patterns<'_> {
        Patterns::new(self)
    }

    /// For each cell, the share of the set's patterns that fill it, from 0 (empty in all) to 1
    /// (filled in all): with every pattern equally likely, the chance that the cell is filled.
    /// `None` if the set is empty, or too large to count in floating point (more than about
    /// 10^308 patterns, which takes lines of well over a thousand cells).
    ///
    /// O(k·n), by [`line_shares`] with every allowed value weighing 1: the ways to place the
    /// runs before a run's start times the ways to place those after its end, summed over the
    /// cells it covers.
    pub fn fill_shares(&self) -> Option<Vec<f64>> {
        // Weight 1 for the values a cell may take, 0 for the one its known value rules out.
        let filled: Vec<f64> = self
            .known
            .iter()
            .map(|&c| f64::from(u8::from(c != Cell::Empty)))
            .collect();
        let empty: Vec<f64> = self
            .known
            .iter()
            .map(|&c| f64::from(u8::from(c != Cell::Filled)))
            .collect();
        let mut shares = Vec::new();
        line_shares(
            &self.runs,
            &filled,
            &empty,
            &mut LineScratch::new(),
            &mut shares,
        )
        .ok()
        .map(|()| shares)
    }

    /// The cells common to every pattern, [`Cell::Unknown`] where they differ; a contradiction if
    /// no pattern agrees with the known cells.
    pub fn common(&self) -> Result<Vec<Cell>, Contradiction> {
        solve_line(&self.runs, &self.known)
    }

    /// The layout the dynamic programme and the enumeration share.
    fn line(&self) -> Line<'_> {
        Line::new(&self.runs, &self.known)
    }

    /// Fills the table of ways to place runs `j..` in cells `i..` (see [`Table`]).
    fn table<W: Ways>(&self) -> Table<W> {
        Table::build(&self.line())
    }
}

/// Prefix sums over the known cells, so that "no known-filled cell in `a..b`" is O(1).
#[derive(Debug)]
struct Line<'a> {
    runs: &'a [u32],
    n: usize,
    /// `filled[i]`: known-filled cells among the first `i`.
    filled: Vec<u32>,
    /// `empty[i]`: known-empty cells among the first `i`.
    empty: Vec<u32>,
}

impl<'a> Line<'a> {
    fn new(runs: &'a [u32], known: &[Cell]) -> Line<'a> {
        let n = known.len();
        let (mut filled, mut empty) = (vec![0; n + 1], vec![0; n + 1]);
        for (i, &c) in known.iter().enumerate() {
            filled[i + 1] = filled[i] + u32::from(c == Cell::Filled);
            empty[i + 1] = empty[i] + u32::from(c == Cell::Empty);
        }
        Line {
            runs,
            n,
            filled,
            empty,
        }
    }

    fn no_filled(&self, a: usize, b: usize) -> bool {
        self.filled[b] == self.filled[a]
    }

    fn no_empty(&self, a: usize, b: usize) -> bool {
        self.empty[b] == self.empty[a]
    }

    /// If run `j` can start at cell `s` (its cells not known empty, the cell after it not known
    /// filled), the cell where the next run may start; `None` otherwise.
    fn place(&self, j: usize, s: usize) -> Option<usize> {
        let end = s + self.runs[j] as usize;
        if end > self.n || !self.no_empty(s, end) {
            return None;
        }
        if end == self.n {
            return Some(end);
        }
        self.no_filled(end, end + 1).then_some(end + 1)
    }
}

/// A value the placement programme can run over: a count (how many ways) or a boolean (is
/// there a way).
trait Ways: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    fn add(&mut self, other: &Self);
}

impl Ways for BigUint {
    fn zero() -> Self {
        BigUint::ZERO
    }
    fn one() -> Self {
        BigUint::from(1u32)
    }
    fn add(&mut self, other: &Self) {
        *self += other;
    }
}

impl Ways for bool {
    fn zero() -> Self {
        false
    }
    fn one() -> Self {
        true
    }
    fn add(&mut self, other: &Self) {
        *self |= *other;
    }
}

/// `ways[j][i]`: the ways to place runs `j..` in cells `i..`, every uncovered cell empty, in
/// agreement with the known cells. Row `k` (no runs left) is one way if `i..` holds no known
/// filled cell. Stored as `(k + 1) × (n + 1)` values, row-major; for counts only the first value
/// is kept (rolling rows), since the count needs no walk back through the table.
#[derive(Debug)]
struct Table<W> {
    n: usize,
    values: Vec<W>,
}

impl<W: Ways> Table<W> {
    fn build(line: &Line<'_>) -> Table<W> {
        let (n, k) = (line.n, line.runs.len());
        let mut values = vec![W::zero(); (k + 1) * (n + 1)];
        for i in 0..=n {
            if line.no_filled(i, n) {
                values[k * (n + 1) + i] = W::one();
            }
        }
        for j in (0..k).rev() {
            for i in (0..n).rev() {
                let mut w = W::zero();
                // Cell i is empty, the runs start further right.
                if line.no_filled(i, i + 1) {
                    w = values[j * (n + 1) + i + 1].clone();
                }
                // Run j starts at cell i.
                if let Some(next) = line.place(j, i) {
                    w.add(&values[(j + 1) * (n + 1) + next]);
                }
                values[j * (n + 1) + i] = w;
            }
        }
        Table { n, values }
    }

    fn get(&self, j: usize, i: usize) -> &W {
        &self.values[j * (self.n + 1) + i]
    }

    fn into_first(mut self) -> W {
        self.values.swap_remove(0)
    }
}

/// An iterator over the patterns of a [`PatternSet`], in lexicographic order of run starts.
/// Made by [`PatternSet::iter`]; it holds the feasibility table (one bit per run and cell) and
/// the current placement, never the set.
pub struct Patterns<'a> {
    line: Line<'a>,
    can: Table<bool>,
    /// Start cell of each run of the current pattern.
    starts: Vec<usize>,
    state: IterState,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IterState {
    Start,
    Running,
    Done,
}

impl fmt::Debug for Patterns<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Patterns")
            .field("starts", &self.starts)
            .field("state", &self.state)
            .finish()
    }
}

impl<'a> Patterns<'a> {
    fn new(set: &'a PatternSet) -> Patterns<'a> {
        let line = set.line();
        let can = Table::build(&line);
        Patterns {
            line,
            can,
            starts: Vec::new(),
            state: IterState::Start,
        }
    }

    /// Where run `j` may start at the earliest: after run `j - 1` and its separator.
    fn floor(&self, j: usize) -> usize {
        match j.checked_sub(1) {
            None => 0,
            Some(p) => self.line.place(p, self.starts[p]).unwrap_or(self.line.n),
        }
    }

    /// The first start `s >= from` for run `j` (whose earliest cell is `floor`) that leaves the
    /// rest placeable. Cells from `floor` to `s` become empty, so `s` may not pass a known filled
    /// cell.
    fn first_start(&self, j: usize, floor: usize, from: usize) -> Option<usize> {
        let n = self.line.n;
        let mut s = from;
        while s < n && self.line.no_filled(floor, s) {
            if let Some(next) = self.line.place(j, s) {
                if *self.can.get(j + 1, next) {
                    return Some(s);
                }
            }
            s += 1;
        }
        None
    }

    /// Places runs `j..` as far left as they go. The feasibility table guarantees success when
    /// called where the table says the rest can be placed.
    fn fill_from(&mut self, j: usize) -> bool {
        self.starts.truncate(j);
        for r in j..self.line.runs.len() {
            let floor = self.floor(r);
            match self.first_start(r, floor, floor) {
                Some(s) => self.starts.push(s),
                None => return false,
            }
        }
        true
    }

    /// Moves to the next placement: the last run that can move right does, by the least step,
    /// and every run after it goes back to its leftmost place.
    fn advance(&mut self) -> bool {
        for j in (0..self.starts.len()).rev() {
            let floor = self.floor(j);
            if let Some(s) = self.first_start(j, floor, self.starts[j] + 1) {
                self.starts[j] = s;
                return self.fill_from(j + 1);
            }
        }
        false
    }

    fn pattern(&self) -> Vec<bool> {
        let mut cells = vec![false; self.line.n];
        for (j, &s) in self.starts.iter().enumerate() {
            cells[s..s + self.line.runs[j] as usize].fill(true);
        }
        cells
    }
}

impl Iterator for Patterns<'_> {
    type Item = Vec<bool>;

    fn next(&mut self) -> Option<Vec<bool>> {
        let found = match self.state {
            IterState::Done => return None,
            IterState::Start => *self.can.get(0, 0) && self.fill_from(0),
            IterState::Running => self.advance(),
        };
        if found {
            self.state = IterState::Running;
            Some(self.pattern())
        } else {
            self.state = IterState::Done;
            None
        }
    }
}

/// A pattern as a string of `#` (filled) and `.` (empty).
pub fn pattern_string(cells: &[bool]) -> String {
    cells.iter().map(|&f| if f { '#' } else { '.' }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn clue(runs: &[u32]) -> Clue {
        Clue::new(runs.iter().copied())
    }

    fn cells(s: &str) -> Vec<Cell> {
        s.chars()
            .map(|c| match c {
                '#' => Cell::Filled,
                '.' => Cell::Empty,
                _ => Cell::Unknown,
            })
            .collect()
    }

    /// The oracle: every line of `known.len()` cells, filtered by clue and known cells.
    fn brute(runs: &[u32], known: &[Cell]) -> Vec<Vec<bool>> {
        let n = known.len();
        (0u32..1 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|line| Clue::from_cells(line.iter().copied()) == clue(runs))
            .filter(|line| {
                line.iter().zip(known).all(|(&f, &k)| match k {
                    Cell::Filled => f,
                    Cell::Empty => !f,
                    Cell::Unknown => true,
                })
            })
            .collect()
    }

    #[test]
    fn counts_from_the_r_vignette() {
        // The gchq clue in 25 cells and the longer one in 35, as the vignette gives them.
        assert_eq!(
            count(&clue(&[1, 1, 2, 1, 1, 2]), 25),
            BigUint::from(18_564u32)
        );
        assert_eq!(
            count(&clue(&[1, 1, 2, 1, 1, 2, 1, 1, 1, 1]), 35),
            BigUint::from(1_961_256u32)
        );
        // The duck's first column, 1 2 in 9 cells, has 21 patterns.
        assert_eq!(count(&clue(&[1, 2]), 9), BigUint::from(21u32));
        assert_eq!(count(&clue(&[2, 3]), 8), BigUint::from(6u32));
    }

    #[test]
    fn counts_at_the_edges() {
        assert_eq!(count(&Clue::empty(), 0), BigUint::from(1u32));
        assert_eq!(count(&Clue::empty(), 7), BigUint::from(1u32));
        assert_eq!(count(&clue(&[3]), 3), BigUint::from(1u32));
        assert_eq!(count(&clue(&[3]), 2), BigUint::ZERO);
        assert_eq!(count(&clue(&[1, 1]), 2), BigUint::ZERO);
    }

    #[test]
    fn counts_for_long_lines_are_exact() {
        // 1000 runs of 1 in 5000 cells: C(4001 + 1000, 1000), far beyond any machine word.
        let runs = vec![1u32; 1000];
        let n = count(&clue(&runs), 5000);
        assert!(n.bits() > 1000);
        // Pascal's rule checks it without a second implementation of the product:
        // patterns either start with an empty cell or with the first run and its separator.
        let rest = count(&clue(&runs), 4999) + count(&clue(&runs[1..]), 4998);
        assert_eq!(n, rest);
        // The dynamic programme agrees with the closed form when one cell is known.
        let mut known = vec![Cell::Unknown; 300];
        known[0] = Cell::Empty;
        let set = PatternSet::with_known(&clue(&[1; 40]), &known);
        assert_eq!(set.count(), count(&clue(&[1; 40]), 299));
    }

    #[test]
    fn duck_row_product_is_eight_million() {
        let rows = [
            &[3][..],
            &[2, 1],
            &[3, 2],
            &[2, 2],
            &[6],
            &[1, 5],
            &[6],
            &[1],
            &[2],
        ];
        let cols = [
            &[1, 2][..],
            &[3, 1],
            &[1, 5],
            &[7, 1],
            &[5],
            &[3],
            &[4],
            &[3],
        ];
        let puzzle = Puzzle::new(
            rows.iter().map(|r| clue(r)).collect(),
            cols.iter().map(|c| clue(c)).collect(),
        )
        .unwrap();
        let counts = PuzzleCounts::new(&puzzle);
        assert_eq!(counts.row_product(), BigUint::from(8_164_800u32));
        // 8,164,800 rounds to 8.2 million (it was once cut to 8.1).
        assert_eq!(approximate(&counts.row_product()), "8.2x10^6");
        assert_eq!(approximate(&BigUint::from(18_564u32)), "18564");
        assert_eq!(approximate(&BigUint::from(999_999u32)), "999999");
        assert_eq!(approximate(&BigUint::from(2_778_300u32)), "2.8x10^6");
        assert_eq!(approximate(&BigUint::from(1_049_999u32)), "1.0x10^6");
        assert_eq!(approximate(&BigUint::from(9_960_000u32)), "1.0x10^7");
        assert_eq!(approximate(&BigUint::from(10_000_000u32)), "1.0x10^7");
    }

    /// Colour and triangle lines counted by placement agree with the closed form when nothing
    /// is known, and with enumerating every line of entries when some cells are.
    #[test]
    fn entry_counts_agree_with_enumeration() {
        use nonogram_core::model::{triangle, Axis, Palette, Picture};
        let mut rng = nonogram_core::generate::Rng::new(44);
        // Two runs of two colours may touch; 2◤ and ◥3◣ may touch at their caps.
        let id = |i| ColourId::new(i).unwrap();
        let rg = Clue::coloured([
            nonogram_core::model::Run::new(1, id(1)),
            nonogram_core::model::Run::new(1, id(2)),
        ]);
        assert_eq!(count_entries(&rg, &[None; 3]), BigUint::from(3u32));
        let noty = Palette::triangles();
        let line = |text: &str| -> Vec<ColourId> {
            text.chars().map(|c| noty.by_symbol(c).unwrap()).collect()
        };
        let two = triangle::clue_of_line(Axis::Row, &line("#◤◥#◣"));
        assert_eq!(two.len(), 2);
        assert_eq!(count_entries(&two, &[None; 20]), BigUint::from(136u32));
        assert_eq!(count_entries(&two, &[None; 20]), count(&two, 20));
        for round in 0..400 {
            let n = 1 + rng.below(6);
            let (entries, axis): (usize, Axis) = if round % 2 == 0 {
                (6, [Axis::Row, Axis::Column][round / 2 % 2])
            } else {
                (3, Axis::Row)
            };
            let truth: Vec<ColourId> = (0..n).map(|_| id(rng.below(entries))).collect();
            let clue = if entries == 6 {
                triangle::clue_of_line(axis, &truth)
            } else {
                Clue::from_colours(truth.iter().copied())
            };
            let known: Vec<Option<ColourId>> = truth
                .iter()
                .map(|&c| (rng.below(10) < 3).then_some(c))
                .collect();
            // Every line of n entries that fits the clue and agrees with the known cells.
            let fits = |cells: &[ColourId]| {
                if entries == 6 {
                    triangle::line_fits(&clue, cells)
                } else {
                    Clue::from_colours(cells.iter().copied()) == clue
                }
            };
            let mut lines = 0u32;
            let mut cells = vec![id(0); n];
            for code in 0..entries.pow(n as u32) {
                let mut rest = code;
                for cell in cells.iter_mut() {
                    *cell = id(rest % entries);
                    rest /= entries;
                }
                let agrees = known
                    .iter()
                    .zip(&cells)
                    .all(|(k, &c)| k.is_none_or(|k| k == c));
                if agrees && fits(&cells) {
                    lines += 1;
                }
            }
            assert_eq!(
                count_entries(&clue, &known),
                BigUint::from(lines),
                "{truth:?} {known:?}"
            );
            assert_eq!(count_entries(&clue, &vec![None; n]), count(&clue, n));
        }
        // A puzzle's counts read its colours.
        let picture = Picture::from_colour_rows(&[line("◢#◣"), line("..#")]).unwrap();
        let puzzle = Puzzle::from_coloured_picture(noty.clone(), &picture).unwrap();
        let counts = PuzzleCounts::new(&puzzle);
        assert_eq!(counts.rows, [BigUint::from(1u32), BigUint::from(3u32)]);
    }

    /// A given cell rules out the patterns of its lines that disagree with it.
    #[test]
    fn counts_agree_with_the_givens() {
        let puzzle = Puzzle::new(vec![clue(&[1]); 3], vec![clue(&[1]); 3]).unwrap();
        let counts = PuzzleCounts::new(&puzzle);
        assert_eq!(counts.row_product(), BigUint::from(27u32));
        let given = puzzle
            .with_givens(vec![
                nonogram_core::model::Given::cell(0, 0, true),
                nonogram_core::model::Given::cell(1, 0, false),
            ])
            .unwrap();
        let counts = PuzzleCounts::new(&given);
        // Row 1 has one pattern left, row 2 two, row 3 three.
        assert_eq!(counts.row_product(), BigUint::from(6u32));
        // Column 1 has its filled cell at the top, so one pattern; the others three each.
        assert_eq!(counts.column_product(), BigUint::from(9u32));
    }

    #[test]
    fn listing_is_leftmost_first() {
        let set = PatternSet::new(&clue(&[1, 2]), 5);
        let listed: Vec<String> = set.iter().map(|p| pattern_string(&p)).collect();
        assert_eq!(listed, ["#.##.", "#..##", ".#.##"]);
        let empty: Vec<String> = PatternSet::new(&Clue::empty(), 3)
            .iter()
            .map(|p| pattern_string(&p))
            .collect();
        assert_eq!(empty, ["..."]);
        assert_eq!(PatternSet::new(&clue(&[4]), 3).iter().count(), 0);
    }

    #[test]
    fn known_cells_restrict_count_list_and_common() {
        let set = PatternSet::with_known(&clue(&[1, 1, 2]), &cells("??#?..????"));
        let listed: Vec<String> = set.iter().map(|p| pattern_string(&p)).collect();
        assert_eq!(
            listed,
            ["#.#...##..", "#.#....##.", "#.#.....##", "..#...#.##"]
        );
        assert_eq!(set.count(), BigUint::from(listed.len()));
        let common: String = set.common().unwrap().iter().map(|c| c.symbol()).collect();
        assert_eq!(common, "?.#...????");
        let none = PatternSet::with_known(&clue(&[3]), &cells("#.#"));
        assert_eq!(none.count(), BigUint::ZERO);
        assert_eq!(none.iter().count(), 0);
        assert!(none.common().is_err());
    }

    #[test]
    fn shares_of_filled_cells() {
        let shares = |runs: &[u32], known: &str| {
            PatternSet::with_known(&clue(runs), &cells(known)).fill_shares()
        };
        // One run of 1 in 3 cells: each cell in one pattern of three.
        assert_eq!(shares(&[1], "???"), Some(vec![1.0 / 3.0; 3]));
        // 2 in 3 cells: the middle cell is in both patterns.
        assert_eq!(shares(&[2], "???"), Some(vec![0.5, 1.0, 0.5]));
        assert_eq!(shares(&[1, 1], "#??"), Some(vec![1.0, 0.0, 1.0]));
        assert_eq!(shares(&[], "??"), Some(vec![0.0, 0.0]));
        assert_eq!(shares(&[3], "#.#"), None);
    }

    fn line_case() -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
        (0usize..=12).prop_flat_map(|n| {
            let runs = prop::collection::vec(1u32..=4, 0..=4);
            let known = prop::collection::vec(
                prop_oneof![4 => Just(Cell::Unknown), 1 => Just(Cell::Filled), 1 => Just(Cell::Empty)],
                n,
            );
            (runs, known)
        })
    }

    proptest! {
        /// Count, listing and common cells against the brute-force oracle.
        #[test]
        fn agrees_with_enumeration((runs, known) in line_case()) {
            let set = PatternSet::with_known(&clue(&runs), &known);
            let mut expected = brute(&runs, &known);
            expected.sort_by_key(|p| {
                // Lexicographic order of run starts is reverse lexicographic order of the cells
                // (a run further left puts a `true` first).
                p.iter().map(|&f| !f).collect::<Vec<bool>>()
            });
            let listed: Vec<Vec<bool>> = set.iter().collect();
            prop_assert_eq!(&listed, &expected);
            prop_assert_eq!(set.count(), BigUint::from(expected.len()));
            if known.iter().all(|&c| c == Cell::Unknown) {
                prop_assert_eq!(count(&clue(&runs), known.len()), BigUint::from(expected.len()));
            }
            match set.fill_shares() {
                None => prop_assert!(expected.is_empty()),
                Some(shares) => {
                    prop_assert_eq!(shares.len(), known.len());
                    for (i, &share) in shares.iter().enumerate() {
                        let filled = expected.iter().filter(|p| p[i]).count();
                        let want = filled as f64 / expected.len() as f64;
                        prop_assert!((share - want).abs() < 1e-9, "cell {}: {} against {}", i, share, want);
                    }
                }
            }
            match set.common() {
                Err(_) => prop_assert!(expected.is_empty()),
                Ok(common) => {
                    prop_assert!(!expected.is_empty());
                    for (i, &c) in common.iter().enumerate() {
                        let filled = expected.iter().filter(|p| p[i]).count();
                        let want = if filled == expected.len() {
                            Cell::Filled
                        } else if filled == 0 {
                            Cell::Empty
                        } else {
                            Cell::Unknown
                        };
                        prop_assert_eq!(c, want);
                    }
                }
            }
        }
    }
}
