//! `--resume FILE`: which puzzles an earlier run already wrote a result for.
//!
//! A result is keyed by `(source, index)`, the two fields every batch line starts with. A source
//! is matched by the file it names rather than by its spelling: `./a.txt`, `a.txt` and a link to
//! it are one file, so a restart that spells its PATHs another way (or runs from another
//! directory, with absolute paths) still skips what is done, and its new lines take the
//! spelling the file already uses. Only
//! complete lines count: a run killed in the middle of a write leaves a last line without its
//! newline, and that puzzle is done again. Lines that are not JSON objects with those two fields
//! are counted and ignored rather than fatal, so a results file edited by hand (say, with the
//! timeouts removed to retry them with a longer limit) still works.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::CliError;

/// The puzzles a results file holds.
#[derive(Debug, Default)]
pub struct Done {
    keys: HashSet<(String, usize)>,
    /// Each source of the file, by the file it names now (sources that name no file are left
    /// out): how a source spelled another way is recognised.
    by_file: HashMap<PathBuf, String>,
    /// How many results each source has.
    per_source: HashMap<String, usize>,
    /// Complete lines that are not results.
    pub unreadable_lines: usize,
    /// The length of the file up to and including its last newline: what an appending run keeps.
    pub complete_len: u64,
    /// The file's full length; more than `complete_len` when the last line was cut short.
    pub file_len: u64,
}

/// The part of a result line that identifies it; serde skips the other fields.
#[derive(Deserialize)]
struct Key {
    source: String,
    index: usize,
}

impl Done {
    /// Reads the results in `path`. A file that does not exist holds no results, so the same
    /// command line (`--resume out.jsonl -o out.jsonl`) serves for the first run and for restarts.
    pub fn read(path: &Path) -> Result<Done, CliError> {
        let bytes = match fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Done::default()),
            Err(source) => {
                return Err(CliError::Io {
                    action: "read it",
                    path: path.to_path_buf(),
                    source,
                })
            }
        };
        let mut done = Done::parse(&bytes);
        for source in done.per_source.keys() {
            if let Ok(file) = fs::canonicalize(source) {
                done.by_file.insert(file, source.clone());
            }
        }
        Ok(done)
    }

    fn parse(bytes: &[u8]) -> Done {
        let complete = match bytes.iter().rposition(|&b| b == b'\n') {
            Some(last) => &bytes[..=last],
            None => &[],
        };
        let mut done = Done {
            complete_len: complete.len() as u64,
            file_len: bytes.len() as u64,
            ..Done::default()
        };
        for line in complete.split(|&b| b == b'\n') {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            match serde_json::from_slice::<Key>(line) {
                Ok(key) => {
                    *done.per_source.entry(key.source.clone()).or_default() += 1;
                    done.keys.insert((key.source, key.index));
                }
                Err(_) => done.unreadable_lines += 1,
            }
        }
        done
    }

    /// How the file spells `source`, if it has results for the file `source` names: `source`
    /// itself, or another name of the same file (after following links).
    pub fn spelling(&self, source: &str) -> Option<&str> {
        if let Some((spelt, _)) = self.per_source.get_key_value(source) {
            return Some(spelt);
        }
        let file = fs::canonicalize(source).ok()?;
        self.by_file.get(&file).map(String::as_str)
    }

    /// The sources of the file (spelt as there), with how many results each has, that are not
    /// among `matched`: results that skip nothing in this batch.
    pub fn unmatched<'a>(&'a self, matched: &HashSet<&str>) -> Vec<(&'a str, usize)> {
        let mut left: Vec<(&str, usize)> = self
            .per_source
            .iter()
            .filter(|(source, _)| !matched.contains(source.as_str()))
            .map(|(source, &n)| (source.as_str(), n))
            .collect();
        left.sort_unstable();
        left
    }

    /// Whether a result for puzzle `index` of `source` (spelt as in the file) is in the file.
    pub fn contains(&self, source: &str, index: usize) -> bool {
        // A borrowed lookup would need a custom key type; one allocation per unit is nothing
        // next to solving it.
        self.keys.contains(&(source.to_owned(), index))
    }

    /// How many distinct results the file holds.
    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.keys.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_lines_are_keys_and_a_cut_line_is_not() {
        let text = concat!(
            r#"{"source":"a.non","index":0,"status":"unique"}"#,
            "\n\n",
            r#"{"source":"t.txt","index":7,"status":"timeout"}"#,
            "\nnot json\n",
            r#"{"source":"t.txt","index":8,"sta"#,
        );
        let done = Done::parse(text.as_bytes());
        assert!(done.contains("a.non", 0));
        assert!(done.contains("t.txt", 7));
        assert!(!done.contains("t.txt", 8));
        assert!(!done.contains("a.non", 1));
        assert_eq!(done.count(), 2);
        assert_eq!(done.unreadable_lines, 1);
        assert_eq!(done.complete_len as usize, text.rfind('\n').unwrap() + 1);
        assert_eq!(done.file_len as usize, text.len());
    }

    #[test]
    fn sources_are_matched_by_the_file_they_name() {
        let dir = std::env::temp_dir().join(format!("nonogram-resume-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let puzzle = dir.join("a.txt");
        fs::write(&puzzle, "").unwrap();
        let results = dir.join("results.jsonl");
        let line = serde_json::json!({"source": puzzle.display().to_string(), "index": 3});
        let other = serde_json::json!({"source": "no/such/file.txt", "index": 0});
        fs::write(&results, format!("{line}\n{other}\n")).unwrap();
        let done = Done::read(&results).unwrap();
        let spelt = puzzle.display().to_string();
        let another = dir.join(".").join("a.txt").display().to_string();
        assert_eq!(done.spelling(&spelt), Some(spelt.as_str()));
        assert_eq!(done.spelling(&another), Some(spelt.as_str()));
        assert!(done.contains(&spelt, 3));
        assert_eq!(
            done.spelling(&dir.join("b.txt").display().to_string()),
            None
        );
        let matched = HashSet::from([spelt.as_str()]);
        assert_eq!(done.unmatched(&matched), vec![("no/such/file.txt", 1)]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_file_holds_nothing() {
        let done = Done::read(Path::new("/nonexistent/dir/results.jsonl")).unwrap();
        assert_eq!(done.count(), 0);
    }
}
