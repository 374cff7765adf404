//! `make`'s verdict on a picture as text and as JSON (shared by `nonogram make` and the web
//! page).

use std::path::Path;

use nonogram_core::make::{Check, Flip};
use nonogram_core::{Puzzle, Status};
use nonogram_formats::Format;
use serde_json::json;

use crate::cli::format_names;
use crate::report::{cell_name, list_cells};

/// The check as sentences.
pub fn to_text(check: &Check, puzzle: &Puzzle, out: Option<&Path>, format: Format) -> String {
    let mut text = String::new();
    let size = format!("{}x{}", puzzle.width(), puzzle.height());
    match out {
        Some(path) => text.push_str(&format!("wrote {} ({size}, {format})\n", path.display())),
        None => text.push_str(&format!("made a {size} puzzle ({format})\n")),
    }
    match check.status {
        Status::Unique => text.push_str("the solution is unique: solving gives the picture back\n"),
        Status::NoSolution => {
            text.push_str("the clues have no solution (this is a bug: please report it)\n")
        }
        Status::Unknown | Status::Solved => {
            text.push_str("uniqueness not decided: the time limit ran out (see --timeout)\n")
        }
        Status::Multiple => {
            text.push_str(&format!(
                "not unique: two solutions differ in {}\n",
                list_cells(&check.differing_cells, 12)
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
                text.push_str(&format!(
                    "to make it unique, give {} as given: {} (checked: unique with them)\n",
                    if givens.len() == 1 {
                        "this cell"
                    } else {
                        "these cells"
                    },
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
            let flip = |&(r, c, colour): &Flip| {
                let name = cell_name((r, c));
                match (puzzle.is_black_and_white(), colour.is_background()) {
                    (_, true) => format!("{name} to empty"),
                    (true, false) => format!("{name} to filled"),
                    (false, false) => {
                        format!("{name} to {}", puzzle.palette().colour(colour).name)
                    }
                }
            };
            if !check.flips.is_empty() {
                let flips: Vec<String> = check.flips.iter().map(flip).collect();
                text.push_str(&format!(
                    "{or}change the picture: any one of {} makes its puzzle unique (checked)\n",
                    flips.join(", ")
                ));
            } else if !check.flip_pairs.is_empty() {
                let pairs: Vec<String> = check
                    .flip_pairs
                    .iter()
                    .map(|[a, b]| format!("{} and {}", flip(a), flip(b)))
                    .collect();
                text.push_str(&format!(
                    "{or}change two cells of the picture (no single change does): any one of \
                     these pairs makes its puzzle unique (checked): {}\n",
                    pairs.join("; ")
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
            if check.timed_out {
                text.push_str("(the time limit cut the search for fixes short; see --timeout)\n");
            }
        }
    }
    text
}

/// The check as one JSON object.
pub fn to_json(check: &Check, puzzle: &Puzzle) -> serde_json::Value {
    let runs = |clues: &[nonogram_core::Clue]| -> Vec<Vec<u32>> {
        clues.iter().map(|c| c.runs().to_vec()).collect()
    };
    let unique = match check.status {
        Status::Unique => json!(true),
        Status::Multiple | Status::NoSolution => json!(false),
        Status::Unknown | Status::Solved => json!(null),
    };
    let mut value = json!({
        "width": puzzle.width(),
        "height": puzzle.height(),
        "rows": runs(puzzle.rows()),
        "columns": runs(puzzle.columns()),
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
    });
    if !check.givens_searched {
        // Not offered (the format cannot store them): absent, not "none found".
        if let Some(suggestions) = value["suggestions"].as_object_mut() {
            suggestions.remove("givens");
            suggestions.remove("givens_verified");
        }
    }
    value
}
