//! The colour line solvers on lines written out by hand (every solver, the enumerating oracle
//! included, gives the expected cells or the contradiction) and on random lines (the
//! bit-parallel solver, its feasibility pass and the programme agree with the oracle, and with
//! each other on lines too long to enumerate).

use nonogram_core::colour::dp;
use nonogram_core::colour::line::{cells_to_masks, masks_to_cells, solve_cells, ColourLineSolver};
use nonogram_core::colour::naive;
use nonogram_core::{Clue, ColourId, ColourSet, Contradiction, Run};
use proptest::prelude::*;

const SYMBOLS: &[u8] = b".abcd";

/// A line written as one group per cell: `?` any entry, a symbol for one, `[ab]` for a set.
fn parse(line: &str, entries: usize) -> Vec<ColourSet> {
    let mut out = Vec::new();
    let mut chars = line.bytes();
    while let Some(b) = chars.next() {
        let set = match b {
            b'?' => ColourSet::all(entries),
            b'[' => {
                let mut set = ColourSet::EMPTY;
                for b in chars.by_ref() {
                    if b == b']' {
                        break;
                    }
                    set = set.with(id(b));
                }
                set
            }
            b => ColourSet::single(id(b)),
        };
        out.push(set);
    }
    out
}

fn id(symbol: u8) -> ColourId {
    let i = SYMBOLS.iter().position(|&s| s == symbol).expect("symbol");
    ColourId::new(i).unwrap()
}

fn show(cells: &[ColourSet]) -> String {
    cells
        .iter()
        .map(|set| match set.only() {
            Some(c) => char::from(SYMBOLS[c.index()]).to_string(),
            None if set.is_empty() => "!".into(),
            None => {
                let inner: String = set.iter().map(|c| char::from(SYMBOLS[c.index()])).collect();
                format!("[{inner}]")
            }
        })
        .collect()
}

/// A clue written `2a 1b 1b`.
fn clue(text: &str) -> Clue {
    Clue::coloured(text.split_whitespace().map(|run| {
        let (len, colour) = run.split_at(run.len() - 1);
        Run::new(len.parse().unwrap(), id(colour.as_bytes()[0]))
    }))
}

/// (clue, palette entries, line, expected or None for a contradiction).
const CASES: &[(&str, usize, &str, Option<&str>)] = &[
    ("", 3, "???", Some("...")),
    ("", 3, "?a?", None),
    ("3a", 3, "???", Some("aaa")),
    // Different colours may touch: 2a 1b in 3 cells is forced.
    ("2a 1b", 3, "???", Some("aab")),
    // The same colour needs a gap.
    ("1a 1a", 3, "???", Some("a.a")),
    ("1a 1a", 3, "??", None),
    ("1a 1b", 3, "????", Some("[.a][.ab][.ab][.b]")),
    ("2a", 3, "?.??", Some("..aa")),
    ("2a", 3, "?b??", None),
    ("1a 1b", 3, "b???", None),
    ("1b 1a", 3, "?[ab]?", Some("[.b][ab][.a]")),
    ("3a 2b", 4, "??????", Some("[.a]aa[.ab]b[.b]")),
    ("1a 2b 1a", 3, "????", Some("abba")),
    ("1c", 4, "[.a]?[.c]", Some(".[.c][.c]")),
    ("1c", 4, "[ab]?[.c]", None),
];

#[test]
fn table_cases_every_solver() {
    for &(text, entries, line, expected) in CASES {
        let clue = clue(text);
        let cells = parse(line, entries);
        let want = expected.map(str::to_string).ok_or(Contradiction);
        let naive = naive::solve(&clue, &cells).map(|c| show(&c));
        assert_eq!(naive, want, "naive {text} {line}");
        let fast = solve_cells(&clue, &cells, entries).map(|c| show(&c));
        assert_eq!(fast, want, "bits {text} {line}");
        let masks = cells_to_masks(&cells, entries);
        let mut out = vec![0; masks.len()];
        let dp = dp::Scratch::default()
            .solve(&clue, cells.len(), entries, &masks, &mut out)
            .map(|()| show(&masks_to_cells(&out, cells.len(), entries)));
        assert_eq!(dp, want, "dp {text} {line}");
    }
}

/// A random line: a random picture of 1 to 4 colours, its clue, and a random partial
/// knowledge of it (each cell's set holding its true colour, or, when `consistent` is
/// false, some cells' sets missing it).
fn line_case(max_len: usize) -> impl Strategy<Value = (Clue, usize, Vec<ColourSet>)> {
    (0..=max_len, 1usize..=4)
        .prop_flat_map(|(len, colours)| {
            (
                Just(colours),
                proptest::collection::vec((0..=colours, any::<u64>()), len),
                0u8..4,
                any::<bool>(),
            )
        })
        .prop_map(|(colours, cells, knowledge, consistent)| {
            let entries = colours + 1;
            let picture: Vec<ColourId> = cells
                .iter()
                .map(|&(c, _)| ColourId::new(c).unwrap())
                .collect();
            let clue = Clue::from_colours(picture.iter().copied());
            let known = cells
                .iter()
                .zip(&picture)
                .map(|(&(_, noise), &truth)| {
                    // `knowledge` 0: nothing known; higher: more cells narrowed.
                    if noise % 4 >= u64::from(knowledge) {
                        return ColourSet::all(entries);
                    }
                    let random = ColourSet::from_bits(noise >> 8).and(ColourSet::all(entries));
                    if consistent {
                        random.with(truth)
                    } else {
                        random
                    }
                })
                .collect();
            (clue, entries, known)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn fast_solvers_agree_with_naive((clue, entries, cells) in line_case(20)) {
        let want = naive::solve(&clue, &cells);
        prop_assert_eq!(solve_cells(&clue, &cells, entries), want.clone());
        let masks = cells_to_masks(&cells, entries);
        prop_assert_eq!(
            ColourLineSolver::new().feasible(&clue, cells.len(), entries, &masks),
            want.is_ok()
        );
        let mut out = vec![0; masks.len()];
        let dp = dp::Scratch::default()
            .solve(&clue, cells.len(), entries, &masks, &mut out)
            .map(|()| masks_to_cells(&out, cells.len(), entries));
        prop_assert_eq!(dp, want);
    }

    /// Long lines take the `u128` solver and the programme alone; they must agree.
    #[test]
    fn bits_and_dp_agree_on_long_lines((clue, entries, cells) in line_case(140)) {
        let masks = cells_to_masks(&cells, entries);
        let (mut a, mut b) = (vec![0; masks.len()], vec![0; masks.len()]);
        let fast = ColourLineSolver::new().solve(&clue, cells.len(), entries, &masks, &mut a);
        let dp = dp::Scratch::default().solve(&clue, cells.len(), entries, &masks, &mut b);
        prop_assert_eq!(fast, dp);
        if fast.is_ok() {
            prop_assert_eq!(a, b);
        }
    }
}

/// A run longer than the line, or than the word that holds it, fits nowhere: the bit-parallel
/// solver shifts by a run's length, which must not reach past the word.
#[test]
fn runs_longer_than_the_word_fit_nowhere() {
    for &(len, run) in nonogram_checks::OVERLONG_RUNS {
        let clue = Clue::coloured([Run::new(run, ColourId::new(1).unwrap())]);
        let cells = vec![ColourSet::all(3); len];
        assert!(solve_cells(&clue, &cells, 3).is_err(), "{run} on {len}");
        let masks = cells_to_masks(&cells, 3);
        assert!(
            !ColourLineSolver::new().feasible(&clue, len, 3, &masks),
            "{run} on {len}"
        );
    }
}
