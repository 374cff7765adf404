//! `map`: how long `make`'s disambiguation map takes (issue 41's target: under 5 s on one
//! thread for a 30×30 with a dozen undecided cells). Random pictures of a size and palette are
//! drawn from a seed, and those whose clues leave between `min` and `max` cells undecided by
//! line solving are mapped, one after another on one thread; the row says the median and
//! slowest times, and how many changes each map listed. No peer computes such a map on the
//! command line (Number Loom's is in its window), so there is no peer column.

use std::time::Instant;

use nonogram_author::make::disambiguation_map;
use nonogram_core::generate::{colour_palette, random_colour_picture, Rng};
use nonogram_core::model::{Palette, Puzzle};

/// One row: `count` pictures of `width`×`height` in `colours` colours.
pub fn run(
    width: usize,
    height: usize,
    colours: usize,
    count: usize,
    seed: u64,
    undecided: (usize, usize),
) {
    let palette = if colours < 2 {
        Palette::black_and_white()
    } else {
        colour_palette(colours)
    };
    let mut rng = Rng::new(seed);
    let (mut times, mut listed, mut sizes) = (Vec::new(), Vec::new(), Vec::new());
    let mut drawn = 0;
    while times.len() < count && drawn < 100_000 {
        drawn += 1;
        // A density from 0.4 to 0.9, drawn anew for each picture: the denser, the fewer
        // cells undecided, as in an author's nearly finished picture.
        let density = 0.4 + 0.5 * (rng.next_u64() % 1000) as f64 / 1000.0;
        let picture = random_colour_picture(&mut rng, width, height, colours.max(1), density);
        let Ok(puzzle) = Puzzle::from_coloured_picture(palette.clone(), &picture) else {
            continue;
        };
        let left = nonogram_core::deduce(&puzzle).grid.unknown_count();
        if left < undecided.0 || left > undecided.1 {
            continue;
        }
        let start = Instant::now();
        let map = disambiguation_map(&puzzle, &picture, None, None);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        listed.push(map.changes.len());
        sizes.push(left);
    }
    times.sort_by(f64::total_cmp);
    let median = |v: &[f64]| v.get(v.len() / 2).copied().unwrap_or(f64::NAN);
    let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len().max(1) as f64;
    println!(
        "{:>7} {:>7} {:>6} {:>10} {:>11.1} {:>9.1} {:>9.1} {:>9.1}",
        format!("{width}x{height}"),
        colours,
        times.len(),
        format!("{}-{}", undecided.0, undecided.1),
        mean(&sizes),
        median(&times),
        times.last().copied().unwrap_or(f64::NAN),
        mean(&listed),
    );
}

/// The header of [`run`]'s rows.
pub fn header() {
    println!(
        "{:>7} {:>7} {:>6} {:>10} {:>11} {:>9} {:>9} {:>9}",
        "size", "colours", "maps", "undecided", "mean undec", "median ms", "max ms", "changes"
    );
}
