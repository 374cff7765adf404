//! Puzzle sheets as PNG images: the same sheet as [`crate::svg`], rasterised in greyscale.
//!
//! No font files: clue numbers are drawn with a built-in 3×5 bitmap font of the ten digits
//! (drawn for this crate), scaled by whole pixels to fit the cell, so the output is exactly the
//! same on every machine. Images are bounded: a sheet over [`MAX_PIXELS`] first gets smaller
//! cells, and is refused if even the smallest cells are too many pixels.

use std::fmt;

use nonogram_model::{Cell, Puzzle};

use crate::sheet::{shown, Layout, SheetOptions};
use crate::Cells;

/// The largest image drawn: 64 megapixels (64 MiB of greyscale before compression).
pub const MAX_PIXELS: u64 = 64 * 1024 * 1024;

/// The smallest cell the renderer shrinks to for large puzzles.
const MIN_CELL: u32 = 8;

const WHITE: u8 = 255;
const BLACK: u8 = 0;
const LINE: u8 = 64;
const HATCH_LIGHT: u8 = 224;
const HATCH_DARK: u8 = 128;

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

/// A greyscale raster: `width × height` bytes, row-major, 0 black and 255 white.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raster {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Raster {
    fn new(width: u32, height: u32) -> Raster {
        Raster {
            width,
            height,
            pixels: vec![WHITE; width as usize * height as usize],
        }
    }

    fn fill(&mut self, x: u32, y: u32, w: u32, h: u32, value: u8) {
        for yy in y..(y + h).min(self.height) {
            let row = yy as usize * self.width as usize;
            let (a, b) = (x.min(self.width) as usize, (x + w).min(self.width) as usize);
            self.pixels[row + a..row + b].fill(value);
        }
    }

    fn set(&mut self, x: u32, y: u32, value: u8) {
        if x < self.width && y < self.height {
            self.pixels[y as usize * self.width as usize + x as usize] = value;
        }
    }

    /// The shade at `(x, y)`, for tests.
    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.pixels[y as usize * self.width as usize + x as usize]
    }

    /// Draws `number` centred in the square slot at `(x, y)` of side `slot`.
    fn number(&mut self, x: u32, y: u32, slot: u32, number: &str) {
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
        let by_height = (slot * 3 / 5) / 5;
        let by_width = (slot.saturating_sub(2)) / (4 * n - 1);
        let scale = by_height.min(by_width).max(1);
        let (w, h) = ((4 * n - 1) * scale, 5 * scale);
        let x0 = x + slot.saturating_sub(w) / 2;
        let y0 = y + slot.saturating_sub(h) / 2;
        for (i, &d) in digits.iter().enumerate() {
            let gx = x0 + i as u32 * 4 * scale;
            for (row, bits) in DIGITS[d].iter().enumerate() {
                for col in 0..3u32 {
                    if bits >> (2 - col) & 1 == 1 {
                        self.fill(
                            gx + col * scale,
                            y0 + row as u32 * scale,
                            scale,
                            scale,
                            BLACK,
                        );
                    }
                }
            }
        }
    }

    /// Encodes the raster as an 8-bit greyscale PNG.
    pub fn encode(&self) -> Result<Vec<u8>, PngError> {
        let mut out = Vec::new();
        let mut encode = || -> Result<(), ::png::EncodingError> {
            let mut encoder = ::png::Encoder::new(&mut out, self.width, self.height);
            encoder.set_color(::png::ColorType::Grayscale);
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
    pub fn new(options: SheetOptions) -> PngRenderer {
        PngRenderer { options }
    }

    /// The PNG file of `cells` with `puzzle`'s clues.
    pub fn render(&self, puzzle: &Puzzle, cells: &dyn Cells) -> Result<Vec<u8>, PngError> {
        self.raster(puzzle, cells)?.encode()
    }

    /// The sheet as pixels, before encoding.
    pub fn raster(&self, puzzle: &Puzzle, cells: &dyn Cells) -> Result<Raster, PngError> {
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
                match shown(cells, r, c, options.style) {
                    Cell::Filled => img.fill(x, y, cell, cell, BLACK),
                    Cell::Empty => {}
                    Cell::Unknown => {
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
        for (x, y, number) in layout.clue_slots() {
            img.number(x, y, cell, number);
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
            img.fill(x, y, inner, cell, if filled { 32 } else { 232 });
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
        assert_eq!(at(50 + 2 * 20 + 10, 50 + 10), BLACK);
        assert_eq!(at(50 + 10, 50 + 10), WHITE);
    }

    #[test]
    fn clues_are_drawn_and_unknown_cells_hatched() {
        let (puzzle, _) = smallex();
        let raster = PngRenderer::default()
            .raster(&puzzle, &CellRows::unknown(5, 5))
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
        let cell: Vec<u8> = (51..69).map(|x| raster.get(x, 60)).collect();
        assert!(cell.contains(&HATCH_DARK) && cell.contains(&HATCH_LIGHT));
        let blank = PngRenderer::new(SheetOptions {
            style: CellStyle::Blank,
            ..SheetOptions::default()
        })
        .raster(&puzzle, &CellRows::unknown(5, 5))
        .unwrap();
        assert_eq!(blank.get(60, 60), WHITE);
    }

    #[test]
    fn huge_sheets_shrink_or_are_refused() {
        let picture = Picture::new(1000, 1000);
        let puzzle = Puzzle::from_picture(&picture);
        let raster = PngRenderer::default().raster(&puzzle, &picture).unwrap();
        assert!(u64::from(raster.width) * u64::from(raster.height) <= MAX_PIXELS);
        let picture = Picture::new(4000, 4000);
        let puzzle = Puzzle::from_picture(&picture);
        let err = PngRenderer::default()
            .raster(&puzzle, &picture)
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
