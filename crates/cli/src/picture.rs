//! Pictures to make puzzles from: text (`#`/`.`, `1`/`0`, `X`/`_`) or an image (PNG, JPEG,
//! GIF, BMP through the `image` crate, with bounded dimensions and memory), thresholded to
//! black and white on luminance, optionally scaled down first by area averaging. Shared by
//! `nonogram make` and the web page's uploads.

use std::io;

use nonogram_core::{check_size, Limits, Picture};
use nonogram_formats::Format;

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
}

impl Default for PictureOptions {
    fn default() -> PictureOptions {
        PictureOptions {
            threshold: 128,
            size: None,
            invert: false,
        }
    }
}

/// Why bytes are not a picture.
#[derive(Debug)]
pub enum PictureError {
    /// A text picture that does not parse, with its line and column.
    Parse(nonogram_formats::ParseError),
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

/// Reads a picture from `bytes`: an image if they start like one, text otherwise.
pub fn read_picture(bytes: &[u8], options: &PictureOptions) -> Result<Picture, PictureError> {
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(PictureError::Other(format!(
            "larger than {MAX_IMAGE_BYTES} bytes"
        )));
    }
    let picture = if is_image(bytes) {
        let luma = decode_image(bytes).map_err(PictureError::Other)?;
        let luma = match options.size {
            Some((w, h)) => luma.scale_down(w, h).map_err(PictureError::Other)?,
            None => luma,
        };
        check_size(luma.width as usize, luma.height as usize, Limits::DEFAULT)
            .map_err(|e| PictureError::Other(format!("{e}; scale it down with --size WxH")))?;
        luma.threshold(options.threshold)
    } else {
        if options.size.is_some() {
            return Err(PictureError::Other(
                "--size scales images; this is a text picture".into(),
            ));
        }
        let text = std::str::from_utf8(bytes).map_err(|_| {
            PictureError::Other(
                "neither a picture in text nor an image this tool reads (PNG, JPEG, GIF, BMP)"
                    .into(),
            )
        })?;
        let puzzles =
            nonogram_formats::parse(text, Format::Picture).map_err(PictureError::Parse)?;
        puzzles
            .into_iter()
            .next()
            .and_then(|p| p.metadata.goal)
            .ok_or_else(|| PictureError::Other("no picture in the file".into()))?
    };
    Ok(if options.invert {
        invert(&picture)
    } else {
        picture
    })
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

/// An image as luminance, 0 black to 255 white, transparency composited over white.
#[derive(Clone, Debug)]
struct Luma {
    width: u32,
    height: u32,
    values: Vec<f32>,
}

fn decode_image(bytes: &[u8]) -> Result<Luma, String> {
    let mut reader = image::ImageReader::new(io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| format!("cannot read the image: {e}"))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_IMAGE_ALLOC);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|e| format!("cannot decode the image: {e}"))?;
    let rgba = image.to_rgba8();
    let (width, height) = rgba.dimensions();
    let values = rgba
        .pixels()
        .map(|p| {
            let [r, g, b, a] = p.0.map(f32::from);
            // Rec. 601 luma, then alpha over a white background: alpha 0 is white.
            let y = 0.299 * r + 0.587 * g + 0.114 * b;
            let alpha = a / 255.0;
            y * alpha + 255.0 * (1.0 - alpha)
        })
        .collect();
    Ok(Luma {
        width,
        height,
        values,
    })
}

impl Luma {
    /// Averages the pixels each target cell covers. Only shrinks.
    fn scale_down(&self, w: u32, h: u32) -> Result<Luma, String> {
        if w > self.width || h > self.height {
            return Err(format!(
                "--size {w}x{h} is larger than the image ({}x{}); it only scales down",
                self.width, self.height
            ));
        }
        let (sw, sh) = (u64::from(self.width), u64::from(self.height));
        let mut values = Vec::with_capacity(w as usize * h as usize);
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
                let mut sum = 0.0f64;
                for y in y0..y1 {
                    let row = (y * sw) as usize;
                    for x in x0..x1 {
                        sum += f64::from(self.values[row + x as usize]);
                    }
                }
                values.push((sum / ((y1 - y0) * (x1 - x0)) as f64) as f32);
            }
        }
        Ok(Luma {
            width: w,
            height: h,
            values,
        })
    }

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
        let luma = Luma {
            width: 4,
            height: 2,
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
    }
}
