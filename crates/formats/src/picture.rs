//! A picture drawn as text: the puzzle is the one whose solution it is.
//!
//! Each line is a row of cells: `#`, `X`, `x`, `1`, `*` or `█` for a filled cell, `.`, `_`, `0`
//! or `·` for an empty one. Blanks between cells are ignored, so `# . #` and `#.#` are the same
//! row; blank lines before and after the picture are ignored too, but not between rows. All rows
//! must be equally long. The clues are derived from the picture, which is also kept as the
//! puzzle's goal. Writing needs that goal and prints it with `#` and `.`.
//!
//! A picture that draws any of the half cells `◢◤◥◣` is a triangle puzzle's
//! (`nonogram_model::triangle`): its clues carry caps, and it is written back with them.

use nonogram_model::{triangle, ColourId, Palette, Picture, Puzzle};

use crate::error::{ParseError, Pos};
use crate::scan;

/// The cell a character draws, if it draws one.
pub(crate) fn cell(c: char) -> Option<bool> {
    match c {
        '#' | 'X' | 'x' | '1' | '*' | '█' | '■' => Some(true),
        '.' | '_' | '0' | '·' | '□' => Some(false),
        _ => None,
    }
}

/// Whether a character draws one of the half cells `◢◤◥◣` of a triangle puzzle.
pub(crate) fn is_half(c: char) -> bool {
    triangle::TRIANGLES.iter().any(|t| t.1 == c)
}

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    // Blank lines before and after the picture are layout. Blank lines after a row are held
    // back until the next row shows whether they were inside the picture (an error, reported
    // by `parse_rows` at the first of them) or after it.
    let mut started = false;
    let mut held: Option<(usize, &str)> = None;
    let rows = scan::lines(text).filter_map(|(n, line)| {
        if line.trim().is_empty() {
            if started && held.is_none() {
                held = Some((n, line));
            }
            return None;
        }
        started = true;
        Some(match held.take() {
            Some(blank) => vec![blank, (n, line)],
            None => vec![(n, line)],
        })
    });
    let picture = parse_cells(rows.flatten(), true)?;
    let has_halves = (0..picture.height())
        .any(|r| (0..picture.width()).any(|c| triangle::is_triangle(picture.colour(r, c))));
    let mut puzzle = if has_halves {
        Puzzle::from_coloured_picture(Palette::triangles(), &picture)
            .map_err(|e| ParseError::syntax(Pos::START, e.to_string()))?
    } else {
        Puzzle::from_picture(&picture)
    };
    puzzle.metadata.goal = Some(picture);
    Ok(puzzle)
}

/// Reads rows of black and white cells, each with its line number. The size is checked row by
/// row, so a huge drawing is refused before it is stored.
pub(crate) fn parse_rows<'a>(
    rows: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Picture, ParseError> {
    parse_cells(rows, false)
}

/// [`parse_rows`], reading the half cells `◢◤◥◣` too where `halves` allows them.
fn parse_cells<'a>(
    rows: impl Iterator<Item = (usize, &'a str)>,
    halves: bool,
) -> Result<Picture, ParseError> {
    let half = |c: char| {
        triangle::TRIANGLES
            .iter()
            .find(|t| t.1 == c)
            .map(|t| t.0)
            .filter(|_| halves)
    };
    let mut cells: Vec<Vec<ColourId>> = Vec::new();
    let mut width = None;
    for (n, line) in rows {
        let mut row = Vec::new();
        for (i, (at, c)) in line.char_indices().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            let filled = match cell(c) {
                Some(true) => Some(ColourId::BLACK),
                Some(false) => Some(ColourId::BACKGROUND),
                None => half(c),
            };
            let filled = filled.ok_or_else(|| {
                ParseError::syntax(
                    Pos::new(n, i + 1),
                    format!(
                        "unexpected {} in a picture; use `#` for filled and `.` for empty cells",
                        scan::quote(&line[at..at + c.len_utf8()])
                    ),
                )
            })?;
            row.push(filled);
            scan::checked_size(row.len(), cells.len() + 1, Pos::new(n, i + 1))?;
        }
        if row.is_empty() {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                "empty row in the picture",
            ));
        }
        match width {
            None => width = Some(row.len()),
            Some(w) if w != row.len() => {
                return Err(ParseError::syntax(
                    Pos::new(n, 1),
                    format!("this row has {} cells but the first row has {w}", row.len()),
                ));
            }
            Some(_) => {}
        }
        cells.push(row);
    }
    Picture::from_colour_rows(&cells)
        .ok_or_else(|| ParseError::syntax(Pos::START, "the picture has no rows"))
}

/// The goal of `puzzle` drawn with `#` and `.`, and in a triangle puzzle `◢◤◥◣`.
pub(crate) fn write(puzzle: &Puzzle, goal: &Picture) -> String {
    let mut out = String::with_capacity((goal.width() + 1) * goal.height());
    let rows = if puzzle.is_triangles() {
        goal.row_strings_in(puzzle.palette())
    } else {
        goal.row_strings()
    };
    for row in rows {
        out.push_str(&row);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::Clue;

    #[test]
    fn half_cells_make_a_triangle_puzzle_written_back_as_drawn() {
        let p = parse("◢#◣\n◥#◤\n..#\n").unwrap();
        assert!(p.is_triangles());
        assert_eq!(
            p.rows()
                .iter()
                .map(|clue| triangle::run_notations(clue).join(" "))
                .collect::<Vec<_>>(),
            ["/3\\", "\\3/", "1"]
        );
        assert_eq!(
            write(&p, p.metadata.goal.as_ref().unwrap()),
            "◢#◣\n◥#◤\n..#\n"
        );
        // Plain pictures stay black and white; the JSON goal reader takes no half cells.
        assert!(parse("#.\n.#").unwrap().is_black_and_white());
        let err = parse_rows([(1, "◢#")].into_iter()).unwrap_err();
        assert!(err.to_string().contains("unexpected `◢`"), "{err}");
    }

    #[test]
    fn alphabets_and_spacing() {
        for text in [
            "#.#\n##.\n",
            "\n X _ X \n X X _\n\n",
            "1 0 1\r\n1 1 0\r\n",
            "█·█\n██·",
        ] {
            let p = parse(text).unwrap();
            assert_eq!(p.rows(), &[Clue::new([1, 1]), Clue::new([2])], "{text:?}");
            assert_eq!(write(&p, p.metadata.goal.as_ref().unwrap()), "#.#\n##.\n");
        }
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("", (1, 1), "no rows"),
            (
                "#.\n#\n",
                (2, 1),
                "this row has 1 cells but the first row has 2",
            ),
            ("#.\n\n#.\n", (2, 1), "empty row"),
            ("#.\n#?\n", (2, 2), "unexpected `?`"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
        let wide = "#".repeat(5000);
        assert!(parse(&wide).unwrap_err().to_string().contains("too large"));
    }
}
