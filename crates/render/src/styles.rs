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
//! Unknown cells are `?` in both (the notebook's `que`). Where the seeds print nothing for an
//! empty line we print `0`, as everywhere else in the toolkit; and where the Haskell code pads a
//! missing column number with one space (misaligning the columns after it), we pad with two.

use std::fmt;

use nonogram_model::{Cell, Puzzle};

use crate::Cells;

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

fn numbers(runs: Option<&[u32]>) -> Vec<String> {
    match runs {
        Some(r) if !r.is_empty() => r.iter().map(u32::to_string).collect(),
        _ => vec!["0".to_string()],
    }
}

/// The cells of row `r` between bars, with `filled` for filled cells.
fn barred_row(cells: &dyn Cells, r: usize, filled: char) -> String {
    let mut out = String::from("|");
    for c in 0..cells.width() {
        out.push(match cells.cell(r, c) {
            Cell::Filled => filled,
            Cell::Empty => '_',
            Cell::Unknown => '?',
        });
        out.push('|');
    }
    out
}

/// The HaskellWiki layout (`showGrid`), every line ending in `\n`.
pub fn render_haskell(puzzle: &Puzzle, cells: &dyn Cells) -> String {
    let mut out = String::new();
    for r in 0..cells.height() {
        out.push_str(&barred_row(cells, r, 'X'));
        out.push(' ');
        out.push_str(&numbers(puzzle.rows().get(r).map(|c| c.runs())).join(" "));
        out.push('\n');
    }
    let columns: Vec<Vec<String>> = (0..cells.width())
        .map(|c| numbers(puzzle.columns().get(c).map(|k| k.runs())))
        .collect();
    let depth = columns.iter().map(Vec::len).max().unwrap_or(0);
    for line in 0..depth {
        let mut text = String::new();
        for column in &columns {
            match column.get(line) {
                Some(n) => text.push_str(&format!("{n:>2}")),
                None => text.push_str("  "),
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

/// The notebook layout (`parrayclues`), every line ending in `\n`.
pub fn render_notebook(puzzle: &Puzzle, cells: &dyn Cells) -> String {
    let mut out = String::new();
    for r in 0..cells.height() {
        out.push_str(&barred_row(cells, r, '#'));
        out.push_str(" # ");
        out.push_str(&numbers(puzzle.rows().get(r).map(|c| c.runs())).join(" "));
        out.push('\n');
    }
    // Each column's clue as the notebook builds it: '#', then the numbers joined by spaces, read
    // downwards one character per line, under the cell (odd positions of the barred row).
    let columns: Vec<Vec<char>> = (0..cells.width())
        .map(|c| {
            let text = format!(
                "#{}",
                numbers(puzzle.columns().get(c).map(|k| k.runs())).join(" ")
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
