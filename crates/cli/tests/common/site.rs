//! The static site under test: `target/site/` as `scripts/build-web` writes it, served by a
//! plain file server of our own (no API, nothing but GET), which a test can stop to see the
//! page work offline.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use super::repo_root;

/// `target/site/`, checked to be a build of the page as it is now: it fails the test (naming
/// the command that makes it) when the site is missing or its files differ from
/// `crates/cli/web/`.
pub fn built_site() -> PathBuf {
    let site = repo_root().join("target/site");
    let fresh = "run scripts/build-web (scripts/test does) to build target/site";
    assert!(
        site.join("wasm/nonogram_wasm_bg.wasm").is_file(),
        "no static site in {}: {fresh}",
        site.display()
    );
    let web = repo_root().join("crates/cli/web");
    for entry in walkdir::WalkDir::new(&web) {
        let entry = entry.unwrap();
        if !entry.file_type().is_file() {
            continue;
        }
        let relative = entry.path().strip_prefix(&web).unwrap();
        let mut want = std::fs::read(entry.path()).unwrap();
        if relative == Path::new("index.html") {
            want = String::from_utf8(want)
                .unwrap()
                .replace(
                    r#"<meta name="nonogram-backend" content="server">"#,
                    r#"<meta name="nonogram-backend" content="wasm">"#,
                )
                .into_bytes();
        }
        let have = std::fs::read(site.join(relative)).unwrap_or_default();
        assert!(
            have == want,
            "target/site/{} is not crates/cli/web's: {fresh}",
            relative.display()
        );
    }
    site
}

/// A static file server on an ephemeral 127.0.0.1 port; stopped when dropped.
#[derive(Debug)]
pub struct StaticServer {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl StaticServer {
    /// Serves the files under `root`.
    pub fn start(root: PathBuf) -> StaticServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let root = root.clone();
                std::thread::spawn(move || answer(stream, &root));
            }
        });
        StaticServer {
            addr,
            stop,
            thread: Some(thread),
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops listening: from now on the port refuses connections.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so that it sees the flag and drops the listener.
        let _ = TcpStream::connect(self.addr);
        if let Some(thread) = self.thread.take() {
            thread.join().unwrap();
        }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Answers one `GET` with the file, its media type by extension, and closes.
fn answer(stream: TcpStream, root: &Path) {
    let mut reader = BufReader::new(&stream);
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    // The rest of the head.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let mut parts = first.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let path = if path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    let file = root.join(path.trim_start_matches('/'));
    let body = match (method, path.contains("..")) {
        ("GET", false) => std::fs::read(&file).ok(),
        _ => None,
    };
    let mut stream = &stream;
    let _ = match body {
        Some(body) => {
            let media = match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
                "html" => "text/html; charset=utf-8",
                "js" => "text/javascript; charset=utf-8",
                "css" => "text/css; charset=utf-8",
                "svg" => "image/svg+xml",
                "png" => "image/png",
                "webmanifest" => "application/manifest+json",
                "wasm" => "application/wasm",
                _ => "application/octet-stream",
            };
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {media}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            )
            .and_then(|()| stream.write_all(&body))
        }
        None => stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    };
}
