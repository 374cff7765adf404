//! Every engine against brute force on puzzles of up to 6×6, black and white or in up to three
//! colours, with and without givens (the puzzle's own, and the caller's).
//!
//! The brute force lists each row's patterns (every colouring of `width` cells with the row's
//! runs), stacks rows in every way and keeps the stacks whose columns match, pruning a stack as
//! soon as a column's top part can no longer grow into its clue. With at most 6 cells a line
//! and 4 palette entries, that is at most 4,096 candidates a row and instant.
//!
//! Each engine, asked for 1, 2 and 3 solutions, must report what `nonogram_core::solve` promises:
//! only true solutions, distinct and in [`Picture`] order; a [`Status`] that claims exactly what
//! the brute force confirms; a [`Stop`] that says why it ended (no time limit is set, so the
//! run always ends by itself). [`deduce`] must leave every cell the colour each solution gives
//! it.

use arbitrary::{Arbitrary, Unstructured};
use nonogram_core::generate::colour_palette;
use nonogram_core::{deduce, Config, Engine, Given, Outcome, Solver, Status, Stop};
use nonogram_model::{Clue, ColourId, Palette, Picture, Puzzle, Run};

use crate::bits;

/// The longest side.
pub const MAX_SIDE: usize = 6;

/// The most colours besides the background in a colour case.
pub const MAX_COLOURS: usize = 3;

/// A small puzzle and some cells fixed beforehand.
#[derive(Clone, PartialEq, Eq)]
pub struct EngineCase {
    /// The puzzle, black and white or in a palette of up to [`MAX_COLOURS`] colours, with at
    /// most one given cell of its own.
    pub puzzle: Puzzle,
    /// Cells fixed before solving (for [`Solver::solve_from`]), besides the puzzle's own; may
    /// disagree with each other and with the puzzle's.
    pub givens: Vec<Given>,
}

impl std::fmt::Debug for EngineCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bw = self.puzzle.is_black_and_white();
        // Runs as lengths, and in colour as (length, colour).
        let clues = |clues: &[Clue]| -> Vec<String> {
            clues
                .iter()
                .map(|c| {
                    if bw {
                        format!("{:?}", c.runs())
                    } else {
                        let runs: Vec<(u32, usize)> =
                            c.iter().map(|r| (r.len, r.colour.index())).collect();
                        format!("{runs:?}")
                    }
                })
                .collect()
        };
        let cells = |givens: &[Given]| -> Vec<(usize, usize, usize)> {
            givens
                .iter()
                .map(|g| (g.row, g.col, g.colour.index()))
                .collect()
        };
        write!(
            f,
            "EngineCase {{ colours: {}, rows: {:?}, columns: {:?}, the puzzle's givens (row, \
             col, colour): {:?}, givens: {:?} }}",
            self.puzzle.palette().len() - 1,
            clues(self.puzzle.rows()),
            clues(self.puzzle.columns()),
            cells(self.puzzle.givens()),
            cells(&self.givens)
        )
    }
}

impl<'a> Arbitrary<'a> for EngineCase {
    /// Black and white one time in two, else 2 or 3 colours. A random picture's puzzle
    /// (solvable), the same with one line's clue replaced by free runs (often unsolvable,
    /// sometimes with more solutions), or free clues throughout (mostly unsolvable, sometimes
    /// inconsistent at a glance); then up to three givens, the first of them sometimes the
    /// puzzle's own.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<EngineCase> {
        let colours = match u.int_in_range(0u8..=3)? {
            0 | 1 => 1,
            2 => 2,
            _ => MAX_COLOURS,
        };
        let palette = if colours == 1 {
            Palette::black_and_white()
        } else {
            colour_palette(colours)
        };
        let width = u.int_in_range(1..=MAX_SIDE)?;
        let height = u.int_in_range(1..=MAX_SIDE)?;
        let filled = bits(u, width * height)?;
        let mut cells = Vec::with_capacity(filled.len());
        for &f in &filled {
            let colour = if !f {
                0
            } else if colours == 1 {
                1
            } else {
                u.int_in_range(1..=colours)?
            };
            cells.push(ColourId::new(colour).expect("a small entry"));
        }
        let rows: Vec<Vec<ColourId>> = cells.chunks(width).map(<[ColourId]>::to_vec).collect();
        let picture = Picture::from_colour_rows(&rows).expect("a rectangle of cells");
        let mut puzzle = Puzzle::from_coloured_picture(palette.clone(), &picture)
            .expect("the picture's colours are the palette's");
        let free = |u: &mut Unstructured<'a>, len: usize| -> arbitrary::Result<Clue> {
            let count = u.int_in_range(0..=len.div_ceil(2))?;
            let runs = (0..count)
                .map(|_| {
                    let length = u.int_in_range(1..=len as u32)?;
                    let colour = u.int_in_range(1..=colours)?;
                    Ok(Run::new(
                        length,
                        ColourId::new(colour).expect("a small entry"),
                    ))
                })
                .collect::<arbitrary::Result<Vec<Run>>>()?;
            Ok(Clue::coloured(runs))
        };
        match u.int_in_range(0u8..=3)? {
            0 | 1 => {}
            2 => {
                let (mut rows, mut columns) = (puzzle.rows().to_vec(), puzzle.columns().to_vec());
                if u.arbitrary()? {
                    let i = u.choose_index(height)?;
                    rows[i] = free(u, width)?;
                } else {
                    let i = u.choose_index(width)?;
                    columns[i] = free(u, height)?;
                }
                puzzle = Puzzle::with_palette(palette, rows, columns).expect("a valid size");
            }
            _ => {
                let rows = (0..height)
                    .map(|_| free(u, width))
                    .collect::<arbitrary::Result<_>>()?;
                let columns = (0..width)
                    .map(|_| free(u, height))
                    .collect::<arbitrary::Result<_>>()?;
                puzzle = Puzzle::with_palette(palette, rows, columns).expect("a valid size");
            }
        }
        let mut givens: Vec<Given> = (0..u.int_in_range(0..=3)?)
            .map(|_| {
                Ok(Given {
                    row: u.choose_index(height)?,
                    col: u.choose_index(width)?,
                    colour: ColourId::new(u.int_in_range(0..=colours)?).expect("a small entry"),
                })
            })
            .collect::<arbitrary::Result<_>>()?;
        // Sometimes the first given is the puzzle's own, the rest the caller's.
        if !givens.is_empty() && u.arbitrary()? {
            let own = givens.remove(0);
            puzzle = puzzle
                .with_givens(vec![own])
                .expect("a given within the grid, of the palette");
        }
        Ok(EngineCase { puzzle, givens })
    }
}

/// Decodes a case from raw bytes (as the fuzz target does) and checks it.
pub fn run(data: &[u8]) {
    crate::decode_and_check(data, check);
}

/// Every engine configuration worth telling apart, for `max_solutions` solutions.
pub fn configs(max_solutions: usize) -> Vec<Config> {
    let base = Config {
        max_solutions,
        threads: 1,
        ..Config::default()
    };
    vec![
        Config {
            engine: Engine::Search,
            ..base.clone()
        },
        Config {
            engine: Engine::Search,
            probing: false,
            ..base.clone()
        },
        Config {
            engine: Engine::Sat,
            ..base.clone()
        },
        Config {
            engine: Engine::Learn,
            ..base.clone()
        },
        Config {
            engine: Engine::Learn,
            seed: 7,
            ..base.clone()
        },
        // The turns of search and learning, handing over at once and after a decision.
        Config {
            search_budget: 0,
            ..base.clone()
        },
        base.clone(),
        // The portfolio: a second learner races on another thread.
        Config { threads: 2, ..base },
    ]
}

/// Checks every engine, and deduction, against brute force on `case`.
pub fn check(case: &EngineCase) {
    let EngineCase { puzzle, givens } = case;
    assert!(
        puzzle.width() <= MAX_SIDE && puzzle.height() <= MAX_SIDE,
        "too large: {case:?}"
    );
    let all = brute_force(puzzle);
    if let Some(reason) = puzzle.inconsistency() {
        assert!(
            all.is_empty(),
            "{reason}, yet {} solutions, {case:?}",
            all.len()
        );
    }
    let agreeing: Vec<Picture> = all
        .iter()
        .filter(|s| givens.iter().all(|g| s.colour(g.row, g.col) == g.colour))
        .cloned()
        .collect();
    for max_solutions in 1..=3 {
        for config in configs(max_solutions) {
            let outcome = Solver::new(config.clone()).solve_from(puzzle, givens);
            check_outcome(&outcome, &agreeing, &config, case);
        }
    }
    check_deduction(case, &all);
}

/// The rules of [`Status`] and [`Stop`] for one outcome, given every solution there is.
fn check_outcome(outcome: &Outcome, all: &[Picture], config: &Config, case: &EngineCase) {
    let max = config.max_solutions;
    let n = all.len();
    let got = &outcome.solutions;
    let at = || {
        format!(
            "{config:?}\n{case:?}\n{n} solutions, got {:?} {:?} with {}",
            outcome.status,
            outcome.stop,
            got.len()
        )
    };
    for s in got {
        assert!(
            all.contains(s),
            "not a solution: {:?}\n{}",
            s.row_strings(),
            at()
        );
    }
    assert!(
        got.windows(2).all(|w| w[0] < w[1]),
        "not distinct and in order\n{}",
        at()
    );
    assert!(
        outcome.stop.is_natural(),
        "stopped by a limit never set\n{}",
        at()
    );
    let (status, stop) = (outcome.status, outcome.stop);
    match n {
        0 => {
            assert_eq!(
                (status, stop),
                (Status::NoSolution, Stop::Finished),
                "{}",
                at()
            );
        }
        1 => {
            assert_eq!(got.as_slice(), all, "{}", at());
            let allowed: &[(Status, Stop)] = if max == 1 {
                // Found, and proved unique only if nothing was left to try.
                &[
                    (Status::Solved, Stop::SolutionLimit),
                    (Status::Unique, Stop::Finished),
                ]
            } else {
                &[(Status::Unique, Stop::Finished)]
            };
            assert!(allowed.contains(&(status, stop)), "{}", at());
        }
        _ => {
            assert_eq!(got.len(), n.min(max), "{}", at());
            if max == 1 {
                assert_eq!(
                    (status, stop),
                    (Status::Solved, Stop::SolutionLimit),
                    "{}",
                    at()
                );
            } else {
                assert_eq!(status, Status::Multiple, "{}", at());
                // Stopping at the limit with a solution unseen is not an exhausted search.
                if n > max {
                    assert_eq!(stop, Stop::SolutionLimit, "{}", at());
                } else if n < max {
                    assert_eq!(stop, Stop::Finished, "{}", at());
                }
            }
        }
    }
    // The reason is the clues' inconsistency at a glance, and only that.
    assert_eq!(outcome.reason, case.puzzle.inconsistency(), "{}", at());
    let differing = match got.as_slice() {
        [a, b, ..] => a.differences(b),
        _ => Vec::new(),
    };
    assert_eq!(outcome.differing_cells, differing, "{}", at());
}

/// Deduction (from the puzzle's givens, without the caller's) fixes only cells every solution
/// shares, finds a contradiction only when there is no solution, and a complete grid only when
/// it is the one solution.
fn check_deduction(case: &EngineCase, all: &[Picture]) {
    let puzzle = &case.puzzle;
    let deduction = deduce(puzzle);
    assert_eq!(deduction.reason, puzzle.inconsistency(), "{case:?}");
    if deduction.contradiction {
        assert!(
            all.is_empty(),
            "deduction contradicts {} solutions, {case:?}",
            all.len()
        );
        return;
    }
    for s in all {
        for r in 0..puzzle.height() {
            for c in 0..puzzle.width() {
                let fixed = deduction.grid.get(r, c);
                assert!(
                    fixed.contains(s.colour(r, c)),
                    "deduction fixed ({r}, {c}) against solution {:?}, {case:?}",
                    s.row_strings()
                );
            }
        }
    }
    if let Some(picture) = deduction.grid.to_picture() {
        assert_eq!(
            all,
            std::slice::from_ref(&picture),
            "deduction completed the grid, {case:?}"
        );
        assert_eq!(deduction.picture(puzzle), Some(picture), "{case:?}");
    }
}

/// Every solution of `puzzle` (its clues and its givens), sorted, by stacking row patterns (see
/// the module doc).
pub fn brute_force(puzzle: &Puzzle) -> Vec<Picture> {
    let width = puzzle.width();
    let entries = puzzle.palette().len();
    let patterns: Vec<Vec<Vec<ColourId>>> = puzzle
        .rows()
        .iter()
        .map(|clue| {
            (0..entries.pow(width as u32))
                .map(|mut code| {
                    (0..width)
                        .map(|_| {
                            let c = code % entries;
                            code /= entries;
                            ColourId::new(c).expect("a small entry")
                        })
                        .collect::<Vec<ColourId>>()
                })
                .filter(|line| Clue::from_colours(line.iter().copied()) == *clue)
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    stack(puzzle, &patterns, &mut Vec::new(), &mut out);
    // The puzzle's givens, the plainest way: drop the pictures that disagree.
    out.retain(|s: &Picture| {
        puzzle
            .givens()
            .iter()
            .all(|g| s.colour(g.row, g.col) == g.colour)
    });
    out.sort();
    out
}

fn stack(
    puzzle: &Puzzle,
    patterns: &[Vec<Vec<ColourId>>],
    rows: &mut Vec<Vec<ColourId>>,
    out: &mut Vec<Picture>,
) {
    let done = rows.len() == puzzle.height();
    for (c, clue) in puzzle.columns().iter().enumerate() {
        let column = rows.iter().map(|r| r[c]);
        if !column_may_become(column, clue, done) {
            return;
        }
    }
    if done {
        out.push(Picture::from_colour_rows(rows).expect("rows of one width"));
        return;
    }
    for pattern in &patterns[rows.len()] {
        rows.push(pattern.clone());
        stack(puzzle, patterns, rows, out);
        rows.pop();
    }
}

/// Whether the top part of a column can still grow into `clue` (or, `complete`, is it): its
/// closed runs are the clue's first, and an open last run is no longer than the clue's run
/// there and of its colour.
fn column_may_become(cells: impl Iterator<Item = ColourId>, clue: &Clue, complete: bool) -> bool {
    let cells: Vec<ColourId> = cells.collect();
    let got = Clue::from_colours(cells.iter().copied());
    if complete {
        return got == *clue;
    }
    let open = cells.last().is_some_and(|c| !c.is_background());
    got.len() <= clue.len()
        && got.iter().enumerate().all(|(i, run)| {
            let want = clue.run(i);
            if open && i + 1 == got.len() {
                run.colour == want.colour && run.len <= want.len
            } else {
                run == want
            }
        })
}
