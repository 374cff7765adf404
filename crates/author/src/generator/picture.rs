//! The pictures the generator starts from, in three styles (see [`Style`]).
//!
//! A puzzle is only as good as the picture it reveals: uniform noise makes clues of many short
//! runs and a grid that looks like static once solved. The smooth styles draw noise, blur it
//! (a box blur, twice, which is close to a Gaussian) and keep the highest cells: what is left
//! is a few blobs with holes and bays, the kind of shape a person recognises as it appears.
//! The blur's radius grows with the grid (a fifteenth of its shorter side, at least 1), so a
//! 45×45 has features of the same proportion as a 15×15.
//!
//! A colour picture's colours come from fields of their own, one per colour: a filled cell
//! takes the colour whose field is highest there. How those fields are drawn is the
//! [`Colouring`]: for most requests, like the shapes' field, so each colour's regions are blobs
//! of the shapes' size; for hard ones, blurred three times as far and with one colour given
//! most of the cells (see [`Colouring::HARD`] for why).
//!
//! Everything here is integer arithmetic on the project's own [`Rng`], so that a seed draws
//! the same picture on every machine and in every version.

use nonogram_core::model::{ColourId, Picture};

use super::request::{Level, Style};
use nonogram_core::generate::Rng;

/// What a field's values range over: a noise cell is `0..FIELD_MAX`.
const FIELD_MAX: u64 = 1 << 16;

/// How the colours of a colour picture are laid out over its filled cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Colouring {
    /// How many times the shapes' blur radius the colours' fields are blurred (smooth styles):
    /// the larger, the larger each colour's regions.
    pub scale: usize,
    /// Percent of each colour field that is each cell's own noise (smooth styles), as the
    /// shapes' `texture`.
    pub texture: u64,
    /// Percent of the filled cells that take colour 1 (those where its field is highest), the
    /// others sharing the rest; 0 for no colour preferred.
    pub dominant: usize,
}

impl Colouring {
    /// How a colour picture's colours are laid out for a request of `level`: as the shapes
    /// are, except for hard, in larger regions with one colour holding most cells
    /// ([`Colouring::HARD`] says why).
    pub(super) fn for_level(level: Level) -> Colouring {
        if level == Level::Hard {
            Colouring::HARD
        } else {
            Colouring::LIKE_SHAPES
        }
    }

    /// The colours drawn as the shapes are: regions of the shapes' size, no colour preferred.
    pub const LIKE_SHAPES: Colouring = Colouring {
        scale: 1,
        texture: 0,
        dominant: 0,
    };

    /// For hard puzzles: smooth regions three times the shapes' scale, and 70% of the filled
    /// cells in colour 1.
    ///
    /// A puzzle is hard when its clues leave an ambiguity that single-cell probes cannot
    /// settle, and in colour every boundary between runs of two colours is one the clues
    /// state outright (no gap is needed between them, and each run's colour is known), which
    /// probing then uses. Pictures coloured like the shapes (ragged regions of every colour
    /// side by side) seldom became hard: of 20×20 3-colour hard requests, 5 of 6 ran out of
    /// 30 s, 25×25 ones all 6. Large smooth regions keep most runs beside runs of their own
    /// colour, where the clues are as ambiguous as in black and white, and one colour holding
    /// most of the picture keeps the others from cutting it up. Measured over seeds 11 to 18
    /// of 20×20 and 25×25, 2 and 3 colours (CPU seconds, median and slowest of each): no
    /// colour preferred left 2 of 32 requests unanswered in 20 s; 60% one; 70% and 80% none,
    /// with medians of 0.7 to 3.5 s against 1.0 to 3.3 s (BENCHMARKS.md has the final rows).
    pub const HARD: Colouring = Colouring {
        scale: 3,
        texture: 0,
        dominant: 70,
    };
}

/// Draws a picture of `width × height` in `style`, with about `density` of its cells filled
/// and, when `colours` is 2 or more, each filled cell given one of the colours `1..=colours`
/// as `colouring` lays them out. For the smooth styles, `texture` percent of each cell's value
/// is its own noise rather than its neighbourhood's mean: the shapes get ragged edges and
/// specks (what hard puzzles need: many short runs).
pub(super) fn draw(
    rng: &mut Rng,
    (width, height): (usize, usize),
    density: f64,
    style: Style,
    (colours, colouring): (usize, Colouring),
    texture: u64,
) -> Picture {
    let radius = (width.min(height) / 15).max(1);
    let field = |rng: &mut Rng, radius: usize, texture: u64| match style {
        Style::Noise => noise(rng, width, height, false),
        Style::Smooth | Style::Symmetric => {
            let raw = noise(rng, width, height, style == Style::Symmetric);
            let smooth = blur(&raw, width, height, radius);
            let texture = texture.min(100);
            smooth
                .iter()
                .zip(&raw)
                .map(|(s, r)| s * (100 - texture) + r * texture)
                .collect::<Vec<u64>>()
        }
    };
    let filled = keep_highest(&field(rng, radius, texture), density);
    let mut picture = Picture::new(width, height);
    if colours < 2 {
        for (i, &on) in filled.iter().enumerate() {
            picture.set(i / width, i % width, on);
        }
        return picture;
    }
    // Each colour's own field; a cell takes the colour whose field is highest there. For the
    // smooth styles the regions of one colour are blobs too; for noise, every filled cell's
    // colour is drawn uniformly.
    let (colour_radius, colour_texture) = (radius * colouring.scale.max(1), colouring.texture);
    let fields: Vec<Vec<u64>> = (0..colours)
        .map(|_| field(rng, colour_radius, colour_texture))
        .collect();
    // The dominant colour's cells: the filled cells where its field is highest (ties all
    // kept, so a mirrored field gives a mirrored picture). The others take the best of the
    // other colours.
    let dominant = match colouring.dominant {
        0 => vec![false; filled.len()],
        share => {
            let field: Vec<u64> = (0..filled.len())
                .map(|i| if filled[i] { fields[0][i] + 1 } else { 0 })
                .collect();
            let on = filled.iter().filter(|&&on| on).count();
            let share = share.min(100) as f64 / 100.0;
            keep_highest(&field, share * on as f64 / filled.len() as f64)
        }
    };
    let others = usize::from(colouring.dominant > 0);
    for (i, &on) in filled.iter().enumerate() {
        if !on {
            continue;
        }
        let best = if dominant[i] {
            0
        } else {
            (others..colours)
                .max_by_key(|&k| (fields[k][i], std::cmp::Reverse(k)))
                .unwrap_or(0)
        };
        let colour = ColourId::new(best + 1).unwrap_or(ColourId::BLACK);
        picture.set_colour(i / width, i % width, colour);
    }
    picture
}

/// Uniform noise, row by row; `mirrored` draws the left half (the middle column included) and
/// copies it onto the right, so that the field is symmetric left to right.
fn noise(rng: &mut Rng, width: usize, height: usize, mirrored: bool) -> Vec<u64> {
    let mut field = vec![0; width * height];
    let drawn = if mirrored { width.div_ceil(2) } else { width };
    for r in 0..height {
        for c in 0..drawn {
            let value = rng.next_u64() % FIELD_MAX;
            field[r * width + c] = value;
            if mirrored {
                field[r * width + (width - 1 - c)] = value;
            }
        }
    }
    field
}

/// Two passes of a box blur of `radius`: each cell becomes the mean of the cells within
/// `radius` of it (fewer at the edges). The window is symmetric, so a mirrored field stays
/// mirrored.
fn blur(field: &[u64], width: usize, height: usize, radius: usize) -> Vec<u64> {
    let mut out = field.to_vec();
    for _ in 0..2 {
        let source = out.clone();
        for r in 0..height {
            for c in 0..width {
                let (r0, r1) = (r.saturating_sub(radius), (r + radius).min(height - 1));
                let (c0, c1) = (c.saturating_sub(radius), (c + radius).min(width - 1));
                let mut sum = 0u64;
                for rr in r0..=r1 {
                    sum += source[rr * width + c0..=rr * width + c1]
                        .iter()
                        .sum::<u64>();
                }
                let count = ((r1 - r0 + 1) * (c1 - c0 + 1)) as u64;
                out[r * width + c] = sum / count;
            }
        }
    }
    out
}

/// The cells whose value is at least the `density` quantile from the top: about
/// `density × cells` of them (ties all kept, so a mirrored field gives a mirrored picture).
fn keep_highest(field: &[u64], density: f64) -> Vec<bool> {
    let wanted = (density * field.len() as f64).round() as usize;
    if wanted == 0 {
        return vec![false; field.len()];
    }
    let mut sorted = field.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let threshold = sorted[wanted.min(sorted.len()) - 1];
    field.iter().map(|&v| v >= threshold).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(picture: &Picture) -> usize {
        picture
            .cells()
            .iter()
            .filter(|c| !c.is_background())
            .count()
    }

    #[test]
    fn density_is_kept_roughly() {
        for style in [Style::Smooth, Style::Symmetric, Style::Noise] {
            let mut rng = Rng::new(5);
            let picture = draw(
                &mut rng,
                (30, 20),
                0.5,
                style,
                (1, Colouring::LIKE_SHAPES),
                0,
            );
            let share = filled(&picture) as f64 / 600.0;
            assert!((0.4..0.6).contains(&share), "{style:?}: {share}");
        }
        let mut rng = Rng::new(5);
        assert_eq!(
            filled(&draw(
                &mut rng,
                (7, 3),
                0.0,
                Style::Smooth,
                (1, Colouring::LIKE_SHAPES),
                0
            )),
            0
        );
        assert_eq!(
            filled(&draw(
                &mut rng,
                (7, 3),
                1.0,
                Style::Smooth,
                (1, Colouring::LIKE_SHAPES),
                0
            )),
            21
        );
    }

    #[test]
    fn symmetric_pictures_are_mirrored() {
        for width in [1, 6, 7] {
            let mut rng = Rng::new(9);
            for colouring in [Colouring::LIKE_SHAPES, Colouring::HARD] {
                let picture = draw(
                    &mut rng,
                    (width, 9),
                    0.5,
                    Style::Symmetric,
                    (3, colouring),
                    30,
                );
                for r in 0..9 {
                    for c in 0..width {
                        assert_eq!(picture.colour(r, c), picture.colour(r, width - 1 - c));
                    }
                }
            }
        }
    }

    #[test]
    fn smooth_pictures_have_fewer_runs_than_noise() {
        // Runs per row: the blur joins cells into blobs.
        let runs = |p: &Picture| -> usize {
            (0..p.height())
                .map(|r| {
                    (0..p.width())
                        .filter(|&c| p.get(r, c) && (c == 0 || !p.get(r, c - 1)))
                        .count()
                })
                .sum()
        };
        let mut rng = Rng::new(2);
        let smooth = draw(
            &mut rng,
            (20, 20),
            0.5,
            Style::Smooth,
            (1, Colouring::LIKE_SHAPES),
            0,
        );
        let noise = draw(
            &mut rng,
            (20, 20),
            0.5,
            Style::Noise,
            (1, Colouring::LIKE_SHAPES),
            0,
        );
        assert!(runs(&smooth) * 2 < runs(&noise), "{smooth:?}{noise:?}");
    }

    #[test]
    fn hard_colouring_gives_most_cells_one_colour_in_large_regions() {
        // Boundaries between cells of two different colours, per filled cell.
        let boundaries = |p: &Picture| -> f64 {
            let mut n = 0;
            for r in 0..p.height() {
                for c in 0..p.width() {
                    let here = p.colour(r, c);
                    let right = (c + 1 < p.width()).then(|| p.colour(r, c + 1));
                    let below = (r + 1 < p.height()).then(|| p.colour(r + 1, c));
                    for there in [right, below].into_iter().flatten() {
                        n += usize::from(
                            !here.is_background() && !there.is_background() && here != there,
                        );
                    }
                }
            }
            n as f64 / filled(p) as f64
        };
        let (mut like, mut hard) = (0.0, 0.0);
        for seed in 0..10 {
            let mut rng = Rng::new(seed);
            let picture = draw(
                &mut rng,
                (25, 25),
                0.4,
                Style::Smooth,
                (3, Colouring::HARD),
                30,
            );
            let first = picture.cells().iter().filter(|c| c.index() == 1).count();
            let share = first as f64 / filled(&picture) as f64;
            assert!((0.65..0.75).contains(&share), "{share}");
            assert!(picture.cells().iter().all(|c| c.index() <= 3));
            hard += boundaries(&picture);
            let mut rng = Rng::new(seed);
            let picture = draw(
                &mut rng,
                (25, 25),
                0.4,
                Style::Smooth,
                (3, Colouring::LIKE_SHAPES),
                30,
            );
            like += boundaries(&picture);
        }
        assert!(hard * 2.0 < like, "{hard} against {like}");
    }

    #[test]
    fn colour_pictures_use_only_their_colours() {
        let mut rng = Rng::new(3);
        let picture = draw(
            &mut rng,
            (15, 15),
            0.6,
            Style::Smooth,
            (3, Colouring::LIKE_SHAPES),
            0,
        );
        assert!(picture.cells().iter().all(|c| c.index() <= 3));
        assert!(picture.cells().iter().any(|c| c.index() == 2));
    }
}
