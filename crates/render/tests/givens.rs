//! Given cells in every renderer: drawn distinctly over a solution, and printed on a blank grid,
//! as puzzle books print them.

use nonogram_model::{CellRows, Colour, ColourId, Given, Palette, Picture, Puzzle, Rgb};
use nonogram_render::{
    render_haskell, CellStyle, Charset, PngRenderer, SheetOptions, SvgRenderer, TextRendererBuilder,
};

/// The notebook's 5x5 example with two givens: row 1's third cell filled, row 2's third empty.
fn smallex() -> (Puzzle, Picture) {
    let picture = Picture::from_strings(&["..###", "##.#.", ".###.", ".##..", "###.."]).unwrap();
    let puzzle = Puzzle::from_picture(&picture)
        .with_givens(vec![Given::cell(0, 2, true), Given::cell(1, 2, false)])
        .unwrap();
    (puzzle, picture)
}

#[test]
fn text_draws_givens_with_their_own_glyphs() {
    let (puzzle, picture) = smallex();
    let ascii = TextRendererBuilder::new().build();
    let lines: Vec<String> = ascii
        .render(&puzzle, &picture)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(lines[3], "  3 | . . @ # #");
    assert_eq!(lines[4], "2 1 | # # : # .");
    // A blank grid shows the givens, and only them.
    let blank = ascii.render(&puzzle, &CellRows::unknown(5, 5));
    assert!(blank.contains("  3 | ? ? @ ? ?\n"), "{blank}");
    assert!(blank.contains("2 1 | ? ? : ? ?\n"), "{blank}");
    assert_eq!(
        ascii.given_legend(&puzzle).as_deref(),
        Some("the puzzle gives 2 cells, drawn `@` (filled) and `:` (empty)")
    );
    // Without clues, still one character a cell.
    let bare = TextRendererBuilder::new().clues(false).build();
    assert_eq!(bare.render(&puzzle, &picture).lines().next(), Some("..@##"));
    let unicode = TextRendererBuilder::new().charset(Charset::Unicode).build();
    let text = unicode.render(&puzzle, &picture);
    assert!(text.contains("  3 │ · · ■████\n"), "{text}");
    assert!(text.contains("2 1 │████ ×██ ·\n"), "{text}");
    // The seeds' layouts show the givens of a blank grid as known cells.
    let haskell = render_haskell(&puzzle, &CellRows::unknown(5, 5));
    assert!(
        haskell.starts_with("|?|?|X|?|?| 3\n|?|?|_|?|?| 2 1\n"),
        "{haskell}"
    );
    // A puzzle without givens is drawn as before, and has no legend.
    let plain = Puzzle::from_picture(&picture);
    assert!(ascii.render(&plain, &picture).contains("  3 | . . # # #\n"));
    assert_eq!(ascii.given_legend(&plain), None);
}

#[test]
fn colour_text_marks_givens_before_their_character() {
    let palette = Palette::new(
        Colour::new("white", Rgb::WHITE, '.'),
        vec![
            Colour::new("red", Rgb::new(255, 0, 0), 'r'),
            Colour::new("blue", Rgb::new(0, 0, 255), 'b'),
        ],
    )
    .unwrap();
    let (r, b) = (ColourId::new(1).unwrap(), ColourId::new(2).unwrap());
    let picture = Picture::from_colour_rows(&[vec![r, b], vec![ColourId::BACKGROUND, r]]).unwrap();
    let puzzle = Puzzle::from_coloured_picture(palette, &picture)
        .unwrap()
        .with_givens(vec![Given {
            row: 0,
            col: 1,
            colour: b,
        }])
        .unwrap();
    let bare = TextRendererBuilder::new().clues(false).build();
    assert_eq!(bare.render(&puzzle, &picture), " r[b\n . r\n");
    let blocks = TextRendererBuilder::new()
        .charset(Charset::Unicode)
        .colour(true)
        .true_colour(true)
        .clues(false)
        .build();
    let text = blocks.render(&puzzle, &picture);
    assert!(text.contains(" ■"), "{text:?}");
    assert_eq!(
        bare.given_legend(&puzzle).as_deref(),
        Some("the puzzle gives 1 cell, drawn with `[` before their colour's character")
    );
}

#[test]
fn sheets_print_givens_on_blank_grids_and_dot_them_everywhere() {
    let (puzzle, picture) = smallex();
    let blank = SheetOptions {
        style: CellStyle::Blank,
        ..SheetOptions::default()
    };
    let svg = SvgRenderer::new(blank.clone()).render(&puzzle, &picture);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let black: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("black"))
        .collect();
    // The one filled given is printed; nothing else is filled on a blank sheet.
    assert_eq!(black.len(), 1);
    let givens = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("givens"))
        .expect("a group of given dots");
    let dots: Vec<(&str, &str)> = givens
        .children()
        .filter(|n| n.is_element())
        .map(|n| (n.attribute("x").unwrap(), n.attribute("fill").unwrap()))
        .collect();
    // Margin 10, two clue slots of 20: the grid starts at x = 50; the dot is 4 wide, 8 in.
    assert_eq!(dots, [("98", "white"), ("98", "#404040")]);
    let solved = SvgRenderer::default().render(&puzzle, &picture);
    assert!(solved.contains(r#"<g id="givens">"#));
    let plain = SvgRenderer::default().render(&Puzzle::from_picture(&picture), &picture);
    assert!(!plain.contains("givens"));

    // The PNG has the same dots: white in the filled given, grey in the empty one.
    let png = PngRenderer::new(blank).render(&puzzle, &picture).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, png::ColorType::Grayscale, "still grey");
    let at = |x: u32, y: u32| pixels[(y * info.width + x) as usize];
    // Cell (0, 2) spans x 90..110, y 50..70: black around a white dot at 98..102.
    assert_eq!((at(92, 52), at(99, 59)), (0, 255));
    // Cell (1, 2), an empty given: white around a grey dot.
    assert_eq!((at(92, 72), at(99, 79)), (255, 64));
}
