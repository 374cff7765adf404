//! `--resume FILE`: which puzzles an earlier run already wrote a result for.
//!
//! A result is keyed by `(source, index)`, the two fields every batch line starts with. Only
//! complete lines count: a run killed in the middle of a write leaves a last line without its
//! newline, and that puzzle is done again. Lines that are not JSON objects with those two fields
//! are counted and ignored rather than fatal, so a results file edited by hand (say, with the
//! timeouts removed to retry them with a longer limit) still works.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::Path;

use serde::Deserialize;

use crate::error::CliError;

/// The puzzles a results file holds.
#[derive(Debug, Default)]
pub struct Done {
    keys: HashSet<(String, usize)>,
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
        Ok(Done::parse(&bytes))
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
                    done.keys.insert((key.source, key.index));
                }
                Err(_) => done.unreadable_lines += 1,
            }
        }
        done
    }

    /// Whether a result for puzzle `index` of `source` is in the file.
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
    fn a_missing_file_holds_nothing() {
        let done = Done::read(Path::new("/nonexistent/dir/results.jsonl")).unwrap();
        assert_eq!(done.count(), 0);
    }
}
