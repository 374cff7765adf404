//! When to stop: a deadline, a cancellation flag, or both.
//!
//! The search polls [`Termination::should_stop`] often (once per probe and per decision), so
//! reading the clock is amortised: it is read only every few dozen polls.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A stop condition shared by every engine of one solve.
#[derive(Debug)]
pub struct Termination<'a> {
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    polls: u32,
    stopped: bool,
}

impl<'a> Termination<'a> {
    /// Never stops.
    pub fn never() -> Termination<'static> {
        Termination { deadline: None, cancel: None, polls: 0, stopped: false }
    }

    /// Stops at `deadline` (if any) or when `cancel` (if any) becomes true.
    pub fn new(deadline: Option<Instant>, cancel: Option<&'a AtomicBool>) -> Termination<'a> {
        Termination { deadline, cancel, polls: 0, stopped: false }
    }

    /// Whether the work should stop now. Once it says yes, it keeps saying yes.
    pub fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(flag) = self.cancel {
            if flag.load(Ordering::Relaxed) {
                self.stopped = true;
                return true;
            }
        }
        self.polls = self.polls.wrapping_add(1);
        if self.polls % 32 == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Whether a previous poll decided to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
