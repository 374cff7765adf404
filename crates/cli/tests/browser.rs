//! The web page in a real browser: headless Chromium driven through Debian's chromedriver
//! (WebDriver, over loopback), against `nonogram serve` on an ephemeral 127.0.0.1 port.
//!
//! It loads the page, solves a shipped puzzle and checks the verdict shown, steps through an
//! explanation, plays a few cells by hand (mouse and keyboard, a mistake counted, a hint
//! shown), draws a small picture and checks its clues and verdict, and looks at a phone-width
//! window; it saves screenshots to `target/web-*.png`.
//!
//! It needs `/usr/bin/chromium` and `chromedriver` (Debian's `chromium` and `chromium-driver`,
//! which `scripts/test` installs when they are missing). Without them it fails, saying so: a
//! browser test that skips itself would pass without testing anything.

mod common;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::web::Server;
use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// How long the page may take to show something before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

/// Where a program is: the first of `candidates` that exists, or on `PATH`.
fn find_program(candidates: &[&str], name: &str) -> Option<PathBuf> {
    if let Some(found) = candidates.iter().map(Path::new).find(|p| p.is_file()) {
        return Some(found.to_path_buf());
    }
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

fn missing(what: &str) -> ! {
    panic!(
        "the browser test needs {what}: run scripts/test, which installs Debian's chromium and \
         chromium-driver when they are missing (or: apt-get install chromium chromium-driver)"
    )
}

/// chromedriver on a free loopback port, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start(program: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let start = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(
                start.elapsed() < PATIENCE,
                "chromedriver does not listen on {addr}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `target/`, where the screenshots go.
fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn the_page_solves_explains_plays_and_makes_in_chromium() {
    let chromium = find_program(&["/usr/bin/chromium"], "chromium")
        .unwrap_or_else(|| missing("Chromium (/usr/bin/chromium)"));
    let chromedriver = find_program(&["/usr/bin/chromedriver"], "chromedriver")
        .unwrap_or_else(|| missing("chromedriver"));
    let server = Server::start(&["--quiet"]);
    let driver = Driver::start(&chromedriver);
    let profile = common::scratch("chromium-profile");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--disable-dev-shm-usage",
                    format!("--user-data-dir={}", profile.display()),
                    "--window-size=1200,900",
                ],
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("a WebDriver session with headless Chromium");
        let result = walk_through(&client, &server).await;
        if result.is_err() {
            // What the page showed when it went wrong.
            if let Ok(png) = client.screenshot().await {
                let _ = std::fs::write(target_dir().join("web-failure.png"), png);
            }
        }
        let _ = client.close().await;
        result.unwrap();
    });
}

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The text of the element `css`.
async fn text(client: &Client, css: &str) -> Result<String> {
    let value = client
        .execute(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
            vec![json!(css)],
        )
        .await?;
    Ok(value.as_str().unwrap_or_default().to_string())
}

/// Evaluates `script` (a function body that returns a value).
async fn eval(client: &Client, script: &str) -> Result<Value> {
    Ok(client.execute(script, vec![]).await?)
}

/// Waits until the text of `css` satisfies `ok`; the text it settled on.
async fn wait_text(client: &Client, css: &str, ok: impl Fn(&str) -> bool) -> Result<String> {
    let start = Instant::now();
    loop {
        let now = text(client, css).await?;
        if ok(&now) {
            return Ok(now);
        }
        if start.elapsed() > PATIENCE {
            return Err(format!("{css} still shows {now:?} after {PATIENCE:?}").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The board's cell at (r, c).
async fn cell(client: &Client, r: usize, c: usize) -> Result<Element> {
    Ok(client
        .find(Locator::Css(&format!(".cell[data-r='{r}'][data-c='{c}']")))
        .await?)
}

async fn classes(element: &Element) -> Result<String> {
    Ok(element.attr("class").await?.unwrap_or_default())
}

async fn click(client: &Client, css: &str) -> Result<()> {
    client.find(Locator::Css(css)).await?.click().await?;
    Ok(())
}

async fn save_screenshot(client: &Client, name: &str) -> Result<()> {
    let png = client.screenshot().await?;
    std::fs::write(target_dir().join(name), png)?;
    Ok(())
}

async fn walk_through(client: &Client, server: &Server) -> Result<()> {
    client.goto(&format!("{}/", server.url())).await?;
    client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css("body[data-ready='true']"))
        .await?;

    // Solve a shipped puzzle.
    client
        .find(Locator::Css("#example"))
        .await?
        .select_by_value("duck")
        .await?;
    wait_text(client, "#puzzle-info", |t| t.starts_with("duck")).await?;
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
    let solution = server
        .post(
            "/api/solve",
            &json!({ "puzzle": common::web::repo_text("testdata/seeds/duck.non") }),
        )
        .json()["solutions"][0]
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
    save_screenshot(client, "web-solve.png").await?;

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
    save_screenshot(client, "web-explain.png").await?;
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
    save_screenshot(client, "web-play.png").await?;

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
    save_screenshot(client, "web-make.png").await?;

    // A phone-width window: nothing wider than the screen but the board's own scroller.
    client.set_window_size(360, 780).await?;
    click(client, "#tab-solve").await?;
    client
        .find(Locator::Css("#example"))
        .await?
        .select_by_value("r-logo")
        .await?;
    wait_text(client, "#puzzle-info", |t| t.starts_with("R logo")).await?;
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
    save_screenshot(client, "web-narrow.png").await?;

    // The picture for the README: a 20x20 puzzle half explained.
    client.set_window_size(1200, 900).await?;
    click(client, "#tab-explain").await?;
    client
        .find(Locator::Css("#example"))
        .await?
        .select_by_value("webpbn-00006")
        .await?;
    wait_text(client, "#puzzle-info", |t| t.starts_with("Scardy Cat")).await?;
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
    save_screenshot(client, "web-page.png").await?;
    Ok(())
}
