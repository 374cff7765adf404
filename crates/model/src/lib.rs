//! `nonogram-model`: what a nonogram *is*, apart from how it is solved, read or drawn.
//!
//! Every other crate of the workspace speaks these types, and this crate depends on nothing, so
//! a program that only reads, converts or draws puzzles builds in seconds (the engines, with
//! their C++ SAT solver, live in `nonogram-core`).
//!
//! - [`colour`]: the [`Palette`] (the background and up to [`MAX_COLOURS`] colours, each with
//!   a name, an RGB value and a character), [`ColourId`] and [`ColourSet`];
//! - [`clue`]: a [`Clue`] is a list of runs, each a length and a colour;
//! - [`puzzle`]: [`Puzzle`] (validated clues and given cells, [`Limits`] on every size),
//!   [`Axis`], [`LineId`], [`Metadata`];
//! - [`given`]: a [`Given`] cell, whose colour the puzzle states;
//! - [`picture`]: a complete [`Picture`], one colour per cell;
//! - [`triangle`]: the half-black cells of triangle puzzles, which cap runs, and the rules of
//!   their lines;
//! - [`cells`]: [`Cell`], the state of a cell of a black-and-white partial grid, the partial
//!   grids [`CellRows`] and [`PartialGrid`], and the [`Cells`] view that renderers draw from.
//!
//! A black-and-white puzzle is the one-colour case: its palette holds the background and
//! black, and every run is black. The engines keep a faster representation for that case; the
//! model does not need one.

#![warn(missing_docs)]

pub mod cells;
pub mod clue;
pub mod colour;
pub mod given;
pub mod picture;
pub mod puzzle;
pub mod triangle;

pub use cells::{Cell, CellRows, Cells, PartialGrid};
pub use clue::{Clue, Run};
pub use colour::{
    usable_name, Colour, ColourId, ColourSet, Palette, PaletteError, Rgb, MAX_COLOURS,
};
pub use given::Given;
pub use picture::Picture;
pub use puzzle::{check_size, Axis, Inconsistency, Limits, LineId, Metadata, Puzzle, PuzzleError};
