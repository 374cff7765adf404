//! `make(picture)`: a puzzle from a picture with the verdict a puzzle maker needs (is the
//! picture the only solution of its own clues?) and, when it is not, fixes that make it so,
//! each checked by solving again: `nonogram make`, from the library's `make` module.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use nonogram_author::make::{check_picture_cancellable, Check, MakeConfig};
use nonogram_core::{ColourId, Picture, Status};

use crate::convert;
use crate::convert::picture_array;
use crate::picture::{self, PictureArgs};
use crate::puzzle::{palette_of, puzzle_of_picture, PyPuzzle};
use crate::render::{self, Drawn};
use crate::run::interruptible;

/// A puzzle made from a picture, with the verdict on it (:func:`make`).
///
/// :attr:`status` is ``unique`` when solving the clues gives the picture back and nothing
/// else, ``multiple`` when other pictures fit the clues too (then :attr:`differing_cells`
/// shows where, and :attr:`givens`, :attr:`flips` and :attr:`flip_pairs` are fixes),
/// ``unknown`` or ``solved`` when the time limit came first.
#[pyclass(frozen, module = "nono", name = "Made")]
#[derive(Debug)]
pub struct PyMade {
    puzzle: Py<PyPuzzle>,
    picture: Picture,
    check: Check,
}

/// Makes a puzzle from a picture, as ``nonogram make`` does: the clues, a uniqueness verdict
/// and, when the picture is not the only solution, suggestions: cells to give away
/// (:attr:`Made.givens`, checked to make the solution unique; :attr:`Made.puzzle_with_givens`
/// is the puzzle that gives them), single-cell changes of the picture (:attr:`Made.flips`,
/// each checked to make its own puzzle unique) and, when no single change works, pairs of
/// changes (:attr:`Made.flip_pairs`, checked the same way).
///
/// ``picture`` and the options are those of :meth:`Puzzle.from_picture`; ``timeout`` (in
/// seconds, 10 by default) covers the whole check, suggestions included; ``threads`` is how
/// many threads each solve may use (0: one per core; default 1, so that the same picture always
/// gets the same suggestions); ``givens=False`` skips the search for
/// givens, as ``nonogram make`` does for a format that cannot store them (only ``json`` and
/// ``tatham`` can); ``map=False`` skips the disambiguation map (:attr:`Made.map`).
#[pyfunction]
#[pyo3(signature = (picture, *, colours=1, threshold=128, invert=false, size=None, palette=None, title=None, timeout=Some(10.0), threads=1, givens=true, map=true))]
#[allow(clippy::too_many_arguments)]
pub fn make(
    py: Python<'_>,
    picture: &Bound<'_, PyAny>,
    colours: i64,
    threshold: i64,
    invert: bool,
    size: Option<(i64, i64)>,
    palette: Option<&Bound<'_, PyAny>>,
    title: Option<String>,
    timeout: Option<f64>,
    threads: i64,
    givens: bool,
    map: bool,
) -> PyResult<PyMade> {
    let config = MakeConfig {
        // None is no limit.
        timeout: convert::seconds(timeout)?.unwrap_or(std::time::Duration::MAX),
        threads: convert::threads("threads", threads)?,
        givens,
        map,
        ..MakeConfig::default()
    };
    let args = PictureArgs {
        colours,
        threshold,
        invert,
        size,
        palette: palette
            .filter(|p| !p.is_none())
            .map(palette_of)
            .transpose()?,
    };
    let loaded = picture::load(picture, &args)?;
    let picture = loaded.picture.clone();
    let puzzle = puzzle_of_picture(loaded, title)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let (check, puzzle, picture) = interruptible(py, &cancel, move || {
        let check = check_picture_cancellable(&puzzle, &picture, &config, Some(&flag), &mut |_| {});
        (check, puzzle, picture)
    })?;
    Ok(PyMade {
        puzzle: Py::new(py, PyPuzzle::new_from(puzzle))?,
        picture,
        check,
    })
}

/// A cell and a value: `(row, col, palette index)`.
type Cell3 = (usize, usize, usize);

/// `(row, col, palette index)` triples.
type Cells3 = Vec<Cell3>;

#[pymethods]
impl PyMade {
    /// The puzzle: the picture's clues, the picture its goal.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<PyPuzzle> {
        self.puzzle.clone_ref(py)
    }

    /// The picture (``uint8``: 0 and 1, or palette indices).
    #[getter]
    fn picture<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        picture_array(py, &self.picture).into_any()
    }

    /// ``unique``, ``multiple``, or ``unknown``/``solved`` when the time limit came first.
    #[getter]
    fn status(&self) -> &'static str {
        self.check.status.name()
    }

    /// Why the check's solve stopped (see :attr:`Result.stop`).
    #[getter]
    fn stop(&self) -> &'static str {
        self.check.stop.name()
    }

    /// True (the picture is the only solution), False (it is not), or None (not decided).
    #[getter]
    fn unique(&self) -> Option<bool> {
        match self.check.status {
            Status::Unique => Some(true),
            Status::Multiple | Status::NoSolution => Some(false),
            Status::Unknown | Status::Solved => None,
        }
    }

    /// Where two solutions differ, ``(row, col)`` from 0.
    #[getter]
    fn differing_cells(&self) -> Vec<(usize, usize)> {
        self.check.differing_cells.clone()
    }

    /// Cells to give away, ``(row, col, value)`` (value 1 filled, 0 empty, or a palette
    /// index), found greedily; :attr:`givens_verified` says whether they were proved enough.
    /// Empty when the picture is unique, or with ``make(..., givens=False)``.
    #[getter]
    fn givens(&self) -> Cells3 {
        self.check
            .givens
            .iter()
            .map(|g| (g.row, g.col, g.colour.index()))
            .collect()
    }

    /// Whether solving with :attr:`givens` proved the picture the only solution.
    #[getter]
    fn givens_verified(&self) -> bool {
        self.check.givens_verified
    }

    /// The puzzle giving the cells of :attr:`givens` (write it as ``json`` or ``tatham``,
    /// the formats that store givens), or None when no givens were offered.
    #[getter]
    fn puzzle_with_givens(&self, py: Python<'_>) -> PyResult<Option<PyPuzzle>> {
        if self.check.givens.is_empty() {
            return Ok(None);
        }
        let puzzle = (*self.puzzle.bind(py).get().puzzle).clone();
        let given = puzzle
            .with_givens(self.check.givens.clone())
            .map_err(|e| crate::errors::value_error(e.to_string()))?;
        Ok(Some(PyPuzzle::new_from(given)))
    }

    /// Single-cell changes of the picture, ``(row, col, new value)``, each checked to make
    /// the changed picture the only solution of its own clues.
    #[getter]
    fn flips(&self) -> Cells3 {
        self.check
            .flips
            .iter()
            .map(|&(r, c, colour)| (r, c, colour.index()))
            .collect()
    }

    /// Pairs of changes of the picture, each ``((row, col, new value), (row, col, new
    /// value))``, each pair checked to make the picture with both changes the only solution
    /// of its own clues; looked for only when no single change (:attr:`flips`) works.
    #[getter]
    fn flip_pairs(&self) -> Vec<(Cell3, Cell3)> {
        let cell = |(r, c, colour): (usize, usize, ColourId)| -> Cell3 { (r, c, colour.index()) };
        self.check
            .flip_pairs
            .iter()
            .map(|&[first, second]| (cell(first), cell(second)))
            .collect()
    }

    /// Whether the time limit cut the search for fixes short.
    #[getter]
    fn timed_out(&self) -> bool {
        self.check.timed_out
    }

    /// How hard the puzzle is, as ``nonogram explain`` rates it (``line-solvable in 3
    /// sweeps``, ``needs probing (2 probes)``, ``needs search ...``), when the solution is
    /// unique and the explanation finished in time; else None.
    #[getter]
    fn rating(&self) -> Option<String> {
        self.check.rating.map(|r| r.to_string())
    }

    /// ``easy``, ``medium`` or ``hard``: the level of :attr:`rating` (line solving alone,
    /// probing, search), as ``nono.generate`` names them; else None.
    #[getter]
    fn level(&self) -> Option<&'static str> {
        self.check
            .rating
            .and_then(nonogram_author::generator::Level::of)
            .map(|l| l.name())
    }

    /// The cells ``(row, col)`` that line solving leaves undecided in the puzzle's grid:
    /// what keeps the picture from being unique and easy (none for an easy puzzle).
    #[getter]
    fn undecided(&self) -> Vec<(usize, usize)> {
        self.check.map.undecided.clone()
    }

    /// The disambiguation map: every one-cell change of the picture that leaves fewer
    /// :attr:`undecided` cells, best first, as ``(row, col, new value, score,
    /// undecided_after)`` where ``score`` is how many fewer. A change with
    /// ``undecided_after == 0`` makes the picture unique and line-solvable. Empty with
    /// ``map=False``; :attr:`map_complete` says whether every cell was judged in time.
    #[getter]
    fn map(&self) -> Vec<(usize, usize, usize, usize, usize)> {
        self.check
            .map
            .changes
            .iter()
            .map(|m| (m.row, m.col, m.colour.index(), m.score, m.undecided_after))
            .collect()
    }

    /// Whether the map judged every change of every cell before its time ran out.
    #[getter]
    fn map_complete(&self) -> bool {
        self.check.map.complete
    }

    /// ``(filled, cells)`` when the picture is nearly all filled or all empty (fewer than 3%
    /// of its cells one way or the other): its clues are unique and say nothing, as an image
    /// that needs ``invert=True`` or another ``threshold`` gives; else None.
    #[getter]
    fn nearly_blank(&self) -> Option<(usize, usize)> {
        self.check.nearly_blank.map(|b| (b.filled, b.cells))
    }

    /// The puzzle with the picture as SVG, the cells where two solutions differ framed in
    /// red.
    #[pyo3(signature = (*, cell=20))]
    fn to_svg(&self, py: Python<'_>, cell: u32) -> PyResult<String> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        render::svg(
            puzzle,
            Drawn::Grid(&self.picture),
            &self.check.differing_cells,
            cell,
        )
    }

    /// The same as a PNG image.
    #[pyo3(signature = (*, cell=20))]
    fn to_png<'py>(&self, py: Python<'py>, cell: u32) -> PyResult<Bound<'py, PyBytes>> {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        let bytes = render::png(
            puzzle,
            Drawn::Grid(&self.picture),
            &self.check.differing_cells,
            cell,
        )?;
        Ok(PyBytes::new(py, &bytes))
    }

    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.to_svg(py, 20)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let puzzle = &self.puzzle.bind(py).get().puzzle;
        let mut text = format!(
            "<Made {}x{} puzzle: {}",
            puzzle.width(),
            puzzle.height(),
            self.check.status.name()
        );
        if self.check.status == Status::Multiple {
            text.push_str(&format!(
                ", {} differing cells, {} givens{}, {} flips, {} flip pairs",
                self.check.differing_cells.len(),
                self.check.givens.len(),
                if self.check.givens_verified {
                    " (verified)"
                } else {
                    ""
                },
                self.check.flips.len(),
                self.check.flip_pairs.len()
            ));
        }
        text.push('>');
        text
    }
}
