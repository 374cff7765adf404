//! `nonogram render`: draw a puzzle as text (three layouts), SVG or PNG: a blank sheet with its
//! clues to print, its solution, or the partial grid line solving reaches. The drawing is
//! `nonogram_render`'s; this module picks what to draw and where to write it. `solve --output
//! svg|png` comes through [`write_sheet`] too.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use nonogram_core::model::PartialGrid;
use nonogram_core::{deduce, Config, Puzzle, Solver};
use nonogram_render::{
    render_haskell, render_notebook, CellStyle, Cells, Charset, PngRenderer, SheetOptions,
    SvgRenderer, TextRendererBuilder, TextStyle,
};

use crate::cli::Input;
use crate::error::{CliError, Exit};
use crate::files;

/// Arguments of `nonogram render`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("what").args(["blank", "deduce"])))]
pub struct Args {
    #[command(flatten)]
    pub input: Input,

    /// Draw the empty grid with its clues, to print and solve by hand (the default draws the
    /// solution).
    #[arg(long)]
    pub blank: bool,

    /// Draw what line solving alone proves: unknown cells hatched (`?` in text).
    #[arg(long)]
    pub deduce: bool,

    /// `text`, `svg` or `png`. Default: from the extension of -o, else text.
    #[arg(long, value_name = "KIND", value_parser = parse_kind)]
    pub output: Option<Kind>,

    /// Write to this file (whole or not at all). PNG output needs it.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,

    /// Text layout: `book` (clues above and left), `haskell` (HaskellWiki's `|X|_|` grid, clues
    /// beside and below), `notebook` (the Python notebook's).
    #[arg(long, value_name = "STYLE", default_value = "book", value_parser = parse_style)]
    pub style: TextStyle,

    /// Plain ASCII and no colour, even on a terminal.
    #[arg(long)]
    pub ascii: bool,

    /// Cell size in pixels for SVG and PNG.
    #[arg(long, value_name = "PX", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(8..=200))]
    pub cell: u32,
}

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Text,
    Sheet(SheetKind),
}

/// An image format for sheets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetKind {
    Svg,
    Png,
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

/// The sheet format a file name asks for, by its extension.
pub fn sheet_kind(path: &Path) -> Option<SheetKind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "svg" => Some(SheetKind::Svg),
        "png" => Some(SheetKind::Png),
        _ => None,
    }
}

pub fn run(args: Args) -> Result<Exit, CliError> {
    let loaded = files::load(&args.input)?;
    let puzzle = loaded.single(None)?;
    let kind = match (args.output, &args.out) {
        (Some(kind), _) => kind,
        (None, Some(path)) => sheet_kind(path).map_or(Kind::Text, Kind::Sheet),
        (None, None) => Kind::Text,
    };
    let (grid, style, exit) = if args.blank {
        (
            PartialGrid::unknown(puzzle.width(), puzzle.height(), puzzle.palette().len()),
            CellStyle::Blank,
            Exit::Success,
        )
    } else if args.deduce {
        let deduction = deduce(puzzle);
        let exit = if deduction.contradiction {
            Exit::NoSolution
        } else {
            Exit::Success
        };
        (deduction.grid, CellStyle::Solution, exit)
    } else {
        let outcome = Solver::new(Config {
            max_solutions: 1,
            ..Config::default()
        })
        .solve(puzzle);
        match outcome.solutions.first() {
            Some(solution) => (
                PartialGrid::from_cells(solution),
                CellStyle::Solution,
                Exit::Success,
            ),
            None => {
                return Err(CliError::Usage(format!(
                    "{}: the puzzle has no solution ({}); use --blank to draw its clues",
                    loaded.source,
                    outcome.status.name()
                )))
            }
        }
    };
    match kind {
        Kind::Sheet(sheet) => {
            let options = SheetOptions {
                cell: args.cell,
                style,
                ..SheetOptions::default()
            };
            write_sheet(
                puzzle,
                &grid,
                sheet,
                options,
                args.out.as_deref(),
                args.force,
            )?;
        }
        Kind::Text => {
            // A blank sheet in text shows every cell as `?`: nothing is decided yet.
            let cells: &dyn Cells = &grid;
            let text = render_text(puzzle, cells, args.style, args.ascii);
            write_out(text.as_bytes(), args.out.as_deref(), args.force)?;
        }
    }
    Ok(exit)
}

/// `solve --output svg|png`: the first solution (or the deduction's partial grid) of the one
/// puzzle of `loaded`, drawn to `out`.
pub fn solve_to_sheet(
    loaded: &files::Loaded,
    kind: SheetKind,
    deduce_only: bool,
    out: Option<&Path>,
    force: bool,
) -> Result<Exit, CliError> {
    let puzzle = loaded.single(Some("a drawing shows one"))?;
    if kind == SheetKind::Png && out.is_none_or(|p| p.as_os_str() == "-") {
        return Err(CliError::Usage(
            "PNG output is binary: name a file with -o FILE.png".into(),
        ));
    }
    let (grid, exit) = if deduce_only {
        let deduction = deduce(puzzle);
        let exit = if deduction.contradiction {
            Exit::NoSolution
        } else {
            Exit::Success
        };
        (deduction.grid, exit)
    } else {
        let outcome = Solver::new(Config::default()).solve(puzzle);
        match outcome.solutions.first() {
            Some(solution) => (PartialGrid::from_cells(solution), Exit::Success),
            None if outcome.status == nonogram_core::Status::NoSolution => {
                return Err(CliError::Usage(format!(
                    "{}: no solution to draw",
                    loaded.source
                )))
            }
            None => {
                return Err(CliError::Usage(format!(
                    "{}: timed out before a solution",
                    loaded.source
                )))
            }
        }
    };
    write_sheet(puzzle, &grid, kind, SheetOptions::default(), out, force)?;
    Ok(exit)
}

/// Text in one of the three layouts; the book layout uses Unicode and colour on a terminal.
pub fn render_text(puzzle: &Puzzle, cells: &dyn Cells, style: TextStyle, ascii: bool) -> String {
    match style {
        TextStyle::Haskell => render_haskell(puzzle, cells),
        TextStyle::Notebook => render_notebook(puzzle, cells),
        TextStyle::Book => {
            let fancy = !ascii && io::stdout().is_terminal();
            let colour = fancy && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
            let charset = if fancy {
                Charset::Unicode
            } else {
                Charset::Ascii
            };
            TextRendererBuilder::new()
                .charset(charset)
                .colour(colour)
                .build()
                .render(puzzle, cells)
        }
    }
}

/// Draws `cells` with `puzzle`'s clues as SVG or PNG to `out` (or SVG to standard output). PNG
/// is binary: it needs a file.
pub fn write_sheet(
    puzzle: &Puzzle,
    cells: &dyn Cells,
    kind: SheetKind,
    options: SheetOptions,
    out: Option<&Path>,
    force: bool,
) -> Result<(), CliError> {
    let bytes = match kind {
        SheetKind::Svg => SvgRenderer::new(options).render(puzzle, cells).into_bytes(),
        SheetKind::Png => {
            if out.is_none_or(|p| p.as_os_str() == "-") {
                return Err(CliError::Usage(
                    "PNG output is binary: name a file with -o FILE.png".into(),
                ));
            }
            PngRenderer::new(options)
                .render(puzzle, cells)
                .map_err(|e| CliError::Usage(e.to_string()))?
        }
    };
    write_out(&bytes, out, force)
}

/// Writes to a file whole (never replacing one without `force`), or to standard output.
pub fn write_out(bytes: &[u8], out: Option<&Path>, force: bool) -> Result<(), CliError> {
    match out {
        Some(path) if path.as_os_str() != "-" => files::write_whole(path, bytes, force),
        _ => {
            let mut stdout = io::stdout().lock();
            stdout.write_all(bytes).map_err(CliError::stdout)?;
            stdout.flush().map_err(CliError::stdout)
        }
    }
}
