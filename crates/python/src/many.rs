//! `solve_many` and `solve_iter`: many puzzles on every core, as `nonogram batch` solves them
//! (a pool of `jobs` threads, one puzzle each on one thread), with the GIL released, results
//! in the order of the input, and progress as they come.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;

use nonogram_core::{Config, Outcome, Puzzle, Solver};

use crate::errors::{internal_error, value_error, InternalError};
use crate::puzzle::PyPuzzle;
use crate::run::{interruptible_with, Items, POLL};
use crate::solve::{PySolveResult, SolveArgs};

/// The puzzles of a Python iterable, each a `Puzzle`.
fn puzzles_of(value: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyPuzzle>>> {
    let mut puzzles = Vec::new();
    for (i, item) in value.try_iter()?.enumerate() {
        let item = item?;
        let puzzle = item.cast::<PyPuzzle>().map_err(|_| {
            PyTypeError::new_err(format!(
                "item {i} is not a Puzzle but {}",
                item.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        puzzles.push(puzzle.clone().unbind());
    }
    Ok(puzzles)
}

/// A pool of `jobs` threads (0: one per core).
fn pool(jobs: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("nono-batch-{i}"))
        .build()
        .map_err(|e| value_error(format!("cannot start {jobs} threads: {e}")))
}

/// Solves every puzzle on the pool, one thread each, handing each outcome to `done` with its
/// index as it comes; puzzles not started when `cancel` is raised are skipped.
fn solve_all(
    pool: &rayon::ThreadPool,
    puzzles: &[Arc<Puzzle>],
    config: &Config,
    cancel: &AtomicBool,
    done: &(dyn Fn(usize, Outcome) + Sync),
) {
    // One thread per puzzle: the pool supplies the parallelism, and a puzzle spread over
    // every core (the solver's default) would only compete with the puzzles beside it.
    let solver = Solver::new(Config {
        threads: 1,
        ..config.clone()
    });
    pool.install(|| {
        puzzles.par_iter().enumerate().for_each(|(i, puzzle)| {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            done(i, solver.solve_cancellable(puzzle, &[], cancel));
        });
    });
}

/// Solves many puzzles on every core and returns their :class:`Result`\ s in the order of the
/// input.
///
/// Each puzzle is solved on one thread, ``jobs`` at a time (0: one per core), as ``nonogram
/// batch`` does; ``solutions``, ``timeout`` (per puzzle, in seconds), ``engine`` and ``seed``
/// are those of :meth:`Puzzle.solve`. ``progress``, if given, is called as
/// ``progress(done, total)`` each time a puzzle is finished (with a tqdm bar ``bar``,
/// ``lambda done, total: bar.update(1)``); if it raises, solving stops and the exception
/// propagates. The GIL is released while solving; Ctrl-C stops every solve and raises
/// ``KeyboardInterrupt``.
#[pyfunction]
#[pyo3(signature = (puzzles, *, solutions=2, timeout=None, engine="auto", seed=0, jobs=0, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    solutions: i64,
    timeout: Option<f64>,
    engine: &str,
    seed: u64,
    jobs: i64,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PySolveResult>> {
    let args = SolveArgs::new(solutions, timeout, engine, 1, seed)?;
    let jobs = crate::convert::threads("jobs", jobs)?;
    let objects = puzzles_of(puzzles)?;
    let shared: Vec<Arc<Puzzle>> = objects.iter().map(|p| p.get().puzzle.clone()).collect();
    let total = shared.len();
    let pool = pool(jobs)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let mut outcomes: Vec<Option<Outcome>> = (0..total).map(|_| None).collect();
    let mut finished = 0usize;
    let progress = progress.filter(|p| !p.is_none());
    interruptible_with(
        py,
        &cancel,
        move |items: &Items<(usize, Outcome), ()>| {
            let done = |i: usize, outcome: Outcome| items.send((i, outcome));
            solve_all(&pool, &shared, &args.config, &flag, &done);
        },
        |(i, outcome)| {
            outcomes[i] = Some(outcome);
            finished += 1;
            match progress {
                Some(callback) => callback.call1((finished, total)).map(drop),
                None => Ok(()),
            }
        },
    )?;
    objects
        .into_iter()
        .zip(outcomes)
        .map(|(puzzle, outcome)| {
            let outcome = outcome.ok_or_else(|| {
                InternalError::new_err("internal error: a puzzle was left unsolved")
            })?;
            Ok(PySolveResult { puzzle, outcome })
        })
        .collect()
}

/// What the background solve of [`PySolving`] sends.
enum Sent {
    Solved(usize, Outcome),
    Panicked(Box<dyn std::any::Any + Send>),
}

/// Solves many puzzles in the background and yields their :class:`Result`\ s in the order of
/// the input (see :func:`solve_iter`). ``len()`` is the number of puzzles, so a progress bar
/// such as ``tqdm`` knows its total. Dropping it, or leaving a ``for`` loop early, stops the
/// solves still running.
#[pyclass(module = "nono", name = "Solving")]
#[derive(Debug)]
pub struct PySolving {
    puzzles: Vec<Py<PyPuzzle>>,
    outcomes: Vec<Option<Outcome>>,
    next: usize,
    /// The background solve's results; a `Mutex` because a `Receiver` may not be shared.
    receiver: Mutex<Option<mpsc::Receiver<Sent>>>,
    cancel: Arc<AtomicBool>,
}

/// Like :func:`solve_many`, but returns at once an iterator over the results, in the order of
/// the input, each as soon as it and those before it are solved: ``for result in
/// tqdm(nono.solve_iter(puzzles)): ...``.
#[pyfunction]
#[pyo3(signature = (puzzles, *, solutions=2, timeout=None, engine="auto", seed=0, jobs=0))]
pub fn solve_iter(
    puzzles: &Bound<'_, PyAny>,
    solutions: i64,
    timeout: Option<f64>,
    engine: &str,
    seed: u64,
    jobs: i64,
) -> PyResult<PySolving> {
    let args = SolveArgs::new(solutions, timeout, engine, 1, seed)?;
    let jobs = crate::convert::threads("jobs", jobs)?;
    let objects = puzzles_of(puzzles)?;
    let shared: Vec<Arc<Puzzle>> = objects.iter().map(|p| p.get().puzzle.clone()).collect();
    let pool = pool(jobs)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let flag = Arc::clone(&cancel);
    let started = std::thread::Builder::new()
        .name("nono-batch".into())
        .spawn(move || {
            let done = |i: usize, outcome: Outcome| {
                // A dropped iterator has raised the flag; nothing more to do then.
                let _ = sender.send(Sent::Solved(i, outcome));
            };
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                solve_all(&pool, &shared, &args.config, &flag, &done);
            }));
            if let Err(payload) = run {
                let _ = sender.send(Sent::Panicked(payload));
            }
        });
    if let Err(e) = started {
        return Err(InternalError::new_err(format!(
            "cannot start a thread to solve on: {e}"
        )));
    }
    let total = objects.len();
    Ok(PySolving {
        puzzles: objects,
        outcomes: (0..total).map(|_| None).collect(),
        next: 0,
        receiver: Mutex::new(Some(receiver)),
        cancel,
    })
}

#[pymethods]
impl PySolving {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __len__(&self) -> usize {
        self.puzzles.len()
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PySolveResult>> {
        if self.next == self.puzzles.len() {
            return Ok(None);
        }
        while self.outcomes[self.next].is_none() {
            let taken = self.receiver.get_mut().map(Option::take).unwrap_or(None);
            let Some(receiver) = taken else {
                return Err(InternalError::new_err(
                    "internal error: the solving thread ended early",
                ));
            };
            let (receiver, message) = py.detach(move || {
                let message = receiver.recv_timeout(POLL);
                (receiver, message)
            });
            match message {
                Ok(Sent::Solved(i, outcome)) => {
                    self.outcomes[i] = Some(outcome);
                    self.put_back(receiver);
                }
                Ok(Sent::Panicked(payload)) => return Err(internal_error(payload.as_ref())),
                Err(mpsc::RecvTimeoutError::Timeout) => self.put_back(receiver),
                Err(mpsc::RecvTimeoutError::Disconnected) => {}
            }
            if let Err(err) = py.check_signals() {
                self.stop();
                return Err(err);
            }
        }
        let outcome = self.outcomes[self.next].take().expect("checked above");
        let puzzle = self.puzzles[self.next].clone_ref(py);
        self.next += 1;
        Ok(Some(PySolveResult { puzzle, outcome }))
    }

    /// Stops the solves still running; the iterator then ends.
    fn close(&mut self) {
        self.stop();
    }

    fn __repr__(&self) -> String {
        format!("<Solving {} of {} yielded>", self.next, self.puzzles.len())
    }
}

impl PySolving {
    fn stop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
        self.next = self.puzzles.len();
        if let Ok(receiver) = self.receiver.get_mut() {
            *receiver = None;
        }
    }

    fn put_back(&mut self, receiver: mpsc::Receiver<Sent>) {
        if let Ok(slot) = self.receiver.get_mut() {
            *slot = Some(receiver);
        }
    }
}

impl Drop for PySolving {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
    }
}
