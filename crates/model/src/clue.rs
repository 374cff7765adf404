//! Clues: the runs of one line, in order, each a length and a colour.
//!
//! The lengths and the colours are kept in two parallel vectors rather than one vector of
//! [`Run`]s because the black-and-white engines, which are most of the work, only ever read the
//! lengths: [`Clue::runs`] hands them a `&[u32]` with nothing to skip.

use std::fmt;

use crate::colour::{ColourId, Palette};

/// One run of a clue: `len` consecutive cells of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Run {
    /// How many cells, at least 1.
    pub len: u32,
    /// Which colour; never the background.
    pub colour: ColourId,
}

impl Run {
    /// A run of `len` cells of `colour`.
    pub const fn new(len: u32, colour: ColourId) -> Run {
        Run { len, colour }
    }
}

/// The clue of one line.
///
/// An empty line has no runs. Files often write it as `0`; the constructors drop zero-length
/// runs so that `[0]` and `[]` are the same clue. Two neighbouring runs of the same colour need
/// at least one background cell between them; runs of different colours may touch.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clue {
    lens: Vec<u32>,
    colours: Vec<ColourId>,
    /// Per run, its start and end caps (the background for none): the half cells of a
    /// triangle puzzle ([`crate::triangle`]). Empty when no run has one, so that a clue
    /// without caps is the same clue however it was built.
    caps: Vec<[ColourId; 2]>,
}

impl Clue {
    /// A black-and-white clue from run lengths; zeros are dropped (`[0]` is the empty line).
    pub fn new(lens: impl IntoIterator<Item = u32>) -> Clue {
        let lens: Vec<u32> = lens.into_iter().filter(|&r| r != 0).collect();
        let colours = vec![ColourId::BLACK; lens.len()];
        Clue {
            lens,
            colours,
            caps: Vec::new(),
        }
    }

    /// A clue from coloured runs; zero-length runs are dropped. The colours are checked against
    /// the palette when the clue becomes part of a [`Puzzle`](crate::Puzzle).
    pub fn coloured(runs: impl IntoIterator<Item = Run>) -> Clue {
        let (lens, colours) = runs
            .into_iter()
            .filter(|r| r.len != 0)
            .map(|r| (r.len, r.colour))
            .unzip();
        Clue {
            lens,
            colours,
            caps: Vec::new(),
        }
    }

    /// A clue of capped runs, each with its start and end cap (the background for none): the
    /// clue of a line of a triangle puzzle ([`crate::triangle`]), where a run's length counts
    /// its caps. Zero-length runs are dropped. Whether the caps suit the line (a half cell
    /// whose black side faces the run, and no more caps than cells) is checked when the clue
    /// becomes part of a [`Puzzle`](crate::Puzzle).
    pub fn capped(runs: impl IntoIterator<Item = (Run, [ColourId; 2])>) -> Clue {
        let mut clue = Clue::default();
        for (run, caps) in runs {
            if run.len != 0 {
                clue.lens.push(run.len);
                clue.colours.push(run.colour);
                clue.caps.push(caps);
            }
        }
        if clue.caps.iter().flatten().all(|c| c.is_background()) {
            clue.caps.clear();
        }
        clue
    }

    /// The clue of an empty line.
    pub fn empty() -> Clue {
        Clue::default()
    }

    /// The clue of a line of black-and-white cells (`true` = filled): the run-length encoding.
    pub fn from_cells(cells: impl IntoIterator<Item = bool>) -> Clue {
        Clue::from_colours(cells.into_iter().map(|filled| {
            if filled {
                ColourId::BLACK
            } else {
                ColourId::BACKGROUND
            }
        }))
    }

    /// The clue of a line of coloured cells: one run per stretch of one colour other than the
    /// background.
    pub fn from_colours(cells: impl IntoIterator<Item = ColourId>) -> Clue {
        let mut clue = Clue::default();
        let mut current = ColourId::BACKGROUND;
        for colour in cells {
            if !colour.is_background() {
                if colour == current {
                    *clue.lens.last_mut().expect("a run is open") += 1;
                } else {
                    clue.lens.push(1);
                    clue.colours.push(colour);
                }
            }
            current = colour;
        }
        clue
    }

    /// Whether some run has a cap (a triangle puzzle's clue).
    #[inline]
    pub fn has_caps(&self) -> bool {
        !self.caps.is_empty()
    }

    /// Every run's start and end caps, in order (the background for none), or no pairs at all
    /// when no run has a cap: what [`Clue::caps`] reads run by run, for a solver that reads
    /// them all.
    #[inline]
    pub fn all_caps(&self) -> &[[ColourId; 2]] {
        &self.caps
    }

    /// Run `i`'s start and end caps, the background where it has none.
    #[inline]
    pub fn caps(&self, i: usize) -> [ColourId; 2] {
        self.caps
            .get(i)
            .copied()
            .unwrap_or([ColourId::BACKGROUND; 2])
    }

    /// How many of run `i`'s cells are its caps.
    #[inline]
    pub fn cap_count(&self, i: usize) -> u32 {
        self.caps(i).iter().filter(|c| !c.is_background()).count() as u32
    }

    /// Run `i`'s cells of its own colour: its length less its caps.
    #[inline]
    pub fn body(&self, i: usize) -> u32 {
        self.lens[i].saturating_sub(self.cap_count(i))
    }

    /// Run `i`'s cells, in order: its start cap, its body, its end cap.
    pub fn run_cells(&self, i: usize) -> impl Iterator<Item = ColourId> + '_ {
        let [start, end] = self.caps(i);
        let body = std::iter::repeat_n(self.colours[i], self.body(i) as usize);
        (!start.is_background())
            .then_some(start)
            .into_iter()
            .chain(body)
            .chain((!end.is_background()).then_some(end))
    }

    /// The run lengths, in order.
    #[inline]
    pub fn runs(&self) -> &[u32] {
        &self.lens
    }

    /// The colour of each run, in order (parallel to [`Clue::runs`]).
    #[inline]
    pub fn colours(&self) -> &[ColourId] {
        &self.colours
    }

    /// Run `i`.
    pub fn run(&self, i: usize) -> Run {
        Run::new(self.lens[i], self.colours[i])
    }

    /// The runs, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Run> + '_ {
        self.lens
            .iter()
            .zip(&self.colours)
            .map(|(&len, &colour)| Run::new(len, colour))
    }

    /// The number of runs.
    #[inline]
    pub fn len(&self) -> usize {
        self.lens.len()
    }

    /// Whether this is the clue of an empty line.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.lens.is_empty()
    }

    /// Whether every run is black (colour 1): the clue of a black-and-white puzzle.
    pub fn is_black(&self) -> bool {
        self.colours.iter().all(|&c| c == ColourId::BLACK)
    }

    /// The number of cells the clue colours, whatever their colour.
    pub fn filled(&self) -> u64 {
        self.lens.iter().map(|&r| u64::from(r)).sum()
    }

    /// The number of cells of `colour` the clue asks for.
    pub fn filled_with(&self, colour: ColourId) -> u64 {
        (0..self.len())
            .map(|i| {
                let caps = self.caps(i).iter().filter(|&&c| c == colour).count() as u64;
                let body = if self.colours[i] == colour {
                    u64::from(self.body(i))
                } else {
                    0
                };
                caps + body
            })
            .sum()
    }

    /// The shortest line the clue fits in: the runs, plus one background cell between each two
    /// neighbouring runs of the same colour.
    pub fn min_len(&self) -> u64 {
        let gaps = (0..self.len()).filter(|&i| self.needs_gap_after(i)).count();
        self.filled() + gaps as u64
    }

    /// Whether run `i` must be followed by a background cell before run `i + 1`: the cells
    /// that would touch are of the same colour, and neither is a cap (a triangle puzzle's
    /// half cells may touch anything). False for the last run.
    #[inline]
    pub fn needs_gap_after(&self, i: usize) -> bool {
        let Some(&next) = self.colours.get(i + 1) else {
            return false;
        };
        if next != self.colours[i] {
            return false;
        }
        if self.caps.is_empty() {
            return true;
        }
        let body_last = self.caps(i)[1].is_background() && self.body(i) > 0;
        let body_first = self.caps(i + 1)[0].is_background() && self.body(i + 1) > 0;
        body_last && body_first
    }

    /// The clue written with the palette's characters: `2 3` when every run is of the
    /// palette's first colour in a black-and-white palette, `2r 3g` otherwise; `0` for an
    /// empty line.
    pub fn display<'a>(&'a self, palette: &'a Palette) -> impl fmt::Display + 'a {
        DisplayClue {
            clue: self,
            palette: Some(palette),
        }
    }
}

struct DisplayClue<'a> {
    clue: &'a Clue,
    palette: Option<&'a Palette>,
}

impl fmt::Display for DisplayClue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.clue.is_empty() {
            return f.write_str("0");
        }
        let plain = match self.palette {
            Some(p) => p.is_black_and_white() || p.is_triangles(),
            None => self.clue.is_black(),
        };
        for (i, run) in self.clue.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            let [start, end] = self.clue.caps(i);
            let cap = |f: &mut fmt::Formatter<'_>, c: ColourId| -> fmt::Result {
                match crate::colour::TRIANGLES.iter().find(|t| t.0 == c) {
                    Some((_, symbol)) => write!(f, "{symbol}"),
                    None if c.is_background() => Ok(()),
                    None => write!(f, "[{}]", c.index()),
                }
            };
            cap(f, start)?;
            write!(f, "{}", run.len)?;
            cap(f, end)?;
            if !plain {
                match self.palette.and_then(|p| p.get(run.colour)) {
                    Some(colour) => write!(f, "{}", colour.symbol)?,
                    None if run.colour == ColourId::BLACK => {}
                    None => write!(f, "[{}]", run.colour.index())?,
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Clue {
    /// Runs separated by spaces, `0` for an empty line; runs of a colour other than black carry
    /// the colour's index in brackets (`2[3]`). [`Clue::display`] names colours by character.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        DisplayClue {
            clue: self,
            palette: None,
        }
        .fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::{Colour, Rgb};

    fn c(i: usize) -> ColourId {
        ColourId::new(i).unwrap()
    }

    #[test]
    fn black_clues() {
        assert_eq!(Clue::new([0]), Clue::empty());
        assert_eq!(
            Clue::from_cells([true, true, false, true]),
            Clue::new([2, 1])
        );
        assert_eq!(Clue::from_cells([false, false]), Clue::empty());
        assert_eq!(Clue::new([3, 1, 2]).min_len(), 8);
        assert_eq!(Clue::empty().min_len(), 0);
        assert_eq!(Clue::new([2, 3]).to_string(), "2 3");
        assert_eq!(Clue::empty().to_string(), "0");
        assert!(Clue::new([2, 3]).is_black());
    }

    #[test]
    fn coloured_clues() {
        // Different colours may touch; the same colour needs a gap.
        let clue = Clue::from_colours([c(1), c(1), c(2), c(0), c(2), c(2), c(0)]);
        assert_eq!(
            clue.iter().collect::<Vec<_>>(),
            [Run::new(2, c(1)), Run::new(1, c(2)), Run::new(2, c(2))]
        );
        assert_eq!(clue.min_len(), 6);
        assert!(!clue.needs_gap_after(0) && clue.needs_gap_after(1) && !clue.needs_gap_after(2));
        assert_eq!(clue.filled_with(c(2)), 3);
        assert_eq!(clue.to_string(), "2 1[2] 2[2]");
        let palette = Palette::new(
            Colour::new("white", Rgb::WHITE, '.'),
            vec![
                Colour::new("black", Rgb::BLACK, 'b'),
                Colour::new("red", Rgb::new(255, 0, 0), 'r'),
            ],
        )
        .unwrap();
        assert_eq!(clue.display(&palette).to_string(), "2b 1r 2r");
        assert_eq!(
            Clue::coloured([Run::new(0, c(1)), Run::new(3, c(2))]),
            Clue::coloured([Run::new(3, c(2))])
        );
    }
}
