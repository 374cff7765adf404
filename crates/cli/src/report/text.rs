//! Reports as text on a terminal: the picture with its clues, as puzzle books print them, and
//! the status line ([`status_line`], shared with the API) that says what was proved and, when
//! the run was cut short, why.

use std::io::{self, Write};

use nonogram_core::Puzzle;

pub use nonogram_api::report::text::status_line;

use crate::report::Report;
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
