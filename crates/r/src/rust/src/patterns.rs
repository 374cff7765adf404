//! Pattern sets (`create_pattern_set`, `count_patterns`, `common_cells`, `fill_shares`): every
//! way to place a clue's runs in a line, from the library's `patterns` module.
//!
//! The R package enumerated a clue's patterns up front, which is why its author stopped at
//! about 35 cells a side: a clue of 1,1,2,1,1,2,1,1,1,1 in 35 cells has 1,961,256 patterns.
//! Here the count is exact and immediate however large the set (a dynamic programme, never an
//! enumeration), and the matrix is built only when asked, up to a size the caller chooses.

use extendr_api::prelude::*;

use nonogram_author::patterns::PatternSet;
use nonogram_core::{Cell, Clue};

use crate::args;
use crate::fail::{answer, Answer, Fail};
use crate::values::{self, NA};

/// The longest line, as on the command line (`nonogram patterns --width`).
const MAX_LENGTH: f64 = nonogram_author::patterns::MAX_LENGTH as f64;

/// A clue's pattern set in a line of `total_length` cells, restricted to the patterns that agree
/// with `known` (an integer vector of 1, 0 and `NA`, or text of `#`, `.` and `?`) if given.
fn set(clue: &Robj, total_length: &Robj, known: &Robj) -> Answer<PatternSet> {
    let length = args::whole(total_length, "total_length", 0.0, MAX_LENGTH, " cells")? as usize;
    let lengths: Vec<i32> = if clue.is_null() {
        Vec::new()
    } else {
        clue.as_integer_slice()
            .ok_or_else(|| {
                Fail::value(format!(
                    "a clue is a vector of run lengths, not {}",
                    args::describe(clue)
                ))
            })?
            .to_vec()
    };
    let mut runs = Vec::with_capacity(lengths.len());
    for &n in &lengths {
        match u32::try_from(n) {
            Ok(n) if n >= 1 => runs.push(n),
            _ if n == 0 && lengths.len() == 1 => {}
            _ => {
                let shown: Vec<String> = lengths
                    .iter()
                    .map(|&n| if n == NA { "NA".into() } else { n.to_string() })
                    .collect();
                return Err(Fail::value(format!(
                    "the clue {} has a run of {} cells: runs are 1 cell or longer (an empty line \
                     is 0 or integer(0))",
                    shown.join(","),
                    if n == NA {
                        "NA".to_string()
                    } else {
                        n.to_string()
                    }
                )));
            }
        }
    }
    let clue = Clue::new(runs);
    if known.is_null() {
        return Ok(PatternSet::new(&clue, length));
    }
    let cells: Vec<Cell> = if let Some(text) = known.as_str().filter(|_| known.len() == 1) {
        nonogram_formats::grid::parse_known(text).map_err(|e| Fail::parse(None, &e))?
    } else if let Some(values) = known.as_integer_slice() {
        values
            .iter()
            .map(|&v| match v {
                1 => Ok(Cell::Filled),
                0 => Ok(Cell::Empty),
                NA => Ok(Cell::Unknown),
                v => Err(Fail::value(format!(
                    "known holds {v}: use 1 (filled), 0 (empty) or NA (unknown)"
                ))),
            })
            .collect::<Answer<_>>()?
    } else {
        return Err(Fail::value(format!(
            "known must be a vector of 1, 0 and NA, or text of #, . and ?, not {}",
            args::describe(known)
        )));
    };
    if cells.len() != length {
        return Err(Fail::value(format!(
            "known has {} cells but the line has {length}",
            cells.len()
        )));
    }
    Ok(PatternSet::with_known(&clue, &cells))
}

/// The exact number of patterns, as decimal digits (R's numbers hold 2^53 exactly, and counts
/// go far past it).
/// @noRd
#[extendr]
fn rs_count_patterns(clue: Robj, total_length: Robj, known: Robj) -> Robj {
    answer(|| {
        Ok(set(&clue, &total_length, &known)?
            .count()
            .to_string()
            .into())
    })
}

/// Every pattern, one a row of an integer matrix, in `order`: `leftmost` (leftmost placement
/// first, the engine's order) or `grouped` (the R package's: the patterns that leave both end
/// cells empty, then those that fill only the first, then only the last, then both; each group
/// leftmost first). Refused past `max_cells` cells.
/// @noRd
#[extendr]
fn rs_pattern_set(
    clue: Robj,
    total_length: Robj,
    known: Robj,
    order: Robj,
    max_cells: Robj,
) -> Robj {
    answer(|| {
        let set = set(&clue, &total_length, &known)?;
        let order = args::string(&order, "order")?;
        let grouped = match order.as_str() {
            "grouped" => true,
            "leftmost" => false,
            other => {
                return Err(Fail::value(format!(
                    "unknown order '{other}' (use grouped, the R package's, or leftmost)"
                )))
            }
        };
        let max_cells = args::number(&max_cells, "max_cells")?;
        if max_cells.is_nan() || max_cells < 0.0 {
            return Err(Fail::value(format!(
                "max_cells = {} is out of range: give 0 or more",
                args::show(max_cells)
            )));
        }
        let count = set.count();
        let length = set.len();
        let cells = &count * num_bigint::BigUint::from(length.max(1));
        // R's vectors hold up to 2^52 elements; the caller's limit is usually far lower.
        let limit = max_cells.min(4_503_599_627_370_496.0);
        if cells > num_bigint::BigUint::from(limit as u64) {
            return Err(Fail::value(format!(
                "the set has {count} patterns of {length} cells, more than max_cells = {} allows; \
                 count them with count_patterns(), or raise max_cells",
                args::show(max_cells)
            )));
        }
        let rows: usize = usize::try_from(&count).expect("fewer than max_cells");
        // Column by column, as R stores a matrix: pattern `p`, cell `i` at `i * rows + p`.
        let mut values = vec![0i32; rows * length];
        let mut place = |p: usize, pattern: &[bool]| {
            for (i, &filled) in pattern.iter().enumerate() {
                values[i * rows + p] = i32::from(filled);
            }
        };
        if grouped && length > 0 {
            // Four passes, one a group, each keeping the leftmost-first order within it.
            let mut p = 0;
            for (first, last) in [(false, false), (true, false), (false, true), (true, true)] {
                for pattern in set.iter() {
                    if pattern[0] == first && pattern[length - 1] == last {
                        place(p, &pattern);
                        p += 1;
                    }
                }
            }
            debug_assert_eq!(p, rows);
        } else {
            for (p, pattern) in set.iter().enumerate() {
                place(p, &pattern);
            }
        }
        let mut matrix = Robj::from(values);
        matrix
            .set_attrib("dim", [rows as i32, length as i32])
            .map_err(|e| Fail::value(e.to_string()))?;
        Ok(matrix)
    })
}

/// The cells every pattern shares: 1, 0, or `NA` where they differ; `NULL` when no pattern
/// agrees with the known cells.
/// @noRd
#[extendr]
fn rs_common_cells(clue: Robj, total_length: Robj, known: Robj) -> Robj {
    answer(|| {
        let set = set(&clue, &total_length, &known)?;
        Ok(match set.common() {
            Err(_) => ().into(),
            Ok(cells) => cells
                .iter()
                .map(|c| match c {
                    Cell::Filled => 1,
                    Cell::Empty => 0,
                    Cell::Unknown => NA,
                })
                .collect::<Vec<i32>>()
                .into(),
        })
    })
}

/// Each cell's share of the patterns that fill it, from 0 to 1; `NULL` when the set is empty
/// or too large to count in floating point.
/// @noRd
#[extendr]
fn rs_fill_shares(clue: Robj, total_length: Robj, known: Robj) -> Robj {
    answer(|| {
        let set = set(&clue, &total_length, &known)?;
        Ok(values::opt(set.fill_shares()))
    })
}

extendr_module! {
    mod patterns;
    fn rs_count_patterns;
    fn rs_pattern_set;
    fn rs_common_cells;
    fn rs_fill_shares;
}
