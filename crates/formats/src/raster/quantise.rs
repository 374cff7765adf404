//! Colour quantisation (`nonogram make --colours K`): an image's pixels to at most K colours
//! plus the background, named and given palette characters.
//!
//! The background is the colour of the most common border pixel (a picture is usually drawn on
//! a plain ground; white when the border has no pixel at all). The K colours are found by
//! k-means in RGB over the image's distinct colours weighted by their counts, the background's
//! centre held fixed: a pixel nearer the background than to any colour is background. The
//! centres start by farthest-point seeding (each next centre is the distinct colour farthest
//! from those chosen), so the run is deterministic, and an image of K distinct colours or fewer
//! comes back exactly. Empty clusters are dropped: the palette may be smaller than K.
//!
//! Why not NeuQuant (`color_quant`, already in the dependency tree through `image`)? It is
//! made for 256-colour palettes of photographs; for a handful of colours on a small picture it
//! neither keeps exact colours exact nor treats a background specially, and puzzles need both.

use std::collections::HashMap;

use nonogram_model::{Colour, ColourId, Palette, Picture, Rgb};

/// Iterations of k-means at most (it usually settles in a few).
const MAX_ITERATIONS: usize = 50;

/// Named colours a cluster may take the name of, when it is near enough (else it is named by
/// its hex value).
const NAMES: &[(&str, [u8; 3])] = &[
    ("black", [0, 0, 0]),
    ("white", [255, 255, 255]),
    ("grey", [128, 128, 128]),
    ("red", [220, 30, 30]),
    ("green", [30, 160, 50]),
    ("blue", [30, 60, 220]),
    ("yellow", [250, 220, 40]),
    ("orange", [245, 140, 30]),
    ("purple", [130, 50, 160]),
    ("pink", [245, 150, 190]),
    ("brown", [130, 80, 40]),
    ("cyan", [40, 200, 220]),
    ("magenta", [220, 40, 200]),
];

/// How near (squared RGB distance) a colour must be to a named one to take its name.
const NAME_DISTANCE: u32 = 60 * 60;

/// A quantised picture: its palette (the background first) and cells.
#[derive(Clone, Debug)]
pub struct Quantised {
    /// The palette: the background and the colours found, most frequent first.
    pub palette: Palette,
    /// The picture in that palette.
    pub picture: Picture,
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]) * (a[i] - b[i])).sum()
}

fn to_f64(c: [u8; 3]) -> [f64; 3] {
    c.map(f64::from)
}

/// The background: the most common border colour (ties to the lighter), white for no border.
pub fn background(width: usize, height: usize, pixels: &[[u8; 3]]) -> [u8; 3] {
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for r in 0..height {
        for c in 0..width {
            if r == 0 || c == 0 || r + 1 == height || c + 1 == width {
                *counts.entry(pixels[r * width + c]).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(c, n)| (n, c.iter().map(|&v| u32::from(v)).sum::<u32>(), c))
        .map_or([255, 255, 255], |(c, _)| c)
}

/// Quantises `pixels` (row-major, `width` × `height`) to at most `k` colours and a background.
pub fn quantise(width: usize, height: usize, pixels: &[[u8; 3]], k: usize) -> Quantised {
    let bg = background(width, height, pixels);
    // The distinct colours with their counts, in a fixed order.
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for &p in pixels {
        *counts.entry(p).or_default() += 1;
    }
    let mut distinct: Vec<([u8; 3], usize)> = counts.into_iter().collect();
    distinct.sort_unstable();
    let points: Vec<[f64; 3]> = distinct.iter().map(|&(c, _)| to_f64(c)).collect();
    let weights: Vec<f64> = distinct.iter().map(|&(_, n)| n as f64).collect();

    // Farthest-point seeding, the background first and fixed.
    let mut centres = vec![to_f64(bg)];
    let mut nearest: Vec<f64> = points.iter().map(|&p| distance(p, centres[0])).collect();
    while centres.len() <= k {
        let Some((far, &d)) = nearest
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(&a.0)))
        else {
            break;
        };
        if d == 0.0 {
            break;
        }
        centres.push(points[far]);
        for (n, &p) in nearest.iter_mut().zip(&points) {
            *n = n.min(distance(p, points[far]));
        }
    }

    // Lloyd's iterations; centre 0 (the background) stays put.
    let assign = |centres: &[[f64; 3]], p: [f64; 3]| -> usize {
        (0..centres.len())
            .min_by(|&a, &b| distance(p, centres[a]).total_cmp(&distance(p, centres[b])))
            .unwrap_or(0)
    };
    let mut cluster: Vec<usize> = points.iter().map(|&p| assign(&centres, p)).collect();
    for _ in 0..MAX_ITERATIONS {
        let mut sums = vec![([0.0f64; 3], 0.0f64); centres.len()];
        for ((&p, &w), &c) in points.iter().zip(&weights).zip(&cluster) {
            for (sum, v) in sums[c].0.iter_mut().zip(p) {
                *sum += v * w;
            }
            sums[c].1 += w;
        }
        for (centre, (sum, w)) in centres.iter_mut().zip(&sums).skip(1) {
            if *w > 0.0 {
                *centre = sum.map(|s| s / w);
            }
        }
        let next: Vec<usize> = points.iter().map(|&p| assign(&centres, p)).collect();
        if next == cluster {
            break;
        }
        cluster = next;
    }

    // Clusters that kept pixels, most frequent first, become the palette's colours.
    let mut weight = vec![0.0f64; centres.len()];
    for (&c, &w) in cluster.iter().zip(&weights) {
        weight[c] += w;
    }
    let mut order: Vec<usize> = (1..centres.len()).filter(|&c| weight[c] > 0.0).collect();
    order.sort_by(|&a, &b| weight[b].total_cmp(&weight[a]).then(a.cmp(&b)));
    let rgb = |c: [f64; 3]| c.map(|v| v.round().clamp(0.0, 255.0) as u8);
    let mut entry_of = vec![ColourId::BACKGROUND; centres.len()];
    for (i, &c) in order.iter().enumerate() {
        entry_of[c] = ColourId::new(i + 1).expect("at most 32 colours");
    }
    let palette = palette(bg, order.iter().map(|&c| rgb(centres[c])).collect());
    let index: HashMap<[u8; 3], usize> = distinct
        .iter()
        .zip(&cluster)
        .map(|(&(c, _), &k)| (c, k))
        .collect();
    let mut picture = Picture::new(width, height);
    for r in 0..height {
        for c in 0..width {
            picture.set_colour(r, c, entry_of[index[&pixels[r * width + c]]]);
        }
    }
    Quantised { palette, picture }
}

/// A name for a colour: a named colour near it, else its hex value.
fn name_of(c: [u8; 3]) -> String {
    let d = |n: [u8; 3]| -> u32 { (0..3).map(|i| u32::from(c[i].abs_diff(n[i])).pow(2)).sum() };
    NAMES
        .iter()
        .map(|&(name, n)| (d(n), name))
        .min()
        .filter(|&(dist, _)| dist <= NAME_DISTANCE)
        .map_or_else(|| Rgb::new(c[0], c[1], c[2]).to_string(), |(_, n)| n.into())
}

/// The palette of a background and colours: names from [`name_of`] (hex when a name is
/// taken), characters `.` for the background, `#` for black, else the name's first letter when
/// free, else the first free letter or digit.
fn palette(bg: [u8; 3], colours: Vec<[u8; 3]>) -> Palette {
    let mut names: Vec<String> = vec![name_of(bg)];
    let mut symbols: Vec<char> = vec!['.'];
    let mut entries = Vec::new();
    for c in colours {
        let mut name = name_of(c);
        if names.contains(&name) {
            name = Rgb::new(c[0], c[1], c[2]).to_string();
        }
        let first = if name == "black" {
            '#'
        } else {
            name.chars()
                .next()
                .filter(char::is_ascii_alphabetic)
                .unwrap_or('a')
        };
        let symbol = std::iter::once(first)
            .chain('a'..='z')
            .chain('A'..='Z')
            .chain('0'..='9')
            .find(|s| !symbols.contains(s))
            .expect("more symbols than colours");
        names.push(name.clone());
        symbols.push(symbol);
        entries.push(Colour::new(name, Rgb::new(c[0], c[1], c[2]), symbol));
    }
    let background = Colour::new(names[0].clone(), Rgb::new(bg[0], bg[1], bg[2]), '.');
    Palette::new(background, entries).expect("distinct names and symbols")
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: [u8; 3] = [255, 255, 255];
    const R: [u8; 3] = [230, 20, 20];
    const D: [u8; 3] = [150, 0, 0];
    const B: [u8; 3] = [20, 40, 230];

    fn image() -> Vec<[u8; 3]> {
        vec![
            W, W, W, W, //
            W, R, D, W, //
            W, B, R, W, //
            W, W, W, W,
        ]
    }

    #[test]
    fn exact_colours_come_back_exactly() {
        let q = quantise(4, 4, &image(), 3);
        let names: Vec<&str> = q.palette.entries().map(|(_, c)| c.name.as_str()).collect();
        assert_eq!(names, ["white", "red", "#960000", "blue"]);
        let rows = q.picture.row_strings_in(&q.palette);
        assert_eq!(rows, ["....", ".ra.", ".br.", "...."]);
    }

    #[test]
    fn fewer_colours_merge_the_nearest() {
        let q = quantise(4, 4, &image(), 2);
        assert_eq!(q.palette.len(), 3);
        let rows = q.picture.row_strings_in(&q.palette);
        assert_eq!(rows[1], ".rr.", "{rows:?}");
        assert_eq!(rows[2], ".br.", "{rows:?}");
        // More colours asked than there are: only those there are.
        assert_eq!(quantise(4, 4, &image(), 10).palette.len(), 4);
    }
}
