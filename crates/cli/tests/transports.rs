//! One API, two transports: the same requests (every operation, good and bad input, from
//! `common::requests`) sent to the library through the browser's transport (`nonogram-wasm`'s
//! `answer`, compiled natively here) and to `nonogram serve` over HTTP must get the same status,
//! media type and body, apart from the time each took. (The WebAssembly build itself answers
//! the same set in the browser test.)

mod common;

use common::requests::{cases, query_string, timeless};
use common::web::{request, Server};
use nonogram_api::{Api, Limits};
use serde_json::Value;

#[test]
fn every_operation_answers_alike_through_the_library_and_the_server() {
    // The server's limits are the library's defaults with one solve at a time.
    let server = Server::start(&["--quiet", "--jobs", "1"]);
    let api = Api::new(Limits::default());
    let cases = cases();
    assert!(cases.len() > 40);
    let mut statuses = std::collections::BTreeSet::new();
    for case in cases {
        let direct = nonogram_wasm::answer(
            &api,
            case.operation,
            &case.body,
            case.query
                .as_ref()
                .map(|q| q.to_string().into_bytes())
                .as_deref(),
        );
        let http = match case.operation {
            "info" | "examples" => server.get(&format!("/api/{}", case.operation)),
            "picture" => {
                let path = match &case.query {
                    Some(query) => format!("/api/picture?{}", query_string(query)),
                    None => "/api/picture".to_string(),
                };
                request(
                    server.addr,
                    "POST",
                    &path,
                    Some("application/octet-stream"),
                    &case.body,
                )
            }
            operation => request(
                server.addr,
                "POST",
                &format!("/api/{operation}"),
                Some("application/json"),
                &case.body,
            ),
        };
        let name = &case.name;
        assert_eq!(direct.status(), http.status, "{name}: {}", http.text());
        let media = http.header("content-type").unwrap_or_default();
        assert_eq!(direct.media(), media, "{name}");
        if media == "application/json" {
            let parse =
                |bytes: &[u8]| -> Value { timeless(serde_json::from_slice(bytes).unwrap()) };
            assert_eq!(parse(&direct.body()), parse(&http.body), "{name}");
        } else {
            assert_eq!(direct.body(), http.body, "{name}");
        }
        // Alike is not enough where a kind of puzzle could be refused by both: the triangle
        // puzzle is answered, but for the format that cannot hold its caps.
        if name.contains("triangles") {
            let want = if name.ends_with("refused") { 422 } else { 200 };
            assert_eq!(http.status, want, "{name}: {}", http.text());
        }
        statuses.insert(http.status);
    }
    // The set covers answers and every kind of refusal (504: a puzzle generate cannot find in time).
    assert_eq!(
        statuses.into_iter().collect::<Vec<_>>(),
        [200, 400, 422, 504],
        "the statuses the cases drew"
    );
}
