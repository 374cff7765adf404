//! Make as an author's studio, in Chromium on the static site: each drawing tool (pen, line,
//! rectangle, filled box, flood fill, keys), a drag undone in one step and redone, the canvas
//! grown and cut on each side, the picture and its steps kept across a reload; the live
//! verdict (unique and easy, or not unique with the cells that differ outlined), the heat map
//! and its list, whose best change, applied, leaves as many undecided cells as its score says
//! (checked against the library); the "easy" aim; the palette (a colour added, painted with,
//! recoloured, removed, undone); a link that carries the clues and never the picture, opened in
//! Play; and a phone's screen, by touch, with nothing sideways to scroll and axe's audit clean.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::app::{audit, axe_source};
use crate::common::chromium::{with_chromium, with_phone, Result, PATIENCE};
use crate::common::site::{built_site, StaticServer};
use crate::page::*;

/// The picture the studio holds: rows of palette symbols.
async fn picture(client: &Client) -> Result<Vec<String>> {
    let rows = in_page(client, "state.js", "m => m.state.make.rows").await?;
    Ok(serde_json::from_value(rows)?)
}

/// The studio's whole state, as the page holds it.
async fn make_state(client: &Client) -> Result<Value> {
    in_page(
        client,
        "state.js",
        "m => { const { rows, palette, colour, tool, aim, title } = m.state.make; \
         return { rows, palette, colour, tool, aim, title, answer: m.state.make.answer }; }",
    )
    .await
}

/// Waits until the studio's verdict is on the page for the picture it holds: an answer for
/// these rows, shown; the answer.
async fn settled(client: &Client) -> Result<Value> {
    let start = Instant::now();
    loop {
        let state = make_state(client).await?;
        let verdict = text(client, "#verdict").await?;
        if let Some(answer) = state.get("answer").filter(|a| !a.is_null()) {
            if answer["rows"] == state["rows"] && !verdict.starts_with("checking") {
                return Ok(answer.clone());
            }
        }
        if start.elapsed() > PATIENCE {
            return Err(format!("no verdict for {} (shows {verdict:?})", state["rows"]).into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The cells of `rows` that are not the background `.`.
fn filled(rows: &[String]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch != '.' {
                out.push((r, c));
            }
        }
    }
    out
}

/// Chooses the tool `name` (its radio button's label).
async fn tool(client: &Client, name: &str) -> Result<()> {
    click(client, &format!("label[for='make-tool-{name}']")).await
}

/// A new blank grid of `width` × `height`.
async fn new_grid(client: &Client, width: usize, height: usize) -> Result<()> {
    for (id, value) in [("#make-width", width), ("#make-height", height)] {
        let input = client.find(Locator::Css(id)).await?;
        input.clear().await?;
        input.send_keys(&value.to_string()).await?;
    }
    click(client, "#make-new").await?;
    let start = Instant::now();
    while picture(client).await? != vec![".".repeat(width); height] {
        if start.elapsed() > PATIENCE {
            return Err("the new grid did not come".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// Sets the picture by clicking each cell that `rows` fills (on a blank grid of its size).
async fn draw(client: &Client, rows: &[&str]) -> Result<()> {
    new_grid(client, rows[0].len(), rows.len()).await?;
    tool(client, "pen").await?;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cell(client, r, c).await?.click().await?;
            }
        }
    }
    let want: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    assert_eq!(picture(client).await?, want);
    Ok(())
}

/// The cells connected to `start` through their sides with the same symbol (the reference
/// for the flood fill).
fn region(rows: &[String], start: (usize, usize)) -> Vec<(usize, usize)> {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (grid.len(), grid[0].len());
    let want = grid[start.0][start.1];
    let mut seen = vec![vec![false; w]; h];
    let mut stack = vec![start];
    seen[start.0][start.1] = true;
    let mut out = Vec::new();
    while let Some((r, c)) = stack.pop() {
        out.push((r, c));
        let mut next = Vec::new();
        if r > 0 {
            next.push((r - 1, c));
        }
        if r + 1 < h {
            next.push((r + 1, c));
        }
        if c > 0 {
            next.push((r, c - 1));
        }
        if c + 1 < w {
            next.push((r, c + 1));
        }
        for (nr, nc) in next {
            if !seen[nr][nc] && grid[nr][nc] == want {
                seen[nr][nc] = true;
                stack.push((nr, nc));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_studio_draws_with_every_tool_undoes_resizes_and_keeps_its_picture_in_chromium() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("studio-tools-failure", |client| async move {
        client.set_window_size(1200, 1000).await?;
        open(&client, &format!("{base}/")).await?;
        click(&client, "#tab-make").await?;
        new_grid(&client, 10, 10).await?;
        wait_text(&client, "#verdict", |t| t.starts_with("unique")).await?;

        // The pen: a drag paints the cells it passes, as one step.
        tool(&client, "pen").await?;
        mouse_drag(&client, (0, 0), (0, 3)).await?;
        let drawn = picture(&client).await?;
        let pen = filled(&drawn);
        assert!(pen.contains(&(0, 0)) && pen.contains(&(0, 3)), "{drawn:?}");
        assert!(pen.iter().all(|&(r, _)| r == 0), "{drawn:?}");
        click(&client, "#make-undo").await?;
        assert!(
            filled(&picture(&client).await?).is_empty(),
            "one undo takes back the drag"
        );
        click(&client, "#make-redo").await?;
        assert_eq!(picture(&client).await?, drawn);

        // The line: from the cell pressed to the one let go, one cell a column here.
        tool(&client, "line").await?;
        mouse_drag(&client, (2, 0), (4, 4)).await?;
        let before = pen.len();
        let now = picture(&client).await?;
        let line: Vec<_> = filled(&now).into_iter().filter(|&(r, _)| r >= 2).collect();
        assert_eq!(line.len(), 5, "{now:?}");
        assert!(line.contains(&(2, 0)) && line.contains(&(4, 4)), "{now:?}");
        let columns: std::collections::BTreeSet<usize> = line.iter().map(|&(_, c)| c).collect();
        assert_eq!(columns.len(), 5, "{now:?}");
        assert_eq!(filled(&now).len(), before + 5);

        // The rectangle: its outline; the filled box: all of it.
        tool(&client, "rect").await?;
        mouse_drag(&client, (5, 5), (7, 8)).await?;
        let now = picture(&client).await?;
        let rect: Vec<_> = filled(&now)
            .into_iter()
            .filter(|&(r, c)| (5..=7).contains(&r) && (5..=8).contains(&c))
            .collect();
        assert_eq!(rect.len(), 10, "{now:?}");
        assert!(
            !rect.contains(&(6, 6)) && !rect.contains(&(6, 7)),
            "{now:?}"
        );
        tool(&client, "box").await?;
        mouse_drag(&client, (0, 6), (1, 9)).await?;
        let now = picture(&client).await?;
        for r in 0..2 {
            assert_eq!(&now[r][6..], "####", "{now:?}");
        }

        // The flood fill: the region of the cell pressed, as the reference finds it.
        let before = picture(&client).await?;
        let area = region(&before, (9, 0));
        tool(&client, "flood").await?;
        cell(&client, 9, 0).await?.click().await?;
        let after = picture(&client).await?;
        let mut changed = Vec::new();
        for (r, (a, b)) in before.iter().zip(&after).enumerate() {
            for (c, (x, y)) in a.chars().zip(b.chars()).enumerate() {
                if x != y {
                    changed.push((r, c));
                }
            }
        }
        assert_eq!(changed, area);
        assert!(area.len() > 20, "{area:?}");
        click(&client, "#make-undo").await?;
        assert_eq!(picture(&client).await?, before);
        // Inside the rectangle's outline, the flood stays inside.
        cell(&client, 6, 6).await?.click().await?;
        let now = picture(&client).await?;
        assert_eq!(&now[6][6..8], "##", "{now:?}");
        assert_eq!(filled(&now).len(), filled(&before).len() + 2);

        // Keys: Space paints the focused cell with the pen, Delete empties it.
        tool(&client, "pen").await?;
        let corner = cell(&client, 9, 9).await?;
        corner.click().await?;
        assert_eq!(&picture(&client).await?[9][9..], "#");
        corner.send_keys(&Key::Delete.to_string()).await?;
        assert_eq!(&picture(&client).await?[9][9..], ".");
        corner.send_keys(" ").await?;
        assert_eq!(&picture(&client).await?[9][9..], "#");
        // Ctrl+Z from the board undoes.
        corner
            .send_keys(&format!("{}z{}", Key::Control, Key::Control))
            .await?;
        assert_eq!(&picture(&client).await?[9][9..], ".");

        // The canvas, grown and cut on each side; its clues follow.
        let start = picture(&client).await?;
        click(&client, "button[aria-label='Add a row at the top']").await?;
        let grown = picture(&client).await?;
        assert_eq!(grown.len(), 11);
        assert_eq!(grown[0], "..........");
        assert_eq!(&grown[1..], &start[..]);
        click(&client, "button[aria-label='Remove the left column']").await?;
        let cut = picture(&client).await?;
        assert_eq!(
            cut[1..].to_vec(),
            start.iter().map(|r| r[1..].to_string()).collect::<Vec<_>>()
        );
        click(&client, "button[aria-label='Add a column on the right']").await?;
        click(&client, "button[aria-label='Remove the bottom row']").await?;
        let now = picture(&client).await?;
        assert_eq!((now.len(), now[0].len()), (10, 10));
        assert!(now.iter().all(|r| r.ends_with('.')));
        let clues = eval(&client, "return [document.querySelectorAll('.clue.row').length, document.querySelectorAll('.clue.col').length]").await?;
        assert_eq!(clues, json!([10, 10]));
        for _ in 0..4 {
            click(&client, "#make-undo").await?;
        }
        assert_eq!(picture(&client).await?, start);
        settled(&client).await?;

        // Kept across a reload, its steps too.
        click(&client, "button[aria-label='Add a row at the bottom']").await?;
        let kept = picture(&client).await?;
        client.refresh().await?;
        wait_for(&client, "body[data-ready='true']").await?;
        click(&client, "#tab-make").await?;
        assert_eq!(picture(&client).await?, kept);
        assert_eq!(
            eval(&client, "return document.querySelectorAll('.cell').length").await?,
            json!(110)
        );
        click(&client, "#make-undo").await?;
        assert_eq!(picture(&client).await?, start);
        save_screenshot(&client, "studio-tools.png").await?;
        Ok(())
    });
}

/// What the library says line solving leaves undecided in `rows`' clues.
fn undecided_natively(rows: &[String]) -> usize {
    let api = nonogram_api::Api::new(nonogram_api::Limits::default());
    let request = nonogram_api::MakeRequest {
        picture: rows.to_vec(),
        map: Some(false),
        ..Default::default()
    };
    let answer = api.make(request, &AtomicBool::new(false)).unwrap();
    answer.verdict["undecided"].as_array().unwrap().len()
}

#[test]
fn the_studio_judges_each_edit_and_its_heat_map_leads_to_a_unique_easy_picture_in_chromium() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("studio-verdict-failure", |client| async move {
        client.set_window_size(1200, 1000).await?;
        open(&client, &format!("{base}/")).await?;
        click(&client, "#tab-make").await?;

        // Unique and line-solvable: said so, and rated easy.
        draw(&client, &[".###.", "##.#.", ".###.", "..##.", "..###"]).await?;
        let answer = settled(&client).await?;
        assert_eq!(answer["unique"], json!(true));
        assert_eq!(answer["level"], json!("easy"));
        wait_text(&client, "#verdict", |t| t.starts_with("unique")).await?;
        let difficulty = text(&client, "#make-difficulty").await?;
        assert!(difficulty.starts_with("Difficulty: easy"), "{difficulty}");
        assert!(
            difficulty.contains("Line solving decides every cell"),
            "{difficulty}"
        );

        // Not unique: the cells that differ outlined, the undecided ones counted, the map drawn.
        draw(&client, &["#....", ".#...", "..##.", ".....", "....."]).await?;
        let answer = settled(&client).await?;
        assert_eq!(answer["unique"], json!(false));
        wait_text(&client, "#verdict", |t| t.starts_with("not unique")).await?;
        let differ = answer["differing_cells"].as_array().unwrap().len();
        assert!(differ >= 4, "{answer}");
        assert_eq!(
            eval(
                &client,
                "return document.querySelectorAll('.cell.m-differ').length"
            )
            .await?,
            json!(differ)
        );
        let undecided = answer["undecided"].as_array().unwrap().len();
        let rows = picture(&client).await?;
        assert_eq!(undecided, undecided_natively(&rows));
        let difficulty = text(&client, "#make-difficulty").await?;
        assert!(
            difficulty.contains(&format!("leaves {undecided} of 25 cells undecided")),
            "{difficulty}"
        );
        let changes = answer["map"]["changes"].as_array().unwrap().clone();
        assert!(!changes.is_empty(), "{answer}");
        let heated = eval(
            &client,
            "return document.querySelectorAll('.cell.heat').length",
        )
        .await?;
        let cells: std::collections::BTreeSet<(u64, u64)> = changes
            .iter()
            .map(|c| (c["row"].as_u64().unwrap(), c["col"].as_u64().unwrap()))
            .collect();
        assert_eq!(heated, json!(cells.len()));
        // The best cell is tinted the most.
        let best = &changes[0];
        let strongest = eval(
            &client,
            &format!(
                "return document.querySelector(\".cell[data-r='{}'][data-c='{}']\").style.getPropertyValue('--heat')",
                best["row"], best["col"]
            ),
        )
        .await?;
        assert_eq!(strongest, json!("1.00"));
        // The list, best first, in words.
        let first = text(&client, "#make-map li:first-child button").await?;
        let score = best["score"].as_u64().unwrap();
        let to = if best["filled"] == json!(true) {
            "filled"
        } else {
            "empty"
        };
        assert_eq!(
            first,
            format!(
                "Change row {} column {} to {to}: decides {score} of {undecided}",
                best["row"].as_u64().unwrap() + 1,
                best["col"].as_u64().unwrap() + 1
            )
        );
        save_screenshot(&client, "studio-map.png").await?;

        // The "easy" aim: the undecided cells hatched, and said.
        choose(&client, "#make-aim", "easy").await?;
        assert_eq!(
            eval(
                &client,
                "return document.querySelectorAll('.cell.m-undecided').length"
            )
            .await?,
            json!(undecided)
        );
        let note = text(&client, "#make-aim-note").await?;
        assert!(
            note.starts_with(&format!("Not easy yet: the {undecided} hatched")),
            "{note}"
        );

        // The best change applied: as many undecided cells left as its score says, checked by
        // the library on the new picture; one undo takes it back.
        click(&client, "#make-map li:first-child button").await?;
        let after = settled(&client).await?;
        let left = after["undecided"].as_array().unwrap().len();
        assert_eq!(left as u64, undecided as u64 - score);
        assert_eq!(left as u64, best["undecided_after"].as_u64().unwrap());
        assert_eq!(left, undecided_natively(&picture(&client).await?));
        assert_eq!(
            eval(
                &client,
                "return document.querySelectorAll('.cell.m-undecided').length"
            )
            .await?,
            json!(left)
        );
        click(&client, "#make-undo").await?;
        assert_eq!(picture(&client).await?, rows);
        settled(&client).await?;

        // Following the map to the end: unique and easy.
        for _ in 0..10 {
            let answer = settled(&client).await?;
            if answer["undecided"].as_array().unwrap().is_empty() {
                break;
            }
            click(&client, "#make-map li:first-child button").await?;
        }
        let answer = settled(&client).await?;
        assert_eq!(
            (answer["unique"].clone(), answer["level"].clone()),
            (json!(true), json!("easy")),
            "{answer}"
        );
        wait_text(&client, "#make-aim-note", |t| {
            t.starts_with("Easy: line solving alone")
        })
        .await?;
        choose(&client, "#make-aim", "any").await?;

        // A new edit while a check runs: the check is cancelled and the last edit's verdict shows.
        let first = cell(&client, 4, 4).await?;
        first.click().await?;
        first.click().await?;
        let answer = settled(&client).await?;
        assert_eq!(answer["rows"], json!(picture(&client).await?));
        Ok(())
    });
}

#[test]
fn the_studio_paints_in_colour_and_publishes_a_link_without_its_picture_in_chromium() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("studio-colour-failure", |client| async move {
        client.set_window_size(1200, 1000).await?;
        open(&client, &format!("{base}/")).await?;
        click(&client, "#tab-make").await?;
        draw(&client, &["##...", "##...", ".....", "...##", "...##"]).await?;

        // A colour added, chosen, painted with: the clues and the verdict are in colour.
        click(&client, "#make-add-colour").await?;
        let state = make_state(&client).await?;
        assert_eq!(state["palette"].as_array().unwrap().len(), 3);
        assert_eq!(state["colour"], json!(2));
        let red = state["palette"][2].clone();
        assert_eq!(red["name"], json!("red"));
        tool(&client, "box").await?;
        mouse_drag(&client, (3, 3), (4, 4)).await?;
        let rows = picture(&client).await?;
        let symbol = red["symbol"].as_str().unwrap();
        assert_eq!(rows[3], format!("...{symbol}{symbol}"));
        let answer = settled(&client).await?;
        assert_eq!(answer["unique"], json!(true), "{answer}");
        assert_eq!(answer["puzzle"]["palette"].as_array().unwrap().len(), 3);
        let painted = eval(&client, "return getComputedStyle(document.querySelector(\".cell[data-r='3'][data-c='3']\")).backgroundColor").await?;
        assert_eq!(painted, json!("rgb(229, 57, 53)"));

        // Recoloured: the cells and the name follow; one undo takes it back.
        eval(
            &client,
            "const p = document.getElementById('make-rgb-2'); p.value = '#1e88e5'; \
             p.dispatchEvent(new Event('change')); return null",
        )
        .await?;
        let state = make_state(&client).await?;
        assert_eq!(state["palette"][2]["rgb"], json!("#1e88e5"));
        assert_eq!(state["palette"][2]["name"], json!("blue"));
        let painted = eval(&client, "return getComputedStyle(document.querySelector(\".cell[data-r='3'][data-c='3']\")).backgroundColor").await?;
        assert_eq!(painted, json!("rgb(30, 136, 229)"));
        click(&client, "#make-undo").await?;
        assert_eq!(
            make_state(&client).await?["palette"][2]["rgb"],
            json!("#e53935")
        );

        // Removed: its cells empty; undone: back.
        click(&client, "button[aria-label='Remove red']").await?;
        let state = make_state(&client).await?;
        assert_eq!(state["palette"].as_array().unwrap().len(), 2);
        assert_eq!(state["rows"][3], json!("....."));
        click(&client, "#make-undo").await?;
        assert_eq!(picture(&client).await?, rows);
        let answer = settled(&client).await?;

        // A link: the clues, never the picture; it opens in Play as the same puzzle.
        click(&client, "#make-share").await?;
        let link = eval(
            &client,
            "return document.getElementById('make-share-link').value",
        )
        .await?;
        let link = link.as_str().unwrap().to_string();
        let fragment = link.split("#p=").nth(1).ok_or("no #p= in the link")?;
        let carried = in_page(
            &client,
            "share.js",
            &format!("m => m.textOfFragment('p={fragment}', 1e6)"),
        )
        .await?;
        let carried: Value = serde_json::from_str(carried.as_str().unwrap())?;
        assert!(
            carried.get("goal").is_none(),
            "the link carries the picture: {carried}"
        );
        assert!(!link.contains(&rows.join("")));
        // Opened afresh, as whoever gets the link opens it.
        client.goto(&link).await?;
        client.refresh().await?;
        wait_for(&client, "body[data-ready='true']").await?;
        wait_for(&client, "#tab-play[aria-selected='true']").await?;
        let shown = puzzle_shown(&client, &answer["puzzle"]).await?;
        assert_eq!(
            clues(&shown)["columns"],
            clues(&answer["puzzle"])["columns"]
        );
        assert_eq!(
            clues(&shown)["palette"],
            clues(&answer["puzzle"])["palette"]
        );

        // Play this puzzle: the made one, in Play.
        click(&client, "#tab-make").await?;
        assert_eq!(picture(&client).await?, rows);
        click(&client, "#make-play").await?;
        wait_for(&client, "#tab-play[aria-selected='true']").await?;
        puzzle_shown(&client, &answer["puzzle"]).await?;
        Ok(())
    });
}

/// Waits until the page's puzzle has the rows of clues of `puzzle`; the page's puzzle.
async fn puzzle_shown(client: &Client, puzzle: &Value) -> Result<Value> {
    let start = Instant::now();
    loop {
        let shown = in_page(client, "state.js", "m => m.state.puzzle").await?;
        if !shown.is_null() && clues(&shown)["rows"] == clues(puzzle)["rows"] {
            return Ok(shown);
        }
        if start.elapsed() > PATIENCE {
            return Err(format!("the page shows {shown}, not the made puzzle").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn the_studio_works_by_touch_on_a_phone_and_passes_the_audit_in_chromium() {
    let axe = axe_source();
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_phone("studio-phone-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        click(&client, "#tab-make").await?;
        new_grid(&client, 10, 10).await?;
        // A tap paints, a drag with the line paints its cells as one step, a long press empties.
        touch(&client, (0, 0), &[], Duration::ZERO).await?;
        assert_eq!(&picture(&client).await?[0][..1], "#");
        tool(&client, "line").await?;
        touch(&client, (2, 0), &[(2, 5)], Duration::ZERO).await?;
        assert_eq!(&picture(&client).await?[2][..7], "######.");
        touch(&client, (0, 0), &[], Duration::from_millis(800)).await?;
        assert_eq!(&picture(&client).await?[0][..1], ".");
        click(&client, "#make-undo").await?;
        click(&client, "#make-undo").await?;
        assert_eq!(&picture(&client).await?[2], "..........");
        // Not unique, so the map and its list show.
        draw(&client, &["#....", ".#...", "..##.", ".....", "....."]).await?;
        settled(&client).await?;
        wait_for(&client, "#make-map li").await?;
        let overflow = eval(
            &client,
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
        )
        .await?;
        assert!(
            overflow.as_i64().unwrap() <= 0,
            "the page is wider than the phone by {overflow} px"
        );
        save_screenshot(&client, "studio-phone.png").await?;
        audit(&client, &axe, "Make on a phone, with the map").await
    });
    let site = StaticServer::start(built_site());
    let base = site.url();
    let axe = axe_source();
    with_chromium("studio-audit-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        click(&client, "#tab-make").await?;
        draw(&client, &["#....", ".#...", "..##.", ".....", "....."]).await?;
        settled(&client).await?;
        choose(&client, "#make-aim", "easy").await?;
        click(&client, "#make-add-colour").await?;
        settled(&client).await?;
        audit(&client, &axe, "Make, its map, a colour and the easy aim").await
    });
}
