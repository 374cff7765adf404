//! `nonogram solve`: solve every puzzle of the files given and report on each, as text, JSON
//! lines, or a drawing.
//!
//! Each puzzle becomes a [`Report`] (the one report path, `crate::report`); the printers only
//! format reports. Text and JSON to standard output are flushed after every puzzle, so a long
//! tournament file shows progress as it goes; to `-o FILE` they are written whole at the end.

use std::io::Write;
use std::path::PathBuf;

use nonogram_render::SheetOptions;

use crate::error::{CliError, Exit};
use crate::files::{self, Destination, Loaded};
use crate::options::{Choices, OutFile, ReadOptions, SolveOptions};
use crate::report::json::Record;
use crate::report::sheet::{self, SheetKind};
use crate::report::text::{status_line, TextPrinter};
use crate::report::{Report, ReportExit};
use crate::terminal::Style;

/// Arguments of `nonogram solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle files; `-` (or nothing, when standard input is not a terminal) reads standard
    /// input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// How to read the inputs.
    #[command(flatten)]
    pub read: ReadOptions,

    /// How to solve each puzzle.
    #[command(flatten)]
    pub solve: SolveOptions,

    /// Threads for one puzzle, 0 to 1024 (`--engine auto`; default 0: one per core). With two or
    /// more, searches in different orders race on one puzzle; the first to finish answers.
    #[arg(long, value_name = "N", conflicts_with = "deduce_only",
          value_parser = crate::options::parse_threads)]
    pub threads: Option<usize>,

    /// What to print. Default: from the extension of -o FILE, else text.
    #[arg(long, value_name = "KIND", value_parser = Choices::new(parse_output, OUTPUTS))]
    pub output: Option<Output>,

    /// Where to write.
    #[command(flatten)]
    pub out: OutFile,

    /// Draw with plain ASCII (`#`, `.`, `?`) and no colour even on a terminal.
    #[arg(long)]
    pub ascii: bool,
}

/// The values of `--output`, with their meanings.
const OUTPUTS: &[(&str, &str)] = &[
    ("text", "The picture with its clues and a status line"),
    ("json", "One result object per puzzle and line"),
    ("svg", "A drawing of the first solution"),
    ("png", "A drawing of the first solution (needs -o FILE)"),
];

/// What `solve` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Pictures with clues and status lines.
    Text,
    /// One JSON object per puzzle.
    Json,
    /// A drawing of one puzzle's first solution (or deduction's partial grid).
    Sheet(SheetKind),
}

impl Output {
    /// The kind an `-o` file's extension asks for.
    fn from_extension(ext: &str) -> Option<Output> {
        match ext {
            "txt" | "text" => Some(Output::Text),
            "json" | "jsonl" | "ndjson" => Some(Output::Json),
            "svg" => Some(Output::Sheet(SheetKind::Svg)),
            "png" => Some(Output::Sheet(SheetKind::Png)),
            _ => None,
        }
    }
}

/// `text`, `json`, `svg` or `png`; a puzzle format name gets a pointer to `convert`.
pub fn parse_output(name: &str) -> Result<Output, String> {
    match name {
        "text" => Ok(Output::Text),
        "json" => Ok(Output::Json),
        "svg" => Ok(Output::Sheet(SheetKind::Svg)),
        "png" => Ok(Output::Sheet(SheetKind::Png)),
        _ if nonogram_formats::Format::from_name(name).is_some() => Err(format!(
            "'{name}' is a puzzle file format: `nonogram convert --to {name}` writes the clues \
             (solve prints text, json, svg or png)"
        )),
        _ => Err(format!(
            "unknown output '{name}' (use text, json, svg or png)"
        )),
    }
}

/// The kind to print: `--output`, or the `-o` file's extension, or text.
fn output_kind(args: &Args) -> Result<Output, CliError> {
    let from_ext = args.out.extension().map(|ext| {
        Output::from_extension(&ext).ok_or_else(|| {
            CliError::Usage(format!(
                "cannot tell what to write from the extension '.{ext}' of -o; name it with \
                 --output text, json, svg or png"
            ))
        })
    });
    match (args.output, from_ext) {
        (Some(kind), Some(Ok(ext))) if kind != ext => Err(CliError::Usage(format!(
            "--output {} disagrees with the extension of -o {}",
            kind_name(kind),
            args.out
                .out
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        ))),
        (Some(kind), _) => Ok(kind),
        (None, Some(ext)) => ext,
        (None, None) => Ok(Output::Text),
    }
}

fn kind_name(kind: Output) -> &'static str {
    match kind {
        Output::Text => "text",
        Output::Json => "json",
        Output::Sheet(sheet) => sheet.name(),
    }
}

/// Runs `nonogram solve`: every puzzle of the inputs, printed as text, JSON or a drawing.
pub fn run(args: Args) -> Result<Exit, CliError> {
    args.solve.check(args.threads)?;
    let kind = output_kind(&args)?;
    if args.ascii && kind != Output::Text {
        return Err(CliError::Usage(format!(
            "--ascii draws text; it has no effect on {} output",
            kind_name(kind)
        )));
    }
    if kind == Output::Sheet(SheetKind::Png) && args.out.path().is_none() {
        return Err(CliError::Usage(
            "PNG output is binary: name a file with -o FILE.png".into(),
        ));
    }
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
    if let Output::Sheet(sheet) = kind {
        files::check_writable(&args.out)?;
        return draw(&args, &paths, sheet);
    }
    let threads = args.threads.unwrap_or(0);
    let mut out = Destination::new(&args.out)?;
    let printer = TextPrinter::new(Style::for_destination(out.is_file(), args.ascii));
    let mut exit = Exit::Success;
    let several_files = paths.len() > 1;
    let mut first = true;
    let mut written = 0;
    for path in &paths {
        let loaded = match files::load_path(path, &args.read) {
            Ok(loaded) => loaded,
            // With several files, one that cannot be read is reported and the rest solved.
            Err(err) if several_files => {
                out.flush().map_err(CliError::stdout)?;
                eprintln!("nonogram: {}", crate::error::one_line(&err.to_string()));
                exit = exit.max(Exit::BadInput);
                continue;
            }
            Err(err) => return Err(err),
        };
        for (index, puzzle) in &loaded.puzzles {
            let report = Report::new(puzzle, *index, &args.solve, threads, None);
            exit = exit.max(report.exit());
            match kind {
                Output::Json => Record::new(&report, &loaded.source)
                    .write(&mut out)
                    .map_err(CliError::stdout)?,
                _ => {
                    let several = several_files || loaded.puzzles.len() > 1;
                    if several && !first {
                        writeln!(out).map_err(CliError::stdout)?;
                    }
                    let heading = heading(&loaded, *index, several_files);
                    printer
                        .write(&mut out, &report, heading.as_deref())
                        .map_err(CliError::stdout)?;
                }
            }
            first = false;
            written += 1;
            out.flush().map_err(CliError::stdout)?;
        }
    }
    out.finish()?;
    let what = if kind == Output::Json { "json" } else { "text" };
    files::say_wrote(
        &args.out,
        &format!("{what}, {}", crate::report::plural(written, "puzzle")),
    )?;
    Ok(exit)
}

/// `a.non: puzzle 2 of 5`, or the parts of it that say something.
fn heading(loaded: &Loaded, index: usize, name_file: bool) -> Option<String> {
    let mut parts = Vec::new();
    if name_file {
        parts.push(loaded.source.clone());
    }
    if loaded.total > 1 {
        parts.push(format!("puzzle {} of {}", index + 1, loaded.total));
    }
    (!parts.is_empty()).then(|| parts.join(": "))
}

/// `--output svg|png`: the drawing of one puzzle's first solution (or deduction's grid).
fn draw(args: &Args, paths: &[PathBuf], kind: SheetKind) -> Result<Exit, CliError> {
    let [path] = paths else {
        return Err(CliError::Usage(format!(
            "a drawing shows one puzzle, and {} files were given",
            paths.len()
        )));
    };
    let loaded = files::load_path(path, &args.read)?;
    let (index, puzzle) = loaded.single(Some("a drawing shows one"))?;
    let report = Report::new(puzzle, index, &args.solve, args.threads.unwrap_or(0), None);
    match sheet::draw_report(&report, kind, SheetOptions::default())? {
        Some(bytes) => {
            files::write_out_saying(&bytes, &args.out, kind.name())?;
            if report.solutions().len() > 1 {
                eprintln!(
                    "nonogram: {}: {}; drew the first, the cells that differ framed in red",
                    loaded.source,
                    status_line(&report)
                );
            } else if report.exit() != Exit::Success {
                eprintln!("nonogram: {}: {}", loaded.source, status_line(&report));
            }
        }
        None => eprintln!(
            "nonogram: {}: {}; nothing to draw",
            loaded.source,
            status_line(&report)
        ),
    }
    Ok(report.exit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_names() {
        assert_eq!(parse_output("text"), Ok(Output::Text));
        assert_eq!(parse_output("json"), Ok(Output::Json));
        assert_eq!(parse_output("svg"), Ok(Output::Sheet(SheetKind::Svg)));
        assert!(parse_output("non")
            .unwrap_err()
            .contains("convert --to non"));
        assert!(parse_output("bmp").is_err());
        assert_eq!(
            Output::from_extension("png"),
            Some(Output::Sheet(SheetKind::Png))
        );
        assert_eq!(Output::from_extension("jpg"), None);
    }
}
