//! The pictures the generator starts from, in three styles (see [`Style`]).
//!
//! A puzzle is only as good as the picture it reveals: uniform noise makes clues of many short
//! runs and a grid that looks like static once solved. The smooth styles draw noise, blur it
//! (a box blur, twice, which is close to a Gaussian) and keep the highest cells: what is left
//! is a few blobs with holes and bays, the kind of shape a person recognises as it appears.
//! The blur's radius grows with the grid (a fifteenth of its shorter side, at least 1), so a
//! 45×45 has features of the same proportion as a 15×15.
//!
//! Everything here is integer arithmetic on the project's own [`Rng`], so that a seed draws
//! the same picture on every machine and in every version.

use nonogram_model::{ColourId, Picture};

use super::Style;
use crate::generate::Rng;

/// What a field's values range over: a noise cell is `0..FIELD_MAX`.
const FIELD_MAX: u64 = 1 << 16;

/// Draws a picture of `width × height` in `style`, with about `density` of its cells filled
/// and, when `colours` is 2 or more, each filled cell given one of the colours `1..=colours`.
/// For the smooth styles, `texture` percent of each cell's value is its own noise rather than
/// its neighbourhood's mean: the shapes get ragged edges and specks (what hard puzzles need:
/// many short runs).
pub(super) fn draw(
    rng: &mut Rng,
    (width, height): (usize, usize),
    density: f64,
    style: Style,
    colours: usize,
    texture: u64,
) -> Picture {
    let radius = (width.min(height) / 15).max(1);
    let field = |rng: &mut Rng| match style {
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
    let filled = keep_highest(&field(rng), density);
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
    let fields: Vec<Vec<u64>> = (0..colours).map(|_| field(rng)).collect();
    for (i, &on) in filled.iter().enumerate() {
        if !on {
            continue;
        }
        let best = (0..colours)
            .max_by_key(|&k| (fields[k][i], std::cmp::Reverse(k)))
            .unwrap_or(0);
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
            let picture = draw(&mut rng, (30, 20), 0.5, style, 1, 0);
            let share = filled(&picture) as f64 / 600.0;
            assert!((0.4..0.6).contains(&share), "{style:?}: {share}");
        }
        let mut rng = Rng::new(5);
        assert_eq!(filled(&draw(&mut rng, (7, 3), 0.0, Style::Smooth, 1, 0)), 0);
        assert_eq!(
            filled(&draw(&mut rng, (7, 3), 1.0, Style::Smooth, 1, 0)),
            21
        );
    }

    #[test]
    fn symmetric_pictures_are_mirrored() {
        for width in [1, 6, 7] {
            let mut rng = Rng::new(9);
            let picture = draw(&mut rng, (width, 9), 0.5, Style::Symmetric, 3, 30);
            for r in 0..9 {
                for c in 0..width {
                    assert_eq!(picture.colour(r, c), picture.colour(r, width - 1 - c));
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
        let smooth = draw(&mut rng, (20, 20), 0.5, Style::Smooth, 1, 0);
        let noise = draw(&mut rng, (20, 20), 0.5, Style::Noise, 1, 0);
        assert!(runs(&smooth) * 2 < runs(&noise), "{smooth:?}{noise:?}");
    }

    #[test]
    fn colour_pictures_use_only_their_colours() {
        let mut rng = Rng::new(3);
        let picture = draw(&mut rng, (15, 15), 0.6, Style::Smooth, 3, 0);
        assert!(picture.cells().iter().all(|c| c.index() <= 3));
        assert!(picture.cells().iter().any(|c| c.index() == 2));
    }
}
