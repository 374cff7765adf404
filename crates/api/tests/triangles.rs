//! Triangle puzzles through the API, as the page asks for them: a `.g` text with glued half
//! cells parsed (every run's caps in the puzzle JSON), solved (the solution's half cells by
//! their characters), explained (the steps' clues with their caps, the cells they decide by
//! palette index) and hinted, and the shipped example `noty` solved to its one solution.

use std::sync::atomic::AtomicBool;

use nonogram_api::{Answer, Api, Limits};
use serde_json::{json, Value};

/// A 3×3 triangle puzzle, an octagon: `◢#◣`, `###`, `◥#◤`. Its rows read `/3\`, `3`, `\3/`,
/// and so do its columns (in a column `/` before a number is `◢` at the top, `\` after it `◥`
/// at the bottom).
const OCTAGON: &str = "An octagon, cut corners as half cells\n\
#d\n\
  1:*   black\n\
  /:a   white/black  <<  trojuhelnik\n\
  /:b   black/white  >>  trojuhelnik\n\
  \\:c   white\\black  <>  trojuhelnik\n\
  \\:d   black\\white  ><  trojuhelnik\n\
: rows\n\
/3\\\n\
3\n\
\\3/\n\
: columns\n\
/3\\\n\
3\n\
\\3/\n\
: end\n";

fn call(operation: &str, body: Value) -> Value {
    let api = Api::new(Limits::default());
    let body = serde_json::to_vec(&body).unwrap();
    match api.call(operation, &body, None, &AtomicBool::new(false)) {
        Ok(Answer::Json(value)) => value,
        Ok(_) => panic!("{operation}: not JSON"),
        Err(e) => panic!("{operation}: {e}"),
    }
}

#[test]
fn a_triangle_puzzle_parses_with_its_caps() {
    let parsed = call("parse", json!({ "puzzle": OCTAGON }));
    let puzzle = &parsed["puzzle"];
    assert_eq!(puzzle["triangles"], true, "{parsed}");
    let symbols: Vec<&str> = puzzle["palette"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["symbol"].as_str().unwrap())
        .collect();
    assert_eq!(symbols, [".", "#", "◢", "◤", "◥", "◣"]);
    // Rows: `/3\` is ◢ then ◣; columns: `/3\` is ◢ at the top, ◥ at the bottom.
    assert_eq!(
        puzzle["rows"],
        json!([
            [{ "length": 3, "colour": 1, "start": 2, "end": 5 }],
            [{ "length": 3, "colour": 1 }],
            [{ "length": 3, "colour": 1, "start": 4, "end": 3 }],
        ])
    );
    assert_eq!(
        puzzle["columns"][0],
        json!([{ "length": 3, "colour": 1, "start": 2, "end": 4 }])
    );
    assert_eq!(
        puzzle["columns"][2],
        json!([{ "length": 3, "colour": 1, "start": 5, "end": 3 }])
    );
    // A black-and-white puzzle says nothing of triangles.
    let plain = call(
        "parse",
        json!({ "puzzle": "width 1\nheight 1\nrows\n1\ncolumns\n1\n" }),
    );
    assert!(plain["puzzle"].get("triangles").is_none(), "{plain}");
    assert!(plain["puzzle"]["rows"][0][0].get("start").is_none());
}

#[test]
fn a_triangle_puzzle_solves_to_its_half_cells() {
    let solved = call("solve", json!({ "puzzle": OCTAGON }));
    assert_eq!(solved["status"], "unique", "{solved}");
    assert_eq!(
        solved["solutions"][0],
        json!(["◢#◣", "###", "◥#◤"]),
        "{solved}"
    );
}

#[test]
fn a_triangle_puzzles_explanation_gives_caps_and_half_cells() {
    let explained = call("explain", json!({ "puzzle": OCTAGON }));
    let steps = explained["steps"].as_array().expect("steps");
    assert!(!steps.is_empty(), "{explained}");
    // Every cell the steps decide, by palette index, ends as the solution has it.
    let mut grid = [[-1i64; 3]; 3];
    for step in steps {
        for cell in step["cells"].as_array().unwrap() {
            let [r, c, v] = [0, 1, 2].map(|k| cell[k].as_i64().unwrap());
            grid[r as usize][c as usize] = v;
        }
    }
    assert_eq!(grid, [[2, 1, 5], [1, 1, 1], [4, 1, 3]], "{explained}");
    // A line step of a capped clue says its caps, by the half cells' characters.
    let capped = steps
        .iter()
        .find(|s| s["kind"] == "line" && s["line"] == "row" && s["index"] == 0)
        .expect("a step on the first row");
    assert_eq!(capped["clue"], json!([3]));
    assert_eq!(capped["caps"], json!([["◢", "◣"]]), "{capped}");
    let plain = steps
        .iter()
        .find(|s| s["kind"] == "line" && s["line"] == "row" && s["index"] == 1);
    if let Some(plain) = plain {
        assert!(plain.get("caps").is_none(), "{plain}");
    }
}

#[test]
fn a_hint_on_a_triangle_puzzle_names_a_half_cell_step() {
    let hint = call(
        "hint",
        json!({ "puzzle": OCTAGON, "grid": ["???", "???", "???"] }),
    );
    assert!(hint["step"].is_object(), "{hint}");
    assert!(
        !hint["step"]["cells"].as_array().unwrap().is_empty(),
        "{hint}"
    );
}

#[test]
fn the_shipped_triangle_example_solves_to_one_solution_with_half_cells() {
    let examples = call("examples", json!(null));
    let noty = examples
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == "noty")
        .expect("the example noty");
    let parsed = call(
        "parse",
        json!({ "puzzle": noty["text"], "format": noty["format"] }),
    );
    assert_eq!(parsed["puzzle"]["triangles"], true);
    let solved = call(
        "solve",
        json!({ "puzzle": noty["text"], "format": noty["format"] }),
    );
    assert_eq!(solved["status"], "unique", "{solved}");
    let rows: Vec<&str> = solved["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert!(
        rows.iter().any(|r| r.contains(['◢', '◤', '◥', '◣'])),
        "{rows:?}"
    );
}
