//! `nonogram serve`'s API, against the built binary on an ephemeral 127.0.0.1 port: every
//! address with good and bad input, the limits (body size, time, solves at once), cancellation
//! (an explicit cancel, a closed connection), a bounded burst of concurrent requests, and the
//! log line per request. Every error must be JSON with one sentence and a 4xx status (503 for
//! a busy server), never a panic or a hung connection.
//!
//! (Nearly 900 lines: one test file per API, as for every command, so that `cargo test --test
//! serve` runs the API alone and the server is built once for all of its tests.)

mod common;

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::solutions::{assert_solves, assert_triangles_solve};
use common::web::{read_response, repo_text, request, Server};
use serde_json::{json, Value};

/// A puzzle that the search engine alone does not finish (Knotty, from Wolter's survey: only
/// the learner's symmetric first attempt solves it), to have a solve that runs until stopped.
fn slow_puzzle() -> String {
    repo_text("testdata/corpus/survey/knotty.nin")
}

fn duck() -> String {
    repo_text("testdata/seeds/duck.non")
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let server = Server::start(&["--quiet"]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.contains("default-src 'self'"), "{policy}");
    assert!(page
        .text()
        .contains(r#"<script type="module" src="app.js">"#));
    // The served page asks the server; the static site's copy asks WebAssembly.
    assert!(page
        .text()
        .contains(r#"<meta name="nonogram-backend" content="server">"#));
    // Every module the page imports is served.
    let mut modules = vec!["app.js".to_string()];
    let mut seen = 0;
    while seen < modules.len() {
        let path = modules[seen].clone();
        seen += 1;
        let text = server.get(&format!("/{path}")).text();
        let dir = path.rsplit_once('/').map_or("", |(dir, _)| dir);
        // `import ... from "X";` (on one line or closing several) and `import "X";`.
        let targets = text.lines().filter_map(|l| {
            let l = l.trim_start();
            let quoted = l
                .strip_prefix("import \"")
                .or_else(|| l.split_once(" from \"").map(|(_, rest)| rest))?;
            quoted.split('"').next()
        });
        for target in targets {
            let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
            for part in target.split('/') {
                match part {
                    "." => {}
                    ".." => {
                        parts.pop();
                    }
                    part => parts.push(part),
                }
            }
            let resolved = parts.join("/");
            if !modules.contains(&resolved) {
                modules.push(resolved);
            }
        }
    }
    assert!(modules.len() > 10, "{modules:?}");
    for path in modules
        .iter()
        .map(|m| format!("/{m}"))
        .chain(["/style.css".into(), "/favicon.svg".into()])
    {
        let media = match path.rsplit_once('.').unwrap().1 {
            "js" => "text/javascript",
            "css" => "text/css",
            _ => "image/svg+xml",
        };
        let asset = server.get(&path);
        assert_eq!(asset.status, 200, "{path}");
        assert!(
            asset.header("content-type").unwrap().starts_with(media),
            "{path}"
        );
    }
    // Offline: nothing in the page refers to another host.
    for path in modules
        .iter()
        .map(|m| format!("/{m}"))
        .chain(["/".into(), "/style.css".into()])
    {
        let text = server.get(&path).text();
        for sign in ["http://", "https://", "//cdn", "@import"] {
            assert!(!text.contains(sign), "{path} mentions {sign}");
        }
    }
}

/// Every file of `crates/cli/web/` is served by `nonogram serve` with its media type (but the
/// static site's own workers: the service worker and the WebAssembly's), and listed in that
/// service worker's `FILES`, which it keeps for offline use: a new module or icon cannot be
/// forgotten in either.
#[test]
fn every_file_of_the_page_is_served_and_kept_offline() {
    let server = Server::start(&["--quiet"]);
    let web = common::repo_root().join("crates/cli/web");
    let sw = repo_text("crates/cli/web/sw.js");
    let listed: Vec<&str> = sw
        .split("const FILES = [")
        .nth(1)
        .and_then(|rest| rest.split("];").next())
        .expect("sw.js lists its FILES")
        .split(',')
        .map(|f| f.trim().trim_matches('"'))
        .filter(|f| !f.is_empty())
        .collect();
    let mut files = 0;
    for entry in walkdir::WalkDir::new(&web) {
        let entry = entry.unwrap();
        if !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path().strip_prefix(&web).unwrap().to_str().unwrap();
        files += 1;
        if path == "sw.js" {
            continue;
        }
        assert!(listed.contains(&path), "sw.js's FILES lacks {path}");
        if path == "js/worker.js" {
            continue;
        }
        let media = match path.rsplit_once('.').unwrap().1 {
            "js" => "text/javascript",
            "css" => "text/css",
            "html" => "text/html",
            "svg" => "image/svg+xml",
            "png" => "image/png",
            "webmanifest" => "application/manifest+json",
            other => panic!("{path}: a kind of file the test does not know ({other})"),
        };
        let served = server.get(&format!("/{path}"));
        assert_eq!(served.status, 200, "{path}");
        assert!(
            served.header("content-type").unwrap().starts_with(media),
            "{path}: {:?}",
            served.header("content-type")
        );
        assert_eq!(served.body, std::fs::read(entry.path()).unwrap(), "{path}");
    }
    assert!(files > 20, "{files} files in {}", web.display());
    // And nothing listed that is not there (but the site's own additions).
    for path in listed {
        let site_only = path == "./" || path.starts_with("wasm/");
        assert!(
            site_only || web.join(path).is_file(),
            "sw.js lists {path}, which does not exist"
        );
    }
}

#[test]
fn info_lists_limits_formats_and_engines() {
    let server = Server::start(&["--quiet", "--max-time", "7", "--jobs", "3"]);
    let info = server.get("/api/info").json();
    assert_eq!(info["limits"]["max_time_s"], 7.0);
    assert_eq!(info["limits"]["jobs"], 3);
    assert_eq!(info["limits"]["max_body_bytes"], 1024 * 1024);
    let formats = info["formats"].as_array().unwrap();
    let writable: Vec<&str> = formats
        .iter()
        .filter(|f| f["writable"] == true)
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        writable,
        ["non", "nin", "g", "xml", "string", "gecode", "json", "picture", "tatham"]
    );
    assert_eq!(info["engines"], json!(["auto", "search", "learn", "sat"]));
    assert_eq!(
        server.get("/api/jobs").json(),
        json!({"running": 0, "capacity": 3})
    );
}

#[test]
fn every_shipped_example_parses_and_solves_uniquely() {
    let server = Server::start(&["--quiet"]);
    let examples = server.get("/api/examples").json();
    let examples = examples.as_array().unwrap();
    let ids: Vec<&str> = examples.iter().map(|e| e["id"].as_str().unwrap()).collect();
    for wanted in [
        "duck",
        "lambda",
        "r-logo",
        "gecode-heart",
        "webpbn-00001",
        "not-invented-yet-3",
    ] {
        assert!(ids.contains(&wanted), "{wanted} in {ids:?}");
    }
    let mut colour = 0;
    for example in examples {
        let id = example["id"].as_str().unwrap();
        assert!(!example["attribution"].as_str().unwrap().is_empty(), "{id}");
        assert!(example["file"].as_str().unwrap().starts_with("testdata/"));
        let text = example["text"].as_str().unwrap();
        let parsed = server.post("/api/parse", &json!({ "puzzle": text }));
        assert_eq!(parsed.status, 200, "{id}: {}", parsed.text());
        let parsed = parsed.json();
        // The page reads it in the format the list gives.
        assert_eq!(parsed["format"], example["format"], "{id}");
        assert_eq!(parsed["count"], 1);
        let puzzle = &parsed["puzzle"];
        assert_eq!(puzzle["palette"][1]["symbol"], "#", "{id}");
        if puzzle["palette"].as_array().unwrap().len() > 2 && puzzle["triangles"] != true {
            colour += 1;
        }
        let solved = server
            .post("/api/solve", &json!({ "puzzle": text, "name": id }))
            .json();
        assert_eq!(solved["status"], "unique", "{id}: {solved}");
        assert_eq!(solved["source"], id);
        assert_eq!(solved["message"], "unique solution");
        let solution = solved["solutions"][0].as_array().unwrap();
        if puzzle["triangles"] == true {
            assert_triangles_solve(puzzle, solution);
        } else {
            assert_solves(puzzle, solution);
        }
    }
    assert_eq!(colour, 1, "one colour puzzle among the examples");
}

#[test]
fn solve_reports_every_verdict_as_the_command_line_does() {
    let server = Server::start(&["--quiet"]);
    let two = repo_text("testdata/cli/two-solutions.non");
    let multiple = server.post("/api/solve", &json!({ "puzzle": two })).json();
    assert_eq!(multiple["status"], "multiple");
    assert_eq!(multiple["solutions"].as_array().unwrap().len(), 2);
    assert_eq!(
        multiple["differing_cells"],
        json!([[0, 0], [0, 1], [1, 0], [1, 1]])
    );
    assert!(multiple["message"]
        .as_str()
        .unwrap()
        .starts_with("at least 2 solutions: they differ in 4 cells"));
    // The same record the command line prints, field for field but `source` and time.
    let cli = common::run_at_root(&[
        "solve",
        "--output",
        "json",
        "testdata/cli/two-solutions.non",
    ]);
    let mut cli: Value = serde_json::from_str(&cli.stdout).unwrap();
    let mut web = multiple.clone();
    for record in [&mut cli, &mut web] {
        let object = record.as_object_mut().unwrap();
        for field in ["source", "elapsed_ms", "message"] {
            object.remove(field);
        }
    }
    assert_eq!(web, cli);

    let none = repo_text("testdata/cli/no-solution.non");
    let none = server.post("/api/solve", &json!({ "puzzle": none })).json();
    assert_eq!(none["status"], "none");

    let one = server
        .post("/api/solve", &json!({ "puzzle": two, "solutions": 1 }))
        .json();
    assert_eq!(
        (one["status"].as_str(), one["stop"].as_str()),
        (Some("solved"), Some("solution-limit"))
    );

    for engine in ["search", "learn", "sat", "auto"] {
        let solved = server
            .post(
                "/api/solve",
                &json!({ "puzzle": duck(), "engine": engine, "seed": 3 }),
            )
            .json();
        assert_eq!(solved["status"], "unique", "{engine}");
    }

    let deduced = server
        .post(
            "/api/deduce",
            &json!({ "puzzle": repo_text("testdata/puzzles/webpbn-06574.non") }),
        )
        .json();
    assert!(deduced["sweeps"].as_u64().unwrap() > 0, "{deduced}");
    assert!(deduced.get("engine").is_none());
    let same = server
        .post(
            "/api/solve",
            &json!({ "puzzle": repo_text("testdata/puzzles/webpbn-06574.non"), "deduce": true }),
        )
        .json();
    assert_eq!(same["solutions"], deduced["solutions"]);

    // A file of several puzzles: `index` picks one.
    let three = repo_text("testdata/cli/three-puzzles.txt");
    let parsed = server
        .post("/api/parse", &json!({ "puzzle": three, "index": 2 }))
        .json();
    assert_eq!(
        (parsed["count"].as_u64(), parsed["index"].as_u64()),
        (Some(3), Some(2))
    );
    let solved = server
        .post("/api/solve", &json!({ "puzzle": three, "index": 1 }))
        .json();
    assert_eq!(solved["index"], 1);
}

#[test]
fn bad_requests_get_one_sentence_and_a_4xx_status() {
    let server = Server::start(&["--quiet"]);
    let raw = |path: &str, body: &[u8]| {
        request(server.addr, "POST", path, Some("application/json"), body)
    };
    assert!(raw("/api/solve", b"{not json").error(400).contains("JSON"));
    assert!(raw("/api/solve", b"").error(400).contains("JSON"));
    let typo = server.post("/api/solve", &json!({ "puzzle": duck(), "timout": 1 }));
    assert!(typo.error(400).contains("timout"));
    let garbage = server.post("/api/solve", &json!({ "puzzle": "this is no puzzle" }));
    assert!(garbage.error(422).contains("does not parse"));
    let binary = server.post("/api/parse", &json!({ "puzzle": "\u{0}\u{1}" }));
    binary.error(422);
    for (field, value) in [
        ("timeout", json!(-1)),
        ("solutions", json!(0)),
        ("solutions", json!(101)),
        ("engine", json!("quantum")),
        ("format", json!("nope")),
        ("index", json!(5)),
        ("id", json!("")),
    ] {
        let mut body = json!({ "puzzle": duck() });
        body[field] = value.clone();
        let answer = server.post("/api/solve", &body);
        answer.error(400);
    }
    let both = server.post("/api/deduce", &json!({ "puzzle": duck(), "engine": "sat" }));
    assert!(both.error(400).contains("line solving alone"));
    assert_eq!(
        server.get("/api/nothing").error(404),
        "there is nothing at this address"
    );
    server.get("/no/such/page").error(404);
    server.get("/api/solve").error(405);
    request(server.addr, "DELETE", "/api/info", None, b"").error(405);
    // Over the body limit: 413, whatever the body holds.
    let big = vec![b' '; 1024 * 1024 + 1];
    raw("/api/solve", &big).error(413);
    server
        .post_bytes("/api/picture", &vec![0u8; 8 * 1024 * 1024 + 1])
        .error(413);
    // The server is still there and well.
    assert_eq!(
        server
            .post("/api/solve", &json!({ "puzzle": duck() }))
            .status,
        200
    );
}

#[test]
fn a_request_cannot_outlive_its_time_limit() {
    let server = Server::start(&["--quiet", "--max-time", "2"]);
    // The request's own limit.
    let start = Instant::now();
    let cut = server
        .post(
            "/api/solve",
            &json!({ "puzzle": slow_puzzle(), "engine": "search", "timeout": 0.3 }),
        )
        .json();
    assert_eq!(
        (cut["status"].as_str(), cut["stop"].as_str()),
        (Some("unknown"), Some("time-limit")),
        "{cut}"
    );
    assert!(
        cut["message"].as_str().unwrap().starts_with("timed out"),
        "{cut}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    // A longer one than the server allows is the server's.
    let start = Instant::now();
    let capped = server
        .post(
            "/api/solve",
            &json!({ "puzzle": slow_puzzle(), "engine": "search", "timeout": 1000 }),
        )
        .json();
    assert_eq!(capped["stop"], "time-limit");
    let took = start.elapsed();
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(5),
        "{took:?}"
    );
    // A client that sends its headers and then nothing gets a 408, not a hung connection.
    let start = Instant::now();
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream
        .write_all(
            format!(
                "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Length: 100\r\n\r\n{{",
                server.addr
            )
            .as_bytes(),
        )
        .unwrap();
    let answer = read_response(&mut stream);
    answer.error(408);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn an_explicit_cancel_stops_a_solve_and_answers_what_it_had() {
    let server = Server::start(&["--quiet"]);
    let addr = server.addr;
    let puzzle = slow_puzzle();
    let solving = std::thread::spawn(move || {
        let body = json!({ "puzzle": puzzle, "engine": "search", "timeout": 25, "id": "long-one" });
        let start = Instant::now();
        let answer = request(
            addr,
            "POST",
            "/api/solve",
            Some("application/json"),
            body.to_string().as_bytes(),
        );
        (answer, start.elapsed())
    });
    server.wait_running(1, Duration::from_secs(20));
    // Another request with the same id while it runs is refused.
    let twin = server.post("/api/solve", &json!({ "puzzle": duck(), "id": "long-one" }));
    assert!(twin.error(409).contains("long-one"));
    let cancelled = server
        .post("/api/cancel", &json!({ "id": "long-one" }))
        .json();
    assert_eq!(cancelled, json!({ "cancelled": true }));
    let (answer, took) = solving.join().unwrap();
    assert!(took < Duration::from_secs(10), "{took:?}");
    let answer = answer.json();
    assert_eq!(answer["stop"], "cancelled", "{answer}");
    assert_eq!(
        answer["message"],
        "gave up: the run was cancelled before any solution was found"
    );
    server.wait_running(0, Duration::from_secs(5));
    // Nothing to cancel now.
    assert_eq!(
        server
            .post("/api/cancel", &json!({ "id": "long-one" }))
            .json(),
        json!({ "cancelled": false })
    );
    server.post("/api/cancel", &json!({})).error(400);
}

#[test]
fn closing_the_connection_cancels_the_solve_behind_it() {
    let server = Server::start(&["--quiet", "--jobs", "1"]);
    let body = json!({ "puzzle": slow_puzzle(), "engine": "search", "timeout": 25 }).to_string();
    let mut stream = TcpStream::connect(server.addr).unwrap();
    write!(
        stream,
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        server.addr,
        body.len()
    )
    .unwrap();
    server.wait_running(1, Duration::from_secs(20));
    drop(stream);
    let start = Instant::now();
    server.wait_running(0, Duration::from_secs(5));
    // The only slot is free again: the next solve starts at once.
    let next = server.post("/api/solve", &json!({ "puzzle": duck(), "timeout": 3 }));
    assert_eq!(next.json()["status"], "unique");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

/// Ctrl-C (or SIGTERM) cancels the solves under way, which answer, and the server exits 0.
#[cfg(unix)]
#[test]
fn a_signal_cancels_running_solves_and_stops_the_server() {
    for signal in ["INT", "TERM"] {
        let mut server = Server::start(&["--quiet"]);
        let addr = server.addr;
        let puzzle = slow_puzzle();
        let solving = std::thread::spawn(move || {
            let body = json!({ "puzzle": puzzle, "engine": "search", "timeout": 25 });
            request(
                addr,
                "POST",
                "/api/solve",
                Some("application/json"),
                body.to_string().as_bytes(),
            )
        });
        server.wait_running(1, Duration::from_secs(20));
        assert_eq!(
            server.signal_and_wait(signal, Duration::from_secs(10)),
            Some(0),
            "{signal}"
        );
        assert_eq!(
            solving.join().unwrap().json()["stop"],
            "cancelled",
            "{signal}"
        );
        let log = server.log.lock().unwrap().join("\n");
        assert!(log.contains("nonogram: stopping the server"), "{log}");
    }
}

#[test]
fn a_full_server_answers_503_and_light_work_still_passes() {
    let server = Server::start(&["--quiet", "--jobs", "1"]);
    let addr = server.addr;
    let puzzle = slow_puzzle();
    let long = std::thread::spawn(move || {
        let body = json!({ "puzzle": puzzle, "engine": "search", "timeout": 3 });
        request(
            addr,
            "POST",
            "/api/solve",
            Some("application/json"),
            body.to_string().as_bytes(),
        )
    });
    server.wait_running(1, Duration::from_secs(20));
    let waiting = server.post("/api/solve", &json!({ "puzzle": duck(), "timeout": 0.2 }));
    assert!(waiting.error(503).contains("busy"));
    // Parsing and converting need no solving slot.
    let start = Instant::now();
    assert_eq!(
        server
            .post("/api/parse", &json!({ "puzzle": duck() }))
            .status,
        200
    );
    assert_eq!(
        server
            .post("/api/convert", &json!({ "puzzle": duck(), "to": "nin" }))
            .status,
        200
    );
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_eq!(long.join().unwrap().json()["stop"], "time-limit");
}

#[test]
fn a_bounded_burst_of_concurrent_requests_is_served() {
    let server = Server::start(&["--quiet"]);
    let addr = server.addr;
    let start = Instant::now();
    let workers: Vec<_> = (0..12)
        .map(|i| {
            std::thread::spawn(move || {
                let mut statuses = Vec::new();
                for j in 0..5 {
                    let (path, body) = match (i + j) % 4 {
                        0 => ("/api/solve", json!({ "puzzle": duck() })),
                        1 => ("/api/parse", json!({ "puzzle": duck() })),
                        2 => ("/api/explain", json!({ "puzzle": duck() })),
                        _ => ("/api/make", json!({ "picture": ["#.#", ".#.", "#.#"] })),
                    };
                    let answer = request(
                        addr,
                        "POST",
                        path,
                        Some("application/json"),
                        body.to_string().as_bytes(),
                    );
                    statuses.push((path, answer.status));
                }
                statuses
            })
        })
        .collect();
    for worker in workers {
        for (path, status) in worker.join().unwrap() {
            assert_eq!(status, 200, "{path}");
        }
    }
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(server.running(), 0);
}

#[test]
fn explain_gives_steps_with_sentences_cells_and_a_rating() {
    let server = Server::start(&["--quiet"]);
    let smallex = repo_text("testdata/seeds/smallex.non");
    let answer = server
        .post("/api/explain", &json!({ "puzzle": smallex }))
        .json();
    assert_eq!(
        (answer["complete"].as_bool(), answer["stop"].as_str()),
        (Some(true), Some("finished"))
    );
    let steps = answer["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        assert!(!step["text"].as_str().unwrap().is_empty());
        for cell in step["cells"].as_array().unwrap() {
            assert!(cell[2] == 0 || cell[2] == 1, "{cell}");
        }
    }
    assert_eq!(steps[0]["kind"], "line");
    assert_eq!(answer["rating"]["rating"], "line");
    // The steps' cells, replayed, are the final grid, which is the solution.
    let grid = answer["grid"].as_array().unwrap();
    let solved = server
        .post("/api/solve", &json!({ "puzzle": smallex }))
        .json();
    assert_eq!(grid, solved["solutions"][0].as_array().unwrap());
    let mut replay = vec![vec!['?'; 5]; 5];
    for step in steps {
        for cell in step["cells"].as_array().unwrap() {
            let (r, c) = (
                cell[0].as_u64().unwrap() as usize,
                cell[1].as_u64().unwrap() as usize,
            );
            replay[r][c] = if cell[2] == 1 { '#' } else { '.' };
        }
    }
    let replay: Vec<Value> = replay
        .into_iter()
        .map(|r| Value::from(r.into_iter().collect::<String>()))
        .collect();
    assert_eq!(&replay, grid);

    let short = server
        .post(
            "/api/explain",
            &json!({ "puzzle": smallex, "max_steps": 2 }),
        )
        .json();
    assert_eq!(short["steps"].as_array().unwrap().len(), 2);
    assert_eq!(
        (short["complete"].as_bool(), short["stop"].as_str()),
        (Some(false), Some("step-limit"))
    );
    assert_eq!(short["rating"]["rating"], "unfinished");

    let none = server
        .post(
            "/api/explain",
            &json!({ "puzzle": repo_text("testdata/cli/no-solution.non") }),
        )
        .json();
    assert_eq!(none["rating"]["rating"], "none");

    // From a partial grid: the steps go on from it.
    let from = server
        .post(
            "/api/explain",
            &json!({ "puzzle": smallex, "grid": [".###.", "?????", "?????", "?????", "?????"] }),
        )
        .json();
    assert_eq!(from["grid"], answer["grid"]);
    server
        .post(
            "/api/explain",
            &json!({ "puzzle": smallex, "grid": ["..."] }),
        )
        .error(400);
}

#[test]
fn hints_give_the_next_step_or_the_mistakes() {
    let server = Server::start(&["--quiet"]);
    let smallex = repo_text("testdata/seeds/smallex.non");
    let solution = [".###.", "##.#.", ".###.", "..##.", "..###"];
    let empty = vec!["?????"; 5];
    let first = server
        .post("/api/hint", &json!({ "puzzle": smallex, "grid": empty }))
        .json();
    assert!(first["mistake"].is_null());
    let step = &first["step"];
    assert_eq!(step["kind"], "line");
    assert!(!step["cells"].as_array().unwrap().is_empty());
    assert_eq!(first["text"], step["text"]);
    assert_eq!(first["complete"], false);

    let mut wrong = empty.clone();
    wrong[0] = "#????";
    let mistake = server
        .post("/api/hint", &json!({ "puzzle": smallex, "grid": wrong }))
        .json();
    assert!(mistake["step"].is_null());
    assert_eq!(
        mistake["mistake"],
        json!({ "kind": "cells", "cells": [{ "row": 0, "col": 0, "value": "filled" }] })
    );
    assert!(mistake["text"]
        .as_str()
        .unwrap()
        .contains("(r1,c1) is filled"));

    let done = server
        .post("/api/hint", &json!({ "puzzle": smallex, "grid": solution }))
        .json();
    assert!(done["step"].is_null() && done["mistake"].is_null());
    assert_eq!(done["complete"], true);

    server
        .post("/api/hint", &json!({ "puzzle": smallex }))
        .error(400);
    assert!(server
        .post(
            "/api/hint",
            &json!({ "puzzle": smallex, "grid": vec!["?????"; 4] })
        )
        .error(400)
        .contains("4 rows"));
    assert!(server
        .post(
            "/api/hint",
            &json!({ "puzzle": smallex, "grid": ["??z??", "?????", "?????", "?????", "?????"] })
        )
        .error(400)
        .contains("'z'"));
}

#[test]
fn make_checks_a_drawing_and_suggests_fixes() {
    let server = Server::start(&["--quiet"]);
    let unique = server
        .post(
            "/api/make",
            &json!({ "picture": [".###.", "##.#.", ".###.", "..##.", "..###"], "title": "s" }),
        )
        .json();
    assert_eq!(unique["unique"], true);
    assert_eq!(unique["rows"], json!([[3], [2, 1], [3], [2], [3]]));
    assert_eq!(unique["puzzle"]["title"], "s");
    assert_eq!(
        unique["puzzle"]["rows"][1],
        json!([{ "length": 2, "colour": 1 }, { "length": 1, "colour": 1 }])
    );
    assert_eq!(unique["puzzle"]["goal"][0], ".###.");

    // Givens are suggested only for a format that stores them (`to`, as `make --to`; `non`
    // by default, as the CLI's), and each verdict is the CLI's.
    let dir = common::scratch("make");
    std::fs::write(dir.join("a.txt"), "#..\n.#.\n...\n").unwrap();
    for to in [None, Some("json"), Some("tatham"), Some("xml")] {
        let mut request = json!({ "picture": ["#..", ".#.", "..."] });
        let mut args = vec!["make", "a.txt", "--output", "json"];
        if let Some(to) = to {
            request["to"] = to.into();
            args.extend(["--to", to]);
        }
        let ambiguous = server.post("/api/make", &request).json();
        assert_eq!(ambiguous["unique"], false);
        assert_eq!(ambiguous["status"], "multiple");
        assert!(!ambiguous["differing_cells"].as_array().unwrap().is_empty());
        let suggestions = &ambiguous["suggestions"];
        let offered = matches!(to, Some("json" | "tatham"));
        assert_eq!(suggestions.get("givens").is_some(), offered, "{to:?}");
        assert_eq!(
            suggestions.get("givens_verified").is_some(),
            offered,
            "{to:?}"
        );
        if offered {
            assert_eq!(suggestions["givens_verified"], true);
        }
        assert!(!suggestions["flips"].as_array().unwrap().is_empty());
        let cli = common::run_in(&dir, &args, b"");
        let cli: Value = serde_json::from_str(&cli.stdout).unwrap();
        for field in [
            "rows",
            "columns",
            "unique",
            "status",
            "differing_cells",
            "suggestions",
        ] {
            assert_eq!(cli[field], ambiguous[field], "{to:?} {field}");
        }
    }
    // Where no single change makes it unique, a pair does, as the CLI says.
    let dots = common::repo_root().join("testdata/cli/dots.txt");
    let rows: Vec<String> = std::fs::read_to_string(&dots)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let page = server.post("/api/make", &json!({ "picture": rows })).json();
    assert!(page["suggestions"]["flips"].as_array().unwrap().is_empty());
    assert!(!page["suggestions"]["flip_pairs"]
        .as_array()
        .unwrap()
        .is_empty());
    let cli = common::run_at_root(&["make", "testdata/cli/dots.txt", "--output", "json"]);
    let cli: Value = serde_json::from_str(&cli.stdout).unwrap();
    assert_eq!(cli["suggestions"], page["suggestions"]);
    server
        .post("/api/make", &json!({ "picture": ["#."], "to": "cwd" }))
        .error(400);

    server
        .post("/api/make", &json!({ "picture": [] }))
        .error(400);
    assert!(server
        .post("/api/make", &json!({ "picture": ["#.", "#z"] }))
        .error(422)
        .contains("does not parse"));
    server
        .post("/api/make", &json!({ "picture": "#." }))
        .error(400);
}

/// A PNG of `w`×`h` pixels, black where `dark(x, y)`.
fn png(w: u32, h: u32, dark: impl Fn(u32, u32) -> bool) -> Vec<u8> {
    let image =
        image::GrayImage::from_fn(w, h, |x, y| image::Luma([if dark(x, y) { 0 } else { 255 }]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

#[test]
fn uploaded_images_and_text_become_pictures() {
    let server = Server::start(&["--quiet"]);
    // A 40x20 image: its left half dark.
    let image = png(40, 20, |x, _| x < 20);
    let picture = server
        .post_bytes("/api/picture?width=4&height=2", &image)
        .json();
    assert_eq!(
        picture,
        json!({ "width": 4, "height": 2, "picture": ["##..", "##.."] })
    );
    let inverted = server
        .post_bytes("/api/picture?width=4&height=2&invert=true", &image)
        .json();
    assert_eq!(inverted["picture"], json!(["..##", "..##"]));
    let text = server.post_bytes("/api/picture", b"#.\n.#\n").json();
    assert_eq!(text["picture"], json!(["#.", ".#"]));
    assert!(server
        .post_bytes("/api/picture", &image)
        .error(400)
        .contains("width and height"));
    server.post_bytes("/api/picture?width=4", &image).error(400);
    server
        .post_bytes("/api/picture?width=201&height=2", &image)
        .error(400);
    server
        .post_bytes("/api/picture?width=x&height=2", &image)
        .error(400);
    let broken = &image[..image.len() / 2];
    server
        .post_bytes("/api/picture?width=4&height=2", broken)
        .error(422);
    server
        .post_bytes("/api/picture", &[0xff, 0xfe, 0x00])
        .error(422);
}

#[test]
fn convert_writes_every_writable_format_and_reads_back() {
    let server = Server::start(&["--quiet"]);
    let original = server
        .post("/api/parse", &json!({ "puzzle": duck() }))
        .json();
    for to in ["non", "nin", "xml", "string", "gecode", "json"] {
        let written = server.post("/api/convert", &json!({ "puzzle": duck(), "to": to }));
        assert_eq!(written.status, 200, "{to}: {}", written.text());
        let written = written.json();
        assert_eq!(written["format"], to);
        let back = server
            .post(
                "/api/parse",
                &json!({ "puzzle": written["text"], "format": to }),
            )
            .json();
        assert_eq!(back["puzzle"]["rows"], original["puzzle"]["rows"], "{to}");
        assert_eq!(
            back["puzzle"]["columns"], original["puzzle"]["columns"],
            "{to}"
        );
    }
    // A drawn picture, with a title, to any format; the picture format needs the picture.
    let drawn =
        json!({ "puzzle": "#.\n.#\n", "format": "picture", "to": "non", "title": "Diagonal" });
    let non = server.post("/api/convert", &drawn).json();
    assert!(
        non["text"].as_str().unwrap().contains("title \"Diagonal\""),
        "{non}"
    );
    let picture = server
        .post(
            "/api/convert",
            &json!({ "puzzle": "#.\n.#\n", "format": "picture", "to": "picture" }),
        )
        .json();
    assert_eq!(picture["text"], "#.\n.#\n");
    assert!(server
        .post(
            "/api/convert",
            &json!({ "puzzle": repo_text("testdata/cli/two-solutions.non"), "to": "picture" })
        )
        .error(422)
        .contains("picture"));
    assert!(server
        .post("/api/convert", &json!({ "puzzle": duck(), "to": "mk" }))
        .error(400)
        .contains("can be read but not written"));
    server
        .post("/api/convert", &json!({ "puzzle": duck() }))
        .error(400);
}

#[test]
fn render_draws_svg_and_png() {
    let server = Server::start(&["--quiet"]);
    let draw = |body: Value| server.post("/api/render", &body);
    let svg = draw(json!({ "puzzle": duck() }));
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert!(svg.text().contains("<svg"));
    let png = draw(json!({ "puzzle": duck(), "kind": "png", "what": "blank", "cell": 12 }));
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert!(png.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    let grid: Vec<&str> = vec!["????????"; 9];
    let partial = draw(json!({ "puzzle": duck(), "what": "grid", "grid": grid }));
    assert_eq!(partial.status, 200);
    // The same drawing as `nonogram render --output svg`.
    let cli = common::run_at_root(&["render", "--output", "svg", "testdata/seeds/duck.non"]);
    assert_eq!(svg.text(), cli.stdout);

    assert!(
        draw(json!({ "puzzle": repo_text("testdata/cli/no-solution.non") }))
            .error(422)
            .contains("nothing to draw")
    );
    draw(json!({ "puzzle": duck(), "kind": "gif" })).error(400);
    draw(json!({ "puzzle": duck(), "what": "grid" })).error(400);
    draw(json!({ "puzzle": duck(), "grid": grid })).error(400);
    draw(json!({ "puzzle": duck(), "cell": 2 })).error(400);
}

#[test]
fn each_request_is_logged_on_one_line() {
    let server = Server::start(&[]);
    server.get("/api/info");
    server.post("/api/solve", &json!({ "puzzle": "?" }));
    server.get("/missing");
    let start = Instant::now();
    loop {
        let log = server.log.lock().unwrap().clone();
        let requests: Vec<&String> = log.iter().filter(|l| l.contains(" ms")).collect();
        if requests.len() >= 3 {
            assert!(requests[0].starts_with("GET /api/info 200 "), "{log:?}");
            assert!(requests[1].starts_with("POST /api/solve 422 "), "{log:?}");
            assert!(requests[2].starts_with("GET /missing 404 "), "{log:?}");
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{log:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn bad_serve_options_are_refused_in_one_line() {
    for (args, sign) in [
        (&["serve", "--port", "70000"][..], "70000"),
        (&["serve", "--max-time", "0"][..], "0"),
        (&["serve", "--bind", "localhost:80"][..], "localhost"),
    ] {
        let run = common::run_at_root(args);
        common::assert_one_line_error(&run, 2, &format!("{args:?}"));
        assert!(run.stderr.contains(sign), "{}", run.stderr);
    }
    // A port in use.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let run = common::run_at_root(&["serve", "--port", &port]);
    common::assert_one_line_error(&run, 2, "port in use");
    assert!(
        run.stderr.contains("cannot listen on 127.0.0.1"),
        "{}",
        run.stderr
    );
}

/// Colour puzzles are explained with their colours: the steps' cells carry palette indexes, the
/// final grid is the solution in palette characters, and a hint names a wrong cell's colour.
#[test]
fn colour_puzzles_are_explained_and_hinted_in_colour() {
    let server = Server::start(&["--quiet"]);
    let puzzle = repo_text("testdata/formats/nonogrid-colour-uk.toml");
    let answer = server
        .post("/api/explain", &json!({ "puzzle": puzzle }))
        .json();
    assert_eq!(answer["stop"], "finished", "{answer}");
    let steps = answer["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    let solved = server
        .post("/api/solve", &json!({ "puzzle": puzzle }))
        .json();
    assert_eq!(answer["grid"], solved["solutions"][0], "{answer}");
    let entries = solved["puzzle"]["palette"].as_array().map_or(0, Vec::len);
    let mut decided = 0;
    for step in steps {
        for cell in step["cells"].as_array().unwrap() {
            assert!(cell[2].as_u64().unwrap() < entries.max(3) as u64, "{cell}");
            decided += 1;
        }
    }
    assert!(decided > 0);
    // A hint on the solution with one cell changed names that cell.
    let mut rows: Vec<String> = solved["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let first: Vec<char> = rows[0].chars().collect();
    let other = rows
        .iter()
        .flat_map(|r| r.chars())
        .find(|&c| c != first[0])
        .expect("two colours");
    rows[0] = std::iter::once(other)
        .chain(first[1..].iter().copied())
        .collect();
    let hint = server
        .post("/api/hint", &json!({ "puzzle": puzzle, "grid": rows }))
        .json();
    assert!(hint["mistake"].is_object(), "{hint}");
    assert!(hint["text"].as_str().unwrap().contains("(r1,c1)"), "{hint}");
}

/// Sends `head` (a request line and headers, without the blank line) with a small JSON body
/// and reads the answer.
fn raw_post(server: &Server, head: &str) -> common::web::Response {
    let body = json!({ "puzzle": duck() }).to_string();
    let mut stream = TcpStream::connect(server.addr).unwrap();
    write!(
        stream,
        "{head}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    read_response(&mut stream)
}

/// DNS rebinding (a foreign name for our address) and cross-site POSTs (a foreign page's
/// script) are refused with 403; our own page, and clients that are not browsers, are let in.
#[test]
fn requests_from_other_sites_are_refused_at_the_door() {
    let server = Server::start(&["--quiet"]);
    let port = server.addr.port();
    let addr = server.addr;
    // A rebound name: every address, GET or POST.
    let rebound = raw_post(
        &server,
        &format!("POST /api/parse HTTP/1.1\r\nHost: evil.example:{port}"),
    );
    let message = rebound.error(403);
    assert!(message.contains("evil.example"), "{message}");
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET /api/info HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    read_response(&mut stream).error(403);
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET / HTTP/1.1\r\nHost: attacker.test\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    read_response(&mut stream).error(403);
    // Another port of ours is another origin.
    raw_post(
        &server,
        &format!("POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1:{}", port ^ 1),
    )
    .error(403);
    // A foreign page's POST.
    for origin in [
        "http://evil.example",
        "null",
        "https://127.0.0.1",
        &format!("http://localhost:{port}"),
    ] {
        let answer = raw_post(
            &server,
            &format!("POST /api/parse HTTP/1.1\r\nHost: {addr}\r\nOrigin: {origin}"),
        );
        let message = answer.error(403);
        assert!(message.contains(origin), "{message}");
    }
    // Our own page, by either of its names, and a client without Origin.
    let own = raw_post(
        &server,
        &format!("POST /api/parse HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}"),
    );
    assert_eq!(own.status, 200, "{}", own.text());
    let by_name = raw_post(
        &server,
        &format!(
            "POST /api/parse HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: http://localhost:{port}"
        ),
    );
    assert_eq!(by_name.status, 200, "{}", by_name.text());
    assert_eq!(
        raw_post(
            &server,
            &format!("POST /api/parse HTTP/1.1\r\nHost: {addr}")
        )
        .status,
        200
    );
    // Work behind a refusal never starts.
    assert_eq!(server.running(), 0);
}
