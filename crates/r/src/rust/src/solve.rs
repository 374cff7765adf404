//! Solving (`solve_puzzle`), line solving alone (`deduce_puzzle`) and checking a grid
//! (`check_solution`).
//!
//! A status never claims more than the run proved, in the command line's words: `unique`,
//! `multiple`, `solved` (a solution, uniqueness undecided), `none` and `unknown`; `stop` says
//! why the run ended (`finished`, `solution-limit`, `time-limit`, `cancelled`,
//! `memory-limit`). Every solution has been checked against the clues by the library.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use extendr_api::prelude::*;

use nonogram_api::report::{text::status_line, Found, Report, SolveOptions};
use nonogram_core::{deduce_within, Config, Puzzle, Solver};

use crate::args;
use crate::fail::answer;
use crate::run::{interruptible, uncancellable};
use crate::values::{self, cell_frame, named, opt};

/// Solves a puzzle: status, stop, solutions (integer matrices), the cells where the first two
/// differ, time, engine, reason and counters.
/// @noRd
#[extendr]
fn rs_solve(
    puzzle: Robj,
    solutions: Robj,
    timeout: Robj,
    engine: Robj,
    threads: Robj,
    seed: Robj,
) -> Robj {
    answer(|| {
        let puzzle = Arc::new(values::puzzle(&puzzle)?);
        let config = Config {
            max_solutions: args::solutions(&solutions)?,
            timeout: args::seconds(&timeout, "timeout")?,
            engine: args::engine(&engine)?,
            threads: args::threads(&threads, "threads")?,
            seed: args::seed(&seed, "seed")?,
            ..Config::default()
        };
        let options = SolveOptions {
            solutions: config.max_solutions as u64,
            timeout: config.timeout,
            deduce_only: false,
            engine: config.engine,
            seed: config.seed,
        };
        let solver = Solver::new(config);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let shared = Arc::clone(&puzzle);
        let outcome = interruptible(&cancel, move || {
            solver.solve_cancellable(&shared, &[], &flag)
        })?;
        let solutions: Vec<Robj> = outcome
            .solutions
            .iter()
            .map(values::picture_matrix)
            .collect();
        let stats = outcome.stats;
        let status = outcome.status.name();
        let stop = outcome.stop.name();
        let differing = cell_frame(&outcome.differing_cells);
        let elapsed = outcome.elapsed.as_secs_f64();
        let engine = outcome.engine.name();
        let reason = opt(outcome.reason.as_ref().map(ToString::to_string));
        let message = message(&puzzle, Found::Solved(outcome), options);
        Ok(named(vec![
            ("status", status.into()),
            ("message", message.into()),
            ("stop", stop.into()),
            ("solutions", List::from_values(solutions).into()),
            ("differing_cells", differing),
            ("elapsed", elapsed.into()),
            ("engine", engine.into()),
            ("reason", reason),
            (
                "stats",
                named(vec![
                    ("line_solves", (stats.line_solves as f64).into()),
                    ("probes", (stats.probes as f64).into()),
                    ("decisions", (stats.decisions as f64).into()),
                    ("backtracks", (stats.backtracks as f64).into()),
                ]),
            ),
        ]))
    })
}

/// The command line's status line for what was found (`unique solution`, `at least 2
/// solutions: they differ in 4 cells: ...`), from the report path it prints from.
fn message(puzzle: &Puzzle, found: Found, options: SolveOptions) -> String {
    status_line(&Report {
        puzzle,
        index: 0,
        found,
        options,
    })
}

/// Line solving alone, rows then columns, to a fixpoint.
/// @noRd
#[extendr]
fn rs_deduce(puzzle: Robj, timeout: Robj) -> Robj {
    answer(|| {
        let puzzle = Arc::new(values::puzzle(&puzzle)?);
        let timeout = args::seconds(&timeout, "timeout")?;
        let shared = Arc::clone(&puzzle);
        let (deduction, elapsed) = uncancellable(move || {
            let start = Instant::now();
            let deadline = timeout.and_then(|t| start.checked_add(t));
            (deduce_within(&shared, deadline), start.elapsed())
        })?;
        let status = if deduction.contradiction {
            "none"
        } else if deduction.picture(&puzzle).is_some() {
            "unique"
        } else {
            "partial"
        };
        let grid = values::partial_matrix(&deduction.grid);
        let sweeps = values::count(deduction.sweeps);
        let unknown = values::count(deduction.grid.unknown_count());
        let reason = opt(deduction.reason.as_ref().map(ToString::to_string));
        let stop = if deduction.stopped {
            "time-limit"
        } else {
            "finished"
        };
        let unknown_after: Vec<i32> = deduction
            .unknown_after_sweep
            .iter()
            .map(|&n| n as i32)
            .collect();
        let options = SolveOptions {
            timeout,
            deduce_only: true,
            ..SolveOptions::default()
        };
        let message = message(&puzzle, Found::Deduced { deduction, elapsed }, options);
        Ok(named(vec![
            ("grid", grid),
            ("status", status.into()),
            ("message", message.into()),
            ("stop", stop.into()),
            ("sweeps", sweeps),
            ("unknown_after_sweep", unknown_after.into()),
            ("unknown", unknown),
            ("reason", reason),
            ("elapsed", elapsed.as_secs_f64().into()),
        ]))
    })
}

/// Whether a complete grid satisfies every clue.
/// @noRd
#[extendr]
fn rs_check(puzzle: Robj, grid: Robj) -> Robj {
    answer(|| {
        let puzzle = values::puzzle(&puzzle)?;
        let picture = values::picture(&grid, &puzzle, "the grid")?;
        Ok(puzzle.is_solved_by(&picture).into())
    })
}

extendr_module! {
    mod solve;
    fn rs_solve;
    fn rs_deduce;
    fn rs_check;
}
