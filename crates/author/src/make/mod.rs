//! Puzzles from pictures: is the picture the only solution of its own clues, and if not, what
//! would make it so (the notebook's `pic2gram`, with the check a puzzle maker needs).
//!
//! [`check_picture`] solves the picture's puzzle for two solutions. When there are several, it
//! looks for two kinds of fix, each verified by solving again:
//!
//! - **givens** (only with [`MakeConfig::givens`], for a puzzle that will be written where
//!   givens can be stored): reveal, greedily, a cell where two solutions differ, with its value
//!   in the picture, and solve again with the revealed cells fixed, until one solution is left.
//!   Each reveal rules out at least one of the two solutions that differ there (at most one
//!   agrees with the picture), so this ends; it is not guaranteed minimal.
//! - **edits** of the picture: change one cell near where solutions differ (to the background,
//!   or to a neighbour's colour), so that the new picture's own clues have that picture as
//!   their only solution. A few candidates are tried. When no single change works, pairs are
//!   tried: each first change whose picture is still ambiguous is followed by changes near
//!   where *its* solutions differ, so that the second change goes where the first one left
//!   the doubt. None may work, and the result says so.
//!
//! One time limit covers the whole check ([`MakeConfig::timeout`]): every solve gets what is
//! left of it, and the search for fixes stops when it runs out.
//!
//! A picture that is (nearly) all filled or all empty is unique and says nothing: a dark
//! screenshot made black and white, or a drawing that needed inverting. The check says so
//! ([`Check::nearly_blank`]), so that front ends can warn instead of only saying "unique".

mod map;

pub use map::{disambiguation_map, Map, MapChange};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use nonogram_core::model::{ColourId, Picture, Puzzle};

use nonogram_core::config::{Config, Given, Status, Stop};
use nonogram_core::explain::{rating_within, Difficulty};
use nonogram_core::solve::Solver;

/// How [`check_picture`] works. Build it with struct update syntax from
/// [`MakeConfig::default`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MakeConfig {
    /// The time for the whole check, suggestions included. Default: 10 s.
    pub timeout: Duration,
    /// Whether to look for givens: only worth it when the puzzle will be written in a format
    /// that stores them (the others would drop them, and refuse to). Default: true.
    pub givens: bool,
    /// The most cells revealed as givens before giving up. Default: 200.
    pub max_givens: usize,
    /// How many single-cell changes of the picture are tried. Default: 24.
    pub flip_candidates: usize,
    /// How many second changes are tried after each first change that leaves the picture
    /// ambiguous, when no single change works. Default: 12 (so at most 24 × 12 pairs).
    pub pair_candidates: usize,
    /// How many working changes (single ones, or else pairs) are reported. Default: 3.
    pub flips_reported: usize,
    /// Whether to draw the disambiguation map ([`disambiguation_map`]) when line solving
    /// leaves cells undecided. Default: true.
    pub map: bool,
    /// The most time the map may take (within [`MakeConfig::timeout`]): a map cut short says
    /// so ([`Map::complete`]) and does not count as the check running out of time. Default:
    /// 5 s, which covers every cell of a 30×30 in black and white (about 0.07 s) or in three
    /// colours (about 1 s), and of a 50×50 in black and white (0.3 s); a 100×100 takes 14 s.
    pub map_time: Duration,
    /// Threads for each solve (0: one per core). Default: 1, so that the same picture always
    /// gets the same suggestions: they are drawn from the cells where the two solutions found
    /// differ, and which two solutions are found first depends on the threads' race.
    pub threads: usize,
}

impl Default for MakeConfig {
    fn default() -> MakeConfig {
        MakeConfig {
            timeout: Duration::from_secs(10),
            givens: true,
            max_givens: 200,
            flip_candidates: 24,
            pair_candidates: 12,
            flips_reported: 3,
            map: true,
            map_time: Duration::from_secs(5),
            threads: 1,
        }
    }
}

/// What [`check_picture`] is doing, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Solving the picture's puzzle.
    Checking,
    /// Solving with this many givens.
    Givens(usize),
    /// Trying change `n` of `of`.
    Flip {
        /// Which candidate, from 1.
        n: usize,
        /// How many candidates there are.
        of: usize,
    },
    /// Trying pairs of changes after first change `n` of `of`.
    Pair {
        /// Which first change, from 1.
        n: usize,
        /// How many first changes there are.
        of: usize,
    },
}

/// One cell of the picture changed: `(row, col, new colour)`.
pub type Flip = (usize, usize, ColourId);

/// The verdict on a picture and the fixes found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// What solving the picture's clues proved: [`Status::Unique`] when the picture is their
    /// only solution, [`Status::Multiple`] when it is not, [`Status::Unknown`] or
    /// [`Status::Solved`] when the time ran out first.
    pub status: Status,
    /// Why that solve stopped.
    pub stop: Stop,
    /// Where the first two solutions differ, `(row, col)` from 0.
    pub differing_cells: Vec<(usize, usize)>,
    /// Whether givens are offered: [`MakeConfig::givens`] (they are looked for only when the
    /// picture is not unique).
    pub givens_searched: bool,
    /// Cells to reveal, with their colour in the picture (none unless [`MakeConfig::givens`]).
    pub givens: Vec<Given>,
    /// Whether solving with [`Check::givens`] proved the picture unique.
    pub givens_verified: bool,
    /// Single-cell changes of the picture, each of which makes the changed picture the only
    /// solution of its own clues (each verified).
    pub flips: Vec<Flip>,
    /// Pairs of changes, each of which makes the picture with both changes the only solution
    /// of its own clues (each verified); looked for only when no single change works.
    pub flip_pairs: Vec<[Flip; 2]>,
    /// Whether the time limit cut the search for fixes short.
    pub timed_out: bool,
    /// The picture is (nearly) all filled or all empty ([`NearlyBlank::of`]): its clues say
    /// little, however unique.
    pub nearly_blank: Option<NearlyBlank>,
    /// How hard the puzzle is, as `nonogram explain` rates it (line solving, probing or
    /// search), when its solution is unique and the explanation finished in time; `None`
    /// otherwise.
    pub rating: Option<Difficulty>,
    /// The cells line solving leaves undecided, and which one-cell changes of the picture
    /// decide the most of them ([`disambiguation_map`]): what keeps the picture from being
    /// unique and easy. Its `changes` are empty unless [`MakeConfig::map`].
    pub map: Map,
}

/// A picture that is (nearly) all filled or all empty: fewer than
/// [`NearlyBlank::PERCENT`] percent of its cells are filled, or empty. Below 34 cells that
/// means entirely one or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearlyBlank {
    /// Filled cells (of any colour).
    pub filled: usize,
    /// All cells.
    pub cells: usize,
}

impl NearlyBlank {
    /// The share, in percent, under which the filled (or the empty) cells make a picture
    /// nearly blank: 3 (fewer than 27 of a 30×30's 900 cells).
    pub const PERCENT: usize = 3;

    /// Whether `picture` is nearly blank, and how.
    pub fn of(picture: &Picture) -> Option<NearlyBlank> {
        let cells = picture.width() * picture.height();
        let filled = picture
            .cells()
            .iter()
            .filter(|c| !c.is_background())
            .count();
        let fewer = filled.min(cells - filled);
        (fewer * 100 < NearlyBlank::PERCENT * cells).then_some(NearlyBlank { filled, cells })
    }

    /// Whether it is mostly filled (else mostly empty).
    pub fn mostly_filled(&self) -> bool {
        self.filled * 2 > self.cells
    }
}

/// Checks that `picture` is the only solution of `puzzle` (its own clues, in its palette),
/// and suggests fixes when it is not. `progress` hears what is being done.
pub fn check_picture(
    puzzle: &Puzzle,
    picture: &Picture,
    config: &MakeConfig,
    progress: &mut dyn FnMut(Progress),
) -> Check {
    check_picture_cancellable(puzzle, picture, config, None, progress)
}

/// Like [`check_picture`], and also stops as soon as `cancel` (if any) becomes true: the
/// solve under way ends with [`Stop::Cancelled`], and no further fix is tried (the check says
/// [`Check::timed_out`] if the search for fixes was cut short). The web page's live verdict
/// cancels a check as soon as the picture changes again.
pub fn check_picture_cancellable(
    puzzle: &Puzzle,
    picture: &Picture,
    config: &MakeConfig,
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(Progress),
) -> Check {
    let deadline = Instant::now().checked_add(config.timeout);
    let left = || deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let never = AtomicBool::new(false);
    let flag = cancel.unwrap_or(&never);
    let solve = |puzzle: &Puzzle, givens: &[Given], timeout: Option<Duration>| {
        Solver::new(Config {
            max_solutions: 2,
            timeout,
            threads: config.threads,
            ..Config::default()
        })
        .solve_cancellable(puzzle, givens, flag)
    };
    progress(Progress::Checking);
    let outcome = solve(puzzle, &[], left());
    let mut check = Check {
        status: outcome.status,
        stop: outcome.stop,
        differing_cells: outcome.differing_cells.clone(),
        givens_searched: config.givens,
        givens: Vec::new(),
        givens_verified: false,
        flips: Vec::new(),
        flip_pairs: Vec::new(),
        timed_out: false,
        nearly_blank: NearlyBlank::of(picture),
        rating: None,
        map: Map::default(),
    };
    // What line solving leaves undecided, and the changes that decide the most of it.
    check.map = if config.map {
        let budget = Instant::now().checked_add(config.map_time);
        let map_deadline = match (deadline, budget) {
            (Some(d), Some(b)) => Some(d.min(b)),
            (d, b) => d.or(b),
        };
        disambiguation_map(puzzle, picture, map_deadline, cancel)
    } else {
        Map::undecided_only(puzzle, deadline)
    };
    if outcome.status == Status::Unique {
        check.rating = rating_within(puzzle, deadline, cancel);
        check.timed_out |= check.rating.is_none() && !cancelled();
    }
    if outcome.status != Status::Multiple {
        return check;
    }

    // Givens, greedily.
    let mut differing = outcome.differing_cells.clone();
    while config.givens && check.givens.len() < config.max_givens {
        let Some(&(r, c)) = differing.first() else {
            break;
        };
        check.givens.push(Given {
            row: r,
            col: c,
            colour: picture.colour(r, c),
        });
        progress(Progress::Givens(check.givens.len()));
        let outcome = solve(puzzle, &check.givens, left());
        match (outcome.status, outcome.solutions.as_slice()) {
            (Status::Unique, [only]) => {
                check.givens_verified = only == picture;
                break;
            }
            (Status::Multiple, [a, b, ..]) => differing = a.differences(b),
            _ => {
                check.timed_out |= !outcome.stop.is_natural();
                break;
            }
        }
    }

    // Single changes near the differing cells; the ambiguous ones are kept for pairs.
    let candidates = flip_candidates(picture, &outcome.differing_cells, config.flip_candidates);
    let palette = puzzle.palette().clone();
    // Whether `flipped` is the only solution of its own clues, and the solve that says so.
    let is_unique = |flipped: &Picture| {
        let Ok(flipped_puzzle) = Puzzle::from_coloured_picture(palette.clone(), flipped) else {
            return (false, None);
        };
        let outcome = solve(&flipped_puzzle, &[], left());
        let unique = outcome.status == Status::Unique && outcome.solutions.first() == Some(flipped);
        (unique, Some(outcome))
    };
    let out_of_time = || left().is_some_and(|t| t.is_zero()) || cancelled();
    let mut ambiguous: Vec<(Flip, Vec<(usize, usize)>)> = Vec::new();
    for (i, &(r, c, colour)) in candidates.iter().enumerate() {
        if out_of_time() {
            check.timed_out = true;
            break;
        }
        progress(Progress::Flip {
            n: i + 1,
            of: candidates.len(),
        });
        let mut flipped = picture.clone();
        flipped.set_colour(r, c, colour);
        match is_unique(&flipped) {
            (true, _) => {
                check.flips.push((r, c, colour));
                if check.flips.len() >= config.flips_reported {
                    break;
                }
            }
            (false, Some(outcome)) if outcome.status == Status::Multiple => {
                ambiguous.push(((r, c, colour), outcome.differing_cells));
            }
            (false, Some(outcome)) if !outcome.stop.is_natural() => check.timed_out = true,
            _ => {}
        }
    }

    // Pairs, when no single change works: a second change where the first one left the doubt.
    if check.flips.is_empty() {
        'pairs: for (i, (first, differing)) in ambiguous.iter().enumerate() {
            progress(Progress::Pair {
                n: i + 1,
                of: ambiguous.len(),
            });
            let mut once = picture.clone();
            once.set_colour(first.0, first.1, first.2);
            for second in flip_candidates(&once, differing, config.pair_candidates) {
                if out_of_time() {
                    check.timed_out = true;
                    break 'pairs;
                }
                let same_cell = (second.0, second.1) == (first.0, first.1);
                let pair = sorted_pair(*first, second);
                if same_cell || check.flip_pairs.contains(&pair) {
                    continue;
                }
                let mut twice = once.clone();
                twice.set_colour(second.0, second.1, second.2);
                match is_unique(&twice) {
                    (true, _) => {
                        check.flip_pairs.push(pair);
                        if check.flip_pairs.len() >= config.flips_reported {
                            break 'pairs;
                        }
                    }
                    (false, Some(outcome)) if !outcome.stop.is_natural() => {
                        check.timed_out = true;
                    }
                    _ => {}
                }
            }
        }
    }
    check
}

/// Two changes in row-major order of their cells, so that a pair found both ways is one.
fn sorted_pair(a: Flip, b: Flip) -> [Flip; 2] {
    if (a.0, a.1) <= (b.0, b.1) {
        [a, b]
    } else {
        [b, a]
    }
}

/// Cells to change, nearest the differing cells first: each differing cell and its four
/// neighbours, changed to the background if coloured, else to the colour of a coloured
/// neighbour (black in a black-and-white picture).
fn flip_candidates(
    picture: &Picture,
    differing: &[(usize, usize)],
    limit: usize,
) -> Vec<(usize, usize, ColourId)> {
    let (w, h) = (picture.width(), picture.height());
    let mut out: Vec<(usize, usize, ColourId)> = Vec::new();
    let neighbours = |r: usize, c: usize| {
        let mut n = vec![(r, c)];
        if r > 0 {
            n.push((r - 1, c));
        }
        if r + 1 < h {
            n.push((r + 1, c));
        }
        if c > 0 {
            n.push((r, c - 1));
        }
        if c + 1 < w {
            n.push((r, c + 1));
        }
        n
    };
    for &(r0, c0) in differing {
        for (r, c) in neighbours(r0, c0) {
            let current = picture.colour(r, c);
            let colour = if current.is_background() {
                neighbours(r, c)
                    .into_iter()
                    .map(|(nr, nc)| picture.colour(nr, nc))
                    .find(|k| !k.is_background())
                    .unwrap_or(ColourId::BLACK)
            } else {
                ColourId::BACKGROUND
            };
            if !out.iter().any(|&(or, oc, _)| (or, oc) == (r, c)) {
                out.push((r, c, colour));
            }
            if out.len() >= limit {
                return out;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(rows: &[&str]) -> Picture {
        Picture::from_strings(rows).unwrap()
    }

    fn check(pic: &Picture) -> Check {
        check_picture(
            &Puzzle::from_picture(pic),
            pic,
            &MakeConfig::default(),
            &mut |_| {},
        )
    }

    #[test]
    fn unique_pictures_need_no_suggestions() {
        let pic = picture(&[".###.", "##.#.", ".###.", "..##.", "..###"]);
        let report = check(&pic);
        assert_eq!(report.status, Status::Unique);
        assert!(report.givens.is_empty() && report.flips.is_empty());
        assert!(report.flip_pairs.is_empty());
    }

    #[test]
    fn ambiguous_pictures_get_checked_givens_and_flips() {
        // Two diagonals: the classic ambiguous 2x2, inside a larger frame.
        let pic = picture(&["#..", ".#.", "..."]);
        let puzzle = Puzzle::from_picture(&pic);
        let report = check(&pic);
        assert_eq!(report.status, Status::Multiple);
        assert!(report.givens_verified);
        assert_eq!(report.givens.len(), 1);
        let outcome = Solver::default().solve_from(&puzzle, &report.givens);
        assert_eq!(outcome.status, Status::Unique);
        assert_eq!(outcome.solutions, std::slice::from_ref(&pic));
        assert!(!report.flips.is_empty());
        for &(r, c, colour) in &report.flips {
            let mut flipped = pic.clone();
            flipped.set_colour(r, c, colour);
            let outcome = Solver::default().solve(&Puzzle::from_picture(&flipped));
            assert_eq!(outcome.status, Status::Unique);
            assert_eq!(outcome.solutions, [flipped]);
        }
    }

    /// Four dots on two diagonals of a 15x15 grid: every row and column with a dot has the clue
    /// `1`, so any of the 24 matchings of those rows to those columns solves it. No single
    /// change leaves one solution; pairs do (each is checked here). Without `givens` none are
    /// offered.
    #[test]
    fn two_changes_where_one_is_not_enough() {
        let mut pic = Picture::new(15, 15);
        for (r, c) in [(2, 2), (3, 3), (10, 10), (11, 11)] {
            pic.set(r, c, true);
        }
        let config = MakeConfig {
            givens: false,
            ..MakeConfig::default()
        };
        let report = check_picture(&Puzzle::from_picture(&pic), &pic, &config, &mut |_| {});
        assert_eq!(report.status, Status::Multiple);
        assert!(!report.givens_searched && report.givens.is_empty());
        assert!(report.flips.is_empty(), "{:?}", report.flips);
        assert!(!report.flip_pairs.is_empty());
        for [a, b] in &report.flip_pairs {
            assert!((a.0, a.1) < (b.0, b.1));
            let mut changed = pic.clone();
            changed.set_colour(a.0, a.1, a.2);
            changed.set_colour(b.0, b.1, b.2);
            let outcome = Solver::default().solve(&Puzzle::from_picture(&changed));
            assert_eq!(outcome.status, Status::Unique);
            assert_eq!(outcome.solutions, [changed]);
        }
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_check() {
        let pic = picture(&["#..", ".#.", "..."]);
        let cancel = AtomicBool::new(true);
        let puzzle = Puzzle::from_picture(&pic);
        let config = MakeConfig::default();
        let report = check_picture_cancellable(&puzzle, &pic, &config, Some(&cancel), &mut |_| {});
        // Line solving alone may settle the first solve before any poll of the flag; then
        // no fix is tried after it.
        assert!(report.flips.is_empty());
        assert!(report.stop == Stop::Cancelled || report.timed_out || report.givens.len() <= 1);
    }

    #[test]
    fn the_time_limit_covers_the_whole_check() {
        let pic = picture(&["#..", ".#.", "..."]);
        let config = MakeConfig {
            timeout: Duration::ZERO,
            ..MakeConfig::default()
        };
        let report = check_picture(&Puzzle::from_picture(&pic), &pic, &config, &mut |_| {});
        // Either the first solve finished before its first look at the clock or it stopped;
        // no fix is searched for after the time is up.
        assert!(report.flips.is_empty());
        assert!(report.status != Status::Unique);
    }
}
