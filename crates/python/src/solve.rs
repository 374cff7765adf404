//! `Puzzle.solve` and `Puzzle.deduce`, and what they return: `Result` and `Deduction`.
//!
//! A status never claims more than the run proved, in the command line's words: `unique`,
//! `multiple`, `solved` (a solution, uniqueness undecided), `none` and `unknown`; `stop` says
//! why the run ended (`finished`, `solution-limit`, `time-limit`, `cancelled`,
//! `memory-limit`). Every solution has been checked against the clues by the library.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use nonogram_core::{deduce_within, Config, Deduction, Outcome, Solver, Status};

use crate::class::PyPuzzle;
use crate::convert::{self, partial_array, picture_array};
use crate::render::{self, Drawn};
use crate::run::interruptible;

/// `solve`'s arguments, checked.
#[derive(Clone, Debug)]
pub struct SolveArgs {
    pub config: Config,
}

impl SolveArgs {
    /// Checks the arguments as the command line checks its flags.
    pub fn new(
        solutions: i64,
        timeout: Option<f64>,
        engine: &str,
        threads: i64,
        seed: u64,
    ) -> PyResult<SolveArgs> {
        Ok(SolveArgs {
            config: Config {
                max_solutions: convert::solutions(solutions)?,
                timeout: convert::seconds(timeout)?,
                engine: convert::engine(engine)?,
                threads: convert::threads("threads", threads)?,
                seed,
                ..Config::default()
            },
        })
    }
}

/// Solves the puzzle off the interpreter, stoppable by Ctrl-C.
pub fn solve(puzzle: &Bound<'_, PyPuzzle>, args: &SolveArgs) -> PyResult<PySolveResult> {
    let py = puzzle.py();
    let shared = puzzle.get().puzzle.clone();
    let solver = Solver::new(args.config.clone());
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let outcome = interruptible(py, &cancel, move || {
        solver.solve_cancellable(&shared, &[], &flag)
    })?;
    Ok(PySolveResult {
        puzzle: puzzle.clone().unbind(),
        outcome,
    })
}

/// Line solving alone, off the interpreter.
pub fn deduce(puzzle: &Bound<'_, PyPuzzle>, timeout: Option<Duration>) -> PyResult<PyDeduction> {
    let py = puzzle.py();
    let shared = puzzle.get().puzzle.clone();
    let never = AtomicBool::new(false);
    let (deduction, elapsed) = interruptible(py, &never, move || {
        let start = Instant::now();
        let deadline = timeout.and_then(|t| start.checked_add(t));
        (deduce_within(&shared, deadline), start.elapsed())
    })?;
    Ok(PyDeduction {
        puzzle: puzzle.clone().unbind(),
        deduction,
        elapsed,
    })
}

/// What a solve found: its :attr:`status`, why it stopped, and the solutions, each a NumPy
/// ``uint8`` array (0 and 1, or palette indices in a colour puzzle), checked against the
/// clues.
///
/// In a notebook a result shows as a picture: the first solution with its clues, the cells
/// where two solutions differ framed in red.
#[pyclass(frozen, module = "nono", name = "Result")]
#[derive(Debug)]
pub struct PySolveResult {
    pub puzzle: Py<PyPuzzle>,
    pub outcome: Outcome,
}

impl PySolveResult {
    /// The cells where not every solution agrees with the first (the cells drawings mark).
    fn marked(&self) -> Vec<(usize, usize)> {
        let solutions = &self.outcome.solutions;
        let Some(first) = solutions.first() else {
            return Vec::new();
        };
        let mut cells = Vec::new();
        for r in 0..first.height() {
            for c in 0..first.width() {
                if solutions
                    .iter()
                    .any(|s| s.colour(r, c) != first.colour(r, c))
                {
                    cells.push((r, c));
                }
            }
        }
        cells
    }

    /// The grid to draw: solution `index`, or the blank sheet when there is none.
    fn drawn(&self, index: usize) -> PyResult<Drawn<'_>> {
        match self.outcome.solutions.get(index) {
            Some(solution) => Ok(Drawn::Grid(solution)),
            None if self.outcome.solutions.is_empty() => Ok(Drawn::Blank),
            None => Err(crate::errors::value_error(format!(
                "there is no solution {index}: {} were found",
                self.outcome.solutions.len()
            ))),
        }
    }
}

#[pymethods]
impl PySolveResult {
    /// The puzzle solved.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<PyPuzzle> {
        self.puzzle.clone_ref(py)
    }

    /// What was proved: ``unique`` (exactly one solution), ``multiple`` (two or more),
    /// ``solved`` (a solution, uniqueness not decided: ``solutions=1``, or a limit came
    /// first), ``none`` (no solution) or ``unknown`` (a limit came before anything was proved).
    #[getter]
    fn status(&self) -> &'static str {
        self.outcome.status.name()
    }

    /// Why the run stopped: ``finished`` (the search was complete), ``solution-limit`` (as
    /// many solutions as asked for), ``time-limit``, ``cancelled`` or ``memory-limit``.
    #[getter]
    fn stop(&self) -> &'static str {
        self.outcome.stop.name()
    }

    /// Whether the puzzle was proved to have exactly one solution.
    #[getter]
    fn unique(&self) -> bool {
        self.outcome.status == Status::Unique
    }

    /// The solutions found, each a ``uint8`` array of shape (height, width), in a fixed order.
    #[getter]
    fn solutions<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyAny>> {
        self.outcome
            .solutions
            .iter()
            .map(|s| picture_array(py, s).into_any())
            .collect()
    }

    /// The first solution, or None.
    #[getter]
    fn solution<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        self.outcome
            .solutions
            .first()
            .map(|s| picture_array(py, s).into_any())
    }

    /// Where the first two solutions differ, as ``(row, col)`` from 0; empty unless there are
    /// two.
    #[getter]
    fn differing_cells(&self) -> Vec<(usize, usize)> {
        self.outcome.differing_cells.clone()
    }

    /// Seconds the solve took.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.outcome.elapsed.as_secs_f64()
    }

    /// The engine that answered (``search``, ``learn`` or ``sat``).
    #[getter]
    fn engine(&self) -> &'static str {
        self.outcome.engine.name()
    }

    /// When the clues were seen to have no solution without searching: why. Else None.
    #[getter]
    fn reason(&self) -> Option<String> {
        self.outcome.reason.as_ref().map(ToString::to_string)
    }

    /// Counters of the work done: ``line_solves``, ``probes``, ``decisions``, ``backtracks``.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.outcome.stats;
        let dict = PyDict::new(py);
        dict.set_item("line_solves", s.line_solves)?;
        dict.set_item("probes", s.probes)?;
        dict.set_item("decisions", s.decisions)?;
        dict.set_item("backtracks", s.backtracks)?;
        Ok(dict)
    }

    /// Solution ``index`` as text with the clues (see :meth:`Puzzle.to_text`); the cells where
    /// solutions differ are drawn apart (``X`` and ``o``). Without a solution, the blank
    /// puzzle.
    #[pyo3(signature = (index=0, *, style="book", unicode=false))]
    fn to_text(
        &self,
        py: Python<'_>,
        index: usize,
        style: &str,
        unicode: bool,
    ) -> PyResult<String> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        render::text(puzzle, self.drawn(index)?, &self.marked(), style, unicode)
    }

    /// Solution ``index`` as SVG with the clues, the cells where solutions differ framed in
    /// red. Without a solution, the blank sheet.
    #[pyo3(signature = (index=0, *, cell=20))]
    fn to_svg(&self, py: Python<'_>, index: usize, cell: u32) -> PyResult<String> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        render::svg(puzzle, self.drawn(index)?, &self.marked(), cell)
    }

    /// Solution ``index`` as a PNG image, as :meth:`to_svg` draws it.
    #[pyo3(signature = (index=0, *, cell=20))]
    fn to_png<'py>(
        &self,
        py: Python<'py>,
        index: usize,
        cell: u32,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        let bytes = render::png(puzzle, self.drawn(index)?, &self.marked(), cell)?;
        Ok(PyBytes::new(py, &bytes))
    }

    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.to_svg(py, 0, 20)
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let mut text = self.to_text(py, 0, "book", false)?;
        text.push_str(&self.__repr__());
        Ok(text)
    }

    fn __repr__(&self) -> String {
        let o = &self.outcome;
        let n = o.solutions.len();
        format!(
            "<Result {}: {} solution{}, stop {}, {:.3} s>",
            o.status.name(),
            n,
            if n == 1 { "" } else { "s" },
            o.stop.name(),
            o.elapsed.as_secs_f64()
        )
    }
}

/// What line solving alone proved (:meth:`Puzzle.deduce`): the partial :attr:`grid`, ``int8``
/// with -1 for unknown cells, and how it got there, sweep by sweep.
#[pyclass(frozen, module = "nono", name = "Deduction")]
#[derive(Debug)]
pub struct PyDeduction {
    pub puzzle: Py<PyPuzzle>,
    pub deduction: Deduction,
    pub elapsed: Duration,
}

#[pymethods]
impl PyDeduction {
    /// The puzzle deduced.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<PyPuzzle> {
        self.puzzle.clone_ref(py)
    }

    /// The grid line solving reached, ``int8`` of shape (height, width): 1 filled, 0 empty
    /// (palette indices in colour), -1 unknown. Every known cell is the same in every solution.
    #[getter]
    fn grid<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        partial_array(py, &self.deduction.grid).into_any()
    }

    /// ``unique`` when line solving completed the grid (it is then the one solution),
    /// ``none`` when it found the clues contradictory, ``partial`` otherwise.
    #[getter]
    fn status(&self, py: Python<'_>) -> &'static str {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        if self.deduction.contradiction {
            "none"
        } else if self.deduction.picture(puzzle).is_some() {
            "unique"
        } else {
            "partial"
        }
    }

    /// ``finished`` (the fixpoint, or a contradiction) or ``time-limit``.
    #[getter]
    fn stop(&self) -> &'static str {
        if self.deduction.stopped {
            "time-limit"
        } else {
            "finished"
        }
    }

    /// Sweeps over the lines that changed the grid (each solves every changed row, then
    /// every changed column).
    #[getter]
    fn sweeps(&self) -> usize {
        self.deduction.sweeps
    }

    /// The unknown cells after each sweep (the notebook prints this as it iterates).
    #[getter]
    fn unknown_after_sweep(&self) -> Vec<usize> {
        self.deduction.unknown_after_sweep.clone()
    }

    /// Unknown cells left.
    #[getter]
    fn unknown(&self) -> usize {
        self.deduction.grid.unknown_count()
    }

    /// When the clues are inconsistent at a glance: why. Else None.
    #[getter]
    fn reason(&self) -> Option<String> {
        self.deduction.reason.as_ref().map(ToString::to_string)
    }

    /// Seconds it took.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.elapsed.as_secs_f64()
    }

    /// The grid as text with the clues (see :meth:`Puzzle.to_text`), unknown cells ``?``.
    #[pyo3(signature = (*, style="book", unicode=false))]
    fn to_text(&self, py: Python<'_>, style: &str, unicode: bool) -> PyResult<String> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        render::text(puzzle, self.drawn(), &[], style, unicode)
    }

    /// The grid as SVG with the clues, unknown cells hatched.
    #[pyo3(signature = (*, cell=20))]
    fn to_svg(&self, py: Python<'_>, cell: u32) -> PyResult<String> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        render::svg(puzzle, self.drawn(), &[], cell)
    }

    /// The grid as a PNG image, as :meth:`to_svg` draws it.
    #[pyo3(signature = (*, cell=20))]
    fn to_png<'py>(&self, py: Python<'py>, cell: u32) -> PyResult<Bound<'py, PyBytes>> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        let bytes = render::png(puzzle, self.drawn(), &[], cell)?;
        Ok(PyBytes::new(py, &bytes))
    }

    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.to_svg(py, 20)
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let mut text = self.to_text(py, "book", false)?;
        text.push_str(&self.__repr__(py));
        Ok(text)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<Deduction {}: {} unknown cells after {} sweeps>",
            self.status(py),
            self.unknown(),
            self.deduction.sweeps
        )
    }
}

impl PyDeduction {
    /// The grid to draw; a contradiction's grid is no picture of anything: the blank sheet.
    fn drawn(&self) -> Drawn<'_> {
        if self.deduction.contradiction {
            Drawn::Blank
        } else {
            Drawn::Grid(&self.deduction.grid)
        }
    }
}
