//! Pictures to make puzzles from: text (`#`/`.`, `1`/`0`, `X`/`_`: the picture format) or an
//! image (PNG, JPEG, GIF, BMP through the `image` crate, with bounded dimensions and memory),
//! thresholded to black and white on luminance or quantised to a few colours ([`quantise`]),
//! optionally scaled down first by area averaging. Shared by `nonogram make`, the web page's
//! uploads and the Python package (whose arrays of pixels come in through [`Pixels`]).
//!
//! The messages name the command line's flags (`--size`, `--colours`, `--invert`), the
//! interface most callers have; other front ends check their own arguments first.

pub mod quantise;

use std::io;

use nonogram_model::{check_size, Limits, Palette, Picture};

use crate::Format;

/// The largest picture file read: 64 MiB.
pub const MAX_IMAGE_BYTES: u64 = 64 * 1024 * 1024;
/// The largest image decoded, per side, and the memory its decoder may use.
const MAX_IMAGE_SIDE: u32 = 16_384;
const MAX_IMAGE_ALLOC: u64 = 512 * 1024 * 1024;

/// How to turn bytes into a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PictureOptions {
    /// Images: pixels darker than this luminance (0-255) are filled. Default: 128.
    pub threshold: u8,
    /// Images: scale down to this many cells (width, height) first. Default: none.
    pub size: Option<(u32, u32)>,
    /// Swap filled and empty cells. Default: false.
    pub invert: bool,
    /// Images: colours besides the background, at most; 1 thresholds to black and white.
    /// Default: 1.
    pub colours: usize,
}

impl Default for PictureOptions {
    fn default() -> PictureOptions {
        PictureOptions {
            threshold: 128,
            size: None,
            invert: false,
            colours: 1,
        }
    }
}

/// Why bytes are not a picture.
#[derive(Debug)]
pub enum PictureError {
    /// A text picture that does not parse, with its line and column.
    Parse(crate::ParseError),
    /// Anything else, as one sentence.
    Other(String),
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureError::Parse(e) => write!(f, "{e}"),
            PictureError::Other(e) => f.write_str(e),
        }
    }
}

/// Reads a picture from `bytes`: an image if they start like one, text otherwise. With
/// `options.colours` above 1, an image is quantised to a palette of its own, returned with the
/// picture; otherwise the palette is black and white.
pub fn read_picture_in_colour(
    bytes: &[u8],
    options: &PictureOptions,
) -> Result<(Palette, Picture), PictureError> {
    if options.colours <= 1 || !is_image(bytes) {
        if options.colours > 1 {
            return Err(PictureError::Other(
                "--colours quantises images; a text picture is black and white".into(),
            ));
        }
        if is_image(bytes) {
            return Ok((Palette::black_and_white(), read_picture(bytes, options)?));
        }
        return read_text_picture(bytes, options);
    }
    picture_from_pixels(decode_image(bytes)?, options)
}

/// The picture of an image already decoded, as `options` ask: scaled down (`size`), then
/// thresholded on luminance (`threshold`, `invert`) when `colours` is 1, or quantised to at
/// most `colours` colours and a background otherwise, returned with its palette.
pub fn picture_from_pixels(
    pixels: Pixels,
    options: &PictureOptions,
) -> Result<(Palette, Picture), PictureError> {
    if options.colours > 1 && options.invert {
        return Err(PictureError::Other(
            "--invert swaps black and white; it does not apply with --colours".into(),
        ));
    }
    let pixels = match options.size {
        Some((w, h)) => pixels.scale_down(w, h).map_err(PictureError::Other)?,
        None => pixels,
    };
    check_size(
        pixels.width as usize,
        pixels.height as usize,
        Limits::DEFAULT,
    )
    .map_err(|e| PictureError::Other(format!("{e}; scale it down with --size WxH")))?;
    if options.colours <= 1 {
        let picture = pixels.luma().threshold(options.threshold);
        let picture = if options.invert {
            invert(&picture)
        } else {
            picture
        };
        return Ok((Palette::black_and_white(), picture));
    }
    let rgb: Vec<[u8; 3]> = pixels
        .values
        .chunks_exact(3)
        .map(|p| [p[0], p[1], p[2]].map(|v| v.round().clamp(0.0, 255.0) as u8))
        .collect();
    let quantised = quantise::quantise(
        pixels.width as usize,
        pixels.height as usize,
        &rgb,
        options.colours,
    );
    Ok((quantised.palette, quantised.picture))
}

/// Reads a black-and-white picture from `bytes`: an image if they start like one, text
/// otherwise. A text picture drawing half cells (`◢◤◥◣`) is refused: it is a triangle
/// puzzle's, which [`read_picture_in_colour`] reads.
pub fn read_picture(bytes: &[u8], options: &PictureOptions) -> Result<Picture, PictureError> {
    if is_image(bytes) {
        let black_and_white = PictureOptions {
            colours: 1,
            ..*options
        };
        return Ok(picture_from_pixels(decode_image(bytes)?, &black_and_white)?.1);
    }
    let (palette, picture) = read_text_picture(bytes, options)?;
    if palette.is_triangles() {
        return Err(PictureError::Other(
            "this picture draws half cells (◢◤◥◣), which make a triangle puzzle; only black \
             and white pictures are read here"
                .into(),
        ));
    }
    Ok(picture)
}

/// Reads a picture in text, with its palette: black and white, or the triangle palette when
/// it draws half cells.
fn read_text_picture(
    bytes: &[u8],
    options: &PictureOptions,
) -> Result<(Palette, Picture), PictureError> {
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(PictureError::Other(format!(
            "larger than {MAX_IMAGE_BYTES} bytes"
        )));
    }
    if options.size.is_some() {
        return Err(PictureError::Other(
            "--size scales images; this is a text picture".into(),
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| {
        PictureError::Other(
            "neither a picture in text nor an image this tool reads (PNG, JPEG, GIF, BMP)".into(),
        )
    })?;
    let puzzles = crate::parse(text, Format::Picture).map_err(PictureError::Parse)?;
    let puzzle = puzzles
        .into_iter()
        .next()
        .ok_or_else(|| PictureError::Other("no picture in the file".into()))?;
    let palette = puzzle.palette().clone();
    let picture = puzzle
        .metadata
        .goal
        .ok_or_else(|| PictureError::Other("no picture in the file".into()))?;
    if options.invert && palette.is_triangles() {
        return Err(PictureError::Other(
            "--invert swaps black and white; a picture with half cells (◢◤◥◣) has no inverse"
                .into(),
        ));
    }
    Ok((
        palette,
        if options.invert {
            invert(&picture)
        } else {
            picture
        },
    ))
}

fn invert(picture: &Picture) -> Picture {
    let mut out = picture.clone();
    for r in 0..picture.height() {
        for c in 0..picture.width() {
            out.set(r, c, !picture.get(r, c));
        }
    }
    out
}

/// Whether the bytes start like an image format we decode.
pub fn is_image(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
        || bytes.starts_with(&[0xff, 0xd8, 0xff])
        || bytes.starts_with(b"GIF87a")
        || bytes.starts_with(b"GIF89a")
        || bytes.starts_with(b"BM")
}

/// An image as `channels` values a pixel, 0 to 255: red, green and blue, transparency
/// composited over white; or, after [`Pixels::luma`], luminance alone (0 black to 255 white).
#[derive(Clone, Debug)]
pub struct Pixels {
    width: u32,
    height: u32,
    channels: usize,
    values: Vec<f32>,
}

/// Decodes an image file of at most [`MAX_IMAGE_BYTES`].
fn decode_image(bytes: &[u8]) -> Result<Pixels, PictureError> {
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(PictureError::Other(format!(
            "larger than {MAX_IMAGE_BYTES} bytes"
        )));
    }
    let mut reader = image::ImageReader::new(io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| PictureError::Other(format!("cannot read the image: {e}")))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_IMAGE_ALLOC);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|e| PictureError::Other(format!("cannot decode the image: {e}")))?;
    let rgba = image.to_rgba8();
    let (width, height) = rgba.dimensions();
    Ok(Pixels::from_rgba8(width, height, rgba.as_raw()).expect("four values a pixel"))
}

impl Pixels {
    /// An image of 8-bit red, green, blue and alpha values, row by row, transparency
    /// composited over white (alpha 0 is white); `None` unless there are `width * height * 4`
    /// values.
    pub fn from_rgba8(width: u32, height: u32, rgba: &[u8]) -> Option<Pixels> {
        Pixels::from_channels(width, height, rgba, 4)
    }

    /// An image of 8-bit red, green and blue values, row by row; `None` unless there are
    /// `width * height * 3` values.
    pub fn from_rgb8(width: u32, height: u32, rgb: &[u8]) -> Option<Pixels> {
        Pixels::from_channels(width, height, rgb, 3)
    }

    fn from_channels(width: u32, height: u32, bytes: &[u8], channels: usize) -> Option<Pixels> {
        let pixels = (width as usize).checked_mul(height as usize)?;
        if pixels.checked_mul(channels)? != bytes.len() {
            return None;
        }
        let values = bytes
            .chunks_exact(channels)
            .flat_map(|p| {
                let [r, g, b] = [p[0], p[1], p[2]].map(f32::from);
                // Alpha over a white background: alpha 0 is white.
                let alpha = p.get(3).map_or(1.0, |&a| f32::from(a) / 255.0);
                [r, g, b].map(|v| v * alpha + 255.0 * (1.0 - alpha))
            })
            .collect();
        Some(Pixels {
            width,
            height,
            channels: 3,
            values,
        })
    }

    /// Pixels per row.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Rec. 601 luma of each pixel.
    fn luma(&self) -> Pixels {
        if self.channels == 1 {
            return self.clone();
        }
        let values = self
            .values
            .chunks_exact(self.channels)
            .map(|p| 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2])
            .collect();
        Pixels {
            channels: 1,
            values,
            ..*self
        }
    }

    /// Averages the pixels each target cell covers, channel by channel. Only shrinks.
    fn scale_down(&self, w: u32, h: u32) -> Result<Pixels, String> {
        if w > self.width || h > self.height {
            return Err(format!(
                "--size {w}x{h} is larger than the image ({}x{}); it only scales down",
                self.width, self.height
            ));
        }
        let (sw, sh) = (u64::from(self.width), u64::from(self.height));
        let ch = self.channels;
        let mut values = Vec::with_capacity(w as usize * h as usize * ch);
        for ty in 0..u64::from(h) {
            let (y0, y1) = (
                ty * sh / u64::from(h),
                ((ty + 1) * sh / u64::from(h)).max(ty * sh / u64::from(h) + 1),
            );
            for tx in 0..u64::from(w) {
                let (x0, x1) = (
                    tx * sw / u64::from(w),
                    ((tx + 1) * sw / u64::from(w)).max(tx * sw / u64::from(w) + 1),
                );
                for k in 0..ch {
                    let mut sum = 0.0f64;
                    for y in y0..y1 {
                        let row = (y * sw) as usize;
                        for x in x0..x1 {
                            sum += f64::from(self.values[(row + x as usize) * ch + k]);
                        }
                    }
                    values.push((sum / ((y1 - y0) * (x1 - x0)) as f64) as f32);
                }
            }
        }
        Ok(Pixels {
            width: w,
            height: h,
            channels: ch,
            values,
        })
    }

    /// Black and white from luminance: darker than `threshold` is filled.
    fn threshold(&self, threshold: u8) -> Picture {
        let mut picture = Picture::new(self.width as usize, self.height as usize);
        for r in 0..self.height as usize {
            for c in 0..self.width as usize {
                let v = self.values[r * self.width as usize + c];
                picture.set(r, c, v < f32::from(threshold));
            }
        }
        picture
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area_averaging_and_threshold() {
        // A 4x2 image: left half black, right half white, scaled to 2x1.
        let luma = Pixels {
            width: 4,
            height: 2,
            channels: 1,
            values: vec![0.0, 0.0, 255.0, 255.0, 0.0, 0.0, 255.0, 200.0],
        };
        let small = luma.scale_down(2, 1).unwrap();
        assert_eq!(small.values, vec![0.0, 241.25]);
        assert_eq!(small.threshold(128).row_string(0), "#.");
        assert!(luma.scale_down(5, 1).is_err());
    }

    #[test]
    fn text_and_inversion() {
        let options = PictureOptions {
            invert: true,
            ..PictureOptions::default()
        };
        let picture = read_picture(b"#.\n.#\n", &options).unwrap();
        assert_eq!(picture.row_strings(), [".#", "#."]);
        assert!(matches!(
            read_picture(b"#.\n.z\n", &PictureOptions::default()),
            Err(PictureError::Parse(_))
        ));
        assert!(read_picture(&[0xff, 0xfe, 0], &PictureOptions::default()).is_err());
        // Half cells: a triangle puzzle's picture, read in colour only, and never inverted.
        let halves = "◢#◣\n..#\n".as_bytes();
        let err = read_picture(halves, &PictureOptions::default()).unwrap_err();
        assert!(err.to_string().contains("triangle puzzle"), "{err}");
        let (palette, picture) =
            read_picture_in_colour(halves, &PictureOptions::default()).unwrap();
        assert!(palette.is_triangles());
        assert_eq!(picture.row_strings_in(&palette), ["◢#◣", "..#"]);
        let invert = PictureOptions {
            invert: true,
            ..PictureOptions::default()
        };
        assert!(read_picture_in_colour(halves, &invert).is_err());
    }

    #[test]
    fn pixel_arrays_are_thresholded_or_quantised() {
        // Row 0: black, transparent (white); row 1: red, white.
        let rgba = [
            0, 0, 0, 255, 0, 0, 0, 0, 230, 20, 20, 255, 255, 255, 255, 255,
        ];
        let pixels = Pixels::from_rgba8(2, 2, &rgba).unwrap();
        let (palette, picture) =
            picture_from_pixels(pixels.clone(), &PictureOptions::default()).unwrap();
        assert!(palette.is_black_and_white());
        // Red's luma (about 83) is dark.
        assert_eq!(picture.row_strings(), ["#.", "#."]);
        let colours = PictureOptions {
            colours: 2,
            ..PictureOptions::default()
        };
        let (palette, picture) = picture_from_pixels(pixels.clone(), &colours).unwrap();
        assert_eq!(palette.len(), 3);
        assert_eq!(picture.row_strings_in(&palette), ["#.", "r."]);
        let invert = PictureOptions {
            invert: true,
            ..colours
        };
        assert!(picture_from_pixels(pixels, &invert).is_err());
        assert!(Pixels::from_rgb8(2, 2, &[0; 11]).is_none());
        assert!(Pixels::from_rgb8(u32::MAX, u32::MAX, &[]).is_none());
    }
}
