//! The page as an app and as a program, in Chromium: the manifest as Chromium reads it (the
//! site installs), axe-core's audit of every mode on the desktop and on a phone, and Play's line
//! checks (`js/lines.js`) against every filling of random lines.

use fantoccini::Client;
use serde_json::{json, Value};

use crate::common::chromium::{cdp, with_chromium, with_phone, Result};
use crate::common::site::{built_site, StaticServer};
use crate::common::web::Server;
use crate::page::*;

/// The static site is an installable app: Chromium reads its manifest without an error, finds
/// nothing against installing it, and its icons are the sizes the manifest says. The served
/// page links the same manifest.
#[test]
fn the_site_installs_as_an_app() {
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("play-manifest-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        wait_for(&client, "body[data-offline='ready']").await?;
        let manifest = cdp(&client, "Page.getAppManifest", json!({})).await?;
        assert!(
            manifest["url"]
                .as_str()
                .unwrap()
                .ends_with("/manifest.webmanifest"),
            "{manifest}"
        );
        assert_eq!(manifest["errors"], json!([]), "{manifest}");
        let data: Value = serde_json::from_str(manifest["data"].as_str().unwrap())?;
        assert_eq!(data["display"], "standalone");
        assert_eq!(data["start_url"], "./");
        let installable = cdp(&client, "Page.getInstallabilityErrors", json!({})).await?;
        assert_eq!(
            installable["installabilityErrors"],
            json!([]),
            "{installable}"
        );
        let icons = data["icons"].as_array().unwrap();
        assert!(icons.iter().any(|i| i["purpose"] == "maskable"));
        for icon in icons {
            let src = icon["src"].as_str().unwrap();
            let size = client
                .execute_async(
                    "const [src, done] = arguments; const image = new Image(); image.src = src; \
                     image.decode().then(() => done([image.naturalWidth, image.naturalHeight]), e => done(String(e)))",
                    vec![json!(src)],
                )
                .await?;
            let sizes = icon["sizes"].as_str().unwrap();
            if sizes != "any" {
                assert_eq!(format!("{}x{}", size[0], size[1]), sizes, "{src}");
            } else {
                assert!(size.is_array(), "{src}: {size}");
            }
        }
        Ok(())
    });
    let server = Server::start(&["--quiet"]);
    let page = server.get("/").text();
    assert!(page.contains(r#"<link rel="manifest" href="manifest.webmanifest">"#));
    let manifest = server.get("/manifest.webmanifest").json();
    assert_eq!(manifest["name"], "nonogram");
}

/// axe-core's rules, run in the page (installed by `scripts/test` from the npm registry):
/// the first view of every mode, on the desktop and on the phone.
pub fn axe_source() -> String {
    let path =
        crate::common::repo_root().join("crates/cli/tests/axe/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the accessibility audit needs axe-core ({}: {e}): run scripts/test, which runs \
             `npm ci` in crates/cli/tests/axe (or run that yourself)",
            path.display()
        )
    })
}

/// The serious and critical violations axe finds in the page as it is; `what` names it.
pub async fn audit(client: &Client, axe: &str, what: &str) -> Result<()> {
    if eval(client, "return typeof window.axe").await? != json!("object") {
        client
            .execute(&format!("{axe}\nreturn null;"), vec![])
            .await?;
    }
    let found = client
        .execute_async(
            "const done = arguments[0]; \
             axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations\
               .filter((v) => v.impact === 'serious' || v.impact === 'critical')\
               .map((v) => ({ id: v.id, impact: v.impact, help: v.help, \
                              nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) })) ), \
               (e) => done({ error: String(e) }));",
            vec![],
        )
        .await?;
    assert_eq!(found, json!([]), "axe on {what}: {found:#}");
    Ok(())
}

#[test]
fn every_mode_passes_an_accessibility_audit() {
    let axe = axe_source();
    assert!(axe.contains("axe"), "axe.min.js");
    let site = StaticServer::start(built_site());
    let base = site.url();
    let source = axe.clone();
    with_chromium("play-audit-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        wait_text(&client, "#verdict", |t| t.starts_with("Today's puzzle")).await?;
        audit(&client, &source, "Play").await?;
        click(&client, "#tab-solve").await?;
        audit(&client, &source, "Solve").await?;
        click(&client, "#solve").await?;
        wait_text(&client, "#verdict", |t| t.contains("unique solution")).await?;
        audit(&client, &source, "Solve, solved").await?;
        click(&client, "#tab-explain").await?;
        wait_text(&client, "#step-count", |t| {
            t.starts_with("0 / ") && t != "0 / 0"
        })
        .await?;
        audit(&client, &source, "Understand").await?;
        click(&client, "#tab-make").await?;
        wait_text(&client, "#verdict", |t| t.starts_with("unique")).await?;
        audit(&client, &source, "Make").await
    });
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_phone("play-audit-phone-failure", |client| async move {
        open(&client, &format!("{base}/")).await?;
        wait_text(&client, "#verdict", |t| t.starts_with("Today's puzzle")).await?;
        audit(&client, &axe, "Play on a phone").await
    });
}

/// Whether some filling of the line's unknown cells (-1) gives exactly `clue`: every filling
/// tried (the reference for the page's dynamic programme).
fn fits_by_brute_force(line: &[i64], clue: &[(i64, i64)]) -> bool {
    let unknown: Vec<usize> = (0..line.len()).filter(|&i| line[i] < 0).collect();
    (0..3u64.pow(unknown.len() as u32)).any(|mut n| {
        let mut cells = line.to_vec();
        for &i in &unknown {
            cells[i] = (n % 3) as i64;
            n /= 3;
        }
        runs_of_cells(&cells) == clue
    })
}

/// The runs (length, colour) of a line of palette indexes.
fn runs_of_cells(cells: &[i64]) -> Vec<(i64, i64)> {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    let mut last = 0;
    for &v in cells {
        if v > 0 && v == last {
            runs.last_mut().unwrap().0 += 1;
        } else if v > 0 {
            runs.push((1, v));
        }
        last = v.max(0);
    }
    runs
}

/// Play's line checks (`js/lines.js`: done, and whether a line can still be finished) against
/// every filling tried, on random lines of two colours with crosses and unknown cells.
#[test]
fn the_pages_line_checks_agree_with_brute_force() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n) as i64
    };
    let mut cases = Vec::new();
    for _ in 0..3000 {
        let len = 1 + next(8) as usize;
        let line: Vec<i64> = (0..len)
            .map(|_| [-1, -1, 0, 1, 2][next(5) as usize])
            .collect();
        let clue: Vec<(i64, i64)> = (0..next(4)).map(|_| (1 + next(3), 1 + next(2))).collect();
        cases.push((line, clue));
    }
    let data: Vec<Value> = cases
        .iter()
        .map(|(line, clue)| {
            let clue: Vec<Value> = clue
                .iter()
                .map(|(l, c)| json!({"length": l, "colour": c}))
                .collect();
            json!([line, clue])
        })
        .collect();
    let want: Vec<(bool, bool)> = cases
        .iter()
        .map(|(line, clue)| {
            let cleared: Vec<i64> = line.iter().map(|&v| v.max(0)).collect();
            (
                fits_by_brute_force(line, clue),
                runs_of_cells(&cleared) == *clue,
            )
        })
        .collect();
    assert!(
        want.iter().filter(|w| w.0).count() > 200,
        "too few lines that fit"
    );
    assert!(
        want.iter().filter(|w| w.1).count() > 50,
        "too few lines done"
    );
    let site = StaticServer::start(built_site());
    let base = site.url();
    with_chromium("play-lines-failure", |client| async move {
        client.goto(&format!("{base}/")).await?;
        let got = line_checks(&client, &data).await?;
        for (i, (got, want)) in got.iter().zip(&want).enumerate() {
            assert_eq!(got, want, "{:?}", cases[i]);
        }
        assert_eq!(got.len(), want.len());
        Ok(())
    });
}
