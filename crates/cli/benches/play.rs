//! Play's three targets, measured on the static site in headless Chromium (issue 40):
//!
//! - **today's puzzle generated in the browser under 1 s**: every date of two years generated
//!   natively by the rule of `js/today.js` (the library, release, one thread: the generator is
//!   deterministic, so the slowest dates are the slowest anywhere), then the slowest of them,
//!   and a week from today, generated in the page itself (`api.generate`, its Web Worker and the
//!   WebAssembly), timed in the page;
//! - **the page usable under 1 s after load at 390×844**: navigation to the `nonogram-ready`
//!   mark (today's puzzle generated and drawn) on a phone's screen, first visit and reload;
//! - **a move under 16 ms to draw on a 30×30 board**: for every pointer event of mouse drags
//!   over a 30×30 board, the time from the event's creation to the end of the next frame
//!   (a message posted from a `requestAnimationFrame` callback: after style, layout and paint).
//!
//!     scripts/build-web && cargo bench -p nonogram-cli --bench play [-- --days N]

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::chromium::{with_chromium, with_phone, Result, PATIENCE};
use common::site::{built_site, StaticServer};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};

/// The rule of `js/today.js`, Sunday first: width, height, difficulty, colours.
const WEEK: [(usize, usize, &str, usize); 7] = [
    (20, 20, "medium", 1),
    (10, 10, "easy", 1),
    (15, 15, "easy", 1),
    (10, 10, "medium", 1),
    (15, 15, "medium", 1),
    (15, 15, "easy", 2),
    (20, 20, "easy", 1),
];

/// A date: year, month, day, day of the week (Sunday 0).
#[derive(Clone, Copy, Debug)]
struct Date(u64, u64, u64, usize);

impl Date {
    fn seed(self) -> u64 {
        self.0 * 10000 + self.1 * 100 + self.2
    }
}

/// `days` dates from 2026-01-01 (a Thursday).
fn dates(days: usize) -> Vec<Date> {
    let mut out = Vec::new();
    let (mut y, mut m, mut d, mut w) = (2026, 1, 1, 4);
    let leap = |y: u64| (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400);
    for _ in 0..days {
        out.push(Date(y, m, d, w));
        let length = match m {
            2 if leap(y) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        w = (w + 1) % 7;
        d += 1;
        if d > length {
            d = 1;
            m += 1;
            if m > 12 {
                m = 1;
                y += 1;
            }
        }
    }
    out
}

fn request(date: Date) -> nonogram_api::GenerateRequest {
    let (width, height, difficulty, colours) = WEEK[date.3];
    nonogram_api::GenerateRequest {
        width,
        height,
        difficulty: Some(difficulty.into()),
        colours: Some(colours),
        seed: Some(date.seed()),
        ..Default::default()
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Every date's puzzle natively: a table by day of the week; the dates, slowest first.
fn native(days: usize) -> Vec<(Date, f64)> {
    let api = nonogram_api::Api::default();
    let mut all: Vec<(Date, f64)> = dates(days)
        .into_iter()
        .map(|date| {
            let start = Instant::now();
            api.generate(request(date), &AtomicBool::new(false))
                .unwrap_or_else(|e| panic!("{date:?}: {e}"));
            (date, start.elapsed().as_secs_f64() * 1e3)
        })
        .collect();
    println!("Today's puzzle natively (release, one thread), {days} dates from 2026-01-01:\n");
    println!("| day | puzzle | median | 99th percentile | slowest (date) |");
    println!("|---|---|---:|---:|---:|");
    let names = [
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
    ];
    for (w, name) in names.iter().enumerate() {
        let mut times: Vec<(f64, Date)> = all
            .iter()
            .filter(|(d, _)| d.3 == w)
            .map(|(d, ms)| (*ms, *d))
            .collect();
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let ms: Vec<f64> = times.iter().map(|t| t.0).collect();
        let (worst, date) = times.last().unwrap();
        let (width, height, difficulty, colours) = WEEK[w];
        let colours = if colours > 1 {
            format!(", {colours} colours")
        } else {
            String::new()
        };
        println!(
            "| {name} | {width}×{height} {difficulty}{colours} | {:.1} ms | {:.1} ms | {worst:.1} ms ({}) |",
            percentile(&ms, 0.5),
            percentile(&ms, 0.99),
            date.seed()
        );
    }
    println!();
    all.sort_by(|a, b| b.1.total_cmp(&a.1));
    all
}

/// Milliseconds from navigation to the page's `nonogram-ready` mark.
async fn time_to_usable(client: &Client) -> Result<f64> {
    client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css("body[data-ready='true']"))
        .await?;
    let ms = client
        .execute(
            "return performance.getEntriesByName('nonogram-ready')[0].startTime",
            vec![],
        )
        .await?;
    Ok(ms.as_f64().unwrap())
}

/// The page's own `api.generate` for `date`, timed in the page (worker and WebAssembly).
async fn in_page(client: &Client, date: Date) -> Result<f64> {
    let body = serde_json::to_value(request(date))?;
    let ms = client
        .execute_async(
            "const [body, done] = arguments;
             import('./js/api.js').then(async ({ api }) => {
               const start = performance.now();
               await api.generate({ ...body, timeout: 30 });
               done(performance.now() - start);
             }).catch((e) => done(String(e)));",
            vec![body],
        )
        .await?;
    ms.as_f64().ok_or_else(|| format!("{date:?}: {ms}").into())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut days = 730;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--days" => days = args.next().unwrap().parse().unwrap(),
            "--bench" => {}
            other => panic!("unknown argument {other} (use --days N)"),
        }
    }
    let slowest = native(days);
    let site = built_site();
    let server = StaticServer::start(site);
    let base = server.url();
    let page = base.clone();
    with_phone("bench-play-failure", |client| async move {
        client.goto(&format!("{page}/")).await?;
        let cold = time_to_usable(&client).await?;
        client.refresh().await?;
        let warm = time_to_usable(&client).await?;
        println!(
            "At 390×844 (touch), the static site usable (today's puzzle drawn): {cold:.0} ms \
             after navigation on the first visit, {warm:.0} ms reloaded.\n"
        );
        // Today's puzzle in the page: the slowest dates found natively, then a week.
        println!("Today's puzzle generated in the page (api.generate: worker and WebAssembly):\n");
        println!("| date | puzzle | natively | in the page |");
        println!("|---|---|---:|---:|");
        let mut worst: f64 = 0.0;
        let week = dates(days).into_iter().skip(days.saturating_sub(7));
        let picked: Vec<(Date, f64)> = slowest
            .iter()
            .take(5)
            .copied()
            .chain(week.map(|d| (d, f64::NAN)))
            .collect();
        for (date, native_ms) in picked {
            let ms = in_page(&client, date).await?;
            worst = worst.max(ms);
            let (width, height, difficulty, colours) = WEEK[date.3];
            println!(
                "| {} | {width}×{height} {difficulty}, {colours} colour(s) | {} | {ms:.0} ms |",
                date.seed(),
                if native_ms.is_nan() {
                    "-".to_string()
                } else {
                    format!("{native_ms:.0} ms")
                },
            );
        }
        println!("\nslowest in the page: {worst:.0} ms\n");
        Ok(())
    });
    with_chromium("bench-play-failure", |client| async move {
        client.goto(&format!("{base}/")).await?;
        time_to_usable(&client).await?;
        // A 30×30 puzzle to play.
        client
            .execute_async(
                "const done = arguments[0];
                 document.getElementById('new-size').value = '30x30';
                 document.getElementById('new-difficulty').value = 'easy';
                 document.getElementById('new-colours').value = '1';
                 document.getElementById('new-puzzle').click();
                 const wait = () => document.querySelectorAll('.cell').length === 900 ? done(true) : setTimeout(wait, 50);
                 wait();",
                vec![],
            )
            .await?;
        tokio::time::sleep(Duration::from_millis(500)).await;
        listen(&client).await?;
        let moves = drags(&client).await?;
        // The same drags on a locked board: events and frames with nothing of ours in them.
        client
            .execute_async(
                "const done = arguments[0]; \
                 import('./js/state.js').then((m) => { m.board.setEditable(false); done(null); });",
                vec![],
            )
            .await?;
        let idle = drags(&client).await?;
        println!(
            "A move on a 30×30 board (1200×900 window, mouse drags along its 30 rows), every \
             pointer event from its creation to the end of the next frame, in ms:\n"
        );
        println!("| | events | waiting to be handled | the page's handlers | waiting for the frame | the frame | in all | at 16 ms or more |");
        println!("|---|---:|---|---|---|---|---|---:|");
        for (name, parts) in [("moves", &moves), ("the board locked", &idle)] {
            let cell = |k: usize| {
                let mut xs: Vec<f64> = parts.iter().map(|p| p[k]).collect();
                xs.sort_by(f64::total_cmp);
                format!("{:.1} / {:.1}", percentile(&xs, 0.5), percentile(&xs, 0.95))
            };
            let over = parts.iter().filter(|p| p[4] >= 16.0).count();
            println!(
                "| {name} | {} | {} | {} | {} | {} | {} | {over} |",
                parts.len(),
                cell(0),
                cell(1),
                cell(2),
                cell(3),
                cell(4)
            );
        }
        println!("\n(each: median / 95th percentile)");
        Ok(())
    });
}

/// Times every pointer event on the board: waiting to be handled, the page's handlers (from the
/// board's first listener to the window's, which runs after them), waiting for the frame (to
/// its `requestAnimationFrame`), the frame (to a message posted from there, which runs once the
/// frame's style, layout and paint are done), and all of it from the event's creation.
async fn listen(client: &Client) -> Result<()> {
    client
        .execute(
            "window.parts = [];
             const board = document.getElementById('board');
             for (const type of ['pointerdown', 'pointermove', 'pointerup']) {
               let begun = 0;
               board.addEventListener(type, () => { begun = performance.now(); }, { capture: true });
               window.addEventListener(type, (event) => {
                 const created = event.timeStamp;
                 const handled = performance.now();
                 requestAnimationFrame(() => {
                   const framed = performance.now();
                   const channel = new MessageChannel();
                   channel.port1.onmessage = () => {
                     const drawn = performance.now();
                     window.parts.push([begun - created, handled - begun, framed - handled,
                                        drawn - framed, drawn - created]);
                   };
                   channel.port2.postMessage(0);
                 });
               });
             }
             return null;",
            vec![],
        )
        .await?;
    Ok(())
}

/// A mouse drag along each of the board's 30 rows; the times of their events (see `listen`).
async fn drags(client: &Client) -> Result<Vec<[f64; 5]>> {
    client
        .execute("window.parts = []; return null", vec![])
        .await?;
    for r in 0..30 {
        let cell = |c: usize| {
            let client = client.clone();
            async move {
                client
                    .find(Locator::Css(&format!(".cell[data-r='{r}'][data-c='{c}']")))
                    .await
            }
        };
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveToElement {
                element: cell(0).await?,
                duration: None,
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveToElement {
                element: cell(29).await?,
                duration: Some(Duration::from_millis(300)),
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        client.perform_actions(mouse).await?;
        client.release_actions().await?;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    Ok(serde_json::from_value(
        client.execute("return window.parts", vec![]).await?,
    )?)
}
