//! `nonogram man [COMMAND]`: the manual page of `nonogram`, or of one of its subcommands
//! (`nonogram-solve(1)`, ...), in roff, generated from the same clap definitions as `--help`
//! (by `clap_mangen`), so that the page and the help cannot disagree. One page per subcommand,
//! as git has: the main page lists them all, and `--list` names them, for a loop that installs
//! every page. Each page ends with EXAMPLES and EXIT STATUS, from the same source as the end
//! of `--help` ([`crate::manual`]).

use std::io::{self, Write};

use roff::{bold, roman, Roff};

use crate::error::{CliError, Exit};
use crate::manual;

/// Arguments of `nonogram man`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The subcommand whose page to print (`solve` prints nonogram-solve(1)). Default: the
    /// page of nonogram itself, which lists the subcommands.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,

    /// Print the names of the subcommands that have a page, one per line, instead of a page:
    /// `for c in $(nonogram man --list); do nonogram man $c > nonogram-$c.1; done`.
    #[arg(long, conflicts_with = "command")]
    pub list: bool,
}

/// Prints the page (or the list) of `interface` (the whole command line's) on standard
/// output.
pub fn run(args: Args, interface: clap::Command) -> Result<Exit, CliError> {
    let interface = built(interface);
    let text = if args.list {
        let mut names = subcommands(&interface).join("\n");
        names.push('\n');
        names.into_bytes()
    } else {
        page(&interface, args.command.as_deref())?
    };
    let mut stdout = io::stdout().lock();
    stdout.write_all(&text).map_err(CliError::stdout)?;
    stdout.flush().map_err(CliError::stdout)?;
    Ok(Exit::Success)
}

/// The interface as the pages show it: `help` is a subcommand of clap's, with no page, and
/// building names the subcommands as their pages do (`nonogram-solve`, synopsis `nonogram
/// solve`).
fn built(interface: clap::Command) -> clap::Command {
    let mut cli = interface.disable_help_subcommand(true);
    cli.build();
    cli
}

/// The subcommands that have a page of their own.
fn subcommands(interface: &clap::Command) -> Vec<String> {
    interface
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect()
}

/// The roff of the page of `command` (a subcommand's name), or of `nonogram`.
fn page(interface: &clap::Command, command: Option<&str>) -> Result<Vec<u8>, CliError> {
    let cmd = match command {
        None => interface.clone(),
        Some(name) => interface.find_subcommand(name).cloned().ok_or_else(|| {
            CliError::Usage(format!(
                "no subcommand '{name}' (the subcommands: {})",
                subcommands(interface).join(", ")
            ))
        })?,
    };
    let man = clap_mangen::Man::new(cmd.clone())
        .source(format!("nonogram {}", env!("CARGO_PKG_VERSION")));
    let mut page = Vec::new();
    // clap_mangen's sections one by one, in its order, but for its EXTRA section (the end of
    // `--help`), which is rendered here as EXAMPLES and EXIT STATUS.
    let out = &mut page;
    let mut sections = || -> io::Result<()> {
        man.render_title(out)?;
        man.render_name_section(out)?;
        man.render_synopsis_section(out)?;
        man.render_description_section(out)?;
        if cmd.get_arguments().any(|a| !a.is_hide_set()) {
            man.render_options_section(out)?;
        }
        if cmd.has_subcommands() {
            man.render_subcommands_section(out)?;
        }
        manual_sections(command).to_writer(out)?;
        man.render_version_section(out)
    };
    sections().map_err(CliError::stdout)?;
    Ok(page)
}

/// The EXAMPLES and EXIT STATUS sections of a page.
fn manual_sections(command: Option<&str>) -> Roff {
    let mut roff = Roff::default();
    roff.control("SH", ["EXAMPLES"]);
    for example in manual::examples(command) {
        roff.control("TP", []);
        roff.text([bold(example.command)]);
        roff.text([roman(example.does)]);
    }
    roff.control("SH", ["EXIT STATUS"]);
    for (exit, meaning) in manual::exit_statuses(command) {
        roff.control("TP", []);
        roff.text([bold((exit as u8).to_string())]);
        roff.text([roman(meaning)]);
    }
    roff
}
