//! Reports as text: the picture with its clues, as puzzle books print them, and a status line
//! that says what was proved and, when the run was cut short, why.

use std::io::{self, Write};

use nonogram_core::{Puzzle, Stop};

use crate::report::{list_cells, plural, Found, Report, Verdict, LISTED_CELLS};
use crate::terminal::Style;

/// Prints reports as pictures with clues and a status line.
#[derive(Debug)]
pub struct TextPrinter {
    style: Style,
}

impl TextPrinter {
    /// A printer drawing in `style`.
    pub fn new(style: Style) -> TextPrinter {
        TextPrinter { style }
    }

    /// One report, under `heading` if there is one (`puzzle 2 of 5`, a file name).
    pub fn write(
        &self,
        out: &mut impl Write,
        report: &Report<'_>,
        heading: Option<&str>,
    ) -> io::Result<()> {
        let first_line = title_line(report.puzzle, heading);
        if !first_line.is_empty() {
            writeln!(out, "{first_line}")?;
        }
        let renderer = self.style.renderer();
        let grids = report.grids();
        match grids.as_slice() {
            [] => {}
            [only] => out.write_all(renderer.render(report.puzzle, only).as_bytes())?,
            several => {
                let marked = report.marked_cells();
                for (i, grid) in several.iter().enumerate() {
                    writeln!(out, "solution {}:", i + 1)?;
                    out.write_all(
                        renderer
                            .render_marked(report.puzzle, grid, &marked)
                            .as_bytes(),
                    )?;
                }
            }
        }
        writeln!(out, "{}", status_line(report))?;
        if let Some(legend) = renderer.given_legend(report.puzzle) {
            writeln!(out, "({legend})")?;
        }
        if let Some(note) = report.engine_note() {
            writeln!(out, "({note})")?;
        }
        if grids.len() > 1 {
            writeln!(
                out,
                "(cells that differ between solutions are {})",
                self.style.marks(report.puzzle.is_black_and_white())
            )?;
        }
        Ok(())
    }
}

/// `puzzle 2 of 5: Title (by Author)`, or whatever part of it there is. Control characters
/// (from a file's title, or its name) are shown escaped (`\u{1b}`): printed, they would be
/// commands to the terminal.
fn title_line(puzzle: &Puzzle, heading: Option<&str>) -> String {
    printable(&raw_title_line(puzzle, heading))
}

/// `text` with each control character written as its Rust escape.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

fn raw_title_line(puzzle: &Puzzle, heading: Option<&str>) -> String {
    let meta = &puzzle.metadata;
    let mut line = heading.unwrap_or_default().to_string();
    if let Some(title) = &meta.title {
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(title);
    }
    if let Some(author) = &meta.author {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&format!("(by {author})"));
    }
    line
}

/// The sentence that says what a report proved and why its run stopped.
pub fn status_line(report: &Report<'_>) -> String {
    if let Found::Deduced { deduction, .. } = &report.found {
        let sweeps = plural(deduction.sweeps, "sweep");
        return match report.verdict() {
            Verdict::None => match report.reason() {
                Some(reason) => format!("no solution: {reason}"),
                None => format!("no solution: line solving finds a contradiction within {sweeps}"),
            },
            Verdict::Unique => {
                format!("solved by line solving alone in {sweeps}: the solution is unique")
            }
            _ => {
                let unknown = deduction.grid.unknown_count();
                let cells = report.puzzle.width() * report.puzzle.height();
                if deduction.stopped {
                    let limit = report.options.timeout.unwrap_or_default().as_secs_f64();
                    format!(
                        "timed out: the time limit ({limit} s) ran out during line solving, \
                         with {unknown} of {cells} cells unknown"
                    )
                } else if unknown == cells {
                    "line solving alone deduces no cell".to_string()
                } else {
                    format!(
                        "line solving alone stops after {sweeps} with {unknown} of {cells} cells \
                         unknown"
                    )
                }
            }
        };
    }
    let found = report.solutions().len();
    let limit = match report.stop() {
        Stop::TimeLimit => match report.options.timeout {
            Some(t) => format!("the time limit ({} s) ran out", t.as_secs_f64()),
            None => "the time limit ran out".to_string(),
        },
        Stop::MemoryLimit => "the search reached its memory bound".to_string(),
        Stop::Cancelled => "the run was cancelled".to_string(),
        Stop::Finished | Stop::SolutionLimit => String::new(),
    };
    match report.verdict() {
        Verdict::Unique => "unique solution".to_string(),
        Verdict::Multiple => {
            let count = match report.stop() {
                Stop::Finished => format!("{found} solutions"),
                Stop::SolutionLimit => format!("at least {found} solutions"),
                _ => format!("at least {found} solutions ({limit})"),
            };
            let which = if found == 2 { "they" } else { "the first two" };
            format!(
                "{count}: {which} differ in {}",
                list_cells(report.differing_cells(), LISTED_CELLS)
            )
        }
        Verdict::Solved if report.stop() == Stop::SolutionLimit => format!(
            "a solution (not checked for others: --solutions {})",
            report.options.solutions
        ),
        Verdict::Solved => format!("a solution; {limit} before its uniqueness was decided"),
        Verdict::None => match report.reason() {
            Some(reason) => format!("no solution: {reason}"),
            None => "no solution".to_string(),
        },
        Verdict::Unknown | Verdict::Partial => match report.stop() {
            Stop::TimeLimit => format!("timed out: {limit} before any solution was found"),
            _ => format!("gave up: {limit} before any solution was found"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::Picture;

    /// A title is the file's: an escape in it is shown, not sent to the terminal.
    #[test]
    fn control_characters_in_a_title_are_shown_escaped() {
        let mut puzzle = Puzzle::from_picture(&Picture::from_strings(&["#"]).unwrap());
        puzzle.metadata.title = Some("a\u{1b}[31mred\u{7}".into());
        puzzle.metadata.author = Some("Zoë".into());
        let line = title_line(&puzzle, Some("puzzle 1 of 2"));
        assert_eq!(line, "puzzle 1 of 2: a\\u{1b}[31mred\\u{7} (by Zoë)");
        assert!(!line.chars().any(char::is_control));
    }
}
