//! The browser tests' words for what a person does on the page and what they see: clicks,
//! choices, pasted puzzles, texts and cells, waits, screenshots; and the page's own modules,
//! asked from inside it.

use std::time::{Duration, Instant};

use fantoccini::actions::{
    InputSource, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::common::chromium::{target_dir, Result, PATIENCE};

/// Picks the shipped example `id` and waits for the page to describe it (its title starting
/// with `title`).
pub async fn pick_example(client: &Client, id: &str, title: &str) -> Result<()> {
    client
        .find(Locator::Css("#example"))
        .await?
        .select_by_value(id)
        .await?;
    wait_text(client, "#puzzle-info", |t| t.starts_with(title)).await?;
    Ok(())
}

/// Waits for an element matching `css`.
pub async fn wait_for(client: &Client, css: &str) -> Result<()> {
    client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await?;
    Ok(())
}

/// Picks `value` in the `<select>` `css`.
pub async fn choose(client: &Client, css: &str, value: &str) -> Result<()> {
    client
        .find(Locator::Css(css))
        .await?
        .select_by_value(value)
        .await?;
    Ok(())
}

/// Pastes the repository's file `path` into the page and loads it.
pub async fn load_pasted(client: &Client, path: &str) -> Result<()> {
    load_text(client, path, &crate::common::web::repo_text(path)).await
}

/// Pastes `text` (called `name` in messages) into the page and loads it.
pub async fn load_text(client: &Client, name: &str, text: &str) -> Result<()> {
    eval(
        client,
        "document.getElementById('paste-box').open = true; return null",
    )
    .await?;
    client
        .execute(
            "document.getElementById('paste').value = arguments[0]; return null",
            vec![json!(text)],
        )
        .await?;
    let before = text_of_info(client).await?;
    click(client, "#load-paste").await?;
    let start = Instant::now();
    while text_of_info(client).await? == before {
        if start.elapsed() > PATIENCE {
            return Err(format!("{name} did not load").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

pub async fn text_of_info(client: &Client) -> Result<String> {
    text(client, "#puzzle-info").await
}

/// The text of the element `css`.
pub async fn text(client: &Client, css: &str) -> Result<String> {
    let value = client
        .execute(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
            vec![json!(css)],
        )
        .await?;
    Ok(value.as_str().unwrap_or_default().to_string())
}

/// Evaluates `script` (a function body that returns a value).
pub async fn eval(client: &Client, script: &str) -> Result<Value> {
    Ok(client.execute(script, vec![]).await?)
}

/// Waits until the text of `css` satisfies `ok`; the text it settled on.
pub async fn wait_text(client: &Client, css: &str, ok: impl Fn(&str) -> bool) -> Result<String> {
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
pub async fn cell(client: &Client, r: usize, c: usize) -> Result<Element> {
    Ok(client
        .find(Locator::Css(&format!(".cell[data-r='{r}'][data-c='{c}']")))
        .await?)
}

pub async fn classes(element: &Element) -> Result<String> {
    Ok(element.attr("class").await?.unwrap_or_default())
}

pub async fn click(client: &Client, css: &str) -> Result<()> {
    client.find(Locator::Css(css)).await?.click().await?;
    Ok(())
}

pub async fn save_screenshot(client: &Client, name: &str) -> Result<()> {
    let png = client.screenshot().await?;
    std::fs::write(target_dir().join(name), png)?;
    Ok(())
}

/// Evaluates `function` (JavaScript: `m => value`) on the page's own module `js/{module}`, the
/// instance the page imported: what the page holds rather than what it shows.
pub async fn in_page(client: &Client, module: &str, function: &str) -> Result<Value> {
    let script = format!(
        "const done = arguments[arguments.length - 1]; \
         import('./js/{module}').then((m) => done({{ ok: ({function})(m) }}), \
         (e) => done({{ error: String(e) }}));"
    );
    let value = client.execute_async(&script, vec![]).await?;
    if let Some(error) = value.get("error") {
        return Err(format!("js/{module}: {error}").into());
    }
    Ok(value["ok"].clone())
}

/// The page's own line checks (`js/lines.js`) on `lines`, each `[line, clue]` as the page holds
/// them: per line, whether the line still fits its clue and whether it is done.
pub async fn line_checks(client: &Client, lines: &[Value]) -> Result<Vec<(bool, bool)>> {
    let function = format!(
        "m => {}.map(([line, clue]) => [m.fits(line, clue), m.done(line, clue)])",
        json!(lines)
    );
    Ok(serde_json::from_value(
        in_page(client, "lines.js", &function).await?,
    )?)
}

/// The clues and palette of a puzzle as `parse` gives it: what makes it the same puzzle.
pub fn clues(puzzle: &Value) -> Value {
    json!({
        "width": puzzle["width"], "height": puzzle["height"], "palette": puzzle["palette"],
        "rows": puzzle["rows"], "columns": puzzle["columns"], "givens": puzzle["givens"],
    })
}

/// Opens the page at `url` and waits until it shows its first puzzle.
pub async fn open(client: &Client, url: &str) -> Result<()> {
    client.goto(url).await?;
    wait_for(client, "body[data-ready='true']").await?;
    Ok(())
}

/// Whether the rectangles of the elements `a` and `b` overlap on the screen.
pub async fn overlap(client: &Client, a: &str, b: &str) -> Result<bool> {
    let value = client
        .execute(
            "const [a, b] = [arguments[0], arguments[1]].map(s => document.querySelector(s).getBoundingClientRect()); \
             return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom",
            vec![json!(a), json!(b)],
        )
        .await?;
    Ok(value.as_bool().unwrap())
}

/// Clicks Download and returns the text of the file the page hands the browser (caught where
/// the page makes the file's address).
pub async fn downloaded(client: &Client) -> Result<String> {
    eval(
        client,
        "window.caught = null; if (!window.realObjectUrl) window.realObjectUrl = URL.createObjectURL; \
         URL.createObjectURL = (blob) => { window.caught = blob; return window.realObjectUrl(blob); }; \
         return true",
    )
    .await?;
    click(client, "#download-file").await?;
    let text = client
        .execute_async(
            "const done = arguments[0]; const start = Date.now(); \
             (function wait() { \
               if (window.caught) window.caught.text().then(done); \
               else if (Date.now() - start > 20000) done(null); \
               else setTimeout(wait, 20); })();",
            vec![],
        )
        .await?;
    Ok(text
        .as_str()
        .ok_or("the page handed the browser no file")?
        .to_string())
}

/// A finger: down on `from`, through the cells of `path` (if any), up on the last; `hold`
/// rests it first (a long press).
pub async fn touch(
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
pub async fn mouse_drag(client: &Client, from: (usize, usize), to: (usize, usize)) -> Result<()> {
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
