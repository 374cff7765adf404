//! `booklet`: puzzles as a PDF booklet to print, as `nonogram render --output pdf` prints
//! them: through the report path of `nonogram-api` (`report::booklet`), so the pages, the
//! solution pages and what they say of a puzzle that is not unique are the command line's.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use nonogram_api::report::booklet::{print, solve_all};
use nonogram_api::report::SolveOptions;
use nonogram_core::{Engine, Puzzle};
use nonogram_render::pdf::{BookletOptions, Paper, MAX_PER_PAGE};

use crate::convert;
use crate::errors::{value_error, write_error};
use crate::puzzle::PyPuzzle;
use crate::run::interruptible;

/// The puzzles of ``puzzles``: one :class:`Puzzle`, or an iterable of them.
fn puzzles_of(value: &Bound<'_, PyAny>) -> PyResult<Vec<Arc<Puzzle>>> {
    if let Ok(one) = value.cast::<PyPuzzle>() {
        return Ok(vec![Arc::clone(&one.get().puzzle)]);
    }
    let mut all = Vec::new();
    for item in value.try_iter().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("puzzles must be a Puzzle or an iterable of them")
    })? {
        let item = item?;
        let puzzle = item.cast::<PyPuzzle>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "puzzles must be Puzzle objects, not {}",
                item.get_type().name().map_or("?".into(), |n| n.to_string())
            ))
        })?;
        all.push(Arc::clone(&puzzle.get().puzzle));
    }
    if all.is_empty() {
        return Err(value_error("a booklet needs at least one puzzle"));
    }
    Ok(all)
}

/// Prints ``puzzles`` (a :class:`Puzzle` or an iterable of them) as a PDF booklet, as
/// ``nonogram render --output pdf`` does: each puzzle blank with its clues under its title,
/// ``per_page`` of them a page (1 to 36) on ``paper`` (``"a4"`` or ``"letter"``), and with
/// ``solutions=True`` their solution pages at the end: each puzzle solved (``timeout``
/// seconds each, ``engine`` as in :meth:`Puzzle.solve`), its solution drawn, or what the solve
/// proved instead (several solutions, with the cells where two differ framed; none; out of
/// time) written on its page. DejaVu Sans is embedded, so the file prints the same anywhere.
///
/// Returns the PDF as ``bytes``; with ``path``, writes it there (whole or not at all, an
/// existing file replaced only with ``force=True``) and returns None. The GIL is released
/// while solving and printing, and Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (puzzles, path=None, *, paper="a4", per_page=1, solutions=false, timeout=None, engine="auto", force=false))]
#[allow(clippy::too_many_arguments)]
pub fn booklet(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    path: Option<PathBuf>,
    paper: &str,
    per_page: i64,
    solutions: bool,
    timeout: Option<f64>,
    engine: &str,
    force: bool,
) -> PyResult<Option<Py<PyBytes>>> {
    let paper = Paper::from_name(paper)
        .ok_or_else(|| value_error(format!("unknown paper '{paper}' (use a4 or letter)")))?;
    let per_page = usize::try_from(per_page)
        .ok()
        .filter(|n| (1..=MAX_PER_PAGE).contains(n))
        .ok_or_else(|| {
            value_error(format!(
                "per_page={per_page} is out of range: give 1 to {MAX_PER_PAGE}"
            ))
        })?;
    let engine = convert::engine(engine)?;
    let timeout = convert::seconds(timeout)?;
    if !solutions && (timeout.is_some() || engine != Engine::Auto) {
        return Err(value_error(
            "timeout and engine are for solving the solution pages: add solutions=True",
        ));
    }
    if force && path.is_none() {
        return Err(value_error(
            "force=True replaces the file at path: give a path",
        ));
    }
    let options = BookletOptions { paper, per_page };
    let puzzles = puzzles_of(puzzles)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let printed = interruptible(py, &cancel, move || {
        let refs: Vec<&Puzzle> = puzzles.iter().map(|p| p.as_ref()).collect();
        let reports = solutions.then(|| {
            let numbered: Vec<(usize, &Puzzle)> = refs.iter().copied().enumerate().collect();
            let solve = SolveOptions {
                timeout,
                engine,
                ..SolveOptions::default()
            };
            solve_all(&numbered, solve, 0, None, Some(&flag))
        });
        // Stopped by Ctrl-C: the solves left are not done, and `interruptible` raises.
        if reports.as_ref().is_some_and(|r| r.len() < refs.len()) {
            return None;
        }
        Some(print(&refs, reports.as_deref(), &options).map(|booklet| booklet.pdf))
    })?;
    let pdf = printed
        .ok_or_else(|| value_error("the booklet was stopped before every puzzle was solved"))?
        .map_err(|e| value_error(format!("cannot print the booklet: {e}")))?;
    match path {
        Some(path) => {
            nonogram_formats::write_whole(&path, &pdf, force).map_err(|e| write_error(&path, e))?;
            Ok(None)
        }
        None => Ok(Some(PyBytes::new(py, &pdf).unbind())),
    }
}
