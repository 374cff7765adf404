//! Running solves off the async threads, one per core at a time, each with a flag that stops
//! it.
//!
//! A [`Job`] is one request's work. It owns a cancellation flag, registered under the
//! request's `id` (if it gave one) so that `POST /api/cancel` can raise it, and raised when the
//! job is dropped: axum drops a handler's future when its client closes the connection, so a
//! page that aborts a fetch stops the solve behind it. The work runs on tokio's blocking
//! threads once it holds one of the semaphore's permits (one per core), and returns the permit
//! when it ends, cancelled or not.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::serve::error::HttpError;

/// The longest job id a request may give.
pub const MAX_ID_LEN: usize = 64;

/// The permits to run and the flags of the jobs that run or wait.
#[derive(Debug)]
pub struct Jobs {
    permits: Arc<Semaphore>,
    capacity: usize,
    /// The flags of jobs with an id, by id.
    named: Mutex<HashMap<String, Arc<AtomicBool>>>,
    /// Every live job's flag, for shutdown.
    all: Mutex<Vec<std::sync::Weak<AtomicBool>>>,
    running: Arc<AtomicUsize>,
}

impl Jobs {
    /// Room for `capacity` jobs at a time (at least 1).
    pub fn new(capacity: usize) -> Jobs {
        let capacity = capacity.max(1);
        Jobs {
            permits: Arc::new(Semaphore::new(capacity)),
            capacity,
            named: Mutex::new(HashMap::new()),
            all: Mutex::new(Vec::new()),
            running: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// How many jobs may run at a time.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// How many jobs are running now (holding a permit).
    pub fn running(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    /// A new job, registered under `id` if given; 409 if a job with that id is under way.
    pub fn start(&self, id: Option<&str>) -> Result<Job<'_>, HttpError> {
        let flag = Arc::new(AtomicBool::new(false));
        if let Some(id) = id {
            if id.is_empty() || id.len() > MAX_ID_LEN {
                return Err(HttpError::new(
                    StatusCode::BAD_REQUEST,
                    format!("a job id must have 1 to {MAX_ID_LEN} bytes"),
                ));
            }
            let mut named = self.named.lock().unwrap_or_else(PoisonError::into_inner);
            if named.contains_key(id) {
                return Err(HttpError::new(
                    StatusCode::CONFLICT,
                    format!("a request with the id '{id}' is already under way"),
                ));
            }
            named.insert(id.to_string(), flag.clone());
        }
        let mut all = self.all.lock().unwrap_or_else(PoisonError::into_inner);
        all.retain(|weak| weak.strong_count() > 0);
        all.push(Arc::downgrade(&flag));
        Ok(Job {
            jobs: self,
            id: id.map(str::to_string),
            flag,
        })
    }

    /// Raises the flag of the job named `id`; whether there was one.
    pub fn cancel(&self, id: &str) -> bool {
        let named = self.named.lock().unwrap_or_else(PoisonError::into_inner);
        match named.get(id) {
            Some(flag) => {
                flag.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Raises every live job's flag (the server is stopping).
    pub fn cancel_all(&self) {
        let all = self.all.lock().unwrap_or_else(PoisonError::into_inner);
        for flag in all.iter().filter_map(std::sync::Weak::upgrade) {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// One request's work: its flag, raised when the job is dropped.
#[derive(Debug)]
pub struct Job<'a> {
    jobs: &'a Jobs,
    id: Option<String>,
    flag: Arc<AtomicBool>,
}

impl Job<'_> {
    /// Runs `work` on a blocking thread once a permit is free, with the job's flag; waits at
    /// most until `deadline` for the permit (503 after that) and at most `GRACE` past it for the
    /// work (504 after that: the flag is raised and the work ends on its own).
    pub async fn run<T, F>(&self, deadline: Instant, work: F) -> Result<T, HttpError>
    where
        T: Send + 'static,
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
    {
        let wait = deadline.saturating_duration_since(Instant::now());
        let permit =
            match tokio::time::timeout(wait, self.jobs.permits.clone().acquire_owned()).await {
                Ok(Ok(permit)) => permit,
                _ => {
                    return Err(HttpError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "the server is busy with other solves; try again in a moment",
                    ))
                }
            };
        let flag = self.flag.clone();
        let running = self.jobs.running.clone();
        running.fetch_add(1, Ordering::Relaxed);
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let result = work(&flag);
            running.fetch_sub(1, Ordering::Relaxed);
            result
        });
        let overrun = deadline.saturating_duration_since(Instant::now()) + GRACE;
        match tokio::time::timeout(overrun, handle).await {
            Ok(Ok(result)) => Ok(result),
            Ok(Err(_)) => Err(HttpError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the work failed unexpectedly (a bug: please report it with the input)",
            )),
            Err(_) => {
                self.flag.store(true, Ordering::Relaxed);
                Err(HttpError::new(
                    StatusCode::GATEWAY_TIMEOUT,
                    "the work did not finish within the time limit",
                ))
            }
        }
    }
}

/// How long work may overrun its deadline before the job gives up on it.
const GRACE: Duration = Duration::from_secs(1);

impl Drop for Job<'_> {
    fn drop(&mut self) {
        self.flag.store(true, Ordering::Relaxed);
        if let Some(id) = &self.id {
            let mut named = self
                .jobs
                .named
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            // Only our own entry: after a 409 nothing of ours was registered.
            if named.get(id).is_some_and(|f| Arc::ptr_eq(f, &self.flag)) {
                named.remove(id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_one_job_and_dropping_raises_the_flag() {
        let jobs = Jobs::new(2);
        let job = jobs.start(Some("a")).unwrap();
        assert!(jobs.start(Some("a")).is_err());
        let flag = job.flag.clone();
        assert!(!flag.load(Ordering::Relaxed));
        assert!(jobs.cancel("a"));
        assert!(flag.load(Ordering::Relaxed));
        assert!(!jobs.cancel("b"));
        drop(job);
        assert!(!jobs.cancel("a"), "a finished job is unregistered");
        assert!(jobs.start(Some("a")).is_ok());
        assert!(jobs.start(Some("")).is_err());
        assert!(jobs.start(Some(&"x".repeat(MAX_ID_LEN + 1))).is_err());
    }

    #[test]
    fn cancel_all_reaches_every_live_job() {
        let jobs = Jobs::new(1);
        let (a, b) = (jobs.start(None).unwrap(), jobs.start(Some("b")).unwrap());
        jobs.cancel_all();
        assert!(a.flag.load(Ordering::Relaxed) && b.flag.load(Ordering::Relaxed));
    }
}
