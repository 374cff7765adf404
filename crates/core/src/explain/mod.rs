//! Explanations: the solving process as steps a person can follow and check with a pencil.
//!
//! The explainer solves the way the notebook seed and most people do: sweep over the rows, then
//! over the columns, solving each line that changed since it was last looked at, and report
//! every line that proves something as one step (the cells it decides, and, in colour, the
//! colours it rules out of cells that keep several). When a whole sweep proves nothing, line
//! logic alone has stopped. Then it probes, one cell at a time: assume the cell has one of the
//! values it may take and propagate; if some line can no longer be satisfied, the cell does not
//! have it. That is the "trial" a person does in their head, and the step names the line that
//! broke. Only when no single probe decides anything does it guess, and it guesses right: it
//! asks the solver ([`Solver::solve_from`](crate::Solver::solve_from), the grid's decided cells
//! as givens) for a solution below the current grid and takes that solution's value, saying so.
//! The explanation therefore always reaches the end, and a reader never has to backtrack.
//!
//! Probing here is simpler than the solver's (the search's), which also keeps what every try of
//! a cell agrees on: a contradiction is much easier to follow on paper, and the solver's extra
//! inference would show up as steps without a reason a person can check.
//!
//! The [`Difficulty`] rating follows from the steps: line-solvable (and in how many sweeps),
//! needs probing (how many probes), or needs search (how many guesses).
//!
//! - `narrate.rs`: the explainer, written once for every kind (generic over `crate::kind::Kind`,
//!   importing none);
//! - `step.rs`: its steps, in the terms every kind shares ([`ColourStep`]: a cell's palette
//!   entries, the background among them), and the rating;
//! - [`mistakes`]: what is wrong with a partly solved grid, the first thing a hint checks;
//! - this file: the public explainers, one per kind, as `crate::solve` is the public solver:
//!   [`Explainer`] words the steps for black and white ([`Step`]: filled and empty, from
//!   `crate::kinds::black_white::step`), [`ColourExplainer`] gives them as they are.

pub mod mistakes;
pub(crate) mod narrate;
pub(crate) mod step;

use std::sync::atomic::AtomicBool;
use web_time::Instant;

pub use crate::kinds::black_white::step::{
    cell_word, ContradictionStep, GuessStep, LineStep, ProbeStep, Step,
};
pub use mistakes::{mistakes_within, Mistakes, LISTED_CELLS};
pub use step::{
    cell_list, colour_name, compress_ranges, ColourContradictionStep, ColourGuessStep,
    ColourLineStep, ColourProbeStep, ColourStep, Difficulty,
};

use crate::kinds::black_white::Grid;
use crate::kinds::colour::ColourGrid;
use crate::kinds::{BlackWhite, Coloured, Triangles};
use crate::solve::with_kind;
use narrate::{explainer, Narrator};
use nonogram_model::Puzzle;

/// The explainer of black-and-white puzzles.
type BlackWhiteNarrator<'p> = Narrator<'p, BlackWhite>;

/// The explainer of the kinds whose cells take one palette entry, on the grid they share
/// (`crate::kind::entries`): colour puzzles and triangle puzzles, picked by the puzzle's
/// palette, so that one public explainer ([`ColourExplainer`]) serves both.
#[derive(Debug)]
// One narrator per explanation, never copied around: boxing would only add a pointer hop.
#[allow(clippy::large_enum_variant)]
enum EntryNarrator<'p> {
    Colour(Narrator<'p, Coloured>),
    Triangle(Narrator<'p, Triangles>),
}

impl<'p> EntryNarrator<'p> {
    fn from_grid(puzzle: &'p Puzzle, grid: ColourGrid) -> EntryNarrator<'p> {
        if puzzle.is_triangles() {
            EntryNarrator::Triangle(Narrator::from_grid(puzzle, grid))
        } else {
            EntryNarrator::Colour(Narrator::from_grid(puzzle, grid))
        }
    }

    fn with_deadline(self, deadline: Option<Instant>) -> EntryNarrator<'p> {
        match self {
            EntryNarrator::Colour(n) => EntryNarrator::Colour(n.with_deadline(deadline)),
            EntryNarrator::Triangle(n) => EntryNarrator::Triangle(n.with_deadline(deadline)),
        }
    }

    fn stopped(&self) -> bool {
        match self {
            EntryNarrator::Colour(n) => n.stopped(),
            EntryNarrator::Triangle(n) => n.stopped(),
        }
    }

    fn grid(&self) -> &ColourGrid {
        match self {
            EntryNarrator::Colour(n) => n.grid(),
            EntryNarrator::Triangle(n) => n.grid(),
        }
    }

    fn difficulty(&self) -> Difficulty {
        match self {
            EntryNarrator::Colour(n) => n.difficulty(),
            EntryNarrator::Triangle(n) => n.difficulty(),
        }
    }

    fn next(&mut self) -> Option<ColourStep> {
        match self {
            EntryNarrator::Colour(n) => n.next(),
            EntryNarrator::Triangle(n) => n.next(),
        }
    }
}

explainer!(
    /// Produces the steps of an explanation of a black-and-white puzzle one at a time (an
    /// [`Iterator`] of [`Step`]s); between steps, `grid` shows the grid so far.
    Explainer<BlackWhiteNarrator, Grid, Step>(Step::from_colour),
    /// A whole explanation: every step, the final grid and the rating.
    Explanation,
    /// Explains `puzzle` from the grid of its given cells to the end.
    explain,
    /// The next step from a partly solved grid (a hint), or `None` if the grid is complete.
    /// The grid must have the puzzle's size.
    next_step
);

explainer!(
    /// Produces the steps of an explanation of a colour puzzle one at a time (an [`Iterator`]
    /// of [`ColourStep`]s); between steps, `grid` shows the grid so far. Explains triangle
    /// puzzles too (their cells are entries of the triangle palette). Works on
    /// black-and-white puzzles too (as a palette of two entries), but [`Explainer`] words those
    /// better.
    ColourExplainer<EntryNarrator, ColourGrid, ColourStep>(|step| step),
    /// A whole colour explanation: every step, the final grid and the rating.
    ColourExplanation,
    /// Explains a colour puzzle from the empty grid to the end.
    explain_colour,
    /// The next step from a partly solved colour grid (a hint), or `None` if the grid is
    /// complete. The grid must have the puzzle's size and palette.
    next_colour_step
);

/// The rating `nonogram explain` gives `puzzle` (of any kind), from a whole explanation that
/// gives up at `deadline` or when `cancel` is raised: `None` then, since a rating of half an
/// explanation would claim what was not shown.
pub fn rating_within(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Option<Difficulty> {
    with_kind!(puzzle, K => narrate::rating::<K>(puzzle, deadline, cancel))
}
