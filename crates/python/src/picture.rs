//! Pictures to make puzzles from (`Puzzle.from_picture`, `make`): text, a file (text or an
//! image), or an array: 0 and 1 (or palette indices with a palette), or an image's RGB(A)
//! pixels, thresholded or quantised (`colours=K`) by the library's `raster` module, as
//! `nonogram make` does it.

use std::io::Read;
use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use nonogram_core::model::MAX_COLOURS;
use nonogram_core::{ColourId, Palette, Picture};
use nonogram_formats::raster::{self, PictureError, PictureOptions, Pixels, MAX_IMAGE_BYTES};

use crate::convert::{as_int_array, int_matrix};
use crate::errors::{os_error, parse_error, value_error};

/// How to read a picture: `make`'s options.
#[derive(Clone, Debug)]
pub struct PictureArgs {
    /// Images: quantise to at most this many colours (1: black and white by `threshold`).
    pub colours: i64,
    /// Images: pixels darker than this luminance are filled.
    pub threshold: i64,
    /// Swap filled and empty cells.
    pub invert: bool,
    /// Images: scale down to (width, height) cells first.
    pub size: Option<(i64, i64)>,
    /// Arrays of palette indices: the palette they index.
    pub palette: Option<Palette>,
}

/// A picture read: its palette, its cells and, for a file, a title (the file's stem).
#[derive(Debug)]
pub struct Loaded {
    pub palette: Palette,
    pub picture: Picture,
    pub title: Option<String>,
}

impl PictureArgs {
    /// The library's options, checked as the command line checks `make`'s flags.
    fn options(&self) -> PyResult<PictureOptions> {
        if self.colours < 1 || self.colours > MAX_COLOURS as i64 {
            return Err(value_error(format!(
                "colours={} is out of range: give 1 (black and white) to {MAX_COLOURS}",
                self.colours
            )));
        }
        let threshold = u8::try_from(self.threshold).map_err(|_| {
            value_error(format!(
                "threshold={} is out of range: give a luminance from 0 to 255",
                self.threshold
            ))
        })?;
        let size = match self.size {
            None => None,
            Some((w, h)) => match (u32::try_from(w), u32::try_from(h)) {
                (Ok(w), Ok(h)) if w > 0 && h > 0 => Some((w, h)),
                _ => {
                    return Err(value_error(format!(
                        "size=({w}, {h}): give a width and a height of 1 cell or more"
                    )))
                }
            },
        };
        Ok(PictureOptions {
            threshold,
            size,
            invert: self.invert,
            colours: self.colours as usize,
        })
    }
}

/// Reads a picture from a Python value (see the module documentation).
pub fn load(value: &Bound<'_, PyAny>, args: &PictureArgs) -> PyResult<Loaded> {
    let py = value.py();
    let options = args.options()?;
    let refuse_palette = |what: &str| {
        if args.palette.is_some() {
            return Err(value_error(format!(
                "palette= names the colours of an array of palette indices; {what} brings its \
                 own"
            )));
        }
        Ok(())
    };
    if let Ok(text) = value.cast::<PyString>() {
        refuse_palette("a text picture")?;
        let text = text.to_cow()?;
        // A string is a picture's text; one that names a file is most likely a mistake.
        if !text.contains('\n') && std::path::Path::new(text.as_ref()).is_file() {
            return Err(value_error(format!(
                "{text:?} is a file's name, and a string is read as a picture's text: pass \
                 pathlib.Path({text:?}) to read the file"
            )));
        }
        return from_bytes(py, text.as_bytes(), &options, None);
    }
    if let Ok(bytes) = value.cast::<PyBytes>() {
        refuse_palette("a file's content")?;
        return from_bytes(py, bytes.as_bytes(), &options, None);
    }
    if value.hasattr("__fspath__")? {
        refuse_palette("a file")?;
        let path: PathBuf = value.extract()?;
        let mut bytes = Vec::new();
        std::fs::File::open(&path)
            .and_then(|f| f.take(MAX_IMAGE_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| os_error(&path, &e))?;
        let mut loaded = from_bytes(py, &bytes, &options, Some(&path))?;
        loaded.title = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        return Ok(loaded);
    }
    from_array(value, args, &options)
}

/// A picture in a file's bytes (an image or text).
fn from_bytes(
    py: Python<'_>,
    bytes: &[u8],
    options: &PictureOptions,
    path: Option<&std::path::Path>,
) -> PyResult<Loaded> {
    let (palette, picture) =
        raster::read_picture_in_colour(bytes, options).map_err(|e| match e {
            PictureError::Parse(e) => parse_error(py, path, &e),
            PictureError::Other(message) => match path {
                Some(path) => value_error(format!("{}: {message}", path.display())),
                None => value_error(message),
            },
        })?;
    Ok(Loaded {
        palette,
        picture,
        title: None,
    })
}

/// A picture from an array: two dimensions are cells, three (the last of size 3 or 4) an
/// image's pixels.
fn from_array(
    value: &Bound<'_, PyAny>,
    args: &PictureArgs,
    options: &PictureOptions,
) -> PyResult<Loaded> {
    let py = value.py();
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (value,)).map_err(|e| {
        PyTypeError::new_err(format!(
            "a picture is text, bytes, a path or an array, not this: {e}"
        ))
    })?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if ndim == 0 || kind == "O" || kind == "U" || kind == "S" {
        return Err(PyTypeError::new_err(format!(
            "a picture is text, bytes, a path or an array of numbers, not {}",
            value.get_type().name()?
        )));
    }
    match ndim {
        2 => cells(&array, args),
        3 => pixels(&array, args, options),
        _ => Err(value_error(format!(
            "a picture array has two dimensions (rows × columns of 0 and 1, or palette indices) \
             or three (rows × columns × RGB or RGBA), not {ndim}"
        ))),
    }
}

/// A picture from a 2-D array: 0 and 1, or indices of `args.palette`.
fn cells(array: &Bound<'_, PyAny>, args: &PictureArgs) -> PyResult<Loaded> {
    if args.colours != 1 || args.size.is_some() {
        return Err(value_error(
            "colours= and size= quantise and scale images (rows × columns × RGB); a 2-D array \
             is a picture already",
        ));
    }
    let (height, width, values) = int_matrix(array, "the picture")?;
    nonogram_core::check_size(width, height, nonogram_core::Limits::DEFAULT)
        .map_err(|e| value_error(e.to_string()))?;
    let palette = args.palette.clone().unwrap_or_default();
    let entries = palette.len() as i64;
    let mut picture = Picture::new(width, height);
    for (i, &v) in values.iter().enumerate() {
        if !(0..entries).contains(&v) {
            let allowed = if palette.is_black_and_white() && args.palette.is_none() {
                "0 (empty) or 1 (filled); a colour picture needs palette=".to_string()
            } else {
                format!("a palette index from 0 to {}", entries - 1)
            };
            return Err(value_error(format!(
                "row {}, column {} of the picture holds {v}: use {allowed}",
                i / width + 1,
                i % width + 1
            )));
        }
        let mut colour = ColourId::new(v as usize).expect("a palette index");
        if args.invert {
            if !palette.is_black_and_white() {
                return Err(value_error(
                    "invert=True swaps black and white; it does not apply to colour pictures",
                ));
            }
            colour = if colour.is_background() {
                ColourId::BLACK
            } else {
                ColourId::BACKGROUND
            };
        }
        picture.set_colour(i / width, i % width, colour);
    }
    Ok(Loaded {
        palette,
        picture,
        title: None,
    })
}

/// A picture from an image's pixels: `uint8` (or other integers) from 0 to 255, or floats
/// from 0 to 1 (as `matplotlib.pyplot.imread` gives a PNG).
fn pixels(
    array: &Bound<'_, PyAny>,
    args: &PictureArgs,
    options: &PictureOptions,
) -> PyResult<Loaded> {
    if args.palette.is_some() {
        return Err(value_error(
            "palette= names the colours of an array of palette indices; an image's colours \
             come from its pixels (quantised with colours=K)",
        ));
    }
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let (height, width, channels) = (shape[0], shape[1], shape[2]);
    if channels != 3 && channels != 4 {
        return Err(value_error(format!(
            "an image array is rows × columns × 3 (RGB) or 4 (RGBA), not × {channels}"
        )));
    }
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let scaled = if kind == "f" {
        let max: f64 = array.call_method0("max")?.extract()?;
        let min: f64 = array.call_method0("min")?.extract()?;
        if !(0.0..=1.0).contains(&min) || !(0.0..=1.0).contains(&max) {
            return Err(value_error(
                "an image of floats holds values from 0 to 1; integers go from 0 to 255",
            ));
        }
        array
            .call_method1("__mul__", (255.0,))?
            .call_method0("round")?
            .call_method1("astype", ("int64",))?
    } else {
        array.clone()
    };
    let values = as_int_array(&scaled, "the image")?;
    let mut bytes = Vec::with_capacity(height * width * channels);
    for &v in values.as_array().iter() {
        let byte = u8::try_from(v).map_err(|_| {
            value_error(format!(
                "the image holds {v}; pixels go from 0 to 255 (floats from 0 to 1)"
            ))
        })?;
        bytes.push(byte);
    }
    let too_large = || value_error(format!("an image of {width}x{height} pixels is too large"));
    let (w, h) = (
        u32::try_from(width).map_err(|_| too_large())?,
        u32::try_from(height).map_err(|_| too_large())?,
    );
    let pixels = if channels == 4 {
        Pixels::from_rgba8(w, h, &bytes)
    } else {
        Pixels::from_rgb8(w, h, &bytes)
    }
    .ok_or_else(too_large)?;
    let (palette, picture) = raster::picture_from_pixels(pixels, options).map_err(|e| match e {
        PictureError::Parse(e) => parse_error(array.py(), None, &e),
        PictureError::Other(message) => value_error(message),
    })?;
    Ok(Loaded {
        palette,
        picture,
        title: None,
    })
}
