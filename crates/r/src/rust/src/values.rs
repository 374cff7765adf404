//! R values to the engine's and back: puzzles as lists of clue vectors, grids as matrices.
//!
//! A puzzle crosses as the list the R package's readers know, `row_clues` and `col_clues`
//! (each a list of integer vectors, top to bottom and left to right), and the fields that only
//! some puzzles have: `title`, `author`, `palette` (colour puzzles: a list of `name`, `rgb` and
//! `symbol`, the background first), `goal` (the intended picture) and `givens` (cells the
//! puzzle gives). In a colour puzzle a clue's runs are named by their colours,
//! `c(red = 2, blue = 1)`. A triangle puzzle's palette is the string `"triangles"` and its
//! clues are character vectors, each run as Olšák's `.g` files write it (`"/4\\"` is a run of
//! four cells capped by a half cell at both ends, `"2"` a plain one); integer vectors are read
//! as plain runs there too. The R code checks the types (numbers, lists); this module checks
//! the values, in the command line's words, and builds the engine's validated `Puzzle`.
//!
//! Grids are integer matrices, rows by columns (R stores them column by column): a picture
//! holds 0 and 1, or palette indices in colour (0 the background); a partial grid holds `NA`
//! where a cell is unknown. Text grids (rows of `#`, `.` and `?`, or the palette's characters)
//! are read by the formats crate.

use std::collections::HashMap;

use extendr_api::prelude::*;

use nonogram_core::model::triangle;
use nonogram_core::{
    Axis, Cells, Clue, ColourId, ColourSet, Given, Palette, PartialGrid, Picture, Puzzle, Rgb, Run,
};

use crate::args::describe;
use crate::fail::{null_or, Answer, Fail};

/// R's `NA_integer_`.
pub const NA: i32 = i32::MIN;

/// The fields of a named list, by name (unnamed fields are left out).
pub fn fields(value: &Robj, what: &str) -> Answer<HashMap<String, Robj>> {
    let list = value
        .as_list()
        .ok_or_else(|| Fail::value(format!("{what} must be a list, not {}", describe(value))))?;
    Ok(list
        .iter()
        .filter(|(name, _)| !name.is_empty() && *name != "NA")
        .map(|(name, value)| (name.to_string(), value))
        .collect())
}

/// An R puzzle (see the module documentation) as the engine's puzzle.
pub fn puzzle(value: &Robj) -> Answer<Puzzle> {
    let fields = fields(value, "a puzzle")?;
    let get = |name: &str| fields.get(name).cloned().unwrap_or_else(|| ().into());
    let palette = match fields.get("palette").filter(|p| !p.is_null()) {
        Some(p) => palette(p)?,
        None => Palette::black_and_white(),
    };
    for name in ["row_clues", "col_clues"] {
        if !fields.contains_key(name) {
            return Err(Fail::value(format!(
                "a puzzle is a list with row_clues and col_clues; this one has no {name}"
            )));
        }
    }
    let rows = clues(&get("row_clues"), &palette, "row")?;
    let cols = clues(&get("col_clues"), &palette, "column")?;
    let mut puzzle =
        Puzzle::with_palette(palette, rows, cols).map_err(|e| Fail::value(e.to_string()))?;
    puzzle.metadata.title = text_field(&get("title"), "title")?;
    puzzle.metadata.author = text_field(&get("author"), "author")?;
    let goal = get("goal");
    if !goal.is_null() {
        puzzle.metadata.goal = Some(picture(&goal, &puzzle, "the goal")?);
    }
    let givens = get("givens");
    if !givens.is_null() {
        puzzle = with_givens(puzzle, &givens)?;
    }
    Ok(puzzle)
}

/// `puzzle` giving the known cells of `givens` (a partial grid), replacing any it gave.
pub fn with_givens(puzzle: Puzzle, givens: &Robj) -> Answer<Puzzle> {
    let grid = partial_grid(&puzzle, givens, "givens")?;
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
        .map_err(|e| Fail::value(e.to_string()))
}

fn text_field(value: &Robj, name: &str) -> Answer<Option<String>> {
    if value.is_null() {
        return Ok(None);
    }
    match value.as_str() {
        Some(s) if value.len() == 1 && !value.is_na() => Ok(Some(s.to_string())),
        _ => Err(Fail::value(format!(
            "a puzzle's {name} must be one string, not {}",
            describe(value)
        ))),
    }
}

/// A palette from `list(name, rgb, symbol)` (a data frame is one), the background first (a
/// symbol may be `NA`, then one is chosen), or the string `"triangles"`, the triangle palette.
pub fn palette(value: &Robj) -> Answer<Palette> {
    if value.is_string() {
        return match value.as_str() {
            Some("triangles") => Ok(Palette::triangles()),
            _ => Err(Fail::value(format!(
                "a palette is a list of name, rgb and symbol, or \"triangles\", not {}",
                describe(value)
            ))),
        };
    }
    let fields = fields(value, "a palette")?;
    let strings = |name: &str| -> Answer<Vec<Option<String>>> {
        let Some(column) = fields.get(name) else {
            return Ok(Vec::new());
        };
        if column.is_null() {
            return Ok(Vec::new());
        }
        if !matches!(column.rtype(), Rtype::Strings | Rtype::Logicals) {
            return Err(Fail::value(format!(
                "a palette's {name} must be strings, not {}",
                describe(column)
            )));
        }
        // `NA` (a missing symbol) comes as the text "NA"; a column of logical NAs has none.
        Ok(match column.as_str_vector() {
            Some(texts) => texts
                .into_iter()
                .map(|s| (s != "NA" && !s.is_empty()).then(|| s.to_string()))
                .collect(),
            None => vec![None; column.len()],
        })
    };
    let names = strings("name")?;
    let rgbs = strings("rgb")?;
    let symbols = strings("symbol")?;
    if names.len() < 2 {
        return Err(Fail::value(
            "a palette needs its background and at least one colour (name, rgb and symbol, the \
             background first)",
        ));
    }
    if rgbs.len() != names.len() || !(symbols.is_empty() || symbols.len() == names.len()) {
        return Err(Fail::value(format!(
            "a palette's name, rgb and symbol have as many entries each; these have {}, {} and {}",
            names.len(),
            rgbs.len(),
            symbols.len()
        )));
    }
    let mut entries: Vec<(String, Rgb, Option<char>)> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let name = name
            .clone()
            .ok_or_else(|| Fail::value(format!("palette entry {} has no name", i + 1)))?;
        let rgb_text = rgbs[i].clone().unwrap_or_default();
        let rgb = nonogram_formats::parse_colour(&rgb_text).ok_or_else(|| {
            Fail::value(format!(
                "'{rgb_text}' is not a colour (use #rrggbb, 'r, g, b' or a CSS colour name)"
            ))
        })?;
        let symbol = match symbols.get(i).cloned().flatten() {
            None => None,
            Some(s) => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Some(c),
                    _ => {
                        return Err(Fail::value(format!(
                            "a colour's symbol is one character, not \"{s}\""
                        )))
                    }
                }
            }
        };
        entries.push((name, rgb, symbol));
    }
    let (background, colours) = entries.split_first().expect("two entries or more");
    let colours: Vec<(&str, Rgb, Option<char>)> = colours
        .iter()
        .map(|(n, rgb, s)| (n.as_str(), *rgb, *s))
        .collect();
    nonogram_formats::build_palette((&background.0, background.1), &colours).map_err(Fail::value)
}

/// The clues of one axis: a list of integer vectors, named by colour in a colour puzzle; in a
/// triangle puzzle, character vectors of runs as `.g` writes them.
fn clues(value: &Robj, palette: &Palette, axis: &str) -> Answer<Vec<Clue>> {
    let list = value.as_list().ok_or_else(|| {
        Fail::value(format!(
            "the {axis} clues must be a list of integer vectors, not {}",
            describe(value)
        ))
    })?;
    let mut clues = Vec::with_capacity(list.len());
    for (i, clue) in list.values().enumerate() {
        let line = format!("{axis} {}", i + 1);
        if palette.is_triangles() && clue.is_string() {
            let axis = if axis == "row" {
                Axis::Row
            } else {
                Axis::Column
            };
            clues.push(triangle_clue(&clue, axis, &line)?);
            continue;
        }
        let lengths: Vec<i32> = if clue.is_null() {
            Vec::new()
        } else if let Some(s) = clue.as_integer_slice() {
            s.to_vec()
        } else {
            return Err(Fail::value(format!(
                "the clue of {line} is not a vector of run lengths: {}",
                describe(&clue)
            )));
        };
        let names: Option<Vec<String>> = clue
            .names()
            .map(|names| names.map(str::to_string).collect());
        let mut runs = Vec::with_capacity(lengths.len());
        for (j, &n) in lengths.iter().enumerate() {
            if n == NA || n < 0 {
                return Err(Fail::value(format!(
                    "{line} has a run of {} cells: lengths are 0 or more",
                    if n == NA {
                        "NA".to_string()
                    } else {
                        n.to_string()
                    }
                )));
            }
            let colour = match names.as_ref().map(|names| names[j].as_str()) {
                Some(name) if !name.is_empty() && name != "NA" => {
                    colour_named(palette, name, &line)?
                }
                // A triangle puzzle's runs are black; whole numbers are plain runs there.
                _ if palette.is_black_and_white() || palette.is_triangles() => ColourId::BLACK,
                _ => {
                    return Err(Fail::value(format!(
                        "a run of {line} has no colour: in a colour puzzle each run is named by \
                         its colour, as in c(red = 2, blue = 1)"
                    )))
                }
            };
            runs.push(Run::new(n as u32, colour));
        }
        // `0` is the empty clue, as the puzzle strings and many formats write it.
        if let [run] = runs[..] {
            if run.len == 0 {
                runs.clear();
            }
        }
        if runs.iter().any(|r| r.len == 0) {
            return Err(Fail::value(format!(
                "the clue of {line} has a run of 0 cells: runs are 1 cell or longer (an empty \
                 line is 0 or integer(0))"
            )));
        }
        clues.push(Clue::coloured(runs));
    }
    Ok(clues)
}

/// A triangle puzzle's clue from its runs written as `.g` writes them (`"/4\\"`, `"2"`); `"0"`
/// or no runs for an empty line.
fn triangle_clue(clue: &Robj, axis: Axis, line: &str) -> Answer<Clue> {
    let texts = clue.as_str_vector().unwrap_or_default();
    if let [only] = texts[..] {
        if only.trim() == "0" {
            return Ok(Clue::empty());
        }
    }
    let mut runs = Vec::with_capacity(texts.len());
    for text in texts {
        if text == "NA" {
            return Err(Fail::value(format!("the clue of {line} has an NA run")));
        }
        runs.push(triangle::parse_run(axis, text).ok_or_else(|| {
            Fail::value(format!(
                "the clue of {line} has the run \"{text}\", which is not a length from 1 up with \
                 at most one cap (/ or \\) on either side that faces the run (as in \"/4\\\\\", \
                 \"3/\" or \"2\")"
            ))
        })?);
    }
    Ok(Clue::capped(runs))
}

/// A colour of the palette by name or symbol.
fn colour_named(palette: &Palette, name: &str, line: &str) -> Answer<ColourId> {
    let mut chars = name.chars();
    let by_symbol = match (chars.next(), chars.next()) {
        (Some(c), None) => palette.by_symbol(c),
        _ => None,
    };
    palette.find(name).or(by_symbol).ok_or_else(|| {
        let names: Vec<&str> = palette.colours().map(|(_, c)| c.name.as_str()).collect();
        Fail::value(format!(
            "a run of {line} has colour '{name}', which the palette lacks (its colours: {})",
            names.join(", ")
        ))
    })
}

/// The R form of a puzzle: `list(row_clues, col_clues)` and the fields it has (see the
/// module documentation). The R code adds the class and makes the palette a data frame.
pub fn puzzle_robj(puzzle: &Puzzle) -> Robj {
    let mut names: Vec<&str> = vec!["row_clues", "col_clues"];
    let mut values: Vec<Robj> = vec![
        clue_list(puzzle, puzzle.rows()),
        clue_list(puzzle, puzzle.columns()),
    ];
    let meta = &puzzle.metadata;
    if let Some(title) = &meta.title {
        names.push("title");
        values.push(title.as_str().into());
    }
    if let Some(author) = &meta.author {
        names.push("author");
        values.push(author.as_str().into());
    }
    if puzzle.is_triangles() {
        names.push("palette");
        values.push("triangles".into());
    } else if !puzzle.is_black_and_white() {
        names.push("palette");
        values.push(palette_robj(puzzle.palette()));
    }
    if let Some(goal) = &meta.goal {
        names.push("goal");
        values.push(picture_matrix(goal));
    }
    if !puzzle.givens().is_empty() {
        names.push("givens");
        values.push(partial_matrix(&puzzle.given_grid()));
    }
    List::from_names_and_values(names, values)
        .expect("as many names as values")
        .into()
}

/// A palette as `list(name, rgb, symbol)`.
pub fn palette_robj(palette: &Palette) -> Robj {
    let entries: Vec<_> = palette.entries().map(|(_, c)| c).collect();
    let names: Vec<&str> = entries.iter().map(|c| c.name.as_str()).collect();
    let rgbs: Vec<String> = entries.iter().map(|c| c.rgb.to_string()).collect();
    let symbols: Vec<String> = entries.iter().map(|c| c.symbol.to_string()).collect();
    List::from_names_and_values(
        ["name", "rgb", "symbol"],
        [Robj::from(names), Robj::from(rgbs), Robj::from(symbols)],
    )
    .expect("three names, three values")
    .into()
}

/// An axis's clues: a list of integer vectors, each named by its colours in colour.
pub fn clue_list(puzzle: &Puzzle, clues: &[Clue]) -> Robj {
    let values: Vec<Robj> = clues.iter().map(|c| clue_robj(puzzle, c)).collect();
    List::from_values(values).into()
}

/// One clue: its run lengths (named by colour in a colour puzzle; in a triangle puzzle its runs
/// as `.g` writes them, `"/4\\"`); `0` for an empty line, as the R package writes it.
pub fn clue_robj(puzzle: &Puzzle, clue: &Clue) -> Robj {
    if clue.is_empty() {
        return Robj::from(0i32);
    }
    if puzzle.is_triangles() {
        return Robj::from(triangle::run_notations(clue));
    }
    let lengths: Vec<i32> = clue.iter().map(|r| r.len as i32).collect();
    let mut robj = Robj::from(lengths);
    if !puzzle.is_black_and_white() {
        let palette = puzzle.palette();
        let names: Vec<&str> = clue
            .iter()
            .map(|r| palette.colour(r.colour).name.as_str())
            .collect();
        robj.set_names(names).expect("as many names as runs");
    }
    robj
}

/// An integer matrix of `height` rows and `width` columns from values in row order.
pub fn int_matrix(height: usize, width: usize, by_rows: impl Fn(usize, usize) -> i32) -> Robj {
    let mut values = Vec::with_capacity(width * height);
    for c in 0..width {
        for r in 0..height {
            values.push(by_rows(r, c));
        }
    }
    let mut robj = Robj::from(values);
    robj.set_attrib("dim", [height as i32, width as i32])
        .expect("a vector takes dimensions");
    robj
}

/// A picture as an integer matrix: 0 and 1, or palette indices.
pub fn picture_matrix(picture: &Picture) -> Robj {
    int_matrix(picture.height(), picture.width(), |r, c| {
        picture.colour(r, c).index() as i32
    })
}

/// A partial grid as an integer matrix, `NA` where a cell is unknown.
pub fn partial_matrix(grid: &PartialGrid) -> Robj {
    int_matrix(grid.height(), grid.width(), |r, c| {
        grid.get(r, c).only().map_or(NA, |id| id.index() as i32)
    })
}

/// An array's dimensions (none for a plain vector).
pub fn dims(value: &Robj) -> Option<Vec<i32>> {
    value
        .get_attrib("dim")
        .and_then(|d| d.as_integer_slice().map(<[i32]>::to_vec))
}

/// The shape of an integer matrix and its values in R's order (column by column).
pub fn matrix_parts<'a>(value: &'a Robj, what: &str) -> Answer<(usize, usize, &'a [i32])> {
    let dim = dims(value);
    let values = value.as_integer_slice();
    match (dim.as_deref(), values) {
        (Some(&[h, w]), Some(values)) => Ok((h as usize, w as usize, values)),
        _ => Err(Fail::value(format!(
            "{what} must be a matrix (rows by columns) of integers, or text, not {}",
            describe(value)
        ))),
    }
}

/// A partial grid for `puzzle`: an integer matrix (`NA` unknown, else a palette index: 0 and 1
/// in black and white) or text (rows of `#`, `.`, `?`, or the palette's characters).
pub fn partial_grid(puzzle: &Puzzle, value: &Robj, what: &str) -> Answer<PartialGrid> {
    if let Some(text) = value
        .as_str()
        .filter(|_| value.len() == 1 && !value.is_na())
    {
        return if puzzle.is_black_and_white() {
            let rows = nonogram_formats::grid::parse_grid(text, puzzle)
                .map_err(|e| Fail::parse(None, &e))?;
            Ok(PartialGrid::from_cells(&rows))
        } else {
            nonogram_formats::grid::parse_colour_grid(text, puzzle)
                .map_err(|e| Fail::parse(None, &e))
        };
    }
    let (height, width, values) = matrix_parts(value, what)?;
    if (height, width) != (puzzle.height(), puzzle.width()) {
        return Err(Fail::value(format!(
            "{what} is {height} rows by {width} columns but the puzzle is {} by {}",
            puzzle.height(),
            puzzle.width()
        )));
    }
    let entries = puzzle.palette().len();
    let mut grid = PartialGrid::unknown(width, height, entries);
    for c in 0..width {
        for r in 0..height {
            let v = values[c * height + r];
            let options = match v {
                NA => puzzle.palette().all(),
                v if v >= 0 && (v as usize) < entries => {
                    ColourSet::single(ColourId::new(v as usize).expect("a palette index"))
                }
                _ => {
                    return Err(Fail::value(format!(
                        "row {}, column {} of {what} holds {v}: use NA (unknown) or a palette \
                         index from 0 to {}",
                        r + 1,
                        c + 1,
                        entries - 1
                    )))
                }
            };
            grid.set(r, c, options);
        }
    }
    Ok(grid)
}

/// A complete picture for `puzzle` (no unknown cell), as [`partial_grid`] reads grids.
pub fn picture(value: &Robj, puzzle: &Puzzle, what: &str) -> Answer<Picture> {
    partial_grid(puzzle, value, what)?
        .to_picture()
        .ok_or_else(|| Fail::value(format!("{what} has unknown cells; a picture has none")))
}

/// `(row, col)` pairs from 0 as a data frame's columns, counted from 1 as R counts.
pub fn cell_frame(cells: &[(usize, usize)]) -> Robj {
    let rows: Vec<i32> = cells.iter().map(|&(r, _)| r as i32 + 1).collect();
    let cols: Vec<i32> = cells.iter().map(|&(_, c)| c as i32 + 1).collect();
    List::from_names_and_values(["row", "col"], [Robj::from(rows), Robj::from(cols)])
        .expect("two names, two values")
        .into()
}

/// A named list from pairs.
pub fn named(pairs: Vec<(&str, Robj)>) -> Robj {
    let (names, values): (Vec<&str>, Vec<Robj>) = pairs.into_iter().unzip();
    List::from_names_and_values(names, values)
        .expect("as many names as values")
        .into()
}

/// `NULL` or the value (re-exported for the modules' convenience).
pub fn opt<T: Into<Robj>>(value: Option<T>) -> Robj {
    null_or(value)
}

/// A whole number for R: an integer when it fits, else a double.
pub fn count(n: usize) -> Robj {
    match i32::try_from(n) {
        Ok(i) => i.into(),
        Err(_) => (n as f64).into(),
    }
}
