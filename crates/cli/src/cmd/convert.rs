//! `nonogram convert`: rewrite a puzzle file in another format, without solving it.

use std::io::{self, Write};
use std::path::PathBuf;

use nonogram_formats::Format;

use crate::cli::{format_names, Input};
use crate::error::{CliError, Exit};
use crate::files::{self, Loaded};

/// Arguments of `nonogram convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: Input,

    /// The format to write.
    #[arg(long, value_name = "FORMAT", value_parser = parse_writable)]
    pub to: Format,

    /// Write to this file instead of standard output. The file is written whole or not at all.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Replace OUT if it exists (otherwise an existing file is never touched).
    #[arg(long)]
    pub force: bool,
}

/// A format name that `nonogram_formats::write` can produce.
pub fn parse_writable(name: &str) -> Result<Format, String> {
    match Format::from_name(name) {
        Some(format) if format.is_writable() => Ok(format),
        Some(_) => Err(format!(
            "format '{name}' can be read but not written (writable formats: {})",
            format_names(Format::is_writable)
        )),
        None => Err(format!(
            "unknown format '{name}' (writable formats: {})",
            format_names(Format::is_writable)
        )),
    }
}

pub fn run(args: Args) -> Result<Exit, CliError> {
    let loaded = files::load(&args.input)?;
    let text = clue_text(&loaded, args.to)?;
    match args.output {
        Some(path) if path.as_os_str() != "-" => {
            files::write_whole(&path, text.as_bytes(), args.force)?;
        }
        _ => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes()).map_err(CliError::stdout)?;
            out.flush().map_err(CliError::stdout)?;
        }
    }
    Ok(Exit::Success)
}

/// The loaded puzzle written in `format`. Every writable format holds one puzzle per file, so an
/// input of several needs `--puzzle N` to pick one.
pub fn clue_text(loaded: &Loaded, format: Format) -> Result<String, CliError> {
    if loaded.puzzles.len() > 1 {
        return Err(CliError::Usage(format!(
            "{}: the input holds {} puzzles but a {} file holds one; pick one with --puzzle N",
            loaded.source,
            loaded.puzzles.len(),
            format.name()
        )));
    }
    let mut text = String::new();
    for (_, puzzle) in &loaded.puzzles {
        let written =
            nonogram_formats::write(puzzle, format).map_err(|source| CliError::Write {
                format: format.name(),
                source,
            })?;
        text.push_str(&written);
    }
    Ok(text)
}
