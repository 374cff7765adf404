//! `generate(width, height, ...)`: a new puzzle of a size, a difficulty and a palette, proved
//! unique and rated as `explain` rates it: `nonogram generate`, from the library's `generator`
//! module.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use num_bigint::BigInt;
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;

use nonogram_author::generator::{
    clock_seed, generate_cancellable, GenerateError, Generated, GeneratorConfig, Level, Style,
};
use nonogram_core::Picture;

use crate::convert::{self, picture_array};
use crate::errors::{int_in, value_error};
use crate::puzzle::PyPuzzle;
use crate::run::interruptible;

/// A generated puzzle (:func:`generate`): the puzzle, its solution, its rating and how it was
/// found.
#[pyclass(frozen, module = "nono", name = "Generated")]
#[derive(Debug)]
pub struct PyGenerated {
    puzzle: Py<PyPuzzle>,
    picture: Picture,
    level: Level,
    rating: String,
    seed: u64,
    index: u64,
    pictures: usize,
    elapsed: Duration,
}

/// A new puzzle of ``width`` × ``height`` cells whose clues have one solution (proved by the
/// solver) and which :meth:`Puzzle.explain` rates as asked, as ``nonogram generate`` makes
/// them.
///
/// ``difficulty`` is ``easy`` (line solving alone completes it), ``medium`` (it needs
/// probing, no search), ``hard`` (it needs search) or ``any``; ``colours`` the colours
/// besides the background (1: black and white); ``density`` the share of cells filled in the
/// starting pictures (None: 0.55, and 0.4 for hard); ``style`` ``smooth`` (blobs), ``symmetric``
/// (mirrored left to right) or ``noise``. The same ``seed`` and ``index`` (which puzzle of the
/// seed, from 0) give the same puzzle in this version; ``seed=None`` draws one from the clock
/// (:attr:`Generated.seed` says which). ``timeout`` (seconds, 30 by default; None for no
/// limit) bounds the search: a request it cannot meet in time (a hard 5×5) raises
/// ``TimeoutError``, a request out of range ``ValueError``.
#[pyfunction]
#[pyo3(signature = (width, height, *, difficulty="easy", colours=BigInt::from(1), density=None, style="smooth", seed=None, index=BigInt::from(0), timeout=Some(30.0)))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    width: BigInt,
    height: BigInt,
    difficulty: &str,
    colours: BigInt,
    density: Option<f64>,
    style: &str,
    seed: Option<BigInt>,
    index: BigInt,
    timeout: Option<f64>,
) -> PyResult<PyGenerated> {
    // Integers out of range are ValueErrors worded as the command line's, never OverflowError.
    let side = nonogram_author::generator::MAX_SIDE as u64;
    let width = int_in("width", &width, 1, side, " cells")? as usize;
    let height = int_in("height", &height, 1, side, " cells")? as usize;
    let colours = int_in(
        "colours",
        &colours,
        1,
        nonogram_core::model::MAX_COLOURS as u64,
        " (1 is black and white)",
    )? as usize;
    let seed = seed
        .map(|s| int_in("seed", &s, 0, u64::MAX, ""))
        .transpose()?;
    let index = int_in("index", &index, 0, u64::MAX, "")?;
    let level = Level::from_name(difficulty).ok_or_else(|| {
        value_error(format!(
            "unknown difficulty '{difficulty}' (use easy, medium, hard or any)"
        ))
    })?;
    let style = Style::from_name(style).ok_or_else(|| {
        value_error(format!(
            "unknown style '{style}' (use smooth, symmetric or noise)"
        ))
    })?;
    let config = GeneratorConfig {
        width,
        height,
        level,
        colours,
        density,
        style,
        seed: seed.unwrap_or_else(clock_seed),
        timeout: convert::seconds(timeout)?,
    };
    config.validate().map_err(|e| value_error(e.to_string()))?;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let seed = config.seed;
    let result = interruptible(py, &cancel, move || {
        generate_cancellable(&config, index, Some(&flag))
    })?;
    let generated: Generated = match result {
        Ok(generated) => generated,
        Err(e @ GenerateError::TimeLimit { .. }) => {
            let advice = e.advice(|option| option.to_string()).unwrap_or_default();
            return Err(PyTimeoutError::new_err(format!("{e}; {advice}")));
        }
        Err(e) => return Err(value_error(e.to_string())),
    };
    Ok(PyGenerated {
        puzzle: Py::new(py, PyPuzzle::new_from(generated.puzzle))?,
        picture: generated.picture,
        level: generated.level,
        rating: generated.difficulty.to_string(),
        seed,
        index,
        pictures: generated.pictures,
        elapsed: generated.elapsed,
    })
}

#[pymethods]
impl PyGenerated {
    /// The puzzle, titled with its rating and seed, its solution as its goal.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<PyPuzzle> {
        self.puzzle.clone_ref(py)
    }

    /// Its solution, the only one (``uint8``: 0 and 1, or palette indices).
    #[getter]
    fn solution<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        picture_array(py, &self.picture).into_any()
    }

    /// ``easy``, ``medium`` or ``hard``: the level of its rating (``line``, ``probing`` or
    /// ``search`` in :attr:`Explanation.difficulty`'s words).
    #[getter]
    fn level(&self) -> &'static str {
        self.level.name()
    }

    /// Its rating as the command line prints it (``needs probing (2 probes)``), as
    /// :attr:`Explanation.rating` gives it.
    #[getter]
    fn rating(&self) -> &str {
        &self.rating
    }

    /// The seed it was made from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Which puzzle of the seed, from 0.
    #[getter]
    fn index(&self) -> u64 {
        self.index
    }

    /// How many pictures were drawn to find it.
    #[getter]
    fn pictures(&self) -> usize {
        self.pictures
    }

    /// The seconds it took.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.elapsed.as_secs_f64()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Generated {}x{} {} puzzle, seed {}: {}>",
            self.picture.width(),
            self.picture.height(),
            self.level.name(),
            self.seed,
            self.rating
        )
    }
}
