//! A puzzle's whole explanation as values, for the language bindings (Python's
//! `Puzzle.explain`, R's `explain_puzzle()`): every step of the library's explainer for the
//! puzzle's kind, the grid they reach and the rating, within a time limit and a cancellation
//! flag. Each binding turns the steps into its own objects; what is explained, and when it
//! stops, is decided here once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nonogram_core::explain::{ColourExplainer, ColourStep, Difficulty, Explainer, Step};
use nonogram_core::{Instant, PartialGrid, Puzzle};

/// The steps, of the explainer for the puzzle's kind.
#[derive(Debug)]
pub enum Steps {
    /// A black-and-white puzzle's.
    Plain(Vec<Step>),
    /// A colour puzzle's.
    Colour(Vec<ColourStep>),
}

/// A whole explanation.
#[derive(Debug)]
pub struct Explanation {
    /// Every step, in order (none when `reason` is given).
    pub steps: Steps,
    /// The grid the steps reach.
    pub grid: PartialGrid,
    /// The rating: [`Difficulty::Unfinished`] when `stopped`, [`Difficulty::NoSolution`] when
    /// the puzzle has none.
    pub difficulty: Difficulty,
    /// Whether the time limit or the cancellation flag came before the end.
    pub stopped: bool,
    /// Why the puzzle has no solution, when its clues alone show it (the explainers are then
    /// not run).
    pub reason: Option<String>,
}

/// Explains `puzzle` step by step until the end, `timeout` (counted from this call) or
/// `cancel`, whichever comes first. The flag is read after every step (an explainer's step
/// takes at most one line solve or one probe), and by the explainer through its deadline.
pub fn explain_all(puzzle: &Puzzle, timeout: Option<Duration>, cancel: &AtomicBool) -> Explanation {
    if let Some(reason) = puzzle.inconsistency() {
        return Explanation {
            steps: if puzzle.is_black_and_white() {
                Steps::Plain(Vec::new())
            } else {
                Steps::Colour(Vec::new())
            },
            grid: PartialGrid::unknown(puzzle.width(), puzzle.height(), puzzle.palette().len()),
            difficulty: Difficulty::NoSolution,
            stopped: false,
            reason: Some(reason.to_string()),
        };
    }
    let deadline = timeout.and_then(|t| Instant::now().checked_add(t));
    let cancelled = || cancel.load(Ordering::Relaxed);
    let (steps, grid, difficulty, stopped) = if puzzle.is_black_and_white() {
        let mut explainer = Explainer::new(puzzle).with_deadline(deadline);
        let steps = collect(&mut explainer, cancelled);
        let stopped = explainer.stopped() || cancelled();
        let grid = PartialGrid::from_cells(explainer.grid());
        (Steps::Plain(steps), grid, explainer.difficulty(), stopped)
    } else {
        let mut explainer = ColourExplainer::new(puzzle).with_deadline(deadline);
        let steps = collect(&mut explainer, cancelled);
        let stopped = explainer.stopped() || cancelled();
        let grid = explainer.grid().to_partial();
        (Steps::Colour(steps), grid, explainer.difficulty(), stopped)
    };
    Explanation {
        steps,
        grid,
        difficulty: if stopped {
            Difficulty::Unfinished
        } else {
            difficulty
        },
        stopped,
        reason: None,
    }
}

/// The explainer's steps until it ends or `cancelled` says so (checked after each step).
fn collect<E: Iterator>(explainer: &mut E, cancelled: impl Fn() -> bool) -> Vec<E::Item> {
    let mut steps = Vec::new();
    for step in explainer.by_ref() {
        steps.push(step);
        if cancelled() {
            break;
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::{Clue, Picture};

    fn duck() -> Puzzle {
        let example = crate::examples::EXAMPLES
            .iter()
            .find(|e| e.id == "duck")
            .unwrap();
        nonogram_formats::parse(example.text, example.format)
            .unwrap()
            .remove(0)
    }

    fn plain(e: &Explanation) -> &[Step] {
        match &e.steps {
            Steps::Plain(steps) => steps,
            Steps::Colour(_) => panic!("a black-and-white puzzle's steps are plain"),
        }
    }

    #[test]
    fn a_line_solvable_puzzle_is_explained_to_its_solution() {
        let e = explain_all(&duck(), None, &AtomicBool::new(false));
        assert!(plain(&e).len() > 1);
        assert!(!e.stopped);
        assert_eq!(e.reason, None);
        assert_eq!(e.grid.unknown_count(), 0, "line solving completes the duck");
        assert!(matches!(e.difficulty, Difficulty::LineSolvable { .. }));
    }

    #[test]
    fn a_raised_flag_stops_after_one_step_and_says_so() {
        let e = explain_all(&duck(), None, &AtomicBool::new(true));
        assert_eq!(plain(&e).len(), 1);
        assert!(e.stopped);
        assert_eq!(e.difficulty, Difficulty::Unfinished);
        assert!(e.grid.unknown_count() > 0);
    }

    #[test]
    fn a_colour_puzzle_has_colour_steps() {
        let example = crate::examples::EXAMPLES
            .iter()
            .find(|e| e.id == "not-invented-yet-3")
            .unwrap();
        let p = nonogram_formats::parse(example.text, example.format)
            .unwrap()
            .remove(0);
        let e = explain_all(&p, None, &AtomicBool::new(false));
        assert!(matches!(&e.steps, Steps::Colour(steps) if !steps.is_empty()));
        assert!(!e.stopped);
    }

    #[test]
    fn clues_that_cannot_agree_give_the_reason_and_no_steps() {
        // One filled cell by the rows, two by the columns.
        let p = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1]), Clue::new([1])]).unwrap();
        let e = explain_all(&p, None, &AtomicBool::new(false));
        assert!(plain(&e).is_empty());
        assert!(e.reason.is_some());
        assert_eq!(e.difficulty, Difficulty::NoSolution);
        assert!(!e.stopped);
        // A solvable one has no reason.
        let one = Puzzle::from_picture(&Picture::from_strings(&["#"]).unwrap());
        assert_eq!(
            explain_all(&one, None, &AtomicBool::new(false)).reason,
            None
        );
    }
}
