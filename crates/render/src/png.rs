//! Puzzle sheets as PNG images: the same sheet as [`crate::svg`], rasterised.
//!
//! A sheet whose every pixel is grey (every black-and-white sheet without marks) is encoded as
//! 8-bit greyscale, as it always was; one with a colour in it (a colour puzzle's cells and clue
//! squares, the red frames of marked cells) as 8-bit RGB. The raster starts greyscale and turns
//! RGB at its first coloured pixel, so black-and-white sheets cost one byte a pixel, as before.
//!
//! No font files: clue numbers are drawn with a built-in 3×5 bitmap font of the ten digits
//! (drawn for this crate), scaled by whole pixels to fit the cell, so the output is exactly the
//! same on every machine. Images are bounded: a sheet over [`MAX_PIXELS`] first gets smaller
//! cells, and is refused if even the smallest cells are too many pixels.

use std::fmt;

use nonogram_model::{ColourId, Puzzle, Rgb};

use crate::sheet::{cell_paint, in_half, light_digits_on, Layout, Paint, SheetOptions};
use crate::Cells;

/// The largest image drawn: 64 megapixels (64 MiB of greyscale before compression, three times
/// that in colour).
pub const MAX_PIXELS: u64 = 64 * 1024 * 1024;

/// The smallest cell the renderer shrinks to for large puzzles.
const MIN_CELL: u32 = 8;

const fn grey(v: u8) -> Rgb {
    Rgb::new(v, v, v)
}

const WHITE: Rgb = Rgb::WHITE;
const BLACK: Rgb = Rgb::BLACK;
const LINE: Rgb = grey(64);
const HATCH_LIGHT: Rgb = grey(224);
const HATCH_DARK: Rgb = grey(128);
/// The frame of a marked cell, and its lining (SVG's `red` and `white`).
const MARK: Rgb = Rgb::new(255, 0, 0);
const MARK_LINING: Rgb = WHITE;

/// The digits 0 to 9, five rows of three pixels each, the top row in the high bits.
const DIGITS: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b011, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b010, 0b010, 0b010],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];

/// Why a PNG could not be made.
#[derive(Debug)]
pub struct PngError {
    kind: PngErrorKind,
}

#[derive(Debug)]
enum PngErrorKind {
    TooLarge { width: u64, height: u64 },
    Encode(::png::EncodingError),
}

impl fmt::Display for PngError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            PngErrorKind::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} pixel image is too large (at most {MAX_PIXELS} pixels); use SVG"
            ),
            PngErrorKind::Encode(_) => f.write_str("cannot encode the PNG image"),
        }
    }
}

impl std::error::Error for PngError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PngErrorKind::Encode(e) => Some(e),
            PngErrorKind::TooLarge { .. } => None,
        }
    }
}

/// A raster, row-major: one byte a pixel (grey, 0 black and 255 white) until a colour is drawn,
/// three (red, green, blue) from then on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Raster {
    pub width: u32,
    pub height: u32,
    /// Whether `pixels` holds RGB triples rather than grey levels.
    rgb: bool,
    pixels: Vec<u8>,
}

impl Raster {
    fn new(width: u32, height: u32) -> Raster {
        Raster {
            width,
            height,
            rgb: false,
            pixels: vec![WHITE.r; width as usize * height as usize],
        }
    }

    /// Turns a greyscale raster into an RGB one, when `colour` needs it.
    fn make_room_for(&mut self, colour: Rgb) {
        if !self.rgb && colour != grey(colour.r) {
            self.pixels = self.pixels.iter().flat_map(|&v| [v, v, v]).collect();
            self.rgb = true;
        }
    }

    fn fill(&mut self, x: u32, y: u32, w: u32, h: u32, colour: Rgb) {
        self.make_room_for(colour);
        let (a, b) = (x.min(self.width) as usize, (x + w).min(self.width) as usize);
        for yy in y..(y + h).min(self.height) {
            let row = yy as usize * self.width as usize;
            if self.rgb {
                for px in self.pixels[3 * (row + a)..3 * (row + b)].chunks_exact_mut(3) {
                    px.copy_from_slice(&[colour.r, colour.g, colour.b]);
                }
            } else {
                self.pixels[row + a..row + b].fill(colour.r);
            }
        }
    }

    fn set(&mut self, x: u32, y: u32, colour: Rgb) {
        self.fill(x, y, 1, 1, colour);
    }

    /// The colour at `(x, y)`, for tests.
    #[cfg(test)]
    pub fn get(&self, x: u32, y: u32) -> Rgb {
        let i = y as usize * self.width as usize + x as usize;
        if self.rgb {
            Rgb::new(
                self.pixels[3 * i],
                self.pixels[3 * i + 1],
                self.pixels[3 * i + 2],
            )
        } else {
            grey(self.pixels[i])
        }
    }

    /// The black half of the half cell `id` in the square of side `side` at `(x, y)`.
    fn half(&mut self, x: u32, y: u32, side: u32, id: ColourId) {
        for yy in 0..side {
            for xx in 0..side {
                if in_half(id, xx, yy, side) {
                    self.set(x + xx, y + yy, Rgb::BLACK);
                }
            }
        }
    }

    /// A frame `thickness` pixels wide just inside the square of side `side` at `(x, y)`.
    fn frame(&mut self, x: u32, y: u32, side: u32, thickness: u32, colour: Rgb) {
        let t = thickness.min(side.div_ceil(2));
        self.fill(x, y, side, t, colour);
        self.fill(x, y + side - t, side, t, colour);
        self.fill(x, y, t, side, colour);
        self.fill(x + side - t, y, t, side, colour);
    }

    /// Draws `number` in `ink`, centred in the box at `(x, y)` of `width` by `height`.
    fn number(&mut self, (x, y, width, height): (u32, u32, u32, u32), number: &str, ink: Rgb) {
        let digits: Vec<usize> = number
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| usize::from(b - b'0'))
            .collect();
        let n = digits.len() as u32;
        if n == 0 {
            return;
        }
        // Glyphs 3 wide with a 1-pixel gap (both scaled), 5 high; about 3/5 of the slot tall.
        let by_height = (height * 3 / 5) / 5;
        let by_width = (width.saturating_sub(2)) / (4 * n - 1);
        let scale = by_height.min(by_width).max(1);
        let (w, h) = ((4 * n - 1) * scale, 5 * scale);
        let x0 = x + width.saturating_sub(w) / 2;
        let y0 = y + height.saturating_sub(h) / 2;
        for (i, &d) in digits.iter().enumerate() {
            let gx = x0 + i as u32 * 4 * scale;
            for (row, bits) in DIGITS[d].iter().enumerate() {
                for col in 0..3u32 {
                    if bits >> (2 - col) & 1 == 1 {
                        self.fill(gx + col * scale, y0 + row as u32 * scale, scale, scale, ink);
                    }
                }
            }
        }
    }

    /// Encodes the raster as an 8-bit greyscale or RGB PNG.
    pub fn encode(&self) -> Result<Vec<u8>, PngError> {
        let mut out = Vec::new();
        let mut encode = || -> Result<(), ::png::EncodingError> {
            let mut encoder = ::png::Encoder::new(&mut out, self.width, self.height);
            encoder.set_color(if self.rgb {
                ::png::ColorType::Rgb
            } else {
                ::png::ColorType::Grayscale
            });
            encoder.set_depth(::png::BitDepth::Eight);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&self.pixels)?;
            writer.finish()
        };
        encode().map_err(|e| PngError {
            kind: PngErrorKind::Encode(e),
        })?;
        Ok(out)
    }
}

/// Draws puzzle sheets as PNG images.
#[derive(Clone, Debug, Default)]
pub struct PngRenderer {
    options: SheetOptions,
}

impl PngRenderer {
    /// A renderer with these options.
    pub fn new(options: SheetOptions) -> PngRenderer {
        PngRenderer { options }
    }

    /// The PNG file of `cells` with `puzzle`'s clues.
    pub fn render(&self, puzzle: &Puzzle, cells: &dyn Cells) -> Result<Vec<u8>, PngError> {
        self.render_marked(puzzle, cells, &[])
    }

    /// Like [`PngRenderer::render`], but frames the cells at `marked` (`(row, col)`, 0-based)
    /// in red, lined in white: used to show where two solutions of the same puzzle differ.
    /// Positions outside the grid are ignored.
    pub fn render_marked(
        &self,
        puzzle: &Puzzle,
        cells: &dyn Cells,
        marked: &[(usize, usize)],
    ) -> Result<Vec<u8>, PngError> {
        self.raster(puzzle, cells, marked)?.encode()
    }

    /// The sheet as pixels, before encoding.
    pub(crate) fn raster(
        &self,
        puzzle: &Puzzle,
        cells: &dyn Cells,
        marked: &[(usize, usize)],
    ) -> Result<Raster, PngError> {
        let mut options = self.options.clone();
        let mut layout = Layout::new(puzzle, cells, &options);
        // Shrink the cells until the image fits, or give up at the smallest size.
        while u64::from(layout.width()) * u64::from(layout.height()) > MAX_PIXELS {
            if layout.cell <= MIN_CELL {
                return Err(PngError {
                    kind: PngErrorKind::TooLarge {
                        width: layout.width().into(),
                        height: layout.height().into(),
                    },
                });
            }
            options.cell = (layout.cell / 2).max(MIN_CELL);
            layout = Layout::new(puzzle, cells, &options);
        }
        let mut img = Raster::new(layout.width(), layout.height());
        let cell = layout.cell;
        for r in 0..layout.rows {
            for c in 0..layout.cols {
                let (x, y) = layout.cell_origin(r, c);
                match cell_paint(puzzle, cells, r, c, options.style) {
                    Paint::Fill(colour) => img.fill(x, y, cell, cell, colour),
                    Paint::Nothing => {}
                    Paint::Half(id) => img.half(x, y, cell, id),
                    Paint::Hatch => {
                        for yy in 0..cell {
                            for xx in 0..cell {
                                let v = if (xx + yy) % 4 == 0 {
                                    HATCH_DARK
                                } else {
                                    HATCH_LIGHT
                                };
                                img.set(x + xx, y + yy, v);
                            }
                        }
                    }
                }
            }
        }
        let (inset, t) = layout.mark_frame();
        for (r, c) in layout.marks(marked) {
            let (x, y) = layout.cell_origin(r, c);
            let side = cell - 2 * inset;
            img.frame(x + inset, y + inset, side, t, MARK);
            if side > 2 * t {
                img.frame(x + inset + t, y + inset + t, side - 2 * t, t, MARK_LINING);
            }
        }
        let (offset, side) = layout.given_dot();
        for (r, c, ink) in layout.given_dots(puzzle, cells, options.style) {
            let (x, y) = layout.cell_origin(r, c);
            img.fill(x + offset, y + offset, side, side, ink);
        }
        let (gx, gy) = layout.grid_origin();
        let (gw, gh) = (layout.cols as u32 * cell, layout.rows as u32 * cell);
        for i in 0..=layout.cols {
            let guide = layout.is_guide(i, layout.cols, options.guide_every);
            let x = (gx + i as u32 * cell).saturating_sub(u32::from(guide));
            img.fill(x, gy, 1 + u32::from(guide), gh + 1, LINE);
        }
        for i in 0..=layout.rows {
            let guide = layout.is_guide(i, layout.rows, options.guide_every);
            let y = (gy + i as u32 * cell).saturating_sub(u32::from(guide));
            img.fill(gx, y, gw + 1, 1 + u32::from(guide), LINE);
        }
        for slot in layout.clue_slots() {
            let ink = match slot.number.colour {
                Some(colour) => {
                    // The clue square: framed like the grid, inset by one pixel (as in SVG).
                    img.frame(slot.x + 1, slot.y + 1, cell - 2, 1, LINE);
                    img.fill(slot.x + 2, slot.y + 2, cell - 4, cell - 4, colour);
                    if light_digits_on(colour) {
                        WHITE
                    } else {
                        BLACK
                    }
                }
                None => BLACK,
            };
            img.number(slot.digits_box(cell), &slot.number.text, ink);
            for (id, x, y, side) in slot.caps(cell) {
                img.half(x, y, side, id);
            }
        }
        Ok(img)
    }
}

/// A matrix plot of lines as PNG (see [`crate::svg::matrix_plot`]; a note, having no font
/// here beyond digits, is left to the caller to print). `cell` is clamped to 2..=100 and shrunk,
/// down to 1, until the image fits [`MAX_PIXELS`].
pub fn matrix_plot(lines: &[Vec<bool>], cell: u32) -> Result<Vec<u8>, PngError> {
    let cols = lines.iter().map(Vec::len).max().unwrap_or(0).max(1) as u64;
    let rows = lines.len().max(1) as u64;
    let mut cell = cell.clamp(2, 100);
    let size = |cell: u32| {
        let gap = u64::from((cell / 3).max(1));
        let cell = u64::from(cell);
        (cols * cell + 2 * cell, rows * (cell + gap) + 2 * cell)
    };
    while size(cell).0 * size(cell).1 > MAX_PIXELS {
        if cell == 1 {
            let (width, height) = size(cell);
            return Err(PngError {
                kind: PngErrorKind::TooLarge { width, height },
            });
        }
        cell /= 2;
    }
    let (w, h) = size(cell);
    let gap = (cell / 3).max(1);
    // Both fit in u32: their product is at most MAX_PIXELS.
    let mut img = Raster::new(w as u32, h as u32);
    for (r, line) in lines.iter().enumerate() {
        let y = cell + r as u32 * (cell + gap);
        for (c, &filled) in line.iter().enumerate() {
            let x = cell + c as u32 * cell;
            let inner = if cell > 3 { cell - 1 } else { cell };
            img.fill(x, y, inner, cell, grey(if filled { 32 } else { 232 }));
        }
    }
    img.encode()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::CellStyle;
    use nonogram_model::{CellRows, Picture};

    fn smallex() -> (Puzzle, Picture) {
        let picture =
            Picture::from_strings(&["..###", "##.#.", ".###.", ".##..", "###.."]).unwrap();
        (Puzzle::from_picture(&picture), picture)
    }

    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn a_solution_decodes_with_the_sheet_size() {
        let (puzzle, picture) = smallex();
        let bytes = PngRenderer::default().render(&puzzle, &picture).unwrap();
        let (w, h, pixels) = decode(&bytes);
        assert_eq!((w, h), (160, 160));
        // Cell (0,2) is filled: its centre is black; cell (0,0) is empty: white.
        let at = |x: u32, y: u32| pixels[(y * w + x) as usize];
        assert_eq!(at(50 + 2 * 20 + 10, 50 + 10), BLACK.r);
        assert_eq!(at(50 + 10, 50 + 10), WHITE.r);
    }

    #[test]
    fn clues_are_drawn_and_unknown_cells_hatched() {
        let (puzzle, _) = smallex();
        let raster = PngRenderer::default()
            .raster(&puzzle, &CellRows::unknown(5, 5), &[])
            .unwrap();
        // The slot of row 1's clue "3" (left of the grid) holds some black pixels.
        let slot_has_ink = |x0: u32, y0: u32| {
            (y0..y0 + 20).any(|y| (x0..x0 + 20).any(|x| raster.get(x, y) == BLACK))
        };
        assert!(slot_has_ink(30, 50));
        assert!(
            !slot_has_ink(10, 50),
            "row 1 has a single number, right-aligned"
        );
        let cell: Vec<Rgb> = (51..69).map(|x| raster.get(x, 60)).collect();
        assert!(cell.contains(&HATCH_DARK) && cell.contains(&HATCH_LIGHT));
        let blank = PngRenderer::new(SheetOptions {
            style: CellStyle::Blank,
            ..SheetOptions::default()
        })
        .raster(&puzzle, &CellRows::unknown(5, 5), &[])
        .unwrap();
        assert_eq!(blank.get(60, 60), WHITE);
    }

    #[test]
    fn huge_sheets_shrink_or_are_refused() {
        let picture = Picture::new(1000, 1000);
        let puzzle = Puzzle::from_picture(&picture);
        let raster = PngRenderer::default()
            .raster(&puzzle, &picture, &[])
            .unwrap();
        assert!(u64::from(raster.width) * u64::from(raster.height) <= MAX_PIXELS);
        let picture = Picture::new(4000, 4000);
        let puzzle = Puzzle::from_picture(&picture);
        let err = PngRenderer::default()
            .raster(&puzzle, &picture, &[])
            .unwrap_err();
        assert!(err.to_string().contains("too large"), "{err}");
    }

    #[test]
    fn matrix_plots_decode() {
        let lines = vec![vec![true, false, true], vec![false, true, true]];
        let (w, h, pixels) = decode(&matrix_plot(&lines, 10).unwrap());
        // Margins of one cell, rows of 10 plus a gap of 3.
        assert_eq!((w, h), (50, 2 * 13 + 20));
        assert_eq!(pixels[(15 * w + 15) as usize], 32);
        assert_eq!(pixels[(15 * w + 25) as usize], 232);
    }

    #[test]
    fn every_digit_has_ink() {
        for d in DIGITS {
            assert!(d.iter().any(|&row| row != 0));
        }
        assert_eq!(
            DIGITS
                .iter()
                .collect::<std::collections::HashSet<_>>()
                .len(),
            10
        );
    }
}
