//! [`PatternSet`] against plain enumeration: every line of up to [`MAX_LEN`] cells is tried, and
//! those with the clue's runs that agree with the known cells are the set. Its size, its members
//! in order, their common cells and each cell's share of filled patterns must be what the
//! pattern set computes without enumerating.

use arbitrary::{Arbitrary, Unstructured};
use nonogram_author::patterns::{count, PatternSet};
use nonogram_core::Contradiction;
use nonogram_model::{Cell, Clue};
use num_bigint::BigUint;

use crate::{bits, common_cells, revealed, show};

/// The longest line (2^14 lines to enumerate).
pub const MAX_LEN: usize = 14;

/// A clue and a line of known cells (the line may have no cells).
#[derive(Clone, PartialEq, Eq)]
pub struct PatternCase {
    /// The clue.
    pub clue: Clue,
    /// The known cells; their count is the line's length.
    pub known: Vec<Cell>,
}

impl std::fmt::Debug for PatternCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PatternCase {{ clue: {:?}, known: {:?} }}",
            self.clue.runs(),
            show(&self.known)
        )
    }
}

impl<'a> Arbitrary<'a> for PatternCase {
    /// The clue of a random line (the set is not empty unless the known cells say otherwise) or
    /// free runs that may not fit; known cells revealed from the line, sometimes flipped.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<PatternCase> {
        let len = u.int_in_range(0..=MAX_LEN)?;
        let line = bits(u, len)?;
        let clue = if u.arbitrary()? {
            Clue::from_cells(line.iter().copied())
        } else {
            let runs = (0..u.int_in_range(0..=5)?)
                .map(|_| u.int_in_range(1..=len as u32 + 1))
                .collect::<arbitrary::Result<Vec<u32>>>()?;
            Clue::new(runs)
        };
        let shown = revealed(u, len)?;
        let flips = if u.ratio(1u8, 4)? {
            bits(u, len)?
        } else {
            vec![false; len]
        };
        let known = (0..len)
            .map(|i| match (shown[i], line[i] ^ flips[i]) {
                (false, _) => Cell::Unknown,
                (true, true) => Cell::Filled,
                (true, false) => Cell::Empty,
            })
            .collect();
        Ok(PatternCase { clue, known })
    }
}

/// Decodes a case from raw bytes (as the fuzz target does) and checks it.
pub fn run(data: &[u8]) {
    crate::decode_and_check(data, check);
}

/// Checks `PatternSet` (and the closed-form [`count`]) against enumeration on `case`.
pub fn check(case: &PatternCase) {
    let PatternCase { clue, known } = case;
    let len = known.len();
    assert!(len <= MAX_LEN, "too long: {case:?}");
    let nothing_known = known.iter().all(|&c| c == Cell::Unknown);
    let set = if nothing_known {
        PatternSet::new(clue, len)
    } else {
        PatternSet::with_known(clue, known)
    };
    assert_eq!((set.len(), set.is_empty()), (len, len == 0), "{case:?}");
    assert_eq!(
        (set.runs(), set.known()),
        (clue.runs(), known.as_slice()),
        "{case:?}"
    );

    let plain = enumerate(clue, known);
    assert_eq!(set.count(), BigUint::from(plain.len()), "count, {case:?}");
    if nothing_known {
        assert_eq!(
            count(clue, len),
            BigUint::from(plain.len()),
            "closed-form count, {case:?}"
        );
    }

    let mut iter = set.iter();
    let listed: Vec<Vec<bool>> = iter.by_ref().collect();
    assert_eq!(listed, plain, "patterns in order, {case:?}");
    assert_eq!(
        iter.next(),
        None,
        "the iterator goes on after its end, {case:?}"
    );

    let common = common_cells(plain.iter().map(Vec::as_slice));
    assert_eq!(
        set.common(),
        common.ok_or(Contradiction),
        "common cells, {case:?}"
    );

    match set.fill_shares() {
        None => assert!(
            plain.is_empty(),
            "no shares for {} patterns, {case:?}",
            plain.len()
        ),
        Some(shares) => {
            assert!(!plain.is_empty(), "shares of no pattern, {case:?}");
            assert_eq!(shares.len(), len, "{case:?}");
            for (i, share) in shares.iter().enumerate() {
                let filled = plain.iter().filter(|line| line[i]).count();
                let want = filled as f64 / plain.len() as f64;
                assert!(
                    (share - want).abs() < 1e-9,
                    "share of cell {i}: {share}, not {want}, {case:?}"
                );
            }
        }
    }
}

/// Every line of `known.len()` cells with the runs of `clue` that agrees with `known`, in
/// lexicographic order of the runs' starts (leftmost placement first).
fn enumerate(clue: &Clue, known: &[Cell]) -> Vec<Vec<bool>> {
    let n = known.len();
    let mut lines: Vec<(Vec<usize>, Vec<bool>)> = (0u32..1 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|line| {
            known.iter().zip(line).all(|(&k, &f)| match k {
                Cell::Unknown => true,
                Cell::Filled => f,
                Cell::Empty => !f,
            }) && Clue::from_cells(line.iter().copied()) == *clue
        })
        .map(|line| {
            let starts = (0..n)
                .filter(|&i| line[i] && (i == 0 || !line[i - 1]))
                .collect();
            (starts, line)
        })
        .collect();
    lines.sort();
    lines.into_iter().map(|(_, line)| line).collect()
}
