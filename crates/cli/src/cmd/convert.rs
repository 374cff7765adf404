//! `nonogram convert`: rewrite puzzle files in another format, without solving them.
//!
//! Every puzzle of every input goes to one output: formats that hold several puzzles (a `.non`
//! bundle, an XML puzzle set, a JSON array) get them all; the others take one, and `--puzzle N`
//! picks it.

use std::path::PathBuf;

use nonogram_core::Puzzle;
use nonogram_formats::Format;

use crate::error::{CliError, Exit};
use crate::files;
use crate::options::{format_names, FormatNames, OutFile, ReadOptions, SolutionOption};

/// Arguments of `nonogram convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle files; `-` (or nothing, when standard input is not a terminal) reads
    /// standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// How to read the inputs.
    #[command(flatten)]
    pub read: ReadOptions,

    /// The format to write. Default: from the extension of -o FILE.
    #[arg(long, value_name = "FORMAT", value_parser = FormatNames::writable())]
    pub to: Option<Format>,

    /// Where to write.
    #[command(flatten)]
    pub out: OutFile,

    /// Whether the puzzles keep their solutions.
    #[command(flatten)]
    pub solution: SolutionOption,
}

/// The format to write: `--to`, or the format whose extension the `-o` file has.
fn target(args: &Args) -> Result<Format, CliError> {
    if let Some(format) = args.to {
        return Ok(format);
    }
    let writable = || format_names(Format::is_writable);
    let Some(ext) = args.out.extension() else {
        return Err(CliError::Usage(format!(
            "name the format to write with --to FORMAT (one of: {})",
            writable()
        )));
    };
    Format::ALL
        .iter()
        .copied()
        .find(|f| f.is_writable() && f.extension() == ext && ext != "txt")
        .ok_or_else(|| {
            CliError::Usage(format!(
                "cannot tell the format from the extension '.{ext}' of -o; name it with --to \
                 FORMAT (one of: {})",
                writable()
            ))
        })
}

/// Runs `nonogram convert`: reads each puzzle and writes it in another format.
pub fn run(args: Args) -> Result<Exit, CliError> {
    let format = target(&args)?;
    args.solution.check(format)?;
    files::check_writable(&args.out)?;
    let paths = if args.files.is_empty() {
        vec![files::input_path(None)?]
    } else {
        args.files.clone()
    };
    if paths.len() > 1 && args.read.puzzle.is_some() {
        return Err(CliError::Usage(
            "--puzzle N picks a puzzle of one file; name one FILE with it".into(),
        ));
    }
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut sources = Vec::new();
    for path in &paths {
        let loaded = files::load_path(path, &args.read)?;
        sources.push(loaded.source);
        puzzles.extend(loaded.puzzles.into_iter().map(|(_, p)| p));
    }
    args.solution.apply(&mut puzzles, format)?;
    let text = clue_text(&puzzles, format, &sources.join(", "))?;
    let what = format!(
        "{}, {}",
        format.name(),
        crate::report::plural(puzzles.len(), "puzzle")
    );
    files::write_out_saying(text.as_bytes(), &args.out, &what)?;
    Ok(Exit::Success)
}

/// The puzzles written in `format`: all of them where the format holds several (a `.non`
/// bundle, an XML puzzle set, a JSON array), the one otherwise. `source` names the input for
/// the message when there are too many.
pub fn clue_text(puzzles: &[Puzzle], format: Format, source: &str) -> Result<String, CliError> {
    if puzzles.len() > 1 && !format.can_hold_many() {
        return Err(CliError::Usage(format!(
            "{source}: the input holds {} puzzles but a {} file holds one; pick one with \
             --puzzle N, or convert to a format that holds several ({})",
            puzzles.len(),
            format.name(),
            format_names(|f| f.is_writable() && f.can_hold_many())
        )));
    }
    nonogram_formats::write_all(puzzles, format).map_err(|source| CliError::Write {
        format: format.name(),
        source,
    })
}
