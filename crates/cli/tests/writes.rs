//! Every file the command writes, written as an editor saves it: through a symbolic link to the
//! file it leads to (the link stays), keeping the replaced file's permissions, and never over
//! anything but a regular file (a named pipe, a device, a directory) nor through a link that
//! leads nowhere. Each writer of every subcommand is held to each rule, because each once
//! replaced the link, the pipe or the device with a plain file of mode 644 (issue 29, item 1).
//!
//! Unix only: links, modes and named pipes are what is tested.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{symlink, FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{assert_one_line_error, repo_root, run_in, scratch};

/// One writer: a command line with `OUT` where the written file's name goes, and `--force`.
struct Writer {
    name: &'static str,
    /// The extension the output needs (the commands pick what to write from it).
    ext: &'static str,
    args: &'static [&'static str],
}

const WRITERS: &[Writer] = &[
    Writer {
        name: "solve",
        ext: "txt",
        args: &["solve", "DUCK", "-o", "OUT", "--force"],
    },
    Writer {
        name: "solve-svg",
        ext: "svg",
        args: &["solve", "DUCK", "-o", "OUT", "--force"],
    },
    Writer {
        name: "explain",
        ext: "txt",
        args: &["explain", "DUCK", "-o", "OUT", "--force"],
    },
    Writer {
        name: "convert",
        ext: "nin",
        args: &["convert", "DUCK", "-o", "OUT", "--force"],
    },
    Writer {
        name: "make",
        ext: "non",
        args: &["make", "SMILE", "-o", "OUT", "--force"],
    },
    Writer {
        name: "render",
        ext: "png",
        args: &["render", "DUCK", "-o", "OUT", "--force"],
    },
    Writer {
        name: "patterns-plot",
        ext: "svg",
        args: &[
            "patterns", "1,2", "--width", "6", "--plot", "OUT", "--force",
        ],
    },
    Writer {
        name: "batch-out",
        ext: "jsonl",
        args: &["batch", "DUCK", "-o", "OUT", "--force", "--no-progress"],
    },
    Writer {
        name: "batch-summary",
        ext: "json",
        args: &[
            "batch",
            "DUCK",
            "--summary",
            "OUT",
            "--force",
            "--no-progress",
        ],
    },
];

impl Writer {
    /// The command line with `out` in place of `OUT`, without `--force` unless `force`.
    fn args(&self, out: &Path, force: bool) -> Vec<String> {
        let root = repo_root();
        self.args
            .iter()
            .filter(|a| force || **a != "--force")
            .map(|a| match *a {
                "OUT" => out.display().to_string(),
                "DUCK" => root.join("testdata/seeds/duck.non").display().to_string(),
                "SMILE" => root
                    .join("testdata/formats/smile.picture.txt")
                    .display()
                    .to_string(),
                other => other.to_string(),
            })
            .collect()
    }

    fn run(&self, dir: &Path, out: &Path, force: bool) -> common::Run {
        let args = self.args(out, force);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_in(dir, &args, b"")
    }

    /// A fresh directory for one case of this writer.
    fn dir(&self, case: &str) -> PathBuf {
        scratch(&format!("{}-{case}", self.name))
    }

    fn file(&self, dir: &Path, stem: &str) -> PathBuf {
        dir.join(format!("{stem}.{}", self.ext))
    }
}

/// A named pipe at `path`, made by `mkfifo` (the tests use no libc).
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path)
        .map(|m| m.file_type().is_symlink())
        .unwrap_or(false)
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// `--force` through a link replaces the file it leads to, not the link, and the file keeps its
/// mode 600.
#[test]
fn a_link_is_written_through_and_the_mode_is_kept() {
    for writer in WRITERS {
        let dir = writer.dir("link");
        let real = writer.file(&dir, "real");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
        let link = writer.file(&dir, "link");
        symlink(real.file_name().unwrap(), &link).unwrap();

        let ran = writer.run(&dir, &link, true);
        assert_eq!(ran.code, 0, "{}: {ran:?}", writer.name);
        assert!(is_link(&link), "{}: the link was replaced", writer.name);
        let written = fs::read(&real).unwrap();
        assert!(
            written != b"old" && !written.is_empty(),
            "{}: the file the link leads to was not written",
            writer.name
        );
        assert_eq!(mode(&real), 0o600, "{}: the mode was not kept", writer.name);
        // Nothing else is left in the directory: no temporary file, no second copy.
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "{}: {names:?}", writer.name);
    }
}

/// A plain file replaced with `--force` keeps its mode too.
#[test]
fn a_replaced_file_keeps_its_mode() {
    for writer in WRITERS {
        let dir = writer.dir("mode");
        let out = writer.file(&dir, "out");
        fs::write(&out, "old").unwrap();
        fs::set_permissions(&out, fs::Permissions::from_mode(0o600)).unwrap();
        let ran = writer.run(&dir, &out, true);
        assert_eq!(ran.code, 0, "{}: {ran:?}", writer.name);
        assert_ne!(fs::read(&out).unwrap(), b"old", "{}", writer.name);
        assert_eq!(mode(&out), 0o600, "{}: the mode was not kept", writer.name);
    }
}

/// A named pipe is refused, with `--force` or without (the message says what it is, rather
/// than asking for a `--force` that would not help), and stays a pipe.
#[test]
fn a_named_pipe_is_refused() {
    for writer in WRITERS {
        let dir = writer.dir("fifo");
        let fifo = writer.file(&dir, "pipe");
        mkfifo(&fifo);
        for force in [true, false] {
            let ran = writer.run(&dir, &fifo, force);
            assert_one_line_error(&ran, 2, writer.name);
            assert!(
                ran.stderr.contains("is a named pipe, not a regular file"),
                "{}: {}",
                writer.name,
                ran.stderr
            );
            let kind = fs::symlink_metadata(&fifo).unwrap().file_type();
            assert!(kind.is_fifo(), "{}: the pipe was replaced", writer.name);
        }
    }
}

/// A link to a device (`/dev/null`; as root, a rename onto `/dev/full` once replaced the device
/// node itself) is refused, and the link stays.
#[test]
fn a_device_is_refused() {
    for writer in WRITERS {
        let dir = writer.dir("device");
        let link = writer.file(&dir, "null");
        symlink("/dev/null", &link).unwrap();
        let ran = writer.run(&dir, &link, true);
        assert_one_line_error(&ran, 2, writer.name);
        assert!(
            ran.stderr
                .contains("leads to /dev/null, which is a character device, not a regular file"),
            "{}: {}",
            writer.name,
            ran.stderr
        );
        assert!(is_link(&link), "{}: the link was replaced", writer.name);
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device(),
            "{}",
            writer.name
        );
    }
}

/// A directory is refused rather than failing on the rename with the system's words.
#[test]
fn a_directory_is_refused() {
    for writer in WRITERS {
        let dir = writer.dir("directory");
        let sub = writer.file(&dir, "sub");
        fs::create_dir(&sub).unwrap();
        let ran = writer.run(&dir, &sub, true);
        assert_one_line_error(&ran, 2, writer.name);
        assert!(
            ran.stderr.contains("is a directory, not a regular file"),
            "{}: {}",
            writer.name,
            ran.stderr
        );
        assert!(sub.is_dir(), "{}", writer.name);
    }
}

/// A link that leads nowhere is not written through (as GNU `cp` refuses it: a link planted in a
/// shared directory would choose where the file goes), nor replaced.
#[test]
fn a_dangling_link_is_refused() {
    for writer in WRITERS {
        let dir = writer.dir("dangling");
        let link = writer.file(&dir, "dangling");
        symlink("nowhere.txt", &link).unwrap();
        for force in [true, false] {
            let ran = writer.run(&dir, &link, force);
            assert_one_line_error(&ran, 2, writer.name);
            assert!(
                ran.stderr
                    .contains("is a symbolic link to nowhere.txt, which does not exist"),
                "{}: {}",
                writer.name,
                ran.stderr
            );
            assert!(is_link(&link), "{}: the link was replaced", writer.name);
            assert!(!dir.join("nowhere.txt").exists(), "{}", writer.name);
        }
    }
}

/// Without `--force`, a link to an existing file is an existing file: refused, untouched.
#[test]
fn a_link_is_not_written_through_without_force() {
    for writer in WRITERS {
        let dir = writer.dir("link-no-force");
        let real = writer.file(&dir, "real");
        fs::write(&real, "old").unwrap();
        let link = writer.file(&dir, "link");
        symlink(real.file_name().unwrap(), &link).unwrap();
        let ran = writer.run(&dir, &link, false);
        assert_one_line_error(&ran, 2, writer.name);
        assert!(ran.stderr.contains("already exists"), "{}", ran.stderr);
        assert_eq!(fs::read(&real).unwrap(), b"old", "{}", writer.name);
        assert!(is_link(&link), "{}", writer.name);
    }
}
