//! `nonogram generate`: fresh puzzles of a chosen size, difficulty and palette, each proved
//! unique and rated as `explain` rates it (`nonogram_author::generator` does the work).
//!
//! The puzzles are written in one file (a `.non` bundle, an XML puzzle set, a JSON array, R
//! strings one a line) or printed as `solve` reads them; a format that holds one puzzle a file
//! is refused for `--count` above 1, and one without colours for `--colours` above 1, before
//! anything is generated. Puzzle `i` of a seed is the same however many are asked for, so the
//! puzzles are generated in parallel, one per core, each on one thread. Nothing is written
//! unless every puzzle was found.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nonogram_author::generator::{
    clock_seed, generate_cancellable, GenerateError, Generated, GeneratorConfig, Level, Style,
    MAX_SIDE,
};
use nonogram_core::model::MAX_COLOURS;
use nonogram_formats::Format;
use rayon::prelude::*;

use crate::cmd::make::parse_size_within;
use crate::error::{CliError, Exit};
use crate::files;
use crate::options::SolutionOption;
use crate::options::{parse_seconds, parse_writable, OutFile};
use crate::report::plural;

/// The most puzzles one run generates (`--count`).
pub const MAX_COUNT: u64 = 10_000;

/// Arguments of `nonogram generate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the puzzles, WxH (each side 1 to 200).
    #[arg(long, value_name = "WxH", value_parser = |s: &str| parse_size_within(s, MAX_SIDE as u32))]
    pub size: (u32, u32),

    /// How hard, by the rating `explain` prints: `easy` (line solving alone), `medium` (needs
    /// probing), `hard` (needs search) or `any` (whichever comes first).
    #[arg(long, value_name = "LEVEL", value_enum, default_value_t = LevelArg::Easy)]
    pub difficulty: LevelArg,

    /// Colours besides the background: 1 is black and white; 2 to 32 make a colour puzzle
    /// that uses every one of them.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=MAX_COLOURS as u64))]
    pub colours: u64,

    /// The share of cells filled in the starting pictures, strictly between 0 and 1.
    /// Default: 0.55, and 0.4 for hard.
    #[arg(long, value_name = "D", value_parser = parse_density)]
    pub density: Option<f64>,

    /// The pictures: `smooth` (blobs: blurred noise, thresholded), `symmetric` (the same,
    /// mirrored left to right) or `noise` (every cell drawn on its own).
    #[arg(long, value_name = "STYLE", value_enum, default_value_t = StyleArg::Smooth)]
    pub style: StyleArg,

    /// The seed: the same seed (and version) gives the same puzzles. Default: drawn from the
    /// clock, and written in each puzzle's title.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// How many puzzles (at most 10000), written in one file.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=MAX_COUNT))]
    pub count: u64,

    /// The puzzle format to write. Default: from the extension of -o FILE, else non.
    #[arg(long, value_name = "FORMAT", value_parser = parse_writable)]
    pub to: Option<Format>,

    /// Write the puzzles to FILE (whole or not at all) instead of standard output.
    #[command(flatten)]
    pub out: OutFile,

    /// Whether the puzzles keep their solutions.
    #[command(flatten)]
    pub solution: SolutionOption,

    /// Give up on a puzzle after this many seconds (fractions allowed).
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = parse_seconds)]
    pub timeout: Duration,
}

/// `--difficulty`: the names of [`Level`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LevelArg {
    /// Line solving alone completes the grid.
    Easy,
    /// Line solving stalls; single-cell probes complete it.
    Medium,
    /// Probes stall too: it needs search.
    Hard,
    /// Whichever comes first.
    Any,
}

impl From<LevelArg> for Level {
    fn from(arg: LevelArg) -> Level {
        match arg {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Any => Level::Any,
        }
    }
}

/// `--style`: the names of [`Style`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StyleArg {
    /// Blobs: blurred noise, thresholded.
    Smooth,
    /// Blobs mirrored left to right.
    Symmetric,
    /// Every cell drawn on its own.
    Noise,
}

impl From<StyleArg> for Style {
    fn from(arg: StyleArg) -> Style {
        match arg {
            StyleArg::Smooth => Style::Smooth,
            StyleArg::Symmetric => Style::Symmetric,
            StyleArg::Noise => Style::Noise,
        }
    }
}

/// A share of cells, strictly between 0 and 1.
fn parse_density(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(d) if d > 0.0 && d < 1.0 => Ok(d),
        _ => Err(format!(
            "'{text}' is not a density: give a share of cells strictly between 0 and 1, e.g. 0.5"
        )),
    }
}

/// The format to write: `--to`, else the `-o` file's extension, else `non`; refused if it
/// cannot hold what is asked (several puzzles, colours).
fn output_format(args: &Args) -> Result<Format, CliError> {
    let format = match (args.to, args.out.extension()) {
        (Some(format), _) => format,
        (None, None) => Format::Non,
        (None, Some(ext)) => Format::ALL
            .iter()
            .copied()
            .find(|f| f.is_writable() && f.extension() == ext && ext != "txt")
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "cannot tell the format from the extension '.{ext}' of -o; name it with \
                     --to FORMAT"
                ))
            })?,
    };
    let holding = |keep: fn(Format) -> bool| {
        let names: Vec<&str> = Format::ALL
            .iter()
            .copied()
            .filter(|&f| f.is_writable() && keep(f))
            .map(Format::name)
            .collect();
        names.join(", ")
    };
    if args.count > 1 && !format.can_hold_many() {
        return Err(CliError::Usage(format!(
            "--count {}: a {} file holds one puzzle; write them as one of {}",
            args.count,
            format.name(),
            holding(Format::can_hold_many)
        )));
    }
    if args.colours > 1 && !format.can_hold_colour() {
        return Err(CliError::Usage(format!(
            "--colours {}: the {} format has no colours; write them as one of {}",
            args.colours,
            format.name(),
            holding(Format::can_hold_colour)
        )));
    }
    Ok(format)
}

/// Runs `nonogram generate`.
pub fn run(args: Args) -> Result<Exit, CliError> {
    let format = output_format(&args)?;
    args.solution.check(format)?;
    files::check_writable(&args.out)?;
    let (width, height) = args.size;
    let config = GeneratorConfig {
        width: width as usize,
        height: height as usize,
        level: args.difficulty.into(),
        colours: args.colours as usize,
        density: args.density,
        style: args.style.into(),
        seed: args.seed.unwrap_or_else(clock_seed),
        timeout: Some(args.timeout),
    };
    config
        .validate()
        .map_err(|e| CliError::Usage(e.to_string()))?;

    // Puzzle by puzzle in parallel; the first failure stops the others.
    let stop = AtomicBool::new(false);
    let count = usize::try_from(args.count).unwrap_or(1);
    let results: Vec<Result<Generated, GenerateError>> = (0..count)
        .into_par_iter()
        .map(|index| {
            let result = generate_cancellable(&config, index as u64, Some(&stop));
            if result.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            result
        })
        .collect();
    let failed = results.iter().enumerate().find_map(|(i, r)| match r {
        Err(GenerateError::Cancelled) | Ok(_) => None,
        Err(e) => Some((i, e)),
    });
    if let Some((index, err)) = failed {
        let which = if args.count > 1 {
            format!("puzzle {} of {}: ", index + 1, args.count)
        } else {
            String::new()
        };
        // What is likely to help, for this request (the library's advice, in our flags).
        let advice = err
            .advice(|option| format!("--{option}"))
            .map(|advice| format!("; {advice}"))
            .unwrap_or_default();
        eprintln!("nonogram: {which}{err}{advice}");
        return Ok(Exit::Timeout);
    }
    let generated: Vec<Generated> = results.into_iter().filter_map(Result::ok).collect();
    let mut puzzles: Vec<_> = generated.iter().map(|g| g.puzzle.clone()).collect();
    args.solution.apply(&mut puzzles, format)?;
    let text = nonogram_formats::write_all(&puzzles, format).map_err(|source| CliError::Write {
        format: format.name(),
        source,
    })?;
    files::write_out(text.as_bytes(), &args.out)?;

    // What was made: on standard output after writing a file, else on standard error (the
    // puzzles are on standard output).
    let mut report = String::new();
    if let Some(path) = args.out.path() {
        report.push_str(&format!(
            "wrote {} to {} ({})\n",
            plural(generated.len(), "puzzle"),
            path.display(),
            format.name()
        ));
    }
    for g in &generated {
        report.push_str(&format!(
            "{}: {}, unique ({:.2} s)\n",
            g.puzzle.metadata.title.as_deref().unwrap_or("puzzle"),
            g.difficulty,
            g.elapsed.as_secs_f64()
        ));
    }
    if args.out.path().is_some() {
        let mut stdout = io::stdout().lock();
        stdout
            .write_all(report.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(CliError::stdout)?;
    } else {
        eprint!("{report}");
    }
    Ok(Exit::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn densities_are_validated() {
        assert_eq!(parse_density("0.4"), Ok(0.4));
        for bad in ["0", "1", "-0.2", "1.5", "nan", "half", ""] {
            assert!(parse_density(bad).is_err(), "{bad}");
        }
    }
}
