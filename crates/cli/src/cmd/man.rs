//! `nonogram man [COMMAND]`: the manual page of `nonogram`, or of one of its subcommands
//! (`nonogram-solve(1)`, ...), in roff, generated from the same clap definitions as `--help`
//! (by `clap_mangen`), so that the page and the help cannot disagree. One page per subcommand,
//! as git has: the main page lists them all.

use std::io::{self, Write};

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::{CliError, Exit};

/// Arguments of `nonogram man`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The subcommand whose page to print (`solve` prints nonogram-solve(1)). Default: the
    /// page of nonogram itself, which lists the subcommands.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// Prints the page on standard output.
pub fn run(args: Args) -> Result<Exit, CliError> {
    let page = page(args.command.as_deref())?;
    let mut stdout = io::stdout().lock();
    stdout.write_all(&page).map_err(CliError::stdout)?;
    stdout.flush().map_err(CliError::stdout)?;
    Ok(Exit::Success)
}

/// The roff of the page of `command` (a subcommand's name), or of `nonogram`.
pub fn page(command: Option<&str>) -> Result<Vec<u8>, CliError> {
    // Building names the subcommands as their pages do (`nonogram-solve`, synopsis `nonogram
    // solve`); `help` is a subcommand of clap's, with no page.
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    let cmd = match command {
        None => cli,
        Some(name) => cli.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
            CliError::Usage(format!(
                "no subcommand '{name}' (the subcommands: {})",
                names.join(", ")
            ))
        })?,
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd)
        .source(format!("nonogram {}", env!("CARGO_PKG_VERSION")))
        .render(&mut page)
        .map_err(CliError::stdout)?;
    Ok(page)
}
