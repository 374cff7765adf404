//! `nonogram patterns`: the pattern set of one clue (count, listing, common cells, a matrix
//! plot), or the pattern counts of every line of a puzzle. The work is
//! `nonogram_author::patterns`; this module parses the clue and known cells and prints.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use nonogram_author::patterns::{approximate, pattern_string, PatternSet, PuzzleCounts};
use nonogram_core::{Cell, Clue};
use nonogram_formats::Format;

use crate::error::{CliError, Exit};
use crate::files::{self, Loaded};
use crate::options::{parse_puzzle_number, FormatNames, ReadOptions};
use crate::report::plural;
use crate::report::sheet::SheetKind;

/// The most patterns a plot draws; a larger set is cut to its first patterns, with a note.
pub const PLOT_LIMIT: usize = 10_000;

/// Arguments of `nonogram patterns`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("mode").args(["count", "list", "common", "plot"])))]
pub struct Args {
    /// The clue: run lengths separated by commas or spaces (`1,1,2`); `0` or an empty string for
    /// an empty line.
    #[arg(
        value_name = "CLUE",
        required_unless_present = "file",
        allow_hyphen_values = true
    )]
    pub clue: Option<String>,

    /// The line length in cells (may be left out with --known, whose length it then is).
    #[arg(long, short = 'w', value_name = "N")]
    pub width: Option<usize>,

    /// Known cells the patterns must agree with: `#` filled, `.` empty, `?` unknown.
    #[arg(long, value_name = "LINE")]
    pub known: Option<String>,

    /// Print only the number of patterns, as a plain integer.
    #[arg(long)]
    pub count: bool,

    /// Print the patterns, one per line, as `#` and `.`.
    #[arg(long)]
    pub list: bool,

    /// With --list, print at most K patterns. Default: all.
    #[arg(long, value_name = "K", requires = "list")]
    pub limit: Option<u64>,

    /// Print the cells common to all patterns (`?` where they differ).
    #[arg(long)]
    pub common: bool,

    /// Draw the patterns as a matrix, one row per pattern, to FILE.svg or FILE.png (at most
    /// 10000 patterns; a larger set is cut, with a note).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,

    /// Replace the plot file if it exists.
    #[arg(long, requires = "plot")]
    pub force: bool,

    /// Instead of one clue: print the pattern count of every line of the puzzles in FILE (`-`
    /// reads standard input) and the products over the rows and over the columns.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["clue", "width", "known", "mode"])]
    pub file: Option<PathBuf>,

    /// With --file: read it as this format instead of recognising it.
    #[arg(long, value_name = "NAME", value_parser = FormatNames::readable(), requires = "file")]
    pub format: Option<Format>,

    /// With --file: use only the N-th puzzle (counted from 1) of a file that holds several.
    #[arg(long, value_name = "N", value_parser = parse_puzzle, requires = "file")]
    pub puzzle: Option<u64>,
}

/// `--puzzle N`, as in every command; a file name there (this command's `--puzzle` once took
/// the file) gets a pointer to `--file`.
fn parse_puzzle(text: &str) -> Result<u64, String> {
    parse_puzzle_number(text).map_err(|e| {
        if text.trim().parse::<u64>().is_ok() {
            e
        } else {
            format!("{e} (the puzzle file is --file FILE)")
        }
    })
}

/// Runs `nonogram patterns`: a clue's pattern set, its count and its common cells.
pub fn run(args: Args) -> Result<Exit, CliError> {
    // clap takes a `requires` as met when an argument that conflicts with the one required is
    // given (another mode for `--limit`, a CLUE for `--puzzle`), so each is checked here too.
    for (given, option, met, needed) in [
        (args.limit.is_some(), "--limit", args.list, "--list"),
        (args.force, "--force", args.plot.is_some(), "--plot FILE"),
        (
            args.format.is_some(),
            "--format",
            args.file.is_some(),
            "--file FILE",
        ),
        (
            args.puzzle.is_some(),
            "--puzzle",
            args.file.is_some(),
            "--file FILE",
        ),
    ] {
        if given && !met {
            return Err(CliError::Usage(format!(
                "{option} goes with {needed}; without it, it would do nothing"
            )));
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if let Some(path) = &args.file {
        let read = ReadOptions {
            format: args.format,
            puzzle: args.puzzle,
        };
        puzzle_counts(&mut out, &files::load_path(path, &read)?)?;
        return finish(out);
    }
    let clue = parse_clue(args.clue.as_deref().unwrap_or_default()).map_err(CliError::Usage)?;
    let known = match &args.known {
        Some(text) => Some(parse_known(text).map_err(CliError::Usage)?),
        None => None,
    };
    let width = match (args.width, &known) {
        (Some(w), Some(k)) if w != k.len() => {
            return Err(CliError::Usage(format!(
                "--known has {} cells but --width is {w}",
                k.len()
            )))
        }
        (Some(w), _) => w,
        (None, Some(k)) => k.len(),
        (None, None) => {
            return Err(CliError::Usage(
                "give the line length with --width N".into(),
            ))
        }
    };
    if width > nonogram_author::patterns::MAX_LENGTH {
        return Err(CliError::Usage(format!(
            "--width {width} is out of range: give 0 to {} cells",
            nonogram_author::patterns::MAX_LENGTH
        )));
    }
    let set = match &known {
        Some(k) => PatternSet::with_known(&clue, k),
        None => PatternSet::new(&clue, width),
    };
    let w = |e| CliError::stdout(e);

    if args.count {
        writeln!(out, "{}", set.count()).map_err(w)?;
    } else if args.list {
        let limit = args.limit.unwrap_or(u64::MAX);
        for pattern in set
            .iter()
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
        {
            writeln!(out, "{}", pattern_string(&pattern)).map_err(w)?;
        }
    } else if args.common {
        match set.common() {
            Ok(cells) => {
                let line: String = cells.iter().map(|c| c.symbol()).collect();
                writeln!(out, "{line}").map_err(w)?;
            }
            Err(_) => {
                return Err(CliError::Usage(format!(
                    "no pattern of clue {clue} in {} agrees with the known cells",
                    plural(width, "cell")
                )))
            }
        }
    } else if let Some(path) = &args.plot {
        plot(&set, path, args.force)?;
        let count = set.count();
        writeln!(
            out,
            "plotted {} of {} to {}",
            count.clone().min(PLOT_LIMIT.into()),
            patterns_count(&count),
            path.display()
        )
        .map_err(w)?;
    } else {
        // No mode: a summary and the first few patterns.
        let count = set.count();
        let cells = plural(width, "cell");
        writeln!(out, "clue {clue} in {cells}: {}", patterns_count(&count)).map_err(w)?;
        const SHOWN: usize = 10;
        for pattern in set.iter().take(SHOWN) {
            writeln!(out, "{}", pattern_string(&pattern)).map_err(w)?;
        }
        if count > SHOWN.into() {
            writeln!(out, "... (--list shows them all, --count only counts)").map_err(w)?;
        }
    }
    finish(out)
}

/// `1 pattern`, `18564 patterns`.
fn patterns_count(count: &impl std::fmt::Display) -> String {
    let count = count.to_string();
    let noun = if count == "1" { "pattern" } else { "patterns" };
    format!("{count} {noun}")
}

fn finish(mut out: impl Write) -> Result<Exit, CliError> {
    out.flush().map_err(CliError::stdout)?;
    Ok(Exit::Success)
}

/// Draws the first [`PLOT_LIMIT`] patterns to an SVG or PNG file.
fn plot(set: &PatternSet, path: &std::path::Path, force: bool) -> Result<(), CliError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let kind = SheetKind::from_extension(ext.as_deref()).ok_or_else(|| {
        CliError::Usage(format!(
            "{}: --plot writes .svg or .png files",
            path.display()
        ))
    })?;
    let lines: Vec<Vec<bool>> = set.iter().take(PLOT_LIMIT).collect();
    let total = set.count();
    let note =
        (total > PLOT_LIMIT.into()).then(|| format!("the first {PLOT_LIMIT} of {total} patterns"));
    if let Some(note) = &note {
        eprintln!("nonogram: note: plotting {note}");
    }
    let bytes = match kind {
        SheetKind::Svg => {
            nonogram_render::svg::matrix_plot(&lines, 12, note.as_deref()).into_bytes()
        }
        SheetKind::Png => nonogram_render::png::matrix_plot(&lines, 12)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?,
    };
    files::write_whole(path, &bytes, force)
}

/// Prints each line's pattern count and the products, the R vignette's measure of how hard
/// brute force would be.
fn puzzle_counts(out: &mut impl Write, loaded: &Loaded) -> Result<(), CliError> {
    let w = |e| CliError::stdout(e);
    for (n, puzzle) in &loaded.puzzles {
        if loaded.total > 1 {
            writeln!(out, "puzzle {} of {}", n + 1, loaded.total).map_err(w)?;
        }
        let counts = PuzzleCounts::new(puzzle);
        if !puzzle.givens().is_empty() {
            let n = crate::report::plural(puzzle.givens().len(), "given cell");
            writeln!(
                out,
                "(counting the patterns that agree with the puzzle's {n})"
            )
            .map_err(w)?;
        }
        for (axis, clues, numbers) in [
            ("row", puzzle.rows(), &counts.rows),
            ("column", puzzle.columns(), &counts.columns),
        ] {
            for (i, (clue, count)) in clues.iter().zip(numbers).enumerate() {
                let clue = clue.display(puzzle.palette());
                writeln!(out, "{axis} {} (clue {clue}): {count}", i + 1).map_err(w)?;
            }
        }
        let (rows, columns) = (counts.row_product(), counts.column_product());
        writeln!(
            out,
            "all rows: {rows} combinations ({})",
            approximate(&rows)
        )
        .map_err(w)?;
        writeln!(
            out,
            "all columns: {columns} combinations ({})",
            approximate(&columns)
        )
        .map_err(w)?;
    }
    Ok(())
}

/// A clue written `1,1,2`, `1 1 2` or `1, 1, 2`; `0` or nothing for an empty line.
pub fn parse_clue(text: &str) -> Result<Clue, String> {
    let mut runs = Vec::new();
    for part in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        let run: u32 = part.parse().map_err(|_| {
            format!("bad clue '{text}': '{part}' is not a run length (write runs like 1,1,2)")
        })?;
        runs.push(run);
    }
    Ok(Clue::new(runs))
}

/// Known cells: `#` filled, `.` empty, `?` unknown (the picture format's other filled and empty
/// characters are accepted too), read by `nonogram_formats::grid`.
pub fn parse_known(text: &str) -> Result<Vec<Cell>, String> {
    nonogram_formats::grid::parse_known(text).map_err(|e| {
        format!(
            "bad known cells '{text}': column {}: {}",
            e.column,
            e.kind()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_and_known_cells_parse() {
        assert_eq!(parse_clue("1,1,2").unwrap(), Clue::new([1, 1, 2]));
        assert_eq!(parse_clue("1 1, 2").unwrap(), Clue::new([1, 1, 2]));
        assert_eq!(parse_clue("0").unwrap(), Clue::empty());
        assert_eq!(parse_clue("").unwrap(), Clue::empty());
        assert!(parse_clue("1,x").is_err());
        assert!(parse_clue("-1").is_err());
        assert_eq!(
            parse_known("#.?").unwrap(),
            vec![Cell::Filled, Cell::Empty, Cell::Unknown]
        );
        assert!(parse_known("#a").is_err());
    }
}
