//! The command-line interface: one [`Command`] per subcommand, options parsed by clap's derive.
//!
//! Values are validated while parsing (a format name must exist, a timeout must be a finite
//! non-negative number), so a subcommand receives options it can use as they are. To add a
//! subcommand: give it a module under `cmd/` with an `Args` struct and a `run` function, add a
//! variant here, and one arm to the match in [`crate::cmd::run`].

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use nonogram_core::{Config, Engine};
use nonogram_formats::Format;

use crate::cmd;

/// Solve, check and convert nonogram (paint-by-number) puzzles.
#[derive(Debug, Parser)]
#[command(name = "nonogram", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// Every subcommand. Each variant's arguments live in its module under `cmd/`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles and print the solutions with their clues, or as JSON.
    Solve(cmd::solve::Args),
    /// Convert a puzzle file to another format, without solving it.
    Convert(cmd::convert::Args),
    /// Solve many puzzles (files, directories) on every core, writing JSON lines.
    Batch(cmd::batch::Args),
    /// The pattern set of a clue: count, list, common cells, matrix plot; or a puzzle's counts.
    Patterns(cmd::patterns::Args),
    /// Make a puzzle from a picture (text or image), check it is unique, suggest fixes if not.
    Make(cmd::make::Args),
    /// Explain the solving process step by step, rate the difficulty, or give a hint.
    Explain(cmd::explain::Args),
    /// Draw a puzzle as text, SVG or PNG: a blank sheet, its solution, or what deduction proves.
    Render(cmd::render::Args),
}

/// How to read the input: shared by every subcommand that reads puzzles.
#[derive(Debug, Args)]
pub struct Input {
    /// The puzzle file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Read the input as this format instead of guessing it from the name and content.
    #[arg(long, value_name = "NAME", value_parser = parse_format)]
    pub format: Option<Format>,

    /// Use only the N-th puzzle of a file that holds several (counted from 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub puzzle: Option<u64>,
}

/// What to look for and with which engine: shared by `solve` and `batch`, which differ only in
/// how they spread the work over threads (see [`SolveOptions::config`]).
#[derive(Debug, Args)]
pub struct SolveOptions {
    /// Look for at most N solutions per puzzle. 2 is enough to prove a solution unique; 1 stops
    /// at the first solution found, without checking for others.
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub solutions: u64,

    /// Give up on a puzzle after this many seconds (fractions allowed); its status is then
    /// `timeout`.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Only apply line solving, without probing or search, and report the partial grid it
    /// reaches (status `unique`, `none` or `partial`).
    #[arg(long)]
    pub deduce_only: bool,

    /// The engine: `auto` (search and learning together), `search` (propagation, probing and
    /// depth-first search), `learn` (clause learning with the line solver as propagator) or
    /// `sat` (CaDiCaL on the line automata).
    #[arg(long, value_name = "ENGINE", default_value = "auto", value_parser = parse_engine)]
    pub engine: Engine,

    /// The learning engine's initial order: 0 (default) is its own; another number perturbs
    /// it, reproducibly. A hard puzzle's solving time can move by 2× or more with it.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
}

impl SolveOptions {
    /// `--solutions` as a count.
    pub fn max_solutions(&self) -> usize {
        usize::try_from(self.solutions).unwrap_or(usize::MAX)
    }

    /// The solver's configuration, with `threads` threads for each puzzle.
    pub fn config(&self, threads: usize) -> Config {
        Config {
            max_solutions: self.max_solutions(),
            timeout: self.timeout,
            threads,
            engine: self.engine,
            seed: self.seed,
            ..Config::default()
        }
    }
}

/// Parses `--engine`.
fn parse_engine(name: &str) -> Result<Engine, String> {
    Engine::from_name(name)
        .ok_or_else(|| format!("unknown engine {name:?} (expected auto, search, learn or sat)"))
}

/// A format name as `Format::from_name` knows it.
pub fn parse_format(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| {
        format!(
            "unknown format '{name}' (known formats: {})",
            format_names(|_| true)
        )
    })
}

/// The names of the formats that pass `keep`, comma-separated.
pub fn format_names(keep: impl Fn(Format) -> bool) -> String {
    let names: Vec<&str> = Format::ALL
        .iter()
        .copied()
        .filter(|&f| keep(f))
        .map(Format::name)
        .collect();
    names.join(", ")
}

/// A time limit in seconds, possibly fractional.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(format!(
            "'{text}' is not a non-negative, finite number of seconds"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("'{text}' seconds is too long a time"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_interface_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn seconds_are_validated() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        for bad in ["-1", "nan", "inf", "1e300", "soon", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
