//! Game ids of Pattern, the nonogram of Simon Tatham's Portable Puzzle Collection.
//!
//! ```text
//! 10x5:2/1.1/3//4/…,TNINzz
//! ```
//!
//! An id is `WxH:` and then the clues of the `W` columns followed by those of the `H` rows,
//! separated by `/`; the numbers of a clue are separated by `.`, and an empty line is an empty
//! clue. A `,` may follow with cells given in advance (Pattern's "clue squares", which its
//! picture generator adds when the clues alone allow several pictures), run-length coded over
//! the cells row by row: a letter skips that many cells from `a`, `z` skips 25, and every
//! letter but `z` then gives the next cell, filled for an upper-case letter and empty for a
//! lower-case one, unless the skip reached the end of the grid. They become the puzzle's
//! givens. The code must cover the grid exactly, as Pattern checks. A file may hold several
//! ids, one a line; blank lines are skipped.
//!
//! Writing gives the id of a black-and-white puzzle, with its givens coded the way Pattern
//! codes them (so a puzzle read and written comes back byte for byte); titles and goals have no
//! place in an id and are not written.

use nonogram_model::{Clue, Given, Puzzle};

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
    let puzzle = scan::build(rows, columns, at(0))?;
    let Some(code) = givens else {
        return Ok(puzzle);
    };
    let pos = at(clues_at + clues.len() + 1);
    let givens = read_givens(code, width, height, pos)?;
    // Each cell is given once, within the grid, filled or empty: nothing to refuse.
    puzzle
        .with_givens(givens)
        .map_err(|e| ParseError::invalid(pos, e))
}

/// The run-length coded given cells of a `width` × `height` grid: the code must cover the
/// grid, no more, no less. `pos` is where the code starts (it is ASCII, so a character's
/// column is its offset).
fn read_givens(
    code: &str,
    width: usize,
    height: usize,
    pos: Pos,
) -> Result<Vec<Given>, ParseError> {
    let cells = width * height;
    let mut givens = Vec::new();
    let mut i = 0usize;
    for (k, c) in code.chars().enumerate() {
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
        if i == cells {
            return Err(ParseError::syntax(
                here,
                "more given cells than the grid has",
            ));
        }
        let len = usize::from(c.to_ascii_lowercase() as u8 - b'a');
        i += len;
        if len < 25 && i < cells {
            givens.push(Given::cell(i / width, i % width, c.is_ascii_uppercase()));
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
    Ok(givens)
}

/// The game id of a black-and-white puzzle, its givens coded as Pattern codes them: the cells
/// before each given counted off in letters (`z` for 25 at a time), then the given's letter.
pub(crate) fn write(puzzle: &Puzzle) -> String {
    let clue = |c: &Clue| {
        let runs: Vec<String> = c.runs().iter().map(u32::to_string).collect();
        runs.join(".")
    };
    let lines: Vec<String> = puzzle
        .columns()
        .iter()
        .chain(puzzle.rows())
        .map(clue)
        .collect();
    let mut id = format!("{}x{}:{}", puzzle.width(), puzzle.height(), lines.join("/"));
    if !puzzle.givens().is_empty() {
        id.push(',');
        let letter = |skip: usize, upper: bool| {
            // `skip` is below 25 here, so the letter is one of `a` to `y`.
            let c = char::from(b'a' + skip as u8);
            if upper {
                c.to_ascii_uppercase()
            } else {
                c
            }
        };
        let mut run = 0;
        for r in 0..puzzle.height() {
            for c in 0..puzzle.width() {
                match puzzle.given(r, c) {
                    Some(colour) => {
                        id.push(letter(run, !colour.is_background()));
                        run = 0;
                    }
                    None if run == 24 => {
                        id.push('z');
                        run = 0;
                    }
                    None => run += 1,
                }
            }
        }
        if run > 0 {
            id.push(letter(run, false));
        }
    }
    id.push('\n');
    id
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
        // `b`: one cell skipped, the next given empty; `D`: three skipped, the next filled.
        assert_eq!(
            p.givens(),
            &[Given::cell(0, 1, false), Given::cell(1, 2, true)]
        );
        assert!(ps[1].givens().is_empty());
        assert_eq!(p.clone().with_givens(Vec::new()).unwrap(), ps[1]);
    }

    #[test]
    fn writes_ids_as_pattern_does() {
        // The project's example (its givens as Pattern's generator wrote them), and codes that
        // need `z`, a given right after one, a given last and a trailing skip.
        let ids = [
            "15x15:10/2.1/1.1.1/1.1.1/1.1.1/1.1.1/1.1.1/1.1.1/1.1.1/1.10/1.1.1/1.1.1/1.1.1/2.1/10/10/1.2/1.1.1/1.1.1/1.1.1/10.1/1.1.1/1.1.1/1.1.1/1.1.1/1.1.1/1.1.1/1.1.1/1.2/10,TNINzzzzGNzw",
            "3x2:1/1.1//2/1,bD",
            "3x2:1/1.1//2/1,AaaaaA",
            "3x2:1/1.1//2/1",
            "6x5:1/1/1/1/1//1/1/1/1/1,zdA",
        ];
        for id in ids {
            let p = parse(id).unwrap().remove(0);
            assert_eq!(write(&p), format!("{id}\n"));
        }
        // A puzzle made here: the empty clue is an empty part.
        let goal = nonogram_model::Picture::from_strings(&["#.", ".."]).unwrap();
        let p = Puzzle::from_picture(&goal)
            .with_givens(vec![Given::cell(1, 1, false)])
            .unwrap();
        assert_eq!(write(&p), "2x2:1//1/,d\n");
        assert_eq!(parse(&write(&p)).unwrap(), vec![p]);
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
            // Found in review: Pattern refuses letters after the grid is covered.
            ("2x1:1/1/2,ba", (1, 12), "more given cells"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
