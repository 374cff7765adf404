//! Headless Chromium for the tests and the benchmark: Debian's chromium driven through its
//! chromedriver (WebDriver, over loopback), one browser at a time.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::json;

/// What a browser session's steps return.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// How long the page may take to show something before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

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
pub fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// One browser test at a time: each runs a Chromium, and the timings they check need the
/// machine's attention.
static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The screen a session emulates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// A desktop window, 1200×900, mouse and keyboard.
    Desktop,
    /// A common phone, 390×844 CSS pixels at twice the density, with touch events and a
    /// mobile viewport (chromedriver's `mobileEmulation`), so that WebDriver's touch actions
    /// reach the page as a finger's would.
    Phone,
}

/// The phone's width and height in CSS pixels.
pub const PHONE: (u32, u32) = (390, 844);

/// Runs `test` with a WebDriver session of headless Chromium in a fresh profile; saves a
/// screenshot to `target/{failure}.png` if it fails.
pub fn with_chromium<F, T>(failure: &str, test: F)
where
    F: FnOnce(Client) -> T,
    T: std::future::Future<Output = Result<()>>,
{
    with_screen(Screen::Desktop, failure, test)
}

/// [`with_chromium`] on a phone's screen ([`Screen::Phone`]).
pub fn with_phone<F, T>(failure: &str, test: F)
where
    F: FnOnce(Client) -> T,
    T: std::future::Future<Output = Result<()>>,
{
    with_screen(Screen::Phone, failure, test)
}

/// Runs `test` with a WebDriver session of headless Chromium on `screen`.
pub fn with_screen<F, T>(screen: Screen, failure: &str, test: F)
where
    F: FnOnce(Client) -> T,
    T: std::future::Future<Output = Result<()>>,
{
    let _one = ONE_BROWSER
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let chromium = find_program(&["/usr/bin/chromium"], "chromium")
        .unwrap_or_else(|| missing("Chromium (/usr/bin/chromium)"));
    let chromedriver = find_program(&["/usr/bin/chromedriver"], "chromedriver")
        .unwrap_or_else(|| missing("chromedriver"));
    let driver = Driver::start(&chromedriver);
    let profile = super::scratch(&format!("chromium-profile-{failure}"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut capabilities = serde_json::Map::new();
        let mut options = json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage",
                format!("--user-data-dir={}", profile.display()),
                "--window-size=1200,900",
            ],
        });
        if screen == Screen::Phone {
            options["mobileEmulation"] = json!({
                "deviceMetrics": {
                    "width": PHONE.0, "height": PHONE.1, "pixelRatio": 2.0,
                    "touch": true, "mobile": true,
                },
                "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                              (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
            });
        }
        capabilities.insert("goog:chromeOptions".into(), options);
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("a WebDriver session with headless Chromium");
        let result = test(client.clone()).await;
        if result.is_err() {
            // What the page showed when it went wrong.
            if let Ok(png) = client.screenshot().await {
                let _ = std::fs::write(target_dir().join(format!("{failure}.png")), png);
            }
        }
        let _ = client.close().await;
        result.unwrap();
    });
}

/// A Chrome DevTools Protocol command through chromedriver (`goog/cdp/execute`): what WebDriver
/// has no command for (the page's web app manifest, as Chromium reads it).
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: serde_json::Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> std::result::Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params }).to_string();
        (axum::http::Method::POST, Some(body))
    }
}

/// Runs the DevTools command `cmd` with `params` on the session's page; its result.
pub async fn cdp(
    client: &Client,
    cmd: &'static str,
    params: serde_json::Value,
) -> Result<serde_json::Value> {
    Ok(client.issue_cmd(Cdp { cmd, params }).await?)
}
