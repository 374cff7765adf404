//! The data of the Python `Puzzle` class, apart from its methods (in `puzzle.rs`): what the
//! results that keep their puzzle (`Result.puzzle`, `Explanation.puzzle`, ...) need to name,
//! so that `solve.rs` and `explain.rs` import this leaf rather than `puzzle.rs`, which imports
//! them.

use std::sync::Arc;

use pyo3::prelude::*;

use nonogram_core::Puzzle;

/// A nonogram: the clues of its rows and columns, its palette, and what its file said of it.
///
/// Make one from clues, ``Puzzle([[2], [1, 1]], [[1], [2]])``, from a picture with
/// :meth:`Puzzle.from_picture`, or read one with :func:`read` or :func:`parse`. A colour puzzle
/// takes a palette, its first entry the background, and runs as ``(length, colour)``::
///
///     Puzzle([[(2, "red")], [(1, "red"), (1, "blue")]],
///            [[(1, "red")], [(1, "red"), (1, "blue")]],
///            palette=["white", "red", "blue"])
///
/// A triangle puzzle (half cells ``◢◤◥◣`` that cap runs, as Olšák's ``.g`` files hold them)
/// takes ``palette="triangles"`` and runs as lengths or, with caps, strings as ``.g`` writes
/// them: ``"/4\\"`` is a half cell, two black cells and a half cell::
///
///     Puzzle([["/3\\"], ["\\3/"], [1]], [["/2\\"], [2], ["\\2/", 1]],
///            palette="triangles")
///
/// Clues that cannot all be satisfied still make a puzzle (solving it says why it has no
/// solution). ``givens`` states cells the puzzle gives (see :attr:`givens`). Puzzles are
/// immutable and can be solved from several threads at once.
#[pyclass(frozen, module = "nono", name = "Puzzle")]
#[derive(Debug)]
pub struct PyPuzzle {
    pub puzzle: Arc<Puzzle>,
}

impl PyPuzzle {
    pub fn new_from(puzzle: Puzzle) -> PyPuzzle {
        PyPuzzle {
            puzzle: Arc::new(puzzle),
        }
    }
}
