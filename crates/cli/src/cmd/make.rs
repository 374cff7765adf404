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

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use nonogram_core::{check_size, Config, Given, Limits, Picture, Puzzle, Solver, Status};
use nonogram_formats::Format;
use serde_json::json;

use crate::cli::parse_seconds;
use crate::cmd::convert::parse_writable;
use crate::error::{CliError, Exit};
use crate::files;

/// The largest image file read: 64 MiB.
const MAX_IMAGE_BYTES: u64 = 64 * 1024 * 1024;
/// The largest image decoded, per side, and the memory its decoder may use.
const MAX_IMAGE_SIDE: u32 = 16_384;
const MAX_IMAGE_ALLOC: u64 = 512 * 1024 * 1024;
/// The most cells revealed as givens before giving up.
const MAX_GIVENS: usize = 200;
/// How many single-cell flips are tried, and how many working ones are reported.
const FLIP_CANDIDATES: usize = 24;
const FLIPS_REPORTED: usize = 3;

/// Arguments of `nonogram make`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The picture: a text file of `#`/`.` (or `1`/`0`, `X`/`_`), or a PNG, JPEG, GIF or BMP
    /// image; `-` reads standard input.
    #[arg(value_name = "PICTURE")]
    pub picture: PathBuf,

    /// The clue format to write.
    #[arg(long, value_name = "FORMAT", default_value = "non", value_parser = parse_writable)]
    pub to: Format,

    /// Write the clues to this file (whole or not at all) instead of standard output.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,

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
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub output: String,

    /// Time limit in seconds for each uniqueness check.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,
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
    let picture = load_picture(&args)?;
    let mut puzzle = Puzzle::from_picture(&picture);
    puzzle.metadata.goal = Some(picture.clone());
    if args.picture.as_os_str() != "-" {
        puzzle.metadata.title = args
            .picture
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned());
    }
    let clues = nonogram_formats::write(&puzzle, args.to).map_err(|source| CliError::Write {
        format: args.to.name(),
        source,
    })?;

    let report = check(&puzzle, &picture, args.timeout);
    let to_file = args.out.as_ref().filter(|p| p.as_os_str() != "-");
    if let Some(path) = to_file {
        files::write_whole(path, clues.as_bytes(), args.force)?;
    }
    let json = args.output == "json";
    let mut stdout = io::stdout().lock();
    if json {
        let mut value = report.to_json(&puzzle);
        if to_file.is_none() {
            value["clues"] = clues.into();
        }
        writeln!(stdout, "{value}").map_err(CliError::stdout)?;
    } else {
        let text = report.to_text(&puzzle, to_file.map(|p| p.as_path()), args.to);
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
    Ok(match report.status {
        Status::Unknown => Exit::Timeout,
        _ => Exit::Success,
    })
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
        let puzzles = nonogram_formats::parse(text, Format::Picture)
            .map_err(|e| CliError::Usage(format!("{name}:{e}")))?;
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

/// The result of the uniqueness check and the suggestions.
#[derive(Debug)]
struct Report {
    status: Status,
    differing: Vec<(usize, usize)>,
    /// Cells to reveal, with their value, and whether solving with them proved the picture
    /// unique.
    givens: Vec<(usize, usize, bool)>,
    givens_verified: bool,
    /// Single cells whose flip makes the picture's puzzle unique (each verified).
    flips: Vec<(usize, usize)>,
}

/// Solves `puzzle` with `givens` fixed: the status and up to two solutions.
fn solve_with(
    puzzle: &Puzzle,
    givens: &[(usize, usize, bool)],
    timeout: Duration,
) -> (Status, Vec<Picture>) {
    let givens: Vec<Given> = givens
        .iter()
        .map(|&(r, c, filled)| Given::cell(r, c, filled))
        .collect();
    let outcome = Solver::new(Config {
        max_solutions: 2,
        timeout: Some(timeout),
        ..Config::default()
    })
    .solve_from(puzzle, &givens);
    (outcome.status, outcome.solutions)
}

fn check(puzzle: &Puzzle, picture: &Picture, timeout: Duration) -> Report {
    let outcome = Solver::new(Config {
        max_solutions: 2,
        timeout: Some(timeout),
        ..Config::default()
    })
    .solve(puzzle);
    let mut report = Report {
        status: outcome.status,
        differing: outcome.differing_cells.clone(),
        givens: Vec::new(),
        givens_verified: false,
        flips: Vec::new(),
    };
    if outcome.status != Status::Multiple {
        return report;
    }
    // Givens, greedily.
    let mut differing = outcome.differing_cells.clone();
    while report.givens.len() < MAX_GIVENS {
        let Some(&(r, c)) = differing.first() else {
            break;
        };
        report.givens.push((r, c, picture.get(r, c)));
        let (status, solutions) = solve_with(puzzle, &report.givens, timeout);
        match (status, solutions.as_slice()) {
            (Status::Unique, [only]) => {
                report.givens_verified = only == picture;
                break;
            }
            (Status::Multiple, [a, b, ..]) => differing = a.differences(b),
            _ => break,
        }
    }
    // Flips near the differing cells.
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    for &(r, c) in &outcome.differing_cells {
        for (dr, dc) in [
            (0, 0),
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ] {
            let (Some(rr), Some(cc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            if rr < picture.height() && cc < picture.width() && !candidates.contains(&(rr, cc)) {
                candidates.push((rr, cc));
            }
        }
        if candidates.len() >= FLIP_CANDIDATES {
            break;
        }
    }
    candidates.truncate(FLIP_CANDIDATES);
    let solver = Solver::new(Config {
        max_solutions: 2,
        timeout: Some(timeout),
        ..Config::default()
    });
    for (r, c) in candidates {
        let mut flipped = picture.clone();
        flipped.set(r, c, !picture.get(r, c));
        let outcome = solver.solve(&Puzzle::from_picture(&flipped));
        if outcome.status == Status::Unique && outcome.solutions.first() == Some(&flipped) {
            report.flips.push((r, c));
            if report.flips.len() >= FLIPS_REPORTED {
                break;
            }
        }
    }
    report
}

fn cell_name((r, c): (usize, usize)) -> String {
    format!("(r{},c{})", r + 1, c + 1)
}

impl Report {
    fn to_text(&self, puzzle: &Puzzle, out: Option<&Path>, format: Format) -> String {
        let mut text = String::new();
        let size = format!("{}x{}", puzzle.width(), puzzle.height());
        match out {
            Some(path) => text.push_str(&format!("wrote {} ({size}, {format})\n", path.display())),
            None => text.push_str(&format!("made a {size} puzzle ({format})\n")),
        }
        match self.status {
            Status::Unique => {
                text.push_str("the solution is unique: solving gives the picture back\n")
            }
            Status::NoSolution => {
                text.push_str("the clues have no solution (this is a bug: please report it)\n")
            }
            Status::Unknown | Status::Solved => {
                text.push_str("uniqueness not decided: the time limit ran out (see --timeout)\n")
            }
            Status::Multiple => {
                let cells: Vec<String> = self
                    .differing
                    .iter()
                    .take(12)
                    .map(|&rc| cell_name(rc))
                    .collect();
                let more = self.differing.len().saturating_sub(12);
                text.push_str(&format!(
                    "not unique: two solutions differ in {} cells: {}{}\n",
                    self.differing.len(),
                    cells.join(" "),
                    if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    }
                ));
                let givens: Vec<String> = self
                    .givens
                    .iter()
                    .map(|&(r, c, f)| {
                        format!(
                            "{} {}",
                            cell_name((r, c)),
                            if f { "filled" } else { "empty" }
                        )
                    })
                    .collect();
                if self.givens_verified {
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
                if self.flips.is_empty() {
                    text.push_str("no single-cell change of the picture near the differing cells makes it unique\n");
                } else {
                    let flips: Vec<String> = self.flips.iter().map(|&rc| cell_name(rc)).collect();
                    text.push_str(&format!(
                        "or change the picture: flipping any one of {} makes its puzzle unique (checked)\n",
                        flips.join(", ")
                    ));
                }
            }
        }
        text
    }

    fn to_json(&self, puzzle: &Puzzle) -> serde_json::Value {
        let runs = |clues: &[nonogram_core::Clue]| -> Vec<Vec<u32>> {
            clues.iter().map(|c| c.runs().to_vec()).collect()
        };
        let unique = match self.status {
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
            "status": self.status.name(),
            "differing_cells": self.differing.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
            "suggestions": {
                "givens": self.givens.iter().map(|&(r, c, f)| json!({"row": r, "col": c, "filled": f})).collect::<Vec<_>>(),
                "givens_verified": self.givens_verified,
                "flips": self.flips.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(rows: &[&str]) -> Picture {
        Picture::from_strings(rows).unwrap()
    }

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

    #[test]
    fn unique_pictures_need_no_suggestions() {
        let pic = picture(&[".###.", "##.#.", ".###.", "..##.", "..###"]);
        let report = check(&Puzzle::from_picture(&pic), &pic, Duration::from_secs(5));
        assert_eq!(report.status, Status::Unique);
        assert!(report.givens.is_empty() && report.flips.is_empty());
    }

    #[test]
    fn ambiguous_pictures_get_checked_givens_and_flips() {
        // Two diagonals: the classic ambiguous 2x2, inside a larger frame.
        let pic = picture(&["#..", ".#.", "..."]);
        let puzzle = Puzzle::from_picture(&pic);
        let report = check(&puzzle, &pic, Duration::from_secs(5));
        assert_eq!(report.status, Status::Multiple);
        assert!(report.givens_verified);
        assert_eq!(report.givens.len(), 1);
        let (status, solutions) = solve_with(&puzzle, &report.givens, Duration::from_secs(5));
        assert_eq!(
            (status, solutions.as_slice()),
            (Status::Unique, std::slice::from_ref(&pic))
        );
        assert!(!report.flips.is_empty());
        for &(r, c) in &report.flips {
            let mut flipped = pic.clone();
            flipped.set(r, c, !pic.get(r, c));
            let outcome = Solver::new(Config::default()).solve(&Puzzle::from_picture(&flipped));
            assert_eq!(outcome.status, Status::Unique);
        }
    }
}
