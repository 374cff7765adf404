//! The text format of the TAAI, TCGA and ICGA computer nonogram tournaments.
//!
//! A file holds many puzzles. Each starts with a header line `$N` (the puzzle's number, kept as
//! its title) and goes on until the next header: first the clues of the **columns**, then those
//! of the rows, one line each, numbers separated by tabs (we accept any blanks). A blank line is
//! an empty clue. The header does not give the size: the puzzles are square, so a block of `2n`
//! lines is an `n`×`n` puzzle (the tournaments use 25×25).
//!
//! The published solutions use the same layout with a picture in place of the clues: `n` lines
//! of `n` tab-separated `0`/`1` cells. Such a block is read as a puzzle whose clues come from the
//! picture and whose goal is the picture, so a solutions file can be checked like any other.
//!
//! Blank lines at the end of a block are ambiguous (empty clues, or layout?): we keep as many as
//! make the line count even and drop the rest.

use nonogram_model::{Limits, Picture, Puzzle};

use crate::error::{ParseError, Pos};
use crate::scan::{self, ClueList, NoTags};

/// The most lines a block may have before its trailing blank lines: the clues of the largest
/// square puzzle the limits allow.
const MAX_BLOCK_LINES: usize = 2 * Limits::DEFAULT.max_side;

/// One `$N` block: its header, its lines up to the last non-blank one, and the count of blank
/// lines after that (kept as a count, so that a flood of blank lines costs no memory).
struct Block<'a> {
    header: Pos,
    title: &'a str,
    lines: Vec<(usize, &'a str)>,
    blanks: usize,
}

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut puzzles = Vec::new();
    let mut block: Option<Block<'_>> = None;
    for (n, line) in scan::lines(text) {
        if let Some(title) = line.trim_start().strip_prefix('$') {
            if let Some(done) = block.take() {
                scan::push_puzzle(&mut puzzles, parse_block(done)?, Pos::new(n, 1))?;
            }
            let header = Pos::new(n, 1);
            block = Some(Block {
                header,
                title: title.trim(),
                lines: Vec::new(),
                blanks: 0,
            });
        } else if let Some(b) = &mut block {
            if line.trim().is_empty() {
                b.blanks += 1;
                continue;
            }
            b.lines.extend((n - b.blanks..n).map(|k| (k, "")));
            b.blanks = 0;
            b.lines.push((n, line));
            if b.lines.len() > MAX_BLOCK_LINES {
                return Err(ParseError::syntax(
                    Pos::new(n, 1),
                    format!(
                        "puzzle {} has more clue lines than the largest puzzle allowed",
                        scan::quote(&format!("${}", b.title))
                    ),
                ));
            }
        } else if !line.trim().is_empty() {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                format!(
                    "expected a `$N` puzzle header, found {}",
                    scan::quote(line.trim())
                ),
            ));
        }
    }
    match block {
        Some(done) => {
            let end = Pos::new(done.header.line, 1);
            scan::push_puzzle(&mut puzzles, parse_block(done)?, end)?;
        }
        None => {
            return Err(ParseError::syntax(
                Pos::START,
                "no `$N` puzzle header found",
            ))
        }
    }
    Ok(puzzles)
}

fn parse_block(block: Block<'_>) -> Result<Puzzle, ParseError> {
    let Block {
        header,
        title,
        mut lines,
        blanks,
    } = block;
    let trimmed = lines.len();
    let mut puzzle = if is_picture(&lines) {
        read_picture(&lines, header)?
    } else {
        let count = if trimmed % 2 == 0 {
            trimmed
        } else {
            trimmed + 1
        };
        let last = lines.last().map_or(header.line, |(n, _)| *n);
        if count > trimmed + blanks || count == 0 {
            return Err(ParseError::syntax(
                Pos::new(last + blanks + 1, 1),
                format!(
                    "puzzle {} has {trimmed} clue lines; a square puzzle needs an even number",
                    scan::quote(&format!("${title}"))
                ),
            ));
        }
        if count > trimmed {
            // The first trailing blank line is the last row's (empty) clue.
            lines.push((last + 1, ""));
        }
        let side = count / 2;
        scan::checked_size(side, side, header)?;
        let mut columns = ClueList::default();
        let mut rows = ClueList::default();
        for (i, &(n, line)) in lines.iter().enumerate() {
            let pos = Pos::new(n, 1);
            let clue = scan::clue(line, pos, char::is_whitespace, &mut NoTags)?;
            if i < side { &mut columns } else { &mut rows }.push(clue, pos);
        }
        scan::build(rows, columns, header)?
    };
    if !title.is_empty() {
        puzzle.metadata.title = Some(title.to_owned());
    }
    Ok(puzzle)
}

/// Whether a block is a solution picture: `n` lines of `n` cells, each `0` or `1`.
fn is_picture(lines: &[(usize, &str)]) -> bool {
    let n = lines.len();
    n > 0
        && lines.iter().all(|(_, l)| {
            let mut cells = l.split_whitespace();
            cells.clone().count() == n && cells.all(|c| c == "0" || c == "1")
        })
}

fn read_picture(lines: &[(usize, &str)], header: Pos) -> Result<Puzzle, ParseError> {
    let n = lines.len();
    scan::checked_size(n, n, header)?;
    let mut picture = Picture::new(n, n);
    for (r, (_, line)) in lines.iter().enumerate() {
        for (c, cell) in line.split_whitespace().enumerate() {
            picture.set(r, c, cell == "1");
        }
    }
    let mut puzzle = Puzzle::from_picture(&picture);
    puzzle.metadata.goal = Some(picture);
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles_inconsistency;
    use nonogram_model::Clue;

    #[test]
    fn columns_come_first() {
        let text = format!("$1\n1\n1\n2\n\n$2\n1\t1\n0\n1\n1\n1\n{}", "1\n".repeat(5));
        let ps = parse(&text).unwrap();
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[0].columns(), &[Clue::new([1]), Clue::new([1])]);
        assert_eq!(ps[0].rows(), &[Clue::new([2]), Clue::empty()]);
        assert_eq!(ps[0].metadata.title.as_deref(), Some("1"));
        assert_eq!(ps[1].width(), 5);
    }

    #[test]
    fn solution_blocks_are_pictures() {
        let text = "$1\r\n1\t0\r\n1\t1\r\n";
        let p = parse(text).unwrap().remove(0);
        assert_eq!(p.rows(), &[Clue::new([1]), Clue::new([2])]);
        assert!(p.is_solved_by(p.metadata.goal.as_ref().unwrap()));
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("1\n$1\n", (1, 1), "expected a `$N` puzzle header"),
            ("$1\n1\n1\n1\n", (5, 1), "even number"),
            ("$1\n", (2, 1), "has 0 clue lines"),
            ("$1\n1\nx\n", (3, 1), "expected a number"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
        // Clues that cannot all be satisfied are read: the puzzle has no solution, and says why.
        let (text, want) = ("$1\n1\n2\n", "needs 2 cells");
        let puzzles = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let why = puzzles_inconsistency(&puzzles);
        assert!(why.contains(want), "{text:?}: {why}");
    }
}
