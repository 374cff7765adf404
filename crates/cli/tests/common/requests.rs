//! One set of API requests, every operation with good and bad input, that each transport must
//! answer alike: the library called directly, `nonogram serve` over HTTP, and the WebAssembly
//! build in the browser. Answers are compared whole, apart from the time they took.

use serde_json::{json, Value};

use super::web::repo_text;

/// One request: the operation, its body (JSON, or for `picture` the image), and for `picture`
/// its options.
#[derive(Clone, Debug)]
pub struct Case {
    /// A name for messages.
    pub name: String,
    pub operation: &'static str,
    pub body: Vec<u8>,
    pub query: Option<Value>,
}

fn case(name: &str, operation: &'static str, body: Value) -> Case {
    Case {
        name: name.to_string(),
        operation,
        body: body.to_string().into_bytes(),
        query: None,
    }
}

/// A PNG image `w`×`h`, dark where `dark` says.
pub fn png(w: u32, h: u32, dark: impl Fn(u32, u32) -> bool) -> Vec<u8> {
    let image =
        image::GrayImage::from_fn(w, h, |x, y| image::Luma([if dark(x, y) { 0 } else { 255 }]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// Every case.
pub fn cases() -> Vec<Case> {
    let duck = repo_text("testdata/seeds/duck.non");
    let colour = repo_text("testdata/formats/nonogrid-colour-uk.toml");
    let picture_text = "#.#\n.#.\n#.#\n";
    let smile = repo_text("testdata/formats/smile.non");
    let noty = repo_text("testdata/corpus/olsak/noty.g");
    let ambiguous = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n";
    let impossible = "width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n";
    // Given cells: a Tatham id's (its second puzzle gives six) and a JSON puzzle's, whose one
    // given cell makes the ambiguous 2×2 unique.
    let ids = repo_text("testdata/formats/tatham-pattern-ids.txt");
    let given = r##"{"rows": [[1], [1]], "columns": [[1], [1]], "givens": ["#?", "??"]}"##;
    let mut cases = vec![
        case("info", "info", json!(null)),
        case("examples", "examples", json!(null)),
        // parse
        case("parse", "parse", json!({ "puzzle": duck })),
        case("parse colour", "parse", json!({ "puzzle": colour })),
        case(
            "parse as non",
            "parse",
            json!({ "puzzle": smile, "format": "non" }),
        ),
        case(
            "parse unknown format",
            "parse",
            json!({ "puzzle": duck, "format": "nope" }),
        ),
        case(
            "parse garbage",
            "parse",
            json!({ "puzzle": "width 3\nheight x\n" }),
        ),
        case(
            "parse no such index",
            "parse",
            json!({ "puzzle": duck, "index": 3 }),
        ),
        case(
            "parse unknown field",
            "parse",
            json!({ "puzzle": duck, "colour": true }),
        ),
        case("parse not an object", "parse", json!([1, 2])),
        Case {
            name: "parse not JSON".into(),
            operation: "parse",
            body: b"{\"puzzle\": ".to_vec(),
            query: None,
        },
        // solve and deduce
        case("solve", "solve", json!({ "puzzle": duck })),
        case("solve colour", "solve", json!({ "puzzle": colour })),
        case(
            "solve named",
            "solve",
            json!({ "puzzle": duck, "name": "duck", "solutions": 1 }),
        ),
        case(
            "solve ambiguous",
            "solve",
            json!({ "puzzle": ambiguous, "solutions": 5 }),
        ),
        case("solve impossible", "solve", json!({ "puzzle": impossible })),
        case(
            "solve search",
            "solve",
            json!({ "puzzle": smile, "engine": "search" }),
        ),
        case(
            "solve learn",
            "solve",
            json!({ "puzzle": smile, "engine": "learn", "seed": 3 }),
        ),
        case(
            "solve unknown engine",
            "solve",
            json!({ "puzzle": duck, "engine": "fast" }),
        ),
        case(
            "solve 0 solutions",
            "solve",
            json!({ "puzzle": duck, "solutions": 0 }),
        ),
        case(
            "solve 101 solutions",
            "solve",
            json!({ "puzzle": duck, "solutions": 101 }),
        ),
        case(
            "solve negative timeout",
            "solve",
            json!({ "puzzle": duck, "timeout": -1 }),
        ),
        case("deduce", "deduce", json!({ "puzzle": duck })),
        case("deduce ambiguous", "deduce", json!({ "puzzle": ambiguous })),
        case(
            "deduce with an engine",
            "deduce",
            json!({ "puzzle": duck, "engine": "search" }),
        ),
        // explain and hint
        case("explain", "explain", json!({ "puzzle": duck })),
        case("explain colour", "explain", json!({ "puzzle": colour })),
        case(
            "explain 3 steps",
            "explain",
            json!({ "puzzle": duck, "max_steps": 3 }),
        ),
        case(
            "explain no time",
            "explain",
            json!({ "puzzle": duck, "timeout": 0 }),
        ),
        case(
            "explain impossible",
            "explain",
            json!({ "puzzle": impossible }),
        ),
        case(
            "explain bad grid",
            "explain",
            json!({ "puzzle": duck, "grid": ["#"] }),
        ),
        case(
            "hint",
            "hint",
            json!({ "puzzle": ambiguous, "grid": ["??", "??"] }),
        ),
        case(
            "hint on a mistake",
            "hint",
            json!({ "puzzle": ambiguous, "grid": ["#.", "#."] }),
        ),
        case(
            "hint colour",
            "hint",
            json!({ "puzzle": colour, "grid": [] }),
        ),
        case(
            "hint bad grid",
            "hint",
            json!({ "puzzle": smile, "grid": ["#"] }),
        ),
        case("hint without a grid", "hint", json!({ "puzzle": duck })),
        // a triangle puzzle (Olšák's `noty.g`), through every operation that reads a puzzle
        case("parse triangles", "parse", json!({ "puzzle": noty })),
        case("solve triangles", "solve", json!({ "puzzle": noty })),
        case("deduce triangles", "deduce", json!({ "puzzle": noty })),
        case(
            "explain triangles",
            "explain",
            json!({ "puzzle": noty, "max_steps": 4 }),
        ),
        case(
            "hint triangles",
            "hint",
            json!({ "puzzle": noty, "grid": vec!["?".repeat(20); 25] }),
        ),
        case(
            "convert triangles",
            "convert",
            json!({ "puzzle": noty, "to": "json" }),
        ),
        case(
            "convert triangles refused",
            "convert",
            json!({ "puzzle": noty, "to": "non" }),
        ),
        case("render triangles", "render", json!({ "puzzle": noty })),
        // given cells, through every operation that reads a puzzle
        case("parse givens", "parse", json!({ "puzzle": given })),
        case(
            "parse tatham givens",
            "parse",
            json!({ "puzzle": ids, "index": 1 }),
        ),
        case(
            "solve givens",
            "solve",
            json!({ "puzzle": given, "solutions": 5 }),
        ),
        case(
            "solve tatham givens",
            "solve",
            json!({ "puzzle": ids, "index": 1, "engine": "learn" }),
        ),
        case("deduce givens", "deduce", json!({ "puzzle": given })),
        case("explain givens", "explain", json!({ "puzzle": given })),
        case(
            "hint givens",
            "hint",
            json!({ "puzzle": given, "grid": ["#?", "??"] }),
        ),
        case(
            "hint against a given",
            "hint",
            json!({ "puzzle": given, "grid": [".#", "??"] }),
        ),
        case(
            "convert givens",
            "convert",
            json!({ "puzzle": ids, "index": 1, "to": "tatham" }),
        ),
        case(
            "convert givens refused",
            "convert",
            json!({ "puzzle": given, "to": "non" }),
        ),
        case("render givens", "render", json!({ "puzzle": given })),
        // make and picture
        case(
            "make",
            "make",
            json!({ "picture": [".###.", "##.#.", ".###.", "..##.", "..###"], "title": "t" }),
        ),
        case("make ambiguous", "make", json!({ "picture": ["#.", ".#"] })),
        case(
            "make without the map",
            "make",
            json!({ "picture": ["#.", ".#"], "map": false }),
        ),
        case(
            "make ambiguous for json",
            "make",
            json!({ "picture": ["#.", ".#"], "to": "json" }),
        ),
        case(
            "make ambiguous for tatham",
            "make",
            json!({ "picture": ["#..", ".#.", "..."], "to": "tatham" }),
        ),
        case(
            "make a pair of changes",
            "make",
            json!({ "picture": repo_text("testdata/cli/dots.txt").lines().collect::<Vec<_>>() }),
        ),
        case(
            "make for an unwritable format",
            "make",
            json!({ "picture": ["#."], "to": "cwd" }),
        ),
        case(
            "make in colour",
            "make",
            json!({
                "picture": ["r.", ".b"],
                "palette": [
                    { "name": "white", "rgb": "#ffffff", "symbol": "." },
                    { "name": "red", "rgb": "#e53935", "symbol": "r" },
                    { "name": "blue", "rgb": "#1e88e5", "symbol": "b" },
                ],
            }),
        ),
        case(
            "make in colour, ambiguous",
            "make",
            json!({
                "picture": ["r.", ".r"],
                "palette": [
                    { "name": "white", "rgb": "#ffffff", "symbol": "." },
                    { "name": "red", "rgb": "#e53935", "symbol": "r" },
                ],
            }),
        ),
        case(
            "make in colour, a stranger symbol",
            "make",
            json!({
                "picture": ["rx"],
                "palette": [
                    { "name": "white", "rgb": "#ffffff", "symbol": "." },
                    { "name": "red", "rgb": "#e53935", "symbol": "r" },
                ],
            }),
        ),
        case("make no rows", "make", json!({ "picture": [] })),
        case("make bad cell", "make", json!({ "picture": ["#?"] })),
        Case {
            name: "picture from an image".into(),
            operation: "picture",
            body: png(40, 20, |x, _| x < 20),
            query: Some(json!({ "width": 4, "height": 2 })),
        },
        Case {
            name: "picture inverted".into(),
            operation: "picture",
            body: png(40, 20, |x, y| x < 20 && y < 5),
            query: Some(json!({ "width": 4, "height": 4, "invert": true, "threshold": 100 })),
        },
        Case {
            name: "picture from text".into(),
            operation: "picture",
            body: b"#.#\n.#.\n".to_vec(),
            query: None,
        },
        Case {
            name: "picture too wide".into(),
            operation: "picture",
            body: png(4, 4, |_, _| true),
            query: Some(json!({ "width": 201, "height": 2 })),
        },
        Case {
            name: "picture without a size".into(),
            operation: "picture",
            body: png(4, 4, |_, _| true),
            query: None,
        },
        Case {
            name: "picture broken".into(),
            operation: "picture",
            body: png(4, 4, |_, _| true)[..30].to_vec(),
            query: Some(json!({ "width": 2, "height": 2 })),
        },
        // convert and render
        case("convert", "convert", json!({ "puzzle": duck, "to": "nin" })),
        case(
            "convert titled",
            "convert",
            json!({ "puzzle": duck, "to": "json", "title": "T" }),
        ),
        case(
            "convert colour",
            "convert",
            json!({ "puzzle": colour, "to": "xml" }),
        ),
        case(
            "convert with its solution",
            "convert",
            json!({ "puzzle": picture_text, "format": "picture", "to": "non" }),
        ),
        case(
            "convert without its solution",
            "convert",
            json!({ "puzzle": picture_text, "format": "picture", "to": "xml", "solution": false }),
        ),
        case(
            "convert to a picture without its solution",
            "convert",
            json!({ "puzzle": picture_text, "format": "picture", "to": "picture", "solution": false }),
        ),
        case(
            "convert unwritable",
            "convert",
            json!({ "puzzle": duck, "to": "cwd" }),
        ),
        case(
            "convert colour to nin",
            "convert",
            json!({ "puzzle": colour, "to": "nin" }),
        ),
        case("render", "render", json!({ "puzzle": duck })),
        case(
            "render png",
            "render",
            json!({ "puzzle": duck, "kind": "png", "cell": 8 }),
        ),
        case(
            "render blank",
            "render",
            json!({ "puzzle": colour, "what": "blank" }),
        ),
        case(
            "render grid",
            "render",
            json!({ "puzzle": ambiguous, "what": "grid", "grid": ["#?", "?."] }),
        ),
        case(
            "render impossible",
            "render",
            json!({ "puzzle": impossible }),
        ),
        case(
            "render bad kind",
            "render",
            json!({ "puzzle": duck, "kind": "gif" }),
        ),
        case(
            "render tiny cells",
            "render",
            json!({ "puzzle": duck, "cell": 2 }),
        ),
        case(
            "render grid without one",
            "render",
            json!({ "puzzle": duck, "what": "grid" }),
        ),
        // booklet: the same PDF bytes from every transport
        case(
            "booklet",
            "booklet",
            json!({ "puzzle": duck, "paper": "letter", "solutions": true }),
        ),
        case(
            "booklet ambiguous, four a page",
            "booklet",
            json!({ "puzzle": ambiguous, "per_page": 4, "solutions": true }),
        ),
        case("booklet blank", "booklet", json!({ "puzzle": colour })),
        case(
            "booklet bad paper",
            "booklet",
            json!({ "puzzle": duck, "paper": "a3" }),
        ),
        case(
            "booklet too many a page",
            "booklet",
            json!({ "puzzle": duck, "per_page": 37 }),
        ),
        case(
            "booklet timeout without solutions",
            "booklet",
            json!({ "puzzle": duck, "timeout": 1 }),
        ),
        // generate: the same seed gives the same puzzle on every transport
        case(
            "generate medium",
            "generate",
            json!({ "width": 10, "height": 10, "difficulty": "medium", "seed": 3 }),
        ),
        case(
            "generate colour",
            "generate",
            json!({ "width": 8, "height": 6, "colours": 3, "style": "symmetric", "seed": 1 }),
        ),
        case(
            "generate out of reach",
            "generate",
            json!({ "width": 5, "height": 5, "difficulty": "hard", "timeout": 0.3 }),
        ),
        case(
            "generate bad difficulty",
            "generate",
            json!({ "width": 5, "height": 5, "difficulty": "fiendish" }),
        ),
        case(
            "generate too large",
            "generate",
            json!({ "width": 500, "height": 5 }),
        ),
        case(
            "generate unknown field",
            "generate",
            json!({ "width": 5, "height": 5, "size": "5x5" }),
        ),
    ];
    cases.push(case(
        "solve sat",
        "solve",
        json!({ "puzzle": smile, "engine": "sat" }),
    ));
    cases
}

/// `value` without the fields that say how long something took (`elapsed_ms` and the like),
/// which no two runs share.
pub fn timeless(mut value: Value) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.retain(|key, _| !key.starts_with("elapsed"));
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value
}

/// The query string the server takes for a picture's options.
pub fn query_string(query: &Value) -> String {
    let pairs: Vec<String> = query
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| format!("{k}={}", v.to_string().trim_matches('"')))
        .collect();
    pairs.join("&")
}
