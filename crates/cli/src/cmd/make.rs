//! `nonogram make`: a puzzle from a picture (the notebook's `pic2gram`), with a uniqueness check
//! and, when the clues allow several pictures, suggestions to make them unique.
//!
//! The picture is text (`#`/`.`, `1`/`0`, `X`/`_`: the picture format of `nonogram-formats`) or
//! an image (PNG, JPEG, GIF, BMP through the `image` crate, with bounded dimensions and memory),
//! thresholded to black and white on luminance, optionally scaled down first by area averaging.
//! With `--colours K` (K ≥ 2) an image is quantised instead to at most K colours and a
//! background (`nonogram_formats::raster::quantise`), and the puzzle is a colour puzzle of that palette.
//!
//! Two kinds of suggestion, each checked by solving again:
//!
//! - **givens**: greedily reveal a cell where two solutions differ, with its value in the
//!   picture, and solve again with the revealed cells fixed, until one solution is left. Each
//!   reveal rules out at least one of the two solutions that differ there (at most one agrees
//!   with the picture), so this ends; it is not guaranteed minimal. Offered only when the clues
//!   go to a format that stores givens (`json`, `tatham`): elsewhere no file could keep them.
//! - **edits**: change one cell of the picture near where solutions differ, so that the new
//!   picture's own clues have a unique solution; when no single change does, a pair of
//!   changes, the second where the first one left the doubt. A few candidates are tried, each
//!   verified by a full solve; none may work, which the report says.
//!
//! The search for suggestions lives here rather than in `nonogram-core` for now because it is
//! only a loop over `Solver`/`Search` calls; it can move into the library if another front end
//! needs it.

use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use nonogram_author::make::{check_picture, MakeConfig, NearlyBlank, Progress};
use nonogram_core::model::MAX_COLOURS;
use nonogram_core::{Palette, Picture, Puzzle};
use nonogram_formats::Format;

use crate::options::{parse_seconds, FormatNames, OutFile, SolutionOption};
use crate::picture::{
    is_image, read_picture_in_colour, PictureError, PictureOptions, MAX_IMAGE_BYTES,
};
use crate::report;

use crate::error::{CliError, Exit};
use crate::files;

/// Arguments of `nonogram make`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The picture: a text file of `#`/`.` (or `1`/`0`, `X`/`_`), or a PNG, JPEG, GIF or BMP
    /// image; `-` reads standard input.
    #[arg(value_name = "PICTURE")]
    pub picture: PathBuf,

    /// The puzzle format to write the clues in. Default: from the extension of -o FILE, else
    /// non.
    #[arg(long, value_name = "FORMAT", value_parser = FormatNames::writable())]
    pub to: Option<Format>,

    /// Whether the puzzle written keeps its solution (the picture).
    #[command(flatten)]
    pub solution: SolutionOption,

    /// Write the clues to FILE (whole or not at all) instead of standard output.
    #[command(flatten)]
    pub out: OutFile,

    /// Images made black and white: pixels darker than this luminance (0 to 255) are filled.
    /// Default: 128.
    #[arg(long, value_name = "0..255")]
    pub threshold: Option<u8>,

    /// Images: scale down to W×H cells first, averaging the pixels each cell covers. Default:
    /// a cell per pixel.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,

    /// Swap filled and empty cells (for light drawings on dark backgrounds).
    #[arg(long)]
    pub invert: bool,

    /// Images: quantise to at most K colours (1 to 32) besides the background (the most common
    /// border colour), for a colour puzzle; 1 is black and white by --threshold.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub colours: usize,

    /// `text` (a report, on standard error when the clues go to standard output) or `json` (one
    /// object on standard output; it holds the clues too unless -o is given).
    #[arg(long, value_name = "KIND", value_enum, default_value_t = Kind::Text)]
    pub output: Kind,

    /// Skip the disambiguation map (which one-cell changes of the picture decide the most of
    /// the cells line solving leaves undecided; at most 5 s of the time limit).
    #[arg(long)]
    pub no_map: bool,

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

/// The format to write the clues in: `--to`, else the `-o` file's extension, else `None`:
/// `non`, or `g` for a triangle puzzle (which `non` cannot hold).
fn clue_format(args: &Args) -> Result<Option<Format>, CliError> {
    if let Some(format) = args.to {
        return Ok(Some(format));
    }
    match args.out.extension() {
        None => Ok(None),
        Some(ext) => Format::ALL
            .iter()
            .copied()
            .find(|f| f.is_writable() && f.extension() == ext && ext != "txt")
            .map(Some)
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "cannot tell the format from the extension '.{ext}' of -o; name it with --to \
                     FORMAT"
                ))
            }),
    }
}

/// `WxH`, both at least 1 (an image is scaled down to any number of cells; the picture then
/// meets the puzzle size limits).
pub(crate) fn parse_size(text: &str) -> Result<(u32, u32), String> {
    parse_size_within(text, u32::MAX)
}

/// `WxH`, each side 1 to `max`, saying which when it is not.
pub(crate) fn parse_size_within(text: &str, max: u32) -> Result<(u32, u32), String> {
    let bad = || format!("bad size '{text}': write it as WxH, e.g. 30x20");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| -> Result<u32, String> {
        let s = s.trim();
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            // All digits: a number, maybe too large for any side.
            Ok(s.parse().unwrap_or(u32::MAX))
        } else {
            Err(bad())
        }
    };
    let (w, h) = (side(w)?, side(h)?);
    let range = if max == u32::MAX {
        "at least 1".to_string()
    } else {
        format!("1 to {max}")
    };
    if w == 0 || h == 0 || w > max || h > max {
        return Err(format!(
            "bad size '{text}': each side must be {range}, e.g. 30x20"
        ));
    }
    Ok((w, h))
}

/// Runs `nonogram make`: a picture's clues, with a uniqueness verdict.
pub fn run(args: Args) -> Result<Exit, CliError> {
    if args.colours == 0 || args.colours > MAX_COLOURS {
        return Err(CliError::Usage(format!(
            "--colours {} is out of range: give 1 (black and white) to {MAX_COLOURS}",
            args.colours
        )));
    }
    let format = clue_format(&args)?;
    if let Some(format) = format {
        args.solution.check(format)?;
    }
    files::check_writable(&args.out)?;
    let (palette, picture, image) = load_picture(&args)?;
    let format = format.unwrap_or(if palette.is_triangles() {
        Format::G
    } else {
        Format::Non
    });
    args.solution.check(format)?;
    let mut puzzle = if palette.is_black_and_white() {
        Puzzle::from_picture(&picture)
    } else {
        Puzzle::from_coloured_picture(palette, &picture)
            .map_err(|e| CliError::Usage(format!("{}: {e}", args.picture.display())))?
    };
    puzzle.metadata.goal = Some(picture.clone());
    if args.picture.as_os_str() != "-" {
        puzzle.metadata.title = args
            .picture
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned());
    }
    let mut written = [puzzle.clone()];
    args.solution.apply(&mut written, format)?;
    let clues = nonogram_formats::write(&written[0], format).map_err(|source| CliError::Write {
        format: format.name(),
        source,
    })?;

    let config = MakeConfig {
        timeout: args.timeout,
        // Givens are worth suggesting only where the file can keep them.
        givens: format.can_hold_givens(),
        map: !args.no_map,
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
        let mut value = report::make::to_json(&check, &written[0]);
        if to_file.is_none() {
            value["clues"] = clues.into();
        }
        writeln!(stdout, "{value}").map_err(CliError::stdout)?;
    } else {
        let mut text = report::make::to_text(&check, &puzzle, to_file, format);
        if let Some(blank) = check.nearly_blank {
            text.push_str(&blank_warning(&args, image, puzzle.is_triangles(), blank));
        }
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

/// The warning for a picture (nearly) all filled or all empty, with what would help: its
/// clues are unique, and say nothing.
fn blank_warning(args: &Args, image: bool, triangles: bool, blank: NearlyBlank) -> String {
    let (state, counted) = if blank.mostly_filled() {
        ("nearly all filled", blank.filled)
    } else {
        ("nearly empty", blank.filled)
    };
    let threshold = args
        .threshold
        .unwrap_or(PictureOptions::default().threshold);
    let invert = if args.invert {
        "without --invert"
    } else {
        "--invert"
    };
    let help = match (image, args.colours > 1, blank.mostly_filled()) {
        (false, ..) if triangles => "is that the picture meant?".to_string(),
        (false, ..) => format!("is that the picture meant? {invert} swaps filled and empty cells"),
        (true, true, _) => format!(
            "the background is the image's most common border colour: crop the image, or try \
             {invert}"
        ),
        (true, false, true) => format!(
            "a dark image, or a light drawing on a dark background? Try {invert}, or a lower \
             --threshold than {threshold} (pixels darker than it are filled)"
        ),
        (true, false, false) => format!(
            "a light or faint image? Try a higher --threshold than {threshold} (pixels darker \
             than it are filled), or {invert}"
        ),
    };
    format!(
        "warning: the picture is {state} ({counted} of {} cells filled), so its clues say \
         little: {help}\n",
        blank.cells
    )
}

/// One line on a terminal's standard error, redrawn as the check goes.
fn progress(step: Progress) {
    let what = match step {
        Progress::Checking => "checking that the picture is the only solution".to_string(),
        Progress::Givens(n) => format!("looking for givens: solving with {n}"),
        Progress::Flip { n, of } => format!("looking for changes: trying {n} of {of}"),
        Progress::Pair { n, of } => {
            format!("looking for pairs of changes: after change {n} of {of}")
        }
    };
    eprint!("\r\x1b[2K{what}...");
}

/// Reads the picture file (or standard input) into a picture and its palette, and whether it
/// was an image (rather than a text picture).
fn load_picture(args: &Args) -> Result<(Palette, Picture, bool), CliError> {
    let path = &args.picture;
    let io_err = |source| CliError::Io {
        action: "read it",
        path: path.clone(),
        source,
    };
    let mut bytes = Vec::new();
    let limit = MAX_IMAGE_BYTES + 1;
    if path.as_os_str() == "-" {
        io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(io_err)?;
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(limit).read_to_end(&mut bytes))
            .map_err(io_err)?;
    }
    let image = is_image(&bytes);
    refuse_unused(args, image)?;
    let options = PictureOptions {
        threshold: args
            .threshold
            .unwrap_or(PictureOptions::default().threshold),
        size: args.size,
        invert: args.invert,
        colours: args.colours,
    };
    let (palette, picture) = read_picture_in_colour(&bytes, &options).map_err(|e| match e {
        PictureError::Parse(e) => CliError::Read(nonogram_formats::Error::new(
            path.clone(),
            nonogram_formats::ErrorKind::Parse(e),
        )),
        PictureError::Other(e) => CliError::Usage(format!("{}: {e}", path.display())),
    })?;
    Ok((palette, picture, image))
}

/// Refuses the options that would do nothing with this picture, as `--size` with a text
/// picture is refused where the picture is read: the threshold is how an image becomes black and
/// white, so it has no work with a text picture, nor with `--colours`, which quantises instead.
fn refuse_unused(args: &Args, image: bool) -> Result<(), CliError> {
    let Some(threshold) = args.threshold else {
        return Ok(());
    };
    let why = if !image {
        format!("--threshold {threshold} applies to images, and this is a text picture")
    } else if args.colours > 1 {
        format!(
            "--threshold {threshold} makes an image black and white; with --colours {} it is \
             quantised instead",
            args.colours
        )
    } else {
        return Ok(());
    };
    Err(CliError::Usage(format!(
        "{}: {why}",
        args.picture.display()
    )))
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
}
