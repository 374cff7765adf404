//! Python values to the library's and back: arguments checked with the command line's wording,
//! grids to and from NumPy arrays.
//!
//! Grids come out as NumPy arrays of shape `(height, width)`: a solution as `uint8` (0 and 1 for
//! black and white, palette indices for colour, 0 being the background), a partial grid as
//! `int8` with -1 where a cell is unknown. They go in the same way, as anything
//! `numpy.asarray` takes (arrays, nested lists), or as text: rows of `#`, `.` and `?` (a colour
//! puzzle's palette characters), one line each.

use std::time::Duration;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use nonogram_core::{Cells, ColourId, ColourSet, Engine, PartialGrid, Picture, Puzzle};
use nonogram_formats::Format;

use crate::errors::{parse_error, value_error};

/// The most solutions one solve keeps, as on the command line (`--solutions`).
pub const MAX_SOLUTIONS: i64 = 10_000;

/// A time limit in seconds (`None` for none), checked as the command line checks
/// `--timeout`. A limit longer than any run is no limit.
pub fn seconds(value: Option<f64>) -> PyResult<Option<Duration>> {
    let Some(seconds) = value else {
        return Ok(None);
    };
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(value_error(format!(
            "timeout={seconds} is not a non-negative, finite number of seconds"
        )));
    }
    Ok(Some(
        Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX),
    ))
}

/// An engine by name: `auto`, `search`, `learn` or `sat`.
pub fn engine(name: &str) -> PyResult<Engine> {
    Engine::from_name(name).ok_or_else(|| {
        value_error(format!(
            "unknown engine '{name}' (use auto, search, learn or sat)"
        ))
    })
}

/// How many solutions to look for, 1 to [`MAX_SOLUTIONS`].
pub fn solutions(n: i64) -> PyResult<usize> {
    if !(1..=MAX_SOLUTIONS).contains(&n) {
        return Err(value_error(format!(
            "solutions={n} is out of range: ask for 1 to {MAX_SOLUTIONS} (2 proves a solution \
             unique)"
        )));
    }
    Ok(n as usize)
}

/// A count of threads or jobs: 0 (one per core) or more.
pub fn threads(name: &str, n: i64) -> PyResult<usize> {
    match usize::try_from(n) {
        Ok(n) if n <= nonogram_core::MAX_THREADS => Ok(n),
        _ => Err(value_error(format!(
            "{name}={n} is out of range: give 0 (one per core) to {}",
            nonogram_core::MAX_THREADS
        ))),
    }
}

/// A format to read, by name or alias.
pub fn read_format(name: Option<&str>) -> PyResult<Option<Format>> {
    name.map(|name| Format::named(name).map_err(|e| value_error(e.to_string())))
        .transpose()
}

/// A format to write, by name or alias.
pub fn write_format(name: &str) -> PyResult<Format> {
    Format::named_writable(name).map_err(|e| value_error(e.to_string()))
}

/// A picture as a `uint8` array: 0 and 1 in black and white, palette indices in colour.
pub fn picture_array<'py>(py: Python<'py>, picture: &Picture) -> Bound<'py, PyArray2<u8>> {
    let cells: Vec<u8> = picture.cells().iter().map(|c| c.index() as u8).collect();
    let array = Array2::from_shape_vec((picture.height(), picture.width()), cells)
        .expect("a picture has width × height cells");
    array.into_pyarray(py)
}

/// A partial grid as an `int8` array: the cell's palette index when it is known, -1 when it
/// may still take several entries (or none, in a contradictory grid).
pub fn partial_array<'py>(py: Python<'py>, grid: &PartialGrid) -> Bound<'py, PyArray2<i8>> {
    let (width, height) = (grid.width(), grid.height());
    let mut cells = Vec::with_capacity(width * height);
    for r in 0..height {
        for c in 0..width {
            cells.push(grid.get(r, c).only().map_or(-1, |id| id.index() as i8));
        }
    }
    Array2::from_shape_vec((height, width), cells)
        .expect("a grid has width × height cells")
        .into_pyarray(py)
}

/// A two-dimensional array of integers from anything `numpy.asarray` takes: its shape and its
/// values, row by row. Booleans count as 0 and 1; floats and other kinds are refused.
pub fn int_matrix(value: &Bound<'_, PyAny>, what: &str) -> PyResult<(usize, usize, Vec<i64>)> {
    let array = as_int_array(value, what)?;
    let shape = array.shape().to_vec();
    let [height, width] = shape[..] else {
        return Err(value_error(format!(
            "{what} must be two-dimensional (rows × columns), not of shape {shape:?}"
        )));
    };
    let values = array.as_array().iter().copied().collect::<Vec<i64>>();
    Ok((height, width, values))
}

/// `numpy.asarray(value)` as 64-bit integers, of any dimension: integers, booleans (0 and 1),
/// or floats that hold whole numbers (`numpy.zeros` makes floats); anything else is refused.
pub fn as_int_array<'py>(
    value: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<PyReadonlyArrayDyn<'py, i64>> {
    let py = value.py();
    let numpy = py.import("numpy")?;
    let array = numpy
        .call_method1("asarray", (value,))
        .map_err(|e| PyTypeError::new_err(format!("{what} is not an array of integers: {e}")))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let whole = match kind.as_str() {
        "b" | "i" | "u" => true,
        "f" => {
            let finite: bool = numpy
                .call_method1("isfinite", (&array,))?
                .call_method0("all")?
                .extract()?;
            finite
                && array
                    .call_method1("__eq__", (array.call_method0("round")?,))?
                    .call_method0("all")?
                    .extract::<bool>()?
        }
        _ => false,
    };
    if !whole {
        return Err(PyTypeError::new_err(format!(
            "{what} must hold integers (or booleans, or floats of whole numbers), not {}",
            array.getattr("dtype")?.str()?
        )));
    }
    let array = array.call_method1("astype", ("int64",))?;
    array.extract()
}

/// A partial grid for `puzzle` from an array (-1 unknown, else a palette index: 0 and 1 in
/// black and white) or from text (rows of `#`, `.`, `?`, or the palette's characters).
pub fn partial_grid(puzzle: &Puzzle, value: &Bound<'_, PyAny>) -> PyResult<PartialGrid> {
    let py = value.py();
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_cow()?;
        return if puzzle.is_black_and_white() {
            let rows = nonogram_formats::grid::parse_grid(&text, puzzle)
                .map_err(|e| parse_error(py, None, &e))?;
            Ok(PartialGrid::from_cells(&rows))
        } else {
            nonogram_formats::grid::parse_colour_grid(&text, puzzle)
                .map_err(|e| parse_error(py, None, &e))
        };
    }
    let (height, width, values) = int_matrix(value, "the grid")?;
    if (height, width) != (puzzle.height(), puzzle.width()) {
        return Err(value_error(format!(
            "the grid is {height} rows × {width} columns but the puzzle is {} × {}",
            puzzle.height(),
            puzzle.width()
        )));
    }
    let entries = puzzle.palette().len();
    let mut grid = PartialGrid::unknown(width, height, entries);
    for (i, &v) in values.iter().enumerate() {
        let options = match v {
            -1 => puzzle.palette().all(),
            v if v >= 0 && (v as usize) < entries => {
                ColourSet::single(ColourId::new(v as usize).expect("a palette index"))
            }
            _ => {
                return Err(value_error(format!(
                    "row {}, column {} of the grid holds {v}: use -1 (unknown) or a palette \
                     index from 0 to {}",
                    i / width + 1,
                    i % width + 1,
                    entries - 1
                )))
            }
        };
        grid.set(i / width, i % width, options);
    }
    Ok(grid)
}

/// A complete picture for `puzzle` (no unknown cell), from an array or text as
/// [`partial_grid`] reads them.
pub fn complete_picture(puzzle: &Puzzle, value: &Bound<'_, PyAny>) -> PyResult<Picture> {
    partial_grid(puzzle, value)?
        .to_picture()
        .ok_or_else(|| value_error("the grid has unknown cells; a picture has none"))
}
