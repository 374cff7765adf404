//! What a request asks for: its difficulty, the look of its pictures, the largest side.

use std::fmt;

use nonogram_core::explain::Difficulty;

/// The difficulty asked for: one of the explainer's ratings, or any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// Line solving alone completes the grid ([`Difficulty::LineSolvable`]). The default:
    /// what puzzle books print, and the quickest to generate.
    #[default]
    Easy,
    /// Line solving stalls; single-cell probes complete it ([`Difficulty::Probing`]).
    Medium,
    /// Probes stall too: it needs search ([`Difficulty::Search`]), and is still unique.
    Hard,
    /// Whichever comes first, as long as the solution is unique.
    Any,
}

impl Level {
    /// Every level, in order.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Any];

    /// `"easy"`, `"medium"`, `"hard"` or `"any"`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Any => "any",
        }
    }

    /// The level of a name given by [`Level::name`].
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The level of an explainer's rating: easy, medium or hard; `None` for a rating that is
    /// not a solvable puzzle's ([`Difficulty::NoSolution`], [`Difficulty::Unfinished`]).
    pub fn of(difficulty: Difficulty) -> Option<Level> {
        match difficulty {
            Difficulty::LineSolvable { .. } => Some(Level::Easy),
            Difficulty::Probing { .. } => Some(Level::Medium),
            Difficulty::Search { .. } => Some(Level::Hard),
            Difficulty::NoSolution | Difficulty::Unfinished => None,
        }
    }

    /// The density of the starting pictures when none is given: 0.55 (shapes a little larger
    /// than the background), except for hard, 0.4. Hard puzzles need ambiguity that only a
    /// long chain of reasoning settles; at 0.55 the clues are too long for that, and on 20×20
    /// no hard puzzle was found in 30 s where at 0.4 the median was 0.5 s (BENCHMARKS.md).
    pub fn density(self) -> f64 {
        if self == Level::Hard {
            0.4
        } else {
            0.55
        }
    }

    /// How much of the smooth styles' field is each cell's own noise (percent; see the
    /// `picture` module): none, except for hard, 30. Blobs with smooth outlines are
    /// line-solvable nearly always, and flipping their edges one cell at a time seldom makes
    /// them hard (none in 30 s on 20×20); ragged ones give the search the short runs it
    /// needs (a median of 1.4 s).
    pub(super) fn texture(self) -> u64 {
        if self == Level::Hard {
            30
        } else {
            0
        }
    }

    /// Whether a puzzle rated `rated` (easy, medium or hard) answers a request for `self`.
    pub fn accepts(self, rated: Level) -> bool {
        self == Level::Any || self == rated
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the starting pictures look like (see the `picture` module).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// Blurred noise, thresholded: a few blobs with holes and bays. The default.
    #[default]
    Smooth,
    /// The same, mirrored left to right (and kept mirrored while it is made unique).
    Symmetric,
    /// Every cell drawn on its own: static, the hardest to solve and the least to look at.
    Noise,
}

impl Style {
    /// Every style, in order.
    pub const ALL: [Style; 3] = [Style::Smooth, Style::Symmetric, Style::Noise];

    /// `"smooth"`, `"symmetric"` or `"noise"`.
    pub fn name(self) -> &'static str {
        match self {
            Style::Smooth => "smooth",
            Style::Symmetric => "symmetric",
            Style::Noise => "noise",
        }
    }

    /// The style of a name given by [`Style::name`].
    pub fn from_name(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The longest side [`generate`] takes. Every move of the search solves the puzzle (and, for
/// medium, explains it), so a request far beyond the sizes people solve would only run into
/// its time limit.
pub const MAX_SIDE: usize = 200;
