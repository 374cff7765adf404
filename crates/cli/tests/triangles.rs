//! Triangle puzzles end to end: the glued-triangle examples among Olšák's files (shipped in
//! `testdata/corpus/olsak/`; a missing file is a failure) solve with the truthful verdict by
//! every engine, the SAT engine's independent encoding included, print their half cells, and
//! survive `.g` and JSON round trips through `convert`; a format without triangles refuses them.

use std::path::{Path, PathBuf};
use std::process::Command;

fn file(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/corpus/olsak")
        .join(name);
    assert!(path.is_file(), "missing {}", path.display());
    path
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nonogram"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_examples_are_unique_by_every_engine_and_print_their_triangles() {
    for name in ["noty.g", "brontik.g"] {
        let path = file(name);
        let path = path.to_str().unwrap();
        for engine in ["auto", "search", "learn", "sat"] {
            let (code, out, err) = run(&["solve", "--engine", engine, path]);
            assert_eq!(code, 0, "{name} {engine}: {err}");
            assert!(
                out.ends_with("unique solution\n"),
                "{name} {engine}:\n{out}"
            );
            assert!(out.contains('◢') && out.contains('◣'), "{name}:\n{out}");
        }
        let (code, out, _) = run(&["solve", "--output", "json", path]);
        assert_eq!(code, 0);
        assert!(out.contains("\"unique\""), "{out}");
    }
    // Clues print with their caps.
    let (_, out, _) = run(&["solve", file("noty.g").to_str().unwrap()]);
    assert!(out.contains("◢4◣"), "{out}");
}

#[test]
fn convert_round_trips_through_g_and_json_and_other_formats_refuse() {
    let dir = std::env::temp_dir().join(format!("nonogram-triangles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let noty = file("noty.g");
    let (_, original, _) = run(&["solve", noty.to_str().unwrap()]);
    for ext in ["json", "g"] {
        let to = dir.join(format!("noty.{ext}"));
        let (code, _, err) = run(&[
            "convert",
            noty.to_str().unwrap(),
            "-o",
            to.to_str().unwrap(),
            "--force",
        ]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = run(&["solve", to.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, original, "via {ext}");
    }
    let (code, _, err) = run(&[
        "convert",
        noty.to_str().unwrap(),
        "--to",
        "non",
        "-o",
        dir.join("noty.non").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("non cannot hold triangle puzzles"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_and_render_draw_triangles() {
    let noty = file("noty.g");
    let (code, out, err) = run(&["explain", noty.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("difficulty: line-solvable"), "{out}");
    let (code, svg, err) = run(&["render", noty.to_str().unwrap(), "--output", "svg"]);
    assert_eq!(code, 0, "{err}");
    assert!(svg.matches("<polygon").count() >= 40, "half cells drawn");
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nonogram-triangles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn make_turns_a_picture_with_half_cells_into_g_clues_that_solve_back() {
    let dir = scratch("make");
    let picture = dir.join("boat.txt");
    std::fs::write(&picture, "..◢#◣\n.◢##◤\n◥###◤\n").unwrap();
    let (code, clues, err) = run(&["make", picture.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("made a 5x3 puzzle (g)"), "{err}");
    assert!(clues.contains(": rows\n/3\\\n/4/\n\\5/\n"), "{clues}");
    assert!(err.contains("the solution is unique"), "{err}");
    let made = dir.join("boat.g");
    std::fs::write(&made, &clues).unwrap();
    let (code, out, err) = run(&["solve", made.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("unique solution\n"), "{out}");
    assert!(out.contains("◢   #   ◣"), "{out}");
    // A format that cannot hold the caps is refused in one line, before anything is written.
    let (code, _, err) = run(&["make", picture.to_str().unwrap(), "--to", "non"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot hold triangle puzzles"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hints_find_the_next_step_and_name_a_wrong_half_cell() {
    let dir = scratch("hint");
    let picture = dir.join("small.txt");
    std::fs::write(&picture, "◢#◣\n◥#◤\n..#\n").unwrap();
    let grid = dir.join("grid.txt");
    std::fs::write(&grid, "???\n???\n???\n").unwrap();
    let args = |grid: &Path| {
        run(&[
            "explain",
            "--hint",
            "--grid",
            grid.to_str().unwrap(),
            picture.to_str().unwrap(),
        ])
    };
    let (code, out, err) = args(&grid);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("cell 1 lower-right, cell 2 black, cell 3 lower-left"),
        "{out}"
    );
    std::fs::write(&grid, "#??\n???\n???\n").unwrap();
    let (code, out, _) = args(&grid);
    assert_eq!(code, 1);
    assert!(
        out.contains("(r1,c1) is black (the solution has lower-right)"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn batch_and_deduce_only_report_the_examples() {
    let noty = file("noty.g");
    let brontik = file("brontik.g");
    let (code, out, err) = run(&["batch", noty.to_str().unwrap(), brontik.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    for line in lines {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["status"], "unique", "{line}");
    }
    let (code, out, err) = run(&["solve", "--deduce-only", brontik.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("line solving alone"), "{out}");
}
