//! Arguments from R, checked with the command line's wording (`timeout = -1 is not a
//! non-negative, finite number of seconds`), each named as R names it.
//!
//! The package's R functions pass their arguments on as they came (after turning a puzzle into
//! its list form), so the range checks, and their messages, live here once, beside the
//! engine's limits.

use std::time::Duration;

use extendr_api::prelude::*;

use nonogram_core::Engine;
use nonogram_formats::Format;

use crate::fail::{Answer, Fail};

/// The most solutions one solve keeps, as on the command line (`--solutions`).
pub const MAX_SOLUTIONS: f64 = 10_000.0;

/// One number: a length-one numeric (or integer, or logical) vector, not `NA`.
pub fn number(value: &Robj, name: &str) -> Answer<f64> {
    let n = match value.rtype() {
        Rtype::Doubles if value.len() == 1 => value.as_real_slice().map(|s| s[0]),
        Rtype::Integers if value.len() == 1 => value
            .as_integer_slice()
            .and_then(|s| (s[0] != i32::MIN).then_some(f64::from(s[0]))),
        _ => None,
    };
    match n {
        Some(n) if !n.is_nan() => Ok(n),
        _ => Err(Fail::value(format!(
            "{name} must be one number, not {}",
            describe(value)
        ))),
    }
}

/// A whole number from `lo` to `hi` (`unit` names what it counts, after the range).
pub fn whole(value: &Robj, name: &str, lo: f64, hi: f64, unit: &str) -> Answer<u64> {
    let n = number(value, name)?;
    if n.fract() != 0.0 || !(lo..=hi).contains(&n) {
        return Err(Fail::value(format!(
            "{name} = {} is out of range: give {} to {}{unit}",
            show(n),
            show(lo),
            show(hi)
        )));
    }
    Ok(n as u64)
}

/// A number for messages: `3`, not `3.0`.
pub fn show(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// A short description of an R value for messages: `NULL`, `"abc"`, `a list`...
pub fn describe(value: &Robj) -> String {
    if value.is_null() {
        return "NULL".into();
    }
    if value.len() == 1 {
        if let Some(s) = value.as_str() {
            return format!("\"{s}\"");
        }
        if let Some(n) = value.as_real() {
            return show(n);
        }
        if let Some(n) = value.as_integer() {
            return n.to_string();
        }
    }
    let what = match value.rtype() {
        Rtype::Doubles => "numbers",
        Rtype::Integers => "integers",
        Rtype::Logicals => "logical values",
        Rtype::Strings => "strings",
        Rtype::List => "a list",
        _ => return "a value of another type".into(),
    };
    if matches!(value.rtype(), Rtype::List) {
        format!("{what} of {}", value.len())
    } else {
        format!("{} {what}", value.len())
    }
}

/// One string.
pub fn string(value: &Robj, name: &str) -> Answer<String> {
    match value.as_str() {
        Some(s) if value.len() == 1 && !value.is_na() => Ok(s.to_string()),
        _ => Err(Fail::value(format!(
            "{name} must be one string, not {}",
            describe(value)
        ))),
    }
}

/// One string, or `NULL` for none.
pub fn opt_string(value: &Robj, name: &str) -> Answer<Option<String>> {
    if value.is_null() {
        return Ok(None);
    }
    string(value, name).map(Some)
}

/// `TRUE` or `FALSE`.
pub fn flag(value: &Robj, name: &str) -> Answer<bool> {
    match value.as_bool() {
        Some(b) if value.len() == 1 => Ok(b),
        _ => Err(Fail::value(format!(
            "{name} must be TRUE or FALSE, not {}",
            describe(value)
        ))),
    }
}

/// A time limit in seconds, `NULL` for none, checked as the command line checks `--timeout`.
/// A limit longer than any run is no limit.
pub fn seconds(value: &Robj, name: &str) -> Answer<Option<Duration>> {
    if value.is_null() {
        return Ok(None);
    }
    let seconds = number(value, name)?;
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(Fail::value(format!(
            "{name} = {} is not a non-negative, finite number of seconds",
            show(seconds)
        )));
    }
    Ok(Some(
        Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX),
    ))
}

/// An engine by name: `auto`, `search`, `learn` or `sat`.
pub fn engine(value: &Robj) -> Answer<Engine> {
    let name = string(value, "engine")?;
    Engine::from_name(&name).ok_or_else(|| {
        Fail::value(format!(
            "unknown engine '{name}' (use auto, search, learn or sat)"
        ))
    })
}

/// How many solutions to look for, 1 to [`MAX_SOLUTIONS`].
pub fn solutions(value: &Robj) -> Answer<usize> {
    let n = number(value, "solutions")?;
    if n.fract() != 0.0 || !(1.0..=MAX_SOLUTIONS).contains(&n) {
        return Err(Fail::value(format!(
            "solutions = {} is out of range: ask for 1 to {} (2 proves a solution unique)",
            show(n),
            show(MAX_SOLUTIONS)
        )));
    }
    Ok(n as usize)
}

/// A count of threads: 0 (one per core) to the engine's most.
pub fn threads(value: &Robj, name: &str) -> Answer<usize> {
    let most = nonogram_core::MAX_THREADS as f64;
    whole(value, name, 0.0, most, " (0 is one per core)").map(|n| n as usize)
}

/// A seed: a whole number from 0 to 2^53 (the largest that R's numbers hold exactly).
pub fn seed(value: &Robj, name: &str) -> Answer<u64> {
    whole(value, name, 0.0, 9_007_199_254_740_992.0, "")
}

/// A format to read, by name or alias; `NULL` to recognise it. The refusal lists the names, in
/// the words the command line, the API and Python use (`Format::named`).
pub fn read_format(value: &Robj) -> Answer<Option<Format>> {
    let Some(name) = opt_string(value, "format")? else {
        return Ok(None);
    };
    Format::named(&name)
        .map(Some)
        .map_err(|e| Fail::value(e.to_string()))
}

/// A format to write, by name or alias (`Format::named_writable`).
pub fn write_format(name: &str) -> Answer<Format> {
    Format::named_writable(name).map_err(|e| Fail::value(e.to_string()))
}
