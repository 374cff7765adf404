//! `make`'s verdict on a picture as text and as JSON (shared by `nonogram make` and the web
//! page).

use std::path::Path;

use nonogram_core::make::Check;
use nonogram_core::{Puzzle, Status};
use nonogram_formats::Format;
use serde_json::json;

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
            if check.givens_verified {
                text.push_str(&format!(
                    "to make it unique, give {} as given: {} (checked: unique with them)\n",
                    if givens.len() == 1 {
                        "this cell"
                    } else {
                        "these cells"
                    },
                    givens.join(", ")
                ));
            } else {
                text.push_str("no set of givens was found within the limits\n");
            }
            if check.flips.is_empty() {
                text.push_str(
                    "no single-cell change of the picture near the differing cells makes it \
                     unique\n",
                );
            } else {
                let flips: Vec<String> = check
                    .flips
                    .iter()
                    .map(|&(r, c, _)| cell_name((r, c)))
                    .collect();
                text.push_str(&format!(
                    "or change the picture: flipping any one of {} makes its puzzle unique \
                     (checked)\n",
                    flips.join(", ")
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
    json!({
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
            "timed_out": check.timed_out,
        },
    })
}
