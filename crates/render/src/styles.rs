//! The two text layouts of the seed documents, besides the puzzle-book layout of
//! [`crate::TextRenderer`]:
//!
//! - [`TextStyle::Haskell`], the HaskellWiki solver's `showGrid`: every cell between bars
//!   (`|X|_|`), the row clue to the right of its row, the column clues below the grid, one
//!   number per line, each two characters wide under its cell.
//! - [`TextStyle::Notebook`], the Python notebook's `parrayclues`/`pforces`: cells between bars
//!   (`|#|_|`), `# 2 1` after each row, and below the grid a `#` under every column followed by
//!   the column clue written downwards, one character per line (so `12` takes two lines, as in
//!   the notebook).
//!
//! Unknown cells are `?` in both (the notebook's `que`). A cell the puzzle gives shows its given
//! value even in a blank grid, but has no mark of its own: a cell between bars has room for one
//! character, and the seeds had no givens ([`crate::TextRenderer`] marks them). Where the seeds print nothing for an
//! empty line we print `0`, as everywhere else in the toolkit; and where the Haskell code pads a
//! missing column number with one space (misaligning the columns after it), we pad with two.
//!
//! Neither seed knows colour puzzles; we draw them in the same layouts, each known cell with its
//! colour's character (`|r|g|_|`, the background staying `_`) and each clue number followed by
//! its run's character (`2r 1g`, as [`Clue::display`] writes it). The HaskellWiki layout's
//! column clues have two characters a number, so there each number stands above its run's
//! character, on a line of their own, rather than beside it.

use std::fmt;

use nonogram_model::{Cell, Clue, Palette, Puzzle};

use crate::{Cells, WithGivens};

/// A text layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TextStyle {
    /// Clues above and to the left, as puzzle books print them ([`crate::TextRenderer`]).
    #[default]
    Book,
    /// The HaskellWiki layout.
    Haskell,
    /// The Python notebook's layout.
    Notebook,
}

impl TextStyle {
    /// Every style, the default first.
    pub const ALL: [TextStyle; 3] = [TextStyle::Book, TextStyle::Haskell, TextStyle::Notebook];

    /// `book`, `haskell` or `notebook`.
    pub fn name(self) -> &'static str {
        match self {
            TextStyle::Book => "book",
            TextStyle::Haskell => "haskell",
            TextStyle::Notebook => "notebook",
        }
    }

    /// The style with this name.
    pub fn from_name(name: &str) -> Option<TextStyle> {
        TextStyle::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for TextStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The numbers of a clue, each with its colour's character in a colour puzzle; `0` for an
/// empty line.
fn runs(clue: Option<&Clue>, palette: &Palette) -> Vec<(String, Option<char>)> {
    match clue {
        Some(clue) if !clue.is_empty() && palette.is_triangles() => (0..clue.len())
            .map(|i| (crate::capped_run(clue, i), None))
            .collect(),
        Some(clue) if !clue.is_empty() => clue
            .iter()
            .map(|run| {
                let symbol = palette
                    .get(run.colour)
                    .filter(|_| !palette.is_black_and_white())
                    .map(|e| e.symbol);
                (run.len.to_string(), symbol)
            })
            .collect(),
        _ => vec![("0".to_string(), None)],
    }
}

/// The numbers of a clue, each followed by its colour's character in a colour puzzle (`2r`).
fn numbers(clue: Option<&Clue>, palette: &Palette) -> Vec<String> {
    runs(clue, palette)
        .into_iter()
        .map(|(n, symbol)| match symbol {
            Some(s) => format!("{n}{s}"),
            None => n,
        })
        .collect()
}

/// The cells of row `r` between bars, with `filled` for filled cells of a black-and-white
/// puzzle and the colour's character for a colour puzzle's.
fn barred_row(cells: &dyn Cells, r: usize, filled: char, palette: &Palette) -> String {
    let mut out = String::from("|");
    for c in 0..cells.width() {
        out.push(if palette.is_black_and_white() {
            match cells.cell(r, c) {
                Cell::Filled => filled,
                Cell::Empty => '_',
                Cell::Unknown => '?',
            }
        } else {
            let options = cells.options(r, c);
            match options.only() {
                Some(id) if id.is_background() => '_',
                Some(id) => palette.get(id).map_or('?', |e| e.symbol),
                None if options.is_empty() => '!',
                None => '?',
            }
        });
        out.push('|');
    }
    out
}

/// The HaskellWiki layout (`showGrid`), every line ending in `\n`.
pub fn render_haskell(puzzle: &Puzzle, cells: &dyn Cells) -> String {
    let cells = &WithGivens::new(puzzle, cells);
    let mut out = String::new();
    for r in 0..cells.height() {
        out.push_str(&barred_row(cells, r, 'X', puzzle.palette()));
        out.push(' ');
        out.push_str(&numbers(puzzle.rows().get(r), puzzle.palette()).join(" "));
        out.push('\n');
    }
    let columns: Vec<Vec<(String, Option<char>)>> = (0..cells.width())
        .map(|c| runs(puzzle.columns().get(c), puzzle.palette()))
        .collect();
    let depth = columns.iter().map(Vec::len).max().unwrap_or(0);
    // In a colour puzzle, a second text line under each line of numbers holds their characters.
    let symbol_lines = usize::from(!puzzle.palette().is_black_and_white());
    for line in 0..depth {
        for symbols in 0..=symbol_lines {
            let mut text = String::new();
            for column in &columns {
                match column.get(line) {
                    Some((n, _)) if symbols == 0 => text.push_str(&format!("{n:>2}")),
                    Some((_, Some(s))) => text.push_str(&format!("{s:>2}")),
                    _ => text.push_str("  "),
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
    }
    out
}

/// The notebook layout (`parrayclues`), every line ending in `\n`.
pub fn render_notebook(puzzle: &Puzzle, cells: &dyn Cells) -> String {
    let cells = &WithGivens::new(puzzle, cells);
    let mut out = String::new();
    for r in 0..cells.height() {
        out.push_str(&barred_row(cells, r, '#', puzzle.palette()));
        out.push_str(" # ");
        out.push_str(&numbers(puzzle.rows().get(r), puzzle.palette()).join(" "));
        out.push('\n');
    }
    // Each column's clue as the notebook builds it: '#', then the numbers joined by spaces, read
    // downwards one character per line, under the cell (odd positions of the barred row).
    let columns: Vec<Vec<char>> = (0..cells.width())
        .map(|c| {
            let text = format!(
                "#{}",
                numbers(puzzle.columns().get(c), puzzle.palette()).join(" ")
            );
            text.chars().collect()
        })
        .collect();
    let depth = columns.iter().map(Vec::len).max().unwrap_or(0);
    for line in 0..depth {
        let mut text = String::from(" ");
        for column in &columns {
            text.push(column.get(line).copied().unwrap_or(' '));
            text.push(' ');
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::{CellRows, Picture};

    fn smallex() -> (Puzzle, Picture) {
        let rows = ["01110", "11010", "01110", "00110", "00111"];
        let picture = Picture::from_rows(
            &rows
                .iter()
                .map(|r| r.chars().map(|c| c == '1').collect())
                .collect::<Vec<_>>(),
        )
        .unwrap();
        (Puzzle::from_picture(&picture), picture)
    }

    #[test]
    fn haskell_layout() {
        let (puzzle, picture) = smallex();
        let text = render_haskell(&puzzle, &picture);
        let expected = "\
|_|X|X|X|_| 3
|X|X|_|X|_| 2 1
|_|X|X|X|_| 3
|_|_|X|X|_| 2
|_|_|X|X|X| 3
 1 3 1 5 1
     3
";
        assert_eq!(text, expected);
    }

    #[test]
    fn notebook_layout_writes_column_clues_downwards() {
        let (puzzle, picture) = smallex();
        let text = render_notebook(&puzzle, &picture);
        let expected = "\
|_|#|#|#|_| # 3
|#|#|_|#|_| # 2 1
|_|#|#|#|_| # 3
|_|_|#|#|_| # 2
|_|_|#|#|#| # 3
 # # # # #
 1 3 1 5 1

     3
";
        assert_eq!(text, expected);
        let partial = render_notebook(&puzzle, &CellRows::unknown(5, 5));
        assert!(partial.starts_with("|?|?|?|?|?| # 3\n"), "{partial}");
    }

    #[test]
    fn names() {
        for style in TextStyle::ALL {
            assert_eq!(TextStyle::from_name(style.name()), Some(style));
        }
        assert_eq!(TextStyle::from_name("fancy"), None);
    }
}
