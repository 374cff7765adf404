//! Links in Chromium: a colour puzzle with given cells and an HTML title goes through a link to
//! a fresh profile, shown as text; malformed, oversized and hostile fragments are refused in one
//! line, the page usable, on a fresh load as when pasted into the open page's address.

use serde_json::{json, Value};

use crate::common::chromium::with_chromium;
use crate::common::site::{built_site, StaticServer};
use crate::page::*;

/// A link carries a colour puzzle with given cells and a title, and never as HTML; a fresh
/// profile opens it. Malformed, oversized and hostile fragments get one line of error, and
/// the page stays usable.
#[test]
fn links_open_puzzles_and_refuse_hostile_ones() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    let title =
        r#"<img src=x onerror="window.pwned = 1">Tom & "Jerry" <script>window.pwned = 2</script>"#;
    let puzzle = json!({
        "title": title,
        "palette": [
            {"name": "white", "rgb": "#ffffff", "symbol": "."},
            {"name": "red", "rgb": "#d03030", "symbol": "r"},
            {"name": "blue", "rgb": "#3050d0", "symbol": "b"}
        ],
        "rows": [["2r"], ["2b"], ["1r", "1b"]],
        "columns": [["1r", "1r"], ["1r", "1b"], ["2b"]],
        "givens": ["r??", "???", "??b"]
    })
    .to_string();
    let shared = std::sync::Arc::new(std::sync::Mutex::new((String::new(), Value::Null)));
    let keep = shared.clone();
    let first = base.clone();
    with_chromium("play-share-failure", |client| async move {
        open(&client, &format!("{first}/")).await?;
        load_text(&client, "a colour puzzle", &puzzle).await?;
        let shown = in_page(&client, "state.js", "m => m.state.puzzle").await?;
        assert!(shown["givens"].is_array() && shown["palette"].as_array().unwrap().len() == 3);
        click(&client, "#share").await?;
        let url = eval(
            &client,
            "return document.getElementById('share-link').value",
        )
        .await?;
        assert_eq!(eval(&client, "return location.href").await?, url);
        *keep.lock().unwrap() = (url.as_str().unwrap().to_string(), clues(&shown));
        Ok(())
    });
    let (url, sent) = shared.lock().unwrap().clone();
    let title = title.to_string();
    with_chromium("play-link-open-failure", |client| async move {
        open(&client, &url).await?;
        wait_text(&client, "#puzzle-info", |t| t.contains("Tom & \"Jerry\"")).await?;
        let shown = in_page(&client, "state.js", "m => m.state.puzzle").await?;
        assert_eq!(clues(&shown), sent, "the link's puzzle");
        assert_eq!(shown["title"], json!(title));
        assert!(
            text(&client, "#puzzle-info").await?.starts_with(&title),
            "the title, as text"
        );
        assert_eq!(
            eval(&client, "return [document.querySelectorAll('img, script:not([src])').length, window.pwned === undefined]").await?,
            json!([0, true]),
            "a link's title ran as HTML"
        );
        assert_eq!(
            eval(
                &client,
                "return document.querySelectorAll('.cell.given').length"
            )
            .await?,
            json!(2)
        );
        save_screenshot(&client, "play-link.png").await?;

        // Hostile fragments, each on a fresh load: one line of error, a puzzle to play.
        let b64 = |bytes: &[u8]| -> String {
            const ALPHABET: &[u8] =
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
            let mut out = String::new();
            for chunk in bytes.chunks(3) {
                let n = chunk.iter().fold(0u32, |n, b| (n << 8) | u32::from(*b))
                    << (8 * (3 - chunk.len()));
                for k in 0..=chunk.len() {
                    out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
                }
            }
            out
        };
        let bad = [
            ("hello".to_string(), "no puzzle"),
            ("p=***".to_string(), "not base64url"),
            (format!("p={}", b64(&[0xff, 0xfe, 0x00])), "not UTF-8"),
            (
                format!("p={}", b64(b"<script>window.pwned = 3</script>")),
                "does not open",
            ),
            (
                format!("p={}", b64(br#"{"rows": "x", "columns": []}"#)),
                "does not open",
            ),
            (format!("p={}", "A".repeat(1_400_000)), "larger than"),
        ];
        let base = url.split('#').next().unwrap().to_string();
        for (fragment, says) in &bad {
            // A fresh load (another fragment alone would not reload the page).
            client.goto("about:blank").await?;
            open(&client, &format!("{base}#{fragment}")).await?;
            let error = wait_text(&client, "#error", |t| !t.is_empty()).await?;
            assert!(error.starts_with("This link"), "{fragment:.40}: {error}");
            assert!(error.contains(says), "{fragment:.40}: {error}");
            assert!(!error.contains('\n'));
            wait_text(&client, "#verdict", |t| t.starts_with("Today's puzzle")).await?;
            assert!(
                !overlap(&client, "#error", "#board").await?,
                "the error covers the board"
            );
            assert_eq!(
                eval(&client, "return window.pwned === undefined").await?,
                json!(true)
            );
            assert!(
                !eval(&client, "return location.hash")
                    .await?
                    .as_str()
                    .unwrap()
                    .contains(fragment.as_str()),
                "the address still shows the bad link"
            );
        }
        save_screenshot(&client, "play-link-refused.png").await?;
        // Usable: an example loads and the error goes.
        pick_example(&client, "duck", "duck").await?;
        assert!(
            eval(&client, "return document.getElementById('error').hidden")
                .await?
                .as_bool()
                .unwrap()
        );
        // A link pasted into the address bar of the open page opens too; a bad one is said,
        // and the puzzle open stays, its address too.
        let before = eval(&client, "return location.href").await?;
        client
            .execute("location.hash = 'p=%%%'; return null", vec![])
            .await?;
        wait_text(&client, "#error", |t| t.contains("not base64url")).await?;
        wait_text(&client, "#puzzle-info", |t| t.starts_with("duck")).await?;
        assert_eq!(eval(&client, "return location.href").await?, before);
        let fragment = url.split('#').nth(1).unwrap().to_string();
        client
            .execute(
                "location.hash = arguments[0]; return null",
                vec![json!(fragment)],
            )
            .await?;
        wait_text(&client, "#puzzle-info", |t| t.contains("Tom & \"Jerry\"")).await?;
        Ok(())
    });
}
