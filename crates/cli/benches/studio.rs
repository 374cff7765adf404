//! Make's target (issue 41), measured on the static site in headless Chromium: **the live
//! verdict on a 30×30 line-solvable picture under 300 ms after an edit**.
//!
//! The picture is a generated easy 30×30 (line-solvable: unique, nothing left undecided), and
//! the edit a click on a cell whose change keeps it so (found natively, by `make` on every
//! one-cell change until one is). In the page each click is a real pointer event on the board;
//! the time is the page's own measure `make-verdict`, from the mark `make-edit` (set when the
//! stroke ends and the check is sent to its worker) to the verdict, the difficulty and the map
//! drawn. The cell is clicked `--edits` times (default 30), each click after the last verdict,
//! so every edit leaves a line-solvable picture; then the same edits natively, `make` in
//! process (release, one thread), for the ratio.
//!
//!     scripts/build-web && cargo bench -p nonogram-cli --bench studio [-- --edits N]

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::chromium::{with_chromium, Result, PATIENCE};
use common::site::{built_site, StaticServer};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn make(api: &nonogram_api::Api, rows: &[String]) -> Value {
    let request = nonogram_api::MakeRequest {
        picture: rows.to_vec(),
        timeout: Some(10.0),
        ..Default::default()
    };
    let answer = api.make(request, &AtomicBool::new(false)).unwrap();
    answer.verdict
}

fn line_solvable(verdict: &Value) -> bool {
    verdict["unique"] == json!(true) && verdict["undecided"].as_array().unwrap().is_empty()
}

fn flipped(rows: &[String], r: usize, c: usize) -> Vec<String> {
    let mut out = rows.to_vec();
    let mut row: Vec<char> = out[r].chars().collect();
    row[c] = if row[c] == '#' { '.' } else { '#' };
    out[r] = row.into_iter().collect();
    out
}

/// A 30×30 line-solvable picture and a cell whose change keeps it line-solvable.
fn picture() -> (Vec<String>, (usize, usize)) {
    let api = nonogram_api::Api::default();
    for seed in 1.. {
        let request = nonogram_api::GenerateRequest {
            width: 30,
            height: 30,
            difficulty: Some("easy".into()),
            seed: Some(seed),
            ..Default::default()
        };
        let answer = api.generate(request, &AtomicBool::new(false)).unwrap();
        let rows: Vec<String> = serde_json::from_value(answer.puzzle["goal"].clone()).unwrap();
        assert!(
            line_solvable(&make(&api, &rows)),
            "seed {seed}: not line-solvable"
        );
        for r in 0..30 {
            for c in 0..30 {
                if line_solvable(&make(&api, &flipped(&rows, r, c))) {
                    return (rows, (r, c));
                }
            }
        }
    }
    unreachable!()
}

/// Waits for the verdict on the picture the studio holds; the last `make-verdict` measure.
async fn verdict_ms(client: &Client, count: usize) -> Result<f64> {
    let start = Instant::now();
    loop {
        let value = client
            .execute(
                "const all = performance.getEntriesByName('make-verdict'); \
                 return all.length ? [all.length, all[all.length - 1].duration] : [0, 0];",
                vec![],
            )
            .await?;
        if value[0].as_u64().unwrap() as usize >= count {
            return Ok(value[1].as_f64().unwrap());
        }
        if start.elapsed() > PATIENCE {
            return Err("no verdict".into());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn main() {
    let mut edits = 30;
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--edits") {
        edits = args[i + 1].parse().expect("--edits N");
    }
    let (rows, (r, c)) = picture();
    let api = nonogram_api::Api::default();
    let mut native: Vec<f64> = (0..edits)
        .map(|k| {
            let picture = if k % 2 == 0 {
                flipped(&rows, r, c)
            } else {
                rows.clone()
            };
            let start = Instant::now();
            let verdict = make(&api, &picture);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            assert!(line_solvable(&verdict));
            ms
        })
        .collect();
    native.sort_by(f64::total_cmp);

    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("bench-studio-failure", |client| async move {
        client.set_window_size(1200, 1000).await?;
        client.goto(&format!("{base}/")).await?;
        client
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css("body[data-ready='true']"))
            .await?;
        client
            .find(Locator::Css("#tab-make"))
            .await?
            .click()
            .await?;
        client
            .execute_async(
                "const [rows, done] = arguments; \
                 import('./js/studio.js').then((m) => { m.replacePicture(rows); done(null); });",
                vec![json!(rows)],
            )
            .await?;
        let mut seen = 1;
        verdict_ms(&client, seen).await?;
        let cell = client
            .find(Locator::Css(&format!(".cell[data-r='{r}'][data-c='{c}']")))
            .await?;
        let mut page = Vec::new();
        for _ in 0..edits {
            cell.click().await?;
            seen += 1;
            page.push(verdict_ms(&client, seen).await?);
        }
        let shown = client
            .execute(
                "return [document.getElementById('verdict').textContent, \
                 document.getElementById('make-difficulty').textContent]",
                vec![],
            )
            .await?;
        assert!(
            shown[0].as_str().unwrap().starts_with("unique")
                && shown[1].as_str().unwrap().starts_with("Difficulty: easy"),
            "{shown}"
        );
        page.sort_by(f64::total_cmp);
        println!(
            "Make's live verdict on a 30×30 line-solvable picture, {edits} edits (a click on cell \
             ({}, {}), each keeping the picture line-solvable), ms from the edit to the verdict \
             drawn:\n",
            r + 1,
            c + 1
        );
        println!("| | median | 95th percentile | slowest |");
        println!("|---|---:|---:|---:|");
        for (name, xs) in [
            ("in the page (worker, WebAssembly, drawn)", &page),
            ("natively (make, release, one thread)", &native),
        ] {
            println!(
                "| {name} | {:.1} | {:.1} | {:.1} |",
                percentile(xs, 0.5),
                percentile(xs, 0.95),
                xs[xs.len() - 1]
            );
        }
        println!(
            "\nin the page / natively (medians): {:.1}×",
            percentile(&page, 0.5) / percentile(&native, 0.5)
        );
        Ok(())
    });
}
