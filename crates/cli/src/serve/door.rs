//! Which requests the server lets in: those addressed to it by an address it serves (the
//! `Host` header), and, for POSTs, those sent by its own page (the `Origin` header).
//!
//! The server listens on loopback, but every web page the user visits runs in a browser that
//! can reach loopback. Two attacks follow, and one check stops each:
//!
//! - *DNS rebinding*: a foreign site makes its own name resolve to 127.0.0.1, and its script,
//!   now "same-origin" with us as far as the browser knows, reads our answers. Its requests
//!   still carry its name in `Host`, so we answer only requests whose `Host` is an address we
//!   serve: an IP literal we listen on (any, when listening on every interface), or `localhost`
//!   when we listen on loopback, with our port.
//! - *Cross-site requests*: a foreign page cannot read our answers, but it can POST a puzzle
//!   that burns the user's processor. Browsers say who sent a POST in `Origin`, so a POST whose
//!   `Origin` is not this server's own (`http://` and the `Host` it came with) is refused.
//!   Clients that are not browsers send no `Origin`, and are let in.
//!
//! Refusals are 403 with the usual one-sentence JSON error.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::serve::error::HttpError;
use crate::serve::state::Shared;

/// The addresses a server answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    local: SocketAddr,
}

impl Door {
    /// The door of a server listening on `local`.
    pub fn new(local: SocketAddr) -> Door {
        Door { local }
    }

    /// Whether `host` (a `Host` header's value) names this server.
    pub fn admits_host(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else {
            return false;
        };
        if port != self.local.port() {
            return false;
        }
        let listening = self.local.ip();
        if name.eq_ignore_ascii_case("localhost") {
            return listening.is_loopback() || listening.is_unspecified();
        }
        match name.parse::<IpAddr>() {
            // Listening on every interface, any address of ours may be asked for; a browser
            // only sends an IP literal when its user typed one.
            Ok(_) if listening.is_unspecified() => true,
            Ok(ip) => ip == listening,
            Err(_) => false,
        }
    }

    /// Whether `origin` (an `Origin` header's value) is this server's page, reached at `host`.
    pub fn admits_origin(&self, origin: &str, host: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|rest| rest.eq_ignore_ascii_case(host) || same_default_port(rest, host))
    }
}

/// `http://localhost` for a `Host` of `localhost:80`: browsers leave the default port out.
fn same_default_port(origin: &str, host: &str) -> bool {
    host.strip_suffix(":80")
        .is_some_and(|bare| bare.eq_ignore_ascii_case(origin))
}

/// A `Host` value's name (an IPv6 literal without its brackets) and port (80 when left out).
fn split_host(host: &str) -> Option<(&str, u16)> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (name, after) = rest.split_once(']')?;
        match after {
            "" => (name, None),
            _ => (name, Some(after.strip_prefix(':')?)),
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        }
    };
    let port = match port {
        None => 80,
        Some(port) => port.parse().ok()?,
    };
    (!name.is_empty()).then_some((name, port))
}

/// The middleware: 403 for a request that is not addressed to us, or a POST from another
/// origin.
pub async fn check(State(server): State<Shared>, request: Request, next: Next) -> Response {
    if let Some(refusal) = refusal(&server.door, &request) {
        return HttpError::new(StatusCode::FORBIDDEN, refusal).into_response();
    }
    next.run(request).await
}

/// Why `request` is refused, if it is.
fn refusal(door: &Door, request: &Request) -> Option<String> {
    let header = |name| {
        request
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap_or("\u{fffd}"))
    };
    let host = header(header::HOST).unwrap_or_default();
    if !door.admits_host(host) {
        return Some(format!(
            "this server answers only at its own address, not at '{host}'"
        ));
    }
    match header(header::ORIGIN) {
        Some(origin) if request.method() == Method::POST && !door.admits_origin(origin, host) => {
            Some(format!(
                "this server takes requests only from its own page, not from '{origin}'"
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn door(addr: &str) -> Door {
        Door::new(addr.parse().unwrap())
    }

    #[test]
    fn hosts_are_our_addresses_with_our_port() {
        let loopback = door("127.0.0.1:8080");
        for ok in ["127.0.0.1:8080", "localhost:8080", "LocalHost:8080"] {
            assert!(loopback.admits_host(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost",
            "192.168.1.2:8080",
            "127.0.0.2:8080",
            "",
            ":8080",
            "127.0.0.1:80800",
            "127.0.0.1.evil.example:8080",
        ] {
            assert!(!loopback.admits_host(bad), "{bad}");
        }
        let v6 = door("[::1]:9000");
        assert!(v6.admits_host("[::1]:9000") && v6.admits_host("localhost:9000"));
        assert!(!v6.admits_host("[::1]") && !v6.admits_host("[::1:9000"));
        let lan = door("192.168.1.2:80");
        assert!(lan.admits_host("192.168.1.2") && lan.admits_host("192.168.1.2:80"));
        assert!(!lan.admits_host("localhost") && !lan.admits_host("192.168.1.3"));
        let every = door("0.0.0.0:8080");
        assert!(every.admits_host("192.168.1.2:8080") && every.admits_host("localhost:8080"));
        assert!(!every.admits_host("nas.local:8080"));
    }

    #[test]
    fn origins_are_our_own_page() {
        let d = door("127.0.0.1:8080");
        assert!(d.admits_origin("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(d.admits_origin("http://localhost:8080", "localhost:8080"));
        for bad in [
            "http://localhost:8080",
            "https://127.0.0.1:8080",
            "http://evil.example",
            "null",
            "",
        ] {
            assert!(!d.admits_origin(bad, "127.0.0.1:8080"), "{bad}");
        }
        let port80 = door("127.0.0.1:80");
        assert!(port80.admits_origin("http://127.0.0.1", "127.0.0.1:80"));
        assert!(port80.admits_origin("http://127.0.0.1", "127.0.0.1"));
    }
}
