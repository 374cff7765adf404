//! The web page in a real browser: headless Chromium driven through Debian's chromedriver
//! (WebDriver, over loopback), against `nonogram serve` on an ephemeral 127.0.0.1 port, and as
//! the static site (`target/site`, from `scripts/build-web`) on a plain file server.
//!
//! Each loads the page, solves a shipped puzzle and checks the verdict shown, steps through an
//! explanation, plays a few cells by hand (mouse and keyboard, a mistake counted, a hint
//! shown), draws a small picture and checks its clues and verdict, and looks at a phone-width
//! window. The static site then solves a colour puzzle, cancels a hard solve (the page answers
//! within a second, and the next solve works), answers the API's requests in WebAssembly as the
//! library does, and reloads and solves with its file server stopped. Play as a game (the
//! page opening on today's puzzle, a phone's touch, undo, progress kept, links, the finished
//! view) is in `browser/play.rs`, links in `browser/links.rs`, the manifest, the accessibility
//! audit and the line checks in `browser/app.rs`, triangle puzzles (drawn, solved, explained,
//! played, on a phone) in `browser/triangles.rs`. Screenshots go to
//! `target/web-*.png`, `target/site-*.png` and `target/play-*.png`.
//!
//! It needs `/usr/bin/chromium` and `chromedriver` (Debian's `chromium` and `chromium-driver`,
//! which `scripts/test` installs when they are missing), and axe-core (`scripts/test` runs `npm
//! ci` in `crates/cli/tests/axe/`). Without them it fails, saying so: a browser test that skips
//! itself would pass without testing anything.

#[path = "browser/app.rs"]
mod app;
mod common;
#[path = "browser/links.rs"]
mod links;
#[path = "browser/page.rs"]
mod page;
#[path = "browser/play.rs"]
mod play;
#[path = "browser/studio.rs"]
mod studio;
#[path = "browser/triangles.rs"]
mod triangles;

use std::time::{Duration, Instant};

use common::chromium::{with_chromium, Result, PATIENCE};
use common::site::{built_site, StaticServer};
use common::web::Server;
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use page::*;
use serde_json::{json, Value};

#[test]
fn the_page_solves_explains_plays_and_makes_in_chromium() {
    let server = Server::start(&["--quiet"]);
    let base = server.url();
    with_chromium("web-failure", |client| async move {
        walk_through(&client, &base, "web").await
    });
}

/// A request that runs out of time (here a hard 5×5, which the generator cannot find) is sent
/// once and answered once: the page shows its one-sentence error within the server's limit
/// and a second or two, and the server's log has one line for it. (Browsers send a request
/// again after a 408 on a kept-alive connection; the API answers 504, which none re-sends.)
#[test]
fn a_request_out_of_time_runs_once_and_its_error_shows_at_once_in_chromium() {
    let server = Server::start(&["--max-time", "3"]);
    let base = server.url();
    let log = server.log.clone();
    with_chromium("web-timeout-failure", |client| async move {
        client.goto(&base).await?;
        wait_for(&client, "body[data-ready='true']").await?;
        click(&client, "#tab-play").await?;
        // The page offers no hard 5×5 (it cannot be delivered): ask for one all the same.
        eval(
            &client,
            "for (const id of ['new-size', 'new-difficulty', 'new-colours']) \
               for (const o of document.getElementById(id).options) o.disabled = false; \
             document.getElementById('new-size').value = '5x5'; \
             document.getElementById('new-difficulty').value = 'hard'; \
             document.getElementById('new-colours').value = '1'; return true",
        )
        .await?;
        let before = generate_lines(&log);
        let start = Instant::now();
        click(&client, "#new-puzzle").await?;
        let error = wait_text(&client, "#error", |t| !t.is_empty()).await?;
        let took = start.elapsed();
        assert!(
            error
                .starts_with("No new puzzle: no hard 5x5 puzzle found within the time limit (3 s)"),
            "{error}"
        );
        assert!(
            took < Duration::from_secs(5),
            "the error showed after {took:?}, with a limit of 3 s"
        );
        // Anything sent again would have arrived by now.
        tokio::time::sleep(Duration::from_secs(4)).await;
        let sent: Vec<String> = generate_lines(&log)
            .into_iter()
            .skip(before.len())
            .collect();
        assert_eq!(sent.len(), 1, "the server got {sent:?}");
        assert!(sent[0].starts_with("POST /api/generate 504 "), "{sent:?}");
        Ok(())
    });
}

/// The server's log lines for `generate` requests so far.
fn generate_lines(log: &std::sync::Mutex<Vec<String>>) -> Vec<String> {
    log.lock()
        .unwrap()
        .iter()
        .filter(|l| l.contains("/api/generate"))
        .cloned()
        .collect()
}

/// The static site (`scripts/build-web`) on a plain file server, no `nonogram` process: the
/// same walk through every mode, then a colour puzzle, a hard solve cancelled, the API's
/// requests answered by the WebAssembly as by the library, and the page reloaded and used
/// with the file server stopped.
#[test]
fn the_static_site_works_without_a_server_and_offline_in_chromium() {
    let mut site = StaticServer::start(built_site());
    let base = site.url();
    let site = &mut site;
    with_chromium("site-failure", |client| async move {
        walk_through(&client, &base, "site").await?;
        in_the_browser(&client).await?;
        offline(&client, site).await
    });
}

/// What only the static site does: one thread, no SAT engine, solving in a worker that Cancel
/// stops at once, and the WebAssembly answering as the library does.
async fn in_the_browser(client: &Client) -> Result<()> {
    client.set_window_size(1200, 900).await?;
    click(client, "#tab-solve").await?;
    let backend = text(client, "#backend-info").await?;
    assert!(backend.contains("in this browser"), "{backend}");
    let sat = eval(
        client,
        "const o = document.querySelector('#engine option[value=sat]'); return [o.disabled, o.textContent]",
    )
    .await?;
    assert_eq!(sat, json!([true, "sat (not in this build)"]));

    // A colour puzzle, pasted.
    load_pasted(client, "testdata/formats/nonogrid-colour-uk.toml").await?;
    click(client, "#solve").await?;
    wait_text(client, "#verdict", |t| t.contains("unique solution")).await?;
    let colours = eval(
        client,
        "return new Set([...document.querySelectorAll('.cell.coloured')].map(c => c.style.backgroundColor)).size",
    )
    .await?;
    assert!(colours.as_u64().unwrap() >= 2, "{colours} colours shown");
    save_screenshot(client, "site-colour.png").await?;

    // A hard solve, cancelled: the page answers at once, and the next solve works.
    load_pasted(client, "testdata/tail/random-40x40-d0.5-s4-230.non").await?;
    let timeout = client.find(Locator::Css("#timeout")).await?;
    timeout.clear().await?;
    timeout.send_keys("300").await?;
    click(client, "#solve").await?;
    wait_text(client, "#verdict", |t| t.starts_with("solving")).await?;
    // Long enough to be deep in the search, and to see the clock tick.
    wait_text(client, "#verdict", |t| t.starts_with("solving… 2 s")).await?;
    let start = Instant::now();
    click(client, "#cancel").await?;
    let verdict = text(client, "#verdict").await?;
    let took = start.elapsed();
    assert_eq!(verdict, "cancelled");
    assert!(
        took < Duration::from_secs(1),
        "the page took {took:?} to say it cancelled"
    );
    assert_eq!(
        eval(client, "return [document.getElementById('solve').disabled, document.getElementById('cancel').disabled]").await?,
        json!([false, true])
    );
    pick_example(client, "duck", "duck").await?;
    let start = Instant::now();
    click(client, "#solve").await?;
    wait_text(client, "#verdict", |t| t.contains("unique solution")).await?;
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );

    // The API's requests, answered by the WebAssembly in this browser as by the library.
    let cases = common::requests::cases();
    let sent: Vec<Value> = cases
        .iter()
        .map(|c| {
            json!([
                c.operation,
                c.body,
                c.query.as_ref().map(|q| q.to_string().into_bytes())
            ])
        })
        .collect();
    let answers = client
        .execute_async(
            "const [cases, done] = arguments;
             import('./wasm/nonogram_wasm.js').then(async (wasm) => {
               await wasm.default();
               done(cases.map(([op, body, query]) => {
                 const reply = wasm.call(op, new Uint8Array(body), query ? new Uint8Array(query) : undefined);
                 return [reply.status, reply.media, Array.from(reply.body)];
               }));
             }, (error) => done(String(error)));",
            vec![json!(sent)],
        )
        .await?;
    let answers = answers
        .as_array()
        .ok_or_else(|| format!("no answers: {answers}"))?;
    let api = nonogram_api::Api::new(nonogram_wasm::BROWSER_LIMITS);
    let bytes = |v: &Value| -> Vec<u8> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap() as u8)
            .collect()
    };
    for (case, answer) in cases.iter().zip(answers) {
        let name = &case.name;
        let native = nonogram_wasm::answer(
            &api,
            case.operation,
            &case.body,
            case.query
                .as_ref()
                .map(|q| q.to_string().into_bytes())
                .as_deref(),
        );
        let (status, media, body) = (
            answer[0].as_u64().unwrap(),
            answer[1].as_str().unwrap(),
            bytes(&answer[2]),
        );
        if media != "application/json" {
            assert_eq!(
                (status, media, &body),
                (
                    u64::from(native.status()),
                    native.media().as_str(),
                    &native.body()
                ),
                "{name}"
            );
            continue;
        }
        let mut browser = common::requests::timeless(serde_json::from_slice(&body)?);
        let mut here = common::requests::timeless(serde_json::from_slice(&native.body())?);
        // What the browser's build lacks, it says, and refuses: never another engine instead.
        if case.operation == "info" {
            assert_eq!(browser["engines"], json!(["auto", "search", "learn"]));
            assert_eq!(browser["unavailable_engines"], json!(["sat"]));
            for value in [&mut browser, &mut here] {
                value
                    .as_object_mut()
                    .unwrap()
                    .retain(|k, _| !k.ends_with("engines"));
            }
        }
        if case.name == "solve unknown engine" {
            // The engines a message suggests are the build's.
            let native = here["error"].as_str().unwrap().replace(", sat)", ")");
            here["error"] = native.into();
        }
        if case.name == "solve sat" {
            assert_eq!(status, 400, "{browser}");
            assert!(
                browser["error"]
                    .as_str()
                    .unwrap()
                    .contains("not in this build"),
                "{browser}"
            );
            continue;
        }
        assert_eq!(status, u64::from(native.status()), "{name}: {browser}");
        assert_eq!(browser, here, "{name}");
    }
    Ok(())
}

/// With the file server stopped, the page reloads from its service worker's cache and solves.
async fn offline(client: &Client, site: &mut StaticServer) -> Result<()> {
    wait_for(client, "body[data-offline='ready']").await?;
    site.stop();
    client.refresh().await?;
    wait_for(client, "body[data-ready='true']").await?;
    // The page opens in Play (on the puzzle its address carries).
    click(client, "#tab-solve").await?;
    pick_example(client, "webpbn-00006", "Scardy Cat").await?;
    click(client, "#solve").await?;
    wait_text(client, "#verdict", |t| t.contains("unique solution")).await?;
    save_screenshot(client, "site-offline.png").await?;
    Ok(())
}

/// Make suggests given cells only when the puzzle file chosen for the download stores them,
/// as `nonogram make --to` does; otherwise changes to the picture.
async fn made_for_a_format(client: &Client) -> Result<()> {
    let dots = |css: &str| format!("return document.querySelectorAll('{css}').length");
    let select = |format: &'static str| async move {
        client
            .find(Locator::Css("#download-format"))
            .await?
            .select_by_value(format)
            .await?;
        Result::Ok(())
    };
    select("non").await?;
    wait_text(client, "#sentence", |t| {
        t.contains("Given cells could fix it too: choose json or tatham")
    })
    .await?;
    assert_eq!(eval(client, &dots(".cell.m-given")).await?, json!(0));
    assert!(eval(client, &dots(".cell.m-flip")).await?.as_u64().unwrap() > 0);
    select("json").await?;
    wait_text(client, "#sentence", |t| t.starts_with("Revealing")).await?;
    assert!(
        eval(client, &dots(".cell.m-given"))
            .await?
            .as_u64()
            .unwrap()
            > 0
    );
    select("non").await?;
    wait_text(client, "#sentence", |t| t.contains("choose json or tatham")).await?;
    Ok(())
}

/// A puzzle that gives a cell: drawn framed in every mode, listed in the puzzle's line, and
/// locked in Play (a click does nothing, starting again keeps it).
async fn given_cells(client: &Client) -> Result<()> {
    click(client, "#tab-solve").await?;
    let given = r##"{"rows": [[1], [1]], "columns": [[1], [1]], "givens": ["#?", "??"]}"##;
    load_text(client, "givens", given).await?;
    let info = text_of_info(client).await?;
    assert!(info.contains("1 given cell (framed)"), "{info}");
    click(client, "#solve").await?;
    wait_text(client, "#verdict", |t| t.contains("unique solution")).await?;
    let framed =
        "return [...document.querySelectorAll('.cell.given')].map(c => [c.dataset.r, c.dataset.c])";
    assert_eq!(eval(client, framed).await?, json!([["0", "0"]]));
    click(client, "#tab-play").await?;
    let corner = cell(client, 0, 0).await?;
    assert!(classes(&corner).await?.contains("coloured"));
    corner.click().await?;
    assert!(
        classes(&corner).await?.contains("coloured"),
        "a given cell changed"
    );
    wait_text(client, "#mistakes", |t| t == "Mistakes: 0").await?;
    cell(client, 1, 1).await?.click().await?;
    wait_text(client, "#mistakes", |t| {
        t.starts_with("Solved, with 0 mistakes")
    })
    .await?;
    click(client, "#reset-play").await?;
    let corner = cell(client, 0, 0).await?;
    assert!(
        classes(&corner).await?.contains("coloured"),
        "start again dropped the given cell"
    );
    assert!(!classes(&cell(client, 1, 1).await?)
        .await?
        .contains("coloured"));
    click(client, "#tab-explain").await?;
    wait_text(client, "#sentence", |t| {
        t.starts_with("The grid with the puzzle's given cells")
    })
    .await?;
    assert_eq!(eval(client, framed).await?, json!([["0", "0"]]));
    Ok(())
}

/// Play's New puzzle: a generated puzzle of the size, difficulty and colours picked is loaded
/// and played (the page's own solve finds it unique, so mistakes are counted from the start);
/// a colour one offers its colours to fill with and is solved by painting them.
/// (A request out of reach is among the API's requests, answered alike by every transport.)
async fn new_puzzles(client: &Client) -> Result<()> {
    click(client, "#tab-play").await?;
    for (css, value) in [
        ("#new-size", "10x10"),
        ("#new-difficulty", "medium"),
        ("#new-colours", "1"),
    ] {
        choose(client, css, value).await?;
    }
    click(client, "#new-puzzle").await?;
    wait_text(client, "#puzzle-info", |t| {
        t.starts_with("medium 10x10 (seed ")
    })
    .await?;
    wait_text(client, "#attribution", |t| {
        t.contains("generated on this page: needs probing")
    })
    .await?;
    wait_text(client, "#mistakes", |t| t == "Mistakes: 0").await?;
    let cells = eval(client, "return document.querySelectorAll('.cell').length").await?;
    assert_eq!(cells, json!(100));
    // Its file leaves the solution out unless asked.
    choose(client, "#download-format", "non").await?;
    let shared = downloaded(client).await?;
    assert!(shared.contains("\nrows\n"), "{shared}");
    assert!(!shared.contains("\ngoal"), "{shared}");
    click(client, "#download-solution").await?;
    let kept = downloaded(client).await?;
    assert!(kept.contains("\ngoal"), "{kept}");
    click(client, "#download-solution").await?;
    assert!(eval(
        client,
        "return document.getElementById('play-colour-row').hidden"
    )
    .await?
    .as_bool()
    .unwrap());

    // Two colours: fill with the second; then paint the solution.
    for (css, value) in [
        ("#new-size", "5x5"),
        ("#new-difficulty", "easy"),
        ("#new-colours", "2"),
    ] {
        choose(client, css, value).await?;
    }
    // A hard 5×5 cannot be made (smaller than the library's smallest side for hard): the
    // page does not offer it, and says why.
    let offered = eval(
        client,
        "return [...document.querySelectorAll('#new-difficulty option')]\
           .map(o => [o.value, o.disabled])",
    )
    .await?;
    assert_eq!(
        offered,
        json!([["easy", false], ["medium", false], ["hard", true]])
    );
    let why = text(client, "#new-fit").await?;
    assert!(
        why.starts_with("Hard 2-colour puzzles need at least "),
        "{why}"
    );
    click(client, "#new-puzzle").await?;
    wait_text(client, "#puzzle-info", |t| t.starts_with("easy 5x5 (seed ")).await?;
    wait_text(client, "#mistakes", |t| t == "Mistakes: 0").await?;
    let colours = eval(
        client,
        "return [...document.querySelectorAll('#play-colour option')].map(o => o.value)",
    )
    .await?;
    assert_eq!(colours, json!(["1", "2"]));
    choose(client, "#play-colour", "2").await?;
    let corner = cell(client, 0, 0).await?;
    corner.click().await?;
    let label = corner.attr("aria-label").await?.unwrap_or_default();
    assert!(label.ends_with(": red"), "{label}");
    click(client, "#reset-play").await?;
    // The solution, as Solve draws it; then back to Play, to paint it colour by colour.
    click(client, "#tab-solve").await?;
    click(client, "#solve").await?;
    wait_text(client, "#verdict", |t| t.contains("unique solution")).await?;
    let solution = eval(
        client,
        "return [...document.querySelectorAll('.cell')].map(c => \
         [Number(c.dataset.r), Number(c.dataset.c), c.getAttribute('aria-label').split(': ')[1]])",
    )
    .await?;
    let names = eval(
        client,
        "return Object.fromEntries([...document.querySelectorAll('#play-colour option')]\
         .map(o => [o.textContent.split(' (')[0], o.value]))",
    )
    .await?;
    click(client, "#tab-play").await?;
    for entry in solution.as_array().unwrap() {
        let (r, c, name) = (&entry[0], &entry[1], entry[2].as_str().unwrap());
        if name == "empty" {
            continue;
        }
        let value = names[name]
            .as_str()
            .ok_or(format!("no colour {name} in {names}"))?;
        choose(client, "#play-colour", value).await?;
        let (r, c) = (r.as_u64().unwrap() as usize, c.as_u64().unwrap() as usize);
        cell(client, r, c).await?.click().await?;
    }
    wait_text(client, "#mistakes", |t| t == "Solved, with 0 mistakes!").await?;
    Ok(())
}

/// Solves, explains, plays and makes on the page at `base`; its screenshots are named
/// `target/{shots}-*.png`.
async fn walk_through(client: &Client, base: &str, shots: &str) -> Result<()> {
    client.goto(&format!("{base}/")).await?;
    wait_for(client, "body[data-ready='true']").await?;

    // Solve a shipped puzzle.
    click(client, "#tab-solve").await?;
    pick_example(client, "duck", "duck").await?;
    wait_text(client, "#attribution", |t| t.contains("R nonogram package")).await?;
    let row_clues = eval(
        client,
        "return [...document.querySelectorAll('.clue.row')].map(e => e.textContent)",
    )
    .await?;
    assert_eq!(row_clues[0], "3", "{row_clues}");
    assert_eq!(row_clues[1], "21", "{row_clues}");
    click(client, "#solve").await?;
    let verdict = wait_text(client, "#verdict", |t| t.contains("unique solution")).await?;
    assert!(verdict.contains("ms"), "the time taken: {verdict}");
    assert_eq!(text(client, "#sentence").await?, "unique solution");
    let solution = nonogram_api::Api::default()
        .solve(
            nonogram_api::SolveRequest {
                puzzle: common::web::repo_text("testdata/seeds/duck.non"),
                ..Default::default()
            },
            &std::sync::atomic::AtomicBool::new(false),
        )?
        .record["solutions"][0]
        .clone();
    let rows: Vec<String> = solution
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let filled = rows.iter().map(|r| r.matches('#').count()).sum::<usize>();
    let shown = eval(
        client,
        "return document.querySelectorAll('.cell.coloured').length",
    )
    .await?;
    assert_eq!(shown, json!(filled));
    save_screenshot(client, &format!("{shots}-solve.png")).await?;

    // Step through the explanation.
    click(client, "#tab-explain").await?;
    let count = wait_text(client, "#step-count", |t| {
        t.starts_with("0 / ") && t != "0 / 0"
    })
    .await?;
    let total: usize = count.trim_start_matches("0 / ").parse()?;
    assert!(total > 3, "{count}");
    wait_text(client, "#rating", |t| {
        t.starts_with("Difficulty: line-solvable")
    })
    .await?;
    for _ in 0..3 {
        click(client, "#step-next").await?;
    }
    wait_text(client, "#step-count", |t| t == format!("3 / {total}")).await?;
    let sentence = text(client, "#sentence").await?;
    assert!(
        sentence.starts_with("Column") || sentence.starts_with("Row"),
        "{sentence}"
    );
    let changed = eval(
        client,
        "return document.querySelectorAll('.cell.m-changed').length",
    )
    .await?;
    assert!(changed.as_u64().unwrap() > 0);
    let banded = eval(
        client,
        "return document.querySelectorAll('.clue.band').length",
    )
    .await?;
    assert_eq!(banded, json!(1), "the step's line is highlighted");
    click(client, "#step-prev").await?;
    wait_text(client, "#step-count", |t| t == format!("2 / {total}")).await?;
    click(client, "#step-next").await?;
    click(client, "#step-next").await?;
    click(client, "#step-next").await?;
    save_screenshot(client, &format!("{shots}-explain.png")).await?;
    click(client, "#step-last").await?;
    wait_text(client, "#step-count", |t| t == format!("{total} / {total}")).await?;

    // Play a few cells by hand.
    click(client, "#tab-play").await?;
    wait_text(client, "#mistakes", |t| t == "Mistakes: 0").await?;
    let blank = eval(
        client,
        "return document.querySelectorAll('.cell.coloured, .cell.background').length",
    )
    .await?;
    assert_eq!(blank, json!(0), "play starts from the empty grid");
    let filled_at = |want: char| {
        rows.iter()
            .enumerate()
            .find_map(|(r, row)| row.chars().position(|ch| ch == want).map(|c| (r, c)))
            .unwrap()
    };
    let (fr, fc) = filled_at('#');
    let right = cell(client, fr, fc).await?;
    right.click().await?;
    assert!(classes(&right).await?.contains("coloured"));
    wait_text(client, "#mistakes", |t| t == "Mistakes: 0").await?;
    let (er, ec) = filled_at('.');
    cell(client, er, ec).await?.click().await?;
    wait_text(client, "#mistakes", |t| t == "Mistakes: 1").await?;
    // The keyboard: cross the cell and move on with the arrows.
    let wrong = cell(client, er, ec).await?;
    wrong.send_keys("x").await?;
    assert!(classes(&wrong).await?.contains("background"));
    let moved = if ec + 1 < rows[0].len() {
        (er, ec + 1)
    } else {
        (er, ec - 1)
    };
    let arrow = if ec + 1 < rows[0].len() {
        Key::Right
    } else {
        Key::Left
    };
    wrong.send_keys(&arrow.to_string()).await?;
    let focused = eval(
        client,
        "const e = document.activeElement; return [e.dataset.r, e.dataset.c]",
    )
    .await?;
    assert_eq!(focused, json!([moved.0.to_string(), moved.1.to_string()]));
    click(client, "#hint").await?;
    wait_text(client, "#sentence", |t| {
        t.starts_with("Row") || t.starts_with("Column")
    })
    .await?;
    let banded = eval(
        client,
        "return document.querySelectorAll('.clue.band').length",
    )
    .await?;
    assert_eq!(banded, json!(1), "the hint's line is highlighted");
    click(client, "#apply-hint").await?;
    save_screenshot(client, &format!("{shots}-play.png")).await?;

    // Draw a small picture and check its clues.
    click(client, "#tab-make").await?;
    for (id, value) in [("#make-width", "5"), ("#make-height", "5")] {
        let input = client.find(Locator::Css(id)).await?;
        input.clear().await?;
        input.send_keys(value).await?;
    }
    click(client, "#make-new").await?;
    wait_text(client, "#verdict", |t| t.starts_with("unique")).await?;
    let picture = [".###.", "##.#.", ".###.", "..##.", "..###"];
    for (r, row) in picture.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cell(client, r, c).await?.click().await?;
            }
        }
    }
    wait_text(client, "#verdict", |t| t.starts_with("unique")).await?;
    let clues = |axis: &str| {
        format!(
            "return [...document.querySelectorAll('.clue.{axis}')].map(e => \
             [...e.querySelectorAll('.run')].map(s => s.textContent).join(' '))"
        )
    };
    // The verdict may come from a check of an earlier drawing; the clues settle last.
    let start = Instant::now();
    loop {
        let rows = eval(client, &clues("row")).await?;
        if rows == json!(["3", "2 1", "3", "2", "3"]) {
            break;
        }
        if start.elapsed() > PATIENCE {
            return Err(format!("row clues {rows}").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        eval(client, &clues("col")).await?,
        json!(["1", "3", "1 3", "5", "1"])
    );
    wait_text(client, "#verdict", |t| t.starts_with("unique")).await?;
    // An ambiguous drawing gets the cells that differ outlined.
    click(client, "#make-clear").await?;
    for (r, c) in [(0, 0), (1, 1)] {
        cell(client, r, c).await?.click().await?;
    }
    wait_text(client, "#verdict", |t| t.starts_with("not unique")).await?;
    let outlined = eval(
        client,
        "return document.querySelectorAll('.cell.m-differ').length",
    )
    .await?;
    assert!(outlined.as_u64().unwrap() >= 4, "{outlined}");
    save_screenshot(client, &format!("{shots}-make.png")).await?;
    made_for_a_format(client).await?;
    given_cells(client).await?;
    new_puzzles(client).await?;

    // A phone-width window: nothing wider than the screen but the board's own scroller.
    client.set_window_size(360, 780).await?;
    click(client, "#tab-solve").await?;
    pick_example(client, "r-logo", "R logo").await?;
    click(client, "#solve").await?;
    wait_text(client, "#verdict", |t| t.contains("unique solution")).await?;
    let overflow = eval(
        client,
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
    )
    .await?;
    assert!(
        overflow.as_i64().unwrap() <= 0,
        "the page is wider than the window by {overflow} px"
    );
    let board_fits = eval(
        client,
        "const w = document.getElementById('board-wrap'); return w.scrollWidth - w.clientWidth",
    )
    .await?;
    assert!(
        board_fits.as_i64().unwrap() <= 1,
        "the board overflows by {board_fits} px"
    );
    eval(
        client,
        "document.getElementById('source').scrollIntoView(); return null",
    )
    .await?;
    save_screenshot(client, &format!("{shots}-narrow.png")).await?;

    // The picture for the README: a 20x20 puzzle half explained.
    client.set_window_size(1200, 900).await?;
    click(client, "#tab-explain").await?;
    pick_example(client, "webpbn-00006", "Scardy Cat").await?;
    let count = wait_text(client, "#step-count", |t| {
        t.starts_with("0 / ") && t != "0 / 0"
    })
    .await?;
    let total: usize = count.trim_start_matches("0 / ").parse()?;
    eval(
        client,
        &format!(
            "const r = document.getElementById('step-range'); r.value = {}; \
             r.dispatchEvent(new Event('input')); document.activeElement.blur(); window.scrollTo(0, 0); return null",
            total * 2 / 3
        ),
    )
    .await?;
    wait_text(client, "#step-count", |t| {
        t == format!("{} / {total}", total * 2 / 3)
    })
    .await?;
    save_screenshot(client, &format!("{shots}-page.png")).await?;
    Ok(())
}
