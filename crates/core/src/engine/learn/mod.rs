//! The learning engine: conflict-driven search over the cells' literals, with the line solver
//! as the propagator (lazy clause generation, as in Ohrimenko, Stuckey and Codish, *Propagation
//! via lazy clause generation*, Constraints 2009).
//!
//! The variables are the cells' literals and nothing else: for black and white, "the cell is
//! filled"; for colour, "the cell has this entry", one per palette entry. Propagation
//! alternates two sources: learnt clauses (two watched literals, as in MiniSat) and the exact
//! line solver, run on every line whose facts changed (for colour also the rule that a cell has
//! exactly one entry). Each literal the line solver fixes records *which line* fixed it and
//! *when* (its position on the trail), and nothing more: an explanation is only needed if
//! conflict analysis reaches that literal, which most never do. It is then built on demand: the
//! facts of the line at that moment, with the fixed literal flipped, admit no placement; we drop
//! facts one at a time, latest first, keeping each only if the line becomes feasible without
//! it. What remains is a small reason (often a handful of cells near the deduction), and the
//! clause learnt from reasons like these speaks only of cells, so it prunes every later branch
//! where those cells recur: exactly what depth-first search, which forgets every dead end, lacks
//! on the hardest puzzles.
//!
//! The rest is a textbook CDCL solver: first-UIP analysis with recursive clause minimization,
//! non-chronological backjumping, VSIDS branching with phase saving and target phases (the
//! first decisions guided by each literal's chance, estimated by belief propagation over the
//! lines: `Learner::guide`), Luby restarts with rephasing, and a learnt-clause database in one
//! flat arena, pruned by literal block distance (Audemard and Simon, *Glucose*, IJCAI 2009),
//! and allowed to grow faster once a solution is found, when what remains is a refutation (the
//! uniqueness proof). What was tried and dropped (Glucose restarts, probing at restarts,
//! explanation caches, other phases, clauses shared between learners) is in BENCHMARKS.md.
//! Solutions are enumerated with blocking clauses over the decisions that led to them (the rest
//! of the grid follows from those), so `max_solutions` of 2 proves uniqueness as in the other
//! engines.
//!
//! One learner serves every kind of puzzle: it is generic over the [`Kind`], whose lines
//! ([`LearnLines`], in `crate::kind::learn`) are the only part that knows what a literal means.
//! The literals and the trail they are assigned on are at the bottom of the crate too
//! (`crate::kind::{lit, trail}`), since a kind's lines write to the trail; black and white
//! keeps its two masks per line and its bit-parallel line solvers
//! (`crate::kinds::black_white::learn`), colour its entry masks, its line solver and its cell
//! rule (`crate::kind::entries::learn`, shared with triangles).
//!
//! One concern per file, as varisat lays out the same ideas:
//!
//! - [`propagate`]: clause and line propagation to a fixpoint;
//! - [`explain`]: the arena of the lines' deductions explained on demand;
//! - [`analyze`]: first-UIP conflict analysis and clause minimisation, the explanations built
//!   for it, and learning the clause (adding it, and pruning the database);
//! - [`clauses`]: the clause arena, watch lists and reduction by LBD;
//! - [`heap`]: the variable heap (VSIDS);
//! - [`decide`]: the next decision, phases, and the guided first order;
//! - [`restart`]: the Luby schedule, target phases and rephasing;
//! - [`solutions`]: recording and blocking solutions;
//! - [`images`]: symmetric learning, for puzzles whose clues are symmetric;
//! - [`parts`]: the state the algorithms above keep between calls (the analysis's scratch, the
//!   phases, the restart schedule, the solutions found), which this file's struct is made of.
//!
//! The algorithms are methods of [`Learner`] in the files named after them; the struct imports
//! only the parts (and the arenas and heap), never an algorithm, so the imports run one way.
//!
//! This file holds the engine's state, its interface to the rest of the crate, the main loop,
//! and the two operations that change the trail (assign, and backtrack to a level), which keep
//! everything the learner holds per assigned variable in step.

mod analyze;
mod clauses;
mod decide;
mod explain;
mod heap;
mod images;
mod parts;
mod propagate;
mod restart;
mod solutions;

use nonogram_model::{Cells, Picture, Puzzle};

use crate::config::Stats;
use crate::kind::learn::LearnLines;
use crate::kind::lit::{Lit, Value, Var};
use crate::kind::trail::{Reason, Trail};
use crate::kind::Kind;
use crate::termination::Termination;
use clauses::{ClauseDb, MAX_ARENA};
use explain::Explanations;
use heap::VarHeap;
pub(crate) use parts::luby;
use parts::{Analysis, Conflict, Images, Phases, Restarts, Solutions};

/// Whether the learning engine takes `puzzle` (each kind's memory bound).
pub(crate) fn fits<K: Kind>(puzzle: &Puzzle) -> bool {
    K::Lines::fits(puzzle)
}

/// How a [`Learner::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LearnState {
    /// A verdict: every solution enumerated (`exhausted`), or `max_solutions` found.
    Finished { exhausted: bool },
    /// The conflict budget of this run was spent; run again to go on.
    Paused,
    /// The termination condition fired.
    Stopped,
}

/// The learning engine for one puzzle.
#[derive(Debug)]
pub(crate) struct Learner<'p, K: Kind> {
    /// The clue symmetries whose images of each learnt clause are learnt too ([`images`]);
    /// empty for none.
    symmetries: Vec<Vec<usize>>,
    /// Images learnt and dropped (for tests and profiles).
    images: Images,
    /// The clues, the facts line by line, the lines waiting to be solved, and the line solver:
    /// the kind's.
    lines: K::Lines<'p>,
    /// The assignment and the trail.
    trail: Trail,
    /// The lines' deductions, explained.
    explanations: Explanations,
    analysis: Analysis,
    db: ClauseDb,
    heap: VarHeap,
    phases: Phases,
    restarts: Restarts,
    solutions: Solutions,
    /// Whether the root was set ([`Learner::start_from`]).
    started: bool,
    /// The verdict, once reached: later runs return it at once.
    state: Option<LearnState>,
    stats: Stats,
}

impl<'p, K: Kind> Learner<'p, K> {
    /// A learner for `puzzle` (which must [fit](fits)), to enumerate up to `max_solutions`.
    pub fn new(puzzle: &'p Puzzle, max_solutions: usize) -> Learner<'p, K> {
        Learner::symmetric(puzzle, max_solutions, Vec::new())
    }

    /// A learner that learns, with each clause, its images under the clue symmetries `maps`,
    /// and records each solution with its images ([`images`]). `maps` must be clue symmetries of
    /// `puzzle` (each maps every solution to a solution), closed under composition, as
    /// [`crate::engine::symmetry::clue_symmetries`] gives them; and no cell may be fixed but by
    /// the clues (a given cell's image need not be given).
    pub fn symmetric(
        puzzle: &'p Puzzle,
        max_solutions: usize,
        maps: Vec<Vec<usize>>,
    ) -> Learner<'p, K> {
        assert!(fits::<K>(puzzle), "too many cells for the learning engine");
        let lines = K::Lines::new(puzzle);
        let vars = puzzle.width() * puzzle.height() * lines.per_cell();
        Learner {
            symmetries: maps,
            images: Images::default(),
            lines,
            trail: Trail::new(vars),
            explanations: Explanations::new(vars),
            analysis: Analysis::new(vars),
            db: ClauseDb::new(vars),
            heap: VarHeap::new(vars),
            phases: Phases::new(vars, K::Lines::FIRST_PHASE),
            restarts: Restarts::new(K::Lines::RESTART_UNIT),
            solutions: Solutions::new(max_solutions),
            started: false,
            state: None,
            stats: Stats::default(),
        }
    }

    /// Counters so far (`decisions` and `backtracks`, the latter counting conflicts).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How many solutions were found since the last [`Learner::take_solutions`].
    pub fn found(&self) -> usize {
        self.solutions.len()
    }

    /// The solutions found so far.
    pub fn take_solutions(&mut self) -> Vec<Picture> {
        self.solutions.take()
    }

    /// The image of variable `v` under a map of cells: the same entry of the image cell.
    #[inline]
    fn image(&self, map: &[usize], v: Var) -> Var {
        let k = self.lines.per_cell();
        Var::new(map[v.index() / k] * k + v.index() % k)
    }

    /// Restricts the search to grids symmetric under `map` (cell `c` has the colour of cell
    /// `map[c]`): two binary clauses per variable of a cell that moves. Call before the first
    /// run. Used by [`crate::engine::symmetry`]; the learner then enumerates symmetric solutions
    /// only.
    pub fn tie(&mut self, map: &[usize]) {
        debug_assert!(!self.started);
        let vars = map.len() * self.lines.per_cell();
        for v in (0..vars).map(Var::new) {
            let image = self.image(map, v);
            if image != v {
                self.add_clause(&[Lit::new(v, false), Lit::new(image, true)], None);
                self.add_clause(&[Lit::new(v, true), Lit::new(image, false)], None);
            }
        }
    }

    /// Starts from a grid of cells already known to follow from the clues (a propagated or
    /// probed root): what it rules out becomes facts. Call before the first [`Learner::run`];
    /// without it the run starts from the empty grid. Returns false if the root contradicts.
    pub fn start_from(&mut self, grid: &K::Grid) -> bool {
        let (width, height) = self.lines.size();
        let mut facts = Vec::new();
        for r in 0..height {
            for c in 0..width {
                self.lines
                    .facts(r * width + c, grid.options(r, c), &mut facts);
            }
        }
        self.start(facts)
    }

    /// Starts from `facts`, and propagates. Returns false if they contradict.
    fn start(&mut self, facts: Vec<Lit>) -> bool {
        debug_assert!(!self.started);
        self.started = true;
        for lit in facts {
            if self.trail.is_unknown(lit.var()) {
                self.assign(lit, Reason::None);
            }
        }
        self.lines.queue_all();
        if self.propagate().is_some() {
            self.state = Some(LearnState::Finished { exhausted: true });
            return false;
        }
        true
    }

    /// Runs until a verdict, the termination condition, or `conflict_limit` more conflicts.
    pub fn run(
        &mut self,
        conflict_limit: Option<u64>,
        termination: &mut Termination<'_>,
    ) -> LearnState {
        if !self.started && !self.start(Vec::new()) {
            return LearnState::Finished { exhausted: true };
        }
        if let Some(state) = self.state {
            return state;
        }
        let limit = conflict_limit.map(|l| self.stats.backtracks + l);
        let state = loop {
            if let Some(conflict) = self.propagate() {
                if !self.resolve_conflict(conflict) {
                    break LearnState::Finished { exhausted: true };
                }
                if self.db.arena_len() > MAX_ARENA {
                    self.reduce();
                }
                if termination.should_stop() {
                    return LearnState::Stopped;
                }
                if limit.is_some_and(|l| self.stats.backtracks >= l) {
                    return LearnState::Paused;
                }
                continue;
            }
            if self.restarts.due() {
                self.restart();
                continue;
            }
            if self.db.learnt_count() >= self.db.max_learnts {
                self.reduce();
                self.db.max_learnts += self.db.increment;
            }
            if termination.should_stop() {
                return LearnState::Stopped;
            }
            let Some(v) = self.pick() else {
                match self.solution() {
                    Some(state) => break state,
                    None => continue,
                }
            };
            self.stats.decisions += 1;
            self.trail.lim.push(self.trail.lits.len());
            self.assign(Lit::new(v, self.phases.value(v)), Reason::None);
        };
        self.state = Some(state);
        state
    }

    /// Handles a conflict. Returns false when it proves that no (further) solution exists.
    fn resolve_conflict(&mut self, conflict: Conflict) -> bool {
        self.stats.backtracks += 1;
        self.remember_target();
        self.restarts.conflicts += 1;
        // The conflict's literals, in the explanations' arena (as scratch) like the reasons
        // that analysis then reads.
        let lits = match conflict {
            Conflict::Clause(c) => self.explanations.scratch(self.db.lits(c)),
            conflict => self.explain_conflict(conflict),
        };
        // A line's conflict may rest on cells of earlier levels only: it then held there.
        let top = lits
            .range()
            .map(|i| self.trail.level(self.explanations.lit(i).var()))
            .max()
            .unwrap_or(0);
        if top == 0 {
            return false;
        }
        self.backtrack(top);
        let (learnt, backjump) = self.analyze(lits);
        let lbd = self.lbd(&learnt);
        self.backtrack(backjump);
        self.learn(&learnt, Some(lbd));
        if !self.symmetries.is_empty() {
            self.learn_images(&learnt, lbd);
        }
        // The buffer serves the next conflict's analysis.
        self.analysis.learnt = learnt;
        self.heap.decay();
        true
    }
}

impl<K: Kind> Learner<'_, K> {
    /// Makes `lit` true for `reason`: on the trail, in the lines' masks and trails, and queues
    /// the lines of its cell for solving.
    #[inline]
    pub(super) fn assign(&mut self, lit: Lit, reason: Reason) {
        let position = self.trail.push(lit, reason);
        self.lines.assign(lit, position);
    }

    /// Undoes every assignment above `level`.
    pub(super) fn backtrack(&mut self, level: u32) {
        if self.trail.decision_level() <= level {
            return;
        }
        let keep = self.trail.lim[level as usize];
        while self.trail.lits.len() > keep {
            let lit = self.trail.lits.pop().expect("trail longer than keep");
            let v = lit.var();
            self.trail.lit_values[lit.index()] = Value::Unknown;
            self.trail.lit_values[(!lit).index()] = Value::Unknown;
            self.phases.saved[v.index()] = lit.is_positive();
            self.explanations.forget(v);
            self.lines.unassign(lit);
            self.heap.insert(v);
        }
        self.trail.lim.truncate(level as usize);
        self.trail.qhead = self.trail.lits.len();
        // Every line was at its fixpoint at this level before the undone decision.
        self.lines.backtracked(self.trail.lits.len());
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::generate::{random_puzzle, Rng};
    use crate::kinds::black_white::Grid;
    use crate::kinds::BlackWhite;
    use crate::solve::Config;
    use proptest::prelude::*;

    /// The black-and-white learner, which most tests here drive.
    pub(super) type BwLearner<'p> = Learner<'p, BlackWhite>;

    /// Runs a learner to its verdict.
    pub(super) fn solve(puzzle: &Puzzle, max: usize) -> (LearnState, Vec<Picture>) {
        let mut learner = BwLearner::new(puzzle, max);
        let state = learner.run(None, &mut Termination::never());
        (state, learner.take_solutions())
    }

    /// Every solution (up to `max`) by the probing search, which the reference tests check
    /// against brute force; `None` if there are more.
    pub(super) fn search_all(puzzle: &Puzzle, max: usize) -> Option<HashSet<Picture>> {
        let outcome = crate::Solver::new(Config {
            max_solutions: max + 1,
            engine: crate::Engine::Search,
            ..Config::default()
        })
        .solve(puzzle);
        let all: HashSet<Picture> = outcome.solutions.into_iter().collect();
        (all.len() <= max).then_some(all)
    }

    /// Whether each line's stretch of the line trails holds exactly its cells on the trail, in
    /// trail order, with their positions (what explanations rely on).
    fn line_trails_follow_the_trail(learner: &BwLearner<'_>) -> bool {
        learner.lines.trails_follow(&learner.trail)
    }

    /// How [`enumerate_under_stress`] runs the learner.
    #[derive(Clone, Copy, Debug)]
    pub(super) enum Slices {
        /// One run to the end.
        Whole,
        /// One conflict per run, the line trails checked between runs.
        Sliced,
        /// As `Sliced`, and the learner reseeded ([`Learner::reseed`]) after each run.
        Reseeded,
    }

    pub(super) fn slices() -> impl Strategy<Value = Slices> {
        prop_oneof![
            Just(Slices::Whole),
            Just(Slices::Sliced),
            Just(Slices::Reseeded)
        ]
    }

    /// Runs a learner to the end of its enumeration under stress (restarts every two
    /// conflicts, the clause database pruned at eight clauses, and the run cut as `slices`
    /// says); returns the solutions.
    pub(super) fn enumerate_under_stress(
        learner: &mut BwLearner<'_>,
        slices: Slices,
    ) -> Result<HashSet<Picture>, TestCaseError> {
        learner.restarts.unit = 2;
        learner.db.max_learnts = 8;
        let limit = match slices {
            Slices::Whole => None,
            Slices::Sliced | Slices::Reseeded => Some(1),
        };
        let mut runs = 0;
        let state = loop {
            match learner.run(limit, &mut Termination::never()) {
                LearnState::Paused => {
                    prop_assert!(line_trails_follow_the_trail(learner));
                    runs += 1;
                    if let Slices::Reseeded = slices {
                        learner.reseed(runs, || false);
                        prop_assert_eq!(learner.trail.lim.len(), 0, "reseeding restarts");
                        prop_assert!(line_trails_follow_the_trail(learner));
                    }
                }
                state => break state,
            }
        };
        prop_assert_eq!(state, LearnState::Finished { exhausted: true });
        Ok(learner.take_solutions().into_iter().collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Puzzles large enough for real conflicts, with restarts every few conflicts, the
        /// clause database pruned at a handful of clauses, and the run cut into one-conflict
        /// slices (reseeded between slices or not): the learner must enumerate exactly the
        /// search's solutions.
        #[test]
        fn agrees_with_search_under_stress(
            seed in any::<u64>(),
            width in 6usize..=14,
            height in 6usize..=14,
            density in 0.35f64..0.65,
            slices in slices(),
            guided in any::<bool>(),
        ) {
            let puzzle = random_puzzle(&mut Rng::new(seed), width, height, density);
            let max = 12;
            let Some(want) = search_all(&puzzle, max) else { return Ok(()) };
            let mut learner = BwLearner::new(&puzzle, max + 1);
            if guided && learner.start_from(&Grid::new(width, height)) {
                learner.guide(|| false);
            }
            let got = enumerate_under_stress(&mut learner, slices)?;
            for picture in &got {
                prop_assert!(puzzle.is_solved_by(picture));
            }
            prop_assert_eq!(got, want);
        }
    }

    /// The colour learner under stress (a restart after every conflict or few, a rephase every
    /// few conflicts, the clause database reduced every few conflicts) finds exactly the
    /// search's solutions on puzzles hard enough to make it learn; every explanation it builds
    /// is checked (in debug builds) to leave its line without a placement.
    #[test]
    fn colour_agrees_with_search_under_stress() {
        use crate::generate::random_colour_puzzle;
        use crate::kinds::Coloured;
        use crate::solve::{root, Root};
        const LIMIT: usize = 40;
        let mut rng = Rng::new(11);
        let (mut conflicts, mut restarts, mut rephases, mut whole) = (0, 0, 0, 0);
        for i in 0..60 {
            let side = rng.range(12, 16);
            let colours = rng.range(2, 3);
            // Sparse puzzles make it learn; denser ones have few solutions to compare whole.
            let density = if i % 2 == 0 { 0.3 } else { 0.6 };
            let puzzle = random_colour_puzzle(&mut rng, side, side, colours, density);
            let want = search_all(&puzzle, LIMIT - 1);
            let Root::Grid(start) = root::<Coloured>(&puzzle, &[], None) else {
                assert!(want.is_some_and(|w| w.is_empty()));
                continue;
            };
            let mut learner = Learner::<Coloured>::new(&puzzle, LIMIT);
            learner.restarts.unit = 1 + i % 3;
            learner.restarts.rephase_unit = 1 + i % 4;
            learner.restarts.next_rephase = learner.restarts.rephase_unit;
            learner.db.max_learnts = 4;
            learner.start_from(&start);
            let state = learner.run(None, &mut Termination::never());
            let got: HashSet<Picture> = learner.take_solutions().into_iter().collect();
            for s in &got {
                assert!(puzzle.is_solved_by(s));
            }
            // Fewer solutions than the limit: all of them, and the enumeration exhausted.
            let exhausted = state == LearnState::Finished { exhausted: true };
            match want {
                Some(want) => assert_eq!((exhausted, got), (true, want), "puzzle {i}"),
                None => assert_eq!((exhausted, got.len()), (false, LIMIT), "puzzle {i}"),
            }
            whole += usize::from(exhausted);
            conflicts += learner.stats().backtracks;
            restarts += learner.restarts.count;
            rephases += learner.restarts.rephases;
        }
        assert!(conflicts > 200, "only {conflicts} conflicts");
        assert!(restarts > 20, "only {restarts} restarts");
        assert!(rephases > 10, "only {rephases} rephases");
        assert!(whole >= 15, "only {whole} puzzles enumerated whole");
    }
}
