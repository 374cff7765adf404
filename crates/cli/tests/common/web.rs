//! The web server under test: `nonogram serve --port 0` as a child process (killed when
//! dropped), and a small blocking HTTP/1.1 client over a loopback socket, so that tests can
//! also send what no well-behaved client would (bad bodies, stalls, closed connections).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long any one request may take in a test before it counts as hung.
pub const REQUEST_LIMIT: Duration = Duration::from_secs(60);

/// A running `nonogram serve`.
#[derive(Debug)]
pub struct Server {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its standard error, line by line, as it comes.
    pub log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts `nonogram serve --port 0 ARGS` on 127.0.0.1 and waits for its address.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonogram"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start nonogram serve");
        let stdout = child.stdout.take().unwrap();
        let mut first = String::new();
        BufReader::new(stdout).read_line(&mut first).unwrap();
        // The first line is the address alone, as docs/cli.md says: scripts read it.
        let url = first.trim_end();
        assert!(
            url.starts_with("http://") && !url.contains(char::is_whitespace),
            "the first line is not the address alone: {first:?}"
        );
        let addr: SocketAddr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap();
        assert!(addr.ip().is_loopback(), "{addr}");
        let log = Arc::new(Mutex::new(Vec::new()));
        let lines = log.clone();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        Server { child, addr, log }
    }

    /// Sends `signal` (`INT`, `TERM`) to the server and waits at most `limit` for it to exit;
    /// its exit code.
    #[cfg(unix)]
    pub fn signal_and_wait(&mut self, signal: &str, limit: Duration) -> Option<i32> {
        let sent = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        assert!(sent.success());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(
                start.elapsed() < limit,
                "still running {limit:?} after SIG{signal}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The base address, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Response {
        request(self.addr, "GET", path, None, b"")
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: &serde_json::Value) -> Response {
        request(
            self.addr,
            "POST",
            path,
            Some("application/json"),
            body.to_string().as_bytes(),
        )
    }

    /// `POST path` with raw bytes.
    pub fn post_bytes(&self, path: &str, body: &[u8]) -> Response {
        request(
            self.addr,
            "POST",
            path,
            Some("application/octet-stream"),
            body,
        )
    }

    /// The number of solves running, from `GET /api/jobs`.
    pub fn running(&self) -> u64 {
        self.get("/api/jobs").json()["running"].as_u64().unwrap()
    }

    /// Waits until `GET /api/jobs` says `n` solves run (failing after `limit`).
    pub fn wait_running(&self, n: u64, limit: Duration) {
        let start = Instant::now();
        while self.running() != n {
            assert!(
                start.elapsed() < limit,
                "{} solves still running after {limit:?}, waiting for {n}",
                self.running()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One answer.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// The value of a header (name in lowercase).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (failing the test if it is not).
    #[track_caller]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {} {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// Asserts an error answer: this status, JSON `{"error": one line}`; returns the sentence.
    #[track_caller]
    pub fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.text());
        assert!(
            self.header("content-type")
                .is_some_and(|t| t.starts_with("application/json")),
            "{:?}",
            self.headers
        );
        let value = self.json();
        let message = value["error"].as_str().unwrap_or_else(|| panic!("{value}"));
        assert!(
            !message.is_empty() && !message.contains('\n'),
            "{message:?}"
        );
        assert_eq!(value.as_object().unwrap().len(), 1, "{value}");
        message.to_string()
    }
}

/// Sends one request (`Connection: close`) and reads the whole answer.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &[u8],
) -> Response {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(REQUEST_LIMIT)).unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(t) = content_type {
        head.push_str(&format!("Content-Type: {t}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    // A server may answer (413) before reading all of a large body and close: not an error.
    let _ = stream.write_all(body);
    read_response(&mut stream)
}

/// Reads an answer to its end.
pub fn read_response(stream: &mut TcpStream) -> Response {
    let mut raw = Vec::new();
    if let Err(e) = stream.read_to_end(&mut raw) {
        // A reset after a complete answer (the server closed while our body was unread).
        assert!(!raw.is_empty(), "no answer: {e}");
    }
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line in {head:?}"));
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&data[..end])
                .split(';')
                .next()
                .unwrap()
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
}

/// Reads a file of the repository as text.
pub fn repo_text(path: &str) -> String {
    std::fs::read_to_string(super::repo_root().join(path)).unwrap()
}
