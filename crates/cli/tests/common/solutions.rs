//! Solutions checked against the clues of a puzzle as the JSON API gives it (`/api/parse`):
//! black-and-white and colour lines read back as runs, triangle lines fitted to their clues.

use serde_json::Value;

/// The runs of a line of palette characters, `.` the background: (character, length).
pub fn runs(cells: impl Iterator<Item = char>) -> Vec<(char, u64)> {
    let mut out: Vec<(char, u64)> = Vec::new();
    let mut last = '.';
    for c in cells {
        if c != '.' && c == last {
            out.last_mut().unwrap().1 += 1;
        } else if c != '.' {
            out.push((c, 1));
        }
        last = c;
    }
    out
}

/// Checks a solution against the clues of a puzzle as `/api/parse` gives it (colours too).
pub fn assert_solves(puzzle: &Value, rows: &[Value]) {
    let rows: Vec<&str> = rows.iter().map(|r| r.as_str().unwrap()).collect();
    let symbol = |colour: &Value| -> char {
        let index = colour.as_u64().unwrap() as usize;
        puzzle["palette"][index]["symbol"]
            .as_str()
            .unwrap()
            .chars()
            .next()
            .unwrap()
    };
    let clue_runs = |clue: &Value| -> Vec<(char, u64)> {
        clue.as_array()
            .unwrap()
            .iter()
            .map(|run| (symbol(&run["colour"]), run["length"].as_u64().unwrap()))
            .collect()
    };
    assert_eq!(puzzle["palette"][0]["symbol"], ".");
    for (r, clue) in puzzle["rows"].as_array().unwrap().iter().enumerate() {
        assert_eq!(runs(rows[r].chars()), clue_runs(clue), "row {r}");
    }
    for (c, clue) in puzzle["columns"].as_array().unwrap().iter().enumerate() {
        let column = rows.iter().map(|row| row.chars().nth(c).unwrap());
        assert_eq!(runs(column), clue_runs(clue), "column {c}");
    }
}

/// [`assert_solves`] for a triangle puzzle, whose lines are fitted to their clues (caps glued
/// to their runs), never read back as runs: the library's rule, `line_fits`.
pub fn assert_triangles_solve(puzzle: &Value, rows: &[Value]) {
    use nonogram_core::model::triangle::line_fits;
    use nonogram_core::{Clue, ColourId, Run};
    let id = |i: u64| ColourId::new(i as usize).unwrap();
    let palette = puzzle["palette"].as_array().unwrap();
    let index = |ch: char| {
        let at = palette
            .iter()
            .position(|e| e["symbol"].as_str().unwrap().starts_with(ch));
        id(at.unwrap() as u64)
    };
    let clue = |runs: &Value| {
        Clue::capped(runs.as_array().unwrap().iter().map(|run| {
            let cap = |key: &str| id(run.get(key).map_or(0, |v| v.as_u64().unwrap()));
            let length = run["length"].as_u64().unwrap() as u32;
            (
                Run::new(length, id(run["colour"].as_u64().unwrap())),
                [cap("start"), cap("end")],
            )
        }))
    };
    let grid: Vec<Vec<ColourId>> = rows
        .iter()
        .map(|r| r.as_str().unwrap().chars().map(index).collect())
        .collect();
    for (r, runs) in puzzle["rows"].as_array().unwrap().iter().enumerate() {
        assert!(line_fits(&clue(runs), &grid[r]), "row {r}");
    }
    for (c, runs) in puzzle["columns"].as_array().unwrap().iter().enumerate() {
        let column: Vec<ColourId> = grid.iter().map(|row| row[c]).collect();
        assert!(line_fits(&clue(runs), &column), "column {c}");
    }
}
