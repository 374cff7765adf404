use super::*;
use crate::colour::grid::ColourGrid;
use crate::explain::{explain_colour, next_colour_step, ColourExplainer, Difficulty};
use crate::generate::{colour_palette, random_colour_puzzle, Rng};
use crate::{deduce, Config, Given, Solver, Status};
use nonogram_model::{Clue, Run};
use nonogram_model::{ColourId, ColourSet, Picture, Puzzle};
use proptest::prelude::*;

fn id(i: usize) -> ColourId {
    ColourId::new(i).unwrap()
}

/// A 3×3 picture in black, red and green: `#r.`, `rr.`, `.g#`.
fn small() -> (Puzzle, Picture) {
    let rows = vec![
        vec![id(1), id(2), id(0)],
        vec![id(2), id(2), id(0)],
        vec![id(0), id(3), id(1)],
    ];
    let picture = Picture::from_colour_rows(&rows).unwrap();
    let puzzle = Puzzle::from_coloured_picture(colour_palette(3), &picture).unwrap();
    (puzzle, picture)
}

#[test]
fn a_small_colour_puzzle_explains_to_its_picture_and_the_steps_replay() {
    let (puzzle, picture) = small();
    let explanation = explain_colour(&puzzle);
    assert!(
        matches!(explanation.difficulty, Difficulty::LineSolvable { .. }),
        "{:?}",
        explanation.difficulty
    );
    assert_eq!(explanation.grid.to_picture(), Some(picture));
    let mut grid = ColourGrid::new(3, 3, 4);
    for step in &explanation.steps {
        assert!(matches!(step, ColourStep::Line(_)), "{step:?}");
        step.apply(&mut grid).unwrap();
    }
    assert_eq!(grid, explanation.grid);
    // The first line with something to say names its colours by the palette's characters.
    let first = explanation.steps[0].display(puzzle.palette()).to_string();
    assert!(first.starts_with("row 1 (clue 1k 1r): "), "{first}");
}

/// The colour explainer starts from the givens too: with the red cell of the first row given,
/// the explanation agrees with it, and a grid that rules the given's colour out has no solution
/// below it.
#[test]
fn colour_explanations_start_from_the_givens() {
    let (puzzle, picture) = small();
    let red = Given {
        row: 0,
        col: 1,
        colour: id(2),
    };
    let given = puzzle.with_givens(vec![red]).unwrap();
    let explanation = explain_colour(&given);
    assert_eq!(explanation.grid.to_picture(), Some(picture));
    let mut wrong = ColourGrid::new(3, 3, 4);
    wrong.narrow(0, 1, ColourSet::single(id(1))).unwrap();
    let step = next_colour_step(&given, &wrong).unwrap();
    assert_eq!(
        step,
        ColourStep::Contradiction(ColourContradictionStep::Search)
    );
}

#[test]
fn no_solution_is_reported_with_its_line() {
    // Row 1 wants a red run; the only column has a black one.
    let puzzle = Puzzle::with_palette(
        colour_palette(2),
        vec![Clue::coloured([Run::new(1, id(2))])],
        vec![Clue::coloured([Run::new(1, id(1))])],
    )
    .unwrap();
    let explanation = explain_colour(&puzzle);
    assert_eq!(explanation.difficulty, Difficulty::NoSolution);
    let last = explanation.steps.last().unwrap();
    let text = last.display(puzzle.palette()).to_string();
    assert!(text.contains("no solution"), "{text}");
}

#[test]
fn hint_from_a_partial_grid() {
    let (puzzle, picture) = small();
    let mut solved = ColourGrid::new(3, 3, 4);
    for r in 0..3 {
        for c in 0..3 {
            solved
                .narrow(r, c, ColourSet::single(picture.colour(r, c)))
                .unwrap();
        }
    }
    assert_eq!(next_colour_step(&puzzle, &solved), None);
    let blank = ColourGrid::new(3, 3, 4);
    let step = next_colour_step(&puzzle, &blank).unwrap();
    assert!(matches!(step, ColourStep::Line(_)), "{step:?}");
}

#[test]
fn several_solutions_need_a_guess() {
    // Two red cells on a diagonal: either diagonal.
    let picture = Picture::from_colour_rows(&[vec![id(2), id(0)], vec![id(0), id(2)]]).unwrap();
    let puzzle = Puzzle::from_coloured_picture(colour_palette(2), &picture).unwrap();
    let explanation = explain_colour(&puzzle);
    assert!(
        matches!(
            explanation.difficulty,
            Difficulty::Search { decisions: 1, .. }
        ),
        "{:?}",
        explanation.difficulty
    );
    let picture = explanation.grid.to_picture().unwrap();
    assert!(puzzle.is_solved_by(&picture));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// On random small colour puzzles, the explanation's line steps reach exactly `deduce`'s
    /// grid before the first probe or guess, a line-solvable explanation ends there, and every
    /// explanation ends in a solution (the solution, when it is unique).
    #[test]
    fn colour_explanations_agree_with_deduce(
        seed in any::<u64>(),
        width in 1usize..7,
        height in 1usize..7,
        colours in 2usize..5,
        density in 0.3f64..0.8,
    ) {
        let mut rng = Rng::new(seed);
        let puzzle = random_colour_puzzle(&mut rng, width, height, colours, density);
        let deduction = deduce(&puzzle);
        let mut explainer = ColourExplainer::new(&puzzle);
        let mut grid = ColourGrid::new(width, height, puzzle.palette().len());
        let mut lines_only = true;
        let mut at_first_probe = None;
        for step in explainer.by_ref() {
            if !matches!(step, ColourStep::Line(_)) && lines_only {
                lines_only = false;
                at_first_probe = Some(grid.to_partial());
            }
            step.apply(&mut grid).unwrap();
        }
        let explained = explainer.grid().clone();
        prop_assert_eq!(&grid, &explained);
        let after_lines = at_first_probe.unwrap_or_else(|| explained.to_partial());
        prop_assert_eq!(&after_lines, &deduction.grid);
        let picture = explained.to_picture().expect("explanations of pictures finish");
        prop_assert!(puzzle.is_solved_by(&picture));
        if matches!(explainer.difficulty(), Difficulty::LineSolvable { .. }) {
            prop_assert_eq!(explained.to_partial(), deduction.grid.clone());
            prop_assert_eq!(deduction.picture(&puzzle), Some(picture.clone()));
        }
        let outcome = Solver::new(Config::default()).solve(&puzzle);
        if outcome.status == Status::Unique {
            prop_assert_eq!(&picture, &outcome.solutions[0]);
        }
    }
}
