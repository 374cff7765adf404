//! Colour puzzles drawn by every renderer: text (ASCII, Unicode with and without 24-bit colour),
//! the seeds' layouts, SVG (parsed) and PNG (decoded); marks on sheets, for colour and for black
//! and white.

use nonogram_model::{Colour, ColourId, ColourSet, Palette, PartialGrid, Picture, Puzzle, Rgb};
use nonogram_render::{
    render_haskell, render_notebook, CellStyle, Charset, PngRenderer, SheetOptions, SvgRenderer,
    TextRenderer, TextRendererBuilder,
};

const RED: Rgb = Rgb::new(255, 0, 0);
const GREEN: Rgb = Rgb::new(0, 128, 0);
const YELLOW: Rgb = Rgb::new(255, 255, 0);

fn palette() -> Palette {
    Palette::new(
        Colour::new("white", Rgb::WHITE, '.'),
        vec![
            Colour::new("red", RED, 'r'),
            Colour::new("green", GREEN, 'g'),
            Colour::new("yellow", YELLOW, 'y'),
        ],
    )
    .unwrap()
}

/// A picture from rows of palette characters.
fn picture(palette: &Palette, rows: &[&str]) -> Picture {
    let rows: Vec<Vec<ColourId>> = rows
        .iter()
        .map(|r| r.chars().map(|c| palette.by_symbol(c).unwrap()).collect())
        .collect();
    Picture::from_colour_rows(&rows).unwrap()
}

fn puzzle_of(palette: Palette, rows: &[&str]) -> (Puzzle, Picture) {
    let picture = picture(&palette, rows);
    let puzzle = Puzzle::from_coloured_picture(palette, &picture).unwrap();
    (puzzle, picture)
}

/// Three colours in a 4×3 picture; runs of different colours touch.
fn flag() -> (Puzzle, Picture) {
    puzzle_of(palette(), &["rrg.", ".ggy", "y.rr"])
}

/// An empty row and an empty column (their clues print as `0`).
fn holey() -> (Puzzle, Picture) {
    puzzle_of(palette(), &["r.g", "...", "g.r"])
}

fn text(builder: &mut TextRendererBuilder) -> TextRenderer {
    builder.build()
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

// ---- text ----

#[test]
fn ascii_shows_each_colour_by_its_character() {
    let (puzzle, picture) = flag();
    let renderer = TextRendererBuilder::new().build();
    assert_eq!(
        lines(&renderer.render(&puzzle, &picture)),
        [
            "        1r 1r 2g 1y",
            "        1y 1g 1r 1r",
            "      +------------",
            "2r 1g |  r  r  g  .",
            "2g 1y |  .  g  g  y",
            "1y 2r |  y  .  r  r",
        ]
    );
    // Row clues read as the model writes them.
    let out = renderer.render(&puzzle, &picture);
    for (line, clue) in lines(&out)[3..].iter().zip(puzzle.rows()) {
        assert!(
            line.starts_with(&clue.display(puzzle.palette()).to_string()),
            "{line}"
        );
    }
    // Marks stand left of the character.
    let marked = renderer.render_marked(&puzzle, &picture, &[(0, 1), (1, 0), (9, 9)]);
    assert_eq!(
        lines(&marked)[3..5],
        ["2r 1g |  r *r  g  .", "2g 1y | *.  g  g  y"]
    );
    // Without clues, one character a cell, like the JSON rows; two once a mark needs room.
    let bare = text(TextRendererBuilder::new().clues(false));
    assert_eq!(bare.render(&puzzle, &picture), "rrg.\n.ggy\ny.rr\n");
    assert_eq!(
        bare.render_marked(&puzzle, &picture, &[(2, 3)]),
        " r r g .\n . g g y\n y . r*r\n"
    );
}

#[test]
fn unicode_with_true_colour_draws_blocks_and_numbers_in_rgb() {
    let (puzzle, picture) = flag();
    let renderer = text(
        TextRendererBuilder::new()
            .charset(Charset::Unicode)
            .colour(true)
            .true_colour(true),
    );
    let paint = |rgb: Rgb, t: &str| format!("\x1b[38;2;{};{};{}m{t}\x1b[0m", rgb.r, rgb.g, rgb.b);
    let (r, g, y) = (
        |t: &str| paint(RED, t),
        |t: &str| paint(GREEN, t),
        |t: &str| paint(YELLOW, t),
    );
    let expected = [
        format!("      {} {} {} {}", r("1"), r("1"), g("2"), y("1")),
        format!("      {} {} {} {}", y("1"), g("1"), r("1"), r("1")),
        "    ┌────────".to_string(),
        format!("{} {} │{}{}{} ·", r("2"), g("1"), r("██"), r("██"), g("██")),
        format!("{} {} │ ·{}{}{}", g("2"), y("1"), g("██"), g("██"), y("██")),
        format!("{} {} │{} ·{}{}", y("1"), r("2"), y("██"), r("██"), r("██")),
    ];
    assert_eq!(lines(&renderer.render(&puzzle, &picture)), expected);
    // A marked colour cell is shaded in its colour; a marked background cell is red.
    let marked = renderer.render_marked(&puzzle, &picture, &[(0, 1), (0, 3)]);
    assert_eq!(
        lines(&marked)[3],
        format!(
            "{} {} │{}{}{}\x1b[1;31m ░\x1b[0m",
            r("2"),
            g("1"),
            r("██"),
            r("▓▓"),
            g("██")
        )
    );
}

#[test]
fn without_true_colour_characters_take_the_nearest_basic_colour() {
    let (puzzle, picture) = flag();
    let renderer = text(
        TextRendererBuilder::new()
            .charset(Charset::Unicode)
            .colour(true),
    );
    let out = renderer.render(&puzzle, &picture);
    let (r, g, y) = ("\x1b[91m", "\x1b[32m", "\x1b[93m");
    let z = "\x1b[0m";
    assert_eq!(
        lines(&out)[3],
        format!("{r}2r{z} {g}1g{z} │  {r}r{z}  {r}r{z}  {g}g{z}  ·")
    );
    assert_eq!(
        lines(&out)[0],
        format!("        {r}1r{z} {r}1r{z} {g}2g{z} {y}1y{z}")
    );
    // Plain Unicode: the same text without escapes.
    let plain =
        text(TextRendererBuilder::new().charset(Charset::Unicode)).render(&puzzle, &picture);
    let stripped = out
        .replace(r, "")
        .replace(g, "")
        .replace(y, "")
        .replace(z, "");
    assert_eq!(stripped, plain);
    // True colour without colour on changes nothing.
    let ignored = text(
        TextRendererBuilder::new()
            .charset(Charset::Unicode)
            .true_colour(true),
    );
    assert_eq!(ignored.render(&puzzle, &picture), plain);
}

#[test]
fn partial_colour_grids_show_what_is_known() {
    let (puzzle, _) = flag();
    let mut grid = PartialGrid::unknown(4, 3, puzzle.palette().len());
    let red = puzzle.palette().find("red").unwrap();
    let green = puzzle.palette().find("green").unwrap();
    grid.set(0, 0, ColourSet::single(red));
    grid.set(0, 1, ColourSet::single(red).with(green));
    grid.set(0, 2, ColourSet::EMPTY);
    grid.set(0, 3, ColourSet::single(ColourId::BACKGROUND));
    let bare = text(TextRendererBuilder::new().clues(false));
    assert_eq!(bare.render(&puzzle, &grid), "r?!.\n????\n????\n");
    assert_eq!(
        render_haskell(&puzzle, &grid).lines().next(),
        Some("|r|?|!|_| 2r 1g")
    );
    let svg = SvgRenderer::default().render(&puzzle, &grid);
    // Every cell but the red one and the background one is hatched, the contradiction too.
    assert_eq!(svg.matches("url(#unknown)").count(), 10);
}

#[test]
fn long_colour_clues_widen_the_columns() {
    let palette = palette();
    let rows = vec!["r"; 12];
    let (puzzle, picture) = puzzle_of(palette, &rows);
    let ascii = TextRendererBuilder::new().build().render(&puzzle, &picture);
    assert_eq!(lines(&ascii)[..3], ["     12r", "   +----", "1r |   r"]);
    let painted =
        text(TextRendererBuilder::new().colour(true).true_colour(true)).render(&puzzle, &picture);
    assert_eq!(lines(&painted)[1], "  +---");
}

#[test]
fn empty_rows_and_columns() {
    let (puzzle, picture) = holey();
    let ascii = TextRendererBuilder::new().build().render(&puzzle, &picture);
    assert_eq!(
        lines(&ascii),
        [
            "        1r    1g",
            "        1g  0 1r",
            "      +---------",
            "1r 1g |  r  .  g",
            "    0 |  .  .  .",
            "1g 1r |  g  .  r",
        ]
    );
    // Every renderer in every configuration copes.
    for charset in [Charset::Ascii, Charset::Unicode] {
        for (colour, true_colour, clues) in [
            (false, false, true),
            (true, true, true),
            (true, false, false),
        ] {
            let renderer = text(
                TextRendererBuilder::new()
                    .charset(charset)
                    .colour(colour)
                    .true_colour(true_colour)
                    .clues(clues),
            );
            let out = renderer.render_marked(&puzzle, &picture, &[(1, 1)]);
            assert_eq!(out.lines().count(), if clues { 6 } else { 3 });
        }
    }
    assert!(render_haskell(&puzzle, &picture).contains("|_|_|_| 0\n"));
    assert!(render_notebook(&puzzle, &picture).contains("|_|_|_| # 0\n"));
    let svg = SvgRenderer::default().render_marked(&puzzle, &picture, &[(1, 1)]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(texts(&doc).iter().filter(|t| t.0 == "0").count(), 2);
    let png = decode(&PngRenderer::default().render(&puzzle, &picture).unwrap());
    assert_eq!(png.at(50 + 10, 50 + 10), RED);
}

// ---- the seeds' layouts ----

#[test]
fn seed_layouts_name_colours_by_character() {
    let (puzzle, picture) = flag();
    assert_eq!(
        render_haskell(&puzzle, &picture),
        "\
|r|r|g|_| 2r 1g
|_|g|g|y| 2g 1y
|y|_|r|r| 1y 2r
 1 1 2 1
 r r g y
 1 1 1 1
 y g r r
"
    );
    assert_eq!(
        render_notebook(&puzzle, &picture),
        "\
|r|r|g|_| # 2r 1g
|_|g|g|y| # 2g 1y
|y|_|r|r| # 1y 2r
 # # # #
 1 1 2 1
 r r g y

 1 1 1 1
 y g r r
"
    );
}

// ---- SVG ----

/// The `<text>` elements: content and `fill`.
fn texts(doc: &roxmltree::Document<'_>) -> Vec<(String, Option<String>)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            (
                n.text().unwrap_or_default().to_string(),
                n.attribute("fill").map(str::to_string),
            )
        })
        .collect()
}

/// The `<rect>` elements of the group with this id: x, y and fill.
fn rects(doc: &roxmltree::Document<'_>, group: &str) -> Vec<(String, String, Option<String>)> {
    doc.descendants()
        .filter(|n| n.attribute("id") == Some(group))
        .flat_map(|g| g.children().filter(|n| n.has_tag_name("rect")))
        .map(|n| {
            (
                n.attribute("x").unwrap().to_string(),
                n.attribute("y").unwrap().to_string(),
                n.attribute("fill").map(str::to_string),
            )
        })
        .collect()
}

#[test]
fn svg_fills_cells_and_clue_squares_with_their_colours() {
    let (puzzle, picture) = flag();
    let svg = SvgRenderer::default().render(&puzzle, &picture);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    // Grid at (50, 50), cells of 20: only the coloured cells are drawn.
    let mut expected = Vec::new();
    for r in 0..3 {
        for c in 0..4 {
            let colour = picture.colour(r, c);
            if !colour.is_background() {
                let rgb = puzzle.palette().colour(colour).rgb;
                expected.push((
                    (50 + 20 * c).to_string(),
                    (50 + 20 * r).to_string(),
                    Some(rgb.to_string()),
                ));
            }
        }
    }
    assert_eq!(rects(&doc, "cells"), expected);
    assert_eq!(expected[0].2.as_deref(), Some("#ff0000"));

    // One square per clue number, rows then columns, in the run's colour.
    let squares: Vec<Option<String>> = rects(&doc, "clue-colours")
        .into_iter()
        .map(|r| r.2)
        .collect();
    let (red, green, yellow) = (RED.to_string(), GREEN.to_string(), YELLOW.to_string());
    let order = [
        &red, &green, &green, &yellow, &yellow, &red, // rows
        &red, &yellow, &red, &green, &green, &red, &yellow, &red, // columns
    ];
    assert_eq!(squares, order.map(|c| Some(c.clone())));
    // The first row's squares sit in its slots, inset by one pixel.
    assert_eq!(rects(&doc, "clue-colours")[0].0, "11.5");
    // Digits white on red and green (luma 76 and 75), black on yellow (226).
    let digits = texts(&doc);
    assert_eq!(digits.len(), 14);
    for ((_, fill), colour) in digits.iter().zip(order) {
        let white = *colour != yellow;
        assert_eq!(fill.as_deref(), white.then_some("white"), "{colour}");
    }
    assert!(rects(&doc, "marks").is_empty());
}

#[test]
fn svg_marks_frame_the_marked_cells() {
    let (puzzle, picture) = flag();
    let svg =
        SvgRenderer::default().render_marked(&puzzle, &picture, &[(0, 0), (2, 1), (0, 0), (7, 7)]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let frames: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("id") == Some("marks"))
        .flat_map(|g| g.children().filter(|n| n.has_tag_name("rect")))
        .map(|n| {
            (
                format!(
                    "{},{}",
                    n.attribute("x").unwrap(),
                    n.attribute("y").unwrap()
                ),
                n.attribute("stroke").unwrap().to_string(),
            )
        })
        .collect();
    // Each mark once, a red frame 2 px wide 2 px inside the cell, lined in white.
    assert_eq!(
        frames,
        [
            ("53,53".to_string(), "red".to_string()),
            ("55,55".to_string(), "white".to_string()),
            ("73,93".to_string(), "red".to_string()),
            ("75,95".to_string(), "white".to_string()),
        ]
    );
}

#[test]
fn svg_of_a_non_white_background_and_of_one_colour() {
    let palette = Palette::new(
        Colour::new("sky", Rgb::new(200, 220, 255), '.'),
        vec![
            Colour::new("red", RED, 'r'),
            Colour::new("green", GREEN, 'g'),
        ],
    )
    .unwrap();
    let (puzzle, picture) = puzzle_of(palette, &["r.", "gg"]);
    let svg = SvgRenderer::default().render(&puzzle, &picture);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let fills: Vec<Option<String>> = rects(&doc, "cells").into_iter().map(|r| r.2).collect();
    let sky = Some("#c8dcff".to_string());
    assert_eq!(fills[1], sky);
    // A blank sheet stays white.
    let blank = SvgRenderer::new(SheetOptions {
        style: CellStyle::Blank,
        ..SheetOptions::default()
    })
    .render(&puzzle, &picture);
    assert!(!blank.contains("c8dcff"));

    // One colour is black and white, whatever it is called: its cells in its colour, its
    // clues plain, its text as black and white.
    let palette = Palette::new(
        Colour::new("white", Rgb::WHITE, '.'),
        vec![Colour::new("red", RED, 'r')],
    )
    .unwrap();
    let (puzzle, picture) = puzzle_of(palette, &["r.", "rr"]);
    let svg = SvgRenderer::default().render(&puzzle, &picture);
    assert_eq!(svg.matches(r##"fill="#ff0000""##).count(), 3);
    assert!(!svg.contains("clue-colours"));
    let bw = Puzzle::from_picture(&picture);
    let ascii = TextRendererBuilder::new().build();
    assert_eq!(ascii.render(&puzzle, &picture), ascii.render(&bw, &picture));
}

// ---- PNG ----

struct Decoded {
    colour_type: png::ColorType,
    width: u32,
    pixels: Vec<u8>,
}

impl Decoded {
    fn at(&self, x: u32, y: u32) -> Rgb {
        let i = (y * self.width + x) as usize;
        match self.colour_type {
            png::ColorType::Rgb => Rgb::new(
                self.pixels[3 * i],
                self.pixels[3 * i + 1],
                self.pixels[3 * i + 2],
            ),
            png::ColorType::Grayscale => Rgb::new(self.pixels[i], self.pixels[i], self.pixels[i]),
            other => panic!("unexpected colour type {other:?}"),
        }
    }
}

fn decode(bytes: &[u8]) -> Decoded {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    Decoded {
        colour_type: info.color_type,
        width: info.width,
        pixels,
    }
}

const LINE: Rgb = Rgb::new(64, 64, 64);

#[test]
fn png_cells_and_clue_squares_in_their_colours() {
    let (puzzle, picture) = flag();
    let png = decode(&PngRenderer::default().render(&puzzle, &picture).unwrap());
    assert_eq!(png.colour_type, png::ColorType::Rgb);
    for r in 0..3 {
        for c in 0..4 {
            let expected = puzzle.palette().colour(picture.colour(r, c)).rgb;
            assert_eq!(
                png.at(50 + 20 * c as u32 + 10, 50 + 20 * r as u32 + 10),
                expected,
                "({r},{c})"
            );
        }
    }
    // Row 1's clue 2r 1g: slots at x 10 and 30, y 50. Each square framed in grey one pixel
    // in, filled with the run's colour; the digit white (glyphs are 6 px wide from x + 7, 10 px
    // high from y + 5; both "2" and "1" have ink at the top middle).
    for (x, colour) in [(10, RED), (30, GREEN)] {
        assert_eq!(png.at(x + 1, 51), LINE);
        assert_eq!(png.at(x + 3, 53), colour);
        assert_eq!(png.at(x + 9, 55), Rgb::WHITE, "digit on {colour}");
    }
    // Column 4's clue 1y: black digits on yellow.
    assert_eq!(png.at(110 + 3, 10 + 3), YELLOW);
    assert_eq!(png.at(110 + 9, 10 + 5), Rgb::BLACK);
}

#[test]
fn png_marks_frame_the_marked_cells() {
    let (puzzle, picture) = flag();
    let png = decode(
        &PngRenderer::default()
            .render_marked(&puzzle, &picture, &[(0, 0), (0, 3)])
            .unwrap(),
    );
    // (0,0) is red: red frame at 2-3 px in, white lining at 4-5, the cell's red in the middle.
    let row = |x0: u32| -> Vec<Rgb> { (x0 + 1..x0 + 10).map(|x| png.at(x, 60)).collect() };
    let w = Rgb::WHITE;
    assert_eq!(row(50), [RED, RED, RED, w, w, RED, RED, RED, RED]);
    // (0,3) is background: the frame shows red on white.
    assert_eq!(row(110), [w, RED, RED, w, w, w, w, w, w]);
    assert_eq!(png.at(60, 52), RED);
}

#[test]
fn png_stays_greyscale_for_black_and_white_unless_marked() {
    let picture = Picture::from_strings(&["#.", "##"]).unwrap();
    let puzzle = Puzzle::from_picture(&picture);
    let plain = decode(&PngRenderer::default().render(&puzzle, &picture).unwrap());
    assert_eq!(plain.colour_type, png::ColorType::Grayscale);
    let marked = decode(
        &PngRenderer::default()
            .render_marked(&puzzle, &picture, &[(0, 1)])
            .unwrap(),
    );
    assert_eq!(marked.colour_type, png::ColorType::Rgb);
    // Row clues take one slot: the grid starts at (30, 30).
    assert_eq!(marked.at(30 + 20 + 2, 40), RED);
    assert_eq!(marked.at(30 + 10, 40), Rgb::BLACK);
    let svg = SvgRenderer::default().render_marked(&puzzle, &picture, &[(0, 1)]);
    assert!(svg.contains(r#"<g id="marks" fill="none">"#));
}
