//! A puzzle of up to 6×6 with a few givens: every engine, asked for 1, 2 and 3 solutions,
//! against brute force, and deduction against the solutions (`nonogram_checks::engines`,
//! which `cargo test` also runs over the seed corpus).
#![no_main]

use libfuzzer_sys::fuzz_target;
use nonogram_checks::engines::{check, EngineCase};

fuzz_target!(|case: EngineCase| check(&case));
