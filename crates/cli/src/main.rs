//! The `nonogram` binary: parse the command line, run the subcommand, exit with its status.
//! Everything else is the `nonogram_cli` library. Errors end up as exactly one line on stderr.

use std::io::{self, Write};
use std::process::ExitCode;

use nonogram_cli::cli;
use nonogram_cli::error::{self, CliError, Exit};

fn main() -> ExitCode {
    // Help and version go to stdout as clap prints them; a usage error becomes one line on
    // stderr like every other error (clap would add a blank line and a tip), with status 2.
    let cli = match cli::Cli::try_parse_with_manual() {
        Ok(cli) => cli,
        // `--help`, `--version`, and `nonogram` alone (which shows the help): as clap prints them,
        // but a help that cannot be written (`nonogram --help > /dev/full`) is an error like
        // any other output that cannot be written, not a silent success.
        Err(err)
            if !err.use_stderr()
                || err.kind()
                    == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            let printed = err.print().and_then(|()| {
                io::stdout().flush()?;
                io::stderr().flush()
            });
            return match printed.map_err(CliError::stdout) {
                Ok(()) | Err(CliError::BrokenPipe) => ExitCode::from(err.exit_code() as u8),
                Err(e) => {
                    eprintln!("nonogram: {}", error::one_line(&e.to_string()));
                    ExitCode::from(Exit::BadInput as u8)
                }
            };
        }
        Err(err) => {
            eprintln!(
                "nonogram: {} (see --help)",
                error::usage_line(&err.render().to_string())
            );
            return ExitCode::from(Exit::BadInput as u8);
        }
    };
    let exit = match cli::run(cli.command) {
        Ok(exit) => exit,
        // The reader went away (`nonogram solve x | head`): nothing more to say to anyone.
        Err(CliError::BrokenPipe) => Exit::Success,
        Err(err) => {
            eprintln!("nonogram: {}", error::one_line(&err.to_string()));
            Exit::BadInput
        }
    };
    ExitCode::from(exit as u8)
}
