//! `patterns(clue, length)`: the pattern set of one clue (the R package's pattern sets, the
//! notebook's forced cells), from the library's `patterns` module: an exact count, the patterns
//! as a NumPy matrix or one at a time, and the cells every pattern shares.

use num_bigint::BigUint;
use numpy::ndarray::Array2;
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::PyString;

use nonogram_author::patterns::PatternSet;
use nonogram_core::{Cell, Clue};

use crate::convert::as_int_array;
use crate::errors::{parse_error, value_error};

/// The most cells [`PyPatterns::matrix`] builds: 10^8 bytes, a tenth of a gigabyte.
const MAX_MATRIX_CELLS: u64 = 100_000_000;

/// The longest line: the command line's (`nonogram patterns --width`), stated once in the core.
const MAX_LENGTH: i64 = nonogram_author::patterns::MAX_LENGTH as i64;

/// The patterns of a clue in a line: every placement of its runs, in order, with an empty cell
/// between two runs, that agrees with the known cells. Nothing is enumerated until asked:
/// :attr:`count` is exact and immediate however large the set, :attr:`common` is the line
/// solver's answer.
#[pyclass(frozen, module = "nono", name = "Patterns")]
#[derive(Debug)]
pub struct PyPatterns {
    set: PatternSet,
}

/// The pattern set of ``clue`` (run lengths; ``[]`` or ``[0]`` for an empty line) in a line of
/// ``length`` cells, restricted to the patterns that agree with ``known`` if given: a string of
/// ``#``, ``.`` and ``?`` or an array of 1, 0 and -1, ``length`` long.
#[pyfunction]
#[pyo3(signature = (clue, length, known=None))]
pub fn patterns(
    clue: Vec<i64>,
    length: i64,
    known: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyPatterns> {
    if !(0..=MAX_LENGTH).contains(&length) {
        return Err(value_error(format!(
            "length={length} is out of range: give 0 to {MAX_LENGTH} cells"
        )));
    }
    let length = length as usize;
    let mut runs = Vec::new();
    for &n in &clue {
        match u32::try_from(n) {
            Ok(n) if n >= 1 => runs.push(n),
            _ if n == 0 && clue.len() == 1 => {}
            _ => {
                return Err(value_error(format!(
                    "the clue {clue:?} has a run of {n} cells: runs are 1 cell or longer (an \
                     empty line is [] or [0])"
                )))
            }
        }
    }
    let clue = Clue::new(runs);
    let set = match known.filter(|k| !k.is_none()) {
        None => PatternSet::new(&clue, length),
        Some(known) => {
            let cells = known_cells(known)?;
            if cells.len() != length {
                return Err(value_error(format!(
                    "known= has {} cells but the line has {length}",
                    cells.len()
                )));
            }
            PatternSet::with_known(&clue, &cells)
        }
    };
    Ok(PyPatterns { set })
}

/// Known cells from text (`#`, `.`, `?`) or an array (1, 0, -1).
fn known_cells(value: &Bound<'_, PyAny>) -> PyResult<Vec<Cell>> {
    if let Ok(text) = value.cast::<PyString>() {
        return nonogram_formats::grid::parse_known(&text.to_cow()?)
            .map_err(|e| parse_error(value.py(), None, &e));
    }
    let array = as_int_array(value, "known=")?;
    array
        .as_array()
        .iter()
        .map(|&v| match v {
            1 => Ok(Cell::Filled),
            0 => Ok(Cell::Empty),
            -1 => Ok(Cell::Unknown),
            v => Err(value_error(format!(
                "known= holds {v}: use 1 (filled), 0 (empty) or -1 (unknown)"
            ))),
        })
        .collect()
}

impl PyPatterns {
    fn count_big(&self) -> BigUint {
        self.set.count()
    }
}

#[pymethods]
impl PyPatterns {
    /// The clue's run lengths.
    #[getter]
    fn clue(&self) -> Vec<u32> {
        self.set.runs().to_vec()
    }

    /// The line's length.
    #[getter]
    fn length(&self) -> usize {
        self.set.len()
    }

    /// The exact number of patterns (a Python integer, however large).
    #[getter]
    fn count(&self) -> BigUint {
        self.count_big()
    }

    /// The cells every pattern shares, ``int8``: 1 filled in all, 0 empty in all, -1 where
    /// they differ; None when no pattern agrees with the known cells.
    #[getter]
    fn common<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        let cells = self.set.common().ok()?;
        let values: Vec<i8> = cells.iter().map(|&c| cell_value(c)).collect();
        Some(numpy::PyArray1::from_vec(py, values).into_any())
    }

    /// For each cell, the share of the patterns that fill it (``float64``, 0 to 1): with
    /// every pattern equally likely, the chance that the cell is filled. None when the set is
    /// empty or too large to count in floating point.
    #[getter]
    fn shares<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        let shares = self.set.fill_shares()?;
        Some(numpy::PyArray1::from_vec(py, shares).into_any())
    }

    /// Every pattern, one a row (``uint8``, 1 filled, 0 empty), leftmost placement first.
    /// Refused (``ValueError``) past 10^8 cells: iterate over the set instead.
    #[getter]
    fn matrix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let count = self.count_big();
        let length = self.set.len();
        let cells = &count * BigUint::from(length.max(1));
        if cells > BigUint::from(MAX_MATRIX_CELLS) {
            return Err(value_error(format!(
                "the set has {count} patterns of {length} cells, more than a matrix of \
                 {MAX_MATRIX_CELLS} cells holds; iterate over it instead"
            )));
        }
        let rows: usize = count.try_into().expect("fewer than 10^8");
        let mut values = Vec::with_capacity(rows * length);
        for pattern in self.set.iter() {
            values.extend(pattern.iter().map(|&f| u8::from(f)));
        }
        let matrix = Array2::from_shape_vec((rows, length), values)
            .expect("count() patterns of the line's length");
        Ok(matrix.into_pyarray(py).into_any())
    }

    /// The number of patterns; ``OverflowError`` past ``sys.maxsize`` (use :attr:`count`).
    fn __len__(&self) -> PyResult<usize> {
        usize::try_from(self.count_big()).map_err(|_| {
            pyo3::exceptions::PyOverflowError::new_err(
                "more patterns than len() can say; use .count",
            )
        })
    }

    /// The patterns one at a time, each a ``uint8`` array, leftmost placement first.
    fn __iter__(slf: Py<Self>) -> PatternIter {
        PatternIter {
            set: slf,
            produced: 0,
            buffer: Vec::new(),
            next: 0,
            done: false,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<Patterns of {:?} in {} cells: {}>",
            self.set.runs(),
            self.set.len(),
            self.count_big()
        )
    }
}

fn cell_value(cell: Cell) -> i8 {
    match cell {
        Cell::Filled => 1,
        Cell::Empty => 0,
        Cell::Unknown => -1,
    }
}

/// An iterator over a pattern set. The library's iterator borrows its set, so this one
/// enumerates in batches that double in size, each from a fresh iterator that skips what was
/// produced before: the skipping adds up to about twice the patterns produced.
#[pyclass(module = "nono")]
#[derive(Debug)]
pub struct PatternIter {
    set: Py<PyPatterns>,
    produced: usize,
    buffer: Vec<Vec<bool>>,
    next: usize,
    done: bool,
}

#[pymethods]
impl PatternIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        if self.next == self.buffer.len() {
            if self.done {
                return None;
            }
            let batch = self.produced.clamp(1024, 1 << 20);
            let set = &self.set.bind(py).get().set;
            self.buffer = set.iter().skip(self.produced).take(batch).collect();
            self.done = self.buffer.len() < batch;
            self.produced += self.buffer.len();
            self.next = 0;
            if self.buffer.is_empty() {
                return None;
            }
        }
        let pattern = &self.buffer[self.next];
        self.next += 1;
        let values: Vec<u8> = pattern.iter().map(|&f| u8::from(f)).collect();
        Some(numpy::PyArray1::from_vec(py, values).into_any())
    }
}
