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
