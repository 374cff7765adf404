//! `nonogramengine`, the R package of this workspace (`R CMD INSTALL crates/r`): the engines
//! of `nonogram-core`, the formats of `nonogram-formats` and the drawings of `nonogram-render`
//! for R, with puzzles as the R `nonogram` package's lists of clue vectors and grids as
//! matrices. This crate is the package's compiled half, a static library that R links into
//! `nonogramengine.so` through `src/Makevars`; `R/` holds the R half, which every user calls.
//!
//! It adds no logic of its own to the library's: it checks arguments (with the command line's
//! wording), runs the engines off R's thread ([`run`]: Ctrl-C and RStudio's stop button
//! honoured, panics caught), and converts results. Every function answers a value or a
//! failure as a value ([`fail`]), never an R error, so that no `longjmp` crosses its frames.
//! The functions are internal (`rs_*`): the R functions around them are the API, documented
//! in `docs/r.md` and the package's help pages.
//!
//! - [`puzzle`]: checking, reading, writing, formats, random puzzles;
//! - [`solve`]: solving, line solving alone, checking a grid;
//! - [`explain`]: explanations and hints;
//! - [`make`]: puzzles from pictures and images, and the maker's verdict;
//! - [`generate`]: new puzzles; [`patterns`]: pattern sets; [`render`]: text, SVG and PNG;
//! - [`values`]: R values to the engine's and back; [`args`]: arguments; [`run`]: the worker.

mod args;
mod explain;
mod fail;
mod generate;
mod make;
mod patterns;
mod puzzle;
mod render;
mod run;
mod solve;
mod values;

use extendr_api::prelude::*;

/// The package's version, the workspace's.
/// @noRd
#[extendr]
fn rs_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// Panics on the worker thread, for the test that a panic becomes `nonogram_internal_error`.
/// @noRd
#[extendr]
fn rs_panic() -> Robj {
    fail::answer(|| {
        run::uncancellable(|| -> () { panic!("a test asked for a panic") })?;
        Ok(().into())
    })
}

/// Sleeps on the worker thread until interrupted (at most `seconds`), checking a cancellation
/// flag as the engines do, for the test that Ctrl-C stops a call: answers how long it slept.
/// @noRd
#[extendr]
fn rs_sleep(seconds: Robj) -> Robj {
    fail::answer(|| {
        let limit = args::seconds(&seconds, "seconds")?.unwrap_or_default();
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = std::sync::Arc::clone(&cancel);
        let slept = run::interruptible(&cancel, move || {
            let start = std::time::Instant::now();
            while start.elapsed() < limit && !flag.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            start.elapsed()
        })?;
        Ok(slept.as_secs_f64().into())
    })
}

extendr_module! {
    mod nonogramengine;
    fn rs_version;
    fn rs_panic;
    fn rs_sleep;
    use puzzle;
    use solve;
    use explain;
    use make;
    use generate;
    use patterns;
    use render;
}
