//! Running the colour engines, alone or together, from the root grid that line propagation
//! reaches from the givens: what [`crate::Solver`] calls for a puzzle that is not black and
//! white.

use nonogram_model::{ColourSet, Puzzle};

use super::grid::ColourGrid;
use super::propagate::ColourPropagator;
use super::sat::{self, ColourSat, SatState};
use super::search::ColourSearch;
use crate::engine::portfolio::{End, Run};
use crate::engine::search::Finish;
use crate::solve::{Config, Deduction, Engine, Given, Stats};
use crate::termination::{StopFlags, Termination};

/// The grid that line propagation reaches from the givens, or `None` if it contradicts. A given
/// outside the grid, or of an entry the palette lacks, cannot be satisfied: `None` too.
pub(crate) fn root(puzzle: &Puzzle, givens: &[Given]) -> Option<ColourGrid> {
    let mut prop = ColourPropagator::new(puzzle);
    let mut grid = prop.blank();
    for g in givens {
        if g.row >= puzzle.height() || g.col >= puzzle.width() || g.colour.index() >= grid.entries()
        {
            return None;
        }
        grid.narrow(g.row, g.col, ColourSet::single(g.colour))
            .ok()?;
    }
    prop.enqueue_all();
    prop.propagate(&mut grid).ok()?;
    Some(grid)
}

/// Solves a colour puzzle with the configured engine: the engine's run, unchecked (the caller
/// checks every solution).
pub(crate) fn solve(
    config: &Config,
    puzzle: &Puzzle,
    givens: &[Given],
    flags: StopFlags<'_>,
) -> Run {
    let Some(root) = root(puzzle, givens) else {
        return Run {
            solutions: Vec::new(),
            end: End::Exhausted,
            stats: Stats::default(),
            engine: Engine::Search,
        };
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
        Engine::Search | Engine::Learn | Engine::Auto => search(config, puzzle, root, flags),
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

/// [`crate::deduce`] for a colour puzzle whose clues are consistent at a glance.
pub(crate) fn deduce(puzzle: &Puzzle) -> Deduction {
    let mut prop = ColourPropagator::new(puzzle);
    let mut grid = prop.blank();
    let mut unknown_after_sweep = Vec::new();
    let result = prop.sweeps(&mut grid, |g| unknown_after_sweep.push(g.unknown_count()));
    Deduction {
        grid: grid.to_partial(),
        sweeps: unknown_after_sweep.len(),
        unknown_after_sweep,
        contradiction: result.is_err(),
        reason: None,
    }
}
