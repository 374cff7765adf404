//! Why a generation returned no puzzle ([`GenerateError`]), and what would help
//! ([`GenerateError::advice`], [`smallest_side`]).

use std::fmt;
use std::time::Duration;

use nonogram_core::model::MAX_COLOURS;

use super::request::{Level, MAX_SIDE};

/// Why [`generate`] returned no puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum GenerateError {
    /// A side is 0 or longer than [`MAX_SIDE`].
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// The colours are 0, more than [`MAX_COLOURS`](nonogram_core::model::MAX_COLOURS), or more
    /// than the grid has cells.
    Colours {
        /// The colours asked for.
        colours: usize,
        /// The cells of the grid.
        cells: usize,
    },
    /// The density is not strictly between 0 and 1.
    Density(f64),
    /// The time limit ran out before a puzzle was found.
    TimeLimit {
        /// The level asked for.
        level: Level,
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
        /// The colours asked for (1 for black and white).
        colours: usize,
        /// The limit.
        limit: Duration,
        /// How many pictures were drawn.
        pictures: usize,
        /// How many pictures were judged.
        judged: usize,
    },
    /// The caller's cancellation flag was raised.
    Cancelled,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Size { width, height } => write!(
                f,
                "cannot generate a {width}x{height} puzzle: each side must be 1 to {MAX_SIDE}"
            ),
            GenerateError::Colours { colours, cells } => write!(
                f,
                "cannot use {colours} colours: give 1 (black and white) to {}",
                MAX_COLOURS.min(*cells)
            ),
            GenerateError::Density(d) => write!(
                f,
                "density {d} is out of range: give a share of cells strictly between 0 and 1"
            ),
            GenerateError::TimeLimit {
                level,
                width,
                height,
                limit,
                pictures,
                ..
            } => {
                let what = match level {
                    Level::Any => "unique".to_string(),
                    level => level.to_string(),
                };
                write!(
                    f,
                    "no {what} {width}x{height} puzzle found within the time limit ({} s; {} \
                     tried)",
                    limit.as_secs_f64(),
                    if *pictures == 1 {
                        "1 picture".to_string()
                    } else {
                        format!("{pictures} pictures")
                    }
                )
            }
            GenerateError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for GenerateError {}

impl GenerateError {
    /// For a request that ran out of time ([`GenerateError::TimeLimit`]), what is likely to
    /// answer it, as one clause to follow the message; `None` for every other error. It
    /// depends on the request alone (not on how many pictures this machine tried), so every
    /// transport gives the same advice for the same request. `option` spells an option's name
    /// (`size`, `difficulty`, `colours`, `seed` or `timeout`) as the caller's users write it:
    /// `--timeout` on the command line, `timeout` in the API.
    ///
    /// A grid smaller than [`smallest_side`] seldom has a puzzle of the level at all, so the
    /// advice is a larger size or an easier difficulty (waiting longer does not help: no hard
    /// 5×5 was found in minutes). At or above it, the requests measured were answered within
    /// the default 30 s but for a few that were unlucky in their pictures, so another seed or
    /// a longer time limit is what helps, then (for hard) fewer colours or an easier
    /// difficulty; a larger size is never suggested there, as it only makes each picture
    /// slower to judge.
    pub fn advice(&self, option: impl Fn(&str) -> String) -> Option<String> {
        let GenerateError::TimeLimit {
            level,
            width,
            height,
            colours,
            ..
        } = *self
        else {
            return None;
        };
        let needs = match level {
            Level::Medium => "probing",
            _ => "search",
        };
        if width.min(height) < smallest_side(level, colours) {
            return Some(format!(
                "grids this small seldom need {needs}: try a larger {}, or an easier {}",
                option("size"),
                option("difficulty")
            ));
        }
        let mut tries = vec![
            format!("another {}", option("seed")),
            format!("a longer {}", option("timeout")),
        ];
        if level == Level::Hard && colours >= 2 {
            tries.push(format!("fewer {}", option("colours")));
        }
        if matches!(level, Level::Hard | Level::Medium) {
            tries.push(format!("an easier {}", option("difficulty")));
        }
        let last = tries.pop().unwrap_or_default();
        Some(format!("try {} or {last}", tries.join(", ")))
    }
}

/// The shortest side at which puzzles of `level` in `colours` colours (1 for black and white)
/// were found reliably: at least 5 of 6 seeds within 30 s. Below it most requests run into
/// their time limit, and [`GenerateError::advice`] says to ask for a larger grid; the page
/// offers no difficulty below it (the API's `info` carries it). Measured on square grids,
/// seeds 1 to 6 (BENCHMARKS.md, "Hard colour puzzles"): easy and any at every size; medium
/// from 5×5 (all 6 in 0.04 s); hard in black and white from 12×12 (10×10: 1 of 6), in colour
/// from 20×20 (15×15: 3 of 6 in 2 colours, 4 in 3).
pub fn smallest_side(level: Level, colours: usize) -> usize {
    match level {
        Level::Easy | Level::Any => 1,
        Level::Medium => SMALLEST_MEDIUM,
        Level::Hard if colours < 2 => SMALLEST_HARD,
        Level::Hard => SMALLEST_HARD_COLOUR,
    }
}

/// The shortest side of a medium puzzle found reliably (see [`smallest_side`]).
const SMALLEST_MEDIUM: usize = 5;
/// The shortest side of a black-and-white hard puzzle found reliably.
const SMALLEST_HARD: usize = 12;
/// The shortest side of a colour hard puzzle found reliably.
const SMALLEST_HARD_COLOUR: usize = 20;
