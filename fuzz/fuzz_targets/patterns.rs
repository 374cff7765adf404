//! A clue and a line of up to 14 known cells: `PatternSet`'s count, list, common cells and fill
//! shares against plain enumeration (`nonogram_checks::patterns`, which `cargo test` also runs
//! over the seed corpus).
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_checks::patterns::{check, PatternCase};

fuzz_target!(|case: PatternCase| check(&case));
