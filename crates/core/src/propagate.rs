//! Line propagation: solve lines until none changes (a fixpoint) or one contradicts.
//!
//! A queue holds the lines whose cells changed since they were last solved; solving a line can
//! narrow cells, which queues the crossing lines. The loop is the same for every kind of
//! puzzle; solving one line and writing what it proves into the grid is the kind's
//! ([`LineWork`]), with a cache of line results for lines up to 64 cells, which is what makes
//! probing affordable (most probes re-solve lines in states seen before).
//!
//! Propagation can tell an [`Observer`] what it does: which line narrowed which cells, which
//! line contradicted, where each sweep ended. That is all the explanations need to narrate a
//! solve (`crate::explain`). The search and the probes pass `()`, the observer that wants
//! nothing; propagation is generic over its observer, so for them it compiles to what it was
//! without one.

use std::collections::{HashMap, VecDeque};
use web_time::Instant;

use crate::kind::grid::ones;
use crate::kind::Contradiction;
use crate::kind::{GridOps, Kind, LineWork};
use crate::termination::WorkDeadline;
use nonogram_model::{Axis, Clue, ColourSet, LineId, Puzzle};

/// Cache names of the clues of a puzzle, rows then columns: equal clues on lines of equal length
/// (the same axis) share one, so their results share cache slots.
fn clue_ids(puzzle: &Puzzle) -> Vec<u32> {
    let mut names: HashMap<(Axis, &Clue), u32> = HashMap::new();
    let mut ids = Vec::with_capacity(puzzle.width() + puzzle.height());
    for axis in [Axis::Row, Axis::Column] {
        for clue in puzzle.clues(axis) {
            let next = names.len() as u32;
            // The whole clue: a triangle puzzle's caps tell apart clues of equal runs.
            let name = (axis, clue);
            ids.push(*names.entry(name).or_insert(next));
        }
    }
    ids
}

/// What propagation reports as it works. Every method does nothing by default; `()` is the
/// observer that wants nothing.
pub(crate) trait Observer<G> {
    /// Whether [`Observer::narrowed`] is wanted: only then does the propagator note each
    /// line's cells before solving it.
    const NARRATES: bool = false;

    /// Solving `line` narrowed `cells`, each as (position along the line, the entries it may
    /// take before, and after), in increasing position. Only called when
    /// [`Observer::NARRATES`].
    #[inline(always)]
    fn narrowed(&mut self, line: LineId, cells: &[(usize, ColourSet, ColourSet)]) {
        let _ = (line, cells);
    }

    /// No placement of `line`'s clue agrees with its cells: propagation stops with a
    /// contradiction.
    #[inline(always)]
    fn contradiction(&mut self, line: LineId) {
        let _ = line;
    }

    /// A sweep of [`Propagator::sweeps`] ended, having changed `grid`.
    #[inline(always)]
    fn swept(&mut self, grid: &G) {
        let _ = grid;
    }
}

impl<G> Observer<G> for () {}

/// What solving a line does with the crossing line of each cell it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crossing {
    /// Queues it (once), for [`Propagator::propagate`].
    Queue,
    /// Marks it queued without putting it in the queue, for [`Propagator::sweeps`], which
    /// takes the marked lines in order.
    Mark,
}

/// Propagates line deductions over one puzzle's grids. One per thread.
#[derive(Debug)]
pub(crate) struct Propagator<'p, K: Kind> {
    puzzle: &'p Puzzle,
    /// Cache names of the clues, rows then columns: equal clues on equal-length lines share one.
    clue_ids: Vec<u32>,
    work: K::Work,
    queue: VecDeque<LineId>,
    /// Whether each line (rows then columns) is in the queue (or, in sweeps, marked to solve).
    queued: Vec<bool>,
    /// A line's cells before it is solved, and what it narrowed, for an observer that narrates.
    before: Vec<ColourSet>,
    narrowed: Vec<(usize, ColourSet, ColourSet)>,
    /// When to give up (see [`Propagator::set_deadline`]).
    deadline: WorkDeadline,
}

impl<'p, K: Kind> Propagator<'p, K> {
    pub fn new(puzzle: &'p Puzzle) -> Propagator<'p, K> {
        Propagator {
            puzzle,
            clue_ids: clue_ids(puzzle),
            work: K::Work::new(puzzle),
            queue: VecDeque::new(),
            queued: vec![false; puzzle.width() + puzzle.height()],
            before: Vec::new(),
            narrowed: Vec::new(),
            deadline: WorkDeadline::default(),
        }
    }

    /// Line solves that missed the cache.
    pub fn line_solves(&self) -> u64 {
        self.work.solves()
    }

    /// A grid of the puzzle where every cell may take every entry.
    pub fn blank(&self) -> K::Grid {
        K::Grid::blank(self.puzzle)
    }

    /// Gives up at `deadline`: from then on every line solve fails as if it had found a
    /// contradiction, and [`Propagator::interrupted`] says so. A line of 4,096 cells takes
    /// about a millisecond, and a puzzle that large has thousands of them: without this, one
    /// propagation of a huge puzzle would outlast any time limit. Callers that set a deadline
    /// must check [`Propagator::interrupted`] before they take a contradiction for a verdict.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
    }

    /// Whether the deadline passed during a propagation (and every result since is void).
    pub fn interrupted(&self) -> bool {
        self.deadline.passed()
    }

    fn slot(&self, line: LineId) -> usize {
        match line.axis {
            Axis::Row => line.index,
            Axis::Column => self.puzzle.height() + line.index,
        }
    }

    /// Queues a line (once).
    pub fn enqueue(&mut self, line: LineId) {
        let slot = self.slot(line);
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push_back(line);
        }
    }

    /// Queues every line.
    pub fn enqueue_all(&mut self) {
        for line in self.puzzle.lines() {
            self.enqueue(line);
        }
    }

    fn clear_queue(&mut self) {
        self.queue.clear();
        self.queued.fill(false);
    }

    /// Solves queued lines until the queue is empty. On a contradiction the queue is cleared
    /// and the grid is left part-way (callers discard it).
    pub fn propagate(&mut self, grid: &mut K::Grid) -> Result<(), Contradiction> {
        self.propagate_with(grid, &mut ())
    }

    /// [`Propagator::propagate`], telling `observer` what it does.
    pub fn propagate_with<O: Observer<K::Grid>>(
        &mut self,
        grid: &mut K::Grid,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        while let Some(line) = self.queue.pop_front() {
            let slot = self.slot(line);
            self.queued[slot] = false;
            if let Err(c) = self.solve_line(grid, line, Crossing::Queue, observer) {
                self.clear_queue();
                return Err(c);
            }
        }
        Ok(())
    }

    /// Narrows one cell to `set` and propagates.
    pub fn assign(
        &mut self,
        grid: &mut K::Grid,
        row: usize,
        col: usize,
        set: ColourSet,
    ) -> Result<(), Contradiction> {
        self.assign_with(grid, row, col, set, &mut ())
    }

    /// [`Propagator::assign`], telling `observer` what propagation does.
    pub fn assign_with<O: Observer<K::Grid>>(
        &mut self,
        grid: &mut K::Grid,
        row: usize,
        col: usize,
        set: ColourSet,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        if grid.narrow(row, col, set)? {
            self.enqueue(LineId::row(row));
            self.enqueue(LineId::column(col));
        }
        self.propagate_with(grid, observer)
    }

    /// Solves one line, narrows the grid to what it proves and tells `observer`, and queues or
    /// marks the crossing line of every changed cell. Returns how many entries were ruled out.
    #[inline]
    fn solve_line<O: Observer<K::Grid>>(
        &mut self,
        grid: &mut K::Grid,
        line: LineId,
        crossing: Crossing,
        observer: &mut O,
    ) -> Result<usize, Contradiction> {
        let len = grid.line_len(line.axis);
        if self.deadline.out_of_time(len) {
            // Given up for the deadline: no line contradicted, and the observer hears nothing.
            return Err(Contradiction);
        }
        if O::NARRATES {
            self.before.clear();
            self.before
                .extend((0..len).map(|i| grid.line_options(line, i)));
        }
        let clue = (self.puzzle.clue(line), self.clue_ids[self.slot(line)]);
        let changed = match self.work.solve(grid, line, clue) {
            Ok(0) => return Ok(0),
            Ok(changed) => changed,
            Err(c) => {
                observer.contradiction(line);
                return Err(c);
            }
        };
        if O::NARRATES {
            self.narrowed.clear();
            for (i, &before) in self.before.iter().enumerate() {
                let after = grid.line_options(line, i);
                if after != before {
                    self.narrowed.push((i, before, after));
                }
            }
            observer.narrowed(line, &self.narrowed);
        }
        for w in 0..len.div_ceil(64) {
            let bits = self.work.changed()[w];
            for i in ones(w, bits) {
                let crossing_line = LineId {
                    axis: line.axis.other(),
                    index: i,
                };
                match crossing {
                    Crossing::Queue => self.enqueue(crossing_line),
                    Crossing::Mark => {
                        let slot = self.slot(crossing_line);
                        self.queued[slot] = true;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Deduction by sweeps, as a person (or the notebook) does it: solve every queued row, then
    /// every queued column (each line queued by a change in a crossing line), and repeat until a
    /// sweep changes nothing. Starts from the lines queued ([`Propagator::enqueue_all`] for a
    /// fresh deduction); the queue's order does not matter, the sweeps take rows then columns in
    /// order. Returns the sweeps that changed something; `observer` hears of each line's cells,
    /// the contradiction if there is one, and the end of each sweep that changed the grid.
    pub fn sweeps<O: Observer<K::Grid>>(
        &mut self,
        grid: &mut K::Grid,
        observer: &mut O,
    ) -> Result<usize, Contradiction> {
        self.queue.clear();
        let mut sweeps = 0;
        loop {
            let mut changed_any = false;
            for axis in [Axis::Row, Axis::Column] {
                for index in 0..self.puzzle.clues(axis).len() {
                    let line = LineId { axis, index };
                    let slot = self.slot(line);
                    if !std::mem::take(&mut self.queued[slot]) {
                        continue;
                    }
                    match self.solve_line(grid, line, Crossing::Mark, observer) {
                        Ok(changed) => changed_any |= changed > 0,
                        Err(c) => {
                            self.clear_queue();
                            return Err(c);
                        }
                    }
                }
            }
            if !changed_any {
                return Ok(sweeps);
            }
            sweeps += 1;
            observer.swept(grid);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_colour_puzzle, random_puzzle, Rng};
    use crate::kinds::{BlackWhite, Coloured};
    use nonogram_model::Clue;

    /// Replays onto a blank grid what an observer hears: each cell narrowed from what it was.
    struct Replay<G> {
        grid: G,
        contradiction: Option<LineId>,
        sweeps: usize,
    }

    impl<G: GridOps> Observer<G> for Replay<G> {
        const NARRATES: bool = true;

        fn narrowed(&mut self, line: LineId, cells: &[(usize, ColourSet, ColourSet)]) {
            for &(i, before, after) in cells {
                let (r, c) = line.cell(i);
                assert_eq!(self.grid.options(r, c), before, "{line} cell {i}");
                assert_eq!(self.grid.narrow(r, c, after), Ok(true));
            }
        }

        fn contradiction(&mut self, line: LineId) {
            self.contradiction = Some(line);
        }

        fn swept(&mut self, _: &G) {
            self.sweeps += 1;
        }
    }

    /// Propagation, by the queue or by sweeps, tells the observer of every entry it rules out
    /// and of each sweep, for both kinds of puzzle.
    fn the_observer_hears_everything<K: Kind>(puzzles: &[Puzzle]) {
        let mut complete = 0;
        for puzzle in puzzles {
            for sweeping in [false, true] {
                let mut prop = Propagator::<K>::new(puzzle);
                let mut grid = prop.blank();
                let mut replay = Replay {
                    grid: prop.blank(),
                    contradiction: None,
                    sweeps: 0,
                };
                prop.enqueue_all();
                let sweeps = if sweeping {
                    prop.sweeps(&mut grid, &mut replay).unwrap()
                } else {
                    prop.propagate_with(&mut grid, &mut replay).unwrap();
                    0
                };
                assert_eq!(replay.grid, grid);
                assert_eq!(replay.contradiction, None);
                assert_eq!(replay.sweeps, sweeps);
                complete += usize::from(grid.is_complete());
            }
        }
        assert!(complete > 0, "no puzzle was line-solvable");
    }

    #[test]
    fn the_observer_hears_every_entry_ruled_out() {
        let mut rng = Rng::new(11);
        let (mut black_white, mut colour) = (Vec::new(), Vec::new());
        for _ in 0..60 {
            let (w, h) = (rng.range(1, 8), rng.range(1, 8));
            black_white.push(random_puzzle(&mut rng, w, h, 0.6));
            colour.push(random_colour_puzzle(&mut rng, w, h, 3, 0.6));
        }
        the_observer_hears_everything::<BlackWhite>(&black_white);
        the_observer_hears_everything::<Coloured>(&colour);
    }

    #[test]
    fn the_observer_hears_the_line_that_contradicts() {
        // Row 1 (clue 1 1) fills cells 1 and 3 of three, but column 3 is empty, and column 2,
        // left with no cell to fill, cannot hold its run.
        let puzzle = Puzzle::new(
            vec![Clue::new([1, 1]), Clue::empty()],
            vec![Clue::new([1]), Clue::new([1]), Clue::empty()],
        )
        .unwrap();
        let mut prop = Propagator::<BlackWhite>::new(&puzzle);
        let mut grid = prop.blank();
        let mut replay = Replay {
            grid: prop.blank(),
            contradiction: None,
            sweeps: 0,
        };
        prop.enqueue_all();
        assert_eq!(prop.sweeps(&mut grid, &mut replay), Err(Contradiction));
        // Both rows are solved first; the first column holds its cell, the second does not.
        assert_eq!(replay.contradiction, Some(LineId::column(1)));
        assert_eq!(replay.grid, grid);
        // A probe, through the queue: (1, 3) filled breaks column 3 at once.
        let mut grid = prop.blank();
        let mut replay = Replay {
            grid: prop.blank(),
            contradiction: None,
            sweeps: 0,
        };
        let filled = ColourSet::single(nonogram_model::ColourId::BLACK);
        assert_eq!(
            prop.assign_with(&mut grid, 0, 2, filled, &mut replay),
            Err(Contradiction)
        );
        assert_eq!(replay.contradiction, Some(LineId::column(2)));
        // The queue was cleared: the propagator is ready for the next probe.
        let mut grid = prop.blank();
        let empty = ColourSet::single(nonogram_model::ColourId::BACKGROUND);
        assert_eq!(prop.assign(&mut grid, 1, 0, empty), Err(Contradiction));
    }
}
