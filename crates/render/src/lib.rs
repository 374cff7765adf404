//! `nonogram-render`: text pictures of nonograms, laid out the way puzzle books print them.
//!
//! The column clues stand above the grid, one number per text line and aligned at the bottom, so
//! the last run of every column sits just above its first cell; the row clues stand to the left,
//! aligned on the right. The grid itself can hold a solved [`Picture`] or a partial [`Grid`] (any
//! [`Cells`]); unknown cells show as `?`.
//!
//! This crate only builds strings. Whether the terminal understands Unicode or colour is the
//! caller's business: the `nonogram` binary decides (from `IsTerminal`) and tells the renderer
//! through [`TextRendererBuilder`]. Keeping that decision out of here keeps the output of a given
//! configuration deterministic, which the golden-file tests rely on.
//!
//! ```
//! use nonogram_model::{Picture, Puzzle};
//! use nonogram_render::TextRendererBuilder;
//!
//! let picture = Picture::from_rows(&[vec![true, false], vec![true, true]]).unwrap();
//! let puzzle = Puzzle::from_picture(&picture);
//! let text = TextRendererBuilder::new().build().render(&puzzle, &picture);
//! let lines: Vec<&str> = text.lines().collect();
//! assert_eq!(lines, ["    2 1", "  +----", "1 | # .", "2 | # #"]);
//! ```

pub mod png;
mod sheet;
pub mod styles;
pub mod svg;

pub use png::{PngError, PngRenderer};
pub use sheet::{CellStyle, SheetOptions};
pub use styles::{render_haskell, render_notebook, TextStyle};
pub use svg::SvgRenderer;

use std::fmt::Write as _;

pub use nonogram_model::Cells;
use nonogram_model::{Cell, Puzzle};

/// The characters a renderer draws with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Charset {
    /// `#` filled, `.` empty, `?` unknown; marked cells `X` (filled) and `o` (empty); the frame
    /// drawn with `+`, `-` and `|`. Safe for files, pipes and any terminal.
    #[default]
    Ascii,
    /// `█` filled (the whole cell, so pictures look solid), `·` empty, `?` unknown; marked cells
    /// `▓` (filled) and `░` (empty); the frame drawn with box-drawing characters.
    Unicode,
}

impl Charset {
    /// The glyph of a cell and whether it fills the whole cell width (solid blocks do; dots and
    /// letters stand alone at the right of the cell, under the last digit of the clue above).
    fn glyph(self, cell: Cell, marked: bool) -> (char, bool) {
        match (self, cell, marked) {
            (Charset::Ascii, Cell::Filled, false) => ('#', false),
            (Charset::Ascii, Cell::Filled, true) => ('X', false),
            (Charset::Ascii, Cell::Empty, false) => ('.', false),
            (Charset::Ascii, Cell::Empty, true) => ('o', false),
            (Charset::Unicode, Cell::Filled, false) => ('█', true),
            (Charset::Unicode, Cell::Filled, true) => ('▓', true),
            (Charset::Unicode, Cell::Empty, false) => ('·', false),
            (Charset::Unicode, Cell::Empty, true) => ('░', false),
            (_, Cell::Unknown, _) => ('?', false),
        }
    }

    /// The frame: vertical bar, horizontal bar, top-left corner.
    fn frame(self) -> (char, char, char) {
        match self {
            Charset::Ascii => ('|', '-', '+'),
            Charset::Unicode => ('│', '─', '┌'),
        }
    }
}

/// ANSI escapes used when colour is on. Kept to the basic sixteen-colour set, which every
/// terminal that claims colour at all understands.
const MARK_COLOUR: &str = "\x1b[1;31m";
const UNKNOWN_COLOUR: &str = "\x1b[2m";
const CLUE_COLOUR: &str = "\x1b[36m";
const RESET: &str = "\x1b[0m";

/// Configures a [`TextRenderer`]. Every setting has a default chosen for plain-text output.
#[derive(Clone, Debug)]
pub struct TextRendererBuilder {
    renderer: TextRenderer,
}

impl Default for TextRendererBuilder {
    fn default() -> TextRendererBuilder {
        TextRendererBuilder::new()
    }
}

impl TextRendererBuilder {
    /// A builder with every setting at its default.
    pub fn new() -> TextRendererBuilder {
        TextRendererBuilder {
            renderer: TextRenderer {
                charset: Charset::Ascii,
                clues: true,
                colour: false,
                true_colour: false,
            },
        }
    }

    /// The characters to draw with. Default: [`Charset::Ascii`].
    pub fn charset(&mut self, charset: Charset) -> &mut TextRendererBuilder {
        self.renderer.charset = charset;
        self
    }

    /// Whether to print the clues above and to the left of the grid, with a frame between.
    /// Default: true. Without clues the grid is printed alone, one text line per row; in ASCII
    /// each cell is then one character, so a picture reads exactly like the JSON output's rows.
    pub fn clues(&mut self, yes: bool) -> &mut TextRendererBuilder {
        self.renderer.clues = yes;
        self
    }

    /// Whether to colour clues, unknown and marked cells with ANSI escapes. Default: false.
    /// Marked cells stay distinguishable without colour, by their glyph.
    pub fn colour(&mut self, yes: bool) -> &mut TextRendererBuilder {
        self.renderer.colour = yes;
        self
    }

    /// Whether colour output (see [`TextRendererBuilder::colour`]) may use 24-bit ANSI colours,
    /// which draw a colour puzzle's cells and clues in their own RGB. Default: false. Has no
    /// effect without colour, nor on black-and-white puzzles.
    pub fn true_colour(&mut self, yes: bool) -> &mut TextRendererBuilder {
        self.renderer.true_colour = yes;
        self
    }

    /// The configured renderer.
    pub fn build(&self) -> TextRenderer {
        self.renderer.clone()
    }
}

/// Renders puzzles with their cells as text. Build one with [`TextRendererBuilder`]; it holds
/// only its settings, so it is cheap to clone and to reuse for many puzzles.
#[derive(Clone, Debug)]
pub struct TextRenderer {
    charset: Charset,
    clues: bool,
    colour: bool,
    true_colour: bool,
}

impl TextRenderer {
    /// `cells` with `puzzle`'s clues around them, every line ending in `\n`.
    ///
    /// The puzzle supplies only the clues. If its size differs from that of `cells` (a caller's
    /// mistake), the cells decide the shape and missing clues print as empty.
    pub fn render(&self, puzzle: &Puzzle, cells: &dyn Cells) -> String {
        self.render_marked(puzzle, cells, &[])
    }

    /// Like [`TextRenderer::render`], but draws the cells at `marked` (`(row, col)`, 0-based)
    /// with the marked glyphs and, with colour on, in red: used to show where two solutions of
    /// the same puzzle differ. Positions outside the grid are ignored.
    pub fn render_marked(
        &self,
        puzzle: &Puzzle,
        cells: &dyn Cells,
        marked: &[(usize, usize)],
    ) -> String {
        let (width, height) = (cells.width(), cells.height());
        let mut is_marked = vec![false; if marked.is_empty() { 0 } else { width * height }];
        for &(r, c) in marked {
            if r < height && c < width {
                is_marked[r * width + c] = true;
            }
        }
        let marked_at = |r: usize, c: usize| !is_marked.is_empty() && is_marked[r * width + c];

        if !self.clues {
            let mut out = String::new();
            for r in 0..height {
                for c in 0..width {
                    let cw = if self.charset == Charset::Ascii { 1 } else { 2 };
                    self.push_cell(&mut out, cells.cell(r, c), marked_at(r, c), cw);
                }
                out.push('\n');
            }
            return out;
        }

        let empty = Vec::new();
        let column_clues: Vec<Vec<String>> = (0..width)
            .map(|c| clue_numbers(puzzle.columns().get(c).map_or(&empty[..], |k| k.runs())))
            .collect();
        let row_clues: Vec<String> = (0..height)
            .map(|r| clue_numbers(puzzle.rows().get(r).map_or(&empty[..], |k| k.runs())).join(" "))
            .collect();

        // Every column is as wide as the widest number over any column, plus one space, so that
        // numbers never touch and the grid stays square-ish: a terminal cell is about twice as
        // tall as it is wide, and two characters per cell make up for it.
        let widest_number = column_clues
            .iter()
            .flatten()
            .map(|n| n.len())
            .max()
            .unwrap_or(1);
        let cw = widest_number + 1;
        let rw = row_clues
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1);
        let header_lines = column_clues.iter().map(Vec::len).max().unwrap_or(1);
        let (bar, rule, corner) = self.charset.frame();

        let mut out = String::new();
        for line in 0..header_lines {
            let mut text = " ".repeat(rw + 2);
            for numbers in &column_clues {
                // Bottom-aligned: a column with k numbers starts at header line `header_lines - k`.
                let first = header_lines - numbers.len();
                match line.checked_sub(first) {
                    Some(i) => self.push_clue(&mut text, &format!("{:>cw$}", numbers[i])),
                    None => text.push_str(&" ".repeat(cw)),
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{}{corner}{}",
            " ".repeat(rw + 1),
            rule.to_string().repeat(width * cw)
        );
        for (r, clue) in row_clues.iter().enumerate() {
            let mut text = String::new();
            self.push_clue(&mut text, &format!("{clue:>rw$}"));
            text.push(' ');
            text.push(bar);
            for c in 0..width {
                self.push_cell(&mut text, cells.cell(r, c), marked_at(r, c), cw);
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }

    fn push_clue(&self, out: &mut String, text: &str) {
        if self.colour && !text.trim().is_empty() {
            let _ = write!(out, "{CLUE_COLOUR}{text}{RESET}");
        } else {
            out.push_str(text);
        }
    }

    /// One cell, `cw` characters wide.
    fn push_cell(&self, out: &mut String, cell: Cell, marked: bool, cw: usize) {
        let (glyph, solid) = self.charset.glyph(cell, marked);
        let text = if solid {
            glyph.to_string().repeat(cw)
        } else {
            format!("{glyph:>cw$}")
        };
        let colour = match (self.colour, marked, cell) {
            (false, _, _) => None,
            (true, true, _) => Some(MARK_COLOUR),
            (true, false, Cell::Unknown) => Some(UNKNOWN_COLOUR),
            (true, false, _) => None,
        };
        match colour {
            Some(code) => {
                let _ = write!(out, "{code}{text}{RESET}");
            }
            None => out.push_str(&text),
        }
    }
}

/// The numbers of a clue as strings; `0` for an empty line, as puzzle books print it.
fn clue_numbers(runs: &[u32]) -> Vec<String> {
    if runs.is_empty() {
        vec!["0".to_string()]
    } else {
        runs.iter().map(u32::to_string).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::Clue;
    use nonogram_model::{CellRows, Picture};

    /// The notebook's 5x5 example (`smallex`): row and column clues of mixed lengths.
    fn smallex() -> (Puzzle, Picture) {
        let picture =
            Picture::from_strings(&["..###", "##.#.", ".###.", ".##..", "###.."]).unwrap();
        (Puzzle::from_picture(&picture), picture)
    }

    #[test]
    fn ascii_with_clues_matches_the_book_layout() {
        let (puzzle, picture) = smallex();
        let text = TextRendererBuilder::new().build().render(&puzzle, &picture);
        let expected = [
            "      1   1",
            "      1 4 3 3 1",
            "    +----------",
            "  3 | . . # # #",
            "2 1 | # # . # .",
            "  3 | . # # # .",
            "  2 | . # # . .",
            "  3 | # # # . .",
        ];
        assert_eq!(text.lines().collect::<Vec<_>>(), expected);
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn long_row_clues_widen_the_left_margin_only() {
        // A full first row of 10 and one cell below it: column clues stay one digit wide.
        let mut columns = vec![Clue::new([1]); 10];
        columns[0] = Clue::new([2]);
        let puzzle = Puzzle::new(vec![Clue::new([10]), Clue::new([1])], columns).unwrap();
        let text = TextRendererBuilder::new()
            .build()
            .render(&puzzle, &CellRows::unknown(10, 2));
        assert_eq!(text.lines().nth(2).unwrap(), "10 | ? ? ? ? ? ? ? ? ? ?");
        assert_eq!(text.lines().nth(3).unwrap(), " 1 | ? ? ? ? ? ? ? ? ? ?");
    }

    #[test]
    fn two_digit_column_clues_widen_every_column() {
        let picture = Picture::from_rows(&vec![vec![true, false]; 12]).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let text = TextRendererBuilder::new().build().render(&puzzle, &picture);
        assert_eq!(text.lines().next().unwrap(), "    12  0");
        assert_eq!(text.lines().nth(1).unwrap(), "  +------");
        assert_eq!(text.lines().nth(2).unwrap(), "1 |  #  .");
    }

    #[test]
    fn unknown_and_marked_cells() {
        let (puzzle, picture) = smallex();
        let renderer = TextRendererBuilder::new().clues(false).build();
        let text = renderer.render_marked(&puzzle, &picture, &[(0, 0), (0, 2), (9, 9)]);
        assert_eq!(text.lines().next().unwrap(), "o.X##");
        let grid = CellRows::unknown(5, 5);
        assert_eq!(
            renderer.render(&puzzle, &grid).lines().next().unwrap(),
            "?????"
        );
    }

    #[test]
    fn unicode_blocks_fill_the_cell() {
        let (puzzle, picture) = smallex();
        let renderer = TextRendererBuilder::new().charset(Charset::Unicode).build();
        let text = renderer.render(&puzzle, &picture);
        assert!(text.contains("2 1 │████ ·██ ·\n"), "{text}");
        assert!(text.contains("┌──────────"), "{text}");
    }

    #[test]
    fn colour_only_adds_escapes() {
        let (puzzle, picture) = smallex();
        let plain = TextRendererBuilder::new()
            .build()
            .render_marked(&puzzle, &picture, &[(1, 1)]);
        let coloured = TextRendererBuilder::new()
            .colour(true)
            .build()
            .render_marked(&puzzle, &picture, &[(1, 1)]);
        assert!(coloured.contains(MARK_COLOUR));
        let stripped = coloured
            .replace(MARK_COLOUR, "")
            .replace(CLUE_COLOUR, "")
            .replace(RESET, "");
        assert_eq!(stripped, plain);
    }

    #[test]
    fn empty_lines_show_zero() {
        let picture = Picture::from_rows(&[vec![false, true], vec![false, false]]).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let text = TextRendererBuilder::new().build().render(&puzzle, &picture);
        assert_eq!(text, "    0 1\n  +----\n1 | . #\n0 | . .\n");
    }

    #[test]
    fn mismatched_sizes_do_not_panic() {
        let (puzzle, _) = smallex();
        let text = TextRendererBuilder::new()
            .build()
            .render(&puzzle, &CellRows::unknown(7, 6));
        assert_eq!(text.lines().count(), 2 + 1 + 6);
    }
}
