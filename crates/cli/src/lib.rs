//! The `nonogram` command as a library: its interface, its subcommands, and the one report
//! path that every front end prints from.
//!
//! Everything that knows about puzzles lives in the library crates: `nonogram-core` solves,
//! `nonogram-formats` reads and writes files, `nonogram-render` draws. This crate turns flags
//! into a validated configuration ([`cli`]), runs one subcommand ([`cmd`]), and maps the result
//! to an exit status ([`error::Exit`]). [`report`] turns a puzzle and the shared solve options
//! into a result that text, JSON, drawings, `batch` lines and the local web page only print;
//! [`serve`] is the local web page and its JSON API over the same report path; the binary
//! (`src/main.rs`) is nothing but `main`.

#![warn(missing_docs)]

pub mod cli;
pub mod cmd;
pub mod error;
pub mod files;
pub mod picture;
pub mod quantise;
pub mod report;
pub mod serve;
pub mod terminal;
pub mod whole;
