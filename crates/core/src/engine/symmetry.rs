//! Symmetric clues: a first solution from a much smaller search.
//!
//! Designed puzzles are often symmetric, and so are their clues: a map `g` of the grid onto
//! itself (a mirror, a half or quarter turn, a transpose) is a *clue symmetry* when every line
//! goes to a line with the same clue, read in the direction `g` gives it. Then `g` carries every
//! solution to a solution. Two things follow:
//!
//! - If a puzzle has a unique solution, that solution is symmetric under every clue symmetry.
//!   More generally, a solution that is symmetric is often there to be found, and looking only
//!   among symmetric grids ties each cell to its images: the search space shrinks to one cell
//!   per orbit, and every line's deductions reach its images at once.
//! - A solution `S` found that way, or any other, gives its images `g(S)` for free: any that
//!   differs from `S` is a second solution, and proves the puzzle ambiguous.
//! - Whatever the search learns holds in the mirror too: the enumerating learners learn each
//!   clause with its images ([`crate::engine::learn`]'s `images`), which shortens the proof that
//!   no second solution exists.
//!
//! So for a puzzle with clue symmetries, [`symmetric_solutions`] first runs the learning engine
//! with the cells of each orbit tied together (two binary clauses per cell and image): under all
//! the symmetries at once, then under each cyclic subgroup alone, every attempt for a bounded
//! number of conflicts. A puzzle without clue symmetry (nearly every random or tournament puzzle) costs
//! nothing but the check of its clues. A solution it finds is an ordinary solution (it is
//! checked against the clues like every other), and the engines that then enumerate solutions
//! start from it: their learners take its values as their first phases, so they reach it
//! without a conflict and go on looking for a second solution around it. Knotty (a 39×39 knot
//! with quarter-turn symmetric clues) was first solved that way, in a fraction of a second, when
//! no engine without it found even a first solution in minutes; the guided learner now finds
//! Knotty's solutions by itself in milliseconds, so the attempts are kept short.
//!
//! Triangle puzzles have none here: a mirror or a turn changes which corner of a half cell is
//! black, which a map of cells cannot say.
//!
//! Empty lines at the border are left out before looking for symmetries (Knotty has an empty
//! last row and column): their cells are empty in every solution, so the symmetry of the rest
//! is what counts.

use std::time::Duration;

use web_time::Instant;

use crate::engine::learn::{self, LearnState, Learner};
use crate::kind::Kind;
use crate::termination::{StopFlags, Termination};
use nonogram_model::{Axis, Clue, Picture, Puzzle};

/// Conflicts allowed to each attempt of the symmetric learner: a few tens of milliseconds. A
/// well-made symmetric puzzle's solution is found in a handful (the n-Dom puzzles: none at
/// all); Knotty, tied by its quarter turn, needed a few thousand when the learner could find no
/// solution without the tie, and 5,000 were allowed. The guided learner now finds Knotty's
/// first solutions by itself in milliseconds, and the attempts had become its cost: 0.5 s, the
/// time limit below, against 0.02 s with 500 (BENCHMARKS.md).
pub(crate) const CONFLICTS_PER_SYMMETRY: u64 = 500;

/// Time allowed to all the attempts together, whatever their conflicts: on a large puzzle a
/// conflict can cost milliseconds, and this is a gamble before the real search.
pub(crate) const TIME_LIMIT: Duration = Duration::from_millis(500);

/// A clue symmetry as a map of cell indices (row-major): `map[v]` is the image of cell `v`.
/// Cells outside the symmetric box (in empty border lines) map to themselves.
pub(crate) type CellMap = Vec<usize>;

/// The clue symmetries of `puzzle` other than the identity: of the 7 mirrors, turns and
/// transposes of the box left after dropping empty border lines, those under which every line
/// goes to a line with the same clue. The list is closed under composition (a group without
/// its identity).
pub(crate) fn clue_symmetries(puzzle: &Puzzle) -> Vec<CellMap> {
    // A mirror or a turn carries a half cell to another one (`◢` to `◣` in a left-right
    // mirror), so a map of cells alone is no symmetry of a triangle puzzle.
    if puzzle.is_triangles() {
        return Vec::new();
    }
    let (rows, cols) = (puzzle.clues(Axis::Row), puzzle.clues(Axis::Column));
    let span = |clues: &[crate::Clue]| {
        let first = clues.iter().position(|c| !c.is_empty())?;
        let last = clues.iter().rposition(|c| !c.is_empty())?;
        Some((first, last - first + 1))
    };
    let (Some((r0, h)), Some((c0, w))) = (span(rows), span(cols)) else {
        return Vec::new();
    };
    if h < 2 || w < 2 {
        return Vec::new();
    }
    // Box coordinates (r, c) to their images.
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
    let mut maps: Vec<Map> = vec![
        |r, c, h, _| (h - 1 - r, c),         // mirror top to bottom
        |r, c, _, w| (r, w - 1 - c),         // mirror left to right
        |r, c, h, w| (h - 1 - r, w - 1 - c), // half turn
    ];
    if h == w {
        maps.extend_from_slice(&[
            (|r, c, _, _| (c, r)) as Map,        // transpose
            |r, c, h, w| (w - 1 - c, h - 1 - r), // anti-transpose
            |r, c, h, _| (c, h - 1 - r),         // quarter turn clockwise
            |r, c, _, w| (w - 1 - c, r),         // quarter turn anticlockwise
        ]);
    }
    // Whether the line of box cells `a` to `b` (its ends, in reading order) goes to a line with
    // `clue` (its runs and their colours), read in the direction the map gives it.
    let keeps = |map: Map, clue: &Clue, a: (usize, usize), b: (usize, usize)| {
        let (a, b) = (map(a.0, a.1, h, w), map(b.0, b.1, h, w));
        let (image, forward) = if a.0 == b.0 {
            (&rows[r0 + a.0], a.1 < b.1)
        } else {
            (&cols[c0 + a.1], a.0 < b.0)
        };
        let n = clue.len();
        image.len() == n
            && (0..n).all(|k| image.run(if forward { k } else { n - 1 - k }) == clue.run(k))
    };
    let width = puzzle.width();
    maps.into_iter()
        .filter(|&map| {
            (0..h).all(|r| keeps(map, &rows[r0 + r], (r, 0), (r, w - 1)))
                && (0..w).all(|c| keeps(map, &cols[c0 + c], (0, c), (h - 1, c)))
        })
        .map(|map| {
            let mut cells: CellMap = (0..width * puzzle.height()).collect();
            for r in 0..h {
                for c in 0..w {
                    let (ir, ic) = map(r, c, h, w);
                    cells[(r0 + r) * width + c0 + c] = (r0 + ir) * width + c0 + ic;
                }
            }
            cells
        })
        .collect()
}

/// The sets of maps to tie cells under, in turn: the whole group, then each different cyclic
/// subgroup. Tying cells under one map ties them under its powers too, so a quarter turn's
/// attempt would repeat the whole group of turns, while the half turn's is an attempt of its
/// own.
fn attempts(symmetries: &[CellMap]) -> Vec<Vec<&CellMap>> {
    let mut attempts: Vec<Vec<&CellMap>> = vec![symmetries.iter().collect()];
    for map in symmetries {
        let cyclic: Vec<&CellMap> = symmetries
            .iter()
            .filter(|other| powers(map).any(|power| power == **other))
            .collect();
        if !cyclic.is_empty() && !attempts.contains(&cyclic) {
            attempts.push(cyclic);
        }
    }
    attempts
}

/// The powers `g, g², …` of a map `g`, up to the identity (left out).
fn powers(map: &CellMap) -> impl Iterator<Item = CellMap> + '_ {
    let mut power = map.clone();
    std::iter::from_fn(move || {
        if power.iter().enumerate().all(|(v, &to)| v == to) {
            return None;
        }
        let next = power.iter().map(|&to| map[to]).collect();
        Some(std::mem::replace(&mut power, next))
    })
}

/// The image of a picture under a cell map.
pub(crate) fn image(picture: &Picture, map: &CellMap) -> Picture {
    let width = picture.width();
    let mut out = Picture::new(width, picture.height());
    for (v, &to) in map.iter().enumerate() {
        out.set_colour(to / width, to % width, picture.colour(v / width, v % width));
    }
    out
}

/// Looks for a solution symmetric under the puzzle's clue symmetries: first under all of them at
/// once (the fewest free cells; a unique solution is there), then under each different cyclic
/// subgroup alone ([`attempts`]), every attempt with [`CONFLICTS_PER_SYMMETRY`] conflicts, all within
/// [`TIME_LIMIT`] (and the caller's `flags`). Returns that solution followed by its distinct
/// images under all the clue symmetries (solutions too), or nothing if the clues have no
/// symmetry or no symmetric solution was found in time.
pub(crate) fn symmetric_solutions<K: Kind>(puzzle: &Puzzle, flags: StopFlags<'_>) -> Vec<Picture> {
    if !learn::fits::<K>(puzzle) {
        return Vec::new();
    }
    let symmetries = clue_symmetries(puzzle);
    let attempts = attempts(&symmetries);
    let flags = flags.with_deadline(Instant::now() + TIME_LIMIT);
    for tied in attempts {
        if tied.is_empty() || flags.should_stop() {
            break;
        }
        let mut learner = Learner::<K>::new(puzzle, 1);
        for map in tied {
            learner.tie(map);
        }
        let state = learner.run(
            Some(CONFLICTS_PER_SYMMETRY),
            &mut Termination::from_flags(flags),
        );
        if let (LearnState::Finished { exhausted: false }, Some(first)) =
            (state, learner.take_solutions().into_iter().next())
        {
            let mut found = vec![first];
            for other in &symmetries {
                let next = image(&found[0], other);
                if !found.contains(&next) {
                    found.push(next);
                }
            }
            return found;
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::BlackWhite;

    fn puzzle(rows: &[&str]) -> Puzzle {
        Puzzle::from_picture(&Picture::from_strings(rows).unwrap())
    }

    #[test]
    fn finds_the_symmetries_of_the_clues() {
        // A plus sign is symmetric every way: all 7 maps.
        let plus = puzzle(&[".#.", "###", ".#."]);
        assert_eq!(clue_symmetries(&plus).len(), 7);
        // An L has only its mirror across the anti-diagonal.
        let l = puzzle(&["#..", "#..", "###"]);
        let maps = clue_symmetries(&l);
        assert_eq!(maps.len(), 1);
        assert_eq!(maps[0][1], 5, "cell (0, 1) goes to (1, 2)");
        // Rows 2 1 and 1 2: a half turn reads each as the other backwards, but a mirror left to
        // right would need each to read the same backwards.
        let maps = clue_symmetries(&puzzle(&["##.#", "#.##"]));
        assert_eq!(maps.len(), 1);
        assert_eq!(maps[0][0], 7, "the half turn takes (0, 0) to (1, 3)");
        // No symmetry: rows 2 1 and 1 differ, and the first is no palindrome.
        assert!(clue_symmetries(&puzzle(&["##.#", "#..."])).is_empty());
        // The empty last column is left out: what remains is a square, symmetric about its
        // diagonal.
        assert_eq!(clue_symmetries(&puzzle(&["##.", "#.."])).len(), 1);
    }

    #[test]
    fn each_attempt_ties_a_different_subgroup() {
        // A pinwheel: symmetric under the turns only.
        let pinwheel = puzzle(&["##.#", "...#", "#...", "#.##"]);
        let maps = clue_symmetries(&pinwheel);
        assert_eq!(maps.len(), 3, "three turns");
        let tied = attempts(&maps);
        // All three turns, then the half turn alone; the quarter turns add nothing new.
        assert_eq!(tied.len(), 2, "{tied:?}");
        assert_eq!(tied[0].len(), 3);
        assert_eq!(tied[1].len(), 1);
        assert_eq!(tied[1][0][0], 15, "the half turn takes (0, 0) to (3, 3)");
        // Under the four symmetries of a rectangle, each mirror and the half turn is its own
        // subgroup.
        let rectangle = puzzle(&["#..#", ".##.", "#..#"]);
        let maps = clue_symmetries(&rectangle);
        assert_eq!((maps.len(), attempts(&maps).len()), (3, 4));
        assert!(attempts(&[]).iter().all(Vec::is_empty));
    }

    #[test]
    fn empty_border_lines_are_left_out() {
        // Two dominoes a half turn apart, with an empty last row and column.
        let s = puzzle(&["##..", "....", ".##.", "...."]);
        let maps = clue_symmetries(&s);
        // The half turn of the 3×3 box maps (0, 0) to (2, 2), not to (3, 3).
        assert!(maps.iter().any(|m| m[0] == 2 * 4 + 2), "{maps:?}");
        // The empty row and column stay put.
        assert!(maps.iter().all(|m| m[3] == 3 && m[15] == 15));
    }

    #[test]
    fn a_symmetric_solution_and_its_images() {
        // The two diagonals of a 2×2: each is the other's mirror image.
        let diagonal = puzzle(&["#.", ".#"]);
        let found = symmetric_solutions::<BlackWhite>(&diagonal, StopFlags::default());
        assert_eq!(
            found.len(),
            2,
            "the transposes keep a diagonal, the mirrors swap them"
        );
        assert!(found.iter().all(|p| diagonal.check(p).is_ok()));
        // A puzzle without clue symmetry gets nothing.
        let r = puzzle(&["##.#", "#..."]);
        assert!(symmetric_solutions::<BlackWhite>(&r, StopFlags::default()).is_empty());
    }
}
