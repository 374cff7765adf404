//! Triangle puzzles on the page, in Chromium: the shipped `noty` (glued half cells, Olšák's
//! `.g`) drawn with its clues' caps, solved to half cells cut by their diagonal, explained
//! step by step, and played (a half cell picked from the list and by key, painted, checked,
//! undone, hinted), on the desktop and on a phone, with axe's audit; and Play's line checks
//! (`js/lines.js`) on capped clues against every filling of random lines.

use fantoccini::Client;
use serde_json::{json, Value};

use crate::app::{audit, axe_source};
use crate::common::chromium::{with_chromium, with_phone, Result, PHONE};
use crate::common::web::Server;
use crate::page::*;
use nonogram_core::model::triangle::line_fits;
use nonogram_core::{Clue, ColourId, Run};

/// The half cells' characters, palette entries 2 to 5.
const HALVES: [char; 4] = ['◢', '◤', '◥', '◣'];

/// The example's one solution and its puzzle, as the API gives them.
fn noty() -> (Vec<String>, Value) {
    let api = nonogram_api::Api::default();
    let text = crate::common::web::repo_text("testdata/puzzles/olsak-noty.json");
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let solved = api
        .solve(
            nonogram_api::SolveRequest {
                puzzle: text.clone(),
                ..Default::default()
            },
            &cancel,
        )
        .unwrap()
        .record;
    let rows = solved["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let parsed = api
        .parse(nonogram_api::ParseRequest {
            puzzle: text,
            ..Default::default()
        })
        .unwrap();
    (
        rows,
        serde_json::to_value(parsed).unwrap()["puzzle"].clone(),
    )
}

/// How many caps the clues of `puzzle` (its JSON) have.
fn caps(puzzle: &Value) -> usize {
    ["rows", "columns"]
        .iter()
        .flat_map(|axis| puzzle[axis].as_array().unwrap())
        .flat_map(|clue| clue.as_array().unwrap())
        .map(|run| usize::from(run.get("start").is_some()) + usize::from(run.get("end").is_some()))
        .sum()
}

/// The first cell of `rows` holding `want`.
fn first(rows: &[String], want: char) -> (usize, usize) {
    rows.iter()
        .enumerate()
        .find_map(|(r, row)| row.chars().position(|ch| ch == want).map(|c| (r, c)))
        .unwrap()
}

/// Whether every cell the board shows as a half cell is drawn cut by a diagonal (a gradient
/// in the ink, no grey fill), and how many there are of each of `◢◤◥◣`.
async fn halves_drawn(client: &Client) -> Result<Vec<u64>> {
    let drawn = eval(
        client,
        "const cells = [...document.querySelectorAll('.cell.half')]; \
         const bad = cells.filter((c) => { const s = getComputedStyle(c); \
           return !s.backgroundImage.includes('linear-gradient') \
             || s.backgroundColor === 'rgb(128, 128, 128)' || c.classList.contains('coloured'); }); \
         return [bad.length, ...[2, 3, 4, 5].map((h) => cells.filter((c) => c.classList.contains('h' + h)).length)]",
    )
    .await?;
    let counts: Vec<u64> = serde_json::from_value(drawn)?;
    assert_eq!(counts[0], 0, "half cells drawn without their diagonal");
    Ok(counts[1..].to_vec())
}

#[test]
fn a_triangle_puzzle_is_drawn_solved_explained_and_played_in_chromium() {
    let (rows, puzzle) = noty();
    let want: Vec<u64> = HALVES
        .iter()
        .map(|&h| rows.iter().map(|r| r.matches(h).count() as u64).sum())
        .collect();
    assert!(want.iter().all(|&n| n > 0), "{rows:?}");
    let server = Server::start(&["--quiet"]);
    let base = server.url();
    let axe = axe_source();
    with_chromium("web-triangles-failure", |client| async move {
        client.set_window_size(1200, 1000).await?;
        client.goto(&format!("{base}/")).await?;
        wait_for(&client, "body[data-ready='true']").await?;
        click(&client, "#tab-solve").await?;
        pick_example(&client, "noty", "Noty").await?;
        wait_text(&client, "#attribution", |t| t.contains("Olšák")).await?;

        // The clues: every cap drawn as a small triangle beside its number; the first row's
        // `/4\` as ◢4◣, read out by its characters.
        let shown = eval(
            &client,
            "return document.querySelectorAll('.clue .cap').length",
        )
        .await?;
        assert_eq!(shown, json!(caps(&puzzle)));
        let first_row = eval(
            &client,
            "const run = document.querySelector('.clue.row .run'); \
             return [[...run.querySelectorAll('.cap')].map((c) => c.className), run.textContent, \
                     run.closest('.clue').getAttribute('aria-label')]",
        )
        .await?;
        assert_eq!(
            first_row,
            json!([["cap h2", "cap h5"], "4", "row 1: ◢4◣"]),
            "{first_row}"
        );

        // Downloads are offered only in the formats that write triangle puzzles.
        let offered = eval(
            &client,
            "const s = document.getElementById('download-format'); \
             return [s.value, [...s.options].filter((o) => !o.disabled).map((o) => o.value)]",
        )
        .await?;
        assert_eq!(offered, json!(["json", ["g", "json"]]));
        // The next black-and-white puzzle gets back the format the triangles overrode.
        pick_example(&client, "duck", "duck").await?;
        let offered = eval(
            &client,
            "const s = document.getElementById('download-format'); \
             return [s.value, [...s.options].filter((o) => o.disabled).length]",
        )
        .await?;
        assert_eq!(offered, json!(["non", 0]));
        pick_example(&client, "noty", "Noty").await?;
        wait_text(&client, "#attribution", |t| t.contains("Olšák")).await?;

        // A link carries the caps: its text reads back as the same puzzle.
        let shown = in_page(&client, "state.js", "m => m.state.puzzle").await?;
        let text = in_page(&client, "share.js", &format!("m => m.shareText({shown})")).await?;
        let back = nonogram_api::Api::default().parse(nonogram_api::ParseRequest {
            puzzle: text.as_str().unwrap().to_string(),
            ..Default::default()
        })?;
        assert_eq!(clues(&back.puzzle), clues(&puzzle), "{text}");
        assert_eq!(back.puzzle["triangles"], true);

        // Solve: black cells in ink, half cells cut by their diagonal, as many as the solution.
        click(&client, "#solve").await?;
        wait_text(&client, "#verdict", |t| t.contains("unique solution")).await?;
        assert_eq!(halves_drawn(&client).await?, want);
        let black = eval(
            &client,
            "return document.querySelectorAll('.cell.coloured').length",
        )
        .await?;
        assert_eq!(
            black,
            json!(rows.iter().map(|r| r.matches('#').count()).sum::<usize>())
        );
        save_screenshot(&client, "web-triangles-solve.png").await?;
        audit(&client, &axe, "Solve, a triangle puzzle").await?;

        // Understand: the steps decide half cells too, and the last step shows the solution.
        click(&client, "#tab-explain").await?;
        let count = wait_text(&client, "#step-count", |t| {
            t.starts_with("0 / ") && t != "0 / 0"
        })
        .await?;
        let total: usize = count.trim_start_matches("0 / ").parse()?;
        // Steps that only rule colours out change no cell the page draws: step on to the
        // first that decides some.
        let mut decided = 0;
        for n in 1..=total.min(40) {
            click(&client, "#step-next").await?;
            wait_text(&client, "#step-count", |t| t == format!("{n} / {total}")).await?;
            let changed = eval(
                &client,
                "return document.querySelectorAll('.cell.m-changed').length",
            )
            .await?;
            decided = changed.as_u64().unwrap();
            if decided > 0 {
                break;
            }
        }
        assert!(decided > 0, "no step of the first 40 decides a cell");
        click(&client, "#step-last").await?;
        wait_text(&client, "#step-count", |t| {
            t == format!("{total} / {total}")
        })
        .await?;
        assert_eq!(halves_drawn(&client).await?, want);
        save_screenshot(&client, "web-triangles-explain.png").await?;

        // Play: the list offers black and the four half cells, drawn beside it when picked.
        click(&client, "#tab-play").await?;
        wait_text(&client, "#mistakes", |t| t == "Mistakes: 0").await?;
        let offered = eval(
            &client,
            "return [...document.querySelectorAll('#play-colour option')].map((o) => [o.value, o.textContent[0]])",
        )
        .await?;
        assert_eq!(
            offered,
            json!([["1", "■"], ["2", "◢"], ["3", "◤"], ["4", "◥"], ["5", "◣"]])
        );
        choose(&client, "#play-colour", "2").await?;
        let shape = eval(
            &client,
            "const s = document.getElementById('play-colour-shape'); return [s.hidden, s.className]",
        )
        .await?;
        assert_eq!(shape, json!([false, "swatch-shape cap h2"]));
        // A ◢ where the solution has one: painted as ◢, and no mistake.
        let (r, c) = first(&rows, '◢');
        let target = cell(&client, r, c).await?;
        target.click().await?;
        let look = classes(&target).await?;
        assert!(
            look.contains("half") && look.contains("h2") && !look.contains("coloured"),
            "{look}"
        );
        wait_text(&client, "#mistakes", |t| t == "Mistakes: 0").await?;
        let label = target.attr("aria-label").await?.unwrap_or_default();
        assert!(label.contains("half black ◢"), "{label}");
        // The keys 1 to 5 pick: 4 is ◥, painted on the cell under the focus with the space key.
        let (r4, c4) = first(&rows, '◥');
        let other = cell(&client, r4, c4).await?;
        other.click().await?; // paints ◢ there: a mistake
        wait_text(&client, "#mistakes", |t| t == "Mistakes: 1").await?;
        other.send_keys("c").await?; // cleared
        other.send_keys("4").await?;
        assert_eq!(
            eval(
                &client,
                "return document.getElementById('play-colour').value"
            )
            .await?,
            json!("4")
        );
        other.send_keys(" ").await?;
        let look = classes(&other).await?;
        assert!(look.contains("half") && look.contains("h4"), "{look}");
        wait_text(&client, "#mistakes", |t| t == "Mistakes: 1").await?;
        save_screenshot(&client, "web-triangles-play.png").await?;
        audit(&client, &axe, "Play, a triangle puzzle").await?;
        // Undo takes the ◥ back; redo paints it again.
        click(&client, "#undo").await?;
        assert!(!classes(&other).await?.contains("h4"));
        click(&client, "#redo").await?;
        assert!(classes(&other).await?.contains("h4"));
        // A hint names a line, and applying it paints its cells, half cells as they are.
        click(&client, "#hint").await?;
        wait_text(&client, "#sentence", |t| {
            t.starts_with("Row") || t.starts_with("Column")
        })
        .await?;
        let before = eval(
            &client,
            "return document.querySelectorAll('.cell:not(.unknown)').length",
        )
        .await?;
        click(&client, "#apply-hint").await?;
        let after = eval(
            &client,
            "return document.querySelectorAll('.cell:not(.unknown)').length",
        )
        .await?;
        assert!(
            after.as_u64() > before.as_u64(),
            "the hint painted nothing: {before} {after}"
        );
        wait_text(&client, "#mistakes", |t| t == "Mistakes: 1").await?;
        Ok(())
    });
}

#[test]
fn a_triangle_puzzle_fits_a_phone_and_plays_by_touch_in_chromium() {
    let (rows, _) = noty();
    let server = Server::start(&["--quiet"]);
    let base = server.url();
    with_phone("web-triangles-phone-failure", |client| async move {
        client.goto(&format!("{base}/")).await?;
        wait_for(&client, "body[data-ready='true']").await?;
        click(&client, "#tab-solve").await?;
        pick_example(&client, "noty", "Noty").await?;
        click(&client, "#solve").await?;
        wait_text(&client, "#verdict", |t| t.contains("unique solution")).await?;
        halves_drawn(&client).await?;
        save_screenshot(&client, "web-triangles-phone-solve.png").await?;
        click(&client, "#tab-play").await?;
        wait_text(&client, "#mistakes", |t| t == "Mistakes: 0").await?;
        choose(&client, "#play-colour", "3").await?;
        // A finger's tap paints the picked half cell.
        let (r, c) = first(&rows, '◤');
        touch(&client, (r, c), &[], std::time::Duration::ZERO).await?;
        assert!(classes(&cell(&client, r, c).await?).await?.contains("h3"));
        let sizes = eval(
            &client,
            "const board = document.getElementById('board').getBoundingClientRect(); \
             const bar = document.getElementById('play-colour-row').getBoundingClientRect(); \
             const clue = getComputedStyle(document.querySelector('.clue .run')).fontSize; \
             return [document.documentElement.scrollWidth, document.documentElement.clientWidth, \
                     innerWidth, board.right, bar.right, parseFloat(clue)]",
        )
        .await?;
        let n = |i: usize| sizes[i].as_f64().unwrap();
        assert_eq!(n(2), f64::from(PHONE.0), "{sizes}");
        assert!(n(0) <= n(1), "the page scrolls sideways: {sizes}");
        assert!(n(3) <= n(2), "the board is cut off: {sizes}");
        assert!(n(4) <= n(2), "the colour list is cut off: {sizes}");
        assert!(n(5) >= 10.0, "clues smaller than 10 px: {sizes}");
        save_screenshot(&client, "web-triangles-phone-play.png").await
    });
}

/// A random row clue of triangle runs: up to three runs of one to three cells, each maybe
/// capped at its start (◢ or ◥) or its end (◤ or ◣), no run shorter than its caps.
fn random_clue(next: &mut impl FnMut(u64) -> u64) -> Vec<(u32, [usize; 2])> {
    (0..next(4))
        .map(|_| {
            let len = 1 + next(3) as u32;
            let start = [0, 0, 2, 4][next(4) as usize];
            let mut end = [0, 0, 3, 5][next(4) as usize];
            if len == 1 && start != 0 {
                end = 0;
            }
            (len, [start, end])
        })
        .collect()
}

/// The page's JSON of a clue: caps as `start` and `end`, absent where a run has none.
fn clue_json(clue: &[(u32, [usize; 2])]) -> Value {
    clue.iter()
        .map(|&(len, [start, end])| {
            let mut run = json!({ "length": len, "colour": 1 });
            if start != 0 {
                run["start"] = json!(start);
            }
            if end != 0 {
                run["end"] = json!(end);
            }
            run
        })
        .collect()
}

/// Whether some filling of the line's unknown cells (-1) with any of the six entries fits the
/// clue, by the library's rule ([`line_fits`]): the reference for the page's programme.
fn fits_by_brute_force(line: &[i64], clue: &Clue) -> bool {
    let unknown: Vec<usize> = (0..line.len()).filter(|&i| line[i] < 0).collect();
    (0..6u64.pow(unknown.len() as u32)).any(|mut n| {
        let mut cells = line.to_vec();
        for &i in &unknown {
            cells[i] = (n % 6) as i64;
            n /= 6;
        }
        line_fits(clue, &entries(&cells))
    })
}

fn entries(cells: &[i64]) -> Vec<ColourId> {
    cells
        .iter()
        .map(|&v| ColourId::new(v as usize).unwrap())
        .collect()
}

/// Play's line checks on triangle clues (caps glued to runs, a cap touching anything, two
/// equal caps included) agree with the library's rule on every filling of random lines.
#[test]
fn the_pages_line_checks_agree_with_the_triangle_rules() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut cases = Vec::new();
    while cases.len() < 3000 {
        let len = 1 + next(6) as usize;
        let clue = random_clue(&mut next);
        // Lines near a solution of the clue, where fitting is in question: the clue's cells
        // packed from the left, some cells changed, some unknown.
        let mut line: Vec<i64> = Vec::new();
        for (k, &(run_len, [start, end])) in clue.iter().enumerate() {
            if k > 0 && next(2) == 0 {
                line.push(0);
            }
            let caps = u32::from(start != 0) + u32::from(end != 0);
            if start != 0 {
                line.push(start as i64);
            }
            line.extend(std::iter::repeat_n(1, (run_len - caps) as usize));
            if end != 0 {
                line.push(end as i64);
            }
        }
        line.resize(len.max(line.len()), 0);
        if line.len() > 7 {
            continue;
        }
        for v in &mut line {
            match next(6) {
                0 => *v = -1,
                1 => *v = next(6) as i64,
                _ => {}
            }
        }
        if line.iter().filter(|&&v| v < 0).count() > 4 {
            continue;
        }
        cases.push((line, clue));
    }
    let want: Vec<(bool, bool)> = cases
        .iter()
        .map(|(line, clue)| {
            let clue = Clue::capped(clue.iter().map(|&(len, [start, end])| {
                let cap = |i: usize| ColourId::new(i).unwrap();
                (Run::new(len, ColourId::BLACK), [cap(start), cap(end)])
            }));
            let cleared: Vec<i64> = line.iter().map(|&v| v.max(0)).collect();
            (
                fits_by_brute_force(line, &clue),
                line_fits(&clue, &entries(&cleared)),
            )
        })
        .collect();
    assert!(
        want.iter().filter(|w| w.0).count() > 300,
        "too few lines that fit"
    );
    assert!(
        want.iter().filter(|w| w.1).count() > 100,
        "too few lines done"
    );
    assert!(
        want.iter().filter(|w| w.0 && !w.1).count() > 100,
        "too few lines open"
    );
    let data: Vec<Value> = cases
        .iter()
        .map(|(line, clue)| json!([line, clue_json(clue)]))
        .collect();
    let server = Server::start(&["--quiet"]);
    let base = server.url();
    with_chromium("web-triangle-lines-failure", |client| async move {
        client.goto(&format!("{base}/")).await?;
        wait_for(&client, "body[data-ready='true']").await?;
        let got = line_checks(&client, &data).await?;
        assert_eq!(got.len(), want.len());
        for (i, (got, want)) in got.iter().zip(&want).enumerate() {
            assert_eq!(got, want, "{:?}", cases[i]);
        }
        Ok(())
    });
}
