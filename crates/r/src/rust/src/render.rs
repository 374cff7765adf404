//! Drawings by the render crate: text in the command line's three layouts, SVG and PNG, of a
//! puzzle with a grid in its cells (or blank), cells where solutions differ marked.

use extendr_api::prelude::*;

use nonogram_core::{CellRows, Cells, PartialGrid, Puzzle};
use nonogram_render::{
    render_haskell, render_notebook, CellStyle, Charset, PngRenderer, SheetOptions, SvgRenderer,
    TextRendererBuilder, TextStyle,
};

use crate::args;
use crate::fail::{answer, Answer, Fail};
use crate::values;

/// The sheet options of a drawing: `cell` pixels a cell (8 to 200, as `--cell`).
fn sheet(cell: &Robj, blank: bool) -> Answer<SheetOptions> {
    let cell = args::whole(cell, "cell", 8.0, 200.0, " pixels")? as u32;
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

/// The cells in `marked` (a list of `row` and `col` from 1), checked against the puzzle.
fn marked_cells(puzzle: &Puzzle, marked: &Robj) -> Answer<Vec<(usize, usize)>> {
    if marked.is_null() {
        return Ok(Vec::new());
    }
    let fields = values::fields(marked, "marked")?;
    let column = |name: &str| -> Answer<Vec<i32>> {
        fields
            .get(name)
            .and_then(|c| c.as_integer_slice().map(<[i32]>::to_vec))
            .ok_or_else(|| Fail::value("marked must be a data frame of row and col (from 1)"))
    };
    let (rows, cols) = (column("row")?, column("col")?);
    rows.iter()
        .zip(&cols)
        .map(|(&r, &c)| {
            if r >= 1 && c >= 1 && (r as usize) <= puzzle.height() && (c as usize) <= puzzle.width()
            {
                Ok((r as usize - 1, c as usize - 1))
            } else {
                Err(Fail::value(format!(
                    "marked cell ({r}, {c}) is outside the {} by {} puzzle",
                    puzzle.height(),
                    puzzle.width()
                )))
            }
        })
        .collect()
}

/// Draws a puzzle: `format` `text` (with `style` `book`, `notebook` or `haskell`, `unicode`
/// blocks for the book style), `svg` or `png` (a raw vector), with `grid` in its cells (`NULL`:
/// the blank sheet) and the `marked` cells framed.
/// @noRd
#[extendr]
#[allow(clippy::too_many_arguments)]
fn rs_render(
    puzzle: Robj,
    grid: Robj,
    format: Robj,
    style: Robj,
    unicode: Robj,
    cell: Robj,
    marked: Robj,
) -> Robj {
    answer(|| {
        let puzzle = values::puzzle(&puzzle)?;
        let grid: Option<PartialGrid> = if grid.is_null() {
            None
        } else {
            Some(values::partial_grid(&puzzle, &grid, "the grid")?)
        };
        let marked = marked_cells(&puzzle, &marked)?;
        let blank = CellRows::unknown(puzzle.width(), puzzle.height());
        let cells: &dyn Cells = match &grid {
            Some(grid) => grid,
            None => &blank,
        };
        let format = args::string(&format, "format")?;
        match format.as_str() {
            "text" => {
                let style_name = args::string(&style, "style")?;
                let style = TextStyle::from_name(&style_name).ok_or_else(|| {
                    Fail::value(format!(
                        "unknown style '{style_name}' (use book, haskell or notebook)"
                    ))
                })?;
                let unicode = args::flag(&unicode, "unicode")?;
                if unicode && style != TextStyle::Book {
                    return Err(Fail::value(
                        "unicode = TRUE draws the book style; the haskell and notebook styles are \
                         ASCII",
                    ));
                }
                Ok(match style {
                    TextStyle::Haskell => render_haskell(&puzzle, cells),
                    TextStyle::Notebook => render_notebook(&puzzle, cells),
                    TextStyle::Book => TextRendererBuilder::new()
                        .charset(if unicode {
                            Charset::Unicode
                        } else {
                            Charset::Ascii
                        })
                        .build()
                        .render_marked(&puzzle, cells, &marked),
                }
                .into())
            }
            "svg" => {
                let options = sheet(&cell, grid.is_none())?;
                Ok(SvgRenderer::new(options)
                    .render_marked(&puzzle, cells, &marked)
                    .into())
            }
            "png" => {
                let options = sheet(&cell, grid.is_none())?;
                let bytes = PngRenderer::new(options)
                    .render_marked(&puzzle, cells, &marked)
                    .map_err(|e| Fail::value(e.to_string()))?;
                Ok(Raw::from_bytes(&bytes).into())
            }
            other => Err(Fail::value(format!(
                "unknown drawing format '{other}' (use text, svg or png)"
            ))),
        }
    })
}

extendr_module! {
    mod render;
    fn rs_render;
}
