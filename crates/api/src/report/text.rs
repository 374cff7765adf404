//! The status line: the sentence that says what a report proved and, when the run was cut
//! short, why (printed by the command line under each picture, and the API's `message`).

use nonogram_core::Stop;

use crate::report::{list_cells, plural, Found, Report, Verdict, LISTED_CELLS};

/// The sentence that says what a report proved and why its run stopped.
pub fn status_line(report: &Report<'_>) -> String {
    if let Found::Deduced { deduction, .. } = &report.found {
        let sweeps = plural(deduction.sweeps, "sweep");
        return match report.verdict() {
            Verdict::None => match report.reason() {
                Some(reason) => format!("no solution: {reason}"),
                None => format!("no solution: line solving finds a contradiction within {sweeps}"),
            },
            Verdict::Unique => {
                format!("solved by line solving alone in {sweeps}: the solution is unique")
            }
            _ => {
                let unknown = deduction.grid.unknown_count();
                let cells = report.puzzle.width() * report.puzzle.height();
                if deduction.stopped {
                    let limit = report.options.timeout.unwrap_or_default().as_secs_f64();
                    format!(
                        "timed out: the time limit ({limit} s) ran out during line solving, \
                         with {unknown} of {cells} cells unknown"
                    )
                } else if unknown == cells {
                    "line solving alone deduces no cell".to_string()
                } else {
                    format!(
                        "line solving alone stops after {sweeps} with {unknown} of {cells} cells \
                         unknown"
                    )
                }
            }
        };
    }
    let found = report.solutions().len();
    let limit = match report.stop() {
        Stop::TimeLimit => match report.options.timeout {
            Some(t) => format!("the time limit ({} s) ran out", t.as_secs_f64()),
            None => "the time limit ran out".to_string(),
        },
        Stop::MemoryLimit => "the search reached its memory bound".to_string(),
        Stop::Cancelled => "the run was cancelled".to_string(),
        Stop::Finished | Stop::SolutionLimit => String::new(),
    };
    match report.verdict() {
        Verdict::Unique => "unique solution".to_string(),
        Verdict::Multiple => {
            let count = match report.stop() {
                Stop::Finished => format!("{found} solutions"),
                Stop::SolutionLimit => format!("at least {found} solutions"),
                _ => format!("at least {found} solutions ({limit})"),
            };
            let which = if found == 2 { "they" } else { "the first two" };
            format!(
                "{count}: {which} differ in {}",
                list_cells(report.differing_cells(), LISTED_CELLS)
            )
        }
        Verdict::Solved if report.stop() == Stop::SolutionLimit => format!(
            "a solution (not checked for others: --solutions {})",
            report.options.solutions
        ),
        Verdict::Solved => format!("a solution; {limit} before its uniqueness was decided"),
        Verdict::None => match report.reason() {
            Some(reason) => format!("no solution: {reason}"),
            None => "no solution".to_string(),
        },
        Verdict::Unknown | Verdict::Partial => match report.stop() {
            Stop::TimeLimit => format!("timed out: {limit} before any solution was found"),
            _ => format!("gave up: {limit} before any solution was found"),
        },
    }
}
