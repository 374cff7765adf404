//! The explainers' tests, black and white and colour, through the public API: explanations
//! replay to the solution, start from the givens, guess only when they must, and end soundly at
//! a deadline.

mod black_white {
    use nonogram_core::explain::*;
    use nonogram_core::generate::{random_colour_puzzle, random_puzzle, Rng};
    use nonogram_core::Grid;
    use nonogram_core::Instant;
    use nonogram_core::{Config, Given};
    use nonogram_core::{Solver, Status};
    use nonogram_model::{Axis, Cell, Clue};
    use nonogram_model::{Cells, LineId, Picture, Puzzle};

    fn picture(rows: &[&str]) -> Picture {
        Picture::from_strings(rows).unwrap()
    }

    fn smallex() -> Puzzle {
        Puzzle::from_picture(&picture(&["..###", "##.#.", ".###.", ".##..", "###.."]))
    }

    #[test]
    fn smallex_is_line_solvable_and_the_steps_replay_to_the_solution() {
        let puzzle = smallex();
        let explanation = explain(&puzzle);
        assert!(matches!(
            explanation.difficulty,
            Difficulty::LineSolvable { .. }
        ));
        let mut grid = Grid::new(5, 5);
        for step in &explanation.steps {
            assert!(matches!(step, Step::Line(_)), "{step}");
            step.apply(&mut grid).unwrap();
        }
        assert_eq!(grid, explanation.grid);
        assert!(puzzle.is_solved_by(&grid.to_picture().unwrap()));
        // The first line with a forced cell is row 1: a run of 3 in 5 cells covers the middle one.
        assert_eq!(
            explanation.steps[0].to_string(),
            "row 1 (clue 3): cell 3 filled"
        );
    }

    #[test]
    fn two_solutions_need_a_guess() {
        let puzzle = Puzzle::from_picture(&picture(&["#.", ".#"]));
        let explanation = explain(&puzzle);
        assert!(matches!(
            explanation.difficulty,
            Difficulty::Search { decisions: 1, .. }
        ));
        let guess = explanation
            .steps
            .iter()
            .find(|s| matches!(s, Step::Guess(_)))
            .unwrap();
        assert!(
            guess.to_string().contains("more than one picture"),
            "{guess}"
        );
        assert!(explanation.grid.is_complete());
    }

    /// The explanation starts from the puzzle's givens: the two diagonals, with one cell
    /// given, need no guess; a grid against a given has no solution below it.
    #[test]
    fn explanations_start_from_the_givens() {
        let pic = picture(&["#.", ".#"]);
        let puzzle = Puzzle::from_picture(&pic)
            .with_givens(vec![Given::cell(0, 0, true)])
            .unwrap();
        let explanation = explain(&puzzle);
        let rating = explanation.difficulty;
        assert!(
            matches!(rating, Difficulty::LineSolvable { .. }),
            "{rating:?}"
        );
        assert_eq!(explanation.grid.to_picture(), Some(pic));
        let mut wrong = Grid::new(2, 2);
        wrong.set(0, 0, Cell::Empty).unwrap();
        let step = next_step(&puzzle, &wrong).unwrap();
        assert_eq!(step, Step::Contradiction(ContradictionStep::Search));
        // A grid that agrees gets the next step as before.
        assert!(matches!(
            next_step(&puzzle, &Grid::new(2, 2)),
            Some(Step::Line(_))
        ));
    }

    #[test]
    fn no_solution_is_reported_with_its_line() {
        let puzzle = Puzzle::new(
            vec![Clue::new([1, 1]), Clue::empty()],
            vec![Clue::new([1]), Clue::new([1]), Clue::empty()],
        )
        .unwrap();
        let explanation = explain(&puzzle);
        assert_eq!(explanation.difficulty, Difficulty::NoSolution);
        let last = explanation.steps.last().unwrap().to_string();
        assert!(last.contains("no solution"), "{last}");
    }

    #[test]
    fn hint_from_a_partial_grid() {
        let puzzle = smallex();
        let mut grid = Grid::new(5, 5);
        // With row 1 fully known, the next step is still the first line that fixes something.
        for (c, v) in "..###".chars().enumerate() {
            grid.set(0, c, if v == '#' { Cell::Filled } else { Cell::Empty })
                .unwrap();
        }
        let step = next_step(&puzzle, &grid).unwrap();
        assert!(
            matches!(
                step,
                Step::Line(LineStep {
                    line: LineId {
                        axis: Axis::Row,
                        index: 1
                    },
                    ..
                })
            ),
            "{step}"
        );
        let solved = Grid::from_picture(&picture(&["..###", "##.#.", ".###.", ".##..", "###.."]));
        assert_eq!(next_step(&puzzle, &solved), None);
    }

    /// Explains `puzzle` with `$explainer` under deadlines of each of `$micros`: every
    /// explanation stopped early is rated unfinished, none claims a contradiction, and every
    /// entry it kept for a cell is still possible there in the solution. Returns how many
    /// stopped early.
    macro_rules! explain_by_deadlines {
        ($explainer:ident, $contradiction:path, $puzzle:expr, $micros:expr) => {{
            let puzzle = $puzzle;
            let outcome = Solver::new(Config::default()).solve(puzzle);
            let mut stopped = 0;
            for micros in $micros {
                let deadline = Instant::now() + std::time::Duration::from_micros(micros);
                let mut explainer = $explainer::new(puzzle).with_deadline(Some(deadline));
                let steps: Vec<_> = explainer.by_ref().collect();
                if explainer.stopped() {
                    stopped += 1;
                    assert_eq!(explainer.difficulty(), Difficulty::Unfinished);
                }
                assert!(!steps.iter().any(|s| matches!(s, $contradiction(_))));
                if outcome.status == Status::Unique {
                    let (solution, grid) = (&outcome.solutions[0], explainer.grid());
                    for (r, c) in
                        (0..puzzle.height()).flat_map(|r| (0..puzzle.width()).map(move |c| (r, c)))
                    {
                        assert!(
                            grid.options(r, c).contains(solution.colour(r, c)),
                            "({r}, {c})"
                        );
                    }
                }
            }
            stopped
        }};
    }

    /// A deadline may fall anywhere (in a sweep, in a probe, in the guess's solve), in a
    /// black-and-white explanation or a colour one: the explanation then ends early, rated
    /// unfinished, and what it showed is still true.
    #[test]
    fn a_deadline_anywhere_ends_the_explanation_soundly() {
        let mut rng = Rng::new(21);
        for _ in 0..12 {
            let puzzle = random_puzzle(&mut rng, 20, 20, 0.5);
            let micros = [0u64, 50, 200, 1_000, 5_000, 20_000];
            explain_by_deadlines!(Explainer, Step::Contradiction, &puzzle, micros);
        }
        let (mut rng, mut stopped) = (Rng::new(23), 0);
        for _ in 0..10 {
            let puzzle = random_colour_puzzle(&mut rng, 25, 25, 3, 0.6);
            let micros = [0u64, 20, 100, 500, 2_000, 10_000];
            stopped +=
                explain_by_deadlines!(ColourExplainer, ColourStep::Contradiction, &puzzle, micros);
        }
        assert!(stopped > 0, "no colour deadline fell before the end");
    }

    #[test]
    fn random_puzzles_explain_to_a_solution() {
        let mut rng = Rng::new(7);
        let mut seen = [0usize; 3];
        for _ in 0..150 {
            let (w, h) = (rng.range(2, 9), rng.range(2, 9));
            let puzzle = random_puzzle(&mut rng, w, h, 0.5);
            let outcome = Solver::new(Config::default()).solve(&puzzle);
            let explanation = explain(&puzzle);
            let picture = explanation.grid.to_picture().expect("explanations finish");
            assert!(puzzle.is_solved_by(&picture));
            match explanation.difficulty {
                Difficulty::LineSolvable { .. } => seen[0] += 1,
                Difficulty::Probing { .. } => seen[1] += 1,
                Difficulty::Search { .. } => seen[2] += 1,
                other => panic!("unexpected rating {other:?}"),
            }
            if outcome.status == Status::Unique {
                assert_eq!(picture, outcome.solutions[0]);
                assert!(
                    !matches!(explanation.difficulty, Difficulty::Search { .. })
                        || explanation
                            .steps
                            .iter()
                            .all(|s| !matches!(s, Step::Guess(GuessStep { unique: false, .. })))
                );
            }
        }
        // The sample covers every kind of rating a solvable puzzle can get.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }
}

mod colour {
    use nonogram_core::colour::ColourGrid;
    use nonogram_core::explain::*;
    use nonogram_core::generate::{colour_palette, random_colour_puzzle, Rng};
    use nonogram_core::{deduce, Config, Given, Solver, Status};
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
}
