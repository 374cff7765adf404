//! Guessing a file's format: from its content first, then from its name.
//!
//! Most formats have a telling feature: XML and JSON open with `<` and `{` (or `[` and a JSON
//! value), gnonograms' `.gno` has a `[Dimensions]` section, nonogrid's TOML and pynogram's INI a
//! `[clues]` section (quoted values tell TOML), Tatham's ids open with `WxH:`, tournament files
//! with a `$N` line, `.non` files have `width`/`rows` keys, Olšák's `.g` files have lines opening
//! with `:`, Gecode specs open with a brace or have a line opening with `const int`, and the
//! number-only formats are told apart by their layout (`W H` then exactly `W + H` lines is
//! `.nin`; the same with a `#` line is `.mk`; two lines of one number is `.cwd`). Those are
//! *strong* signs and win over the file name. A picture (only `#`/`.`-like cells) and an R puzzle string are *weak*: a file name that
//! says otherwise wins over them. The extensions are those of [`crate::TABLE`]; an extension
//! that several formats share (`.txt`) says nothing. The `--format` option of the tools
//! overrides all of this.

use std::path::Path;

use crate::picture;
use crate::Format;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strength {
    Strong,
    Weak,
}

/// The format of `content`, read from the content first and then from `path`'s extension.
pub fn detect(path: Option<&Path>, content: &str) -> Option<Format> {
    let content = crate::scan::line_ends(content);
    let from_content = from_content(&content);
    if let Some((format, Strength::Strong)) = from_content {
        return Some(format);
    }
    path.and_then(from_extension)
        .or(from_content.map(|(f, _)| f))
}

/// The format a file name's extension suggests.
fn from_extension(path: &Path) -> Option<Format> {
    Format::from_extension(path.extension()?.to_str()?)
}

fn from_content(content: &str) -> Option<(Format, Strength)> {
    use Strength::{Strong, Weak};
    let content = content.strip_prefix('\u{feff}').unwrap_or(content);
    let trimmed = content.trim_start();
    if trimmed.starts_with('<') {
        return Some((Format::Xml, Strong));
    }
    if trimmed.starts_with('[') && looks_like_json_array(trimmed)
        || trimmed.starts_with('{') && looks_like_json_object(trimmed)
    {
        return Some((Format::Json, Strong));
    }
    let lines: Vec<&str> = content.lines().take(100_000).collect();
    if let Some(format) = sections(&lines) {
        return Some((format, Strong));
    }
    let non_blank: Vec<&str> = lines
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .take(10_000)
        .collect();
    let first = *non_blank.first()?;
    if first.starts_with('$') {
        return Some((Format::Tournament, Strong));
    }
    if is_tatham_id(first) {
        return Some((Format::Tatham, Strong));
    }
    if trimmed.starts_with('{') || non_blank.iter().any(|l| is_gecode_declaration(l)) {
        return Some((Format::Gecode, Strong));
    }
    if non_blank.iter().any(|l| is_non_key(l)) {
        return Some((Format::Non, Strong));
    }
    if lines.iter().any(|l| l.starts_with(':'))
        || lines.iter().any(|l| {
            let l = l.to_ascii_lowercase();
            l.starts_with("#d") || l.starts_with("#t")
        })
    {
        return Some((Format::G, Strong));
    }
    if let Some(format) = numeric_layout(&lines) {
        return Some((format, Strong));
    }
    if non_blank.iter().all(|l| is_string_puzzle(l)) {
        return Some((Format::String, Weak));
    }
    if non_blank.iter().all(|l| {
        l.chars()
            .all(|c| c.is_whitespace() || picture::cell(c).is_some() || picture::is_half(c))
    }) {
        return Some((Format::Picture, Weak));
    }
    if non_blank.iter().all(|l| {
        l.chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c.is_whitespace())
    }) {
        return Some((Format::Gecode, Weak));
    }
    None
}

fn looks_like_json_object(text: &str) -> bool {
    text[1..].trim_start().starts_with(['"', '}'])
}

/// `[` followed by what may start a JSON value: not `[Dimensions]` or `[clues]`.
fn looks_like_json_array(text: &str) -> bool {
    let rest = text[1..].trim_start();
    rest.is_empty()
        || rest.starts_with(['{', '[', ']', '"', '-', '/'])
        || rest.starts_with(|c: char| c.is_ascii_digit())
}

/// The formats made of `[section]`s: gnonograms (`[Dimensions]` and its other headings),
/// nonogrid's TOML and pynogram's INI (`[clues]`, told apart by how `rows` and `columns` are
/// written: quoted in TOML).
fn sections(lines: &[&str]) -> Option<Format> {
    let heading = |l: &str| {
        let t = l.trim();
        t.strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .map(|h| h.trim().to_ascii_lowercase())
    };
    let mut clues = false;
    for line in lines {
        let Some(h) = heading(line) else {
            if clues {
                let t = line.trim();
                let key = t
                    .split(['=', ':'])
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase();
                if (key == "rows" || key == "columns") && t.contains(['=', ':']) {
                    let value = t[t.find(['=', ':']).unwrap_or(0) + 1..].trim_start();
                    let toml = t.contains('=') && value.starts_with(['"', '\'']);
                    return Some(if toml { Format::Toml } else { Format::Ini });
                }
            }
            continue;
        };
        if matches!(
            h.as_str(),
            "dimensions" | "row clues" | "column clues" | "solution grid" | "working grid"
        ) {
            return Some(Format::Gno);
        }
        clues = h == "clues";
    }
    None
}

/// `WxH:` and clues: a game id of Tatham's Pattern.
fn is_tatham_id(line: &str) -> bool {
    let Some((params, desc)) = line.split_once(':') else {
        return false;
    };
    let Some((w, h)) = params.split_once('x') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(w)
        && digits(h)
        && desc
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "./,".contains(c))
}

/// A `.non` key line: `width 5`, `height 10`, `rows`, `columns`, `goal …`, `title "…"`.
fn is_non_key(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let key = words.next().unwrap_or("").to_ascii_lowercase();
    let value = words.next();
    match key.as_str() {
        "width" | "height" => {
            value.is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit())) && words.next().is_none()
        }
        "rows" | "columns" => value.is_none(),
        "goal" => {
            value.is_none_or(|v| v.starts_with('"') || v.bytes().all(|b| b == b'0' || b == b'1'))
        }
        "title" | "by" | "catalogue" => value.is_none_or(|v| v.starts_with('"')),
        _ => false,
    }
}

/// The C++ declaration of a Gecode spec array: a line opening with `const int` (the rest of the
/// line names the array). Only at the start of a line: a `.non` title may say `const int` too.
fn is_gecode_declaration(line: &str) -> bool {
    line.strip_prefix("static ")
        .unwrap_or(line)
        .trim_start()
        .starts_with("const int")
}

/// A line that can only be an R puzzle string: digits, `,`, `:` and one `-`.
fn is_string_puzzle(line: &str) -> bool {
    let line = line.trim_matches(['"', '\'']);
    line.matches('-').count() == 1
        && line
            .chars()
            .all(|c| c.is_ascii_digit() || ",:- ".contains(c))
        && line.contains(|c: char| c.is_ascii_digit())
}

/// The numbers of a line, if it holds nothing else (saturated: this is only a guess).
fn numbers(line: &str) -> Option<Vec<u64>> {
    line.split_whitespace()
        .map(|t| {
            t.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| t.parse().unwrap_or(u64::MAX))
        })
        .collect()
}

/// `.nin`, `.mk` or `.cwd`, told apart by the header and the count of lines that follow.
fn numeric_layout(lines: &[&str]) -> Option<Format> {
    let start = lines.iter().position(|l| !l.trim().is_empty())?;
    let header = numbers(lines[start])?;
    let end = lines.iter().rposition(|l| !l.trim().is_empty())? + 1;
    let numeric = |l: &&str| l.trim().is_empty() || numbers(l).is_some();
    // The lines after the header, without and with the blank lines at the end (which may be
    // empty clues): the declared count must fall between the two.
    let fits = |from: usize, count: u64| {
        let body = &lines[from..end];
        let (trimmed, full) = (body.len() as u64, (lines.len() - from) as u64);
        trimmed <= count && count <= full && body.iter().all(numeric)
    };
    match header[..] {
        [a, b] if a > 0 && b > 0 => {
            let body = &lines[start + 1..end];
            if body.iter().any(|l| l.trim() == "#") {
                let ok = body.iter().filter(|l| l.trim() != "#").all(numeric);
                return ok.then_some(Format::Mk);
            }
            // Wilk's solver ignores what follows the clues, so more lines are fine.
            let sides = a.saturating_add(b);
            let body_ok = body.iter().all(numeric);
            (body_ok && (lines.len() - start - 1) as u64 >= sides).then_some(Format::Nin)
        }
        [h] if h > 0 => {
            let second = numbers(lines.get(start + 1)?)?;
            let [w] = second[..] else { return None };
            // The blank separator line is optional.
            let sides = h.saturating_add(w);
            (fits(start + 2, sides) || fits(start + 2, sides.saturating_add(1)))
                .then_some(Format::Cwd)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_cases() {
        let cases: &[(&str, Option<Format>)] = &[
            ("<?xml version=\"1.0\"?><puzzleset/>", Some(Format::Xml)),
            (
                "{\n \"rows\": [[1]], \"columns\": [[1]]}",
                Some(Format::Json),
            ),
            ("[{\"rows\": []}]", Some(Format::Json)),
            ("$1\n1\n1\n", Some(Format::Tournament)),
            (
                "const int heart[] = { 1, 1, 1, 1, 1, 1 };",
                Some(Format::Gecode),
            ),
            ("{ 1, 1, 1, 1, 1, 1 }", Some(Format::Gecode)),
            (
                "// the heart\nstatic const int heart[] =\n{ 1, 1, 1, 1, 1, 1 };",
                Some(Format::Gecode),
            ),
            // Found by fuzzing (`read_any`): `const int` anywhere made a file Gecode, so a
            // `.non` file whose title said it was not recognised as `.non`.
            (
                "title \"const int\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n",
                Some(Format::Non),
            ),
            ("1, 1,\n1, 1,\n1, 1\n", Some(Format::Gecode)),
            (
                "title \"x\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n",
                Some(Format::Non),
            ),
            ("comment\n: rows\n1\n: columns\n1\n", Some(Format::G)),
            ("1 1\n1\n#\n1\n", Some(Format::Mk)),
            ("2 1\n1\n1\n0\n", Some(Format::Nin)),
            (
                "6 3\n3 2\n1 2 1\n2 3\n3\n1 1\n2\n2\n1 1\n3\n",
                Some(Format::Nin),
            ),
            ("1\n1\n1\n\n1\n", Some(Format::Cwd)),
            ("3:2,1-1,2:3", Some(Format::String)),
            ("#.#\n.#.\n", Some(Format::Picture)),
            ("1 0 1\n0 1 0\n", Some(Format::Picture)),
            ("1 1\n1 1\n", Some(Format::Picture)),
            ("1 0\n0 1\n", Some(Format::Picture)),
            ("2 2\n1\n1\n1\n\n\n", Some(Format::Nin)),
            ("[Description]\nx\n[Dimensions]\n1\n1\n", Some(Format::Gno)),
            ("[clues]\nrows = \"1\"\ncolumns = '1'\n", Some(Format::Toml)),
            (
                "# c\n[colors]\ndefs = []\n[clues]\ncolumns = \"\"\"\n1\n\"\"\"\n",
                Some(Format::Toml),
            ),
            ("[clues]\nrows = 1\ncolumns:\n  1\n", Some(Format::Ini)),
            (
                "[colors]\nb = (blue) *\n[clues]\ncolumns =\n 1b\nrows = 1b\n",
                Some(Format::Ini),
            ),
            ("10x5:1.2/3//4,TNINzz\n", Some(Format::Tatham)),
            (
                "[\n  {\"rows\": [[1]], \"columns\": [[1]]}]",
                Some(Format::Json),
            ),
            ("[Whatever]\nx\n", None),
            ("hello world\n", None),
            ("", None),
        ];
        for (content, want) in cases {
            assert_eq!(detect(None, content), *want, "{content:?}");
        }
    }

    #[test]
    fn extension_breaks_weak_ties() {
        let p = Path::new("x.nin");
        assert_eq!(detect(Some(p), "#.#\n"), Some(Format::Nin));
        assert_eq!(detect(Some(p), "<puzzleset/>"), Some(Format::Xml));
        assert_eq!(
            detect(Some(Path::new("a.G")), "no sign at all"),
            Some(Format::G)
        );
        assert_eq!(detect(Some(Path::new("a.txt")), "no sign at all"), None);
        assert_eq!(
            detect(Some(Path::new("a.gno")), "no sign at all"),
            Some(Format::Gno)
        );
        // A lone `\r` ends lines here too.
        assert_eq!(
            detect(None, "width 1\rheight 1\rrows\r1\rcolumns\r1\r"),
            Some(Format::Non)
        );
    }
}
