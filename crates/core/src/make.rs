//! Puzzles from pictures: is the picture the only solution of its own clues, and if not, what
//! would make it so (the notebook's `pic2gram`, with the check a puzzle maker needs).
//!
//! [`check_picture`] solves the picture's puzzle for two solutions. When there are several, it
//! looks for two kinds of fix, each verified by solving again:
//!
//! - **givens**: reveal, greedily, a cell where two solutions differ, with its value in the
//!   picture, and solve again with the revealed cells fixed, until one solution is left. Each
//!   reveal rules out at least one of the two solutions that differ there (at most one agrees
//!   with the picture), so this ends; it is not guaranteed minimal.
//! - **flips**: change one cell of the picture near where solutions differ (to the background,
//!   or to a neighbour's colour), so that the new picture's own clues have that picture as
//!   their only solution. A few candidates are tried; none may work, and the result says so.
//!
//! One time limit covers the whole check ([`MakeConfig::timeout`]): every solve gets what is
//! left of it, and the search for fixes stops when it runs out.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use nonogram_model::{ColourId, Picture, Puzzle};

use crate::solve::{Config, Given, Solver, Status, Stop};

/// How [`check_picture`] works. Build it with struct update syntax from
/// [`MakeConfig::default`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MakeConfig {
    /// The time for the whole check, suggestions included. Default: 10 s.
    pub timeout: Duration,
    /// The most cells revealed as givens before giving up. Default: 200.
    pub max_givens: usize,
    /// How many single-cell changes of the picture are tried. Default: 24.
    pub flip_candidates: usize,
    /// How many working changes are reported. Default: 3.
    pub flips_reported: usize,
    /// Threads for each solve (0: one per core). Default: 0.
    pub threads: usize,
}

impl Default for MakeConfig {
    fn default() -> MakeConfig {
        MakeConfig {
            timeout: Duration::from_secs(10),
            max_givens: 200,
            flip_candidates: 24,
            flips_reported: 3,
            threads: 0,
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
}

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
    /// Cells to reveal, with their colour in the picture.
    pub givens: Vec<Given>,
    /// Whether solving with [`Check::givens`] proved the picture unique.
    pub givens_verified: bool,
    /// Single-cell changes of the picture, `(row, col, new colour)`, each of which makes the
    /// changed picture the only solution of its own clues (each verified).
    pub flips: Vec<(usize, usize, ColourId)>,
    /// Whether the time limit cut the search for fixes short.
    pub timed_out: bool,
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
        givens: Vec::new(),
        givens_verified: false,
        flips: Vec::new(),
        timed_out: false,
    };
    if outcome.status != Status::Multiple {
        return check;
    }

    // Givens, greedily.
    let mut differing = outcome.differing_cells.clone();
    while check.givens.len() < config.max_givens {
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

    // Flips near the differing cells.
    let candidates = flip_candidates(picture, &outcome.differing_cells, config.flip_candidates);
    let palette = puzzle.palette().clone();
    for (i, &(r, c, colour)) in candidates.iter().enumerate() {
        if left().is_some_and(|t| t.is_zero()) || cancelled() {
            check.timed_out = true;
            break;
        }
        progress(Progress::Flip {
            n: i + 1,
            of: candidates.len(),
        });
        let mut flipped = picture.clone();
        flipped.set_colour(r, c, colour);
        let Ok(flipped_puzzle) = Puzzle::from_coloured_picture(palette.clone(), &flipped) else {
            continue;
        };
        let outcome = solve(&flipped_puzzle, &[], left());
        if outcome.status == Status::Unique && outcome.solutions.first() == Some(&flipped) {
            check.flips.push((r, c, colour));
            if check.flips.len() >= config.flips_reported {
                break;
            }
        } else if !outcome.stop.is_natural() {
            check.timed_out = true;
        }
    }
    check
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
