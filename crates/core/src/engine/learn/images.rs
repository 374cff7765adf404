//! Symmetric learning: when the clues are symmetric, every clause learnt is learnt with its
//! images.
//!
//! A clue symmetry `g` (a mirror, a turn, a transpose: [`crate::engine::symmetry`]) carries
//! every solution to a solution. A learnt clause `C` follows from the clues and the blocking
//! clauses of the solutions found so far; its image `g(C)` (each cell replaced by its image,
//! each value kept) then follows from the clues and the images of those solutions. The learner
//! records every solution with all its images ([`Learner::solution`]), so no solution still to
//! be found is cut off by `g(C)`: it is as good a clause as `C`, and the search need not
//! rediscover it in the mirror. A uniqueness proof for a symmetric puzzle otherwise explores
//! every dead end twice, once on each side; the n-Dom puzzles, whose proofs are nearly all of
//! their time, take a third fewer conflicts with the images (BENCHMARKS.md). This is the idea
//! of symmetric learning in SAT solvers (Benhamou, Nabhani, Ostrowski and Saïdi, *Enhancing
//! clause learning by symmetry in SAT solvers*, ICTAI 2010), which applies here because the
//! symmetries are known from the clues rather than searched for.
//!
//! `C` is asserting after the backjump; its image is, in general, in any state. It is added
//! only where the watches stay sound: with two literals that are not false, or satisfied by a
//! literal no later than the false one watched beside it, or unit at the current level (then
//! it propagates at once, as `C` does). An image that is unit at a lower level or false
//! everywhere is dropped: it is a redundant clause, and a few dozen in 24,000 are.

use super::Learner;
use crate::kind::lit::{Lit, Value};
use crate::kind::trail::Reason;
use crate::kind::Kind;

impl<K: Kind> Learner<'_, K> {
    /// Learns the images of the clause just learnt (`learnt`, of literal block distance `lbd`)
    /// under the clue symmetries, where they can be watched soundly (see the module's text).
    pub(super) fn learn_images(&mut self, learnt: &[Lit], lbd: u32) {
        if let [unit] = *learnt {
            // Learnt at level 0: so is each image, if it is not known already.
            for k in 0..self.symmetries.len() {
                let image = Lit::new(
                    self.image(&self.symmetries[k], unit.var()),
                    unit.is_positive(),
                );
                if self.trail.value(image) == Value::Unknown {
                    self.assign(image, Reason::None);
                    self.images.learnt += 1;
                }
            }
            return;
        }
        let mut sorted = learnt.to_vec();
        sorted.sort_unstable();
        let mut image = Vec::with_capacity(learnt.len());
        for k in 0..self.symmetries.len() {
            let map = &self.symmetries[k];
            image.clear();
            image.extend(
                learnt
                    .iter()
                    .map(|l| Lit::new(self.image(map, l.var()), l.is_positive())),
            );
            // A clause that is its own image is learnt already.
            if image.iter().all(|l| sorted.binary_search(l).is_ok()) {
                continue;
            }
            // The two literals to watch: not false first (true before unknown), then false
            // ones of the highest level.
            let trail = &self.trail;
            let rank = |l: Lit| match trail.value(l) {
                Value::True => (2, 0),
                Value::Unknown => (1, 0),
                Value::False => (0, trail.level(l.var())),
            };
            for slot in 0..2 {
                let best = (slot..image.len())
                    .max_by_key(|&i| rank(image[i]))
                    .expect("a learnt clause has two literals or more");
                image.swap(slot, best);
            }
            let (first, second) = (image[0], image[1]);
            let sound = match (trail.value(first), trail.value(second)) {
                (_, Value::True | Value::Unknown) => Some(false),
                (Value::True, Value::False) => {
                    (trail.level(first.var()) <= trail.level(second.var())).then_some(false)
                }
                (Value::Unknown, Value::False) => {
                    (trail.level(second.var()) == trail.decision_level()).then_some(true)
                }
                (Value::False, _) => None,
            };
            match sound {
                Some(unit) => {
                    let clause = self.add_clause(&image, Some(lbd));
                    if unit {
                        self.assign(first, Reason::Clause(clause));
                    }
                    self.images.learnt += 1;
                }
                None => self.images.dropped += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::tests::{enumerate_under_stress, search_all, slices, BwLearner};
    use crate::engine::symmetry::clue_symmetries;
    use crate::generate::{random_picture, Rng};
    use crate::kinds::black_white::Grid;
    use crate::termination::Termination;
    use nonogram_model::{Picture, Puzzle};

    /// A random picture made symmetric under a mirror, a transpose or a half turn (each cell
    /// filled if it or its image was), so that its clues are.
    fn symmetric_picture(seed: u64, size: usize, density: f64, kind: u8) -> Picture {
        let base = random_picture(&mut Rng::new(seed), size, size, density);
        let mut picture = Picture::new(size, size);
        let last = size - 1;
        for r in 0..size {
            for c in 0..size {
                let (ir, ic) = match kind % 4 {
                    0 => (r, last - c),
                    1 => (c, r),
                    2 => (last - c, last - r),
                    _ => (last - r, last - c),
                };
                picture.set(r, c, base.get(r, c) || base.get(ir, ic));
            }
        }
        picture
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// On puzzles whose clues are symmetric, often with several solutions (symmetric or
        /// not), a learner that learns the images of its clauses, under stress (restarts every
        /// few conflicts, the clause database pruned at a handful of clauses, runs cut into
        /// one-conflict slices, reseeded between them or not), enumerates exactly the search's
        /// solutions: no image cuts off a solution still to be found, and every image of a
        /// solution is recorded.
        #[test]
        fn agrees_with_search_on_symmetric_clues(
            seed in any::<u64>(),
            size in 5usize..=12,
            density in 0.2f64..0.45,
            kind in 0u8..4,
            slices in slices(),
        ) {
            let puzzle = Puzzle::from_picture(&symmetric_picture(seed, size, density, kind));
            let maps = clue_symmetries(&puzzle);
            // Nearly empty pictures may have no symmetry left once empty border lines go.
            if maps.is_empty() {
                return Ok(());
            }
            let max = 12;
            let Some(want) = search_all(&puzzle, max) else { return Ok(()) };
            let mut learner = BwLearner::symmetric(&puzzle, max + 1, maps);
            prop_assert!(learner.start_from(&Grid::new(size, size)) || want.is_empty());
            prop_assert_eq!(enumerate_under_stress(&mut learner, slices)?, want);
        }
    }

    /// The test above is not vacuous: on symmetric puzzles with conflicts, images are learnt
    /// (and seldom dropped), and some puzzles have solutions that are not symmetric, found
    /// through their images.
    #[test]
    fn images_are_learnt_and_solutions_come_with_theirs() {
        let (mut learnt, mut dropped, mut asymmetric) = (0, 0, 0);
        for seed in 0..200 {
            let puzzle = Puzzle::from_picture(&symmetric_picture(seed, 16, 0.3, seed as u8));
            let maps = clue_symmetries(&puzzle);
            let mut learner = BwLearner::symmetric(&puzzle, 50, maps.clone());
            learner.run(None, &mut Termination::never());
            learnt += learner.images.learnt;
            dropped += learner.images.dropped;
            let solutions = learner.take_solutions();
            asymmetric += solutions
                .iter()
                .filter(|s| {
                    maps.iter()
                        .any(|m| crate::engine::symmetry::image(s, m) != **s)
                })
                .count();
        }
        assert!(learnt > 1000, "{learnt} images learnt");
        assert!(
            dropped * 10 < learnt,
            "{dropped} of {learnt} images dropped"
        );
        assert!(asymmetric > 100, "{asymmetric} solutions without symmetry");
    }
}
