//! One suite for every line solver: a table of cases with their answers, and a property test
//! against the enumerating oracle on random lines, both run over each implementation of
//! [`LineSolve`] that takes the line (as regex-automata runs one suite over every engine).

use proptest::prelude::*;

use nonogram_core::line::{
    bits::Bits, dp::Dp, naive, naive::Naive, parallel::Parallel, LineSolve, LineSolver, Masks,
};
use nonogram_core::{Cell, Clue, Contradiction};

/// Every implementation, by name.
fn solvers() -> Vec<(&'static str, Box<dyn LineSolve>)> {
    vec![
        ("naive", Box::new(Naive)),
        ("dp", Box::new(Dp::default())),
        ("bits", Box::new(Bits::default())),
        ("parallel", Box::new(Parallel::default())),
        ("dispatch", Box::new(LineSolver::new())),
        // Every line of more than one cell split into pieces where it can be.
        ("split", Box::new(Parallel::splitting_above(1))),
    ]
}

fn parse(s: &str) -> Vec<Cell> {
    s.chars()
        .map(|c| Cell::from_symbol(c).expect("a line of # . ?"))
        .collect()
}

fn show(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.symbol()).collect()
}

/// Solves `cells` with `solver` (which must take the line), checking that `feasible` agrees
/// with `solve`, and that a solution keeps every known cell.
fn run(
    solver: &mut dyn LineSolve,
    clue: &[u32],
    cells: &[Cell],
) -> Result<Vec<Cell>, Contradiction> {
    let known = Masks::from_cells(cells);
    let line = known.line(clue, cells.len());
    // Garbage in the output: a solver must write every word of the line.
    let mut out = Masks {
        filled: vec![0x5555_5555_5555_5555; known.filled.len()],
        empty: vec![0xAAAA_AAAA_AAAA_AAAA; known.empty.len()],
    };
    let result = solver
        .solve(line, &mut out)
        .map(|()| out.to_cells(cells.len()));
    assert_eq!(
        solver.feasible(line),
        result.is_ok(),
        "feasible disagrees with solve"
    );
    if let Ok(solved) = &result {
        for (was, now) in cells.iter().zip(solved) {
            assert!(*was == Cell::Unknown || was == now, "a known cell changed");
        }
    }
    result
}

/// The table: (clue, known cells, the cells known after solving or `None` for a
/// contradiction), as `#` filled, `.` empty and `?` unknown.
const CASES: &[(&[u32], &str, Option<&str>)] = &[
    (&[], "????", Some("....")),
    (&[], "??#?", None),
    (&[4], "????", Some("####")),
    (&[3], "????", Some("?##?")),
    (&[1, 1], "???", Some("#.#")),
    (&[2, 1], "?????", Some("?#???")),
    (&[1], "?#??", Some(".#..")),
    (&[2], "?.??", Some("..##")),
    (&[1, 1], "#???", Some("#.??")),
    (&[3], "??.??", None),
    (&[1, 2], "#.#.#", None),
    (&[1, 3], "??????", Some("???##?")),
    (&[2, 2], "?#??#", Some("##.##")),
    (&[2, 2], "??????", Some("?#??#?")),
    (&[5], "?????????#", Some(".....#####")),
    (&[1, 1, 1], "?????", Some("#.#.#")),
    (&[1], "....", None),
    // Shrunk by proptest from the cell-parallel solver: a filled cell at the very end of the
    // line (the last-cell mask), and a line of one cell.
    (&[1], "#", Some("#")),
];

/// Cases too long to write out: lines at the word sizes (64, 128, 1,024 cells and just past),
/// where masks are easiest to get wrong, built from repeated cells.
fn long_cases() -> Vec<(Vec<u32>, String, Option<String>)> {
    let r = |c: &str, n: usize| c.repeat(n);
    vec![
        // Shrunk by proptest from the cell-parallel solver: 63 filled cells and an empty one
        // cannot hold one run of 1.
        (vec![1], r("#", 63) + ".", None),
        (vec![64], r("?", 64), Some(r("#", 64))),
        (
            vec![63],
            r("?", 64),
            Some("?".to_owned() + &r("#", 62) + "?"),
        ),
        (vec![65], r("?", 65), Some(r("#", 65))),
        (vec![1, 1], r("?", 128), Some(r("?", 128))),
        (
            vec![127],
            r("?", 128),
            Some("?".to_owned() + &r("#", 126) + "?"),
        ),
        (
            vec![64, 63],
            r("?", 128),
            Some(r("#", 64) + "." + &r("#", 63)),
        ),
        (
            vec![1000],
            r("?", 1024),
            Some(r("?", 24) + &r("#", 976) + &r("?", 24)),
        ),
        (vec![1024], r("?", 1023) + ".", None),
        // Past 1,024 cells: the widest words, split where they can be; the automaton (few
        // states) or the dynamic programme (many).
        (
            vec![1000],
            r("?", 1025),
            Some(r("?", 25) + &r("#", 975) + &r("?", 25)),
        ),
        (
            vec![3],
            r("?", 500) + "#" + &r("?", 599),
            Some(r(".", 498) + "??#??" + &r(".", 597)),
        ),
        (vec![2, 2], r(".", 1500) + "#", None),
        (vec![], r("?", 2000), Some(r(".", 2000))),
    ]
}

#[test]
fn table_cases_every_solver() {
    let mut cases: Vec<(Vec<u32>, String, Option<String>)> = CASES
        .iter()
        .map(|&(clue, line, want)| (clue.to_vec(), line.to_owned(), want.map(str::to_owned)))
        .collect();
    cases.extend(long_cases());
    let mut solved = [0usize; 6];
    for (clue, line, want) in &cases {
        let cells = parse(line);
        let known = Masks::from_cells(&cells);
        for (k, (name, solver)) in solvers().iter_mut().enumerate() {
            if !solver.supports(known.line(clue, cells.len())) {
                continue;
            }
            let got = run(solver.as_mut(), clue, &cells).map(|c| show(&c));
            let want = want.clone().ok_or(Contradiction);
            assert_eq!(got, want, "{name}: clue {clue:?}, line {line}");
            solved[k] += 1;
        }
    }
    // The solvers that take every line took every case; the others took their share.
    assert_eq!(solved[0], cases.len());
    assert_eq!(solved[1], cases.len());
    assert_eq!(solved[4], cases.len());
    assert_eq!(solved[5], solved[3]);
    assert!(
        solved[2] > CASES.len() && solved[3] > CASES.len(),
        "{solved:?}"
    );
}

/// A random line: the clue of a random picture of a random density, and some of its cells
/// known (a random share of them, or all but a few), consistently or with one side flipped
/// (then mostly a contradiction).
fn line_case(len: impl Strategy<Value = usize>) -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
    len.prop_flat_map(|len| {
        (
            proptest::collection::vec(0u8..=99, len),
            proptest::collection::vec(0u8..=99, len),
            prop_oneof![Just(3u8), Just(10), 20u8..=80],
            prop_oneof![0u8..=100, 93u8..=100],
            any::<bool>(),
        )
    })
    .prop_map(|(picture, reveal, density, known, consistent)| {
        let filled: Vec<bool> = picture.iter().map(|&p| p < density).collect();
        let clue = Clue::from_cells(filled.iter().copied()).runs().to_vec();
        let cells = filled
            .iter()
            .zip(&reveal)
            .map(|(&filled, &r)| {
                if r >= known {
                    Cell::Unknown
                } else if filled != (!consistent && r == 0) {
                    Cell::Filled
                } else {
                    Cell::Empty
                }
            })
            .collect();
        (clue, cells)
    })
}

/// Line lengths: short ones for the oracle, and lengths around the word sizes of the fast
/// solvers (64, 128, 192, 256, 512, 1,024, the wide solvers' 4,096) and past them.
fn lengths() -> impl Strategy<Value = usize> {
    prop_oneof![
        4 => 1usize..=20,
        1 => 62usize..=66,
        1 => 125usize..=131,
        1 => 191usize..=193,
        1 => 255usize..=257,
        1 => 511usize..=513,
        1 => 1020usize..=1026,
        1 => 1100usize..=1400,
        1 => 4000usize..=4100,
    ]
}

/// Partial placements the oracle may enumerate before a case falls back on the dynamic
/// programme (itself checked against the oracle wherever the oracle finishes).
const ORACLE_STEPS: u64 = 20_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    /// Every solver that takes the line agrees with the enumerating oracle: its deductions,
    /// its contradictions and its feasibility. Where the oracle would take too long (a long
    /// line with many unknown cells), the reference is the dynamic programme's answer.
    #[test]
    fn every_solver_agrees_with_the_oracle((clue, cells) in line_case(lengths())) {
        let oracle = naive::solve_within(&clue, &cells, ORACLE_STEPS);
        let want = match &oracle {
            Some(want) => want.clone(),
            None => run(&mut Dp::default(), &clue, &cells),
        };
        let known = Masks::from_cells(&cells);
        for (name, mut solver) in solvers() {
            if (name == "naive" && oracle.is_none()) || !solver.supports(known.line(&clue, cells.len())) {
                continue;
            }
            let got = run(solver.as_mut(), &clue, &cells);
            prop_assert_eq!(got.map(|c| show(&c)), want.clone().map(|c| show(&c)), "{}", name);
        }
    }
}

/// A run longer than the line, or than the word that holds it, fits nowhere, in every solver:
/// the bit-parallel ones shift by a run's length, which must not reach past the word.
#[test]
fn runs_longer_than_the_word_fit_nowhere() {
    for &(len, run_len) in nonogram_checks::OVERLONG_RUNS {
        let cells = vec![Cell::Unknown; len];
        let known = Masks::from_cells(&cells);
        let mut taken = 0;
        for (name, solver) in &mut solvers() {
            if !solver.supports(known.line(&[run_len], len)) {
                continue;
            }
            taken += 1;
            let result = run(solver.as_mut(), &[run_len], &cells);
            assert!(result.is_err(), "{name}: {run_len} on {len}");
        }
        // The oracle, the programme and the dispatch take every line.
        assert!(taken >= 3, "{run_len} on {len}");
    }
}
