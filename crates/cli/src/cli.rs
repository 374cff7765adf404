//! The command-line interface: one [`Command`] per subcommand, parsed by clap's derive. The
//! option groups several subcommands share are in [`crate::options`], below the subcommands.
//!
//! One convention holds for every subcommand:
//!
//! - `-o, --out FILE` is always a file to write (whole or not at all, never replacing one
//!   without `--force`), and a command that wrote one says `wrote FILE (...)` on standard
//!   output; without it, results go to standard output;
//! - `--output KIND` is always *what* to print (`text`, `json`, `svg`, `png`, as each
//!   subcommand allows); when it is left out and `-o FILE` is given, the file's extension
//!   picks it, and an extension that names nothing we write is refused;
//! - `--to FORMAT` is the puzzle file format a command writes (`convert`, `make`,
//!   `generate`);
//! - `--format NAME` is how to read the input, instead of recognising it.
//!
//! Values are validated while parsing (a format name must exist, a timeout must be a finite
//! non-negative number), and options that would be ignored in a combination are refused, so a
//! subcommand receives options it can use as they are. To add a subcommand: give it a module
//! under `cmd/` with an `Args` struct and a `run` function, add a variant here, and one arm to
//! the match in [`run`]. The subcommands import nothing from here: `man` and `completions`
//! are handed the interface they describe.

use clap::{CommandFactory, Parser, Subcommand};

use crate::cmd;
use crate::error::{CliError, Exit};
use crate::manual;
// The shared option groups, once defined here, live below the subcommands; the names stay
// reachable through `cli` for code outside the crate.
pub use crate::options::*;

/// Solve, explain, make, draw and convert nonogram (paint-by-number) puzzles.
#[derive(Debug, Parser)]
#[command(name = "nonogram", version, propagate_version = true)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// Every subcommand. Each variant's arguments live in its module under `cmd/`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles and print the solutions with their clues, as JSON, or as a drawing.
    Solve(cmd::solve::Args),
    /// Convert puzzle files to another format, without solving them.
    Convert(cmd::convert::Args),
    /// Solve many puzzles (files, directories) on every core, writing JSON lines.
    Batch(cmd::batch::Args),
    /// The pattern set of a clue: count, list, common cells, matrix plot; or a puzzle's counts.
    Patterns(cmd::patterns::Args),
    /// Make a puzzle from a picture (text or image), check it is unique, suggest fixes if not.
    Make(cmd::make::Args),
    /// Explain the solving process step by step, rate the difficulty, or give a hint.
    Explain(cmd::explain::Args),
    /// Generate unique puzzles of a size, difficulty and palette, from a seed.
    Generate(cmd::generate::Args),
    /// Draw a puzzle as text, SVG or PNG: a blank sheet, its solution, or what deduction proves.
    Render(cmd::render::Args),
    /// Serve a local web page to solve, play, understand and make puzzles (and its JSON API).
    Serve(crate::serve::Args),
    /// Print the completion script of a shell (bash, zsh, fish, powershell, elvish).
    Completions(cmd::completions::Args),
    /// Print the manual page of nonogram, or of one of its subcommands, in roff.
    Man(cmd::man::Args),
}

/// Runs one subcommand to completion.
pub fn run(subcommand: Command) -> Result<Exit, CliError> {
    match subcommand {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Batch(args) => cmd::batch::run(args),
        Command::Patterns(args) => cmd::patterns::run(args),
        Command::Make(args) => cmd::make::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Generate(args) => cmd::generate::run(args),
        Command::Render(args) => cmd::render::run(args),
        Command::Serve(args) => crate::serve::run(args),
        Command::Completions(args) => cmd::completions::run(args, command_without_manual()),
        Command::Man(args) => cmd::man::run(args, command()),
    }
}

/// The interface without the examples that end `--help` (a completion script has no use for
/// them).
fn command_without_manual() -> clap::Command {
    Cli::command()
}

/// The whole interface as clap builds it, with each command's examples and exit statuses
/// ([`manual`]) at the end of its `--help`: what the binary parses and `nonogram man` renders.
pub fn command() -> clap::Command {
    let mut cli = Cli::command().after_long_help(manual::after_help(None));
    let names: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        let help = manual::after_help(Some(&name));
        cli = cli.mut_subcommand(&name, |c| c.after_long_help(help));
    }
    cli
}

impl Cli {
    /// Parses the command line (as [`Parser::try_parse`], with [`command`]'s help).
    pub fn try_parse_with_manual() -> Result<Cli, clap::Error> {
        use clap::FromArgMatches;
        let matches = command().try_get_matches()?;
        Cli::from_arg_matches(&matches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interface_is_consistent() {
        command().debug_assert();
    }

    /// Every subcommand has examples of its own in [`manual`], each running that subcommand.
    #[test]
    fn every_subcommand_has_examples() {
        let cli = Cli::command();
        for sub in cli.get_subcommands() {
            let name = sub.get_name();
            let examples = manual::examples(Some(name));
            assert!(!examples.is_empty(), "{name} has no examples");
            for e in examples {
                let own = format!("nonogram {name}");
                assert!(
                    e.command == own || e.command.starts_with(&format!("{own} ")),
                    "{name}: {}",
                    e.command
                );
            }
        }
        assert!(!manual::examples(None).is_empty());
    }
}
