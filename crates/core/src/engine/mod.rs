//! The engines that search for solutions, each in its own module, and what they share.
//!
//! - `search`: propagation, probing and depth-first search;
//! - `learn`: conflict-driven clause learning with the line solver as propagator;
//! - `sat`: the puzzle as CNF for CaDiCaL (with the `sat` feature, on by default; without it,
//!   `sat_unavailable` takes its place and [`crate::Engine::Sat`] is unavailable);
//! - `portfolio`: which engines run, alone, in turns on one thread, or racing on several;
//! - `symmetry`: clue symmetries, and a first solution searched among symmetric grids.
//!
//! Each is written once for every kind of puzzle, generic over `crate::kind::Kind` and
//! monomorphised (`Search<BlackWhite>` runs on the two-mask grid and the bit-parallel line
//! solvers, `Search<Coloured>` on the colour grid and the colour line solver, with no dynamic
//! dispatch in a loop), and none imports a kind: `crate::solve` picks one for each puzzle. A new
//! policy written here serves every kind.
//!
//! None of them is public: [`crate::Solver`] runs them, alone or together, and checks every
//! solution they report.

pub(crate) mod learn;
pub(crate) mod portfolio;
#[cfg(feature = "sat")]
pub(crate) mod sat;
#[cfg(not(feature = "sat"))]
#[path = "sat_unavailable.rs"]
pub(crate) mod sat;
pub(crate) mod search;
pub(crate) mod symmetry;

pub use portfolio::{
    EARLY_CONFLICTS, JOINED_LEARNERS, LEARN_SHARE, MAX_THREADS, PLAIN_JOINS, POOL_UNIT, RESEED_UNIT,
};
pub use sat::MAX_STATE_VARIABLES;
