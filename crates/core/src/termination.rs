//! When to stop: a deadline, cancellation flags, or both.
//!
//! The search polls [`Termination::should_stop`] often (once per probe and per decision), so
//! reading the clock is amortised: it is read only every few dozen polls. [`StopFlags`] is the
//! plain, copyable condition, for engines that poll on their own schedule (the SAT solver asks
//! through a callback).

use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// A deadline and up to two cancellation flags (the caller's, and the portfolio's own "another
/// engine has finished").
#[derive(Clone, Copy, Debug, Default)]
pub struct StopFlags<'a> {
    deadline: Option<Instant>,
    flags: [Option<&'a AtomicBool>; 2],
}

impl<'a> StopFlags<'a> {
    /// Stops at `deadline` (if any) or when `cancel` (if any) becomes true.
    pub fn new(deadline: Option<Instant>, cancel: Option<&'a AtomicBool>) -> StopFlags<'a> {
        StopFlags {
            deadline,
            flags: [cancel, None],
        }
    }

    /// The same condition, also stopping when `flag` becomes true.
    pub fn with_flag(mut self, flag: &'a AtomicBool) -> StopFlags<'a> {
        self.flags[1] = Some(flag);
        self
    }

    /// The same condition, also stopping at `deadline` (whichever comes first).
    pub fn with_deadline(mut self, deadline: Instant) -> StopFlags<'a> {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// The deadline, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether a flag is raised (cheap: no clock).
    pub fn flagged(&self) -> bool {
        self.flags
            .iter()
            .flatten()
            .any(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether to stop now.
    pub fn should_stop(&self) -> bool {
        self.flagged() || self.expired()
    }
}

/// A stop condition polled from a hot loop. Once it says stop, it keeps saying so.
#[derive(Debug)]
pub struct Termination<'a> {
    flags: StopFlags<'a>,
    polls: u32,
    stopped: bool,
}

impl<'a> Termination<'a> {
    /// Never stops.
    #[cfg(test)]
    pub fn never() -> Termination<'static> {
        Termination::from_flags(StopFlags::default())
    }

    /// Stops when `flags` say so.
    pub fn from_flags(flags: StopFlags<'a>) -> Termination<'a> {
        Termination {
            flags,
            polls: 0,
            stopped: false,
        }
    }

    /// The deadline of the stop condition, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.flags.deadline()
    }

    /// Whether the work should stop now.
    pub fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.polls = self.polls.wrapping_add(1);
        if self.flags.flagged() || (self.polls.is_multiple_of(32) && self.flags.expired()) {
            self.stopped = true;
        }
        self.stopped
    }
}

/// A deadline checked from a propagation's hot loop by the work done: the clock is read once
/// some 4,096 cells of lines have been solved since it was last read (a few dozen microseconds
/// of work), so a check costs one addition per line. Once passed, it stays passed.
#[derive(Clone, Copy, Debug, Default)]
pub struct WorkDeadline {
    deadline: Option<Instant>,
    cells: u32,
    passed: bool,
}

impl WorkDeadline {
    /// Sets (or clears) the deadline.
    pub fn set(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Whether the deadline has passed, as of the last reading.
    pub fn passed(&self) -> bool {
        self.passed
    }

    /// Counts a line of `len` cells about to be solved; whether to give up instead.
    #[inline]
    pub fn out_of_time(&mut self, len: usize) -> bool {
        if self.passed {
            return true;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        self.cells = self.cells.saturating_add(len as u32);
        if self.cells >= 4096 {
            self.cells = 0;
            self.passed = Instant::now() >= deadline;
        }
        self.passed
    }
}
