//! `nonogram-render`: pictures of nonograms with their clues, laid out the way puzzle books print
//! them: as text ([`TextRenderer`], and the seeds' layouts in [`styles`]), SVG ([`svg`]) and PNG
//! ([`png`]); and booklets of many puzzles to print, as PDF (`pdf`, with the default `pdf`
//! feature).
//!
//! The column clues stand above the grid, one number per text line and aligned at the bottom, so
//! the last run of every column sits just above its first cell; the row clues stand to the left,
//! aligned on the right. The grid itself can hold a solved
//! [`Picture`](nonogram_model::Picture) or a partial grid (any [`Cells`], such as a
//! [`PartialGrid`](nonogram_model::PartialGrid)); unknown cells show as `?`. The cells the
//! puzzle gives ([`Puzzle::givens`](nonogram_model::Puzzle::givens)) are drawn distinctly, as
//! puzzle books mark printed cells, and a blank grid shows them (see [`TextRenderer::render`]
//! and [`SheetOptions`]).
//!
//! Colour puzzles (a palette of more than one colour besides the background) are drawn in their
//! colours everywhere: in text each known cell shows its colour's character, or with 24-bit
//! colour a block in the colour's RGB, and each clue number carries its run's colour; sheets fill
//! cells with the colour's RGB and draw clue numbers on a square of the run's colour. A puzzle of
//! one colour is a black-and-white puzzle, whatever its colour is called, and is drawn as one.
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

#![warn(missing_docs)]

mod ansi;
#[cfg(feature = "pdf")]
pub mod pdf;
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
use nonogram_model::{Cell, Clue, ColourSet, Palette, Puzzle, Rgb};

use crate::ansi::{paint, CLUE_COLOUR, MARK_COLOUR, RESET, UNKNOWN_COLOUR};

/// The characters a renderer draws with.
///
/// Black-and-white puzzles use the glyphs below. In a colour puzzle a known cell shows its
/// colour's character (the background `·` in Unicode), or with Unicode and 24-bit colour on a
/// solid block in the colour; see [`TextRenderer::render_marked`] for its marks, and
/// [`TextRenderer::render`] for given cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Charset {
    /// `#` filled, `.` empty, `?` unknown; marked cells `X` (filled) and `o` (empty); given
    /// cells `@` (filled) and `:` (empty); the frame drawn with `+`, `-` and `|`. Safe for
    /// files, pipes and any terminal.
    #[default]
    Ascii,
    /// `█` filled (the whole cell, so pictures look solid), `·` empty, `?` unknown; marked cells
    /// `▓` (filled) and `░` (empty); given cells `■` (filled) and `×` (empty); the frame drawn
    /// with box-drawing characters.
    Unicode,
}

impl Charset {
    /// The glyph of a cell and whether it fills the whole cell width (solid blocks do; dots and
    /// letters stand alone at the right of the cell, under the last digit of the clue above).
    /// A marked cell takes the marked glyph, given or not.
    fn glyph(self, cell: Cell, marked: bool, given: bool) -> (char, bool) {
        match (self, cell, marked, given) {
            (Charset::Ascii, Cell::Filled, true, _) => ('X', false),
            (Charset::Ascii, Cell::Filled, false, true) => ('@', false),
            (Charset::Ascii, Cell::Filled, false, false) => ('#', false),
            (Charset::Ascii, Cell::Empty, true, _) => ('o', false),
            (Charset::Ascii, Cell::Empty, false, true) => (':', false),
            (Charset::Ascii, Cell::Empty, false, false) => ('.', false),
            (Charset::Unicode, Cell::Filled, true, _) => ('▓', true),
            (Charset::Unicode, Cell::Filled, false, true) => ('■', false),
            (Charset::Unicode, Cell::Filled, false, false) => ('█', true),
            (Charset::Unicode, Cell::Empty, true, _) => ('░', false),
            (Charset::Unicode, Cell::Empty, false, true) => ('×', false),
            (Charset::Unicode, Cell::Empty, false, false) => ('·', false),
            (_, Cell::Unknown, _, _) => ('?', false),
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

/// What marks a marked cell of a colour puzzle drawn with characters: it stands just left of
/// the character, in the cell's padding.
const MARKER: char = '*';

/// What marks a given cell of a colour puzzle drawn with characters, in the same place.
const GIVEN_MARKER: char = '[';

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
    /// each cell is then one character, so a picture reads exactly like the JSON output's rows
    /// (except for a colour puzzle with marked cells, whose cells take two characters to make
    /// room for the mark).
    pub fn clues(&mut self, yes: bool) -> &mut TextRendererBuilder {
        self.renderer.clues = yes;
        self
    }

    /// Whether to colour clues, unknown and marked cells with ANSI escapes, and a colour
    /// puzzle's cells and clue numbers in their colours. Default: false. Marked cells stay
    /// distinguishable without colour, by their glyph.
    pub fn colour(&mut self, yes: bool) -> &mut TextRendererBuilder {
        self.renderer.colour = yes;
        self
    }

    /// Whether colour output may use 24-bit ANSI colours (`ESC[38;2;R;G;Bm`): a colour puzzle's
    /// cells are then solid blocks (with [`Charset::Unicode`]) and its clue numbers stand alone,
    /// both in the colour's RGB. Without it, cells show their colour's character and clue
    /// numbers are followed by it (`2r`), coloured with the nearest of the basic ANSI colours.
    /// Default: false (callers turn it on when `COLORTERM` is `truecolor` or `24bit`). Has no
    /// effect without [`colour`](TextRendererBuilder::colour), nor on black-and-white puzzles.
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

/// One number of a clue as printed: its visible text (`2`, or `2r` when the colour is named by
/// its character) and, in a colour puzzle, the colour it is printed in.
struct Token {
    text: String,
    colour: Option<Rgb>,
}

impl Token {
    /// Its width in terminal columns (clue texts are ASCII digits and one palette character).
    fn width(&self) -> usize {
        self.text.chars().count()
    }
}

impl TextRenderer {
    /// `cells` with `puzzle`'s clues around them, every line ending in `\n`.
    ///
    /// The puzzle supplies the clues, the palette and the given cells. If its size differs
    /// from that of `cells` (a caller's mistake), the cells decide the shape and missing clues
    /// print as empty.
    ///
    /// The cells the puzzle gives are drawn with the given glyphs of the [`Charset`] in a
    /// black-and-white puzzle; in a colour puzzle drawn with characters, a given cell is
    /// preceded by `[` (`[r`), and drawn with solid blocks it is `■` in its colour (`×` for the
    /// background). A given cell shows its given colour even where `cells` leaves it unknown
    /// (a blank grid), as a puzzle book prints it. [`TextRenderer::given_legend`] says this in
    /// words, for a line under the drawing.
    pub fn render(&self, puzzle: &Puzzle, cells: &dyn Cells) -> String {
        self.render_marked(puzzle, cells, &[])
    }

    /// What the given cells of `puzzle` look like in this renderer's drawings, as a sentence
    /// (`None` for a puzzle without givens).
    pub fn given_legend(&self, puzzle: &Puzzle) -> Option<String> {
        if puzzle.givens().is_empty() {
            return None;
        }
        let n = puzzle.givens().len();
        let cells = if n == 1 { "cell" } else { "cells" };
        let drawn = if puzzle.is_black_and_white() {
            let (filled, _) = self.charset.glyph(Cell::Filled, false, true);
            let (empty, _) = self.charset.glyph(Cell::Empty, false, true);
            format!("`{filled}` (filled) and `{empty}` (empty)")
        } else if self.charset == Charset::Unicode && self.paints() {
            "`■` in their colour (`×` for the background)".to_string()
        } else {
            format!("with `{GIVEN_MARKER}` before their colour's character")
        };
        Some(format!("the puzzle gives {n} {cells}, drawn {drawn}"))
    }

    /// Like [`TextRenderer::render`], but draws the cells at `marked` (`(row, col)`, 0-based)
    /// distinguishably: used to show where two solutions of the same puzzle differ. Positions
    /// outside the grid are ignored.
    ///
    /// In a black-and-white puzzle marked cells take the marked glyphs of the [`Charset`] and,
    /// with colour on, are red. In a colour puzzle drawn with solid blocks, a marked cell is
    /// `▓` in its colour (`░` in red for the background); drawn with characters, it is preceded
    /// by a `*` (red with colour on): `*r` instead of ` r`.
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
        // `None` for a black-and-white puzzle: its output must not change by a byte.
        let palette = Some(puzzle.palette()).filter(|p| !p.is_black_and_white());
        let cells = &WithGivens::new(puzzle, cells);

        if !self.clues {
            let cw = match self.charset {
                Charset::Unicode => 2,
                // The mark of a colour cell, and of a given one, needs a column of its own.
                Charset::Ascii
                    if palette.is_some()
                        && (is_marked.contains(&true) || !puzzle.givens().is_empty()) =>
                {
                    2
                }
                Charset::Ascii => 1,
            };
            let mut out = String::new();
            for r in 0..height {
                for c in 0..width {
                    self.push_cell(&mut out, cells, (r, c), palette, marked_at(r, c), cw);
                }
                out.push('\n');
            }
            return out;
        }

        let column_clues: Vec<Vec<Token>> = (0..width)
            .map(|c| self.tokens(puzzle.columns().get(c), palette))
            .collect();
        let row_clues: Vec<Vec<Token>> = (0..height)
            .map(|r| self.tokens(puzzle.rows().get(r), palette))
            .collect();

        // Every column is as wide as the widest number over any column, plus one space, so that
        // numbers never touch and the grid stays square-ish: a terminal cell is about twice as
        // tall as it is wide, and two characters per cell make up for it.
        let widest_number = column_clues
            .iter()
            .flatten()
            .map(Token::width)
            .max()
            .unwrap_or(1);
        let cw = widest_number + 1;
        let row_width = |tokens: &[Token]| -> usize {
            tokens.iter().map(Token::width).sum::<usize>() + tokens.len().saturating_sub(1)
        };
        let rw = row_clues.iter().map(|t| row_width(t)).max().unwrap_or(1);
        let header_lines = column_clues.iter().map(Vec::len).max().unwrap_or(1);
        let (bar, rule, corner) = self.charset.frame();

        let mut out = String::new();
        for line in 0..header_lines {
            let mut text = " ".repeat(rw + 2);
            for tokens in &column_clues {
                // Bottom-aligned: a column with k numbers starts at header line `header_lines - k`.
                let first = header_lines - tokens.len();
                match line.checked_sub(first) {
                    Some(i) => self.push_clue(&mut text, &tokens[i..=i], cw, palette),
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
        for (r, tokens) in row_clues.iter().enumerate() {
            let mut text = String::new();
            self.push_clue(&mut text, tokens, rw, palette);
            text.push(' ');
            text.push(bar);
            for c in 0..width {
                self.push_cell(&mut text, cells, (r, c), palette, marked_at(r, c), cw);
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }

    /// Whether colour puzzles are drawn in 24-bit colour.
    fn paints(&self) -> bool {
        self.colour && self.true_colour
    }

    /// The numbers of a clue; `0` for an empty line, as puzzle books print it. In a colour
    /// puzzle each number carries its colour, by character unless 24-bit colour shows it.
    fn tokens(&self, clue: Option<&Clue>, palette: Option<&Palette>) -> Vec<Token> {
        let Some(clue) = clue.filter(|c| !c.is_empty()) else {
            return vec![Token {
                text: "0".to_string(),
                colour: None,
            }];
        };
        if palette.is_some_and(Palette::is_triangles) {
            return (0..clue.len())
                .map(|i| Token {
                    text: capped_run(clue, i),
                    colour: None,
                })
                .collect();
        }
        clue.iter()
            .map(|run| {
                let entry = palette.and_then(|p| p.get(run.colour));
                let text = match entry {
                    Some(e) if !self.paints() => format!("{}{}", run.len, e.symbol),
                    _ => run.len.to_string(),
                };
                Token {
                    text,
                    colour: entry.map(|e| e.rgb),
                }
            })
            .collect()
    }

    /// Clue numbers separated by spaces, right-aligned in `width` columns.
    fn push_clue(
        &self,
        out: &mut String,
        tokens: &[Token],
        width: usize,
        palette: Option<&Palette>,
    ) {
        if palette.is_none() {
            // Black and white: the padded clue in one colour, as it always was.
            let text: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
            let text = format!("{:>width$}", text.join(" "));
            if self.colour && !text.trim().is_empty() {
                let _ = write!(out, "{CLUE_COLOUR}{text}{RESET}");
            } else {
                out.push_str(&text);
            }
            return;
        }
        let used = tokens.iter().map(Token::width).sum::<usize>() + tokens.len().saturating_sub(1);
        out.push_str(&" ".repeat(width.saturating_sub(used)));
        for (i, token) in tokens.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let escape = match token.colour {
                Some(rgb) => self.foreground(rgb),
                None => self.colour.then(|| CLUE_COLOUR.to_string()),
            };
            paint(out, escape.as_deref(), &token.text);
        }
    }

    /// The escape that draws a colour puzzle's colour, if colour is on.
    fn foreground(&self, rgb: Rgb) -> Option<String> {
        if self.colour {
            ansi::foreground(rgb, self.true_colour)
        } else {
            None
        }
    }

    /// One cell, `cw` characters wide.
    fn push_cell(
        &self,
        out: &mut String,
        cells: &WithGivens<'_>,
        (r, c): (usize, usize),
        palette: Option<&Palette>,
        marked: bool,
        cw: usize,
    ) {
        let given = cells.is_given(r, c);
        let Some(palette) = palette else {
            return self.push_black_and_white_cell(out, cells.cell(r, c), marked, given, cw);
        };
        self.push_colour_cell(out, cells.options(r, c), palette, (marked, given), cw);
    }

    /// One cell of a black-and-white puzzle.
    fn push_black_and_white_cell(
        &self,
        out: &mut String,
        cell: Cell,
        marked: bool,
        given: bool,
        cw: usize,
    ) {
        let (glyph, solid) = self.charset.glyph(cell, marked, given);
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
        paint(out, colour, &text);
    }

    /// One cell of a colour puzzle: a block in its colour (Unicode with 24-bit colour), or its
    /// colour's character; `?` while several colours are left, `!` when none is. A marked cell
    /// is drawn as marked, given or not.
    fn push_colour_cell(
        &self,
        out: &mut String,
        options: ColourSet,
        palette: &Palette,
        (marked, given): (bool, bool),
        cw: usize,
    ) {
        let blocks = self.charset == Charset::Unicode && self.paints();
        let entry = options
            .only()
            .and_then(|id| palette.get(id).map(|e| (id.is_background(), e)));
        let (glyph, escape) = match entry {
            None => {
                let glyph = if options.is_empty() { '!' } else { '?' };
                (glyph, self.colour.then(|| UNKNOWN_COLOUR.to_string()))
            }
            Some((true, _)) if blocks && marked => {
                let mark = format!("{:>cw$}", '░');
                return paint(out, Some(MARK_COLOUR), &mark);
            }
            Some((true, _)) if blocks && given => {
                return out.push_str(&format!("{:>cw$}", '×'));
            }
            Some((true, e)) => match self.charset {
                Charset::Unicode => ('·', None),
                Charset::Ascii => (e.symbol, None),
            },
            Some((false, e)) if blocks && given && !marked => {
                let text = format!("{:>cw$}", '■');
                return paint(out, self.foreground(e.rgb).as_deref(), &text);
            }
            Some((false, e)) if blocks => {
                let block = if marked { '▓' } else { '█' };
                let text = block.to_string().repeat(cw);
                return paint(out, self.foreground(e.rgb).as_deref(), &text);
            }
            Some((false, e)) => (e.symbol, self.foreground(e.rgb)),
        };
        if marked || given {
            out.push_str(&" ".repeat(cw.saturating_sub(2)));
            let (marker, escape) = match marked {
                true => (MARKER, self.colour.then_some(MARK_COLOUR)),
                false => (GIVEN_MARKER, None),
            };
            paint(out, escape, &marker.to_string());
        } else {
            out.push_str(&" ".repeat(cw.saturating_sub(1)));
        }
        paint(out, escape.as_deref(), &glyph.to_string());
    }
}

/// `cells` as a puzzle book shows them: each cell the puzzle gives in its given colour, even
/// where `cells` leaves it unknown (a blank grid); every other cell as `cells` has it.
pub(crate) struct WithGivens<'a> {
    puzzle: &'a Puzzle,
    cells: &'a dyn Cells,
}

impl<'a> WithGivens<'a> {
    pub(crate) fn new(puzzle: &'a Puzzle, cells: &'a dyn Cells) -> WithGivens<'a> {
        WithGivens { puzzle, cells }
    }

    /// Whether the puzzle gives the cell at `(row, col)`.
    pub(crate) fn is_given(&self, row: usize, col: usize) -> bool {
        self.puzzle.given(row, col).is_some()
    }
}

impl Cells for WithGivens<'_> {
    fn width(&self) -> usize {
        self.cells.width()
    }
    fn height(&self) -> usize {
        self.cells.height()
    }
    fn options(&self, row: usize, col: usize) -> ColourSet {
        match self.puzzle.given(row, col) {
            Some(colour) => ColourSet::single(colour),
            None => self.cells.options(row, col),
        }
    }
}

/// Run `i` of a triangle puzzle's clue with its caps drawn as the half cells they are: `◢4◣`.
pub(crate) fn capped_run(clue: &Clue, i: usize) -> String {
    let [start, end] = clue.caps(i);
    let symbol = |c: nonogram_model::ColourId| {
        nonogram_model::triangle::TRIANGLES
            .iter()
            .find(|t| t.0 == c)
            .map(|t| t.1.to_string())
            .unwrap_or_default()
    };
    format!("{}{}{}", symbol(start), clue.runs()[i], symbol(end))
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
