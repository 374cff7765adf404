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
//! A panic on the worker (an engine's bug) is caught there and raised as
//! [`InternalError`](crate::errors::InternalError).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

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

/// Runs `work` on a worker thread with the GIL released, checking for signals every [`POLL`].
/// `cancel` is raised when a signal handler raises, and that exception is returned once `work`
/// has returned; a panic in `work` becomes an `InternalError`.
pub fn interruptible<T, F>(py: Python<'_>, cancel: &AtomicBool, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
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
    T: Send,
    M: Send,
    F: FnOnce(&Items<M, T>) -> T + Send,
    G: FnMut(M) -> PyResult<()>,
{
    let (sender, receiver) = mpsc::channel::<Message<M, T>>();
    std::thread::scope(|scope| {
        let items = Items { sender };
        let spawned = std::thread::Builder::new()
            .name("nono-solve".into())
            .spawn_scoped(scope, move || {
                let result = catch_unwind(AssertUnwindSafe(|| work(&items)));
                items.sender.send(Message::Done(result)).ok();
            });
        if let Err(e) = spawned {
            return Err(InternalError::new_err(format!(
                "cannot start a thread to solve on: {e}"
            )));
        }
        let mut failed: Option<PyErr> = None;
        let mut receiver = receiver;
        loop {
            // The receiver moves into the closure and back: a `Receiver` may be sent to
            // another thread but not shared with one.
            let (back, message) = py.detach(move || {
                let message = receiver.recv_timeout(POLL);
                (receiver, message)
            });
            receiver = back;
            match message {
                Ok(Message::Done(Ok(value))) => {
                    return match failed {
                        Some(err) => Err(err),
                        None => Ok(value),
                    }
                }
                Ok(Message::Done(Err(payload))) => return Err(internal_error(payload.as_ref())),
                Ok(Message::Item(item)) if failed.is_none() => {
                    if let Err(err) = on_item(item) {
                        cancel.store(true, Ordering::SeqCst);
                        failed = Some(err);
                    }
                }
                Ok(Message::Item(_)) | Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(InternalError::new_err(
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
        }
    })
}
