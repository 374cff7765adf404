//! Game ids of Pattern, the nonogram of Simon Tatham's Portable Puzzle Collection.
//!
//! ```text
//! 10x5:2/1.1/3//4/…,TNINzz
//! ```
//!
//! An id is `WxH:` and then the clues of the `W` columns followed by those of the `H` rows,
//! separated by `/`; the numbers of a clue are separated by `.`, and an empty line is an empty
//! clue. A `,` may follow with cells given in advance, run-length coded as Pattern writes them
//! (a letter skips that many cells from `a`, `z` skips 25, and all but `z` then fix one cell,
//! filled for an upper-case letter): we check them but cannot keep them, since a puzzle here
//! has no given cells, so the puzzle read may have more solutions than the game. A file may hold
//! several ids, one a line; blank lines are skipped.

use nonogram_model::{Clue, Puzzle};

use crate::error::{ParseError, Pos};
use crate::scan::{self, ClueList};

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut puzzles = Vec::new();
    for (n, raw) in scan::lines(text) {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let lead = raw.len() - raw.trim_start().len();
        let puzzle = parse_id(n, raw, lead, line)?;
        scan::push_puzzle(&mut puzzles, puzzle, Pos::new(n, 1))?;
    }
    Ok(puzzles)
}

fn parse_id(n: usize, raw: &str, lead: usize, id: &str) -> Result<Puzzle, ParseError> {
    // Positions are found only for errors (each costs a scan of the line).
    let at = |byte: usize| Pos::new(n, scan::column(raw, lead + byte));
    let Some(colon) = id.find(':') else {
        return Err(ParseError::syntax(
            at(0),
            format!(
                "expected a game id such as `10x10:…`, found {}",
                scan::quote(id)
            ),
        ));
    };
    let params = &id[..colon];
    let Some((w, h)) = params.split_once(['x', 'X']) else {
        return Err(ParseError::syntax(
            at(0),
            format!(
                "expected the size as `WxH` before `:`, found {}",
                scan::quote(params)
            ),
        ));
    };
    let width = scan::size(w, at(0))?;
    let height = scan::size(h, at(w.len() + 1))?;
    scan::checked_size(width, height, at(0))?;
    let desc = &id[colon + 1..];
    let (clues, givens) = match desc.split_once(',') {
        Some((c, g)) => (c, Some(g)),
        None => (desc, None),
    };
    let clues_at = colon + 1;
    let mut columns = ClueList::default();
    let mut rows = ClueList::default();
    let mut offset = 0;
    let parts: Vec<&str> = clues.split('/').collect();
    if parts.len() != width + height {
        return Err(ParseError::syntax(
            at(clues_at),
            format!(
                "expected {} clues ({width} columns and {height} rows), found {}",
                width + height,
                parts.len()
            ),
        ));
    }
    let mut positions = scan::Columns::new(raw);
    for (i, part) in parts.into_iter().enumerate() {
        let start = clues_at + offset;
        offset += part.len() + 1;
        let pos = Pos::new(n, positions.at(lead + start));
        let mut runs = Vec::new();
        if !part.is_empty() {
            let mut byte = 0;
            for number in part.split('.') {
                let run =
                    scan::number(number, Pos::START).map_err(|e| e.moved_to(at(start + byte)))?;
                runs.push(run);
                byte += number.len() + 1;
            }
        }
        let list = if i < width { &mut columns } else { &mut rows };
        list.push(Clue::new(runs), pos);
    }
    if let Some(givens) = givens {
        check_givens(givens, width * height, at(clues_at + clues.len() + 1))?;
    }
    scan::build(rows, columns, at(0))
}

/// Checks the run-length coded given cells: `cells` of them, no more, no less.
fn check_givens(givens: &str, cells: usize, pos: Pos) -> Result<(), ParseError> {
    let mut i = 0usize;
    for (k, c) in givens.chars().enumerate() {
        let here = Pos::new(pos.line, pos.column + k);
        if !c.is_ascii_alphabetic() {
            return Err(ParseError::syntax(
                here,
                format!(
                    "unexpected {} among the given cells",
                    scan::quote(&c.to_string())
                ),
            ));
        }
        let len = usize::from(c.to_ascii_lowercase() as u8 - b'a');
        i += len;
        if len < 25 && i < cells {
            i += 1;
        }
        if i > cells {
            return Err(ParseError::syntax(
                here,
                "more given cells than the grid has",
            ));
        }
    }
    if i < cells {
        return Err(ParseError::syntax(
            pos,
            "fewer given cells than the grid has",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ids() {
        let text = "3x2:1/1.1//2/1,bD\n\n  3x2:1/1.1//2/1\n";
        let ps = parse(text).unwrap();
        assert_eq!(ps.len(), 2);
        let p = &ps[0];
        assert_eq!(
            p.columns(),
            &[Clue::new([1]), Clue::new([1, 1]), Clue::empty()]
        );
        assert_eq!(p.rows(), &[Clue::new([2]), Clue::new([1])]);
        assert_eq!(ps[0], ps[1]);
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("3x2", (1, 1), "expected a game id"),
            ("3:1", (1, 1), "expected the size"),
            ("3xy:1", (1, 3), "expected a number"),
            ("2x1:1/1", (1, 5), "expected 3 clues"),
            ("2x1:1/1/2.x", (1, 11), "expected a number"),
            ("2x1:1/1/2,zz", (1, 11), "more given cells"),
            ("2x1:1/1/2,a", (1, 11), "fewer given cells"),
            ("2x1:1/1/2,a1", (1, 12), "unexpected `1`"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
