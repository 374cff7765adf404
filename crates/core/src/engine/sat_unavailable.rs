//! The SAT engines' place when `nonogram-core` is built without its `sat` feature (the browser's
//! build: CaDiCaL is C++, and wasm32-unknown-unknown has no C++ to link it with).
//!
//! The same names as `sat` (and, through `colour::sat`, the colour engine's), so that nothing
//! that runs the engines needs a `cfg` of its own; but no puzzle fits ([`fits`] is false and
//! [`MAX_STATE_VARIABLES`] is 0), so no path ever starts one. [`Engine::is_available`] says
//! that [`Engine::Sat`] is missing, so that front ends refuse it rather than let another engine
//! answer in its place.
//!
//! [`Engine::is_available`]: crate::Engine::is_available
//! [`Engine::Sat`]: crate::Engine::Sat

use nonogram_model::{Picture, Puzzle};

use crate::termination::StopFlags;

/// No state variables at all: this build has no SAT solver to hand them to.
pub const MAX_STATE_VARIABLES: u64 = 0;

/// No puzzle: this build has no SAT solver.
pub fn fits(_puzzle: &Puzzle) -> bool {
    false
}

/// Where a run stopped, as the real engines say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SatState {
    /// A verdict (never reached here).
    #[allow(dead_code)]
    Finished { exhausted: bool },
    /// The only answer this engine gives.
    Stopped,
}

/// Stands for the black-and-white and the colour SAT engines; [`fits`] keeps every path from
/// starting it, and if one did, it would stop at once having found nothing.
#[derive(Debug, Default)]
pub(crate) struct SatEngine {
    pub solutions: Vec<Picture>,
}

/// The colour engine's name for it.
pub(crate) type ColourSat = SatEngine;

impl SatEngine {
    /// An engine that holds nothing.
    pub fn new<G>(_puzzle: &Puzzle, _grid: &G, _max: usize, _flags: StopFlags<'_>) -> SatEngine {
        SatEngine::default()
    }

    /// Stops at once.
    pub fn run(&mut self) -> SatState {
        SatState::Stopped
    }
}
