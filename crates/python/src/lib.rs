//! `nono`, the Python package of this workspace (`pip install ./crates/python`): the engines of
//! `nonogram-core`, the formats of `nonogram-formats` and the drawings of `nonogram-render`,
//! with NumPy arrays for grids and pictures for notebooks. This crate is the extension module
//! `nono._nono`; `python/nono/` re-exports it and holds the type stubs.
//!
//! It adds no logic of its own to the library's: it converts arguments (checked with the
//! command line's wording), runs the engines off the interpreter ([`run`]: the GIL released,
//! Ctrl-C honoured, panics caught), and converts results. The modules follow the Python API:
//!
//! - [`puzzle`]: `Puzzle`, `Colour`, `read`, `read_all`, `parse`, `parse_all`;
//! - [`picture`]: pictures from text, files and arrays (`Puzzle.from_picture`, `make`);
//! - [`solve`]: `Puzzle.solve` and `Puzzle.deduce`, `Result` and `Deduction`;
//! - [`explain`]: `Puzzle.explain` and `Puzzle.hint`, `Step`, `Explanation`, `Hint`;
//! - [`make`]: `make` and `Made`;
//! - [`generate`]: `generate` and `Generated`;
//! - [`patterns`]: `patterns` and `Patterns`;
//! - [`many`]: `solve_many` and `solve_iter`;
//! - [`render`]: text, SVG and PNG drawings; [`convert`]: arguments and arrays;
//!   [`errors`]: the exceptions.

mod class;
mod convert;
mod errors;
mod explain;
mod generate;
mod make;
mod many;
mod patterns;
mod picture;
mod puzzle;
mod render;
mod run;
mod solve;

use std::sync::atomic::AtomicBool;

use num_bigint::BigInt;
use pyo3::prelude::*;

use nonogram_core::generate::{random_colour_set, random_set};
use nonogram_formats::Format;

/// The most puzzles one call of `random_puzzles` makes: a million 30×30 puzzles are about a
/// gigabyte of clues.
const MAX_RANDOM_PUZZLES: u64 = 1_000_000;

/// Random puzzles from a seed: each cell filled with probability ``density`` (with one of
/// ``colours`` colours when that is above 1). The same seed gives the same puzzles in every
/// version, and the set of ``nonogram-bench random --seed S`` (the benchmarks' random 30×30
/// puzzles are ``random_puzzles(N, 30, 30, seed=1)``).
#[pyfunction]
#[pyo3(signature = (count, width, height, *, density=0.5, colours=1, seed=BigInt::from(0)))]
fn random_puzzles(
    count: BigInt,
    width: BigInt,
    height: BigInt,
    density: f64,
    colours: usize,
    seed: BigInt,
) -> PyResult<Vec<puzzle::PyPuzzle>> {
    let side = nonogram_core::Limits::DEFAULT.max_side as u64;
    let count = errors::int_in("count", &count, 0, MAX_RANDOM_PUZZLES, " puzzles")? as usize;
    let width = errors::int_in("width", &width, 1, side, " cells")? as usize;
    let height = errors::int_in("height", &height, 1, side, " cells")? as usize;
    let seed = errors::int_in("seed", &seed, 0, u64::MAX, "")?;
    nonogram_core::check_size(width, height, nonogram_core::Limits::DEFAULT)
        .map_err(|e| errors::value_error(e.to_string()))?;
    if !(0.0..=1.0).contains(&density) {
        return Err(errors::value_error(format!(
            "density={density} is out of range: give a probability from 0 to 1"
        )));
    }
    if colours == 0 || colours > nonogram_core::model::MAX_COLOURS {
        return Err(errors::value_error(format!(
            "colours={colours} is out of range: give 1 (black and white) to {}",
            nonogram_core::model::MAX_COLOURS
        )));
    }
    let puzzles = if colours == 1 {
        random_set(seed, count, width, height, density)
    } else {
        random_colour_set(seed, count, width, height, colours, density)
    };
    Ok(puzzles
        .into_iter()
        .map(puzzle::PyPuzzle::new_from)
        .collect())
}

/// Panics on the solving thread: for the tests that check a panic becomes `InternalError`.
#[pyfunction]
fn _panic(py: Python<'_>) -> PyResult<()> {
    let never = AtomicBool::new(false);
    run::interruptible(py, &never, || -> () { panic!("a test asked for a panic") })
}

/// Solve, explain, make and draw nonograms with a fast engine, grids as NumPy arrays.
#[pymodule]
fn _nono(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let names = |keep: fn(Format) -> bool| -> Vec<&'static str> {
        Format::ALL
            .iter()
            .copied()
            .filter(|&f| keep(f))
            .map(Format::name)
            .collect()
    };
    m.add("FORMATS", pyo3::types::PyTuple::new(py, names(|_| true))?)?;
    m.add(
        "WRITABLE_FORMATS",
        pyo3::types::PyTuple::new(py, names(Format::is_writable))?,
    )?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<puzzle::PyColour>()?;
    m.add_class::<solve::PySolveResult>()?;
    m.add_class::<solve::PyDeduction>()?;
    m.add_class::<explain::PyStep>()?;
    m.add_class::<explain::PyExplanation>()?;
    m.add_class::<explain::PyHint>()?;
    m.add_class::<make::PyMade>()?;
    m.add_class::<generate::PyGenerated>()?;
    m.add_class::<patterns::PyPatterns>()?;
    m.add_class::<many::PySolving>()?;
    m.add_function(wrap_pyfunction!(puzzle::read, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::read_all, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::parse, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::parse_all, m)?)?;
    m.add_function(wrap_pyfunction!(make::make, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(patterns::patterns, m)?)?;
    m.add_function(wrap_pyfunction!(many::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::solve_iter, m)?)?;
    m.add_function(wrap_pyfunction!(random_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(_panic, m)?)?;
    Ok(())
}
