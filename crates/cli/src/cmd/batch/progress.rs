//! The progress bar on a terminal's standard error: elapsed time, a bar, puzzles done, the rate
//! and the time left.
//!
//! Every field keeps its width from one redraw to the next (the count is padded to the total's
//! digits, the rate and the time left to their longest form), so the bar does not jump about as
//! numbers grow; the rate has three significant digits, slow rates read as seconds per puzzle,
//! and nothing is said about the time left before the first puzzle is done, since nothing is
//! known about it.

use std::fmt::Write as _;
use std::io::{self, IsTerminal};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A progress bar on stderr if it is a terminal, otherwise a bar that draws nothing.
pub fn progress_bar(len: u64, disabled: bool) -> ProgressBar {
    if disabled || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let digits = len.to_string().len();
    let template = format!(
        "{{elapsed_precise}} [{{wide_bar}}] {{pos:>{digits}}}/{{len}} puzzles  {{rate:>10}}  \
         {{left:>11}}"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        let style = style
            .progress_chars("=> ")
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&rate(state.pos(), state.per_sec()));
                },
            )
            .with_key(
                "left",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&left(state.pos(), state.eta()));
                },
            );
        bar.set_style(style);
    }
    // Redraw even while every thread is busy with a slow puzzle, so the clock keeps moving.
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// The rate after `done` puzzles at `per_sec`: `1562/s`, `15.6/s`, `1.56/s`, or below one a
/// second, `6.4 s each`; nothing before the first puzzle.
pub fn rate(done: u64, per_sec: f64) -> String {
    if done == 0 || !per_sec.is_finite() || per_sec <= 0.0 {
        return String::new();
    }
    if per_sec >= 100.0 {
        format!("{per_sec:.0}/s")
    } else if per_sec >= 10.0 {
        format!("{per_sec:.1}/s")
    } else if per_sec >= 1.0 {
        format!("{per_sec:.2}/s")
    } else {
        format!("{:.1} s each", 1.0 / per_sec)
    }
}

/// The time left, `1h05m left`, `3m07s left`, `42s left`; nothing before the first puzzle, when
/// there is no rate to tell it from.
pub fn left(done: u64, eta: Duration) -> String {
    if done == 0 {
        return String::new();
    }
    let secs = eta.as_secs();
    let mut text = String::new();
    let _ = match (secs / 3600, secs / 60 % 60, secs % 60) {
        (0, 0, s) => write!(text, "{s}s left"),
        (0, m, s) => write!(text, "{m}m{s:02}s left"),
        (h, m, _) => write!(text, "{h}h{m:02}m left"),
    };
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_have_three_significant_digits() {
        assert_eq!(rate(10, 1561.9335), "1562/s");
        assert_eq!(rate(10, 15.619), "15.6/s");
        assert_eq!(rate(10, 1.5619), "1.56/s");
        assert_eq!(rate(10, 0.156), "6.4 s each");
        assert_eq!(rate(0, 1561.9), "");
        assert_eq!(rate(3, f64::INFINITY), "");
    }

    #[test]
    fn nothing_is_said_of_the_time_left_before_the_first_puzzle() {
        assert_eq!(left(0, Duration::ZERO), "");
        assert_eq!(left(5, Duration::from_secs(42)), "42s left");
        assert_eq!(left(5, Duration::from_secs(187)), "3m07s left");
        assert_eq!(left(5, Duration::from_secs(3900)), "1h05m left");
    }
}
