//! The subcommands, one module each. Each takes its `Args` (and, for `man` and `completions`,
//! the interface they describe) and imports nothing above it: [`crate::cli`] assembles them
//! into the interface and dispatches to them.

pub mod batch;
pub mod completions;
pub mod convert;
pub mod explain;
pub mod generate;
pub mod make;
pub mod man;
pub mod patterns;
pub mod render;
pub mod solve;
