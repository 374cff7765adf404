//! The puzzle string of the R `nonogram` package.
//!
//! One line holds a whole puzzle: the row clues, a `-`, then the column clues; clues are
//! separated by `:` and the numbers of a clue by `,`. The duck is
//! `3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3`. An empty line is written `0` (we also
//! accept nothing at all between two `:`).
//!
//! A file may hold several puzzles, one a line; blank lines are skipped, and a string wrapped
//! in quotes (as pasted from R source) is unwrapped.

use nonogram_model::{Clue, Puzzle};

use crate::error::{ParseError, Pos};
use crate::scan::{self, ClueList, NoTags};

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut puzzles = Vec::new();
    for (n, raw) in scan::lines(text) {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        let body = trimmed
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .or_else(|| {
                trimmed
                    .strip_prefix('\'')
                    .and_then(|s| s.strip_suffix('\''))
            })
            .unwrap_or(trimmed);
        // Byte offset of `body` in the raw line, for columns.
        let start = body.as_ptr() as usize - raw.as_ptr() as usize;
        scan::push_puzzle(
            &mut puzzles,
            parse_line(n, raw, start, body)?,
            Pos::new(n, 1),
        )?;
    }
    Ok(puzzles)
}

fn parse_line(n: usize, raw: &str, start: usize, body: &str) -> Result<Puzzle, ParseError> {
    // Offsets come in increasing order, so columns are counted incrementally.
    let columns = std::cell::RefCell::new(scan::Columns::new(raw));
    let at = |offset: usize| Pos::new(n, columns.borrow_mut().at(start + offset));
    let header = at(0);
    let mut halves = body.splitn(3, '-');
    let (rows_text, columns_text) = match (halves.next(), halves.next(), halves.next()) {
        (Some(r), Some(c), None) => (r, c),
        (_, _, Some(_)) => {
            let second = body.match_indices('-').nth(1).map_or(0, |(i, _)| i);
            return Err(ParseError::syntax(
                at(second),
                "expected one `-` between the rows and the columns, found another",
            ));
        }
        _ => {
            return Err(ParseError::syntax(
                at(0),
                "expected `rows-columns`, with `:` between lines and `,` between numbers",
            ));
        }
    };
    let read = |text: &str, offset: usize| -> Result<ClueList, ParseError> {
        let mut list = ClueList::default();
        let mut clue_start = offset;
        for part in text.split(':') {
            let pos = at(clue_start);
            let clue = scan::clue(part, pos, |c| c == ',' || c.is_whitespace(), &mut NoTags)?;
            list.push(clue, pos);
            clue_start += part.len() + 1;
            let side = list.len();
            scan::checked_size(side, 1, pos)?;
        }
        Ok(list)
    };
    let rows = read(rows_text, 0)?;
    let column_clues = read(columns_text, rows_text.len() + 1)?;
    scan::build(rows, column_clues, header)
}

fn clue_text(clue: &Clue) -> String {
    if clue.is_empty() {
        return "0".to_owned();
    }
    let runs: Vec<String> = clue.runs().iter().map(u32::to_string).collect();
    runs.join(",")
}

pub(crate) fn write(puzzle: &Puzzle) -> String {
    let join = |clues: &[Clue]| clues.iter().map(clue_text).collect::<Vec<_>>().join(":");
    format!("{}-{}\n", join(puzzle.rows()), join(puzzle.columns()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles_inconsistency;

    const DUCK: &str = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3";

    #[test]
    fn reads_the_duck() {
        let p = parse(DUCK).unwrap().remove(0);
        assert_eq!((p.width(), p.height()), (8, 9));
        assert_eq!(p.rows()[1], Clue::new([2, 1]));
        assert_eq!(p.columns()[3], Clue::new([7, 1]));
        assert_eq!(write(&p), format!("{DUCK}\n"));
        let quoted = format!("\n  \"{DUCK}\"\n{DUCK}\n");
        assert_eq!(parse(&quoted).unwrap().len(), 2);
    }

    #[test]
    fn empty_lines() {
        let p = parse("1:0:-1:").unwrap().remove(0);
        assert_eq!(p.rows(), &[Clue::new([1]), Clue::empty(), Clue::empty()]);
        assert_eq!(p.width(), 2);
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("1:1", (1, 1), "expected `rows-columns`"),
            ("1-1-1", (1, 4), "found another"),
            ("1:x-1", (1, 3), "expected a number, found `x`"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
        // Clues that cannot all be satisfied are read: the puzzle has no solution, and says why.
        for (text, want) in [
            ("1,1-1:1", "needs 3 cells"),
            ("1-\n", "row clues fill 1 cell but the column clues fill 0"),
            ("  \"1-2\"", "needs 2 cells"),
        ] {
            let puzzles = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            let why = puzzles_inconsistency(&puzzles);
            assert!(why.contains(want), "{text:?}: {why}");
        }
    }
}
