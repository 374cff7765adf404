use nonogram_core::generate::{random_colour_picture, Rng};
use nonogram_core::make::disambiguation_map;
use nonogram_core::model::{Palette, Puzzle};
use std::time::Instant;
fn main() {
    let mut rng = Rng::new(11);
    for size in [50usize, 100] {
        let palette = Palette::black_and_white();
        let mut found = 0;
        while found < 2 {
            let pic = random_colour_picture(&mut rng, size, size, 1, 0.65);
            let puzzle = Puzzle::from_coloured_picture(palette.clone(), &pic).unwrap();
            let d = nonogram_core::deduce(&puzzle);
            let u = d.grid.unknown_count();
            if u == 0 || u > 60 {
                continue;
            }
            found += 1;
            let t = Instant::now();
            let map = disambiguation_map(&puzzle, &pic, None, None);
            println!(
                "{size} undecided {u} changes {} in {:.3} s",
                map.changes.len(),
                t.elapsed().as_secs_f64()
            );
        }
    }
}
