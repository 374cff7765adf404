//! Seeded random puzzles, for property tests and benchmarks.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood 2014), written out here rather than taken
//! from a crate on purpose: a benchmark set is named by its seed, and the same seed must give the
//! same puzzles in every version of this project, whatever happens to a dependency's streams.

use nonogram_model::{Colour, ColourId, Palette, Picture, Puzzle, Rgb};

/// A small, fast, seedable pseudo-random generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator of a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A float uniform in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An integer in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// An integer uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }
}

/// A random picture: each cell filled with probability `density`.
pub fn random_picture(rng: &mut Rng, width: usize, height: usize, density: f64) -> Picture {
    let mut picture = Picture::new(width, height);
    for r in 0..height {
        for c in 0..width {
            picture.set(r, c, rng.next_f64() < density);
        }
    }
    picture
}

/// The puzzle of a random picture (Wolter's random sets are made this way: 30×30 at 0.5).
pub fn random_puzzle(rng: &mut Rng, width: usize, height: usize, density: f64) -> Puzzle {
    Puzzle::from_picture(&random_picture(rng, width, height, density))
}

/// `count` random puzzles from one seed: the benchmark sets.
pub fn random_set(
    seed: u64,
    count: usize,
    width: usize,
    height: usize,
    density: f64,
) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| random_puzzle(&mut rng, width, height, density))
        .collect()
}

// ----- colour puzzles -----

/// The colours of [`colour_palette`], in order: name, RGB, character. Black is `k` (the key
/// colour of print), not `#`: a `.non` file names colours by letters, and a character that is
/// the same in every format and every drawing is the one a reader can follow.
const COLOURS: [(&str, Rgb, char); 8] = [
    ("black", Rgb::BLACK, 'k'),
    ("red", Rgb::new(0xe0, 0x20, 0x20), 'r'),
    ("green", Rgb::new(0x20, 0xa0, 0x40), 'g'),
    ("blue", Rgb::new(0x20, 0x40, 0xe0), 'b'),
    ("yellow", Rgb::new(0xf0, 0xd0, 0x20), 'y'),
    ("magenta", Rgb::new(0xc0, 0x30, 0xc0), 'm'),
    ("cyan", Rgb::new(0x20, 0xc0, 0xd0), 'c'),
    ("orange", Rgb::new(0xf0, 0x80, 0x20), 'o'),
];

/// A palette of white background (`.`) and `colours` colours (black `k`, red `r`, green `g`,
/// blue `b`, yellow, magenta, cyan, orange, then `c8`, `c9`... drawn with letters), at most
/// [`MAX_COLOURS`](nonogram_model::MAX_COLOURS); more are capped.
pub fn colour_palette(colours: usize) -> Palette {
    let extra = ('A'..='Z').chain('0'..='9');
    let list: Vec<Colour> = COLOURS
        .iter()
        .map(|&(name, rgb, symbol)| Colour::new(name, rgb, symbol))
        .chain(extra.enumerate().map(|(i, symbol)| {
            let shade = (i * 37 % 200) as u8;
            Colour::new(
                format!("c{}", i + 8),
                Rgb::new(shade, 255 - shade, 128),
                symbol,
            )
        }))
        .take(colours.min(nonogram_model::MAX_COLOURS))
        .collect();
    Palette::new(Colour::new("white", Rgb::WHITE, '.'), list)
        .expect("distinct names and printable symbols")
}

/// A random colour picture: each cell filled with probability `density`, with one of
/// `colours` colours (palette entries `1..=colours`) chosen uniformly.
pub fn random_colour_picture(
    rng: &mut Rng,
    width: usize,
    height: usize,
    colours: usize,
    density: f64,
) -> Picture {
    let colours = colours.clamp(1, nonogram_model::MAX_COLOURS);
    let mut picture = Picture::new(width, height);
    for r in 0..height {
        for c in 0..width {
            if rng.next_f64() < density {
                let colour = ColourId::new(rng.range(1, colours)).unwrap_or(ColourId::BLACK);
                picture.set_colour(r, c, colour);
            }
        }
    }
    picture
}

/// The puzzle of a random colour picture, in [`colour_palette`]`(colours)`. With one colour it
/// is a black-and-white puzzle.
pub fn random_colour_puzzle(
    rng: &mut Rng,
    width: usize,
    height: usize,
    colours: usize,
    density: f64,
) -> Puzzle {
    let picture = random_colour_picture(rng, width, height, colours, density);
    Puzzle::from_coloured_picture(colour_palette(colours.max(1)), &picture)
        .expect("the picture's colours are the palette's")
}

/// `count` random colour puzzles from one seed: the colour benchmark sets.
pub fn random_colour_set(
    seed: u64,
    count: usize,
    width: usize,
    height: usize,
    colours: usize,
    density: f64,
) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| random_colour_puzzle(&mut rng, width, height, colours, density))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_puzzles() {
        assert_eq!(random_set(7, 3, 5, 4, 0.5), random_set(7, 3, 5, 4, 0.5));
        assert_ne!(random_set(7, 3, 5, 4, 0.5), random_set(8, 3, 5, 4, 0.5));
        // Pin the stream itself: benchmark sets are named by their seed.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn colour_puzzles_use_their_palette() {
        let set = random_colour_set(3, 5, 6, 4, 3, 0.6);
        assert_eq!(set, random_colour_set(3, 5, 6, 4, 3, 0.6));
        for puzzle in &set {
            assert_eq!(puzzle.palette().len(), 4);
            assert!(!puzzle.is_black_and_white());
            assert_eq!(puzzle.inconsistency(), None);
        }
        assert!(random_colour_puzzle(&mut Rng::new(1), 3, 3, 1, 0.5).is_black_and_white());
        assert_eq!(colour_palette(40).len(), nonogram_model::MAX_COLOURS + 1);
    }
}
