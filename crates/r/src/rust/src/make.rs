//! Puzzles from pictures (`create_puzzle_from_matrix`, `create_puzzle_from_image`) and the
//! puzzle maker's verdict (`make_puzzle`): is the picture the only solution of its own clues,
//! and if not, what would make it so, each fix checked by solving again (`nonogram make`).
//!
//! A picture is a matrix (0 and 1, or palette indices with a palette), an image's pixels (an
//! array of rows by columns by 3 or 4 channels, from 0 to 255: the R code scales the 0-to-1
//! doubles that `png::readPNG` gives), a picture's text (`#`/`.`, `1`/`0`, `X`/`_`), a file's
//! bytes (a raw vector) or a file: text or an image (PNG, JPEG, GIF, BMP). Images are
//! thresholded on luminance or quantised to a few colours by the formats crate's `raster`
//! module, as `nonogram make` reads them.

use std::io::Read;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use extendr_api::prelude::*;

use nonogram_author::make::{check_picture_cancellable, MakeConfig};
use nonogram_core::model::MAX_COLOURS;
use nonogram_core::{ColourId, Limits, Palette, Picture, Puzzle, Status};
use nonogram_formats::raster::{self, PictureError, PictureOptions, Pixels, MAX_IMAGE_BYTES};

use crate::args;
use crate::fail::{answer, Answer, Fail, Kind};
use crate::run::interruptible;
use crate::values::{self, cell_frame, named, opt};

/// A picture read, with its palette and, for a file, a title (the file's stem).
struct Loaded {
    palette: Palette,
    picture: Picture,
    title: Option<String>,
}

/// How to read a picture: `make`'s options, checked.
struct Options {
    picture: PictureOptions,
    palette: Option<Palette>,
    colours: usize,
}

fn options(
    colours: &Robj,
    threshold: &Robj,
    invert: &Robj,
    size: &Robj,
    palette: &Robj,
) -> Answer<Options> {
    let colours = args::whole(
        colours,
        "colours",
        1.0,
        MAX_COLOURS as f64,
        " (1 is black and white)",
    )? as usize;
    let threshold = args::whole(threshold, "threshold", 0.0, 255.0, " (a luminance)")? as u8;
    let invert = args::flag(invert, "invert")?;
    let size = if size.is_null() {
        None
    } else {
        let parts: Vec<f64> = match (size.as_real_slice(), size.as_integer_slice()) {
            (Some(s), _) => s.to_vec(),
            (None, Some(s)) => s
                .iter()
                .map(|&i| {
                    if i == values::NA {
                        f64::NAN
                    } else {
                        f64::from(i)
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        match parts[..] {
            [w, h]
                if w >= 1.0
                    && h >= 1.0
                    && w.fract() == 0.0
                    && h.fract() == 0.0
                    && w <= u32::MAX as f64
                    && h <= u32::MAX as f64 =>
            {
                Some((w as u32, h as u32))
            }
            _ => {
                return Err(Fail::value(format!(
                    "size = {}: give c(width, height), each 1 cell or more",
                    args::describe(size)
                )))
            }
        }
    };
    let palette = if palette.is_null() {
        None
    } else {
        Some(values::palette(palette)?)
    };
    Ok(Options {
        picture: PictureOptions {
            threshold,
            size,
            invert,
            colours,
        },
        palette,
        colours,
    })
}

/// Reads a picture from `picture` (a matrix, an array of pixels, text or bytes) or `file`.
fn load(picture: &Robj, file: &Robj, options: &Options) -> Answer<Loaded> {
    let refuse_palette = |what: &str| {
        if options.palette.is_some() {
            return Err(Fail::value(format!(
                "palette = names the colours of a matrix of palette indices; {what} brings its own"
            )));
        }
        Ok(())
    };
    if !file.is_null() {
        refuse_palette("a file")?;
        let path = PathBuf::from(args::string(file, "file")?);
        let mut bytes = Vec::new();
        std::fs::File::open(&path)
            .and_then(|f| f.take(MAX_IMAGE_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| {
                Fail::file(
                    Kind::File,
                    &path,
                    format!("{}: cannot read it: {e}", path.display()),
                )
            })?;
        let mut loaded = from_bytes(&bytes, &options.picture, Some(&path))?;
        loaded.title = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        return Ok(loaded);
    }
    if let Some(text) = picture
        .as_str()
        .filter(|_| picture.len() == 1 && !picture.is_na())
    {
        refuse_palette("a text picture")?;
        return from_bytes(text.as_bytes(), &options.picture, None);
    }
    if let Some(bytes) = picture.as_raw_slice() {
        refuse_palette("a file's content")?;
        return from_bytes(bytes, &options.picture, None);
    }
    let dims: Vec<i32> = values::dims(picture).unwrap_or_default();
    match dims.len() {
        2 => cells(picture, options),
        3 => pixels(picture, &dims, options),
        _ => Err(Fail::value(format!(
            "a picture is a matrix (rows by columns of 0 and 1, or palette indices), an array of \
             pixels (rows by columns by RGB or RGBA), text, a raw vector or a file; not {}",
            args::describe(picture)
        ))),
    }
}

fn from_bytes(
    bytes: &[u8],
    options: &PictureOptions,
    path: Option<&std::path::Path>,
) -> Answer<Loaded> {
    let (palette, picture) =
        raster::read_picture_in_colour(bytes, options).map_err(|e| match e {
            PictureError::Parse(e) => Fail::parse(path, &e),
            PictureError::Other(message) => match path {
                Some(path) => Fail::value(format!("{}: {message}", path.display())),
                None => Fail::value(message),
            },
        })?;
    Ok(Loaded {
        palette,
        picture,
        title: None,
    })
}

/// A picture from a matrix: 0 and 1, or indices of `options.palette`.
fn cells(matrix: &Robj, options: &Options) -> Answer<Loaded> {
    if options.colours != 1 || options.picture.size.is_some() {
        return Err(Fail::value(
            "colours = and size = quantise and scale images (rows by columns by RGB); a matrix is \
             a picture already",
        ));
    }
    let (height, width, values) = values::matrix_parts(matrix, "the picture")?;
    nonogram_core::check_size(width, height, Limits::DEFAULT)
        .map_err(|e| Fail::value(e.to_string()))?;
    let palette = options.palette.clone().unwrap_or_default();
    let entries = palette.len() as i32;
    let mut picture = Picture::new(width, height);
    for c in 0..width {
        for r in 0..height {
            let v = values[c * height + r];
            if !(0..entries).contains(&v) {
                let allowed = if options.palette.is_none() {
                    "0 (empty) or 1 (filled); a colour picture needs palette =".to_string()
                } else {
                    format!("a palette index from 0 to {}", entries - 1)
                };
                let shown = if v == values::NA {
                    "NA".to_string()
                } else {
                    v.to_string()
                };
                return Err(Fail::value(format!(
                    "row {}, column {} of the picture holds {shown}: use {allowed}",
                    r + 1,
                    c + 1
                )));
            }
            let mut colour = ColourId::new(v as usize).expect("a palette index");
            if options.picture.invert {
                if !palette.is_black_and_white() {
                    return Err(Fail::value(
                        "invert = TRUE swaps black and white; it does not apply to colour pictures",
                    ));
                }
                colour = if colour.is_background() {
                    ColourId::BLACK
                } else {
                    ColourId::BACKGROUND
                };
            }
            picture.set_colour(r, c, colour);
        }
    }
    Ok(Loaded {
        palette,
        picture,
        title: None,
    })
}

/// A picture from an image's pixels: an integer array, rows by columns by 3 or 4, from 0 to
/// 255, in R's order (rows fastest).
fn pixels(array: &Robj, dims: &[i32], options: &Options) -> Answer<Loaded> {
    if options.palette.is_some() {
        return Err(Fail::value(
            "palette = names the colours of a matrix of palette indices; an image's colours come \
             from its pixels (quantised with colours = K)",
        ));
    }
    let (height, width, channels) = (dims[0] as usize, dims[1] as usize, dims[2] as usize);
    if channels != 3 && channels != 4 {
        return Err(Fail::value(format!(
            "an image array is rows by columns by 3 (RGB) or 4 (RGBA), not by {channels}"
        )));
    }
    let values = array.as_integer_slice().ok_or_else(|| {
        Fail::value("an image array holds integers from 0 to 255, or doubles from 0 to 1")
    })?;
    let mut bytes = Vec::with_capacity(height * width * channels);
    for r in 0..height {
        for c in 0..width {
            for k in 0..channels {
                let v = values[r + height * (c + width * k)];
                let byte = u8::try_from(v).map_err(|_| {
                    let shown = if v == values::NA {
                        "NA".to_string()
                    } else {
                        v.to_string()
                    };
                    Fail::value(format!(
                        "the image holds {shown}; pixels go from 0 to 255 (doubles from 0 to 1)"
                    ))
                })?;
                bytes.push(byte);
            }
        }
    }
    let too_large = || Fail::value(format!("an image of {width}x{height} pixels is too large"));
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
    let (palette, picture) =
        raster::picture_from_pixels(pixels, &options.picture).map_err(|e| match e {
            PictureError::Parse(e) => Fail::parse(None, &e),
            PictureError::Other(message) => Fail::value(message),
        })?;
    Ok(Loaded {
        palette,
        picture,
        title: None,
    })
}

/// The puzzle of a picture, the picture kept as its goal.
fn puzzle_of(loaded: Loaded, title: Option<String>) -> Answer<Puzzle> {
    let mut puzzle = if loaded.palette.is_black_and_white() {
        Puzzle::from_picture(&loaded.picture)
    } else {
        Puzzle::from_coloured_picture(loaded.palette, &loaded.picture)
            .map_err(|e| Fail::value(e.to_string()))?
    };
    puzzle.metadata.goal = Some(loaded.picture);
    puzzle.metadata.title = title.or(loaded.title);
    Ok(puzzle)
}

/// The puzzle whose solution is a picture.
/// @noRd
#[extendr]
#[allow(clippy::too_many_arguments)]
fn rs_puzzle_from_picture(
    picture: Robj,
    file: Robj,
    colours: Robj,
    threshold: Robj,
    invert: Robj,
    size: Robj,
    palette: Robj,
    title: Robj,
) -> Robj {
    answer(|| {
        let options = options(&colours, &threshold, &invert, &size, &palette)?;
        let title = args::opt_string(&title, "title")?;
        let loaded = load(&picture, &file, &options)?;
        Ok(values::puzzle_robj(&puzzle_of(loaded, title)?))
    })
}

/// Makes a puzzle from a picture and checks that the picture is its only solution.
/// @noRd
#[extendr]
#[allow(clippy::too_many_arguments)]
fn rs_make(
    picture: Robj,
    file: Robj,
    colours: Robj,
    threshold: Robj,
    invert: Robj,
    size: Robj,
    palette: Robj,
    title: Robj,
    timeout: Robj,
    threads: Robj,
    givens: Robj,
    map: Robj,
) -> Robj {
    answer(|| {
        let options = options(&colours, &threshold, &invert, &size, &palette)?;
        let title = args::opt_string(&title, "title")?;
        let config = MakeConfig {
            // NULL is no limit.
            timeout: args::seconds(&timeout, "timeout")?.unwrap_or(std::time::Duration::MAX),
            threads: args::threads(&threads, "threads")?,
            givens: args::flag(&givens, "givens")?,
            map: args::flag(&map, "map")?,
            ..MakeConfig::default()
        };
        let loaded = load(&picture, &file, &options)?;
        let picture = loaded.picture.clone();
        let puzzle = Arc::new(puzzle_of(loaded, title)?);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let shared = Arc::clone(&puzzle);
        let drawn = picture.clone();
        let check = interruptible(&cancel, move || {
            check_picture_cancellable(&shared, &drawn, &config, Some(&flag), &mut |_| {})
        })?;
        let unique = match check.status {
            Status::Unique => Some(true),
            Status::Multiple | Status::NoSolution => Some(false),
            Status::Unknown | Status::Solved => None,
        };
        let triple = |cells: Vec<(usize, usize, usize)>| -> Robj {
            named(vec![
                (
                    "row",
                    cells
                        .iter()
                        .map(|c| c.0 as i32 + 1)
                        .collect::<Vec<_>>()
                        .into(),
                ),
                (
                    "col",
                    cells
                        .iter()
                        .map(|c| c.1 as i32 + 1)
                        .collect::<Vec<_>>()
                        .into(),
                ),
                (
                    "value",
                    cells.iter().map(|c| c.2 as i32).collect::<Vec<_>>().into(),
                ),
            ])
        };
        let givens = triple(
            check
                .givens
                .iter()
                .map(|g| (g.row, g.col, g.colour.index()))
                .collect(),
        );
        let puzzle_with_givens = if check.givens.is_empty() {
            None
        } else {
            let given = (*puzzle)
                .clone()
                .with_givens(check.givens.clone())
                .map_err(|e| Fail::value(e.to_string()))?;
            Some(values::puzzle_robj(&given))
        };
        let flips = triple(
            check
                .flips
                .iter()
                .map(|&(r, c, v)| (r, c, v.index()))
                .collect(),
        );
        let pairs = &check.flip_pairs;
        let pair_column = |f: fn(&[(usize, usize, ColourId); 2]) -> i32| -> Robj {
            pairs.iter().map(f).collect::<Vec<i32>>().into()
        };
        let flip_pairs = named(vec![
            ("pair", (1..=pairs.len() as i32).collect::<Vec<_>>().into()),
            ("row1", pair_column(|p| p[0].0 as i32 + 1)),
            ("col1", pair_column(|p| p[0].1 as i32 + 1)),
            ("value1", pair_column(|p| p[0].2.index() as i32)),
            ("row2", pair_column(|p| p[1].0 as i32 + 1)),
            ("col2", pair_column(|p| p[1].1 as i32 + 1)),
            ("value2", pair_column(|p| p[1].2.index() as i32)),
        ]);
        let changes = &check.map.changes;
        let map = named(vec![
            (
                "row",
                changes
                    .iter()
                    .map(|m| m.row as i32 + 1)
                    .collect::<Vec<_>>()
                    .into(),
            ),
            (
                "col",
                changes
                    .iter()
                    .map(|m| m.col as i32 + 1)
                    .collect::<Vec<_>>()
                    .into(),
            ),
            (
                "value",
                changes
                    .iter()
                    .map(|m| m.colour.index() as i32)
                    .collect::<Vec<_>>()
                    .into(),
            ),
            (
                "score",
                changes
                    .iter()
                    .map(|m| m.score as i32)
                    .collect::<Vec<_>>()
                    .into(),
            ),
            (
                "undecided_after",
                changes
                    .iter()
                    .map(|m| m.undecided_after as i32)
                    .collect::<Vec<_>>()
                    .into(),
            ),
        ]);
        let level = check
            .rating
            .and_then(nonogram_author::generator::Level::of)
            .map(|l| l.name());
        Ok(named(vec![
            ("puzzle", values::puzzle_robj(&puzzle)),
            ("picture", values::picture_matrix(&picture)),
            ("status", check.status.name().into()),
            ("stop", check.stop.name().into()),
            ("unique", unique.into()),
            ("differing_cells", cell_frame(&check.differing_cells)),
            ("givens", givens),
            ("givens_verified", check.givens_verified.into()),
            ("puzzle_with_givens", opt(puzzle_with_givens)),
            ("flips", flips),
            ("flip_pairs", flip_pairs),
            ("timed_out", check.timed_out.into()),
            ("rating", opt(check.rating.map(|r| r.to_string()))),
            ("level", opt(level)),
            ("undecided", cell_frame(&check.map.undecided)),
            ("map", map),
            ("map_complete", check.map.complete.into()),
            (
                "nearly_blank",
                opt(check
                    .nearly_blank
                    .map(|b| vec![b.filled as f64, b.cells as f64])),
            ),
        ]))
    })
}

extendr_module! {
    mod make;
    fn rs_puzzle_from_picture;
    fn rs_make;
}
