//! Triangle puzzles drawn as sheets: half cells as triangles in the grid, and each run's caps as
//! small half cells beside its number, in SVG (parsed) and PNG (decoded), solution and blank.

use nonogram_model::{triangle, ColourId, Palette, Picture, Puzzle, Rgb};
use nonogram_render::{CellStyle, PngRenderer, SheetOptions, SvgRenderer};

/// A 3×3 picture with half cells capping runs in rows and columns.
fn puzzle() -> (Puzzle, Picture) {
    let palette = Palette::triangles();
    let rows: Vec<Vec<ColourId>> = ["◢#◣", "◥#◤", "..#"]
        .iter()
        .map(|r| r.chars().map(|c| palette.by_symbol(c).unwrap()).collect())
        .collect();
    let picture = Picture::from_colour_rows(&rows).unwrap();
    let puzzle = Puzzle::from_coloured_picture(palette, &picture).unwrap();
    (puzzle, picture)
}

/// Every cap of every clue, rows first.
fn caps(puzzle: &Puzzle) -> Vec<ColourId> {
    let mut out = Vec::new();
    for clue in puzzle.rows().iter().chain(puzzle.columns()) {
        for i in 0..clue.len() {
            out.extend(clue.caps(i).into_iter().filter(|c| !c.is_background()));
        }
    }
    out
}

fn group<'a, 'i>(doc: &'a roxmltree::Document<'i>, id: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    doc.descendants()
        .find(|n| n.attribute("id") == Some(id))
        .map(|g| g.children().filter(|n| n.is_element()).collect())
        .unwrap_or_default()
}

/// The points of a polygon.
fn points(node: &roxmltree::Node<'_, '_>) -> Vec<(u32, u32)> {
    node.attribute("points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn svg_draws_half_cells_and_every_cap_beside_its_number() {
    let (puzzle, picture) = puzzle();
    let expected_caps = caps(&puzzle);
    assert!(expected_caps.len() >= 6, "the fixture caps runs both ways");
    for style in [CellStyle::Solution, CellStyle::Blank] {
        let svg = SvgRenderer::new(SheetOptions {
            style,
            ..SheetOptions::default()
        })
        .render(&puzzle, &picture);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let cells = group(&doc, "cells");
        let halves = cells.iter().filter(|n| n.has_tag_name("polygon")).count();
        let expected_halves = if style == CellStyle::Solution { 4 } else { 0 };
        assert_eq!(halves, expected_halves, "{style:?}");
        let caps = group(&doc, "clue-caps");
        assert_eq!(caps.len(), expected_caps.len(), "{style:?}");
        // Every clue number is plain (no coloured squares in a triangle puzzle).
        assert!(group(&doc, "clue-colours").is_empty());
    }

    // Row 1 is `◢3◣`: its start cap left of its number, its end cap right of it, both left of
    // the grid and on the row's height.
    let svg = SvgRenderer::default().render(&puzzle, &picture);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let first_cell = group(&doc, "cells")
        .into_iter()
        .find(|n| n.has_tag_name("polygon"))
        .unwrap();
    let grid_x = points(&first_cell).iter().map(|p| p.0).min().unwrap();
    let grid_y = points(&first_cell).iter().map(|p| p.1).min().unwrap();
    let number = group(&doc, "clues")
        .into_iter()
        .find(|n| n.attribute("y").unwrap().parse::<u32>().unwrap() == grid_y + 10)
        .unwrap();
    assert_eq!(number.text(), Some("3"));
    let number_x: u32 = number.attribute("x").unwrap().parse().unwrap();
    let row_caps: Vec<Vec<(u32, u32)>> = group(&doc, "clue-caps")
        .iter()
        .map(points)
        .filter(|p| {
            p.iter()
                .all(|&(x, y)| x < grid_x && y > grid_y && y < grid_y + 20)
        })
        .collect();
    assert_eq!(row_caps.len(), 2);
    assert!(row_caps[0].iter().all(|p| p.0 < number_x));
    assert!(row_caps[1].iter().all(|p| p.0 > number_x));
}

struct Decoded {
    width: u32,
    pixels: Vec<u8>,
}

impl Decoded {
    fn at(&self, x: u32, y: u32) -> Rgb {
        let i = (y * self.width + x) as usize;
        Rgb::new(self.pixels[i], self.pixels[i], self.pixels[i])
    }
}

fn decode(bytes: &[u8]) -> Decoded {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    pixels.truncate(info.buffer_size());
    Decoded {
        width: info.width,
        pixels,
    }
}

#[test]
fn png_draws_half_cells_and_caps() {
    let (puzzle, picture) = puzzle();
    let slots = |clues: &[nonogram_model::Clue]| clues.iter().map(|c| c.len()).max().unwrap();
    // Cells of 20 pixels, a margin of 10, clue slots 20 + 2 × (5 + 1) pixels along their line.
    let pitch = 32;
    let gx = 10 + pitch * slots(puzzle.rows()) as u32;
    let gy = 10 + pitch * slots(puzzle.columns()) as u32;
    let png = decode(&PngRenderer::default().render(&puzzle, &picture).unwrap());
    // (0,0) is ◢: black in its lower right corner, white in its upper left.
    assert_eq!(png.at(gx + 17, gy + 17), Rgb::BLACK);
    assert_eq!(png.at(gx + 3, gy + 3), Rgb::WHITE);
    // (1,2) is ◤: the opposite.
    assert_eq!(png.at(gx + 40 + 3, gy + 20 + 3), Rgb::BLACK);
    assert_eq!(png.at(gx + 40 + 17, gy + 20 + 17), Rgb::WHITE);
    // Row 1's clue `◢3◣` in the slot just left of the grid: a cap of 5 pixels one pixel in
    // from each end, centred on the row (7 pixels down).
    assert_eq!(
        puzzle.rows()[0].caps(0),
        [triangle::LOWER_RIGHT, triangle::LOWER_LEFT]
    );
    let (x, y) = (gx - pitch, gy + 7);
    assert_eq!(png.at(x + 1 + 4, y + 4), Rgb::BLACK, "◢'s lower right");
    assert_eq!(png.at(x + 1, y), Rgb::WHITE, "◢'s upper left");
    assert_eq!(png.at(x + 26, y + 4), Rgb::BLACK, "◣'s lower left");
    assert_eq!(png.at(x + 26 + 4, y), Rgb::WHITE, "◣'s upper right");
    // The blank sheet keeps the caps and leaves the cells white.
    let blank = decode(
        &PngRenderer::new(SheetOptions {
            style: CellStyle::Blank,
            ..SheetOptions::default()
        })
        .render(&puzzle, &picture)
        .unwrap(),
    );
    assert_eq!(blank.at(gx + 17, gy + 17), Rgb::WHITE);
    assert_eq!(blank.at(x + 1 + 4, y + 4), Rgb::BLACK);
}
