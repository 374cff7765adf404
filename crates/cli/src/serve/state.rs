//! What every handler shares ([`Server`]), and the flag that tells the watchdog a request's body
//! has arrived ([`BodyRead`]).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use nonogram_api::Limits;

use crate::serve::door::Door;
use crate::serve::jobs::Jobs;

/// What every handler shares.
#[derive(Debug)]
pub struct Server {
    /// The API, held to the limits.
    pub api: nonogram_api::Api,
    /// The limits.
    pub limits: Limits,
    /// The running jobs and the permits to start one.
    pub jobs: Jobs,
    /// Which requests are let in.
    pub door: Door,
    /// Whether to log each request.
    pub log: bool,
}

/// The shared state as handlers receive it.
pub type Shared = Arc<Server>;

impl Server {
    /// A server listening on `local`, held to `limits`, logging each request if `log`.
    pub fn new(limits: Limits, local: SocketAddr, log: bool) -> Shared {
        Arc::new(Server {
            api: nonogram_api::Api::new(limits),
            limits,
            jobs: Jobs::new(limits.jobs),
            door: Door::new(local),
            log,
        })
    }
}

/// Whether a request's body has been read whole: the handlers that read one say so, and the
/// watchdog ([`around`]) tells a client that never finished sending (408) from work that ran
/// long (504).
#[derive(Clone, Debug, Default)]
pub struct BodyRead(Arc<AtomicBool>);

impl BodyRead {
    /// The body has been read whole.
    pub fn done(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub(super) fn is_done(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
