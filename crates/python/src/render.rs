//! Drawings of a puzzle with a grid: text in the three layouts of `nonogram render`, SVG (what
//! a notebook shows through `_repr_svg_`) and PNG, all by `nonogram-render`.

use pyo3::prelude::*;

use nonogram_core::{Cells, Puzzle};
use nonogram_render::{
    render_haskell, render_notebook, CellStyle, Charset, PngRenderer, SheetOptions, SvgRenderer,
    TextRendererBuilder, TextStyle,
};

use crate::errors::value_error;

/// What to draw in the cells: a grid (a solution or a partial grid), or nothing (a blank
/// sheet with the clues).
pub enum Drawn<'a> {
    Grid(&'a dyn Cells),
    Blank,
}

/// Text with the clues: `style` is `book` (clues above and to the left, as puzzle books print
/// them), `notebook` (the seed notebook's `parrayclues`) or `haskell`; `unicode` draws the book
/// style with block characters. Cells in `marked` are drawn apart (the book style).
pub fn text(
    puzzle: &Puzzle,
    drawn: Drawn<'_>,
    marked: &[(usize, usize)],
    style: &str,
    unicode: bool,
) -> PyResult<String> {
    let style = TextStyle::from_name(style).ok_or_else(|| {
        value_error(format!(
            "unknown style '{style}' (use book, haskell or notebook)"
        ))
    })?;
    if unicode && style != TextStyle::Book {
        return Err(value_error(
            "unicode=True draws the book style; the haskell and notebook styles are ASCII",
        ));
    }
    let blank = nonogram_core::CellRows::unknown(puzzle.width(), puzzle.height());
    let cells: &dyn Cells = match drawn {
        Drawn::Grid(cells) => cells,
        Drawn::Blank => &blank,
    };
    Ok(match style {
        TextStyle::Haskell => render_haskell(puzzle, cells),
        TextStyle::Notebook => render_notebook(puzzle, cells),
        TextStyle::Book => {
            let charset = if unicode {
                Charset::Unicode
            } else {
                Charset::Ascii
            };
            TextRendererBuilder::new()
                .charset(charset)
                .build()
                .render_marked(puzzle, cells, marked)
        }
    })
}

/// The sheet options of a drawing: `cell` pixels a cell (8 to 200, as `--cell`).
fn sheet(cell: u32, blank: bool) -> PyResult<SheetOptions> {
    if !(8..=200).contains(&cell) {
        return Err(value_error(format!(
            "cell={cell} is out of range: give 8 to 200 pixels"
        )));
    }
    Ok(SheetOptions {
        cell,
        style: if blank {
            CellStyle::Blank
        } else {
            CellStyle::Solution
        },
        ..SheetOptions::default()
    })
}

/// An SVG document.
pub fn svg(
    puzzle: &Puzzle,
    drawn: Drawn<'_>,
    marked: &[(usize, usize)],
    cell: u32,
) -> PyResult<String> {
    let blank = nonogram_core::CellRows::unknown(puzzle.width(), puzzle.height());
    let (cells, options): (&dyn Cells, _) = match drawn {
        Drawn::Grid(cells) => (cells, sheet(cell, false)?),
        Drawn::Blank => (&blank, sheet(cell, true)?),
    };
    Ok(SvgRenderer::new(options).render_marked(puzzle, cells, marked))
}

/// A PNG image.
pub fn png(
    puzzle: &Puzzle,
    drawn: Drawn<'_>,
    marked: &[(usize, usize)],
    cell: u32,
) -> PyResult<Vec<u8>> {
    let blank = nonogram_core::CellRows::unknown(puzzle.width(), puzzle.height());
    let (cells, options): (&dyn Cells, _) = match drawn {
        Drawn::Grid(cells) => (cells, sheet(cell, false)?),
        Drawn::Blank => (&blank, sheet(cell, true)?),
    };
    PngRenderer::new(options)
        .render_marked(puzzle, cells, marked)
        .map_err(|e| value_error(e.to_string()))
}
