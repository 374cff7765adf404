//! The arguments' parsers: each checks a value's range and says what it wants.

/// The most cells a `random` run generates (its puzzles are all kept in memory): about a
/// gigabyte of clues at density 0.5.
pub(crate) const MAX_SET_CELLS: usize = 1 << 28;

/// Prints `message` as the program's one-line error and exits with status 2 (bad usage).
/// `WxH`, each side 1 to the generator's largest.
pub(crate) fn size_pair(text: &str) -> Result<(usize, usize), String> {
    let most = nonogram_author::generator::MAX_SIDE;
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{text}' is not a size: write it as WxH, e.g. 20x20"))?;
    Ok((
        number_in(w, 1..=most, "a width")?,
        number_in(h, 1..=most, "a height")?,
    ))
}

/// A paper: `a4` or `letter`.
pub(crate) fn paper(text: &str) -> Result<nonogram_render::pdf::Paper, String> {
    nonogram_render::pdf::Paper::from_name(text)
        .ok_or_else(|| format!("unknown paper '{text}' (use a4 or letter)"))
}

/// A difficulty: easy, medium, hard or any.
pub(crate) fn level(text: &str) -> Result<nonogram_author::generator::Level, String> {
    nonogram_author::generator::Level::from_name(text)
        .ok_or_else(|| format!("'{text}' is not a difficulty: easy, medium, hard or any"))
}

pub(crate) fn fail(message: &str) -> ! {
    eprintln!("nonogram-bench: {message}");
    std::process::exit(2)
}

/// A number within `range`, for the option parsers below.
pub(crate) fn number_in<T>(
    text: &str,
    range: std::ops::RangeInclusive<T>,
    what: &str,
) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    match text.trim().parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not {what} from {} to {}",
            range.start(),
            range.end()
        )),
    }
}

/// A number of threads: 0 (one per core) to 1024, as `nonogram batch --jobs` allows.
pub(crate) fn thread_count(text: &str) -> Result<usize, String> {
    number_in(text, 0..=1024, "a number of threads")
}

pub(crate) fn at_least_one(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{text}' is not a count of 1 or more")),
    }
}

pub(crate) fn solutions(text: &str) -> Result<usize, String> {
    number_in(text, 1..=10_000, "a number of solutions")
}

pub(crate) fn side(text: &str) -> Result<usize, String> {
    let limits = nonogram_core::model::Limits::DEFAULT;
    let most = (1..=limits.max_side)
        .take_while(|s| s * s <= limits.max_cells)
        .last()
        .unwrap_or(1);
    number_in(text, 1..=most, "a side in cells")
}

pub(crate) fn line_length(text: &str) -> Result<usize, String> {
    number_in(
        text,
        1..=nonogram_core::model::Limits::DEFAULT.max_side,
        "a line length in cells",
    )
}

pub(crate) fn colours(text: &str) -> Result<usize, String> {
    number_in(
        text,
        1..=nonogram_core::model::MAX_COLOURS,
        "a number of colours",
    )
}

pub(crate) fn fraction(text: &str) -> Result<f64, String> {
    number_in(text, 0.0..=1.0, "a fraction")
}

/// Seconds, non-negative and finite (a value beyond what a `Duration` holds is no limit).
pub(crate) fn seconds(text: &str) -> Result<f64, String> {
    number_in(text, 0.0..=f64::MAX, "a number of seconds")
}
