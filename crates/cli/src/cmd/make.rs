//! `nonogram make`: a puzzle from a picture (the notebook's `pic2gram`), with a uniqueness check
//! and, when the clues allow several pictures, suggestions to make them unique.
//!
//! The picture is text (`#`/`.`, `1`/`0`, `X`/`_`: the picture format of `nonogram-formats`) or
//! an image (PNG, JPEG, GIF, BMP through the `image` crate, with bounded dimensions and memory),
//! thresholded to black and white on luminance, optionally scaled down first by area averaging.
//!
//! Two kinds of suggestion, each checked by solving again:
//!
//! - **givens**: greedily reveal a cell where two solutions differ, with its value in the
//!   picture, and solve again with the revealed cells fixed, until one solution is left. Each
//!   reveal rules out at least one of the two solutions that differ there (at most one agrees
//!   with the picture), so this ends; it is not guaranteed minimal. Our file formats cannot store
//!   givens, so this is advice for a person setting the puzzle.
//! - **flips**: change one cell of the picture near where solutions differ, so that the new
//!   picture's own clues have a unique solution. A few candidates are tried, each verified by a
//!   full solve; none may work, which the report says.
//!
//! The search for suggestions lives here rather than in `nonogram-core` for now because it is
//! only a loop over `Solver`/`Search` calls; it can move into the library if another front end
//! needs it.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use nonogram_core::make::{check_picture, Check, MakeConfig, Progress};
use nonogram_core::{check_size, Limits, Picture, Puzzle, Status};
use nonogram_formats::Format;
use serde_json::json;

use crate::cli::{parse_seconds, parse_writable, OutFile};
use crate::report::{cell_name, list_cells};

use crate::error::{CliError, Exit};
use crate::files;

/// The largest image file read: 64 MiB.
const MAX_IMAGE_BYTES: u64 = 64 * 1024 * 1024;
/// The largest image decoded, per side, and the memory its decoder may use.
const MAX_IMAGE_SIDE: u32 = 16_384;
const MAX_IMAGE_ALLOC: u64 = 512 * 1024 * 1024;

/// Arguments of `nonogram make`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The picture: a text file of `#`/`.` (or `1`/`0`, `X`/`_`), or a PNG, JPEG, GIF or BMP
    /// image; `-` reads standard input.
    #[arg(value_name = "PICTURE")]
    pub picture: PathBuf,

    /// The puzzle format to write the clues in. Default: from the extension of -o FILE, else
    /// non.
    #[arg(long, value_name = "FORMAT", value_parser = parse_writable)]
    pub to: Option<Format>,

    /// Write the clues to FILE (whole or not at all) instead of standard output.
    #[command(flatten)]
    pub out: OutFile,

    /// Images: pixels darker than this luminance (0-255) are filled.
    #[arg(long, value_name = "0..255", default_value_t = 128)]
    pub threshold: u8,

    /// Images: scale down to W×H cells first, averaging the pixels each cell covers.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,

    /// Swap filled and empty cells (for light drawings on dark backgrounds).
    #[arg(long)]
    pub invert: bool,

    /// `text` (a report, on standard error when the clues go to standard output) or `json` (one
    /// object on standard output; it holds the clues too unless -o is given).
    #[arg(long, value_name = "KIND", value_enum, default_value_t = Kind::Text)]
    pub output: Kind,

    /// Time limit in seconds for the whole check, the search for fixes included.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,
}

/// What `make` prints about the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Sentences.
    Text,
    /// One JSON object.
    Json,
}

/// The format to write the clues in: `--to`, else the `-o` file's extension, else `non`.
fn clue_format(args: &Args) -> Result<Format, CliError> {
    if let Some(format) = args.to {
        return Ok(format);
    }
    match args.out.extension() {
        None => Ok(Format::Non),
        Some(ext) => Format::ALL
            .iter()
            .copied()
            .find(|f| f.is_writable() && f.extension() == ext && ext != "txt")
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "cannot tell the format from the extension '.{ext}' of -o; name it with --to \
                     FORMAT"
                ))
            }),
    }
}

/// `WxH`, both at least 1.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("bad size '{text}': write it as WxH, e.g. 30x20");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if w == 0 || h == 0 {
        return Err(bad());
    }
    Ok((w, h))
}

pub fn run(args: Args) -> Result<Exit, CliError> {
    let format = clue_format(&args)?;
    files::check_writable(&args.out)?;
    let picture = load_picture(&args)?;
    let mut puzzle = Puzzle::from_picture(&picture);
    puzzle.metadata.goal = Some(picture.clone());
    if args.picture.as_os_str() != "-" {
        puzzle.metadata.title = args
            .picture
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned());
    }
    let clues = nonogram_formats::write(&puzzle, format).map_err(|source| CliError::Write {
        format: format.name(),
        source,
    })?;

    let config = MakeConfig {
        timeout: args.timeout,
        ..MakeConfig::default()
    };
    let show = io::stderr().is_terminal();
    let check = check_picture(&puzzle, &picture, &config, &mut |step| {
        if show {
            progress(step);
        }
    });
    if show {
        // Clear the progress line.
        eprint!("\r\x1b[2K");
    }
    let to_file = args.out.path();
    if let Some(path) = to_file {
        files::write_whole(path, clues.as_bytes(), args.out.force)?;
    }
    let mut stdout = io::stdout().lock();
    if args.output == Kind::Json {
        let mut value = to_json(&check, &puzzle);
        if to_file.is_none() {
            value["clues"] = clues.into();
        }
        writeln!(stdout, "{value}").map_err(CliError::stdout)?;
    } else {
        let text = to_text(&check, &puzzle, to_file, format);
        if to_file.is_some() {
            stdout
                .write_all(text.as_bytes())
                .map_err(CliError::stdout)?;
        } else {
            stdout
                .write_all(clues.as_bytes())
                .map_err(CliError::stdout)?;
            stdout.flush().map_err(CliError::stdout)?;
            eprint!("{text}");
        }
    }
    stdout.flush().map_err(CliError::stdout)?;
    Ok(if check.stop.is_natural() && !check.timed_out {
        Exit::Success
    } else {
        Exit::Timeout
    })
}

/// One line on a terminal's standard error, redrawn as the check goes.
fn progress(step: Progress) {
    let what = match step {
        Progress::Checking => "checking that the picture is the only solution".to_string(),
        Progress::Givens(n) => format!("looking for givens: solving with {n}"),
        Progress::Flip { n, of } => format!("looking for changes: trying {n} of {of}"),
    };
    eprint!("\r\x1b[2K{what}...");
}

/// Reads the picture: an image if the bytes say so, else text.
fn load_picture(args: &Args) -> Result<Picture, CliError> {
    let path = &args.picture;
    let io_err = |source| CliError::Io {
        action: "read it",
        path: path.clone(),
        source,
    };
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        io::stdin()
            .lock()
            .take(MAX_IMAGE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io_err)?;
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_IMAGE_BYTES + 1).read_to_end(&mut bytes))
            .map_err(io_err)?;
    }
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(CliError::Usage(format!(
            "{}: larger than {MAX_IMAGE_BYTES} bytes",
            path.display()
        )));
    }
    let name = path.display();
    let picture = if is_image(&bytes) {
        let luma = decode_image(&bytes).map_err(|e| CliError::Usage(format!("{name}: {e}")))?;
        let luma = match args.size {
            Some((w, h)) => luma
                .scale_down(w, h)
                .map_err(|e| CliError::Usage(format!("{name}: {e}")))?,
            None => luma,
        };
        check_size(luma.width as usize, luma.height as usize, Limits::DEFAULT)
            .map_err(|e| CliError::Usage(format!("{name}: {e}; scale it down with --size WxH")))?;
        luma.threshold(args.threshold)
    } else {
        if args.size.is_some() {
            return Err(CliError::Usage(format!(
                "{name}: --size scales images; this is a text picture"
            )));
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| {
            CliError::Usage(format!(
                "{name}: neither a picture in text nor an image this tool reads (PNG, JPEG, GIF, BMP)"
            ))
        })?;
        let puzzles = nonogram_formats::parse(text, Format::Picture).map_err(|e| {
            CliError::Read(nonogram_formats::Error::new(
                path.clone(),
                nonogram_formats::ErrorKind::Parse(e),
            ))
        })?;
        puzzles
            .into_iter()
            .next()
            .and_then(|p| p.metadata.goal)
            .ok_or_else(|| CliError::Usage(format!("{name}: no picture in the file")))?
    };
    Ok(if args.invert {
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
fn is_image(bytes: &[u8]) -> bool {
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

/// The check as sentences.
fn to_text(check: &Check, puzzle: &Puzzle, out: Option<&Path>, format: Format) -> String {
    let mut text = String::new();
    let size = format!("{}x{}", puzzle.width(), puzzle.height());
    match out {
        Some(path) => text.push_str(&format!("wrote {} ({size}, {format})\n", path.display())),
        None => text.push_str(&format!("made a {size} puzzle ({format})\n")),
    }
    match check.status {
        Status::Unique => text.push_str("the solution is unique: solving gives the picture back\n"),
        Status::NoSolution => {
            text.push_str("the clues have no solution (this is a bug: please report it)\n")
        }
        Status::Unknown | Status::Solved => {
            text.push_str("uniqueness not decided: the time limit ran out (see --timeout)\n")
        }
        Status::Multiple => {
            text.push_str(&format!(
                "not unique: two solutions differ in {}\n",
                list_cells(&check.differing_cells, 12)
            ));
            let givens: Vec<String> = check
                .givens
                .iter()
                .map(|g| {
                    let value = if g.colour.is_background() {
                        "empty"
                    } else {
                        "filled"
                    };
                    format!("{} {value}", cell_name((g.row, g.col)))
                })
                .collect();
            if check.givens_verified {
                text.push_str(&format!(
                    "to make it unique, give {} as given: {} (checked: unique with them)\n",
                    if givens.len() == 1 {
                        "this cell"
                    } else {
                        "these cells"
                    },
                    givens.join(", ")
                ));
            } else {
                text.push_str("no set of givens was found within the limits\n");
            }
            if check.flips.is_empty() {
                text.push_str(
                    "no single-cell change of the picture near the differing cells makes it \
                     unique\n",
                );
            } else {
                let flips: Vec<String> = check
                    .flips
                    .iter()
                    .map(|&(r, c, _)| cell_name((r, c)))
                    .collect();
                text.push_str(&format!(
                    "or change the picture: flipping any one of {} makes its puzzle unique \
                     (checked)\n",
                    flips.join(", ")
                ));
            }
            if check.timed_out {
                text.push_str("(the time limit cut the search for fixes short; see --timeout)\n");
            }
        }
    }
    text
}

/// The check as one JSON object.
fn to_json(check: &Check, puzzle: &Puzzle) -> serde_json::Value {
    let runs = |clues: &[nonogram_core::Clue]| -> Vec<Vec<u32>> {
        clues.iter().map(|c| c.runs().to_vec()).collect()
    };
    let unique = match check.status {
        Status::Unique => json!(true),
        Status::Multiple | Status::NoSolution => json!(false),
        Status::Unknown | Status::Solved => json!(null),
    };
    json!({
        "width": puzzle.width(),
        "height": puzzle.height(),
        "rows": runs(puzzle.rows()),
        "columns": runs(puzzle.columns()),
        "unique": unique,
        "status": check.status.name(),
        "stop": check.stop.name(),
        "differing_cells": check.differing_cells.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
        "suggestions": {
            "givens": check.givens.iter().map(|g| json!({
                "row": g.row, "col": g.col, "filled": !g.colour.is_background()
            })).collect::<Vec<_>>(),
            "givens_verified": check.givens_verified,
            "flips": check.flips.iter().map(|&(r, c, _)| [r, c]).collect::<Vec<_>>(),
            "timed_out": check.timed_out,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("30x20"), Ok((30, 20)));
        assert_eq!(parse_size("3X2"), Ok((3, 2)));
        for bad in ["30", "0x5", "x", "3x-1", "axb"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

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
}
