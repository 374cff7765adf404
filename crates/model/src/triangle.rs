//! Triangle puzzles ("trianograms", the glued triangles of the Slovak journal *Malované
//! křížovky* as Olšák's `.g` format writes them): a cell is empty, black, or half black, cut by
//! a diagonal, and a half-black cell caps the end of a run, glued to it.
//!
//! The four half cells are the entries after black in [`Palette::triangles`], named by the
//! corner that is black:
//!
//! | entry | cell | black half | caps in a row | caps in a column |
//! |---|---|---|---|---|
//! | 2 | `◢` | lower right | the left end (`/` before the number) | the top (`/` before) |
//! | 3 | `◤` | upper left | the right end (`/` after) | the bottom (`/` after) |
//! | 4 | `◥` | upper right | the left end (`\` before) | the bottom (`\` after) |
//! | 5 | `◣` | lower left | the right end (`\` after) | the top (`\` before) |
//!
//! A cap's black half always faces its run: a cell that starts a run of a row has its black
//! side on the right, one that ends it on the left. The rules, as the journal and Olšák's
//! `brontik.g` state them, are those of [`Clue`]'s capped runs:
//!
//! - a run `/4\` is one piece of 4 cells, its caps included: `◢##◣` in a row (the caps glued
//!   to the black body, never a space between them); `\1` is the lone cell `◥`, `\2\` the two
//!   cells `◥◣`;
//! - two neighbouring runs need an empty cell between them only where both of the cells that
//!   would touch are black; wherever one of them is a triangle they may touch (`\1 /3/` may be
//!   `◥◢#◤`, and `2/ /2` may be `#◤◢#`), two equal triangles included (`1/ 1/` may be `◤◤`).
//!
//! Since a black cell next to a triangle that faces away from it may belong to either run,
//! a line of cells does not always give back one clue: `##◤` satisfies both `3/` and `2 1/`.
//! A solution is therefore checked by matching its lines against their clues
//! ([`line_fits`]), never by comparing clues; [`clue_of_line`] gives the clue that reads each
//! stretch of touching cells as one run wherever it can.

use crate::clue::{Clue, Run};
use crate::colour::ColourId;
use crate::puzzle::Axis;

/// The half cell whose lower right half is black, `◢`: entry 2 of [`Palette::triangles`].
///
/// [`Palette::triangles`]: crate::Palette::triangles
pub const LOWER_RIGHT: ColourId = ColourId::new(2).unwrap();
/// `◤`, upper left black: entry 3.
pub const UPPER_LEFT: ColourId = ColourId::new(3).unwrap();
/// `◥`, upper right black: entry 4.
pub const UPPER_RIGHT: ColourId = ColourId::new(4).unwrap();
/// `◣`, lower left black: entry 5.
pub const LOWER_LEFT: ColourId = ColourId::new(5).unwrap();

pub use crate::colour::TRIANGLES;

/// Which end of a run a cap is on, along the line (left or top: `Start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The left end of a run of a row, the top of a run of a column.
    Start,
    /// The right end of a row's run, the bottom of a column's.
    End,
}

/// Whether `colour` is one of the four half cells.
pub fn is_triangle(colour: ColourId) -> bool {
    (2..=5).contains(&colour.index())
}

/// The diagonal that cuts a half cell, `/` or `\`, as `.g` files write its caps; `None` for
/// any other entry.
pub fn diagonal(colour: ColourId) -> Option<char> {
    match colour.index() {
        2 | 3 => Some('/'),
        4 | 5 => Some('\\'),
        _ => None,
    }
}

/// Which end of a run of a line of `axis` the half cell `colour` can cap (the end its black
/// side faces); `None` for any other entry.
pub fn end_capped(colour: ColourId, axis: Axis) -> Option<End> {
    match (colour.index(), axis) {
        (2, _) | (4, Axis::Row) | (5, Axis::Column) => Some(End::Start),
        (3, _) | (5, Axis::Row) | (4, Axis::Column) => Some(End::End),
        _ => None,
    }
}

/// The half cell that caps `end` of a run in a line of `axis` with the diagonal `diagonal`
/// (`/` or `\`, as `.g` files write it); `None` for another character.
pub fn cap(axis: Axis, end: End, diagonal: char) -> Option<ColourId> {
    Some(match (diagonal, end, axis) {
        ('/', End::Start, _) => LOWER_RIGHT,
        ('/', End::End, _) => UPPER_LEFT,
        ('\\', End::Start, Axis::Row) | ('\\', End::End, Axis::Column) => UPPER_RIGHT,
        ('\\', End::End, Axis::Row) | ('\\', End::Start, Axis::Column) => LOWER_LEFT,
        _ => return None,
    })
}

/// Run `i` of `clue` as `.g` files write it: its length between its caps' diagonals, `/4\`,
/// `3/`, or the bare number when it has no cap.
pub fn run_notation(clue: &Clue, i: usize) -> String {
    let [start, end] = clue
        .caps(i)
        .map(|c| diagonal(c).map(String::from).unwrap_or_default());
    format!("{start}{}{end}", clue.runs()[i])
}

/// Every run of `clue`, in order, as [`run_notation`] writes it (none for an empty clue).
pub fn run_notations(clue: &Clue) -> Vec<String> {
    (0..clue.len()).map(|i| run_notation(clue, i)).collect()
}

/// Reads a run of a line of `axis` as [`run_notation`] writes it (`/4\`, `3/`, `\1`, `5`):
/// the run, black, with its caps (the background for none); `None` if `text` is not a length
/// from 1 up, with at most one `/` or `\` on either side. A cap counts towards the length, so
/// a run with two caps is at least 2 long.
pub fn parse_run(axis: Axis, text: &str) -> Option<(Run, [ColourId; 2])> {
    let text = text.trim();
    let (start, rest) = match text.strip_prefix(['/', '\\']) {
        Some(rest) => (cap(axis, End::Start, text.chars().next()?)?, rest),
        None => (ColourId::BACKGROUND, text),
    };
    let (end, digits) = match rest.strip_suffix(['/', '\\']) {
        Some(digits) => (cap(axis, End::End, rest.chars().last()?)?, digits),
        None => (ColourId::BACKGROUND, rest),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let len: u32 = digits.parse().ok()?;
    let caps = [start, end];
    let capped = caps.iter().filter(|c| !c.is_background()).count() as u32;
    (len >= capped.max(1)).then_some((Run::new(len, crate::ColourId::BLACK), caps))
}

/// Whether the line `cells` satisfies `clue` under the rules of triangle puzzles (the module's
/// documentation): some placement of the clue's runs, each its exact cells, in order, with an
/// empty cell between two runs wherever both touching cells would be black, and every other
/// cell empty. O(runs · cells).
pub fn line_fits(clue: &Clue, cells: &[ColourId]) -> bool {
    let n = cells.len();
    // pad[j]: the runs placed so far fit in cells 0..j, the last of them ending at j or
    // before it with only empty cells after it (before any run: cells 0..j are empty).
    let mut pad = vec![false; n + 1];
    let mut end = vec![false; n + 1];
    pad[0] = true;
    for j in 0..n {
        pad[j + 1] = pad[j] && cells[j].is_background();
    }
    let mut pattern = Vec::new();
    for r in 0..clue.len() {
        pattern.clear();
        pattern.extend(clue.run_cells(r));
        let len = pattern.len();
        let touch = r > 0 && !clue.needs_gap_after(r - 1);
        end.fill(false);
        for s in (0..=n).take_while(|&s| s + len <= n) {
            let after = if r == 0 || touch {
                pad[s]
            } else {
                s > 0 && cells[s - 1].is_background() && pad[s - 1]
            };
            if after && cells[s..s + len] == pattern[..] {
                end[s + len] = true;
            }
        }
        pad[0] = end[0];
        for j in 0..n {
            pad[j + 1] = end[j + 1] || (pad[j] && cells[j].is_background());
        }
    }
    pad[n]
}

/// The clue that `cells`, a line of `axis`, satisfies with the fewest runs: each stretch of
/// touching non-empty cells is split only where it must be (two caps facing each other, or a
/// start cap after the body of a run). A line of a solution always satisfies the clue read
/// this way, though not only it (the module's documentation).
pub fn clue_of_line(axis: Axis, cells: &[ColourId]) -> Clue {
    let mut runs: Vec<(Run, [ColourId; 2])> = Vec::new();
    // The run being read: its length, start cap, and whether it has a body or an end cap.
    let mut open: Option<(u32, ColourId, bool)> = None;
    let close = |open: &mut Option<(u32, ColourId, bool)>,
                 runs: &mut Vec<(Run, [ColourId; 2])>,
                 end: ColourId| {
        if let Some((len, start, _)) = open.take() {
            runs.push((Run::new(len, ColourId::BLACK), [start, end]));
        }
    };
    for &cell in cells {
        if cell.is_background() {
            close(&mut open, &mut runs, ColourId::BACKGROUND);
            continue;
        }
        match end_capped(cell, axis) {
            Some(End::Start) => {
                close(&mut open, &mut runs, ColourId::BACKGROUND);
                open = Some((1, cell, false));
            }
            Some(End::End) => match open.take() {
                Some((len, start, _)) => {
                    runs.push((Run::new(len + 1, ColourId::BLACK), [start, cell]));
                }
                None => runs.push((Run::new(1, ColourId::BLACK), [ColourId::BACKGROUND, cell])),
            },
            None => match &mut open {
                Some((len, _, body)) => {
                    *len += 1;
                    *body = true;
                }
                None => open = Some((1, ColourId::BACKGROUND, true)),
            },
        }
    }
    close(&mut open, &mut runs, ColourId::BACKGROUND);
    Clue::capped(runs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Palette, Picture, Puzzle, PuzzleError};

    const BG: ColourId = ColourId::BACKGROUND;
    const B: ColourId = ColourId::BLACK;

    /// A line from its characters: `.`, `#` and the four half cells.
    fn cells(text: &str) -> Vec<ColourId> {
        let palette = Palette::triangles();
        text.chars()
            .map(|c| palette.by_symbol(c).unwrap())
            .collect()
    }

    /// A clue as `.g` files write it, for a line of `axis`: `/4\ 1 \2`.
    fn clue(axis: Axis, text: &str) -> Clue {
        Clue::capped(
            text.split_whitespace()
                .map(|block| parse_run(axis, block).unwrap()),
        )
    }

    #[test]
    fn runs_read_back_as_they_are_written() {
        for axis in [Axis::Row, Axis::Column] {
            let clue = clue(axis, "/4\\ 1 \\2 3/ \\1 /2/ 12");
            let written: Vec<String> = (0..clue.len()).map(|i| run_notation(&clue, i)).collect();
            assert_eq!(written, ["/4\\", "1", "\\2", "3/", "\\1", "/2/", "12"]);
            assert_eq!(clue.caps(1), [BG, BG]);
        }
        assert_eq!(
            parse_run(Axis::Row, "/4\\"),
            Some((Run::new(4, B), [LOWER_RIGHT, LOWER_LEFT]))
        );
        assert_eq!(
            parse_run(Axis::Column, "/4\\"),
            Some((Run::new(4, B), [LOWER_RIGHT, UPPER_RIGHT]))
        );
        for bad in [
            "", "/", "//", "/1\\", "0", "x3", "3x", "/-3", "//3", "3 4", "\\",
        ] {
            assert_eq!(parse_run(Axis::Row, bad), None, "{bad:?}");
        }
    }

    #[test]
    fn caps_face_their_runs_on_either_axis() {
        assert_eq!(cap(Axis::Row, End::Start, '/'), Some(LOWER_RIGHT));
        assert_eq!(cap(Axis::Row, End::Start, '\\'), Some(UPPER_RIGHT));
        assert_eq!(cap(Axis::Row, End::End, '\\'), Some(LOWER_LEFT));
        assert_eq!(cap(Axis::Column, End::Start, '\\'), Some(LOWER_LEFT));
        assert_eq!(cap(Axis::Column, End::End, '\\'), Some(UPPER_RIGHT));
        assert_eq!(cap(Axis::Column, End::End, '/'), Some(UPPER_LEFT));
        assert_eq!(cap(Axis::Row, End::End, 'x'), None);
        for axis in [Axis::Row, Axis::Column] {
            for end in [End::Start, End::End] {
                for d in ['/', '\\'] {
                    let c = cap(axis, end, d).unwrap();
                    assert_eq!(end_capped(c, axis), Some(end));
                    assert_eq!(diagonal(c), Some(d));
                }
            }
        }
        assert_eq!(end_capped(B, Axis::Row), None);
    }

    #[test]
    fn runs_are_glued_to_their_caps_and_touch_where_a_triangle_meets() {
        let row = |c: &str, line: &str| line_fits(&clue(Axis::Row, c), &cells(line));
        assert!(row("/4\\", "◢##◣"));
        assert!(row("/4\\", "..◢##◣."));
        assert!(!row("/4\\", "◢.##◣."), "caps are glued");
        assert!(!row("/4\\", "◢###◣"), "the length counts the caps");
        assert!(row("\\1 /3/ 3", "◥◢#◤###"));
        assert!(row("\\2\\", ".◥◣"));
        assert!(row("1/ 1/", "◤◤"), "two equal triangles may touch");
        assert!(row("2 /2", "##◢#"), "a black cell may touch a triangle");
        assert!(!row("2 2", "####"), "two black cells may not");
        assert!(row("2 2", "##.##"));
        assert!(!row("2 2", "##..."));
        assert!(row("", "..."));
        assert!(!row("", ".#."));
        assert!(!row("1", "◢"), "a half cell is not a black one");
        // Columns read `\\` the other way round.
        let col = |c: &str, line: &str| line_fits(&clue(Axis::Column, c), &cells(line));
        assert!(col("\\3\\", "◣#◥"));
        assert!(!col("\\3\\", "◥#◣"));
    }

    #[test]
    fn a_line_reads_back_a_clue_it_satisfies() {
        assert_eq!(
            clue_of_line(Axis::Row, &cells("◢##◣.◥◢#◤##")),
            clue(Axis::Row, "/4\\ \\1 /3/ 2")
        );
        assert_eq!(
            clue_of_line(Axis::Row, &cells("##◤")),
            clue(Axis::Row, "3/")
        );
        assert_eq!(
            clue_of_line(Axis::Row, &cells("◤◤.")),
            clue(Axis::Row, "1/ 1/")
        );
        // Every line of every symbol, up to five cells, on either axis.
        let symbols = cells(".#◢◤◥◣");
        for n in 0..=5u32 {
            for code in 0..6usize.pow(n) {
                let line: Vec<ColourId> =
                    (0..n).map(|i| symbols[code / 6usize.pow(i) % 6]).collect();
                for axis in [Axis::Row, Axis::Column] {
                    let read = clue_of_line(axis, &line);
                    assert!(line_fits(&read, &line), "{axis:?} {line:?}: {read}");
                }
            }
        }
    }

    #[test]
    fn puzzles_check_their_caps_and_their_solutions_by_placement() {
        let palette = Palette::triangles();
        let picture = Picture::from_colour_rows(&[cells("◢◣"), cells("◥◤")]).unwrap();
        let puzzle = Puzzle::from_coloured_picture(palette.clone(), &picture).unwrap();
        assert_eq!(puzzle.rows()[0].display(&palette).to_string(), "◢2◣");
        assert_eq!(puzzle.columns()[0].display(&palette).to_string(), "◢2◥");
        assert!(puzzle.is_solved_by(&picture));
        assert_eq!(puzzle.inconsistency(), None);
        // A row's start cap cannot end a column's run.
        let bad = Puzzle::with_palette(
            palette.clone(),
            vec![clue(Axis::Row, "\\1")],
            vec![clue(Axis::Row, "\\1")],
        );
        assert!(
            matches!(bad, Err(PuzzleError::BadCap { run: 0, .. })),
            "{bad:?}"
        );
        let short = Clue::capped([(Run::new(1, B), [LOWER_RIGHT, LOWER_LEFT])]);
        let bad = Puzzle::with_palette(palette, vec![short.clone()], vec![Clue::new([1])]);
        assert!(matches!(bad, Err(PuzzleError::BadCap { .. })));
        let bad = Puzzle::new(vec![short], vec![Clue::new([1])]).unwrap_err();
        assert!(bad.to_string().contains("cap"), "{bad}");
    }
}
