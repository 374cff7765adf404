//! `Puzzle.explain` and `Puzzle.hint`: the steps a person can follow, the difficulty rating,
//! and the next step from a partly solved grid (or what is wrong with it), for black-and-white
//! and colour puzzles, from the library's explainers.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use nonogram_api::report::steps::{explain_all, Steps};
use nonogram_core::colour::grid::ColourGrid;
use nonogram_core::explain::{
    mistakes_within, ColourContradictionStep, ColourExplainer, ColourStep, ContradictionStep,
    Difficulty, Explainer, Mistakes, Step,
};
use nonogram_core::{Axis, Cell, Cells, Clue, ColourId, Grid, LineId, PartialGrid, Puzzle};

use crate::class::PyPuzzle;
use crate::convert::partial_array;
use crate::render::{self, Drawn};
use crate::run::interruptible;

/// One step of an explanation.
///
/// :attr:`kind` is ``line`` (solving one line against its clue fixed cells), ``probe`` (trying
/// a value in a cell led to a contradiction, so the cell has another), ``guess`` (neither
/// decides anything: the cell takes its value in a solution) or ``contradiction`` (the clues
/// cannot be satisfied). ``str(step)`` is the sentence the command line prints.
#[pyclass(frozen, module = "nono", name = "Step")]
#[derive(Debug)]
pub struct PyStep {
    /// ``line``, ``probe``, ``guess`` or ``contradiction``.
    #[pyo3(get)]
    kind: &'static str,
    /// The line of a line step (or of a contradiction in one line): ``row`` or ``column``.
    #[pyo3(get)]
    axis: Option<&'static str>,
    /// The line's index, from 0.
    #[pyo3(get)]
    index: Option<usize>,
    /// The line's clue: run lengths, or ``(length, colour name)`` pairs in colour.
    #[pyo3(get)]
    clue: Option<Py<PyAny>>,
    /// The cell of a probe or a guess, ``(row, col)`` from 0.
    #[pyo3(get)]
    cell: Option<(usize, usize)>,
    /// The cells the step decides, ``(row, col, value)``: 1 filled and 0 empty, or the palette
    /// index of the colour.
    #[pyo3(get)]
    cells: Vec<(usize, usize, usize)>,
    /// In colour: the cells the step narrows without deciding them, ``(row, col, [palette
    /// indices left])``.
    #[pyo3(get)]
    narrowed: Vec<(usize, usize, Vec<usize>)>,
    /// The sentence, rows and columns counted from 1.
    #[pyo3(get)]
    text: String,
}

#[pymethods]
impl PyStep {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Step {}: {}>", self.kind, self.text)
    }
}

/// The Python form of a line's clue.
fn clue_object(py: Python<'_>, puzzle: &Puzzle, clue: &Clue) -> PyResult<Py<PyAny>> {
    if puzzle.is_black_and_white() {
        return Ok(clue.runs().to_vec().into_pyobject(py)?.into_any().unbind());
    }
    let palette = puzzle.palette();
    let runs: Vec<(u32, String)> = clue
        .iter()
        .map(|r| (r.len, palette.colour(r.colour).name.clone()))
        .collect();
    Ok(runs.into_pyobject(py)?.into_any().unbind())
}

fn axis_name(line: LineId) -> (Option<&'static str>, Option<usize>) {
    let axis = match line.axis {
        Axis::Row => "row",
        Axis::Column => "column",
    };
    (Some(axis), Some(line.index))
}

impl PyStep {
    fn empty(kind: &'static str, text: String) -> PyStep {
        PyStep {
            kind,
            axis: None,
            index: None,
            clue: None,
            cell: None,
            cells: Vec::new(),
            narrowed: Vec::new(),
            text,
        }
    }

    /// A black-and-white step.
    fn of(py: Python<'_>, puzzle: &Puzzle, step: &Step) -> PyResult<PyStep> {
        let mut out = PyStep::empty(kind_of(step), step.to_string());
        out.cells = step
            .cells()
            .into_iter()
            .map(|(r, c, v)| (r, c, usize::from(v == Cell::Filled)))
            .collect();
        match step {
            Step::Line(s) => {
                (out.axis, out.index) = axis_name(s.line);
                out.clue = Some(clue_object(py, puzzle, &s.clue)?);
            }
            Step::Probe(p) => out.cell = Some((p.row, p.col)),
            Step::Guess(g) => out.cell = Some((g.row, g.col)),
            Step::Contradiction(ContradictionStep::Line { line, clue }) => {
                (out.axis, out.index) = axis_name(*line);
                out.clue = Some(clue_object(py, puzzle, clue)?);
            }
            Step::Contradiction(ContradictionStep::Cell { row, col, .. }) => {
                out.cell = Some((*row, *col));
            }
            Step::Contradiction(_) => {}
        }
        Ok(out)
    }

    /// A colour step.
    fn of_colour(py: Python<'_>, puzzle: &Puzzle, step: &ColourStep) -> PyResult<PyStep> {
        let kind = match step {
            ColourStep::Line(_) => "line",
            ColourStep::Probe(_) => "probe",
            ColourStep::Guess(_) => "guess",
            ColourStep::Contradiction(_) => "contradiction",
        };
        let mut out = PyStep::empty(kind, step.display(puzzle.palette()).to_string());
        for (r, c, set) in step.cells() {
            let set = set.and(puzzle.palette().all());
            match set.only() {
                Some(colour) => out.cells.push((r, c, colour.index())),
                None => out
                    .narrowed
                    .push((r, c, set.iter().map(ColourId::index).collect())),
            }
        }
        match step {
            ColourStep::Line(s) => {
                (out.axis, out.index) = axis_name(s.line);
                out.clue = Some(clue_object(py, puzzle, &s.clue)?);
            }
            ColourStep::Probe(p) => out.cell = Some((p.row, p.col)),
            ColourStep::Guess(g) => out.cell = Some((g.row, g.col)),
            ColourStep::Contradiction(ColourContradictionStep::Line { line, clue }) => {
                (out.axis, out.index) = axis_name(*line);
                out.clue = Some(clue_object(py, puzzle, clue)?);
            }
            ColourStep::Contradiction(ColourContradictionStep::Cell { row, col, .. }) => {
                out.cell = Some((*row, *col));
            }
            ColourStep::Contradiction(_) => {}
        }
        Ok(out)
    }
}

fn kind_of(step: &Step) -> &'static str {
    match step {
        Step::Line(_) => "line",
        Step::Probe(_) => "probe",
        Step::Guess(_) => "guess",
        Step::Contradiction(_) => "contradiction",
    }
}

/// The whole explanation of a puzzle (:meth:`Puzzle.explain`): its :attr:`steps`, the grid
/// they reach and the difficulty :attr:`rating`. It is a sequence of steps: ``len()``,
/// indexing and iteration work on it.
#[pyclass(frozen, module = "nono", name = "Explanation")]
#[derive(Debug)]
pub struct PyExplanation {
    puzzle: Py<PyPuzzle>,
    steps: Vec<Py<PyStep>>,
    grid: PartialGrid,
    difficulty: Difficulty,
    stopped: bool,
    reason: Option<String>,
}

/// Explains the puzzle off the interpreter, stopping at the time limit (if any) or Ctrl-C
/// ([`explain_all`], which R's `explain_puzzle()` shares).
pub fn explain(puzzle: &Bound<'_, PyPuzzle>, timeout: Option<Duration>) -> PyResult<PyExplanation> {
    let py = puzzle.py();
    let shared = puzzle.get().puzzle.clone();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let work = Arc::clone(&shared);
    let explained = interruptible(py, &cancel, move || explain_all(&work, timeout, &flag))?;
    let steps = match &explained.steps {
        Steps::Plain(steps) => steps
            .iter()
            .map(|s| Py::new(py, PyStep::of(py, &shared, s)?))
            .collect::<PyResult<Vec<_>>>()?,
        Steps::Colour(steps) => steps
            .iter()
            .map(|s| Py::new(py, PyStep::of_colour(py, &shared, s)?))
            .collect::<PyResult<Vec<_>>>()?,
    };
    Ok(PyExplanation {
        puzzle: puzzle.clone().unbind(),
        steps,
        grid: explained.grid,
        difficulty: explained.difficulty,
        stopped: explained.stopped,
        reason: explained.reason,
    })
}

#[pymethods]
impl PyExplanation {
    /// The puzzle explained.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<PyPuzzle> {
        self.puzzle.clone_ref(py)
    }

    /// The steps, in order.
    #[getter]
    fn steps(&self, py: Python<'_>) -> Vec<Py<PyStep>> {
        self.steps.iter().map(|s| s.clone_ref(py)).collect()
    }

    /// The rating's kind: ``line`` (line solving alone completes the grid), ``probing``
    /// (single probes too), ``search`` (guesses were needed), ``none`` (no solution) or
    /// ``unfinished`` (the time limit came first).
    #[getter]
    fn difficulty(&self) -> &'static str {
        self.difficulty.name()
    }

    /// The rating as the command line prints it, e.g. ``line-solvable in 3 sweeps``.
    #[getter]
    fn rating(&self) -> String {
        self.difficulty.to_string()
    }

    /// Sweeps, probes and guesses that fixed cells (0 when the rating has none).
    #[getter]
    fn sweeps(&self) -> usize {
        match self.difficulty {
            Difficulty::LineSolvable { sweeps }
            | Difficulty::Probing { sweeps, .. }
            | Difficulty::Search { sweeps, .. } => sweeps,
            _ => 0,
        }
    }

    /// Probes that fixed a cell.
    #[getter]
    fn probes(&self) -> usize {
        match self.difficulty {
            Difficulty::Probing { probes, .. } | Difficulty::Search { probes, .. } => probes,
            _ => 0,
        }
    }

    /// Guesses.
    #[getter]
    fn decisions(&self) -> usize {
        match self.difficulty {
            Difficulty::Search { decisions, .. } => decisions,
            _ => 0,
        }
    }

    /// The grid the steps reach, ``int8`` with -1 for unknown cells.
    #[getter]
    fn grid<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        partial_array(py, &self.grid).into_any()
    }

    /// ``finished`` or ``time-limit``.
    #[getter]
    fn stop(&self) -> &'static str {
        if self.stopped {
            "time-limit"
        } else {
            "finished"
        }
    }

    /// When the clues are inconsistent at a glance: why (there are no steps then).
    #[getter]
    fn reason(&self) -> Option<String> {
        self.reason.clone()
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<PyStep>> {
        let n = self.steps.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if !(0..n).contains(&i) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "step index out of range",
            ));
        }
        Ok(self.steps[i as usize].clone_ref(py))
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = pyo3::types::PyList::new(py, self.steps.iter().map(|s| s.clone_ref(py)))?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The grid the steps reach as SVG with the clues.
    #[pyo3(signature = (*, cell=20))]
    fn to_svg(&self, py: Python<'_>, cell: u32) -> PyResult<String> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        render::svg(puzzle, Drawn::Grid(&self.grid), &[], cell)
    }

    /// The grid the steps reach as a PNG image.
    #[pyo3(signature = (*, cell=20))]
    fn to_png<'py>(&self, py: Python<'py>, cell: u32) -> PyResult<Bound<'py, PyBytes>> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        let bytes = render::png(puzzle, Drawn::Grid(&self.grid), &[], cell)?;
        Ok(PyBytes::new(py, &bytes))
    }

    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.to_svg(py, 20)
    }

    /// Every step, one a line (``step 1: ...``), then the rating: what ``nonogram explain``
    /// prints, without the grids.
    fn __str__(&self, py: Python<'_>) -> String {
        let mut text = String::new();
        if let Some(reason) = &self.reason {
            return format!("no solution: {reason}\n");
        }
        for (i, step) in self.steps.iter().enumerate() {
            text.push_str(&format!("step {}: {}\n", i + 1, step.bind(py).get().text));
        }
        let n = self.steps.len();
        if self.stopped {
            text.push_str(&format!(
                "timed out: the time limit ran out after {n} step{}\n",
                if n == 1 { "" } else { "s" }
            ));
        } else {
            text.push_str(&format!(
                "difficulty: {} ({n} step{})\n",
                self.difficulty,
                if n == 1 { "" } else { "s" }
            ));
        }
        text
    }

    fn __repr__(&self) -> String {
        format!(
            "<Explanation: {} steps, {}>",
            self.steps.len(),
            self.difficulty
        )
    }
}

/// The answer to :meth:`Puzzle.hint`: the next :attr:`step` from the grid, or the
/// :attr:`mistake` that keeps every solution away from it.
#[pyclass(frozen, module = "nono", name = "Hint")]
#[derive(Debug)]
pub struct PyHint {
    /// The next step, or None (the grid is complete, or holds a mistake).
    #[pyo3(get)]
    step: Option<Py<PyStep>>,
    /// What is wrong with the grid (``puzzle``: the puzzle has no solution; ``cells``: these
    /// cells disagree with the one solution; ``line``: no solution agrees, and this line can
    /// no longer be satisfied), or None.
    #[pyo3(get)]
    mistake: Option<&'static str>,
    /// The wrong cells, ``(row, col, value in the grid, value in the solution)``.
    #[pyo3(get)]
    wrong_cells: Vec<(usize, usize, usize, usize)>,
    /// The line that can no longer be satisfied, ``(axis, index)``, when the mistake is one.
    #[pyo3(get)]
    line: Option<(&'static str, usize)>,
    /// Whether the grid is complete and right.
    #[pyo3(get)]
    complete: bool,
    /// One sentence: the step, or the mistake, or that the grid is complete.
    #[pyo3(get)]
    text: String,
}

#[pymethods]
impl PyHint {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Hint: {}>", self.text)
    }
}

/// The next step from `grid`, after checking it for mistakes, within one time limit.
pub fn hint(
    puzzle: &Bound<'_, PyPuzzle>,
    grid: PartialGrid,
    timeout: Option<Duration>,
) -> PyResult<PyHint> {
    let py = puzzle.py();
    let shared = puzzle.get().puzzle.clone();
    if let Some(reason) = shared.inconsistency() {
        return Ok(PyHint {
            step: None,
            mistake: Some("puzzle"),
            wrong_cells: Vec::new(),
            line: None,
            complete: false,
            text: format!("no solution: {reason}"),
        });
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let deadline = timeout.and_then(|t| Instant::now().checked_add(t));
    enum Found {
        Mistakes(Mistakes),
        Plain(Option<Step>),
        Colour(Option<ColourStep>),
        Stopped(&'static str),
    }
    let flag = Arc::clone(&cancel);
    let work = Arc::clone(&shared);
    let found = interruptible(py, &cancel, move || {
        let (shared, cancel) = (work, flag);
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        match mistakes_within(&shared, &grid, left, Some(&cancel)) {
            Err(_) => return Found::Stopped("while checking the grid for mistakes"),
            Ok(Some(mistakes)) => return Found::Mistakes(mistakes),
            Ok(None) => {}
        }
        if shared.is_black_and_white() {
            let mut start = Grid::new(shared.width(), shared.height());
            for r in 0..shared.height() {
                for c in 0..shared.width() {
                    // Some solution agrees with the grid: its cells do not contradict.
                    let _ = start.set(r, c, grid.cell(r, c));
                }
            }
            let mut explainer = Explainer::from_grid(&shared, start).with_deadline(deadline);
            let step = explainer.next();
            if explainer.stopped() {
                return Found::Stopped("before the next step");
            }
            Found::Plain(step)
        } else {
            // Some solution agrees with the grid, so no cell of it is left without a colour.
            let Some(start) = ColourGrid::from_cells(&grid, shared.palette().len()) else {
                return Found::Mistakes(Mistakes::Line(None));
            };
            let mut explainer = ColourExplainer::from_grid(&shared, start).with_deadline(deadline);
            let step = explainer.next();
            if explainer.stopped() {
                return Found::Stopped("before the next step");
            }
            Found::Colour(step)
        }
    })?;
    let mut hint = PyHint {
        step: None,
        mistake: None,
        wrong_cells: Vec::new(),
        line: None,
        complete: false,
        text: String::new(),
    };
    match found {
        Found::Stopped(when) => {
            let limit = timeout.unwrap_or_default().as_secs_f64();
            return Err(pyo3::exceptions::PyTimeoutError::new_err(format!(
                "timed out: the time limit ({limit} s) ran out {when}"
            )));
        }
        Found::Mistakes(mistakes) => {
            hint.text = mistakes.display(shared.palette()).to_string();
            match mistakes {
                Mistakes::Puzzle => hint.mistake = Some("puzzle"),
                Mistakes::Cells(cells) => {
                    hint.mistake = Some("cells");
                    hint.wrong_cells = cells
                        .iter()
                        .map(|&(r, c, wrong, right)| (r, c, wrong.index(), right.index()))
                        .collect();
                }
                Mistakes::Line(line) => {
                    hint.mistake = Some("line");
                    hint.line = line.and_then(|l| {
                        let (axis, index) = axis_name(l);
                        Some((axis?, index?))
                    });
                }
            }
        }
        Found::Plain(Some(step)) => {
            hint.text = format!("next step: {step}");
            hint.step = Some(Py::new(py, PyStep::of(py, &shared, &step)?)?);
        }
        Found::Colour(Some(step)) => {
            hint.text = format!("next step: {}", step.display(shared.palette()));
            hint.step = Some(Py::new(py, PyStep::of_colour(py, &shared, &step)?)?);
        }
        Found::Plain(None) | Found::Colour(None) => {
            hint.complete = true;
            hint.text = "the grid is complete".to_string();
        }
    }
    Ok(hint)
}
