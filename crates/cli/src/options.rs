//! The option groups and value parsers that several subcommands share: how to read a puzzle
//! file ([`Input`], [`ReadOptions`]), where to write ([`OutFile`]), what to solve for and how
//! ([`SolveOptions`]), and the parsers that validate formats and time limits while the command
//! line is parsed.
//!
//! They live below the subcommands (each `cmd` module imports what it needs from here), and
//! below [`crate::cli`], which only assembles the subcommands into the interface: nothing here
//! imports a subcommand back.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::error::CliError;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, ValueEnum};
use nonogram_core::{Config, Engine};
use nonogram_formats::Format;

/// How to read the input of a command that reads one puzzle file.
#[derive(Debug, Args)]
pub struct Input {
    /// The puzzle file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// How to read the file.
    #[command(flatten)]
    pub read: ReadOptions,
}

/// How to read puzzle files: shared by every command that reads them.
#[derive(Debug, Args, Clone, Copy)]
pub struct ReadOptions {
    /// Read the input as this format instead of recognising it from its content and name.
    #[arg(long, value_name = "NAME", value_parser = FormatNames::readable())]
    pub format: Option<Format>,

    /// Use only the N-th puzzle (counted from 1) of a file that holds several.
    #[arg(long, value_name = "N", value_parser = parse_puzzle_number)]
    pub puzzle: Option<u64>,
}

/// Where a command writes its result: `-o FILE` or standard output.
#[derive(Debug, Args, Clone)]
pub struct OutFile {
    /// Write to FILE (whole or not at all) instead of standard output.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Replace the -o FILE if it exists (otherwise an existing file is never touched).
    #[arg(long, requires = "out")]
    pub force: bool,
}

impl OutFile {
    /// The file to write, if one was named (`-o -` means standard output).
    pub fn path(&self) -> Option<&Path> {
        self.out.as_deref().filter(|p| p.as_os_str() != "-")
    }

    /// The extension of the `-o` file, lowercase, if it has one.
    pub fn extension(&self) -> Option<String> {
        let ext = self.path()?.extension()?.to_str()?;
        Some(ext.to_ascii_lowercase())
    }
}

/// Whether the puzzles a command writes keep their solutions: shared by the commands that
/// write puzzle files (`convert`, `make`, `generate`).
#[derive(Debug, Args, Clone, Copy)]
pub struct SolutionOption {
    /// Write the puzzles without their solutions (the goal picture that non, xml and json
    /// files can hold), so that sharing a file does not share its answer. Refused for the
    /// picture format, which is nothing but the solution.
    #[arg(long)]
    pub no_solution: bool,
}

impl SolutionOption {
    /// Takes the solutions out of `puzzles` if `--no-solution` was given; refused, before
    /// anything is written, for a format that is the solution.
    pub fn apply(
        &self,
        puzzles: &mut [nonogram_core::Puzzle],
        format: Format,
    ) -> Result<(), CliError> {
        self.check(format)?;
        if self.no_solution {
            nonogram_formats::drop_solutions(puzzles, format)
                .map_err(|e| CliError::Usage(format!("--no-solution: {e}")))?;
        }
        Ok(())
    }

    /// Refuses `--no-solution` for a format that is the solution, before any work.
    pub fn check(&self, format: Format) -> Result<(), CliError> {
        if self.no_solution {
            nonogram_formats::drop_solutions(&mut [], format)
                .map_err(|e| CliError::Usage(format!("--no-solution: {e}")))?;
        }
        Ok(())
    }
}

/// What to look for, with which engine and within which limits: shared by every command that
/// solves (`solve`, `render`, `batch`).
#[derive(Debug, Args, Clone)]
pub struct SolveOptions {
    /// Look for at most N solutions per puzzle (at most 10000). 2 is enough to prove a solution
    /// unique; 1 stops at the first solution found, without checking for others.
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..=MAX_SOLUTIONS as u64))]
    pub solutions: u64,

    /// Give up on a puzzle after this many seconds (fractions allowed). Default: no limit.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Only apply line solving, without probing or search, and report the partial grid it
    /// reaches (status `unique`, `none` or `partial`).
    #[arg(long, visible_alias = "deduce", conflicts_with_all = ["solutions", "engine", "seed"])]
    pub deduce_only: bool,

    /// The engine.
    #[arg(long, value_name = "ENGINE", value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,

    /// The learning engine's initial order (`auto` and `learn`): 0 is its own; another number
    /// perturbs it, reproducibly. A hard puzzle's solving time can move by 2× or more with it.
    /// Default: 0.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// The most solutions one solve keeps (`--solutions`): each is held in memory until it is
/// printed, a byte per cell (10,000 solutions of a 100×100 puzzle take 100 MB).
pub const MAX_SOLUTIONS: usize = 10_000;

impl SolveOptions {
    /// `--solutions` as a count.
    pub fn max_solutions(&self) -> usize {
        usize::try_from(self.solutions).unwrap_or(MAX_SOLUTIONS)
    }

    /// The solver's configuration, with `threads` threads for each puzzle.
    pub fn config(&self, threads: usize) -> Config {
        nonogram_api::report::SolveOptions::from(self).config(threads)
    }

    /// Refuses what the engine asked for would not use: `--seed` orders the learning engine,
    /// which `search` and `sat` do without, and `--threads` (given as `threads`, by the
    /// commands that have it) feeds the portfolio of `auto` alone.
    pub fn check(&self, threads: Option<usize>) -> Result<(), crate::error::CliError> {
        let engine = self.engine.name();
        let refuse = |message: String| Err(crate::error::CliError::Usage(message));
        if let (Some(seed), EngineArg::Search | EngineArg::Sat) = (self.seed, self.engine) {
            return refuse(format!(
                "--seed {seed} orders the learning engine, and --engine {engine} has none"
            ));
        }
        if let (Some(n), EngineArg::Search | EngineArg::Learn | EngineArg::Sat) =
            (threads, self.engine)
        {
            return refuse(format!(
                "--threads {n} is for the auto engine's race; --engine {engine} runs on one \
                 thread"
            ));
        }
        Ok(())
    }
}

/// The flags as the report path takes them.
impl From<&SolveOptions> for nonogram_api::report::SolveOptions {
    fn from(flags: &SolveOptions) -> nonogram_api::report::SolveOptions {
        nonogram_api::report::SolveOptions {
            solutions: flags.solutions,
            timeout: flags.timeout,
            deduce_only: flags.deduce_only,
            engine: flags.engine.into(),
            seed: flags.seed.unwrap_or(0),
        }
    }
}

/// `--engine`: the names of [`Engine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// Search and learning together (the default).
    Auto,
    /// Propagation, probing and depth-first search.
    Search,
    /// Clause learning with the line solver as propagator.
    Learn,
    /// CaDiCaL on the CNF of the line automata.
    Sat,
}

impl EngineArg {
    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        Engine::from(self).name()
    }
}

impl From<EngineArg> for Engine {
    fn from(arg: EngineArg) -> Engine {
        match arg {
            EngineArg::Auto => Engine::Auto,
            EngineArg::Search => Engine::Search,
            EngineArg::Learn => Engine::Learn,
            EngineArg::Sat => Engine::Sat,
        }
    }
}

/// `--puzzle N`: a puzzle number, counted from 1, as people count (0 is refused with that said).
pub fn parse_puzzle_number(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("puzzles are counted from 1: --puzzle 1 is the first".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "'{text}' is not a puzzle number: N picks the N-th puzzle of the file, counted from 1"
        )),
    }
}

/// A value parser that lists the values it takes, for `--help`, the man page and shell
/// completions, while `parser` still reads them (with its own messages, such as the pointer
/// from `solve --output non` to `convert`).
#[derive(Clone, Debug)]
pub struct Choices<P> {
    parser: P,
    /// Each value's name and, for `--help`, what it means.
    values: &'static [(&'static str, &'static str)],
}

impl<P> Choices<P> {
    /// `parser`, listing `values` (name, meaning).
    pub fn new(parser: P, values: &'static [(&'static str, &'static str)]) -> Choices<P> {
        Choices { parser, values }
    }
}

impl<P: TypedValueParser> TypedValueParser for Choices<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.parser.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.values
                .iter()
                .map(|&(name, help)| PossibleValue::new(name).help(help)),
        ))
    }
}

/// A value parser for format names that lists them (those that `keep` passes) for `--help`,
/// the man page and shell completions, aliases included, while `parser` reads them.
#[derive(Clone, Debug)]
pub struct FormatNames {
    parser: fn(&str) -> Result<Format, String>,
    keep: fn(Format) -> bool,
}

impl FormatNames {
    /// Every format, read by [`parse_format`].
    pub fn readable() -> FormatNames {
        FormatNames {
            parser: parse_format,
            keep: |_| true,
        }
    }

    /// The formats that can be written, read by [`parse_writable`].
    pub fn writable() -> FormatNames {
        FormatNames {
            parser: parse_writable,
            keep: Format::is_writable,
        }
    }
}

impl TypedValueParser for FormatNames {
    type Value = Format;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Format, clap::Error> {
        self.parser.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Format::ALL
                .iter()
                .copied()
                .filter(|&f| (self.keep)(f))
                .map(|f| PossibleValue::new(f.name()).aliases(f.aliases().iter().copied())),
        ))
    }
}

/// A format name as `Format::from_name` knows it.
pub fn parse_format(name: &str) -> Result<Format, String> {
    Format::named(name).map_err(|e| e.to_string())
}

/// A format name that `nonogram_formats::write` can produce.
pub fn parse_writable(name: &str) -> Result<Format, String> {
    Format::named_writable(name).map_err(|e| e.to_string())
}

/// The names of the formats that pass a test, comma-separated: the formats crate's, so that
/// the command line, the API and Python list them alike.
pub use nonogram_formats::format_names;

/// A time limit in seconds, possibly fractional. A limit longer than any run (more than a
/// century) is taken as it is: the solver treats a deadline it cannot represent as none.
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
    Ok(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
}

/// `--threads`: 0 (one per core) to [`nonogram_core::MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n <= nonogram_core::MAX_THREADS => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 0 (one per core) to {}",
            nonogram_core::MAX_THREADS
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_validated() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        // Far beyond any run: no limit, not an error and not a panic.
        assert_eq!(
            parse_seconds("1e19"),
            Ok(Duration::from_secs(10_000_000_000_000_000_000))
        );
        assert_eq!(parse_seconds("1e300"), Ok(Duration::MAX));
        for bad in ["-1", "nan", "inf", "soon", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
