//! Play as a game, in Chromium: the page opens on today's puzzle (the same in the static site,
//! from `nonogram serve` and natively); a phone (390×844, touch) plays it with a thumb, undoes
//! a drag in one step, reloads, comes back the next day, finishes it and shares it by a link,
//! which opens in a fresh profile; the desktop's mouse and keys, the Checks and the list of
//! puzzles kept; hostile links; the manifest; and an accessibility audit of every mode.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, TouchActions,
    MOUSE_BUTTON_LEFT,
};
use fantoccini::key::Key;
use fantoccini::Client;
use serde_json::{json, Value};

use crate::common::chromium::{cdp, with_chromium, with_phone, Result, PHONE};
use crate::common::site::{built_site, StaticServer};
use crate::common::web::Server;
use crate::page::*;

/// Today's puzzle by the day of the week, Sunday first: the rule of `js/today.js`, which
/// docs/web.md states. A change to one must change the other.
const WEEK: [(usize, usize, &str, usize); 7] = [
    (20, 20, "medium", 1),
    (10, 10, "easy", 1),
    (15, 15, "easy", 1),
    (10, 10, "medium", 1),
    (15, 15, "medium", 1),
    (15, 15, "easy", 2),
    (20, 20, "easy", 1),
];

/// The browser's date: (year, month, day, day of the week from Sunday).
async fn browser_date(client: &Client) -> Result<(u64, u64, u64, usize)> {
    let d = eval(
        client,
        "const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getDay()]",
    )
    .await?;
    let n = |i: usize| d[i].as_u64().unwrap();
    Ok((n(0), n(1), n(2), n(3) as usize))
}

/// The puzzle of the day `date`, generated here by the library, as `parse` gives it.
fn native_puzzle_of(date: (u64, u64, u64, usize)) -> Value {
    let (y, m, d, weekday) = date;
    let (width, height, difficulty, colours) = WEEK[weekday];
    let answer = nonogram_api::Api::default()
        .generate(
            nonogram_api::GenerateRequest {
                width,
                height,
                difficulty: Some(difficulty.into()),
                colours: Some(colours),
                seed: Some(y * 10000 + m * 100 + d),
                ..Default::default()
            },
            &AtomicBool::new(false),
        )
        .unwrap();
    answer.puzzle
}

/// Waits until Play shows the puzzle of the day and checks it against the library's own.
async fn opens_on_todays_puzzle(client: &Client) -> Result<Value> {
    wait_text(client, "#verdict", |t| t.starts_with("Today's puzzle")).await?;
    assert_eq!(
        eval(
            client,
            "return [document.body.dataset.mode, \
             document.getElementById('tab-play').getAttribute('aria-selected')]"
        )
        .await?,
        json!(["play", "true"])
    );
    let date = browser_date(client).await?;
    let shown = in_page(client, "state.js", "m => m.state.puzzle").await?;
    assert_eq!(clues(&shown), clues(&native_puzzle_of(date)), "{date:?}");
    let cells = eval(client, "return document.querySelectorAll('.cell').length").await?;
    assert_eq!(
        cells,
        json!(shown["width"].as_u64().unwrap() * shown["height"].as_u64().unwrap())
    );
    Ok(shown)
}

#[test]
fn the_page_opens_on_todays_puzzle_on_the_site_and_the_server() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("play-today-site-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        opens_on_todays_puzzle(&client).await?;
        save_screenshot(&client, "play-desktop.png").await
    });
    let server = Server::start(&["--quiet"]);
    let base = server.url();
    with_chromium("play-today-web-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        opens_on_todays_puzzle(&client).await?;
        Ok(())
    });
}

/// The cells of the board as rows of palette characters (`?` unknown).
async fn board_rows(client: &Client) -> Result<Vec<String>> {
    let rows = in_page(client, "state.js", "m => m.board.rows()").await?;
    Ok(serde_json::from_value(rows)?)
}

/// The solution of the puzzle open, solved here by the library from the page's own text.
async fn solution(client: &Client) -> Result<Vec<String>> {
    let source = in_page(client, "state.js", "m => m.state.source").await?;
    let answer = nonogram_api::Api::default().solve(
        nonogram_api::SolveRequest {
            puzzle: source["text"].as_str().unwrap().into(),
            format: source["format"].as_str().map(str::to_string),
            index: source["index"].as_u64().map(|i| i as usize),
            ..Default::default()
        },
        &AtomicBool::new(false),
    )?;
    assert_eq!(answer.record["status"], "unique");
    Ok(serde_json::from_value(
        answer.record["solutions"][0].clone(),
    )?)
}

/// A finger: down on `from`, through the cells of `path` (if any), up on the last; `hold`
/// rests it first (a long press).
async fn touch(
    client: &Client,
    from: (usize, usize),
    path: &[(usize, usize)],
    hold: Duration,
) -> Result<()> {
    let mut finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveToElement {
            element: cell(client, from.0, from.1).await?,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        });
    if !hold.is_zero() {
        finger = finger.then(PointerAction::Pause { duration: hold });
    }
    for &(r, c) in path {
        finger = finger.then(PointerAction::MoveToElement {
            element: cell(client, r, c).await?,
            duration: Some(Duration::from_millis(120)),
            x: 0.0,
            y: 0.0,
        });
    }
    finger = finger.then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    client.perform_actions(finger).await?;
    client.release_actions().await?;
    Ok(())
}

/// The mouse: down on `from`, dragged to `to`, up.
async fn mouse_drag(client: &Client, from: (usize, usize), to: (usize, usize)) -> Result<()> {
    let mouse = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: cell(client, from.0, from.1).await?,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: cell(client, to.0, to.1).await?,
            duration: Some(Duration::from_millis(150)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(mouse).await?;
    client.release_actions().await?;
    Ok(())
}

/// Presses the keys of `combo` together (modifiers first) and lets them go.
async fn keys(client: &Client, combo: &[Key], last: char) -> Result<()> {
    let mut keyboard = KeyActions::new("keys".into());
    for key in combo {
        keyboard = keyboard.then(KeyAction::Down {
            value: (*key).into(),
        });
    }
    keyboard = keyboard
        .then(KeyAction::Down { value: last })
        .then(KeyAction::Up { value: last });
    for key in combo.iter().rev() {
        keyboard = keyboard.then(KeyAction::Up {
            value: (*key).into(),
        });
    }
    client.perform_actions(keyboard).await?;
    client.release_actions().await?;
    Ok(())
}

/// The runs of a solution's row `r`: (first column, length, character).
fn runs_of(row: &str) -> Vec<(usize, usize, char)> {
    let mut out: Vec<(usize, usize, char)> = Vec::new();
    let mut last = '.';
    for (c, ch) in row.chars().enumerate() {
        if ch != '.' && ch == last {
            out.last_mut().unwrap().1 += 1;
        } else if ch != '.' {
            out.push((c, 1, ch));
        }
        last = ch;
    }
    out
}

/// The names in the list of puzzles kept, opened.
async fn listed_puzzles(client: &Client) -> Result<Value> {
    eval(
        client,
        "document.getElementById('library').open = true; return null",
    )
    .await?;
    wait_for(client, "#puzzle-list .name").await?;
    eval(
        client,
        "return [...document.querySelectorAll('#puzzle-list .name')].map(e => e.textContent)",
    )
    .await
}

/// Checks that the page is no wider than the phone and that the board fills its width with
/// readable clues.
async fn fits_the_phone(client: &Client) -> Result<()> {
    let sizes = eval(
        client,
        "const board = document.getElementById('board').getBoundingClientRect(); \
         const clue = getComputedStyle(document.querySelector('.clue .run')).fontSize; \
         return [document.documentElement.scrollWidth, document.documentElement.clientWidth, \
                 innerWidth, board.width, board.right, parseFloat(clue)]",
    )
    .await?;
    let n = |i: usize| sizes[i].as_f64().unwrap();
    assert_eq!(n(2), f64::from(PHONE.0), "the phone's viewport: {sizes}");
    assert!(n(0) <= n(1), "the page scrolls sideways: {sizes}");
    assert!(n(4) <= n(2), "the board is cut off: {sizes}");
    assert!(
        n(3) >= 0.85 * n(2),
        "the board does not fill the width: {sizes}"
    );
    assert!(n(5) >= 10.0, "clues smaller than 10 px: {sizes}");
    Ok(())
}

/// The issue's whole story on a phone: open the static site, play today's puzzle by touch
/// (a tap fills, a long press crosses, a drag paints a straight run without scrolling the page
/// and undoes in one step), reload and find it as it was, come back the next day to the same
/// game, finish it (the picture alone, its time and difficulty, New puzzle offered) and share
/// it by a link that a fresh profile opens.
#[test]
fn a_phone_plays_todays_puzzle_comes_back_finishes_and_shares_it() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    let link = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let shared = link.clone();
    with_phone("play-phone-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        let puzzle = opens_on_todays_puzzle(&client).await?;
        save_screenshot(&client, "play-phone.png").await?;
        fits_the_phone(&client).await?;
        assert!(
            !overlap(&client, "#board", "#play-controls").await?,
            "the controls cover the board"
        );
        let solution = solution(&client).await?;
        let colour = puzzle["palette"].as_array().unwrap().len() > 2;
        let names: Value = eval(
            &client,
            "return Object.fromEntries([...document.querySelectorAll('#play-colour option')]\
             .map(o => [o.textContent.split('(')[1].slice(0, -1), o.value]))",
        )
        .await?;
        // A colour puzzle (Fridays) offers its colours to fill with; black and white none.
        assert_eq!(names.as_object().unwrap().is_empty(), !colour, "{names}");
        let pick = |ch: char| {
            let client = client.clone();
            let value = names[ch.to_string()].as_str().map(str::to_string);
            async move {
                if let Some(value) = value {
                    choose(&client, "#play-colour", &value).await?;
                }
                Result::Ok(())
            }
        };

        // A long run in a row to drag over, a filled cell elsewhere to tap, an empty one to
        // cross by a long press.
        let (run_row, (run_col, run_len, run_ch)) = solution
            .iter()
            .enumerate()
            .flat_map(|(r, row)| runs_of(row).into_iter().map(move |run| (r, run)))
            .max_by_key(|(_, run)| run.1)
            .unwrap();
        assert!(run_len >= 3, "a run to drag over in {solution:?}");
        let at = |want: &dyn Fn(char) -> bool, not_row: usize| {
            solution
                .iter()
                .enumerate()
                .filter(|(r, _)| *r != not_row)
                .find_map(|(r, row)| row.chars().position(want).map(|c| (r, c)))
                .unwrap()
        };
        let filled = at(&|ch| ch != '.', run_row);
        let empty = at(&|ch| ch == '.', run_row);

        // A tap fills.
        pick(solution[filled.0].chars().nth(filled.1).unwrap()).await?;
        touch(&client, filled, &[], Duration::ZERO).await?;
        let rows = board_rows(&client).await?;
        assert_eq!(
            rows[filled.0].chars().nth(filled.1),
            solution[filled.0].chars().nth(filled.1),
            "a tap fills"
        );
        // A long press crosses.
        touch(&client, empty, &[], Duration::from_millis(800)).await?;
        let rows = board_rows(&client).await?;
        assert_eq!(
            rows[empty.0].chars().nth(empty.1),
            Some('.'),
            "a long press crosses"
        );
        // A drag paints a straight run: along the row, though the finger wanders a row down,
        // and without scrolling the page.
        pick(run_ch).await?;
        let before = board_rows(&client).await?;
        let scrolled = eval(&client, "return scrollY").await?;
        let wander = if run_row + 1 < solution.len() {
            run_row + 1
        } else {
            run_row - 1
        };
        let end = run_col + run_len - 1;
        touch(
            &client,
            (run_row, run_col),
            &[(wander, run_col + 1), (run_row, end)],
            Duration::ZERO,
        )
        .await?;
        assert_eq!(
            eval(&client, "return scrollY").await?,
            scrolled,
            "the drag scrolled the page"
        );
        let after = board_rows(&client).await?;
        let painted: String = after[run_row].chars().skip(run_col).take(run_len).collect();
        let want: String = std::iter::repeat_n(run_ch, run_len).collect();
        assert_eq!(painted, want, "the drag painted the run");
        for (r, row) in after.iter().enumerate() {
            if r != run_row {
                assert_eq!(row, &before[r], "the drag left row {r} alone");
            }
        }
        // A vertical drag does not scroll the page either.
        touch(&client, (0, 0), &[(solution.len() - 1, 0)], Duration::ZERO).await?;
        assert_eq!(
            eval(&client, "return scrollY").await?,
            scrolled,
            "a vertical drag scrolled"
        );
        touch(&client, (0, 0), &[], Duration::ZERO).await?;
        click(&client, "#undo").await?;
        click(&client, "#undo").await?;
        assert_eq!(
            board_rows(&client).await?,
            after,
            "two undos take back the column drag"
        );
        // The drag is one step to undo, and one to redo.
        click(&client, "#undo").await?;
        assert_eq!(
            board_rows(&client).await?,
            before,
            "one undo takes back the whole drag"
        );
        click(&client, "#redo").await?;
        assert_eq!(
            board_rows(&client).await?,
            after,
            "one redo paints it again"
        );

        // A reload resumes.
        tokio::time::sleep(Duration::from_millis(1100)).await;
        let clock = text(&client, "#clock").await?;
        assert_ne!(clock, "0:00", "the clock runs once the game has begun");
        client.refresh().await?;
        wait_for(&client, "body[data-ready='true']").await?;
        wait_text(&client, "#verdict", |t| t.starts_with("Today's puzzle")).await?;
        assert_eq!(
            board_rows(&client).await?,
            after,
            "the reload lost the game"
        );
        assert!(
            text(&client, "#clock").await? >= clock,
            "the clock went back"
        );
        click(&client, "#undo").await?;
        assert_eq!(board_rows(&client).await?, before, "undo after a reload");
        click(&client, "#redo").await?;

        // The next day, the page opened afresh (no link) goes on with the game, and Today's
        // puzzle is another one.
        cdp(
            &client,
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": "(() => { const Real = Date; const day = 86400000; \
                class Tomorrow extends Real { constructor(...a) { if (a.length) super(...a); else super(Real.now() + day); } \
                static now() { return Real.now() + day; } } globalThis.Date = Tomorrow; })();" }),
        )
        .await?;
        open(&client, &format!("{base}/")).await?;
        wait_text(&client, "#verdict", |t| t.starts_with("Puzzle of ")).await?;
        assert_eq!(
            board_rows(&client).await?,
            after,
            "the next day lost the game"
        );
        let listed = listed_puzzles(&client).await?;
        assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
        assert!(
            listed[0].as_str().unwrap().starts_with("Puzzle of "),
            "{listed}"
        );
        save_screenshot(&client, "play-phone-next-day.png").await?;

        // Finish it: every stretch of a run of the solution not yet painted, painted with a
        // drag (from a cell not filled yet: one that is would be cleared, with its kind) or a
        // tap.
        for (r, row) in solution.iter().enumerate() {
            let now: Vec<char> = board_rows(&client).await?[r].chars().collect();
            for (c, len, ch) in runs_of(row) {
                let mut k = c;
                while k < c + len {
                    if now[k] == ch {
                        k += 1;
                        continue;
                    }
                    let start = k;
                    while k < c + len && now[k] != ch {
                        k += 1;
                    }
                    pick(ch).await?;
                    let path = if k - 1 > start {
                        vec![(r, k - 1)]
                    } else {
                        vec![]
                    };
                    touch(&client, (r, start), &path, Duration::ZERO).await?;
                }
            }
        }
        let painted: Vec<String> = board_rows(&client)
            .await?
            .iter()
            .map(|row| row.replace('?', "."))
            .collect();
        assert_eq!(painted, solution, "the board, painted");
        // The cross on a cell the solution leaves empty stays until the end.
        wait_for(&client, "#finish:not([hidden])").await?;
        let finished = text(&client, "#finish").await?;
        assert!(finished.contains("Solved!"), "{finished}");
        assert!(finished.contains("Time "), "{finished}");
        wait_text(&client, "#finish-difficulty", |t| {
            t.starts_with("Difficulty: ")
        })
        .await?;
        let crossed = eval(
            &client,
            &format!(
                "const c = document.querySelector(\".cell[data-r='{}'][data-c='{}']\"); \
                 return [c.classList.contains('background'), getComputedStyle(c, '::after').display, \
                 document.getElementById('board').classList.contains('finished')]",
                empty.0, empty.1
            ),
        )
        .await?;
        assert_eq!(
            crossed,
            json!([true, "none", true]),
            "the crosses go at the end"
        );
        assert!(eval(
            &client,
            "return document.getElementById('finish-new').offsetParent !== null"
        )
        .await?
        .as_bool()
        .unwrap());
        save_screenshot(&client, "play-phone-finished.png").await?;

        // Share it.
        click(&client, "#finish-share").await?;
        let url = eval(
            &client,
            "return document.getElementById('share-link').value",
        )
        .await?;
        let url = url.as_str().unwrap().to_string();
        assert_eq!(
            eval(&client, "return location.href").await?,
            json!(url),
            "the page's address carries the puzzle"
        );
        *shared.lock().unwrap() = url;
        Ok(())
    });
    // The link in a fresh profile: the same clues, in Play, nothing played; never the
    // solution.
    let url = link.lock().unwrap().clone();
    with_phone("play-link-failure", |client| async move {
        open(&client, &url).await?;
        let carried = eval(
            &client,
            "const data = location.hash.slice(3).replace(/-/g, '+').replace(/_/g, '/'); \
             return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(data), c => c.charCodeAt(0))))",
        )
        .await?;
        assert!(
            carried.get("goal").is_none(),
            "the link carries the solution: {carried}"
        );
        assert!(carried.get("rows").is_some(), "{carried}");
        wait_text(&client, "#mistakes", |t| t.starts_with("Mistakes: 0")).await?;
        assert_eq!(
            eval(&client, "return document.body.dataset.mode").await?,
            json!("play")
        );
        let rows = board_rows(&client).await?;
        assert!(rows.iter().all(|r| r.chars().all(|c| c == '?')), "{rows:?}");
        let date = browser_date(&client).await?;
        let shown = in_page(&client, "state.js", "m => m.state.puzzle").await?;
        assert_eq!(clues(&shown), clues(&native_puzzle_of(date)));
        Ok(())
    });
}

/// The board's clue boxes of `axis` (`row` or `col`) with `class`, by index.
async fn clues_with(client: &Client, axis: &str, class: &str) -> Result<Vec<usize>> {
    let found = eval(
        client,
        &format!(
            "return [...document.querySelectorAll('.clue.{axis}')].flatMap((e, i) => e.classList.contains('{class}') ? [i] : [])"
        ),
    )
    .await?;
    Ok(serde_json::from_value(found)?)
}

/// Mouse drags over the runs of `row` of the solution, into row `r` of the board.
async fn paint_row(client: &Client, r: usize, row: &str) -> Result<()> {
    for (c, len, _) in runs_of(row) {
        mouse_drag(client, (r, c), (r, c + len - 1)).await?;
    }
    Ok(())
}

/// On the desktop: a mouse drag is one step, undone and redone by keys; the Checks grey, mark
/// and count; they and the game are kept; the list of puzzles reopens one; the example list
/// forgets an example that is no longer shown; an error goes when the next action succeeds;
/// and a puzzle can be played by the keyboard alone, with the focus in sight.
#[test]
fn the_desktop_plays_with_mouse_and_keys_and_keeps_its_puzzles() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("play-desktop-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        wait_text(&client, "#verdict", |t| t.starts_with("Today's puzzle")).await?;
        pick_example(&client, "smallex", "smallex").await?;
        wait_text(&client, "#verdict", |t| t.ends_with("· 5×5")).await?;
        let solution = solution(&client).await?;
        let blank = vec!["?????".to_string(); 5];
        assert_eq!(board_rows(&client).await?, blank);

        // A drag, one step: Ctrl-Z, Ctrl-Shift-Z, Ctrl-Z and Ctrl-Y.
        mouse_drag(&client, (0, 0), (0, 4)).await?;
        let dragged = board_rows(&client).await?;
        assert_eq!(dragged[0], "#####");
        keys(&client, &[Key::Control], 'z').await?;
        assert_eq!(board_rows(&client).await?, blank, "Ctrl-Z");
        keys(&client, &[Key::Control, Key::Shift], 'Z').await?;
        assert_eq!(board_rows(&client).await?, dragged, "Ctrl-Shift-Z");
        keys(&client, &[Key::Control], 'z').await?;
        keys(&client, &[Key::Control], 'y').await?;
        assert_eq!(board_rows(&client).await?, dragged, "Ctrl-Y");
        keys(&client, &[Key::Control], 'z').await?;

        // The Checks: a done line greys its clue, an overfilled one turns it red, mistakes
        // are marked on the cells when asked.
        let full = solution.iter().position(|r| r.chars().all(|c| c == '#'));
        let (done_row, clash_row) = match full {
            Some(full) => (full, (full + 1) % 5),
            None => (0, 1),
        };
        assert!(solution[clash_row].contains('.'));
        paint_row(&client, done_row, &solution[done_row]).await?;
        assert!(clues_with(&client, "row", "done")
            .await?
            .contains(&done_row));
        mouse_drag(&client, (clash_row, 0), (clash_row, 4)).await?;
        assert_eq!(clues_with(&client, "row", "clash").await?, vec![clash_row]);
        assert_eq!(
            eval(
                &client,
                "return document.querySelectorAll('.cell.mistake').length"
            )
            .await?,
            json!(0)
        );
        click(&client, "#check-mistakes").await?;
        let wrong = solution[clash_row].matches('.').count();
        assert_eq!(
            eval(
                &client,
                "return document.querySelectorAll('.cell.mistake').length"
            )
            .await?,
            json!(wrong)
        );
        click(&client, "#check-done").await?;
        assert!(!clues_with(&client, "row", "done")
            .await?
            .contains(&done_row));
        click(&client, "#check-done").await?;
        assert!(clues_with(&client, "row", "done")
            .await?
            .contains(&done_row));
        click(&client, "#check-clock").await?;
        assert!(
            eval(&client, "return document.getElementById('clock').hidden")
                .await?
                .as_bool()
                .unwrap()
        );
        let mistakes = text(&client, "#mistakes").await?;
        assert!(
            mistakes.starts_with("Mistakes: ") && mistakes != "Mistakes: 0",
            "{mistakes}"
        );
        save_screenshot(&client, "play-checks.png").await?;

        // Kept: the game and the Checks, across a reload.
        let kept = board_rows(&client).await?;
        client.refresh().await?;
        wait_for(&client, "body[data-ready='true']").await?;
        wait_text(&client, "#verdict", |t| t.ends_with("· 5×5")).await?;
        assert_eq!(board_rows(&client).await?, kept);
        assert_eq!(
            eval(&client, "return ['done', 'clash', 'mistakes', 'clock'].map(n => document.getElementById('check-' + n).checked)").await?,
            json!([true, true, true, false])
        );
        click(&client, "#check-mistakes").await?;
        click(&client, "#check-clock").await?;

        // A paste forgets the example chosen, so choosing it again loads it (as it was left).
        let given = r##"{"title": "two by two", "rows": [[1], [1]], "columns": [[1], [1]], "givens": ["#?", "??"]}"##;
        load_text(&client, "givens", given).await?;
        assert_eq!(
            eval(&client, "return document.getElementById('example').value").await?,
            json!("")
        );
        pick_example(&client, "smallex", "smallex").await?;
        assert_eq!(
            board_rows(&client).await?,
            kept,
            "the example's game was kept"
        );
        // The list of puzzles: the 2×2 (nothing played) is not there; smallex is, and reopens.
        let listed = listed_puzzles(&client).await?;
        assert_eq!(listed, json!(["smallex"]), "{listed}");
        load_text(&client, "givens", given).await?;
        click(&client, "#puzzle-list .open").await?;
        wait_text(&client, "#verdict", |t| t.ends_with("· 5×5")).await?;
        assert_eq!(
            board_rows(&client).await?,
            kept,
            "the list reopened the game"
        );
        // New puzzle and Make's puzzle forget the example too.
        choose(&client, "#new-size", "5x5").await?;
        choose(&client, "#new-difficulty", "easy").await?;
        choose(&client, "#new-colours", "1").await?;
        click(&client, "#new-puzzle").await?;
        wait_text(&client, "#puzzle-info", |t| {
            t.starts_with("easy 5x5 (seed ")
        })
        .await?;
        assert_eq!(
            eval(&client, "return document.getElementById('example').value").await?,
            json!("")
        );
        pick_example(&client, "smallex", "smallex").await?;
        click(&client, "#tab-make").await?;
        wait_text(&client, "#verdict", |t| t.starts_with("unique")).await?;
        click(&client, "#make-play").await?;
        wait_text(&client, "#puzzle-info", |t| t.starts_with("new puzzle")).await?;
        assert_eq!(
            eval(&client, "return document.getElementById('example').value").await?,
            json!("")
        );

        // An error goes when the next action succeeds.
        eval(
            &client,
            "document.getElementById('paste-box').open = true; \
             document.getElementById('paste').value = 'this is not a puzzle'; return null",
        )
        .await?;
        click(&client, "#load-paste").await?;
        wait_text(&client, "#error", |t| {
            t.starts_with("Cannot load the puzzle")
        })
        .await?;
        pick_example(&client, "duck", "duck").await?;
        assert!(
            eval(&client, "return document.getElementById('error').hidden")
                .await?
                .as_bool()
                .unwrap()
        );

        // The keyboard alone: Tab to the board, arrows, F and X, to the end.
        pick_example(&client, "smallex", "smallex").await?;
        click(&client, "#reset-play").await?;
        eval(
            &client,
            "document.getElementById('tab-play').focus(); return null",
        )
        .await?;
        let mut tabs = 0;
        while eval(
            &client,
            "return document.activeElement.getAttribute('role')",
        )
        .await?
            != json!("gridcell")
        {
            keys(&client, &[], '\u{e004}').await?;
            tabs += 1;
            assert!(tabs < 40, "Tab never reaches the board");
        }
        let focus = eval(
            &client,
            "const e = document.activeElement; return [e.dataset.r, e.dataset.c, getComputedStyle(e).outlineStyle]",
        )
        .await?;
        assert_eq!(focus[0], json!("0"));
        assert_ne!(focus[2], json!("none"), "the focus is not shown");
        for (r, row) in solution.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                keys(&client, &[], if ch == '#' { 'f' } else { 'x' }).await?;
                if c + 1 < row.len() {
                    keys(&client, &[], '\u{e014}').await?; // ArrowRight
                }
            }
            if r + 1 < solution.len() {
                keys(&client, &[], '\u{e011}').await?; // Home
                keys(&client, &[], '\u{e015}').await?; // ArrowDown
            }
        }
        wait_for(&client, "#finish:not([hidden])").await?;
        wait_text(&client, "#mistakes", |t| {
            t.starts_with("Solved, with 0 mistakes")
        })
        .await?;
        save_screenshot(&client, "play-finished.png").await
    });
}
