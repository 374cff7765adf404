//! A puzzle as JSON: its size, what the file says about it, its palette and its clues, each run
//! with its colour (shared by the web page, which draws a puzzle from this alone).
//!
//! The palette is always there, background first, even for black and white: a front end that
//! draws cells by palette index and clues by run colour needs no second code path when colour
//! puzzles arrive. Cells elsewhere (solutions, grids) are strings of the palette's characters.

use nonogram_core::{Clue, Puzzle};
use serde_json::{json, Value};

use crate::report::json::PaletteEntry;

/// Every entry of `puzzle`'s palette, background (index 0) first.
pub fn palette_entries(puzzle: &Puzzle) -> Vec<PaletteEntry> {
    puzzle
        .palette()
        .entries()
        .map(|(_, c)| PaletteEntry {
            name: c.name.clone(),
            rgb: c.rgb.to_string(),
            symbol: c.symbol,
        })
        .collect()
}

/// One clue: its runs, each `{"length": n, "colour": palette index}`, and in a triangle
/// puzzle the half cells glued to a run's ends as `start` and `end` (palette indexes, each
/// absent where the run has no cap there). A run's length counts its caps, as the clue says
/// it: `/4\` is `{"length": 4, "colour": 1, "start": 2, "end": 5}`.
pub fn clue_json(clue: &Clue) -> Value {
    Value::Array(
        (0..clue.len())
            .map(|i| {
                let run = clue.run(i);
                let mut value = json!({ "length": run.len, "colour": run.colour.index() });
                let [start, end] = clue.caps(i);
                for (key, cap) in [("start", start), ("end", end)] {
                    if !cap.is_background() {
                        value[key] = cap.index().into();
                    }
                }
                value
            })
            .collect(),
    )
}

/// The puzzle: `width`, `height`, `title`, `author`, `copyright`, `license` (each absent when
/// the file has none), `palette`, `triangles` (true for a triangle puzzle, whose palette's
/// entries 2 to 5 are the half cells `◢◤◥◣`; absent otherwise), `rows` and `columns` (clues,
/// top to bottom and left to right), `givens` (the cells the puzzle gives as rows of the palette's characters, `?` for a
/// cell not given; absent when it gives none) and `goal` (the intended picture as rows, when
/// the file gives one).
pub fn puzzle_json(puzzle: &Puzzle) -> Value {
    let meta = &puzzle.metadata;
    let mut value = json!({
        "width": puzzle.width(),
        "height": puzzle.height(),
        "palette": palette_entries(puzzle),
        "rows": puzzle.rows().iter().map(clue_json).collect::<Vec<_>>(),
        "columns": puzzle.columns().iter().map(clue_json).collect::<Vec<_>>(),
    });
    if puzzle.is_triangles() {
        value["triangles"] = true.into();
    }
    for (key, field) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("copyright", &meta.copyright),
        ("license", &meta.license),
    ] {
        if let Some(text) = field {
            value[key] = text.as_str().into();
        }
    }
    if !puzzle.givens().is_empty() {
        value["givens"] = puzzle.given_grid().row_strings(puzzle.palette()).into();
    }
    if let Some(goal) = &meta.goal {
        value["goal"] = goal.row_strings_in(puzzle.palette()).into();
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::Picture;

    #[test]
    fn a_black_and_white_puzzle_has_its_palette_and_coloured_runs() {
        let picture = Picture::from_strings(&["##.", "..#"]).unwrap();
        let mut puzzle = Puzzle::from_picture(&picture);
        puzzle.metadata.title = Some("tiny".into());
        puzzle.metadata.goal = Some(picture);
        let value = puzzle_json(&puzzle);
        assert_eq!(value["width"], 3);
        assert_eq!(value["height"], 2);
        assert_eq!(value["title"], "tiny");
        assert!(value.get("author").is_none());
        assert_eq!(value["palette"][0]["symbol"], ".");
        assert_eq!(value["palette"][1]["rgb"], "#000000");
        assert_eq!(value["rows"][0], json!([{ "length": 2, "colour": 1 }]));
        assert_eq!(value["columns"][1], json!([{ "length": 1, "colour": 1 }]));
        assert_eq!(value["columns"][2], json!([{ "length": 1, "colour": 1 }]));
        assert_eq!(value["goal"], json!(["##.", "..#"]));
        assert!(value.get("givens").is_none());
        let given = puzzle
            .with_givens(vec![nonogram_core::Given::cell(1, 2, true)])
            .unwrap();
        assert_eq!(puzzle_json(&given)["givens"], json!(["???", "??#"]));
    }

    /// A capped run says its caps, each only where it has one; a run without caps, in the
    /// same clue, says none.
    #[test]
    fn a_triangle_clues_runs_carry_their_caps() {
        use nonogram_core::{ColourId, Run};
        let id = |i| ColourId::new(i).unwrap();
        let clue = Clue::capped([
            (Run::new(4, ColourId::BLACK), [id(2), id(5)]),
            (Run::new(2, ColourId::BLACK), [id(0), id(0)]),
            (Run::new(1, ColourId::BLACK), [id(4), id(0)]),
        ]);
        assert_eq!(
            clue_json(&clue),
            json!([
                { "length": 4, "colour": 1, "start": 2, "end": 5 },
                { "length": 2, "colour": 1 },
                { "length": 1, "colour": 1, "start": 4 },
            ])
        );
    }
}
