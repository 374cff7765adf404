//! Puzzles in and out: checking an R puzzle, reading files and text in every format the
//! command line reads, writing them back, and the benchmarks' random puzzles.

use std::path::PathBuf;

use extendr_api::prelude::*;

use nonogram_core::generate::{random_colour_set, random_set};
use nonogram_core::{Limits, Puzzle};
use nonogram_formats::{Format, WholeError};

use crate::args;
use crate::fail::{answer, Answer, Fail, Kind};
use crate::run::uncancellable;
use crate::values;
use nonogram_formats::format_names;

/// The puzzle checked and in its normal form (the list the other functions return).
/// @noRd
#[extendr]
fn rs_puzzle(puzzle: Robj) -> Robj {
    answer(|| Ok(values::puzzle_robj(&values::puzzle(&puzzle)?)))
}

/// The puzzle with other given cells (`NULL`: none).
/// @noRd
#[extendr]
fn rs_with_givens(puzzle: Robj, givens: Robj) -> Robj {
    answer(|| {
        let puzzle = values::puzzle(&puzzle)?;
        let puzzle = if givens.is_null() {
            puzzle
                .with_givens(Vec::new())
                .map_err(|e| Fail::value(e.to_string()))?
        } else {
            values::with_givens(puzzle, &givens)?
        };
        Ok(values::puzzle_robj(&puzzle))
    })
}

fn puzzle_list(puzzles: &[Puzzle]) -> Robj {
    List::from_values(puzzles.iter().map(values::puzzle_robj)).into()
}

/// Every puzzle of a file, in `format` or the one recognised from its content and name.
/// @noRd
#[extendr]
fn rs_read(path: Robj, format: Robj) -> Robj {
    answer(|| {
        let path = PathBuf::from(args::string(&path, "path")?);
        let format = args::read_format(&format)?;
        // Reading is quick, but files may be large: off R's thread, as every call.
        let read = uncancellable(move || {
            nonogram_formats::read_file(&path, format).map(|(_, puzzles)| puzzles)
        })?;
        let puzzles = read.map_err(|e| Fail::read(&e))?;
        Ok(puzzle_list(&puzzles))
    })
}

/// Every puzzle of some text.
/// @noRd
#[extendr]
fn rs_parse(text: Robj, format: Robj) -> Robj {
    answer(|| {
        let text = args::string(&text, "text")?;
        let format = args::read_format(&format)?;
        let (_, puzzles) =
            nonogram_formats::parse_auto(&text, None, format).map_err(|e| Fail::parse(None, &e))?;
        Ok(puzzle_list(&puzzles))
    })
}

/// The text of a puzzle in a format (`solution = FALSE` leaves the goal picture out).
fn text_of(puzzle: &Puzzle, format: Format, solution: bool) -> Answer<String> {
    let mut puzzle = [puzzle.clone()];
    if !solution {
        nonogram_formats::drop_solutions(&mut puzzle, format)
            .map_err(|e| Fail::value(format!("solution = FALSE: {e}")))?;
    }
    nonogram_formats::write(&puzzle[0], format)
        .map_err(|e| Fail::value(format!("cannot write the puzzle as {}: {e}", format.name())))
}

/// A puzzle as the text of a file format.
/// @noRd
#[extendr]
fn rs_format(puzzle: Robj, format: Robj, solution: Robj) -> Robj {
    answer(|| {
        let puzzle = values::puzzle(&puzzle)?;
        let format = args::write_format(&args::string(&format, "format")?)?;
        let solution = args::flag(&solution, "solution")?;
        Ok(text_of(&puzzle, format, solution)?.into())
    })
}

/// The format an output file's extension names (among the writable ones).
fn format_of_extension(path: &std::path::Path) -> Answer<Format> {
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
            Fail::value(format!(
                "cannot tell the format from the extension of {}; name it with format = (one \
                 of: {})",
                path.display(),
                format_names(Format::is_writable)
            ))
        })
}

/// Writes a puzzle to a file, whole or not at all, never replacing one unless `force`.
/// @noRd
#[extendr]
fn rs_write(puzzle: Robj, path: Robj, format: Robj, force: Robj, solution: Robj) -> Robj {
    answer(|| {
        let puzzle = values::puzzle(&puzzle)?;
        let path = PathBuf::from(args::string(&path, "path")?);
        let format = match args::opt_string(&format, "format")? {
            Some(name) => args::write_format(&name)?,
            None => format_of_extension(&path)?,
        };
        let force = args::flag(&force, "force")?;
        let solution = args::flag(&solution, "solution")?;
        let text = text_of(&puzzle, format, solution)?;
        nonogram_formats::write_whole(&path, text.as_bytes(), force).map_err(|e| {
            let kind = match e {
                WholeError::Exists => Kind::Exists,
                _ => Kind::File,
            };
            let message = match e {
                WholeError::Exists => {
                    "already exists; not overwriting it without force = TRUE".to_string()
                }
                other => other.to_string(),
            };
            Fail::file(kind, &path, format!("{}: {message}", path.display()))
        })?;
        Ok(().into())
    })
}

/// The formats: name, extension, writable, colour, several puzzles a file, givens,
/// description.
/// @noRd
#[extendr]
fn rs_formats() -> Robj {
    let all = Format::ALL;
    values::named(vec![
        (
            "name",
            all.iter().map(|f| f.name()).collect::<Vec<_>>().into(),
        ),
        (
            "extension",
            all.iter().map(|f| f.extension()).collect::<Vec<_>>().into(),
        ),
        (
            "writable",
            all.iter()
                .map(|f| f.is_writable())
                .collect::<Vec<_>>()
                .into(),
        ),
        (
            "colour",
            all.iter()
                .map(|f| f.can_hold_colour())
                .collect::<Vec<_>>()
                .into(),
        ),
        (
            "many",
            all.iter()
                .map(|f| f.can_hold_many())
                .collect::<Vec<_>>()
                .into(),
        ),
        (
            "givens",
            all.iter()
                .map(|f| f.can_hold_givens())
                .collect::<Vec<_>>()
                .into(),
        ),
        (
            "description",
            all.iter()
                .map(|f| f.description())
                .collect::<Vec<_>>()
                .into(),
        ),
    ])
}

/// The most puzzles one call of `random_puzzles` makes: a million 30×30 puzzles are about a
/// gigabyte of clues.
const MAX_RANDOM_PUZZLES: f64 = 1_000_000.0;

/// Seeded random puzzles, the benchmarks' (`nonogram-bench random`).
/// @noRd
#[extendr]
fn rs_random_puzzles(
    count: Robj,
    width: Robj,
    height: Robj,
    density: Robj,
    colours: Robj,
    seed: Robj,
) -> Robj {
    answer(|| {
        let side = Limits::DEFAULT.max_side as f64;
        let count = args::whole(&count, "count", 0.0, MAX_RANDOM_PUZZLES, " puzzles")? as usize;
        let width = args::whole(&width, "width", 1.0, side, " cells")? as usize;
        let height = args::whole(&height, "height", 1.0, side, " cells")? as usize;
        let seed = args::seed(&seed, "seed")?;
        nonogram_core::check_size(width, height, Limits::DEFAULT)
            .map_err(|e| Fail::value(e.to_string()))?;
        let density = args::number(&density, "density")?;
        if !(0.0..=1.0).contains(&density) {
            return Err(Fail::value(format!(
                "density = {} is out of range: give a probability from 0 to 1",
                args::show(density)
            )));
        }
        let most = nonogram_core::model::MAX_COLOURS as f64;
        let colours =
            args::whole(&colours, "colours", 1.0, most, " (1 is black and white)")? as usize;
        let puzzles = if colours == 1 {
            random_set(seed, count, width, height, density)
        } else {
            random_colour_set(seed, count, width, height, colours, density)
        };
        Ok(puzzle_list(&puzzles))
    })
}

extendr_module! {
    mod puzzle;
    fn rs_puzzle;
    fn rs_with_givens;
    fn rs_read;
    fn rs_parse;
    fn rs_format;
    fn rs_write;
    fn rs_formats;
    fn rs_random_puzzles;
}
