//! One line, a clue and some known cells, black and white or in colour: every fast line solver
//! against the naive enumerator (`nonogram_checks::line`, which `cargo test` also runs over the
//! seed corpus).
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_checks::line::{check_any, LineSolversCase};

fuzz_target!(|case: LineSolversCase| check_any(&case));
