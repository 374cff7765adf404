//! Reports as a booklet to print: every puzzle blank under its title and, when solution pages
//! are asked for, each puzzle's report as its solution page, through `nonogram_render::pdf`.
//! The command line (`nonogram render --output pdf`), the API's `booklet` and Python's
//! `booklet` all print through [`print`], so the three make the same pages of the same reports.
//!
//! A solution page never shows more than the report proved: a unique solution is drawn alone;
//! a puzzle with several solutions has the first drawn with the cells where two differ framed
//! in red, under the status line that says so; line solving alone (`deduce_only`) draws the
//! grid it reached, unknown cells hatched, under its status line when it is partial; one that
//! has no solution, or whose solve found none in its time, gets the status line and no grid.
//! Front ends say the same of each such puzzle where their user reads it (the command line on
//! standard error).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nonogram_core::{Instant, PartialGrid, Puzzle, Stop};
use nonogram_render::pdf::{self, Answer, BookletOptions, Entry, PdfError, Side};

use crate::report::text::status_line;
use crate::report::{Report, SolveOptions, Verdict};

/// Solves every puzzle (`(index in its file, puzzle)`) for its solution page, one after the
/// other with `threads` threads each, each within `options.timeout` and all of them within
/// `total` (a puzzle reached after `total` has run out gets no time, and its page says it timed
/// out). Stops early, with the rest unsolved, once `cancel` is raised: the caller then finds a
/// report whose [`Report::stop`] is [`Stop::Cancelled`] last.
pub fn solve_all<'p>(
    puzzles: &[(usize, &'p Puzzle)],
    options: SolveOptions,
    threads: usize,
    total: Option<Duration>,
    cancel: Option<&AtomicBool>,
) -> Vec<Report<'p>> {
    let start = Instant::now();
    let mut reports = Vec::with_capacity(puzzles.len());
    for &(index, puzzle) in puzzles {
        let mut options = options;
        if let Some(total) = total {
            let left = total.saturating_sub(start.elapsed());
            options.timeout = Some(options.timeout.map_or(left, |t| t.min(left)));
        }
        let report = Report::new(puzzle, index, options, threads, cancel);
        let cancelled =
            report.stop() == Stop::Cancelled || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        reports.push(report);
        if cancelled {
            break;
        }
    }
    reports
}

/// What a report's solution page says under its title: nothing for a unique solution, else
/// its status line (`at least 2 solutions: they differ in ...`, `no solution`, `timed out:
/// ...`).
pub fn note(report: &Report<'_>) -> Option<String> {
    (report.verdict() != Verdict::Unique).then(|| status_line(report))
}

/// A booklet printed: the PDF, and how many pages of each side it has.
#[derive(Clone, Debug)]
pub struct Booklet {
    /// The PDF file.
    pub pdf: Vec<u8>,
    /// Pages of blank puzzles.
    pub puzzle_pages: usize,
    /// Solution pages, after them.
    pub solution_pages: usize,
}

/// The booklet of `puzzles`, in order: with `reports` (one per puzzle, from [`solve_all`]),
/// followed by their solution pages. Options are checked first ([`pdf::check`]).
///
/// # Panics
///
/// If `reports` is given and has fewer reports than there are puzzles.
pub fn print(
    puzzles: &[&Puzzle],
    reports: Option<&[Report<'_>]>,
    options: &BookletOptions,
) -> Result<Booklet, PdfError> {
    pdf::check(options)?;
    // What each solution page borrows: its grid, the cells where solutions differ, the note.
    type Held = (Option<PartialGrid>, Vec<(usize, usize)>, Option<String>);
    let held: Vec<Held> = reports
        .unwrap_or_default()
        .iter()
        .map(|r| (r.grids().into_iter().next(), r.marked_cells(), note(r)))
        .collect();
    let entries: Vec<Entry<'_>> = puzzles
        .iter()
        .enumerate()
        .map(|(i, &puzzle)| {
            let answer = reports.map(|_| {
                let (grid, marked, note) = &held[i];
                match grid {
                    Some(cells) => Answer::Grid {
                        cells,
                        marked,
                        note: note.as_deref(),
                    },
                    None => Answer::Note(note.as_deref().unwrap_or("no solution found")),
                }
            });
            Entry { puzzle, answer }
        })
        .collect();
    let plan = pdf::plan(&entries, options)?;
    let solution_pages = plan
        .pages
        .iter()
        .filter(|page| page.first().is_some_and(|slot| slot.side == Side::Solution))
        .count();
    Ok(Booklet {
        pdf: pdf::booklet(&entries, options)?,
        puzzle_pages: plan.pages.len() - solution_pages,
        solution_pages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::{Clue, Picture};

    #[test]
    fn solution_pages_say_what_the_report_proved() {
        let unique = Puzzle::from_picture(&Picture::from_strings(&["#.", "##"]).unwrap());
        // Two diagonals: two solutions.
        let two = Puzzle::new(vec![Clue::new([1]); 2], vec![Clue::new([1]); 2]).unwrap();
        // A row of 2 in a 1-wide puzzle: no solution.
        let none = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1]), Clue::new([1])]).unwrap();
        let puzzles = [(0, &unique), (1, &two), (2, &none)];
        let reports = solve_all(&puzzles, SolveOptions::default(), 1, None, None);
        assert_eq!(reports.len(), 3);
        assert_eq!(note(&reports[0]), None);
        let multiple = note(&reports[1]).unwrap();
        assert!(multiple.starts_with("at least 2 solutions"), "{multiple}");
        assert_eq!(reports[1].marked_cells().len(), 4);
        assert!(note(&reports[2]).unwrap().starts_with("no solution"));
        let pdf = print(
            &[&unique, &two, &none],
            Some(&reports),
            &BookletOptions::default(),
        )
        .unwrap();
        assert!(pdf.pdf.starts_with(b"%PDF-"));
        assert_eq!((pdf.puzzle_pages, pdf.solution_pages), (3, 3));
        let refused = print(
            &[&unique],
            None,
            &BookletOptions {
                per_page: 0,
                ..BookletOptions::default()
            },
        );
        assert!(refused.is_err());
    }

    #[test]
    fn line_solving_alone_gives_its_partial_grid_and_says_so() {
        let two = Puzzle::new(vec![Clue::new([1]); 2], vec![Clue::new([1]); 2]).unwrap();
        let options = SolveOptions {
            deduce_only: true,
            ..SolveOptions::default()
        };
        let reports = solve_all(&[(0, &two)], options, 1, None, None);
        assert_eq!(reports[0].verdict(), Verdict::Partial);
        assert!(note(&reports[0]).unwrap().starts_with("line solving alone"));
        assert_eq!(reports[0].grids().len(), 1);
        assert!(print(&[&two], Some(&reports), &BookletOptions::default()).is_ok());
    }

    #[test]
    fn the_total_time_is_shared_and_a_cancel_stops_the_rest() {
        let unique = Puzzle::from_picture(&Picture::from_strings(&["#.", "##"]).unwrap());
        let puzzles = [(0, &unique), (1, &unique)];
        // No time left: every puzzle is solved within none (its own limit is the time left).
        let reports = solve_all(
            &puzzles,
            SolveOptions {
                timeout: Some(Duration::from_secs(5)),
                ..SolveOptions::default()
            },
            1,
            Some(Duration::ZERO),
            None,
        );
        assert_eq!(reports.len(), 2);
        for report in &reports {
            assert_eq!(report.options.timeout, Some(Duration::ZERO));
        }
        // Time left: a puzzle's own limit is kept when it is the shorter.
        let reports = solve_all(
            &puzzles,
            SolveOptions {
                timeout: Some(Duration::from_secs(5)),
                ..SolveOptions::default()
            },
            1,
            Some(Duration::from_secs(3600)),
            None,
        );
        assert_eq!(reports[1].options.timeout, Some(Duration::from_secs(5)));
        let cancel = AtomicBool::new(true);
        let reports = solve_all(&puzzles, SolveOptions::default(), 1, None, Some(&cancel));
        assert_eq!(reports.len(), 1);
    }
}
