//! One line, a clue and some known cells: every fast line solver against the naive enumerator
//! (`nonogram_core::check::line`, which `cargo test` also runs over the seed corpus).
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_core::check::line::{check, LineCase};

fuzz_target!(|case: LineCase| check(&case));
