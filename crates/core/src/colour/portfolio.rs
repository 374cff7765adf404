//! Running the colour engines, alone or together, from the root grid that line propagation
//! reaches from the givens: what [`crate::Solver`] calls for a puzzle that is not black and
//! white.

use web_time::Instant;

use nonogram_model::{ColourSet, Puzzle};

use super::grid::ColourGrid;
use super::learn::{self, ColourLearner, LearnState};
use super::propagate::{ColourObserver, ColourPropagator};
use super::sat::{self, ColourSat, SatState};
use super::search::ColourSearch;
use crate::engine::portfolio::{race, End, Run, LEARN_SHARE};
use crate::engine::search::Finish;
use crate::solve::{Config, Deduction, Engine, Given, Stats};
use crate::termination::{StopFlags, Termination};

/// Where line propagation from the givens ends, by `deadline` (if any): `Err(true)` when the
/// deadline came first, `Err(false)` when it contradicts. A given outside the grid, or of an
/// entry the palette lacks, cannot be satisfied: a contradiction too.
pub(crate) fn root(
    puzzle: &Puzzle,
    givens: &[Given],
    deadline: Option<Instant>,
) -> Result<ColourGrid, bool> {
    let mut prop = ColourPropagator::new(puzzle);
    prop.set_deadline(deadline);
    let mut grid = prop.blank();
    for g in givens {
        if g.row >= puzzle.height() || g.col >= puzzle.width() || g.colour.index() >= grid.entries()
        {
            return Err(false);
        }
        grid.narrow(g.row, g.col, ColourSet::single(g.colour))
            .map_err(|_| false)?;
    }
    prop.enqueue_all();
    match prop.propagate(&mut grid) {
        Ok(()) => Ok(grid),
        Err(_) => Err(prop.interrupted()),
    }
}

/// Solves a colour puzzle with the configured engine: the engine's run, unchecked (the caller
/// checks every solution).
pub(crate) fn solve(
    config: &Config,
    puzzle: &Puzzle,
    givens: &[Given],
    flags: StopFlags<'_>,
) -> Run {
    let root = match root(puzzle, givens, flags.deadline()) {
        Ok(root) => root,
        Err(stopped) => {
            return Run {
                solutions: Vec::new(),
                end: if stopped {
                    End::Stopped
                } else {
                    End::Exhausted
                },
                stats: Stats::default(),
                engine: Engine::Search,
            }
        }
    };
    if let Some(picture) = root.to_picture() {
        // Line solving alone completed the grid: every cell is forced.
        return Run {
            solutions: vec![picture],
            end: End::Exhausted,
            stats: Stats::default(),
            engine: Engine::Search,
        };
    }
    match config.engine {
        // A CNF too large to build: the search answers alone (and the outcome says so).
        Engine::Sat if !sat::fits(puzzle) => search(config, puzzle, root, flags),
        Engine::Sat => sat(config, puzzle, &root, flags),
        Engine::Search => search(config, puzzle, root, flags),
        // Too many variables for the learner: the search answers alone.
        Engine::Learn | Engine::Auto if !learn::fits(puzzle) => search(config, puzzle, root, flags),
        Engine::Learn => {
            let mut learner = learner(config, puzzle, &root, config.seed);
            let state = learner.run(&mut Termination::from_flags(flags));
            from_learn(&mut learner, state)
        }
        Engine::Auto if crate::engine::portfolio::threads(config) >= 2 => {
            portfolio(config, puzzle, root, flags)
        }
        Engine::Auto => {
            let mut search = ColourSearch::new(puzzle, config);
            search.start_from(root.clone());
            turns(config, puzzle, search, root, flags)
        }
    }
}

/// Two threads: the search's first turn alone (most puzzles end there and never pay for a
/// thread; there is no early learner, as the colour learner has no guidance), then the turns
/// of search and learning on one thread and, on the other, a learner whose first decisions are
/// perturbed by the next seed ([`ColourLearner::diversify`]): on a hard puzzle the learner's
/// time moves by several times with its early decisions, and two orders racing cut the tail
/// (BENCHMARKS.md, twelfth session). The first to finish answers and stops the other.
fn portfolio(config: &Config, puzzle: &Puzzle, root: ColourGrid, flags: StopFlags<'_>) -> Run {
    let mut search = ColourSearch::new(puzzle, config);
    search.start_from(root.clone());
    let mut termination = Termination::from_flags(flags);
    match search.resume(Some(config.search_budget.max(1)), &mut termination) {
        Finish::Budget => {}
        finish => return from_search(search, finish),
    }
    let probed = search.root_grid().cloned().unwrap_or_else(|| root.clone());
    race(
        flags,
        |flags| {
            let mut learner = learner(config, puzzle, &probed, config.seed.wrapping_add(1));
            let state = learner.run(&mut Termination::from_flags(flags));
            from_learn(&mut learner, state)
        },
        |flags| turns(config, puzzle, search, root, flags),
    )
}

/// A learner started from `root`, its first decisions perturbed by `seed` when that is not 0.
fn learner<'p>(
    config: &Config,
    puzzle: &'p Puzzle,
    root: &ColourGrid,
    seed: u64,
) -> ColourLearner<'p> {
    let mut learner = ColourLearner::new(puzzle, config.max_solutions);
    if seed != 0 {
        learner.diversify(seed);
    }
    // False when the root contradicts: the learner's run then says so at once.
    let _ = learner.start_from(root);
    learner
}

fn from_learn(learner: &mut ColourLearner<'_>, state: LearnState) -> Run {
    let end = match state {
        LearnState::Finished { exhausted: true } => End::Exhausted,
        LearnState::Finished { exhausted: false } => End::Enough,
        LearnState::Stopped => End::Stopped,
    };
    Run {
        solutions: learner.take_solutions(),
        end,
        stats: learner.stats(),
        engine: Engine::Learn,
    }
}

/// Search and learning on one thread (from a started search), in turns of doubling length, as
/// the black-and-white `auto` takes them after its early learner: the search for
/// [`Config::search_budget`] decisions, then the learner for [`LEARN_SHARE`] times as long as
/// that took, and so on, each resuming where it stopped. The learner starts from the search's
/// probed root.
fn turns<'p>(
    config: &Config,
    puzzle: &'p Puzzle,
    mut search: ColourSearch<'p>,
    root: ColourGrid,
    flags: StopFlags<'_>,
) -> Run {
    let mut termination = Termination::from_flags(flags);
    let mut learner: Option<ColourLearner<'_>> = None;
    let mut decisions = config.search_budget.max(1);
    loop {
        let turn = Instant::now();
        let limit = search.stats().decisions + decisions;
        match search.resume(Some(limit), &mut termination) {
            Finish::Budget => {}
            finish => {
                let mut run = from_search(search, finish);
                if let Some(learner) = &learner {
                    run.stats += learner.stats();
                }
                return run;
            }
        }
        let learner = learner.get_or_insert_with(|| {
            let start = search.root_grid().unwrap_or(&root);
            self::learner(config, puzzle, start, config.seed)
        });
        let deadline = Instant::now() + turn.elapsed() * LEARN_SHARE;
        let state = learner.run(&mut Termination::from_flags(flags.with_deadline(deadline)));
        match state {
            LearnState::Stopped if !flags.should_stop() => {}
            LearnState::Finished { .. } => {
                let mut run = from_learn(learner, state);
                run.stats += search.stats();
                return run;
            }
            LearnState::Stopped => {
                // Out of time: report what either engine found.
                let mut run = from_search(search, Finish::Stopped);
                run.stats += learner.stats();
                run.solutions.extend(learner.take_solutions());
                return run;
            }
        }
        decisions = decisions.saturating_mul(2);
    }
}

/// The SAT engine alone.
fn sat(config: &Config, puzzle: &Puzzle, root: &ColourGrid, flags: StopFlags<'_>) -> Run {
    let mut sat = ColourSat::new(puzzle, root, config.max_solutions, flags);
    let end = match sat.run() {
        SatState::Finished { exhausted: true } => End::Exhausted,
        SatState::Finished { exhausted: false } => End::Enough,
        SatState::Stopped => End::Stopped,
    };
    Run {
        solutions: std::mem::take(&mut sat.solutions),
        end,
        stats: Stats::default(),
        engine: Engine::Sat,
    }
}

/// The probing search alone.
fn search(config: &Config, puzzle: &Puzzle, root: ColourGrid, flags: StopFlags<'_>) -> Run {
    let mut search = ColourSearch::new(puzzle, config);
    let finish = search.run_from(root, &mut Termination::from_flags(flags));
    from_search(search, finish)
}

fn from_search(search: ColourSearch<'_>, finish: Finish) -> Run {
    let stats = search.stats();
    let end = match finish {
        Finish::Exhausted => End::Exhausted,
        Finish::Enough => End::Enough,
        Finish::MemoryLimit => End::MemoryLimit,
        Finish::Stopped | Finish::Budget => End::Stopped,
    };
    Run {
        solutions: search.into_solutions(),
        end,
        stats,
        engine: Engine::Search,
    }
}

/// [`crate::deduce_within`] for a colour puzzle whose clues are consistent at a glance.
pub(crate) fn deduce(puzzle: &Puzzle, deadline: Option<Instant>) -> Deduction {
    let mut prop = ColourPropagator::new(puzzle);
    prop.set_deadline(deadline);
    let mut grid = prop.blank();
    for g in puzzle.givens() {
        // The puzzle gives each cell once, of a colour of its palette: this cannot fail.
        let _ = grid.narrow(g.row, g.col, ColourSet::single(g.colour));
    }
    let mut unknown = UnknownAfterSweep(Vec::new());
    prop.enqueue_all();
    let result = prop.sweeps(&mut grid, &mut unknown);
    let unknown_after_sweep = unknown.0;
    Deduction {
        grid: grid.to_partial(),
        sweeps: unknown_after_sweep.len(),
        unknown_after_sweep,
        contradiction: result.is_err() && !prop.interrupted(),
        reason: None,
        stopped: prop.interrupted(),
    }
}

/// Counts the unknown cells after each sweep that changed the grid.
struct UnknownAfterSweep(Vec<usize>);

impl ColourObserver for UnknownAfterSweep {
    fn swept(&mut self, grid: &ColourGrid) {
        self.0.push(grid.unknown_count());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_colour_puzzle, Rng};
    use crate::solve::{Solver, Status};

    /// Sparse random colour puzzles, hard enough for the learners to answer some.
    fn puzzles() -> Vec<Puzzle> {
        let mut rng = Rng::new(5);
        (0..40)
            .map(|_| {
                let side = rng.range(12, 18);
                random_colour_puzzle(&mut rng, side, side, 2, 0.3)
            })
            .collect()
    }

    /// The two-thread portfolio gives the search's verdicts and, when it finds every
    /// solution, the same ones, whichever thread answers; some answers come from a learner, so
    /// the puzzles reach the race.
    #[test]
    fn two_threads_agree_with_search() {
        let mut learnt = 0;
        for (i, puzzle) in puzzles().iter().enumerate() {
            for max_solutions in [1, 2, 3] {
                let config = Config {
                    max_solutions,
                    engine: Engine::Search,
                    ..Config::default()
                };
                let want = Solver::new(config.clone()).solve(puzzle);
                let config = Config {
                    engine: Engine::Auto,
                    threads: 2,
                    ..config
                };
                let Ok(start) = root(puzzle, &[], None) else {
                    assert_eq!(want.status, Status::NoSolution, "puzzle {i}");
                    continue;
                };
                // The portfolio itself (`solve` takes it only past root propagation).
                let run = portfolio(&config, puzzle, start, StopFlags::default());
                let got =
                    Solver::new(config).outcome(puzzle, &[], run, None, web_time::Instant::now());
                assert_eq!(got.status, want.status, "puzzle {i}, {max_solutions}");
                assert_eq!(got.solutions.len(), want.solutions.len(), "puzzle {i}");
                if want.solutions.len() < max_solutions {
                    assert_eq!(got.solutions, want.solutions, "puzzle {i}");
                }
                assert_ne!(got.status, Status::Unknown, "puzzle {i}");
                learnt += usize::from(got.engine == Engine::Learn);
            }
        }
        assert!(learnt >= 10, "only {learnt} answers came from the learners");
    }

    /// `seed` perturbs the colour learner's order: on puzzles that need it, the learner's
    /// work differs from seed to seed (it was ignored for colour puzzles), and the answers
    /// do not.
    #[test]
    fn the_seed_changes_the_learners_order() {
        let mut differ = 0;
        for puzzle in puzzles() {
            let solve = |seed| {
                Solver::new(Config {
                    engine: Engine::Learn,
                    seed,
                    ..Config::default()
                })
                .solve(&puzzle)
            };
            let (a, b) = (solve(0), solve(7));
            assert_eq!(a.status, b.status);
            differ += usize::from(a.stats.decisions != b.stats.decisions);
        }
        assert!(
            differ >= 10,
            "the seed changed the work on {differ} puzzles"
        );
    }
}
