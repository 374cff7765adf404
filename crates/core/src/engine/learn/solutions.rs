//! Solution enumeration: each complete grid is recorded and then blocked, so that the search
//! goes on to the next one, until `max_solutions` are found or none is left.
//!
//! The blocking clause speaks only of the decisions that led to the grid (every other cell
//! follows from those by propagation), newest first, so it is as short as the decision level and
//! asserts at once that the last decision is reversed. With `max_solutions` of 2 this proves
//! uniqueness, as the other engines do. With symmetric learning ([`super::images`]) each grid
//! found is recorded with its images under the clue symmetries, which the images of later
//! clauses may cut off.

use nonogram_model::Picture;

use super::{LearnState, Learner};
use crate::engine::symmetry;
use crate::kind::learn::LearnLines;
use crate::kind::lit::Lit;
use crate::kind::Kind;

impl<K: Kind> Learner<'_, K> {
    /// Records the complete grid as a solution and blocks it. Returns whether the enumeration
    /// is over (enough solutions, or none can remain).
    pub(super) fn solution(&mut self) -> Option<LearnState> {
        debug_assert_eq!(self.trail.lits.len(), self.phases.saved.len());
        let picture = self.lines.picture(&self.trail);
        // With symmetric learning, its images are solutions too (the clues are symmetric), and
        // the images of clauses learnt from this grid's blocking clause may cut them off: they
        // are recorded now.
        let images: Vec<Picture> = self
            .symmetries
            .iter()
            .map(|map| symmetry::image(&picture, map))
            .collect();
        let solutions = &mut self.solutions;
        for picture in std::iter::once(picture).chain(images) {
            if solutions.found.len() >= solutions.max {
                break;
            }
            if solutions.seen.insert(picture.clone()) {
                solutions.found.push(picture);
            }
        }
        if solutions.found.len() >= solutions.max {
            return Some(LearnState::Finished { exhausted: false });
        }
        let level = self.trail.decision_level();
        if level == 0 {
            return Some(LearnState::Finished { exhausted: true });
        }
        // What remains is the search for another, or the proof that there is none.
        self.db.prove();
        // The decisions determine this grid: block them, newest first.
        let blocking: Vec<Lit> = (0..level as usize)
            .rev()
            .map(|l| !self.trail.lits[self.trail.lim[l]])
            .collect();
        self.backtrack(level - 1);
        self.learn(&blocking, None);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{solve, BwLearner};
    use super::*;
    use crate::{Clue, Puzzle};

    #[test]
    fn finds_the_unique_solution_and_proves_it() {
        let picture = Picture::from_strings(&["#.#", ".#.", "#.#"]).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let (state, solutions) = solve(&puzzle, 2);
        assert_eq!(state, LearnState::Finished { exhausted: true });
        assert_eq!(solutions, vec![picture]);
    }

    #[test]
    fn enumerates_every_solution_of_the_diagonal_pair() {
        // Rows 1 1 and columns 1 1 on 2×2: the two diagonals.
        let clue = || Clue::new([1]);
        let puzzle = Puzzle::new(vec![clue(), clue()], vec![clue(), clue()]).unwrap();
        let (state, solutions) = solve(&puzzle, 5);
        assert_eq!(state, LearnState::Finished { exhausted: true });
        assert_eq!(solutions.len(), 2);
        let (state, solutions) = solve(&puzzle, 2);
        assert_eq!(state, LearnState::Finished { exhausted: false });
        assert_eq!(solutions.len(), 2);
    }

    /// The clause database grows by the proof's increment once a solution was found, and only
    /// then: a search for a first solution keeps the smaller one.
    #[test]
    fn the_database_grows_faster_once_a_solution_is_found() {
        use super::super::clauses::{PROOF_REDUCE_INCREMENT, REDUCE_INCREMENT};
        use crate::termination::Termination;
        // Rows 1 1 and columns 1 1 on 2×2: two solutions.
        let clue = || Clue::new([1]);
        let puzzle = Puzzle::new(vec![clue(), clue()], vec![clue(), clue()]).unwrap();
        for (max, increment) in [(1, REDUCE_INCREMENT), (2, PROOF_REDUCE_INCREMENT)] {
            let mut learner = BwLearner::new(&puzzle, max);
            assert_eq!(learner.db.increment, REDUCE_INCREMENT);
            learner.run(None, &mut Termination::never());
            assert_eq!(learner.found(), max);
            assert_eq!(learner.db.increment, increment, "{max} solutions asked");
        }
    }

    #[test]
    fn reports_no_solution() {
        // Totals agree, lines do not: the bottom row is full, the right column too.
        let (e, three) = (Clue::empty, || Clue::new([3]));
        let puzzle = Puzzle::new(vec![e(), e(), three()], vec![e(), e(), three()]).unwrap();
        let (state, solutions) = solve(&puzzle, 2);
        assert_eq!(state, LearnState::Finished { exhausted: true });
        assert!(solutions.is_empty());
    }
}
