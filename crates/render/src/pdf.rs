//! Puzzle booklets as PDF: one or several puzzles a page on A4 or Letter paper, each a blank
//! sheet with its clues under a title, then, if asked, the solution pages, each titled as its
//! puzzle ("Puzzle 3" on one page, "Solution 3" at the end), and page numbers.
//!
//! Every sheet is the SVG sheet ([`SvgRenderer`]) drawn onto the page: usvg parses what
//! [`crate::svg`] wrote and krilla-svg draws it, so a PDF sheet cannot disagree with the SVG
//! (nor, through their shared layout, with the PNG): the same cells, colours, clue squares,
//! given cells and marks. Only the page around the sheets is laid out here: the arrangement of
//! the sheets ([`plan`]), their titles and notes, and the page numbers.
//!
//! One font, DejaVu Sans (from the `dejavu` crate; its licence, the Bitstream Vera licence with
//! the DejaVu changes in the public domain, lets it be embedded and redistributed), draws every
//! character, clue numbers included; krilla embeds only the glyphs used, so a booklet looks
//! the same in every reader and stays small (about 20 KB of font whatever its length). A title
//! in a script the font lacks (Chinese, Japanese) prints its missing characters as empty boxes.
//!
//! The output is deterministic: the same puzzles and options give the same bytes.

use std::fmt;
use std::sync::Arc;

use krilla::color::rgb;
use krilla::geom::{Point, Size, Transform};
use krilla::page::PageSettings;
use krilla::paint::Fill;
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::{Data, Document};
use krilla_svg::{SurfaceExt, SvgSettings};
use skrifa::instance::{LocationRef, Size as FontSize};
use skrifa::{FontRef, MetadataProvider};
use usvg::fontdb;

use nonogram_model::Puzzle;

use crate::sheet::{CellStyle, Layout, SheetOptions};
use crate::{Cells, SvgRenderer};

/// A paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (595.28 × 841.89 points).
    #[default]
    A4,
    /// US Letter, 8.5 × 11 inches (612 × 792 points).
    Letter,
}

impl Paper {
    /// Every paper size, the default first.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// `a4` or `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The paper of a name given by [`Paper::name`], in any case.
    pub fn from_name(name: &str) -> Option<Paper> {
        Paper::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// Its width and height in points (1/72 inch), portrait.
    pub fn size(self) -> (f32, f32) {
        const MM: f32 = 72.0 / 25.4;
        match self {
            Paper::A4 => (210.0 * MM, 297.0 * MM),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most puzzles on one page: six by six, where a 10×10 puzzle's cells are still about
/// 3 mm on A4. More would print cells too small to fill in with a pencil.
pub const MAX_PER_PAGE: usize = 36;

/// How a booklet is printed. Every field has a default; build them with struct update syntax
/// from [`BookletOptions::default`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookletOptions {
    /// The paper. Default: [`Paper::A4`].
    pub paper: Paper,
    /// Puzzles on one page, 1 to [`MAX_PER_PAGE`], arranged in the columns and rows that print
    /// the booklet's sheets largest ([`plan`]). Solution pages hold as many. Default: 1.
    pub per_page: usize,
}

impl Default for BookletOptions {
    fn default() -> BookletOptions {
        BookletOptions {
            paper: Paper::A4,
            per_page: 1,
        }
    }
}

/// What a solution page shows for one puzzle.
#[derive(Clone, Copy)]
pub enum Answer<'a> {
    /// A solution, drawn as the SVG sheet draws it, the cells at `marked` (`(row, col)`, where
    /// two solutions differ) framed in red, and `note` (if any) under the title: for a puzzle
    /// whose solution is not unique, say so there.
    Grid {
        /// The solution.
        cells: &'a dyn Cells,
        /// The cells to frame.
        marked: &'a [(usize, usize)],
        /// A sentence under the title.
        note: Option<&'a str>,
    },
    /// No grid, only a sentence saying why (no solution, or none found in time).
    Note(&'a str),
}

impl fmt::Debug for Answer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Grid {
                cells,
                marked,
                note,
            } => f
                .debug_struct("Grid")
                .field("size", &(cells.width(), cells.height()))
                .field("marked", marked)
                .field("note", note)
                .finish(),
            Answer::Note(note) => f.debug_tuple("Note").field(note).finish(),
        }
    }
}

/// One puzzle of a booklet.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    /// The puzzle, printed blank with its clues (and its given cells) under its title: "Puzzle
    /// N: TITLE", or "Puzzle N" when it has none, N its place in the booklet from 1.
    pub puzzle: &'a Puzzle,
    /// Its solution page's content, titled "Solution N: TITLE"; `None` for no solution page.
    /// The solution pages follow every puzzle page, in the puzzles' order.
    pub answer: Option<Answer<'a>>,
}

/// Why a booklet could not be made.
#[derive(Debug)]
pub struct PdfError {
    kind: PdfErrorKind,
}

#[derive(Debug)]
enum PdfErrorKind {
    NoPuzzles,
    PerPage(usize),
    /// Our own SVG did not parse: a bug, but one that should not bring a program down.
    Svg(usvg::Error),
    /// krilla could not write the document.
    Write(String),
}

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            PdfErrorKind::NoPuzzles => f.write_str("a booklet needs at least one puzzle"),
            PdfErrorKind::PerPage(n) => write!(
                f,
                "{n} puzzles a page is out of range: give 1 to {MAX_PER_PAGE}"
            ),
            PdfErrorKind::Svg(_) => f.write_str("cannot read back the SVG sheet (a bug)"),
            PdfErrorKind::Write(why) => write!(f, "cannot write the PDF: {why}"),
        }
    }
}

impl std::error::Error for PdfError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PdfErrorKind::Svg(e) => Some(e),
            _ => None,
        }
    }
}

/// Checks `options` without drawing anything: what a front end calls to refuse a bad value
/// before it solves the puzzles.
pub fn check(options: &BookletOptions) -> Result<(), PdfError> {
    if (1..=MAX_PER_PAGE).contains(&options.per_page) {
        Ok(())
    } else {
        Err(PdfError {
            kind: PdfErrorKind::PerPage(options.per_page),
        })
    }
}

/// The margin around a page's content: half an inch, which every printer can print within.
const MARGIN: f32 = 36.0;
/// The gap between two sheets on a page.
const GAP: f32 = 18.0;
/// The largest cell printed, in points (7 mm): a small puzzle alone on a page is drawn at a
/// size to solve with a pencil, not blown up to the page's width.
const MAX_CELL: f32 = 20.0;
/// Titles: the largest and the smallest size, in points, and the line height.
const TITLE_SIZE: (f32, f32) = (12.0, 7.0);
const LINE: f32 = 1.35;
/// Notes under a solution's title: this much of the title's size, at most this many lines.
const NOTE_SCALE: f32 = 0.8;
const NOTE_LINES: usize = 3;
/// Page numbers: their size, and their baseline's height above the page's bottom edge.
const FOOTER_SIZE: f32 = 9.0;
const FOOTER_BASELINE: f32 = 20.0;

/// What a slot of a page holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The puzzle, blank with its clues.
    Puzzle,
    /// Its solution page's content.
    Solution,
}

/// One sheet on a page: the entry (its index in the booklet, from 0), which side of it, and
/// the rectangle it is printed in (points from the page's top-left corner: x, y, width,
/// height), its title above the sheet inside it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// The entry's index in the booklet.
    pub entry: usize,
    /// Puzzle or solution.
    pub side: Side,
    /// x, y, width, height, in points.
    pub rect: (f32, f32, f32, f32),
}

/// How a booklet's pages are laid out: the puzzle pages, then the solution pages (of the
/// entries that have an answer), `per_page` slots a page in the same columns and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The page's width and height in points.
    pub page: (f32, f32),
    /// Columns and rows of slots on every page.
    pub grid: (usize, usize),
    /// The slots of each page, in reading order.
    pub pages: Vec<Vec<Slot>>,
    /// The height kept under every title for a solution's note: none when no entry has one.
    pub note_height: f32,
}

/// The layout of a booklet of `entries`: page size, arrangement and the slot of every sheet.
///
/// The arrangement is the one, among every number of columns from 1 to `per_page` (with as
/// many rows as it then needs), whose slots print the booklet's sheets largest: the smallest
/// scale over the sheets is the largest (on a tie, the squarest). Two 15×15 puzzles a page
/// stand one above the other on portrait paper, four make two columns and two rows, six two
/// columns and three rows; wide puzzles stack in one column.
pub fn plan(entries: &[Entry<'_>], options: &BookletOptions) -> Result<Plan, PdfError> {
    check(options)?;
    if entries.is_empty() {
        return Err(PdfError {
            kind: PdfErrorKind::NoPuzzles,
        });
    }
    let page = options.paper.size();
    let n = options.per_page;
    let notes = entries.iter().any(|e| {
        matches!(
            e.answer,
            Some(Answer::Note(_) | Answer::Grid { note: Some(_), .. })
        )
    });
    let note_height = |w: f32| if notes { note_height(w) } else { 0.0 };
    let sheets: Vec<(f32, f32, f32)> = entries.iter().map(|e| sheet_size(e.puzzle)).collect();
    let scale_in = |cols: usize, rows: usize| -> f32 {
        let (w, h) = slot_size(page, cols, rows);
        let room = h - title_height(w) - note_height(w);
        sheets
            .iter()
            .map(|&(sw, sh, cell)| fit(w, room, sw, sh, cell))
            .fold(f32::INFINITY, f32::min)
    };
    let mut best: (usize, usize) = (1, n);
    let mut best_scale = scale_in(1, n);
    for cols in 2..=n {
        let rows = n.div_ceil(cols);
        let scale = scale_in(cols, rows);
        // On a tie (small sheets, all printed at the largest cell), the squarest arrangement,
        // then the one with fewer columns: four small puzzles make two rows of two, not a
        // column of four down the middle of the page.
        let squarer = cols.abs_diff(rows) < best.0.abs_diff(best.1);
        if scale > best_scale + 1e-3 || (scale > best_scale - 1e-3 && squarer) {
            best = (cols, rows);
            best_scale = best_scale.max(scale);
        }
    }
    let (cols, rows) = best;
    let (w, h) = slot_size(page, cols, rows);
    let slot = |i: usize| -> (f32, f32, f32, f32) {
        let (c, r) = (i % cols, i / cols);
        (
            MARGIN + c as f32 * (w + GAP),
            MARGIN + r as f32 * (h + GAP),
            w,
            h,
        )
    };
    let mut pages = Vec::new();
    let puzzles = (0..entries.len()).map(|i| (i, Side::Puzzle));
    let solutions = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.answer.is_some())
        .map(|(i, _)| (i, Side::Solution));
    for side in [puzzles.collect::<Vec<_>>(), solutions.collect()] {
        for chunk in side.chunks(n) {
            pages.push(
                chunk
                    .iter()
                    .enumerate()
                    .map(|(k, &(entry, side))| Slot {
                        entry,
                        side,
                        rect: slot(k),
                    })
                    .collect(),
            );
        }
    }
    Ok(Plan {
        page,
        grid: (cols, rows),
        pages,
        note_height: note_height(w),
    })
}

/// The size of a slot when a page holds `cols` × `rows` of them.
fn slot_size((width, height): (f32, f32), cols: usize, rows: usize) -> (f32, f32) {
    let content = (width - 2.0 * MARGIN, height - 2.0 * MARGIN);
    (
        (content.0 - GAP * (cols - 1) as f32) / cols as f32,
        (content.1 - GAP * (rows - 1) as f32) / rows as f32,
    )
}

/// The size of a title in a slot `width` wide: 12 points, smaller in narrow slots.
fn title_size(width: f32) -> f32 {
    (width / 22.0).clamp(TITLE_SIZE.1, TITLE_SIZE.0)
}

/// The height the title takes at the top of a slot `width` wide.
fn title_height(width: f32) -> f32 {
    title_size(width) * LINE * 1.2
}

/// The height notes may take under a solution's title (every slot keeps it, so that puzzles and
/// solutions print at the same scale, unless no solution has a note).
fn note_height(width: f32) -> f32 {
    title_size(width) * NOTE_SCALE * LINE * NOTE_LINES as f32
}

/// The SVG sheet of `puzzle`: its width and height in SVG pixels, and its cell's side.
fn sheet_size(puzzle: &Puzzle) -> (f32, f32, f32) {
    let blank = nonogram_model::CellRows::unknown(puzzle.width(), puzzle.height());
    let layout = Layout::new(puzzle, &blank, &SheetOptions::default());
    (
        layout.width() as f32,
        layout.height() as f32,
        layout.cell as f32,
    )
}

/// The scale that fits a sheet of `sw` × `sh` pixels (cells of `cell` pixels) in `w` × `h`
/// points, never printing a cell larger than [`MAX_CELL`].
fn fit(w: f32, h: f32, sw: f32, sh: f32, cell: f32) -> f32 {
    (w / sw).min(h / sh).min(MAX_CELL / cell).max(0.0)
}

/// The font every character is drawn with, loaded once a booklet: for krilla (titles), for
/// usvg (the sheets' clue numbers) and for measuring titles.
struct Fonts {
    krilla: Font,
    svg: usvg::Options<'static>,
    data: &'static [u8],
}

/// DejaVu Sans's family name, which the sheets' `sans-serif` resolves to.
const FAMILY: &str = "DejaVu Sans";

impl Fonts {
    fn new() -> Result<Fonts, PdfError> {
        let data = dejavu::sans::regular();
        let krilla = Font::new(Data::from(data), 0).ok_or_else(|| PdfError {
            kind: PdfErrorKind::Write("cannot read the embedded font".into()),
        })?;
        let mut db = fontdb::Database::new();
        db.load_font_source(fontdb::Source::Binary(Arc::new(data)));
        db.set_sans_serif_family(FAMILY);
        let svg = usvg::Options {
            font_family: FAMILY.to_string(),
            fontdb: Arc::new(db),
            ..usvg::Options::default()
        };
        Ok(Fonts { krilla, svg, data })
    }

    /// The width of `text` at `size` points: the sum of its characters' advances (DejaVu Sans
    /// kerns little; titles leave room for it).
    fn width(&self, text: &str, size: f32) -> f32 {
        let Ok(font) = FontRef::new(self.data) else {
            return 0.0;
        };
        let charmap = font.charmap();
        let metrics = font.glyph_metrics(FontSize::new(size), LocationRef::default());
        text.chars()
            .map(|c| {
                let glyph = charmap.map(c).unwrap_or_default();
                metrics.advance_width(glyph).unwrap_or(0.0)
            })
            .sum()
    }

    /// `text` cut to fit `width` at `size`, ending in `…` where it was cut.
    fn truncate(&self, text: &str, size: f32, width: f32) -> String {
        if self.width(text, size) <= width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let cut: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
            if self.width(&cut, size) <= width {
                return cut;
            }
        }
        "…".to_string()
    }

    /// `text` broken into lines of at most `width` at `size`, at most `max` of them (the last
    /// cut with `…` if the text goes on).
    fn wrap(&self, text: &str, size: f32, width: f32, max: usize) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if line.is_empty() || self.width(&candidate, size) <= width {
                line = candidate;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        if lines.len() > max {
            let rest = lines[max - 1..].join(" ");
            lines.truncate(max - 1);
            lines.push(rest);
        }
        lines
            .into_iter()
            .map(|l| self.truncate(&l, size, width))
            .collect()
    }
}

/// The title of an entry's sheet: `Puzzle 3: Duck`, `Solution 3: Duck`, or without a title
/// `Puzzle 3`.
pub fn title(puzzle: &Puzzle, number: usize, side: Side) -> String {
    let word = match side {
        Side::Puzzle => "Puzzle",
        Side::Solution => "Solution",
    };
    match puzzle.metadata.title.as_deref().map(str::trim) {
        Some(title) if !title.is_empty() => format!("{word} {number}: {title}"),
        _ => format!("{word} {number}"),
    }
}

/// The booklet of `entries` as a PDF document: [`plan`]'s pages, each sheet under its title,
/// solution sheets with their notes, every page numbered at its foot.
pub fn booklet(entries: &[Entry<'_>], options: &BookletOptions) -> Result<Vec<u8>, PdfError> {
    let plan = plan(entries, options)?;
    let fonts = Fonts::new()?;
    let mut document = Document::new();
    let pages = plan.pages.len();
    for (number, slots) in plan.pages.iter().enumerate() {
        let settings = PageSettings::from_wh(plan.page.0, plan.page.1).ok_or_else(|| PdfError {
            kind: PdfErrorKind::Write("the paper has no size".into()),
        })?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for slot in slots {
            draw_slot(
                &mut surface,
                &fonts,
                &entries[slot.entry],
                slot,
                plan.note_height,
            )?;
        }
        let footer = format!("Page {} of {pages}", number + 1);
        let width = fonts.width(&footer, FOOTER_SIZE);
        text(
            &mut surface,
            &fonts,
            ((plan.page.0 - width) / 2.0, plan.page.1 - FOOTER_BASELINE),
            FOOTER_SIZE,
            &footer,
        );
        surface.finish();
        page.finish();
    }
    document.finish().map_err(|e| PdfError {
        kind: PdfErrorKind::Write(format!("{e:?}")),
    })
}

/// Draws `text` in black with its baseline's left end at `at`.
fn text(surface: &mut Surface<'_>, fonts: &Fonts, at: (f32, f32), size: f32, text: &str) {
    surface.set_fill(Some(Fill {
        paint: rgb::Color::new(0, 0, 0).into(),
        ..Fill::default()
    }));
    surface.draw_text(
        Point::from_xy(at.0, at.1),
        fonts.krilla.clone(),
        size,
        text,
        false,
        TextDirection::Auto,
    );
}

/// One slot: the title centred at its top, a solution's note under it, and the sheet, centred,
/// at the largest scale that fits (cells at most [`MAX_CELL`]).
fn draw_slot(
    surface: &mut Surface<'_>,
    fonts: &Fonts,
    entry: &Entry<'_>,
    slot: &Slot,
    note_height: f32,
) -> Result<(), PdfError> {
    let (x, y, w, h) = slot.rect;
    let size = title_size(w);
    let heading = fonts.truncate(&title(entry.puzzle, slot.entry + 1, slot.side), size, w);
    let centred = |text: &str, size: f32| x + (w - fonts.width(text, size)) / 2.0;
    text(
        surface,
        fonts,
        (centred(&heading, size), y + size * 1.1),
        size,
        &heading,
    );
    let blank = nonogram_model::CellRows::unknown(entry.puzzle.width(), entry.puzzle.height());
    let (cells, marked, note, style): (&dyn Cells, &[(usize, usize)], _, _) =
        match (slot.side, entry.answer) {
            (Side::Puzzle, _) | (Side::Solution, None) => (&blank, &[], None, CellStyle::Blank),
            (
                Side::Solution,
                Some(Answer::Grid {
                    cells,
                    marked,
                    note,
                }),
            ) => (cells, marked, note, CellStyle::Solution),
            (Side::Solution, Some(Answer::Note(note))) => {
                (&blank, &[], Some(note), CellStyle::Blank)
            }
        };
    let top = y + title_height(w);
    if let Some(note) = note {
        let note_size = size * NOTE_SCALE;
        for (i, line) in fonts
            .wrap(note, note_size, w, NOTE_LINES)
            .iter()
            .enumerate()
        {
            let baseline = top + note_size * (LINE * i as f32 + 1.0);
            text(
                surface,
                fonts,
                (centred(line, note_size), baseline),
                note_size,
                line,
            );
        }
    }
    if let (Side::Solution, Some(Answer::Note(_))) = (slot.side, entry.answer) {
        return Ok(());
    }
    let options = SheetOptions {
        style,
        ..SheetOptions::default()
    };
    let svg = SvgRenderer::new(options.clone()).render_marked(entry.puzzle, cells, marked);
    let tree = usvg::Tree::from_str(&svg, &fonts.svg).map_err(|e| PdfError {
        kind: PdfErrorKind::Svg(e),
    })?;
    let (sw, sh, cell) = sheet_size(entry.puzzle);
    let top = top + note_height;
    let scale = fit(w, y + h - top, sw, sh, cell);
    let Some(size) = Size::from_wh(sw * scale, sh * scale) else {
        return Ok(());
    };
    surface.push_transform(&Transform::from_translate(
        x + (w - size.width()) / 2.0,
        top,
    ));
    surface.draw_svg(&tree, size, SvgSettings::default());
    surface.pop();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::{Colour, ColourId, Given, Palette, Picture, Rgb};

    fn smallex(title: Option<&str>) -> (Puzzle, Picture) {
        let picture =
            Picture::from_strings(&["..###", "##.#.", ".###.", ".##..", "###.."]).unwrap();
        let mut puzzle = Puzzle::from_picture(&picture);
        puzzle.metadata.title = title.map(str::to_string);
        (puzzle, picture)
    }

    /// The pages of a PDF and each page's media box, read back by hayro-syntax.
    fn pages(pdf: &[u8]) -> Vec<(f32, f32)> {
        let pdf = hayro_syntax::Pdf::new(Arc::new(pdf.to_vec())).expect("a readable PDF");
        pdf.pages()
            .iter()
            .map(|page| {
                let b = page.media_box();
                ((b.x1 - b.x0) as f32, (b.y1 - b.y0) as f32)
            })
            .collect()
    }

    #[test]
    fn page_counts_for_one_and_seven_puzzles() {
        let (puzzle, picture) = smallex(Some("smallex"));
        let marked = [];
        for count in [1usize, 7] {
            for per_page in [1, 4, 6] {
                for solutions in [false, true] {
                    let entries: Vec<Entry<'_>> = (0..count)
                        .map(|_| Entry {
                            puzzle: &puzzle,
                            answer: solutions.then_some(Answer::Grid {
                                cells: &picture,
                                marked: &marked,
                                note: None,
                            }),
                        })
                        .collect();
                    let options = BookletOptions {
                        per_page,
                        ..BookletOptions::default()
                    };
                    let sides = 1 + usize::from(solutions);
                    let expected = sides * count.div_ceil(per_page);
                    let plan = plan(&entries, &options).unwrap();
                    assert_eq!(plan.pages.len(), expected, "{count} at {per_page}");
                    let pdf = booklet(&entries, &options).unwrap();
                    let read = pages(&pdf);
                    assert_eq!(read.len(), expected, "{count} at {per_page}, {solutions}");
                    // Every puzzle once on the puzzle pages, in order, and once more on the
                    // solution pages.
                    let slots: Vec<(usize, Side)> = plan
                        .pages
                        .iter()
                        .flatten()
                        .map(|s| (s.entry, s.side))
                        .collect();
                    let mut want: Vec<(usize, Side)> =
                        (0..count).map(|i| (i, Side::Puzzle)).collect();
                    if solutions {
                        want.extend((0..count).map(|i| (i, Side::Solution)));
                    }
                    assert_eq!(slots, want);
                }
            }
        }
    }

    #[test]
    fn paper_sizes_are_a4_and_letter() {
        let (puzzle, _) = smallex(None);
        let entries = [Entry {
            puzzle: &puzzle,
            answer: None,
        }];
        for (paper, size) in [
            (Paper::A4, (595.276, 841.89)),
            (Paper::Letter, (612.0, 792.0)),
        ] {
            let options = BookletOptions {
                paper,
                ..BookletOptions::default()
            };
            let read = pages(&booklet(&entries, &options).unwrap());
            assert_eq!(read.len(), 1);
            assert!(
                (read[0].0 - size.0).abs() < 0.01 && (read[0].1 - size.1).abs() < 0.01,
                "{paper}: {:?}",
                read[0]
            );
        }
        assert_eq!(Paper::from_name("Letter"), Some(Paper::Letter));
        assert_eq!(Paper::from_name("a5"), None);
    }

    #[test]
    fn arrangements_print_the_sheets_largest() {
        let (square, _) = smallex(None);
        let arrangement = |puzzle: &Puzzle, per_page: usize| {
            let entries = [Entry {
                puzzle,
                answer: None,
            }];
            let options = BookletOptions {
                per_page,
                ..BookletOptions::default()
            };
            plan(&entries, &options).unwrap().grid
        };
        // A small sheet is printed at MAX_CELL a cell in any arrangement: the squarest wins.
        assert_eq!(arrangement(&square, 4), (2, 2));
        assert_eq!(arrangement(&square, 2), (1, 2));
        // A 30×30 sheet fills its slot: the arrangement that prints it largest.
        let big = Puzzle::from_picture(&Picture::new(30, 30));
        assert_eq!(arrangement(&big, 1), (1, 1));
        assert_eq!(arrangement(&big, 2), (1, 2));
        assert_eq!(arrangement(&big, 4), (2, 2));
        assert_eq!(arrangement(&big, 6), (2, 3));
        assert_eq!(arrangement(&big, 9), (3, 3));
        let wide = Puzzle::from_picture(&Picture::new(60, 10));
        assert_eq!(arrangement(&wide, 4), (1, 4));
        // Slots lie on the page, inside the margins, without overlapping.
        let entries: Vec<Entry<'_>> = (0..6)
            .map(|_| Entry {
                puzzle: &big,
                answer: None,
            })
            .collect();
        let options = BookletOptions {
            per_page: 6,
            ..BookletOptions::default()
        };
        let plan = plan(&entries, &options).unwrap();
        let (pw, ph) = plan.page;
        let rects: Vec<_> = plan.pages[0].iter().map(|s| s.rect).collect();
        for (i, &(x, y, w, h)) in rects.iter().enumerate() {
            assert!(x >= MARGIN && y >= MARGIN && x + w <= pw - MARGIN + 0.01);
            assert!(y + h <= ph - MARGIN + 0.01);
            for &(x2, y2, w2, h2) in &rects[i + 1..] {
                assert!(x + w <= x2 || x2 + w2 <= x || y + h <= y2 || y2 + h2 <= y);
            }
        }
    }

    #[test]
    fn bad_options_and_empty_booklets_are_refused() {
        let (puzzle, _) = smallex(None);
        let entries = [Entry {
            puzzle: &puzzle,
            answer: None,
        }];
        for per_page in [0, MAX_PER_PAGE + 1] {
            let options = BookletOptions {
                per_page,
                ..BookletOptions::default()
            };
            let err = booklet(&entries, &options).unwrap_err();
            assert!(err.to_string().contains("give 1 to 36"), "{err}");
        }
        let err = booklet(&[], &BookletOptions::default()).unwrap_err();
        assert_eq!(err.to_string(), "a booklet needs at least one puzzle");
    }

    #[test]
    fn titles_number_puzzles_and_solutions_alike() {
        let (puzzle, _) = smallex(Some("  Duck "));
        assert_eq!(title(&puzzle, 3, Side::Puzzle), "Puzzle 3: Duck");
        assert_eq!(title(&puzzle, 3, Side::Solution), "Solution 3: Duck");
        let (untitled, _) = smallex(None);
        assert_eq!(title(&untitled, 12, Side::Puzzle), "Puzzle 12");
    }

    #[test]
    fn long_titles_and_notes_fit_their_slot() {
        let fonts = Fonts::new().unwrap();
        let long = "a very long title that goes on and on ".repeat(10);
        let cut = fonts.truncate(&long, 12.0, 200.0);
        assert!(
            cut.ends_with('…') && fonts.width(&cut, 12.0) <= 200.0,
            "{cut}"
        );
        assert_eq!(fonts.truncate("Duck", 12.0, 200.0), "Duck");
        let lines = fonts.wrap(&long, 10.0, 150.0, 3);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| fonts.width(l, 10.0) <= 150.0));
        assert!(lines[2].ends_with('…'));
        // Digits have widths: the font is the one measured.
        assert!(fonts.width("10", 10.0) > 5.0);
    }

    #[test]
    fn colour_puzzles_givens_notes_and_marks_draw() {
        // A two-colour puzzle with a given cell, its solution with marks and a note, and a
        // puzzle with only a note: every branch of a slot draws, and the same input gives the
        // same bytes.
        let palette = Palette::new(
            Colour::new("white", Rgb::WHITE, '.'),
            vec![
                Colour::new("red", Rgb::new(200, 0, 0), 'r'),
                Colour::new("navy", Rgb::new(0, 0, 128), 'n'),
            ],
        )
        .unwrap();
        let rows: Vec<Vec<ColourId>> = ["rrn.", ".nnr", "r.rr"]
            .iter()
            .map(|r| r.chars().map(|c| palette.by_symbol(c).unwrap()).collect())
            .collect();
        let picture = Picture::from_colour_rows(&rows).unwrap();
        let mut puzzle = Puzzle::from_coloured_picture(palette, &picture)
            .unwrap()
            .with_givens(vec![Given::cell(0, 2, true)])
            .unwrap();
        puzzle.metadata.title = Some("flag".into());
        let (other, _) = smallex(None);
        let marked = [(0, 0), (1, 1)];
        let entries = [
            Entry {
                puzzle: &puzzle,
                answer: Some(Answer::Grid {
                    cells: &picture,
                    marked: &marked,
                    note: Some("not unique: at least 2 solutions, differing in the framed cells"),
                }),
            },
            Entry {
                puzzle: &other,
                answer: Some(Answer::Note("no solution")),
            },
        ];
        let options = BookletOptions {
            per_page: 2,
            ..BookletOptions::default()
        };
        let first = booklet(&entries, &options).unwrap();
        assert_eq!(pages(&first).len(), 2);
        assert_eq!(first, booklet(&entries, &options).unwrap());
    }
}
