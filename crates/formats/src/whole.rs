//! Writing a file whole or not at all, the way an editor saves: every file a front end writes
//! (the `nonogram` command's `-o FILE` of every subcommand, `--summary`, `--plot`, `batch -o`;
//! the Python package's `Puzzle.write`) goes through here, so that nothing the user had is lost
//! to a crash, a full disk, a typo, or a name that is not what it seems.
//!
//! The rules, and why:
//!
//! - **Whole or not at all.** The bytes go to a temporary file beside the file they replace (so
//!   that the final rename stays on one file system), which then takes its name: a reader sees
//!   the old file or the new one, never half of either.
//! - **Never replaced without `--force`**, and the check is atomic: the temporary file is
//!   hard-linked to the new name, which fails if the name exists, where a check followed by a
//!   rename could race with another writer.
//! - **A symbolic link is written through**: the file it leads to gets the new content and the
//!   link stays a link, as `cp` and editors do; replacing the link with a plain file would leave
//!   the file the user meant untouched. A link that leads nowhere is refused, as GNU `cp`
//!   refuses it: creating a file wherever a dangling link points is how a link planted in a
//!   shared directory turns a write into an attack.
//! - **The replaced file's permissions are kept** (on Unix, its mode bits; also its owner and
//!   group when the process may set them, as when root replaces another user's file), so that
//!   a private file does not come back readable by everyone.
//! - **Only regular files are replaced.** A directory, a named pipe, a device (`/dev/null`,
//!   `/dev/full`) or a socket is refused before anything is written, rather than replaced by a
//!   plain file (which, as root, is what a rename onto `/dev/full` does).
//!
//! One known difference from writing in place: a file with several hard links is replaced under
//! the name given, and its other names keep the old content.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why a write was refused or failed; nothing was written.
#[derive(Debug)]
pub enum WholeError {
    /// The file exists, and replacing it was not asked for.
    Exists,
    /// The name is taken by something that is not a regular file (after following links).
    NotAFile {
        /// What it is, as a phrase: `a directory`, `a named pipe`, ...
        kind: &'static str,
        /// Where a symbolic link led, when the name was one.
        target: Option<PathBuf>,
    },
    /// The name is a symbolic link to nothing.
    DanglingLink {
        /// What the link says.
        target: PathBuf,
    },
    /// A file-system operation failed.
    Io {
        /// What was being done, as a phrase (`write it`, `replace it`, ...).
        action: &'static str,
        /// The operating system's error.
        source: io::Error,
    },
}

impl std::fmt::Display for WholeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WholeError::Exists => f.write_str("already exists; not overwriting it without --force"),
            WholeError::NotAFile { kind, target: None } => {
                write!(f, "is {kind}, not a regular file; nothing was written")
            }
            WholeError::NotAFile {
                kind,
                target: Some(target),
            } => write!(
                f,
                "leads to {}, which is {kind}, not a regular file; nothing was written",
                target.display()
            ),
            WholeError::DanglingLink { target } => write!(
                f,
                "is a symbolic link to {}, which does not exist; not writing through it (create \
                 the file first, or remove the link)",
                target.display()
            ),
            WholeError::Io { action, source } => write!(f, "cannot {action}: {source}"),
        }
    }
}

impl std::error::Error for WholeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WholeError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Where a write to a name lands, once links are followed.
#[derive(Debug)]
pub struct Target {
    /// The file to write: the name itself, or the file its symbolic link leads to.
    pub path: PathBuf,
    /// The regular file there now, if any.
    pub existing: Option<Metadata>,
}

/// Finds where a write to `path` lands and checks that it may go there: a new name, or (with
/// `force`) a regular file, directly or through symbolic links. Nothing is touched; call it
/// before long work, so that the work is not wasted on an output that cannot be written.
pub fn target(path: &Path, force: bool) -> Result<Target, WholeError> {
    let io_err = |action, source| WholeError::Io { action, source };
    let own = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Target {
                path: path.to_path_buf(),
                existing: None,
            })
        }
        Err(e) => return Err(io_err("look at it", e)),
    };
    let (resolved, meta, through_link) = if own.file_type().is_symlink() {
        match fs::canonicalize(path) {
            Ok(resolved) => {
                let meta = fs::metadata(&resolved).map_err(|e| io_err("look at it", e))?;
                (resolved, meta, true)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let target = fs::read_link(path).map_err(|e| io_err("read the link", e))?;
                return Err(WholeError::DanglingLink { target });
            }
            Err(e) => return Err(io_err("follow the link", e)),
        }
    } else {
        (path.to_path_buf(), own, false)
    };
    if !meta.file_type().is_file() {
        return Err(WholeError::NotAFile {
            kind: kind(&meta),
            target: through_link.then_some(resolved),
        });
    }
    if !force {
        return Err(WholeError::Exists);
    }
    Ok(Target {
        path: resolved,
        existing: Some(meta),
    })
}

/// What a file that is not a regular one is, for the message.
fn kind(meta: &Metadata) -> &'static str {
    let file_type = meta.file_type();
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "something other than a file"
}

/// Writes `contents` to `path` whole or not at all (see the module's rules): `path` ends up
/// holding either all of it or what it held before.
pub fn write_whole(path: &Path, contents: &[u8], force: bool) -> Result<(), WholeError> {
    let io_err = |action, source| WholeError::Io { action, source };
    let target = target(path, force)?;
    let name = target.path.file_name().ok_or_else(|| {
        io_err(
            "write it",
            io::Error::new(io::ErrorKind::InvalidInput, "not a file name"),
        )
    })?;
    let dir = match target.path.parent() {
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
        if let Some(existing) = &target.existing {
            keep_permissions(&file, existing).map_err(|e| io_err("keep its permissions", e))?;
        }
        file.sync_all().map_err(|e| io_err("write it", e))?;
        drop(file);
        if force {
            return fs::rename(&temp, &target.path).map_err(|e| io_err("replace it", e));
        }
        match fs::hard_link(&temp, &target.path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(WholeError::Exists),
            // A file system without hard links: fall back to check-then-rename.
            Err(_) if fs::symlink_metadata(&target.path).is_err() => {
                fs::rename(&temp, &target.path).map_err(|e| io_err("create it", e))
            }
            Err(e) => Err(io_err("create it", e)),
        }
    })();
    // After a rename the temporary file is gone; after a link or a failure it must go.
    let _ = fs::remove_file(&temp);
    result
}

/// Gives the new file the replaced one's permission bits, and its owner and group where the
/// process may (root may; another user may only keep its own, which it has already).
#[cfg(unix)]
fn keep_permissions(file: &File, existing: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let new = file.metadata()?;
    if (new.uid(), new.gid()) != (existing.uid(), existing.gid()) {
        // Best effort: without the right to, the file stays the writer's, as with any new file.
        let _ = std::os::unix::fs::fchown(file, Some(existing.uid()), Some(existing.gid()));
    }
    // After the change of owner, which clears the set-id bits; those are not kept (a program
    // written by a puzzle tool is not one to run with its owner's rights).
    file.set_permissions(fs::Permissions::from_mode(existing.mode() & 0o777))
}

#[cfg(not(unix))]
fn keep_permissions(file: &File, existing: &Metadata) -> io::Result<()> {
    file.set_permissions(existing.permissions())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nonogram-whole-{}-{name}", std::process::id()));
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
    fn a_missing_directory_says_what_failed() {
        let dir = scratch("missing");
        let err = write_whole(&dir.join("no/such/dir/out.non"), b"x", false).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot create a temporary file"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_is_refused_with_or_without_force() {
        let dir = scratch("directory");
        for force in [false, true] {
            let err = write_whole(&dir, b"x", force).unwrap_err();
            assert!(
                matches!(
                    err,
                    WholeError::NotAFile {
                        kind: "a directory",
                        target: None
                    }
                ),
                "{err}"
            );
        }
        assert!(dir.is_dir());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn links_are_written_through_and_modes_kept() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let dir = scratch("links");
        let real = dir.join("real.txt");
        fs::write(&real, b"old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.join("link.txt");
        symlink("real.txt", &link).unwrap();

        assert!(matches!(
            write_whole(&link, b"x", false),
            Err(WholeError::Exists)
        ));
        write_whole(&link, b"new", true).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
        assert_eq!(
            fs::metadata(&real).unwrap().permissions().mode() & 0o777,
            0o600
        );
        // No temporary file left: the link and its file.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);

        let dangling = dir.join("dangling.txt");
        symlink("nowhere.txt", &dangling).unwrap();
        for force in [false, true] {
            assert!(matches!(
                write_whole(&dangling, b"x", force),
                Err(WholeError::DanglingLink { .. })
            ));
        }
        assert!(!dir.join("nowhere.txt").exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
