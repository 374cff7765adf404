//! `nonogram render`: draw a puzzle as text (three layouts), SVG or PNG: a blank sheet with its
//! clues to print, its solution, or the partial grid line solving reaches. What to draw comes
//! from the one report path (`crate::report`), solved with the user's options; the drawing is
//! `nonogram_render`'s. `--output pdf` prints every puzzle of every file given as one booklet
//! instead ([`super::booklet`]).

use std::path::PathBuf;

use nonogram_core::{CellRows, Cells, Puzzle};
use nonogram_render::pdf::{BookletOptions, Paper, MAX_PER_PAGE};
use nonogram_render::{render_haskell, render_notebook, CellStyle, SheetOptions, TextStyle};

use crate::cmd::booklet::{self, Job};
use crate::error::{CliError, Exit};
use crate::files::{self, Loaded};
use crate::options::{Choices, OutFile, ReadOptions, SolveOptions};
use crate::report::sheet::{self, SheetKind};
use crate::report::text::status_line;
use crate::report::{Report, ReportExit};
use crate::terminal::Style;

/// Arguments of `nonogram render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle file to draw; `-` reads standard input. With --output pdf, several files,
    /// and files holding several puzzles: every puzzle of each, in order, in one booklet.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// How to read the files.
    #[command(flatten)]
    pub read: ReadOptions,

    /// Draw the empty grid with its clues, to print and solve by hand (the default draws the
    /// solution; --deduce-only draws what line solving proves, unknown cells hatched). With
    /// --output pdf: the puzzles without their solution pages.
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
    #[arg(long, visible_alias = "to", value_name = "KIND",
          value_parser = Choices::new(parse_kind, KINDS))]
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

    /// The paper of a PDF booklet. Default: a4.
    #[arg(long, value_name = "PAPER", value_parser = Choices::new(parse_paper, PAPERS))]
    pub paper: Option<Paper>,

    /// Puzzles on each page of a PDF booklet, 1 to 36, in the columns and rows that print them
    /// largest (solution pages hold as many). Default: 1.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_PER_PAGE as u64))]
    pub per_page: Option<u64>,
}

/// The values of `--output`, with their meanings.
const KINDS: &[(&str, &str)] = &[
    (
        "text",
        "The grid with its clues, in one of the --style layouts",
    ),
    ("svg", "An SVG sheet"),
    ("png", "A PNG sheet (needs -o FILE)"),
    (
        "pdf",
        "A booklet to print: every puzzle blank, then their solutions (needs -o FILE or a pipe)",
    ),
];

/// The values of `--paper`, with their meanings.
const PAPERS: &[(&str, &str)] = &[("a4", "210 × 297 mm"), ("letter", "8.5 × 11 inches")];

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
    /// A PDF booklet.
    Pdf,
}

fn parse_kind(name: &str) -> Result<Kind, String> {
    match name {
        "text" => Ok(Kind::Text),
        "svg" => Ok(Kind::Sheet(SheetKind::Svg)),
        "png" => Ok(Kind::Sheet(SheetKind::Png)),
        "pdf" => Ok(Kind::Pdf),
        _ => Err(format!(
            "unknown output '{name}' (use text, svg, png or pdf)"
        )),
    }
}

fn parse_paper(name: &str) -> Result<Paper, String> {
    Paper::from_name(name).ok_or_else(|| format!("unknown paper '{name}' (use a4 or letter)"))
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
        Some("pdf") => Some(Kind::Pdf),
        Some(ext) if args.output.is_none() => {
            return Err(CliError::Usage(format!(
                "cannot tell what to draw from the extension '.{ext}' of -o; name it with \
                 --output text, svg, png or pdf"
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
    if kind == Kind::Pdf {
        return run_booklet(&args);
    }
    if args.paper.is_some() || args.per_page.is_some() {
        return Err(CliError::Usage(
            "--paper and --per-page lay out a PDF booklet; add --output pdf".into(),
        ));
    }
    if args.files.len() > 1 {
        return Err(CliError::Usage(format!(
            "{} files given, but a drawing shows one puzzle; --output pdf prints several as \
             one booklet",
            args.files.len()
        )));
    }
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
    // Text (None) or a sheet: a booklet was printed above.
    let sheet_kind = match kind {
        Kind::Sheet(sheet) => Some(sheet),
        Kind::Text | Kind::Pdf => None,
    };
    files::check_writable(&args.out)?;
    let path = files::input_path(args.files.first().map(PathBuf::as_path))?;
    let loaded: Loaded = files::load_path(&path, &args.read)?;
    let (index, puzzle) =
        loaded.single(Some("a drawing shows one (--output pdf prints them all)"))?;
    if args.blank {
        let blank = CellRows::unknown(puzzle.width(), puzzle.height());
        write(&args, sheet_kind, puzzle, &blank, &[], CellStyle::Blank)?;
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
    write(
        &args,
        sheet_kind,
        puzzle,
        first,
        &marked,
        CellStyle::Solution,
    )?;
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

/// `--output pdf`: the options that lay out text or sheets refused, the rest handed to
/// [`booklet::run`].
fn run_booklet(args: &Args) -> Result<Exit, CliError> {
    if args.cell.is_some() {
        return Err(CliError::Usage(
            "--cell sizes SVG and PNG cells; a PDF booklet sizes them to fit its pages".into(),
        ));
    }
    if args.style.is_some() || args.ascii {
        return Err(CliError::Usage(
            "--style and --ascii lay out text; they have no effect on a PDF booklet".into(),
        ));
    }
    let options = BookletOptions {
        paper: args.paper.unwrap_or_default(),
        per_page: args
            .per_page
            .map_or(BookletOptions::default().per_page, |n| n as usize),
    };
    booklet::run(Job {
        files: &args.files,
        read: &args.read,
        solve: (!args.blank).then(|| (&args.solve, args.threads.unwrap_or(0))),
        options,
        out: &args.out,
    })
}

/// Draws `cells` (marking `marked` in text) as `sheet` (`None`: text) and writes the result.
fn write(
    args: &Args,
    sheet: Option<SheetKind>,
    puzzle: &Puzzle,
    cells: &dyn Cells,
    marked: &[(usize, usize)],
    style: CellStyle,
) -> Result<(), CliError> {
    let bytes = match sheet {
        Some(sheet) => {
            let options = SheetOptions {
                cell: args.cell.unwrap_or(SheetOptions::default().cell),
                style,
                ..SheetOptions::default()
            };
            sheet::draw(puzzle, cells, marked, sheet, options)?
        }
        None => {
            let text_style = Style::for_destination(args.out.path().is_some(), args.ascii);
            match args.style.unwrap_or_default() {
                TextStyle::Haskell => render_haskell(puzzle, cells),
                TextStyle::Notebook => render_notebook(puzzle, cells),
                TextStyle::Book => text_style.renderer().render_marked(puzzle, cells, marked),
            }
            .into_bytes()
        }
    };
    let what = sheet.map_or("text", SheetKind::name);
    files::write_out_saying(&bytes, &args.out, what)
}
