//! One triangle line, a clue of capped runs and some known cells: the cell-parallel triangle
//! line solver against the line programme on every line and both against the naive
//! enumerator on cheap ones (`nonogram_checks::triangle_line`, which `cargo test` also runs
//! over the seed corpus).
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_checks::triangle_line::{check, TriangleLineCase};
use nonogram_core::triangle::line::TriangleLineSolver;

fuzz_target!(|case: TriangleLineCase| check(&case, &mut TriangleLineSolver::new()));
