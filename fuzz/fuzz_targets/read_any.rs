//! Any bytes, as a puzzle file: decoding, format detection with and without a file name, every
//! reader forced, and a round trip through every writer for whatever parses. The properties are
//! `nonogram_formats::check::read_any`, which `cargo test` also runs over the seed corpus.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| nonogram_formats::check::read_any(data));
