//! `Puzzle` and `Colour`, and reading puzzles from files and text.
//!
//! A `Puzzle` is immutable, like the library's: it can be shared between threads, solved from
//! several at once, and kept by the results that draw it.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use nonogram_core::model::triangle;
use nonogram_core::{Axis, Clue, Colour, ColourId, Given, Palette, Puzzle, Rgb, Run};
use nonogram_formats::Format;

use crate::convert::{self, complete_picture, partial_grid, picture_array};
use crate::errors::{file_error, parse_error, value_error, write_error};
use crate::explain::{self, PyExplanation, PyHint};
use crate::picture::{self, PictureArgs};
use crate::render::{self, Drawn};
use crate::run::interruptible;
use crate::solve::{self, PyDeduction, PySolveResult, SolveArgs};

pub use crate::class::PyPuzzle;

/// One entry of a puzzle's palette: a name, a colour (`#rrggbb`) and the character that draws
/// it in text. Entry 0 of a palette is the background.
///
/// `Colour("red", "#e02020")`, `Colour("red", (224, 32, 32), "r")`: the colour is hex, an
/// `r, g, b` string or tuple, or a CSS name; a character left out is chosen when the palette
/// is made (the name's first letter if it is free).
#[pyclass(frozen, eq, module = "nono", name = "Colour")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyColour {
    /// The colour's name.
    #[pyo3(get)]
    pub name: String,
    /// The colour as `#rrggbb`.
    #[pyo3(get)]
    pub rgb: String,
    /// The character that draws it (`.` for the background); None until a palette chooses one.
    #[pyo3(get)]
    pub symbol: Option<String>,
}

#[pymethods]
impl PyColour {
    #[new]
    #[pyo3(signature = (name, rgb, symbol=None))]
    fn new(name: String, rgb: &Bound<'_, PyAny>, symbol: Option<String>) -> PyResult<PyColour> {
        let rgb = rgb_of(rgb)?;
        if let Some(s) = &symbol {
            one_char(s)?;
        }
        Ok(PyColour {
            name,
            rgb: rgb.to_string(),
            symbol,
        })
    }

    fn __repr__(&self) -> String {
        match &self.symbol {
            Some(s) => format!("Colour({:?}, {:?}, {s:?})", self.name, self.rgb),
            None => format!("Colour({:?}, {:?})", self.name, self.rgb),
        }
    }
}

impl PyColour {
    fn of(colour: &Colour) -> PyColour {
        PyColour {
            name: colour.name.clone(),
            rgb: colour.rgb.to_string(),
            symbol: Some(colour.symbol.to_string()),
        }
    }
}

/// The one character of a string.
fn one_char(s: &str) -> PyResult<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(value_error(format!(
            "a colour's symbol is one character, not {s:?}"
        ))),
    }
}

/// An RGB value from hex, an `r, g, b` string, a CSS name or a tuple of three integers.
fn rgb_of(value: &Bound<'_, PyAny>) -> PyResult<Rgb> {
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_cow()?;
        return nonogram_formats::parse_colour(&text).ok_or_else(|| {
            value_error(format!(
                "'{text}' is not a colour (use #rrggbb, 'r, g, b' or a CSS colour name)"
            ))
        });
    }
    let parts: Vec<i64> = value.extract().map_err(|_| {
        PyTypeError::new_err("a colour is a string (#rrggbb or a name) or (r, g, b)")
    })?;
    match parts[..] {
        [r, g, b] => match (u8::try_from(r), u8::try_from(g), u8::try_from(b)) {
            (Ok(r), Ok(g), Ok(b)) => Ok(Rgb::new(r, g, b)),
            _ => Err(value_error(format!(
                "({r}, {g}, {b}) is not a colour: each part goes from 0 to 255"
            ))),
        },
        _ => Err(value_error(format!(
            "a colour has three parts (r, g, b), not {}",
            parts.len()
        ))),
    }
}

/// A palette from a Python description: a list whose first entry is the background, each a
/// `Colour`, a `(name, rgb)` or `(name, rgb, symbol)` tuple, or a CSS colour name; or a dict of
/// names to colours, in order; or the string `"triangles"`, the palette of triangle puzzles.
pub fn palette_of(value: &Bound<'_, PyAny>) -> PyResult<Palette> {
    if let Ok(name) = value.cast::<PyString>() {
        return match &*name.to_cow()? {
            "triangles" => Ok(Palette::triangles()),
            other => Err(value_error(format!(
                "unknown palette '{other}': a palette is a list of colours, a dict of names to \
                 colours, or \"triangles\""
            ))),
        };
    }
    let mut entries: Vec<(String, Rgb, Option<char>)> = Vec::new();
    let add = |entries: &mut Vec<_>, entry: &Bound<'_, PyAny>| -> PyResult<()> {
        if let Ok(colour) = entry.extract::<PyRef<'_, PyColour>>() {
            let rgb = Rgb::parse_hex(&colour.rgb).expect("a Colour holds #rrggbb");
            let symbol = colour.symbol.as_deref().map(one_char).transpose()?;
            entries.push((colour.name.clone(), rgb, symbol));
        } else if let Ok(name) = entry.cast::<PyString>() {
            let name = name.to_cow()?.to_string();
            let rgb = rgb_of(entry)?;
            entries.push((name, rgb, None));
        } else if let Ok(tuple) = entry.cast::<PyTuple>() {
            let (name, rgb, symbol) = match tuple.len() {
                2 => (tuple.get_item(0)?, tuple.get_item(1)?, None),
                3 => (
                    tuple.get_item(0)?,
                    tuple.get_item(1)?,
                    Some(tuple.get_item(2)?),
                ),
                n => {
                    return Err(value_error(format!(
                        "a palette entry is (name, rgb) or (name, rgb, symbol), not {n} values"
                    )))
                }
            };
            let symbol = match symbol {
                Some(s) => Some(one_char(&s.extract::<String>()?)?),
                None => None,
            };
            entries.push((name.extract()?, rgb_of(&rgb)?, symbol));
        } else {
            return Err(PyTypeError::new_err(
                "a palette entry is a Colour, a (name, rgb) tuple or a colour name",
            ));
        }
        Ok(())
    };
    if let Ok(dict) = value.cast::<PyDict>() {
        for (name, rgb) in dict.iter() {
            let name: String = name.extract()?;
            entries.push((name, rgb_of(&rgb)?, None));
        }
    } else {
        for entry in value.try_iter()? {
            add(&mut entries, &entry?)?;
        }
    }
    let Some(((name, rgb, _), colours)) = entries.split_first() else {
        return Err(value_error(
            "a palette needs its background and at least one colour",
        ));
    };
    if colours.is_empty() {
        return Err(value_error(
            "a palette needs its background and at least one colour",
        ));
    }
    let colours: Vec<(&str, Rgb, Option<char>)> = colours
        .iter()
        .map(|(n, rgb, s)| (n.as_str(), *rgb, *s))
        .collect();
    nonogram_formats::build_palette((name, *rgb), &colours).map_err(value_error)
}

/// The clues of one axis from Python: each a sequence of runs, a run an integer (black) or a
/// `(length, colour)` pair, the colour a name, a symbol or a palette index, or in a triangle
/// puzzle a string with caps as `.g` writes it (`"/4\\"`); `[]` or `[0]` for an empty line.
fn clues_of(value: &Bound<'_, PyAny>, palette: &Palette, axis: Axis) -> PyResult<Vec<Clue>> {
    let mut clues = Vec::new();
    for (i, clue) in value.try_iter()?.enumerate() {
        let clue = clue?;
        let line = format!("{} {}", axis.name(), i + 1);
        let mut runs = Vec::new();
        let items = clue.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "the clue of {line} is not a list of runs: {}",
                clue.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        for item in items {
            let item = item?;
            runs.push(match capped_run_of(&item, palette, axis, &line)? {
                Some(capped) => capped,
                None => (run_of(&item, palette, &line)?, [ColourId::BACKGROUND; 2]),
            });
        }
        // `[0]` is the empty clue, as many formats write it.
        if let [(run, _)] = runs[..] {
            if run.len == 0 {
                runs.clear();
            }
        }
        if runs.iter().any(|(r, _)| r.len == 0) {
            return Err(value_error(format!(
                "the clue of {line} has a run of 0 cells: runs are 1 cell or longer (an empty \
                 line is [] or [0])"
            )));
        }
        clues.push(Clue::capped(runs));
    }
    Ok(clues)
}

/// A run written as a string in a triangle puzzle, with its caps (`"/4\\"`); `None` for any
/// other run (read by [`run_of`]).
fn capped_run_of(
    item: &Bound<'_, PyAny>,
    palette: &Palette,
    axis: Axis,
    line: &str,
) -> PyResult<Option<(Run, [ColourId; 2])>> {
    let Ok(text) = item.cast::<PyString>() else {
        return Ok(None);
    };
    if !palette.is_triangles() {
        return Err(PyTypeError::new_err(format!(
            "a run of {line} is the string {}: runs are lengths, or (length, colour) pairs in a \
             colour puzzle; strings with caps are for palette=\"triangles\"",
            item.repr()?
        )));
    }
    let text = text.to_cow()?;
    triangle::parse_run(axis, &text).map(Some).ok_or_else(|| {
        value_error(format!(
            "a run of {line} is '{text}', which is not a length with caps: write it as a .g \
             file does, a length of 1 or more with `/` or `\\` before or after it (\"/4\\\\\", \
             \"3/\"), the caps counted in the length"
        ))
    })
}

/// One run of a clue.
fn run_of(item: &Bound<'_, PyAny>, palette: &Palette, line: &str) -> PyResult<Run> {
    let length = |value: &Bound<'_, PyAny>| -> PyResult<u32> {
        let n: i64 = value.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "a run of {line} is not a length: {}",
                value.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        u32::try_from(n).map_err(|_| {
            value_error(format!(
                "{line} has a run of {n} cells: lengths are 0 or more"
            ))
        })
    };
    if let Ok(pair) = item.cast::<PyTuple>() {
        if palette.is_triangles() {
            return Err(value_error(format!(
                "a run of {line} is a (length, colour) pair: a triangle puzzle's runs are black, \
                 lengths or strings with caps (\"/4\\\\\")"
            )));
        }
        if pair.len() != 2 {
            return Err(value_error(format!(
                "a run of {line} is a length or a (length, colour) pair, not {} values",
                pair.len()
            )));
        }
        let len = length(&pair.get_item(0)?)?;
        let colour = colour_of(&pair.get_item(1)?, palette, line)?;
        return Ok(Run::new(len, colour));
    }
    let len = length(item)?;
    if !palette.is_black_and_white() && !palette.is_triangles() {
        return Err(value_error(format!(
            "a run of {line} has no colour: in a colour puzzle each run is a (length, colour) \
             pair"
        )));
    }
    Ok(Run::new(len, ColourId::BLACK))
}

/// A colour of the palette by name, symbol or index.
fn colour_of(value: &Bound<'_, PyAny>, palette: &Palette, line: &str) -> PyResult<ColourId> {
    if let Ok(name) = value.cast::<PyString>() {
        let name = name.to_cow()?;
        let mut chars = name.chars();
        let by_symbol = match (chars.next(), chars.next()) {
            (Some(c), None) => palette.by_symbol(c),
            _ => None,
        };
        return palette.find(&name).or(by_symbol).ok_or_else(|| {
            let names: Vec<&str> = palette.colours().map(|(_, c)| c.name.as_str()).collect();
            value_error(format!(
                "a run of {line} has colour '{name}', which the palette lacks (its colours: {})",
                names.join(", ")
            ))
        });
    }
    let index: i64 = value.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "a run's colour in {line} is a name, a symbol or a palette index"
        ))
    })?;
    usize::try_from(index)
        .ok()
        .filter(|&i| i >= 1 && i < palette.len())
        .and_then(ColourId::new)
        .ok_or_else(|| {
            value_error(format!(
                "a run of {line} has colour {index}: use 1 to {} (0 is the background)",
                palette.len() - 1
            ))
        })
}

/// The clues of an axis as Python lists: lengths, or `(length, colour name)` in colour; in a
/// triangle puzzle lengths, and a run with caps as `.g` writes it (`"/4\\"`).
fn clue_lists(py: Python<'_>, puzzle: &Puzzle, clues: &[Clue]) -> PyResult<Py<PyAny>> {
    let palette = puzzle.palette();
    if puzzle.is_black_and_white() {
        let lists: Vec<Vec<u32>> = clues.iter().map(|c| c.runs().to_vec()).collect();
        return Ok(lists.into_pyobject(py)?.into_any().unbind());
    }
    if palette.is_triangles() {
        let list = PyList::empty(py);
        for clue in clues {
            let runs = PyList::empty(py);
            for i in 0..clue.len() {
                if clue.cap_count(i) == 0 {
                    runs.append(clue.runs()[i])?;
                } else {
                    runs.append(triangle::run_notation(clue, i))?;
                }
            }
            list.append(runs)?;
        }
        return Ok(list.into_any().unbind());
    }
    let lists: Vec<Vec<(u32, String)>> = clues
        .iter()
        .map(|c| {
            c.iter()
                .map(|run| (run.len, palette.colour(run.colour).name.clone()))
                .collect()
        })
        .collect();
    Ok(lists.into_pyobject(py)?.into_any().unbind())
}

#[pymethods]
impl PyPuzzle {
    #[new]
    #[pyo3(signature = (rows, cols, palette=None, title=None, givens=None))]
    fn new(
        rows: &Bound<'_, PyAny>,
        cols: &Bound<'_, PyAny>,
        palette: Option<&Bound<'_, PyAny>>,
        title: Option<String>,
        givens: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPuzzle> {
        let palette = match palette.filter(|p| !p.is_none()) {
            Some(p) => palette_of(p)?,
            None => Palette::black_and_white(),
        };
        let row_clues = clues_of(rows, &palette, Axis::Row)?;
        let col_clues = clues_of(cols, &palette, Axis::Column)?;
        let mut puzzle = Puzzle::with_palette(palette, row_clues, col_clues)
            .map_err(|e| value_error(e.to_string()))?;
        puzzle.metadata.title = title;
        if let Some(givens) = givens.filter(|g| !g.is_none()) {
            puzzle = with_givens(puzzle, givens)?;
        }
        Ok(PyPuzzle::new_from(puzzle))
    }

    /// The cells the puzzle gives (some puzzles print a few cells in the grid to make their
    /// picture the only solution): an ``int8`` array as :meth:`deduce`'s grid, -1 where a cell
    /// is not given, else its value (0 and 1, or a palette index); None when the puzzle gives
    /// no cell. Every solution agrees with them; formats that cannot store them (all but
    /// ``json`` and ``tatham``) refuse to write the puzzle rather than drop them.
    #[getter]
    fn givens<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        (!self.puzzle.givens().is_empty())
            .then(|| convert::partial_array(py, &self.puzzle.given_grid()).into_any())
    }

    /// The same puzzle giving the cells of ``givens`` (replacing any it gave; None for none):
    /// an array (-1 where a cell is not given, else 0 and 1 or a palette index) or text (rows
    /// of ``#``, ``.`` and ``?``, or the palette's characters), as :meth:`hint` takes grids.
    /// Givens the clues cannot agree with make a puzzle without a solution, as in a file.
    fn with_givens(&self, givens: Option<&Bound<'_, PyAny>>) -> PyResult<PyPuzzle> {
        let puzzle = (*self.puzzle).clone();
        Ok(PyPuzzle::new_from(match givens.filter(|g| !g.is_none()) {
            Some(givens) => with_givens(puzzle, givens)?,
            None => puzzle
                .with_givens(Vec::new())
                .map_err(|e| value_error(e.to_string()))?,
        }))
    }

    /// The puzzle whose solution is a picture (the notebook's ``pic2gram``), that picture kept
    /// as its :attr:`goal`.
    ///
    /// ``picture`` is text (rows of ``#`` and ``.``, ``1`` and ``0``, or ``X`` and ``_``, and
    /// the half cells ``◢◤◥◣`` of a triangle puzzle); a
    /// :class:`pathlib.Path` to a text picture or an image (PNG, JPEG, GIF, BMP); the bytes of
    /// such a file; or an array: two dimensions of 0 and 1 (or of indices of ``palette``), or
    /// an image's pixels, rows × columns × RGB or RGBA (``uint8``, or floats from 0 to 1).
    /// ``palette="triangles"`` reads an array's indices 2 to 5 as the half cells.
    ///
    /// Images are thresholded on luminance (pixels darker than ``threshold`` are filled) or,
    /// with ``colours=K`` (2 to 32), quantised to at most K colours and a background (the most
    /// common colour of the border); ``size=(width, height)`` scales an image down first,
    /// averaging the pixels each cell covers; ``invert`` swaps filled and empty cells. These
    /// are the options of ``nonogram make``.
    #[staticmethod]
    #[pyo3(signature = (picture, *, colours=1, threshold=128, invert=false, size=None, palette=None, title=None))]
    #[allow(clippy::too_many_arguments)]
    fn from_picture(
        picture: &Bound<'_, PyAny>,
        colours: i64,
        threshold: i64,
        invert: bool,
        size: Option<(i64, i64)>,
        palette: Option<&Bound<'_, PyAny>>,
        title: Option<String>,
    ) -> PyResult<PyPuzzle> {
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
        Ok(PyPuzzle::new_from(puzzle_of_picture(loaded, title)?))
    }

    /// The clues of the rows, top to bottom: lists of run lengths, or of ``(length, colour
    /// name)`` pairs in a colour puzzle.
    #[getter]
    fn rows(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        clue_lists(py, &self.puzzle, self.puzzle.rows())
    }

    /// The clues of the columns, left to right, as :attr:`rows` gives them.
    #[getter]
    fn cols(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        clue_lists(py, &self.puzzle, self.puzzle.columns())
    }

    /// Cells per row.
    #[getter]
    fn width(&self) -> usize {
        self.puzzle.width()
    }

    /// Cells per column.
    #[getter]
    fn height(&self) -> usize {
        self.puzzle.height()
    }

    /// The title its file or maker gave it, or None.
    #[getter]
    fn title(&self) -> Option<String> {
        self.puzzle.metadata.title.clone()
    }

    /// Who made it, as its file says, or None.
    #[getter]
    fn author(&self) -> Option<String> {
        self.puzzle.metadata.author.clone()
    }

    /// The palette: the background first, then each colour (black alone for black and white).
    #[getter]
    fn palette(&self) -> Vec<PyColour> {
        self.puzzle
            .palette()
            .entries()
            .map(|(_, c)| PyColour::of(c))
            .collect()
    }

    /// Whether the puzzle has more than one colour besides the background.
    #[getter]
    fn is_colour(&self) -> bool {
        !self.puzzle.is_black_and_white()
    }

    /// Whether it is a triangle puzzle: its palette is ``"triangles"`` (the background, black
    /// and the four half cells ``◢◤◥◣``, indices 2 to 5), and its runs may carry caps.
    #[getter]
    fn is_triangles(&self) -> bool {
        self.puzzle.is_triangles()
    }

    /// The picture its file or maker intended (``uint8``, as solutions are), or None. It is
    /// not checked against the clues: solve to know.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        self.puzzle
            .metadata
            .goal
            .as_ref()
            .map(|g| picture_array(py, g).into_any())
    }

    /// The puzzle in a file format (``non`` by default; :data:`WRITABLE_FORMATS` lists them).
    /// ``solution=False`` leaves its solution (the goal picture that ``non``, ``xml`` and
    /// ``json`` can hold) out, so that sharing the text does not share the answer, as
    /// ``nonogram convert --no-solution`` does; it is a ``ValueError`` for ``picture``, which
    /// is nothing but the solution.
    #[pyo3(signature = (format="non", *, solution=true))]
    fn to_string(&self, format: &str, solution: bool) -> PyResult<String> {
        let format = convert::write_format(format)?;
        let mut puzzle = [(*self.puzzle).clone()];
        if !solution {
            nonogram_formats::drop_solutions(&mut puzzle, format)
                .map_err(|e| value_error(format!("solution=False: {e}")))?;
        }
        nonogram_formats::write(&puzzle[0], format)
            .map_err(|e| value_error(format!("cannot write the puzzle as {}: {e}", format.name())))
    }

    /// Writes the puzzle to a file, whole or not at all, in ``format`` (by default the one its
    /// extension names). An existing file is never replaced unless ``force=True``: that is a
    /// ``FileExistsError``. ``solution=False`` leaves the solution out, as for
    /// :meth:`to_string`.
    #[pyo3(signature = (path, format=None, force=false, *, solution=true))]
    fn write(
        &self,
        path: PathBuf,
        format: Option<&str>,
        force: bool,
        solution: bool,
    ) -> PyResult<()> {
        let format = match format {
            Some(name) => convert::write_format(name)?,
            None => format_of_extension(&path)?,
        };
        let text = self.to_string(format.name(), solution)?;
        nonogram_formats::write_whole(&path, text.as_bytes(), force)
            .map_err(|e| write_error(&path, e))
    }

    /// Solves the puzzle, looking for up to ``solutions`` solutions (2 proves one unique).
    ///
    /// ``timeout`` is in seconds (None: no limit); ``engine`` is ``auto`` (search and
    /// learning together), ``search``, ``learn`` or ``sat``; ``threads`` is how many threads
    /// this one solve may use (0: one per core, at most 1024: on each a search in an order of
    /// its own, the first to finish answering); ``seed`` reorders the learner's first
    /// decisions, reproducibly. The GIL is released while solving, and Ctrl-C stops the
    /// solve and raises ``KeyboardInterrupt``. Returns a :class:`Result`.
    #[pyo3(signature = (solutions=2, timeout=None, engine="auto", threads=0, seed=0))]
    fn solve(
        slf: &Bound<'_, Self>,
        solutions: i64,
        timeout: Option<f64>,
        engine: &str,
        threads: i64,
        seed: u64,
    ) -> PyResult<PySolveResult> {
        let args = SolveArgs::new(solutions, timeout, engine, threads, seed)?;
        solve::solve(slf, &args)
    }

    /// Line solving alone, row and column sweeps to a fixpoint, as the notebook's solver does:
    /// the cells every solution shares that single lines reveal. Returns a
    /// :class:`Deduction`, its grid ``int8`` with -1 for unknown cells.
    #[pyo3(signature = (timeout=None))]
    fn deduce(slf: &Bound<'_, Self>, timeout: Option<f64>) -> PyResult<PyDeduction> {
        solve::deduce(slf, convert::seconds(timeout)?)
    }

    /// The solving process as steps a person can follow (a line's clue fixes cells, a probe
    /// contradicts, a guess) and the difficulty rating. Returns an :class:`Explanation`.
    #[pyo3(signature = (timeout=None))]
    fn explain(slf: &Bound<'_, Self>, timeout: Option<f64>) -> PyResult<PyExplanation> {
        explain::explain(slf, convert::seconds(timeout)?)
    }

    /// The next step from a partly solved grid, or what is wrong with it. ``grid`` is an
    /// array (-1 unknown, else 0 and 1, or palette indices) or text (rows of ``#``, ``.``,
    /// ``?``, or the palette's characters). Returns a :class:`Hint`.
    #[pyo3(signature = (grid, timeout=None))]
    fn hint(
        slf: &Bound<'_, Self>,
        grid: &Bound<'_, PyAny>,
        timeout: Option<f64>,
    ) -> PyResult<PyHint> {
        let partial = partial_grid(&slf.get().puzzle, grid)?;
        explain::hint(slf, partial, convert::seconds(timeout)?)
    }

    /// Whether a complete grid (an array or text, as :meth:`hint` takes) satisfies every clue.
    fn check(&self, grid: &Bound<'_, PyAny>) -> PyResult<bool> {
        let picture = complete_picture(&self.puzzle, grid)?;
        Ok(self.puzzle.is_solved_by(&picture))
    }

    /// The puzzle as text with its clues: ``style`` is ``book`` (clues above and to the left,
    /// as puzzle books print them), ``notebook`` (the seed notebook's layout: cells between
    /// bars, row clues after ``#``, column clues downwards below) or ``haskell``. ``grid`` (an
    /// array or text, as :meth:`hint` takes) fills the cells; without it they are ``?``.
    #[pyo3(signature = (grid=None, *, style="book", unicode=false))]
    fn to_text(
        &self,
        grid: Option<&Bound<'_, PyAny>>,
        style: &str,
        unicode: bool,
    ) -> PyResult<String> {
        match grid {
            Some(grid) => {
                let partial = partial_grid(&self.puzzle, grid)?;
                render::text(&self.puzzle, Drawn::Grid(&partial), &[], style, unicode)
            }
            None => render::text(&self.puzzle, Drawn::Blank, &[], style, unicode),
        }
    }

    /// An SVG drawing of the puzzle with its clues: blank, or with ``grid`` (an array or text)
    /// in its cells, unknown cells hatched. ``cell`` is the side of a cell in pixels.
    #[pyo3(signature = (grid=None, *, cell=20))]
    fn to_svg(&self, grid: Option<&Bound<'_, PyAny>>, cell: u32) -> PyResult<String> {
        match grid {
            Some(grid) => {
                let partial = partial_grid(&self.puzzle, grid)?;
                render::svg(&self.puzzle, Drawn::Grid(&partial), &[], cell)
            }
            None => render::svg(&self.puzzle, Drawn::Blank, &[], cell),
        }
    }

    /// A PNG image of the puzzle, as :meth:`to_svg` draws it.
    #[pyo3(signature = (grid=None, *, cell=20))]
    fn to_png<'py>(
        &self,
        py: Python<'py>,
        grid: Option<&Bound<'_, PyAny>>,
        cell: u32,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = match grid {
            Some(grid) => {
                let partial = partial_grid(&self.puzzle, grid)?;
                render::png(&self.puzzle, Drawn::Grid(&partial), &[], cell)?
            }
            None => render::png(&self.puzzle, Drawn::Blank, &[], cell)?,
        };
        Ok(PyBytes::new(py, &bytes))
    }

    /// The blank sheet with its clues, for notebooks.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.to_svg(None, 20)
    }

    fn __str__(&self) -> PyResult<String> {
        self.to_text(None, "book", false)
    }

    fn __repr__(&self) -> String {
        let p = &self.puzzle;
        let mut text = format!("<Puzzle {}x{}", p.width(), p.height());
        if !p.is_black_and_white() {
            text.push_str(&format!(", {} colours", p.palette().len() - 1));
        }
        match p.givens().len() {
            0 => {}
            1 => text.push_str(", 1 given"),
            n => text.push_str(&format!(", {n} givens")),
        }
        if let Some(title) = &p.metadata.title {
            text.push_str(&format!(" {title:?}"));
        }
        text.push('>');
        text
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyPuzzle>>()
            .is_ok_and(|o| o.puzzle == self.puzzle)
    }

    /// Pickling goes through the JSON format, which keeps the palette, title and goal.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, &str))> {
        let parse = py.import("nono")?.getattr("parse")?;
        let json = nonogram_formats::write(&self.puzzle, Format::Json)
            .map_err(|e| value_error(e.to_string()))?;
        Ok((parse, (json, "json")))
    }
}

/// `puzzle` giving the known cells of `givens` (an array or text, as [`partial_grid`] reads
/// grids), replacing any it gave.
fn with_givens(puzzle: Puzzle, givens: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
    let grid = partial_grid(&puzzle, givens)?;
    let mut cells = Vec::new();
    for row in 0..puzzle.height() {
        for col in 0..puzzle.width() {
            if let Some(colour) = grid.get(row, col).only() {
                cells.push(Given { row, col, colour });
            }
        }
    }
    puzzle
        .with_givens(cells)
        .map_err(|e| value_error(e.to_string()))
}

/// The format an output file's extension names (among the writable ones).
fn format_of_extension(path: &std::path::Path) -> PyResult<Format> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    ext.as_deref()
        .and_then(|ext| {
            Format::ALL
                .iter()
                .copied()
                .find(|f| f.is_writable() && f.extension() == ext && ext != "txt")
        })
        .ok_or_else(|| {
            value_error(format!(
                "cannot tell the format from the extension of {}; name it with format= (one \
                 of: {})",
                path.display(),
                nonogram_formats::format_names(Format::is_writable)
            ))
        })
}

/// The puzzle of a picture read by `picture::load`, the picture kept as its goal.
pub fn puzzle_of_picture(loaded: picture::Loaded, title: Option<String>) -> PyResult<Puzzle> {
    let mut puzzle = if loaded.palette.is_black_and_white() {
        Puzzle::from_picture(&loaded.picture)
    } else {
        Puzzle::from_coloured_picture(loaded.palette, &loaded.picture)
            .map_err(|e| value_error(e.to_string()))?
    };
    puzzle.metadata.goal = Some(loaded.picture);
    puzzle.metadata.title = title.or(loaded.title);
    Ok(puzzle)
}

/// The puzzles of a file or text, with the N-th picked (from 1) if asked.
fn pick(puzzles: Vec<Puzzle>, n: Option<i64>, source: &str) -> PyResult<Puzzle> {
    let total = puzzles.len();
    let index = match n {
        None => 0,
        Some(n) if n >= 1 && (n as u64) <= total as u64 => (n - 1) as usize,
        Some(n) => {
            return Err(value_error(format!(
                "{source}there is no puzzle {n}: the input holds {total} puzzle{}",
                if total == 1 { "" } else { "s" }
            )))
        }
    };
    Ok(puzzles.into_iter().nth(index).expect("checked above"))
}

fn read_puzzles(py: Python<'_>, path: &Path, format: Option<&str>) -> PyResult<Vec<Puzzle>> {
    let format = convert::read_format(format)?;
    let path = path.to_path_buf();
    // Reading is quick but files may be large: the GIL is released meanwhile.
    let never = AtomicBool::new(false);
    let read = interruptible(py, &never, move || {
        nonogram_formats::read_file(&path, format).map(|(_, puzzles)| puzzles)
    })?;
    read.map_err(|e| file_error(py, &e))
}

/// Reads the first puzzle of a file (or the ``puzzle``-th, counted from 1), in ``format`` if
/// given, else in the format recognised from its content and extension. Every format the
/// command line reads is read (:data:`FORMATS`). A file that is not a puzzle raises
/// :class:`ParseError` with its line and column.
#[pyfunction]
#[pyo3(signature = (path, format=None, puzzle=None))]
pub fn read(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
    puzzle: Option<i64>,
) -> PyResult<PyPuzzle> {
    let puzzles = read_puzzles(py, &path, format)?;
    let source = format!("{}: ", path.display());
    Ok(PyPuzzle::new_from(pick(puzzles, puzzle, &source)?))
}

/// Reads every puzzle of a file (tournament files, ``.non`` bundles, XML puzzle sets and JSON
/// arrays hold several), as :func:`read` does.
#[pyfunction]
#[pyo3(signature = (path, format=None))]
pub fn read_all(py: Python<'_>, path: PathBuf, format: Option<&str>) -> PyResult<Vec<PyPuzzle>> {
    let puzzles = read_puzzles(py, &path, format)?;
    Ok(puzzles.into_iter().map(PyPuzzle::new_from).collect())
}

fn parse_puzzles(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Vec<Puzzle>> {
    let format = convert::read_format(format)?;
    nonogram_formats::parse_auto(text, None, format)
        .map(|(_, puzzles)| puzzles)
        .map_err(|e| parse_error(py, None, &e))
}

/// Reads the first puzzle of some text (or the ``puzzle``-th, counted from 1), in ``format``
/// if given, else in the format recognised from the content.
#[pyfunction]
#[pyo3(signature = (text, format=None, puzzle=None))]
pub fn parse(
    py: Python<'_>,
    text: &str,
    format: Option<&str>,
    puzzle: Option<i64>,
) -> PyResult<PyPuzzle> {
    let puzzles = parse_puzzles(py, text, format)?;
    Ok(PyPuzzle::new_from(pick(puzzles, puzzle, "")?))
}

/// Reads every puzzle of some text, as :func:`parse` does.
#[pyfunction]
#[pyo3(signature = (text, format=None))]
pub fn parse_all(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Vec<PyPuzzle>> {
    let puzzles = parse_puzzles(py, text, format)?;
    Ok(puzzles.into_iter().map(PyPuzzle::new_from).collect())
}
