//! Partly solved grids as people write them: one line per row, a character per cell.
//!
//! For a black-and-white puzzle a cell is `#` (filled), `.` (empty) or `?` (unknown); the other
//! characters of the picture format are read too (`X`, `x`, `1`, `*`, `█`, `■` filled; `_`,
//! `0`, `·`, `□` empty). For a colour puzzle a cell is the character of a palette entry (`.` for
//! the background) or `?`. Blanks between cells and blank lines are ignored; lines may end with
//! `\n`, `\r\n` or a lone `\r`. The grid must have the puzzle's size, and every error names the
//! line and column it concerns.
//!
//! [`parse_known`] reads one line of known cells, such as the `--known` of `nonogram patterns`.

use nonogram_model::{Cell, CellRows, ColourSet, Palette, PartialGrid, Puzzle};

use crate::error::{ParseError, Pos};
use crate::picture;
use crate::scan;

/// The cell a character stands for in a black-and-white grid.
pub fn cell_of(c: char) -> Option<Cell> {
    match c {
        '?' => Some(Cell::Unknown),
        c => picture::cell(c).map(|filled| if filled { Cell::Filled } else { Cell::Empty }),
    }
}

/// The character of a cell: `#`, `.` or `?`.
pub fn symbol_of(cell: Cell) -> char {
    cell.symbol()
}

/// Reads one line of known cells of a black-and-white line (`??#?..????`). Blanks are ignored;
/// an error is at line 1 and the column of the bad character.
pub fn parse_known(line: &str) -> Result<Vec<Cell>, ParseError> {
    let line = line.trim_end_matches(['\n', '\r']);
    cells_of_line(1, line, &mut |c| cell_of(c), EXPECTED_BW)
}

const EXPECTED_BW: &str = "expected `#` (filled), `.` (empty) or `?` (unknown)";

fn cells_of_line<T>(
    n: usize,
    line: &str,
    read: &mut dyn FnMut(char) -> Option<T>,
    expected: &str,
) -> Result<Vec<T>, ParseError> {
    let mut out = Vec::new();
    for (i, c) in line.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        let cell = read(c).ok_or_else(|| {
            ParseError::syntax(
                Pos::new(n, i + 1),
                format!("{expected}, found {}", scan::quote(&c.to_string())),
            )
        })?;
        out.push(cell);
    }
    Ok(out)
}

/// The non-blank rows of a grid, read cell by cell and checked against the puzzle's size.
fn rows_of<T>(
    text: &str,
    puzzle: &Puzzle,
    read: &mut dyn FnMut(char) -> Option<T>,
    expected: &str,
) -> Result<Vec<Vec<T>>, ParseError> {
    let text = scan::line_ends(text);
    let mut rows = Vec::new();
    for (n, line) in scan::lines(&text) {
        if line.trim().is_empty() {
            continue;
        }
        if rows.len() == puzzle.height() {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                format!(
                    "the grid has more rows than the puzzle's {}",
                    puzzle.height()
                ),
            ));
        }
        let row = cells_of_line(n, line, read, expected)?;
        if row.len() != puzzle.width() {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                format!(
                    "row {} of the grid has {} cells but the puzzle has {} columns",
                    rows.len() + 1,
                    row.len(),
                    puzzle.width()
                ),
            ));
        }
        rows.push(row);
    }
    if rows.len() != puzzle.height() {
        let end = scan::lines(&text).count() + 1;
        return Err(ParseError::syntax(
            Pos::new(end, 1),
            format!(
                "the grid has {} rows but the puzzle has {}",
                rows.len(),
                puzzle.height()
            ),
        ));
    }
    Ok(rows)
}

/// Reads a partial grid of a black-and-white puzzle. A colour puzzle's grid is read with
/// [`parse_colour_grid`].
pub fn parse_grid(text: &str, puzzle: &Puzzle) -> Result<CellRows, ParseError> {
    let rows = rows_of(text, puzzle, &mut |c| cell_of(c), EXPECTED_BW)?;
    Ok(CellRows::new(rows).expect("rows of the puzzle's non-zero size"))
}

/// Reads a partial grid of any puzzle, colour or not: a cell is the character of one of the
/// palette's entries, or `?` for any of them. For a black-and-white puzzle the characters of
/// [`parse_grid`] are read too.
pub fn parse_colour_grid(text: &str, puzzle: &Puzzle) -> Result<PartialGrid, ParseError> {
    let palette = puzzle.palette();
    let bw = palette.is_black_and_white();
    let mut read = |c: char| colour_cell(palette, bw, c);
    let symbols: Vec<String> = palette
        .entries()
        .map(|(_, e)| format!("`{}`", e.symbol))
        .collect();
    let expected = format!("expected {} or `?` (unknown)", symbols.join(", "));
    let rows = rows_of(text, puzzle, &mut read, &expected)?;
    Ok(PartialGrid::new(rows).expect("rows of the puzzle's non-zero size"))
}

fn colour_cell(palette: &Palette, bw: bool, c: char) -> Option<ColourSet> {
    if c == '?' {
        return Some(palette.all());
    }
    if let Some(id) = palette.by_symbol(c) {
        return Some(ColourSet::single(id));
    }
    if bw {
        return cell_of(c).map(Cell::options);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::{Cells, Clue, Colour, ColourId, Rgb, Run};

    fn puzzle(width: usize, height: usize) -> Puzzle {
        Puzzle::new(vec![Clue::empty(); height], vec![Clue::empty(); width]).unwrap()
    }

    #[test]
    fn known_lines() {
        use Cell::{Empty as E, Filled as F, Unknown as U};
        let cases: &[(&str, Result<Vec<Cell>, &str>)] = &[
            ("??#?..", Ok(vec![U, U, F, U, E, E])),
            ("# . ?", Ok(vec![F, E, U])),
            ("X_1", Ok(vec![F, E, F])),
            ("", Ok(vec![])),
            ("#a", Err("line 1, column 2: expected `#` (filled), `.` (empty) or `?` (unknown), found `a`")),
        ];
        for (text, want) in cases {
            let got = parse_known(text).map_err(|e| e.to_string());
            assert_eq!(got, want.clone().map_err(str::to_owned), "{text:?}");
        }
        assert_eq!(symbol_of(Cell::Filled), '#');
    }

    #[test]
    fn grids() {
        let p = puzzle(3, 2);
        for text in [
            "#.?\n.#.\n",
            "\n#.?\r\n\r\n.#.",
            "#.?\r.#.\r",
            "# . ?\n. # .\n\n",
        ] {
            let g = parse_grid(text, &p).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(
                (g.get(0, 0), g.get(0, 2), g.get(1, 1)),
                (Cell::Filled, Cell::Unknown, Cell::Filled),
                "{text:?}"
            );
        }
        let cases: &[(&str, &str)] = &[
            (
                "#.?\n.x.\n",
                "line 2, column 2: expected `#` (filled), `.` (empty) or `?` (unknown), found `x`",
            ),
            (
                "#.?\n.a.\n",
                "line 2, column 2: expected `#` (filled), `.` (empty) or `?` (unknown), found `a`",
            ),
            (
                "#.?\n",
                "line 2, column 1: the grid has 1 rows but the puzzle has 2",
            ),
            (
                "#.?\n...\n...\n",
                "line 3, column 1: the grid has more rows than the puzzle's 2",
            ),
            (
                "#.?\n..\n",
                "line 2, column 1: row 2 of the grid has 2 cells but the puzzle has 3 columns",
            ),
        ];
        for (text, want) in cases {
            // `x` is a filled cell in the picture alphabet: only the second case fails at `a`.
            match parse_grid(text, &p) {
                Ok(_) => assert!(text.contains('x'), "{text:?} should fail"),
                Err(e) => assert_eq!(e.to_string(), *want, "{text:?}"),
            }
        }
    }

    #[test]
    fn colour_grids() {
        let palette = Palette::new(
            Colour::new("white", Rgb::WHITE, '.'),
            vec![
                Colour::new("red", Rgb::new(255, 0, 0), 'r'),
                Colour::new("blue", Rgb::new(0, 0, 255), 'b'),
            ],
        )
        .unwrap();
        let (r, b) = (ColourId::new(1).unwrap(), ColourId::new(2).unwrap());
        let p = Puzzle::with_palette(
            palette,
            vec![Clue::coloured([Run::new(1, r), Run::new(1, b)])],
            vec![
                Clue::coloured([Run::new(1, r)]),
                Clue::coloured([Run::new(1, b)]),
            ],
        )
        .unwrap();
        let g = parse_colour_grid("r?\n", &p).unwrap();
        assert_eq!(g.options(0, 0), ColourSet::single(r));
        assert_eq!(g.options(0, 1), ColourSet::all(3));
        let e = parse_colour_grid("r#\n", &p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 2: expected `.`, `r`, `b` or `?` (unknown), found `#`"
        );
        // A black-and-white puzzle's colour grid reads the usual characters.
        let g = parse_colour_grid("#.?\n.X.\n", &puzzle(3, 2)).unwrap();
        assert_eq!(g.cell(1, 1), Cell::Filled);
    }
}
