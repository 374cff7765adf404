//! Writing a file whole or not at all, and never over an existing one unless asked: how every
//! front end (the `nonogram` command's `-o FILE`, the Python package's `write`) saves what it
//! made, so that nothing the user had is lost to a crash, a full disk or a typo.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why [`write_whole`] wrote nothing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WholeError {
    /// The file exists, and replacing it was not asked for.
    #[error("already exists")]
    Exists,
    /// A file-system operation failed.
    #[error("cannot {action}: {source}")]
    Io {
        /// What was being done, as a phrase (`write it`, `replace it`, ...).
        action: &'static str,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },
}

/// Writes `contents` to `path` so that `path` ends up holding either all of it or what it held
/// before: the bytes go to a temporary file in the same directory (so the final rename stays on
/// one file system), which then takes `path`'s name. Without `force` an existing `path` is never
/// replaced, and the check is atomic: the temporary file is hard-linked to `path`, which fails if
/// `path` exists, where a check followed by a rename could race with another writer.
pub fn write_whole(path: &Path, contents: &[u8], force: bool) -> Result<(), WholeError> {
    let io_err = |action, source| WholeError::Io { action, source };
    if !force && path.symlink_metadata().is_ok() {
        return Err(WholeError::Exists);
    }
    let name = path.file_name().ok_or_else(|| {
        io_err(
            "write it",
            io::Error::new(io::ErrorKind::InvalidInput, "not a file name"),
        )
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = dir.join(temp_name);

    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| io_err("create a temporary file beside it", e))?;
        file.write_all(contents)
            .map_err(|e| io_err("write it", e))?;
        file.sync_all().map_err(|e| io_err("write it", e))?;
        drop(file);
        if force {
            return fs::rename(&temp, path).map_err(|e| io_err("replace it", e));
        }
        match fs::hard_link(&temp, path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(WholeError::Exists),
            // A file system without hard links: fall back to check-then-rename.
            Err(_) if path.symlink_metadata().is_err() => {
                fs::rename(&temp, path).map_err(|e| io_err("create it", e))
            }
            Err(e) => Err(io_err("create it", e)),
        }
    })();
    // After a rename the temporary file is gone; after a link or a failure it must go.
    let _ = fs::remove_file(&temp);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nonogram-formats-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn never_replaces_without_force_and_leaves_no_temporary_file() {
        let dir = scratch("clobber");
        let out = dir.join("out.non");
        write_whole(&out, b"first", false).unwrap();
        assert!(matches!(
            write_whole(&out, b"second", false),
            Err(WholeError::Exists)
        ));
        assert_eq!(fs::read(&out).unwrap(), b"first");
        write_whole(&out, b"third", true).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"third");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_an_error_that_says_what_failed() {
        let dir = scratch("missing");
        let err = write_whole(&dir.join("no/such/dir/out.non"), b"x", false).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot create a temporary file"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
