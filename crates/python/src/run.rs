//! Running the engines from Python: off the interpreter, stoppable by Ctrl-C, and safe from
//! panics.
//!
//! A solve can take seconds or hours, and Python code must keep running meanwhile (other
//! threads, a notebook's kernel) and Ctrl-C must stop it. So the work runs on a thread of its
//! own while the calling thread, the GIL released, waits for it in short slices ([`POLL`]) and
//! between two slices asks the interpreter whether a signal came (`PyErr_CheckSignals`, which
//! runs Python's handlers: only the main thread has them, elsewhere the check is a no-op).
//! When a handler raises (`KeyboardInterrupt` for Ctrl-C), the work's cancellation flag is
//! raised, the engines stop at their next poll (they look at the flag every few hundred
//! microseconds), and the exception propagates once the work has ended: nothing is left
//! running behind the caller's back.
//!
//! The worker is started on a Python thread's first call and kept for its next ones (a call
//! then costs about 10 µs more than the engine's work instead of 40: BENCHMARKS.md). A panic on
//! it (an engine's bug) is caught there and raised as
//! [`InternalError`](crate::errors::InternalError), and the worker carries on.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use pyo3::prelude::*;

use crate::errors::{internal_error, InternalError};

/// How long the caller waits between two checks for signals: short enough that Ctrl-C stops a
/// solve well within 0.2 s, long enough that checking costs nothing measurable.
pub const POLL: Duration = Duration::from_millis(20);

/// What the worker sends: the items it produces as it goes, then its result.
enum Message<M, T> {
    Item(M),
    Done(std::thread::Result<T>),
}

/// Where the worker of [`interruptible_with`] sends its items.
pub struct Items<M, T> {
    sender: mpsc::Sender<Message<M, T>>,
}

impl<M, T> Items<M, T> {
    /// Hands an item to the calling thread.
    pub fn send(&self, item: M) {
        // The receiver lives until the worker is done.
        let _ = self.sender.send(Message::Item(item));
    }
}

impl<M, T> Clone for Items<M, T> {
    fn clone(&self) -> Self {
        Items {
            sender: self.sender.clone(),
        }
    }
}

/// A job for a worker: it sends its own result back.
type Job = Box<dyn FnOnce() + Send>;

/// A thread that runs jobs one at a time, kept between calls so that a call does not pay for
/// starting a thread (about 30 µs, three times what solving a small puzzle takes).
struct Worker {
    jobs: mpsc::Sender<Job>,
    /// The process that started it: a child made by `fork` (`multiprocessing` on Linux)
    /// inherits this thread-local but not the thread, and must start its own.
    process: u32,
}

impl Worker {
    fn start() -> PyResult<Worker> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("nono-solve".into())
            .spawn(move || {
                // Ends when the calling thread's worker is dropped (its thread ended).
                for job in queue {
                    job();
                }
            })
            .map_err(|e| {
                InternalError::new_err(format!("cannot start a thread to solve on: {e}"))
            })?;
        Ok(Worker {
            jobs,
            process: std::process::id(),
        })
    }
}

thread_local! {
    /// Each Python thread's worker, taken while a job runs: a job started while another is
    /// running on the same thread (from a progress callback) gets a worker of its own.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Runs `job` on this thread's worker (started on first use).
fn dispatch(job: Job) -> PyResult<Worker> {
    let worker = WORKER.with(|w| w.borrow_mut().take());
    let worker = match worker {
        Some(worker) if worker.process == std::process::id() => worker,
        // None yet, or a worker of the parent process: its thread is not in this one.
        _ => Worker::start()?,
    };
    match worker.jobs.send(job) {
        Ok(()) => Ok(worker),
        // The worker is gone (it cannot be, but then a new one does the job).
        Err(mpsc::SendError(job)) => {
            let worker = Worker::start()?;
            worker.jobs.send(job).map_err(|_| {
                InternalError::new_err("internal error: the solving thread is gone")
            })?;
            Ok(worker)
        }
    }
}

/// How long the caller spins for its result before it sleeps: a small puzzle is solved in
/// about 10 µs, and going to sleep and being woken costs as much again.
const SPIN: Duration = Duration::from_micros(25);

/// The first message, yielding the processor (to the worker, on a busy machine) for [`SPIN`]
/// before sleeping until [`POLL`].
fn wait_briefly<M>(receiver: &mpsc::Receiver<M>) -> Result<M, mpsc::RecvTimeoutError> {
    let until = Instant::now() + SPIN;
    loop {
        match receiver.try_recv() {
            Ok(message) => return Ok(message),
            Err(mpsc::TryRecvError::Disconnected) => {
                return Err(mpsc::RecvTimeoutError::Disconnected)
            }
            Err(mpsc::TryRecvError::Empty) if Instant::now() < until => std::thread::yield_now(),
            Err(mpsc::TryRecvError::Empty) => return receiver.recv_timeout(POLL),
        }
    }
}

/// Gives the worker back once its job is done.
fn release(worker: Worker) {
    WORKER.with(|w| *w.borrow_mut() = Some(worker));
}

/// Runs `work` on a worker thread with the GIL released, checking for signals every [`POLL`].
/// `cancel` is raised when a signal handler raises, and that exception is returned once `work`
/// has returned; a panic in `work` becomes an `InternalError`.
pub fn interruptible<T, F>(py: Python<'_>, cancel: &AtomicBool, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    interruptible_with(py, cancel, |_: &Items<(), T>| work(), |()| Ok(()))
}

/// [`interruptible`] for work that produces items as it goes: each is handed to `on_item` on
/// the calling thread, with the GIL, as it comes. An error from `on_item` (a progress callback
/// that raised) stops the work as a signal does.
pub fn interruptible_with<T, M, F, G>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: F,
    mut on_item: G,
) -> PyResult<T>
where
    T: Send + 'static,
    M: Send + 'static,
    F: FnOnce(&Items<M, T>) -> T + Send + 'static,
    G: FnMut(M) -> PyResult<()>,
{
    let (sender, receiver) = mpsc::channel::<Message<M, T>>();
    let items = Items { sender };
    let worker = dispatch(Box::new(move || {
        let result = catch_unwind(AssertUnwindSafe(|| work(&items)));
        items.sender.send(Message::Done(result)).ok();
    }))?;
    let mut failed: Option<PyErr> = None;
    let mut receiver = receiver;
    let mut first = true;
    let result = loop {
        // The receiver moves into the closure and back: a `Receiver` may be sent to another
        // thread but not shared with one.
        let (back, message) = py.detach(move || {
            let message = if first {
                wait_briefly(&receiver)
            } else {
                receiver.recv_timeout(POLL)
            };
            (receiver, message)
        });
        first = false;
        receiver = back;
        match message {
            Ok(Message::Done(Ok(value))) => {
                break match failed {
                    Some(err) => Err(err),
                    None => Ok(value),
                }
            }
            Ok(Message::Done(Err(payload))) => break Err(internal_error(payload.as_ref())),
            Ok(Message::Item(item)) if failed.is_none() => {
                if let Err(err) = on_item(item) {
                    cancel.store(true, Ordering::SeqCst);
                    failed = Some(err);
                }
            }
            Ok(Message::Item(_)) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(InternalError::new_err(
                    "internal error: the solving thread ended without a result",
                ))
            }
        }
        if failed.is_none() {
            if let Err(err) = py.check_signals() {
                cancel.store(true, Ordering::SeqCst);
                failed = Some(err);
            }
        }
    };
    // The job has ended (it sent its result, or it is gone): the worker is free.
    release(worker);
    result
}
