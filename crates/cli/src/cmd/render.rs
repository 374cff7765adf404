//! `nonogram render`: draw a puzzle as text (three layouts), SVG or PNG: a blank sheet with its
//! clues to print, its solution, or the partial grid line solving reaches. What to draw comes
//! from the one report path (`crate::report`), solved with the user's options; the drawing is
//! `nonogram_render`'s.

use nonogram_core::{CellRows, Cells, Puzzle};
use nonogram_render::{render_haskell, render_notebook, CellStyle, SheetOptions, TextStyle};

use crate::error::{CliError, Exit};
use crate::files;
use crate::options::{Choices, Input, OutFile, SolveOptions};
use crate::report::sheet::{self, SheetKind};
use crate::report::text::status_line;
use crate::report::{Report, ReportExit};
use crate::terminal::Style;

/// Arguments of `nonogram render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle to draw.
    #[command(flatten)]
    pub input: Input,

    /// Draw the empty grid with its clues, to print and solve by hand (the default draws the
    /// solution; --deduce-only draws what line solving proves, unknown cells hatched).
    #[arg(long, conflicts_with_all = ["deduce_only", "solutions", "timeout", "engine", "seed", "threads"])]
    pub blank: bool,

    /// How to solve it, for the drawing of its solution.
    #[command(flatten)]
    pub solve: SolveOptions,

    /// Threads for the solve, 0 to 1024 (`--engine auto`; default 0: one per core).
    #[arg(long, value_name = "N", conflicts_with = "deduce_only",
          value_parser = crate::options::parse_threads)]
    pub threads: Option<usize>,

    /// What to draw. Default: from the extension of -o FILE, else text.
    #[arg(long, value_name = "KIND", value_parser = Choices::new(parse_kind, KINDS))]
    pub output: Option<Kind>,

    /// Where to write.
    #[command(flatten)]
    pub out: OutFile,

    /// Text layout. Default: book.
    #[arg(long, value_name = "STYLE", value_parser = Choices::new(parse_style, STYLES))]
    pub style: Option<TextStyle>,

    /// Plain ASCII and no colour, even on a terminal (text in the book layout; the others are
    /// plain ASCII already).
    #[arg(long)]
    pub ascii: bool,

    /// Cell size in pixels for SVG and PNG, 8 to 200. Default: 20.
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(8..=200))]
    pub cell: Option<u32>,
}

/// The values of `--output`, with their meanings.
const KINDS: &[(&str, &str)] = &[
    (
        "text",
        "The grid with its clues, in one of the --style layouts",
    ),
    ("svg", "An SVG sheet"),
    ("png", "A PNG sheet (needs -o FILE)"),
];

/// The values of `--style`, with their meanings.
const STYLES: &[(&str, &str)] = &[
    (
        "book",
        "Clues above and to the left, as puzzle books print them",
    ),
    (
        "haskell",
        "HaskellWiki's |X|_| grid, clues beside and below",
    ),
    ("notebook", "The Python notebook's layout"),
];

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text in one of the layouts.
    Text,
    /// An SVG or PNG sheet.
    Sheet(SheetKind),
}

fn parse_kind(name: &str) -> Result<Kind, String> {
    match name {
        "text" => Ok(Kind::Text),
        "svg" => Ok(Kind::Sheet(SheetKind::Svg)),
        "png" => Ok(Kind::Sheet(SheetKind::Png)),
        _ => Err(format!("unknown output '{name}' (use text, svg or png)")),
    }
}

fn parse_style(name: &str) -> Result<TextStyle, String> {
    TextStyle::from_name(name)
        .ok_or_else(|| format!("unknown style '{name}' (use book, haskell or notebook)"))
}

/// The kind to write: `--output`, else the extension of `-o`, else text; an extension that
/// names no kind we write is refused, and one that names another kind than `--output` (as
/// `--output svg -o y.txt`) too, as in `solve`.
fn kind(args: &Args) -> Result<Kind, CliError> {
    let from_ext = match args.out.extension().as_deref() {
        None => None,
        Some("txt") => Some(Kind::Text),
        Some("svg") => Some(Kind::Sheet(SheetKind::Svg)),
        Some("png") => Some(Kind::Sheet(SheetKind::Png)),
        Some(ext) if args.output.is_none() => {
            return Err(CliError::Usage(format!(
                "cannot tell what to draw from the extension '.{ext}' of -o; name it with \
                 --output text, svg or png"
            )))
        }
        Some(_) => None,
    };
    match (args.output, from_ext) {
        (Some(kind), Some(ext)) if kind != ext => Err(CliError::Usage(
            "--output disagrees with the extension of the -o file".into(),
        )),
        (Some(kind), _) => Ok(kind),
        (None, Some(ext)) => Ok(ext),
        (None, None) => Ok(Kind::Text),
    }
}

/// Runs `nonogram render`: a drawing of the solution, of what deduction proves, or of the blank grid.
pub fn run(args: Args) -> Result<Exit, CliError> {
    args.solve.check(args.threads)?;
    let kind = kind(&args)?;
    match kind {
        Kind::Text if args.cell.is_some() => {
            return Err(CliError::Usage(
                "--cell sizes SVG and PNG cells; text has none".into(),
            ))
        }
        Kind::Sheet(_) if args.style.is_some() || args.ascii => {
            return Err(CliError::Usage(
                "--style and --ascii lay out text; they have no effect on SVG or PNG".into(),
            ))
        }
        Kind::Sheet(SheetKind::Png) if args.out.path().is_none() => {
            return Err(CliError::Usage(
                "PNG output is binary: name a file with -o FILE.png".into(),
            ))
        }
        Kind::Text if args.ascii && args.style.is_some_and(|s| s != TextStyle::Book) => {
            return Err(CliError::Usage(
                "--ascii: the haskell and notebook layouts are plain ASCII already".into(),
            ))
        }
        _ => {}
    }
    files::check_writable(&args.out)?;
    let loaded = files::load(&args.input)?;
    let (index, puzzle) = loaded.single(None)?;
    if args.blank {
        let blank = CellRows::unknown(puzzle.width(), puzzle.height());
        write(&args, kind, puzzle, &blank, &[], CellStyle::Blank)?;
        return Ok(Exit::Success);
    }
    let report = Report::new(puzzle, index, &args.solve, args.threads.unwrap_or(0), None);
    let grids = report.grids();
    let Some(first) = grids.first() else {
        eprintln!(
            "nonogram: {}: {}; nothing to draw (--blank draws the clues)",
            loaded.source,
            status_line(&report)
        );
        return Ok(report.exit());
    };
    let marked = report.marked_cells();
    write(&args, kind, puzzle, first, &marked, CellStyle::Solution)?;
    if grids.len() > 1 || report.exit() != Exit::Success {
        let drew = if grids.len() > 1 {
            "; drew the first"
        } else {
            ""
        };
        eprintln!(
            "nonogram: {}: {}{drew}",
            loaded.source,
            status_line(&report)
        );
    }
    Ok(report.exit())
}

/// Draws `cells` (marking `marked` in text) and writes the result.
fn write(
    args: &Args,
    kind: Kind,
    puzzle: &Puzzle,
    cells: &dyn Cells,
    marked: &[(usize, usize)],
    style: CellStyle,
) -> Result<(), CliError> {
    let bytes = match kind {
        Kind::Sheet(sheet) => {
            let options = SheetOptions {
                cell: args.cell.unwrap_or(SheetOptions::default().cell),
                style,
                ..SheetOptions::default()
            };
            sheet::draw(puzzle, cells, marked, sheet, options)?
        }
        Kind::Text => {
            let text_style = Style::for_destination(args.out.path().is_some(), args.ascii);
            match args.style.unwrap_or_default() {
                TextStyle::Haskell => render_haskell(puzzle, cells),
                TextStyle::Notebook => render_notebook(puzzle, cells),
                TextStyle::Book => text_style.renderer().render_marked(puzzle, cells, marked),
            }
            .into_bytes()
        }
    };
    let what = match kind {
        Kind::Text => "text",
        Kind::Sheet(sheet) => sheet.name(),
    };
    files::write_out_saying(&bytes, &args.out, what)
}
