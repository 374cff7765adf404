//! `make`'s verdict on a picture as text and as JSON (shared by `nonogram make` and the web
//! page).

use std::path::Path;

use nonogram_author::generator::Level;
use nonogram_author::make::{Check, Flip, MapChange};
use nonogram_core::{Puzzle, Status};
use nonogram_formats::Format;
use serde_json::json;

use crate::report::{capped, cell_name, list_cells, LISTED_CELLS};
use nonogram_formats::format_names;

/// The check as sentences.
pub fn to_text(check: &Check, puzzle: &Puzzle, out: Option<&Path>, format: Format) -> String {
    let mut text = String::new();
    let size = format!("{}x{}", puzzle.width(), puzzle.height());
    match out {
        Some(path) => text.push_str(&format!("wrote {} ({size}, {format})\n", path.display())),
        None => text.push_str(&format!("made a {size} puzzle ({format})\n")),
    }
    match check.status {
        Status::Unique => {
            text.push_str("the solution is unique: solving gives the picture back\n");
            if let Some(rating) = check.rating {
                text.push_str(&format!("difficulty: {rating}\n"));
            }
            if !check.map.undecided.is_empty() {
                // Unique, but not easy: what keeps it from line solving alone.
                text.push_str(&format!(
                    "to make it easy (line solving alone): {}",
                    map_sentence(check, puzzle)
                ));
            }
        }
        Status::NoSolution => {
            text.push_str("the clues have no solution (this is a bug: please report it)\n")
        }
        Status::Unknown | Status::Solved => {
            text.push_str("uniqueness not decided: the time limit ran out (see --timeout)\n")
        }
        Status::Multiple => {
            text.push_str(&format!(
                "not unique: two solutions differ in {}\n",
                list_cells(&check.differing_cells, LISTED_CELLS)
            ));
            let givens: Vec<String> = check
                .givens
                .iter()
                .map(|g| {
                    let value = if !puzzle.is_black_and_white() {
                        puzzle.palette().colour(g.colour).name.as_str()
                    } else if g.colour.is_background() {
                        "empty"
                    } else {
                        "filled"
                    };
                    format!("{} {value}", cell_name((g.row, g.col)))
                })
                .collect();
            // Givens are advice only where the file can keep them.
            if check.givens_searched && check.givens_verified {
                let (cells, them) = if givens.len() == 1 {
                    ("this cell", "it")
                } else {
                    ("these cells", "them")
                };
                text.push_str(&format!(
                    "to make it unique, give {cells} as given: {} (checked: unique with {them})\n",
                    givens.join(", ")
                ));
            } else if check.givens_searched {
                text.push_str("no set of givens was found within the limits\n");
            }
            let or = if check.givens_verified {
                "or "
            } else {
                "to make it unique, "
            };
            // A black-and-white cell flips; a colour cell is changed to a colour, which is named.
            let flip = |&(r, c, colour): &Flip| match puzzle.is_black_and_white() {
                true => cell_name((r, c)),
                false => format!(
                    "{} to {}",
                    cell_name((r, c)),
                    puzzle.palette().colour(colour).name
                ),
            };
            if !check.flips.is_empty() {
                let flips: Vec<String> = check.flips.iter().map(flip).collect();
                let which = if flips.len() == 1 { "" } else { "any one of " };
                text.push_str(&format!(
                    "{or}change the picture: flipping {which}{} makes its puzzle unique \
                     (checked)\n",
                    capped(&flips, LISTED_CELLS, ", ")
                ));
            } else if !check.flip_pairs.is_empty() {
                let pairs: Vec<String> = check
                    .flip_pairs
                    .iter()
                    .map(|[a, b]| format!("{} and {}", flip(a), flip(b)))
                    .collect();
                let which = if pairs.len() == 1 {
                    "this pair"
                } else {
                    "any one of these pairs"
                };
                text.push_str(&format!(
                    "{or}change two cells of the picture (no single change does): flipping \
                     {which} makes its puzzle unique (checked): {}\n",
                    capped(&pairs, LISTED_CELLS, "; ")
                ));
            } else {
                text.push_str(
                    "no change of one or two cells of the picture near the differing cells \
                     makes it unique\n",
                );
            }
            if !check.givens_searched {
                text.push_str(&format!(
                    "(given cells could make it unique too, but the {format} format cannot store \
                     them; write the puzzle as {} to have them suggested)\n",
                    format_names(|f| f.is_writable() && f.can_hold_givens()).replace(", ", " or ")
                ));
            }
            text.push_str(&format!("the map: {}", map_sentence(check, puzzle)));
            if check.timed_out {
                text.push_str("(the time limit cut the search for fixes short; see --timeout)\n");
            }
        }
    }
    text
}

/// How many cells line solving leaves undecided and the changes of the disambiguation map
/// that decide the most of them, as one line.
fn map_sentence(check: &Check, puzzle: &Puzzle) -> String {
    let map = &check.map;
    let undecided = map.undecided.len();
    let cells = if undecided == 1 { "cell" } else { "cells" };
    let mut text = format!("line solving leaves {undecided} {cells} undecided");
    if map.changes.is_empty() {
        text.push_str(if map.complete {
            "; no single change of the picture decides more of them"
        } else {
            "; the time limit ran out before any change was found that decides more"
        });
    } else {
        let best: Vec<String> = map
            .changes
            .iter()
            .take(3)
            .map(|m| {
                let left = match m.undecided_after {
                    0 => "none left: unique and easy".to_string(),
                    n => format!("{n} left"),
                };
                format!("{} ({left})", change_name(m, puzzle))
            })
            .collect();
        text.push_str(&format!(
            "; the changes that decide the most: {}",
            best.join(", ")
        ));
        if !map.complete {
            text.push_str(" (among the cells judged before the time limit)");
        }
    }
    text.push('\n');
    text
}

/// A change of the map in words: `filling (r3,c4)`, `emptying (r3,c4)`, `(r3,c4) to red`.
fn change_name(m: &MapChange, puzzle: &Puzzle) -> String {
    let cell = cell_name((m.row, m.col));
    if m.colour.is_background() {
        format!("emptying {cell}")
    } else if puzzle.is_black_and_white() {
        format!("filling {cell}")
    } else {
        format!("{cell} to {}", puzzle.palette().colour(m.colour).name)
    }
}

/// The check as one JSON object: the made puzzle in the JSON puzzle format (`rows`,
/// `columns`, a colour puzzle's `palette`, the picture as `goal`, `title`), so that the object
/// reads back as that puzzle, with the size and the verdict beside it.
pub fn to_json(check: &Check, puzzle: &Puzzle) -> serde_json::Value {
    let mut value = puzzle_json(puzzle);
    let unique = match check.status {
        Status::Unique => json!(true),
        Status::Multiple | Status::NoSolution => json!(false),
        Status::Unknown | Status::Solved => json!(null),
    };
    let mut verdict = json!({
        "width": puzzle.width(),
        "height": puzzle.height(),
        "unique": unique,
        "status": check.status.name(),
        "stop": check.stop.name(),
        "differing_cells": check.differing_cells.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
        "suggestions": {
            "givens": check.givens.iter().map(|g| {
                let mut given = json!({
                    "row": g.row, "col": g.col, "filled": !g.colour.is_background()
                });
                if !puzzle.is_black_and_white() {
                    given["colour"] = puzzle.palette().colour(g.colour).symbol.to_string().into();
                }
                given
            }).collect::<Vec<_>>(),
            "givens_verified": check.givens_verified,
            "flips": check.flips.iter().map(|&(r, c, _)| [r, c]).collect::<Vec<_>>(),
            "flip_pairs": check
                .flip_pairs
                .iter()
                .map(|[a, b]| [[a.0, a.1], [b.0, b.1]])
                .collect::<Vec<_>>(),
            "timed_out": check.timed_out,
        },
        // How hard, as explain rates it (unique puzzles whose explanation finished).
        "rating": check.rating.map(|r| r.to_string()),
        "level": check.rating.and_then(Level::of).map(Level::name),
        // What line solving leaves undecided, and the disambiguation map: every change that
        // decides more, best first.
        "undecided": check.map.undecided.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
        "map": {
            "complete": check.map.complete,
            "changes": check.map.changes.iter().map(|m| {
                let mut change = json!({
                    "row": m.row,
                    "col": m.col,
                    "filled": !m.colour.is_background(),
                    "score": m.score,
                    "undecided_after": m.undecided_after,
                });
                if !puzzle.is_black_and_white() {
                    change["colour"] = puzzle.palette().colour(m.colour).symbol.to_string().into();
                }
                change
            }).collect::<Vec<_>>(),
        },
        // A picture (nearly) all filled or all empty: unique, and saying nothing.
        "nearly_blank": check.nearly_blank.map(|b| json!({
            "filled": b.filled,
            "cells": b.cells,
            "mostly": if b.mostly_filled() { "filled" } else { "empty" },
        })),
    });
    if !check.givens_searched {
        // Not offered (the format cannot store them): absent, not "none found".
        if let Some(suggestions) = verdict["suggestions"].as_object_mut() {
            suggestions.remove("givens");
            suggestions.remove("givens_verified");
        }
    }
    if let (Some(object), serde_json::Value::Object(verdict)) = (value.as_object_mut(), verdict) {
        object.extend(verdict);
    }
    value
}

/// The puzzle as the JSON format writes it, as a value.
fn puzzle_json(puzzle: &Puzzle) -> serde_json::Value {
    let written = nonogram_formats::write(puzzle, Format::Json)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok());
    // The JSON writer takes every puzzle `make` makes; should it refuse one some day, the clues
    // as plain runs still say what the puzzle is.
    written.unwrap_or_else(|| {
        let runs = |clues: &[nonogram_core::Clue]| -> Vec<Vec<u32>> {
            clues.iter().map(|c| c.runs().to_vec()).collect()
        };
        json!({ "rows": runs(puzzle.rows()), "columns": runs(puzzle.columns()) })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::{ColourId, Given, Picture, Stop};

    fn check(givens: usize, flips: usize) -> Check {
        Check {
            status: Status::Multiple,
            stop: Stop::Finished,
            differing_cells: vec![(0, 0), (0, 1), (1, 0), (1, 1)],
            givens: (0..givens)
                .map(|col| Given {
                    row: 0,
                    col,
                    colour: ColourId::BLACK,
                })
                .collect(),
            givens_searched: true,
            givens_verified: true,
            flips: (0..flips).map(|col| (1, col, ColourId::BLACK)).collect(),
            flip_pairs: Vec::new(),
            timed_out: false,
            nearly_blank: None,
            rating: None,
            map: Default::default(),
        }
    }

    /// One given is "it", one flip is "flipping (r2,c1)": no "any one of" a single cell.
    #[test]
    fn sentences_agree_with_their_counts() {
        let puzzle = Puzzle::from_picture(&Picture::from_strings(&["#.", ".#"]).unwrap());
        let one = to_text(&check(1, 1), &puzzle, None, Format::Non);
        assert!(
            one.contains("give this cell as given: (r1,c1) filled (checked: unique with it)"),
            "{one}"
        );
        assert!(
            one.contains("flipping (r2,c1) makes its puzzle unique"),
            "{one}"
        );
        let two = to_text(&check(2, 2), &puzzle, None, Format::Non);
        assert!(two.contains("(checked: unique with them)"), "{two}");
        assert!(
            two.contains("flipping any one of (r2,c1), (r2,c2) makes"),
            "{two}"
        );
    }
}
