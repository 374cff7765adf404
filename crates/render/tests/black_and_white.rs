//! Black-and-white output, pinned byte for byte: every renderer in every configuration, on a
//! solved picture, a partial grid and a puzzle with two-digit clues. The golden files under
//! `tests/golden/` were written by the renderers as they were before colour puzzles were drawn
//! (commit "render: pin black-and-white output"); colour support must not change a byte of them.
//!
//! After an intended change, regenerate with `UPDATE_GOLDEN=1 cargo test -p nonogram-render
//! --test black_and_white` and review the diff.

use std::path::PathBuf;

use nonogram_model::{Cell, CellRows, Cells, Picture, Puzzle};
use nonogram_render::{
    render_haskell, render_notebook, CellStyle, Charset, PngRenderer, SheetOptions, SvgRenderer,
    TextRendererBuilder,
};

fn golden(name: &str, actual: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if expected != actual {
        panic!(
            "{} differs from the output; got:\n{}",
            path.display(),
            String::from_utf8_lossy(actual)
        );
    }
}

/// The notebook's 5x5 example, solved.
fn smallex() -> (Puzzle, Picture) {
    let picture = Picture::from_strings(&["..###", "##.#.", ".###.", ".##..", "###.."]).unwrap();
    (Puzzle::from_picture(&picture), picture)
}

/// Part of smallex deduced: some cells known, the rest unknown.
fn partial() -> CellRows {
    let mut grid = CellRows::unknown(5, 5);
    for (r, c, cell) in [
        (0, 2, Cell::Filled),
        (0, 0, Cell::Empty),
        (1, 3, Cell::Filled),
        (4, 4, Cell::Empty),
        (2, 1, Cell::Filled),
    ] {
        grid.set(r, c, cell);
    }
    grid
}

/// Twelve rows: two-digit column clues, an empty column, an empty row.
fn tall() -> (Puzzle, Picture) {
    let mut rows = vec!["#.#"; 11];
    rows.push("...");
    let picture = Picture::from_strings(&rows).unwrap();
    let mut puzzle = Puzzle::from_picture(&picture);
    puzzle.metadata.title = Some("tall & thin".into());
    (puzzle, picture)
}

const MARKED: &[(usize, usize)] = &[(0, 0), (1, 1), (2, 3), (40, 40)];

#[test]
fn text_is_unchanged() {
    let mut out = String::new();
    let (puzzle, picture) = smallex();
    let grid = partial();
    let (tall_puzzle, tall_picture) = tall();
    let cases: [(&str, &Puzzle, &dyn Cells); 3] = [
        ("smallex", &puzzle, &picture),
        ("partial", &puzzle, &grid),
        ("tall", &tall_puzzle, &tall_picture),
    ];
    for (name, puzzle, cells) in cases {
        for charset in [Charset::Ascii, Charset::Unicode] {
            for colour in [false, true] {
                for clues in [true, false] {
                    for true_colour in [false, true] {
                        let mut builder = TextRendererBuilder::new();
                        builder.charset(charset).colour(colour).clues(clues);
                        if true_colour {
                            // Added with colour puzzles; black-and-white ones ignore it.
                            builder.true_colour(true);
                        }
                        let renderer = builder.build();
                        for marked in [&[][..], MARKED] {
                            let text = renderer.render_marked(puzzle, cells, marked);
                            if true_colour {
                                let without = builder.true_colour(false).build();
                                assert_eq!(text, without.render_marked(puzzle, cells, marked));
                                continue;
                            }
                            out.push_str(&format!(
                                "== {name} {charset:?} colour={colour} clues={clues} marked={}\n",
                                !marked.is_empty()
                            ));
                            out.push_str(&text);
                        }
                    }
                }
            }
        }
        out.push_str(&format!("== {name} haskell\n"));
        out.push_str(&render_haskell(puzzle, cells));
        out.push_str(&format!("== {name} notebook\n"));
        out.push_str(&render_notebook(puzzle, cells));
    }
    golden("bw-text.txt", out.as_bytes());
}

fn sheet_cases() -> Vec<(String, Puzzle, Box<dyn Cells>, SheetOptions)> {
    let (puzzle, picture) = smallex();
    let (tall_puzzle, tall_picture) = tall();
    let blank = SheetOptions {
        style: CellStyle::Blank,
        ..SheetOptions::default()
    };
    let odd = SheetOptions {
        cell: 13,
        clues: false,
        guide_every: 2,
        ..SheetOptions::default()
    };
    vec![
        (
            "smallex".into(),
            puzzle.clone(),
            Box::new(picture.clone()),
            SheetOptions::default(),
        ),
        (
            "partial".into(),
            puzzle.clone(),
            Box::new(partial()),
            SheetOptions::default(),
        ),
        ("blank".into(), puzzle.clone(), Box::new(picture), blank),
        ("odd".into(), puzzle, Box::new(partial()), odd),
        (
            "tall".into(),
            tall_puzzle,
            Box::new(tall_picture),
            SheetOptions::default(),
        ),
    ]
}

#[test]
fn svg_is_unchanged() {
    let mut out = String::new();
    for (name, puzzle, cells, options) in sheet_cases() {
        out.push_str(&format!("<!-- {name} -->\n"));
        out.push_str(&SvgRenderer::new(options).render(&puzzle, cells.as_ref()));
    }
    golden("bw-sheets.svg.txt", out.as_bytes());
}

#[test]
fn png_is_unchanged() {
    for (name, puzzle, cells, options) in sheet_cases() {
        let bytes = PngRenderer::new(options)
            .render(&puzzle, cells.as_ref())
            .unwrap();
        golden(&format!("bw-{name}.png"), &bytes);
    }
}
