//! The portfolio's runs against the search's: the same verdicts and solutions, whichever
//! engine, learner or thread answers, and the work of all counted.

use super::*;
use crate::generate::{random_colour_puzzle, random_set, Rng};
use crate::kinds::black_white::Grid;
use crate::kinds::{BlackWhite, Coloured};
use crate::solve::{Solver, Status};
use web_time::Instant;

/// When the learner answers after the search's turns, the search's probes and line solves
/// are counted too (they were left out, so `auto` seemed never to probe), and so are the
/// conflicts of the early learner, dropped after its turn.
#[test]
fn auto_counts_the_work_of_every_engine() {
    for threads in [1, 2] {
        let solver = Solver::new(Config {
            threads,
            ..Config::default()
        });
        // Seed 4 holds a puzzle whose learner needs over 20,000 conflicts.
        let puzzles = random_set(4, 300, 30, 30, 0.5);
        let outcomes: Vec<_> = puzzles.iter().map(|p| solver.solve(p)).collect();
        let early = outcomes
            .iter()
            .find(|o| o.engine == Engine::Learn && o.stats.probes == 0)
            .expect("some random 30×30 puzzle is answered by the early learner");
        assert!(early.stats.decisions > 0, "{:?}", early.stats);
        let late = outcomes
            .iter()
            .find(|o| o.engine == Engine::Learn && o.stats.probes > 0)
            .expect("some random 30×30 puzzle needs the learner after probing");
        // On two threads the answer may be the plain learner's, which had no early turn.
        if threads == 1 {
            assert!(late.stats.backtracks > EARLY_CONFLICTS, "{:?}", late.stats);
        }
    }
}

/// Runs `run` on each puzzle with a propagated root, under `auto` on `threads` threads and
/// 1, 2 and 3 solutions asked, and checks its outcome against the search's: the same
/// verdict and number of solutions, and, when there are fewer than asked for, the same
/// solutions (whichever engine found them). `run` gets the runner and the root; what it
/// returns is passed on to `seen` with the outcome, for the caller's own checks.
fn agree_with_search<K: Kind, T>(
    puzzles: &[Puzzle],
    threads: usize,
    run: impl Fn(&Runner<'_, '_, K>, &K::Grid) -> (Run, T),
    mut seen: impl FnMut(usize, T, &crate::solve::Outcome),
) {
    for (i, puzzle) in puzzles.iter().enumerate() {
        for max_solutions in [1, 2, 3] {
            let config = Config {
                max_solutions,
                engine: Engine::Search,
                ..Config::default()
            };
            let want = Solver::new(config.clone()).solve(puzzle);
            let config = Config {
                engine: Engine::Auto,
                threads,
                ..config
            };
            let runner = Runner {
                config: &config,
                puzzle,
                symmetric: true,
                kind: PhantomData,
            };
            let crate::solve::Root::Grid(root) = crate::solve::root::<K>(puzzle, &[], None) else {
                assert_eq!(want.status, Status::NoSolution, "puzzle {i}");
                continue;
            };
            let (answer, extra) = run(&runner, &root);
            let got =
                Solver::new(config.clone()).outcome(puzzle, &[], answer, None, Instant::now());
            assert_eq!(got.status, want.status, "puzzle {i}, {max_solutions}");
            assert_eq!(got.solutions.len(), want.solutions.len(), "puzzle {i}");
            if want.solutions.len() < max_solutions {
                assert_eq!(got.solutions, want.solutions, "puzzle {i}, {max_solutions}");
            }
            seen(i, extra, &got);
        }
    }
}

/// One thread's turns with a pool of learners joining the guided one from the first
/// learning turn: the same verdicts and solutions as the search, whichever learner answers,
/// and the work of all counted.
#[test]
fn turns_with_a_pool_agree_with_search() {
    let mut learnt = 0;
    agree_with_search::<BlackWhite, _>(
        &random_set(7, 60, 14, 14, 0.5),
        1,
        |runner, root| {
            let mut search = Search::new(runner.puzzle, runner.config);
            search.start_from(root.clone());
            let run = runner.take_turns(search, root, StopFlags::default(), None, Some(0));
            (run, ())
        },
        |i, (), got| {
            if got.engine == Engine::Learn {
                learnt += 1;
                // The learners made decisions (the pool runs first in each turn).
                assert!(got.stats.decisions > 0, "puzzle {i}");
            }
        },
    );
    assert!(learnt >= 10, "only {learnt} answers came from the learners");
}

/// The portfolio's second thread, its guided learner replaced by the plain one after 2
/// conflicts, or never, and reseeded after spans of 2 × Luby conflicts, or never: the same
/// verdicts and solutions as the search each way; the replacement a run of its own (other
/// conflicts) with the replaced learner's counted, and the reseeded runs other runs too.
#[test]
fn second_thread_agrees_with_search() {
    let puzzles = random_set(9, 100, 25, 25, 0.5);
    // Per puzzle and solutions asked, the conflicts counted with the switch after 2 and
    // without one, then reseeded and without a switch (the puzzles come in order, each for
    // 1, 2 and 3 solutions).
    let mut conflicts = Vec::new();
    for (switch, unit) in [(2, u64::MAX), (u64::MAX, u64::MAX), (u64::MAX, 2)] {
        let mut counted = Vec::new();
        agree_with_search::<BlackWhite, _>(
            &puzzles,
            2,
            |runner, root| {
                let run = runner.second_thread(root, None, StopFlags::default(), switch, unit);
                let learnt = run.engine == Engine::Learn;
                if learnt {
                    assert!(run.stats.probes > 0, "the probing is counted");
                }
                let work = run.stats.backtracks;
                (run, work)
            },
            |i, work, _| counted.push((i, work)),
        );
        conflicts.push(counted);
    }
    let mut replaced = 0;
    for (&(i, switched), &(_, alone)) in conflicts[0].iter().zip(&conflicts[1]) {
        // Past 2 conflicts the plain learner took over: another run, both counted.
        if alone > 2 {
            assert!(
                switched >= 2,
                "puzzle {i}: the replaced learner's 2 conflicts"
            );
            replaced += usize::from(switched != alone);
        }
    }
    assert!(
        replaced >= 5,
        "the guided learner was replaced {replaced} times"
    );
    let reseeded = conflicts[2]
        .iter()
        .zip(&conflicts[1])
        .filter(|((_, reseeded), (_, alone))| *alone > 2 && reseeded != alone)
        .count();
    assert!(reseeded >= 5, "reseeding changed {reseeded} runs");
}

/// A pool of learners, run in one go or stopped again and again by short deadlines, does
/// the same work (its spans count conflicts, not time) and gives the search's verdicts and
/// solutions; on puzzles that need it, it makes several learners and its first learner's
/// reseeds change the work.
#[test]
fn a_pool_agrees_with_search_wherever_it_is_stopped() {
    let puzzles = random_set(9, 60, 25, 25, 0.5);
    let pooled = |runner: &Runner<'_, '_, BlackWhite>, root: &Grid, cut: bool| {
        let mut pool = Pool::new(0, 0, 4);
        pool.unit = 2;
        let make = |j| runner.pool_learner(root, None, 0, j, StopFlags::default());
        let state = loop {
            let turn = match cut {
                true => StopFlags::default()
                    .with_deadline(Instant::now() + std::time::Duration::from_micros(200)),
                false => StopFlags::default(),
            };
            match pool.run(make, turn, StopFlags::default()) {
                LearnState::Stopped => {}
                state => break state,
            }
        };
        let learners = pool.learners.len();
        let run = pool.into_run(state);
        let work = (run.stats.backtracks, run.stats.decisions);
        (run, (work, learners))
    };
    let (mut whole, mut several) = (Vec::new(), 0);
    agree_with_search::<BlackWhite, _>(
        &puzzles,
        1,
        |runner, root| pooled(runner, root, false),
        |_, (work, learners), _| {
            whole.push(work);
            several += usize::from(learners > 1);
        },
    );
    let mut cut = Vec::new();
    agree_with_search::<BlackWhite, _>(
        &puzzles,
        1,
        |runner, root| pooled(runner, root, true),
        |_, (work, _), _| cut.push(work),
    );
    assert_eq!(whole, cut, "the stops changed the pool's work");
    assert!(several >= 5, "only {several} runs made a second learner");
}

/// Three and five threads (the one-thread turns, the second thread, and one-thread turns of
/// their own seeds), through the solver: the search's verdicts and solutions, for both kinds
/// of puzzle. With one solution asked, a thread that proved it unique may answer first, or
/// one that only found it.
#[test]
fn many_threads_agree_with_search() {
    let puzzles: Vec<Puzzle> = random_set(11, 30, 20, 20, 0.5)
        .into_iter()
        .chain(colour_puzzles().into_iter().take(20))
        .collect();
    for threads in [3, 5] {
        for (i, puzzle) in puzzles.iter().enumerate() {
            for max_solutions in [1, 2, 3] {
                let config = Config {
                    max_solutions,
                    engine: Engine::Search,
                    ..Config::default()
                };
                let want = Solver::new(config.clone()).solve(puzzle);
                let got = Solver::new(Config {
                    engine: Engine::Auto,
                    threads,
                    ..config
                })
                .solve(puzzle);
                let at = format!("puzzle {i}, {max_solutions} asked, {threads} threads");
                assert_eq!(got.solutions.len(), want.solutions.len(), "{at}");
                match (got.status, want.status) {
                    (Status::Solved, Status::Unique) if max_solutions == 1 => {}
                    (got, want) => assert_eq!(got, want, "{at}"),
                }
                if want.solutions.len() < max_solutions {
                    assert_eq!(got.solutions, want.solutions, "{at}");
                }
            }
        }
    }
}

/// Sparse random colour puzzles, hard enough for the learners to answer some.
fn colour_puzzles() -> Vec<Puzzle> {
    let mut rng = Rng::new(5);
    (0..40)
        .map(|_| {
            let side = rng.range(12, 18);
            random_colour_puzzle(&mut rng, side, side, 2, 0.3)
        })
        .collect()
}

/// The two-thread portfolio on colour puzzles gives the search's verdicts and, when it
/// finds every solution, the same ones, whichever thread answers; some answers come from a
/// learner, so the puzzles reach the race.
#[test]
fn two_threads_agree_with_search_on_colour_puzzles() {
    let mut learnt = 0;
    agree_with_search::<Coloured, _>(
        &colour_puzzles(),
        2,
        |runner, root| (runner.portfolio(root.clone(), 2, StopFlags::default()), ()),
        |i, (), got| {
            assert_ne!(got.status, Status::Unknown, "puzzle {i}");
            learnt += usize::from(got.engine == Engine::Learn);
        },
    );
    assert!(learnt >= 10, "only {learnt} answers came from the learners");
}

/// `seed` perturbs a colour learner's order: on puzzles that need it, the learner's work
/// differs from seed to seed, and the answers do not.
#[test]
fn the_seed_changes_the_colour_learners_order() {
    let mut differ = 0;
    for puzzle in colour_puzzles() {
        let solve = |seed| {
            Solver::new(Config {
                engine: Engine::Learn,
                seed,
                ..Config::default()
            })
            .solve(&puzzle)
        };
        let (a, b) = (solve(0), solve(7));
        assert_eq!(a.status, b.status);
        differ += usize::from(a.stats.decisions != b.stats.decisions);
    }
    assert!(
        differ >= 10,
        "the seed changed the work on {differ} puzzles"
    );
}

/// Colour puzzles are guided since issue 43, so the policies built on guidance serve them:
/// the second thread's guided learner, reseeded after spans of 2 × Luby conflicts and replaced
/// by the plain one after 8, and one thread's turns with a pool joining from the first turn,
/// give the search's verdicts and solutions; some answers come from the learners.
#[test]
fn guided_colour_policies_agree_with_search() {
    assert_eq!(plain_joins::<Coloured>(), Some(PLAIN_JOINS));
    let puzzles = colour_puzzles();
    let mut learnt = 0;
    agree_with_search::<Coloured, _>(
        &puzzles,
        2,
        |runner, root| {
            let run = runner.second_thread(root, None, StopFlags::default(), 8, 2);
            (run, ())
        },
        |i, (), got| {
            assert_ne!(got.status, Status::Unknown, "puzzle {i}");
            learnt += usize::from(got.engine == Engine::Learn);
        },
    );
    agree_with_search::<Coloured, _>(
        &puzzles,
        1,
        |runner, root| {
            let mut search = Search::new(runner.puzzle, runner.config);
            search.start_from(root.clone());
            let run = runner.take_turns(search, root, StopFlags::default(), None, Some(0));
            (run, ())
        },
        |i, (), got| {
            assert_ne!(got.status, Status::Unknown, "puzzle {i}");
            learnt += usize::from(got.engine == Engine::Learn);
        },
    );
    assert!(learnt >= 20, "only {learnt} answers came from the learners");
}
