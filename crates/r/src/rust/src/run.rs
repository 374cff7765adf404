//! Running the engines from R: off R's thread, stoppable by Ctrl-C, safe from panics.
//!
//! A solve can take seconds or hours, and Ctrl-C in a terminal, or the stop button in RStudio,
//! must stop it. R notices both only when its own thread asks (`R_CheckUserInterrupt`), and
//! an interrupt then unwinds R's stack with a `longjmp`, which must never cross Rust frames.
//! So the work runs on a worker thread while R's thread waits for it in slices of [`POLL`],
//! and between two slices asks, through `nonogramengine_interrupt_pending` (`src/interrupt.c`),
//! whether an interrupt is pending. That C function catches the `longjmp` with
//! `R_ToplevelExec`, the way RcppThread's `isInterrupted()` does, and says yes or no. On a yes
//! the work's cancellation flag is raised, the engines stop at their next poll (every few
//! hundred microseconds), the work returns, and the call answers [`Fail::interrupted`]; the R
//! code then signals the interrupt anew (an `interrupt` condition, then the `abort` restart),
//! with nothing left running behind the user's back.
//!
//! The worker is started by the first call and kept for the next ones, so a call costs tens
//! of microseconds more than the engine's work, not a thread's start. A process forked from
//! this one (`parallel::mclapply`) inherits the handle but not the thread, and starts its own.
//! A panic on the worker (an engine's bug) is caught there and answered as an internal error.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::fail::{Answer, Fail};

/// How long R's thread waits between two checks for an interrupt: short enough that Ctrl-C
/// stops a solve well within 0.2 s, long enough that checking costs nothing measurable.
pub const POLL: Duration = Duration::from_millis(20);

/// How long R's thread spins for a result before it sleeps: a small puzzle is solved in about
/// 10 µs, and going to sleep and being woken costs as much again.
const SPIN: Duration = Duration::from_micros(25);

// The one function of this crate that calls C, in `src/interrupt.c`: whether an interrupt is
// pending (it clears it). Only R's main thread may call it.
#[allow(unsafe_code)]
mod ffi {
    extern "C" {
        pub fn nonogramengine_interrupt_pending() -> std::os::raw::c_int;
    }

    /// Whether the user has asked R to stop (Ctrl-C, RStudio's stop button).
    pub fn interrupt_pending() -> bool {
        // SAFETY: called on R's main thread only (from `interruptible`, which R calls), the
        // function takes no argument and catches R's `longjmp` itself.
        unsafe { nonogramengine_interrupt_pending() != 0 }
    }
}

/// A job for the worker: it sends its own result back.
type Job = Box<dyn FnOnce() + Send>;

/// The thread that runs the engines, kept between calls.
struct Worker {
    jobs: mpsc::Sender<Job>,
    /// The process that started it: a child made by `fork` has the handle, not the thread.
    process: u32,
}

impl Worker {
    fn start() -> Answer<Worker> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("nonogram-solve".into())
            .spawn(move || {
                for job in queue {
                    job();
                }
            })
            .map_err(|e| {
                Fail::new(
                    crate::fail::Kind::Internal,
                    format!("cannot start a thread to solve on: {e}"),
                )
            })?;
        Ok(Worker {
            jobs,
            process: std::process::id(),
        })
    }
}

thread_local! {
    /// R's thread's worker, taken while a job runs.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Hands `job` to the worker (started on first use, or anew in a forked child).
fn dispatch(job: Job) -> Answer<Worker> {
    let worker = match WORKER.with(|w| w.borrow_mut().take()) {
        Some(worker) if worker.process == std::process::id() => worker,
        _ => Worker::start()?,
    };
    match worker.jobs.send(job) {
        Ok(()) => Ok(worker),
        // The worker is gone (it cannot be, but then a new one does the job).
        Err(mpsc::SendError(job)) => {
            let worker = Worker::start()?;
            worker
                .jobs
                .send(job)
                .map_err(|_| Fail::value("internal error: the solving thread is gone"))?;
            Ok(worker)
        }
    }
}

/// Runs `work` on the worker while R's thread checks for interrupts every [`POLL`]. On an
/// interrupt `cancel` is raised, and once `work` has returned the answer is
/// [`Fail::interrupted`]; a panic in `work` is an internal error.
pub fn interruptible<T, F>(cancel: &std::sync::Arc<AtomicBool>, work: F) -> Answer<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (sender, receiver) = mpsc::channel::<std::thread::Result<T>>();
    let worker = dispatch(Box::new(move || {
        let result = catch_unwind(AssertUnwindSafe(work));
        sender.send(result).ok();
    }))?;
    let mut interrupted = false;
    let spin_until = Instant::now() + SPIN;
    let result = loop {
        let message = match receiver.try_recv() {
            Err(mpsc::TryRecvError::Empty) if Instant::now() < spin_until => {
                std::thread::yield_now();
                continue;
            }
            Err(mpsc::TryRecvError::Empty) => receiver.recv_timeout(POLL),
            Ok(message) => Ok(message),
            Err(mpsc::TryRecvError::Disconnected) => Err(mpsc::RecvTimeoutError::Disconnected),
        };
        match message {
            Ok(Ok(value)) if !interrupted => break Ok(value),
            Ok(Ok(_)) => break Err(Fail::interrupted()),
            Ok(Err(payload)) => break Err(Fail::panic(payload.as_ref())),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if !interrupted && ffi::interrupt_pending() {
                    interrupted = true;
                    cancel.store(true, Ordering::SeqCst);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(Fail::new(
                    crate::fail::Kind::Internal,
                    "internal error: the solving thread ended without a result",
                ))
            }
        }
    };
    // The job has ended (it sent its result, or it is gone): the worker is free again.
    WORKER.with(|w| *w.borrow_mut() = Some(worker));
    result
}

/// [`interruptible`] for work that takes no cancellation flag (reading a file, line solving
/// with a deadline): an interrupt is still answered, once the work has returned.
pub fn uncancellable<T, F>(work: F) -> Answer<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    interruptible(&std::sync::Arc::new(AtomicBool::new(false)), work)
}
