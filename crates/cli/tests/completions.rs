//! `nonogram completions SHELL` and `nonogram man [COMMAND]` (issue 29, item 10): generated from
//! the command's own definitions, so each must know every subcommand and option `--help` lists.
//! The bash script must also pass `bash -n`; the others are checked for their shell's markers.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use common::run_at_root as run;

/// The subcommands, at least ten of them, `completions` among them.
fn subcommands() -> Vec<String> {
    let names = common::subcommands();
    assert!(names.len() >= 10, "{names:?}");
    assert!(names.iter().any(|n| n == "completions"), "{names:?}");
    names
}

/// The long options `nonogram COMMAND --help` lists.
fn long_options(command: &str) -> Vec<String> {
    let help = run(&[command, "--help"]);
    assert_eq!(help.code, 0, "{help:?}");
    help.stdout
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .filter_map(|l| l.split_whitespace().find(|w| w.starts_with("--")))
        .map(|w| w.trim_end_matches(',').to_string())
        .filter(|w| w != "--help" && w != "--version")
        .collect()
}

#[test]
fn every_shell_gets_a_script_that_knows_every_subcommand() {
    // Each shell's marker, how it spells a long option, and whether its script completes the
    // values an option lists (PowerShell's and Elvish's scripts from clap_complete do not).
    let shells = [
        ("bash", "complete -F _nonogram", "--", true),
        ("zsh", "#compdef nonogram", "--", true),
        ("fish", "complete -c nonogram", "-l ", true),
        ("powershell", "Register-ArgumentCompleter", "--", false),
        (
            "elvish",
            "edit:completion:arg-completer[nonogram]",
            "--",
            false,
        ),
    ];
    let subcommands = subcommands();
    for (shell, marker, long, values) in shells {
        let script = run(&["completions", shell]);
        assert_eq!(script.code, 0, "{shell}: {script:?}");
        assert!(script.stderr.is_empty(), "{shell}: {}", script.stderr);
        assert!(script.stdout.contains(marker), "{shell}: no {marker}");
        for subcommand in &subcommands {
            assert!(
                script.stdout.contains(subcommand.as_str()),
                "{shell}: no {subcommand}"
            );
        }
        for option in ["timeout", "deduce-only", "resume"] {
            let spelt = format!("{long}{option}");
            assert!(script.stdout.contains(&spelt), "{shell}: no {spelt}");
        }
        // The values the options list: formats, engines.
        if values {
            for word in ["tournament", "learn"] {
                assert!(script.stdout.contains(word), "{shell}: no {word}");
            }
        }
    }
    let refused = run(&["completions", "tcsh"]);
    common::assert_one_line_error(&refused, 2, "an unknown shell");
}

#[test]
fn the_bash_script_is_valid_bash() {
    let script = run(&["completions", "bash"]).stdout;
    let mut bash = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    bash.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = bash.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// roff's spelling of a name: every `-` escaped.
fn roff(text: &str) -> String {
    text.replace('-', "\\-")
}

#[test]
fn the_man_page_lists_every_subcommand_and_each_has_its_page() {
    let page = run(&["man"]);
    assert_eq!(page.code, 0, "{page:?}");
    assert!(page.stdout.contains(".TH nonogram 1"), "{}", page.stdout);
    assert!(page.stdout.contains(".SH SUBCOMMANDS"), "{}", page.stdout);
    for subcommand in subcommands() {
        let listed = roff(&format!("nonogram-{subcommand}(1)"));
        assert!(page.stdout.contains(&listed), "the page lists no {listed}");

        let own = run(&["man", &subcommand]);
        assert_eq!(own.code, 0, "{subcommand}: {own:?}");
        assert!(
            own.stdout.contains(&format!(".TH nonogram-{subcommand} 1")),
            "{subcommand}: {}",
            own.stdout
        );
        assert!(
            own.stdout
                .contains(&format!("\\fBnonogram {subcommand}\\fR")),
            "{subcommand}: the synopsis"
        );
        for option in long_options(&subcommand) {
            assert!(
                own.stdout.contains(&roff(&option)),
                "{subcommand}: the page has no {option}"
            );
        }
    }
    let refused = run(&["man", "nope"]);
    common::assert_one_line_error(&refused, 2, "an unknown subcommand");
    assert!(refused.stderr.contains("solve"), "{}", refused.stderr);
}

/// Every page ends with EXAMPLES and EXIT STATUS, the lists that end `--help`; `man --list`
/// names exactly the subcommands, and the command reference's loop that installs every page
/// takes its list from it (a list written out by hand left `generate` out).
#[test]
fn the_pages_have_examples_and_exit_statuses_and_the_list_is_the_programs() {
    for subcommand in subcommands() {
        let page = run(&["man", &subcommand]).stdout;
        for section in [".SH EXAMPLES", ".SH \"EXIT STATUS\""] {
            assert!(page.contains(section), "{subcommand}: no {section}");
        }
        let help = run(&[&subcommand, "--help"]).stdout;
        let first = help
            .split_once("\nExamples:\n")
            .and_then(|(_, rest)| rest.lines().next())
            .and_then(|l| l.split_once("  # "))
            .map(|(c, _)| c.trim().to_string())
            .unwrap_or_else(|| panic!("{subcommand}: --help has no examples"));
        assert!(
            page.contains(&roff(&first)),
            "{subcommand}: the page lacks {first}"
        );
        assert!(help.contains("\nExit status:\n"), "{subcommand}");
    }
    let listed = run(&["man", "--list"]);
    assert_eq!(listed.code, 0);
    let listed: Vec<String> = listed.stdout.lines().map(str::to_string).collect();
    assert_eq!(listed, subcommands());
    let reference = std::fs::read_to_string(common::repo_root().join("docs/cli.md")).unwrap();
    assert!(
        reference.contains("for c in $(nonogram man --list); do nonogram man $c >"),
        "docs/cli.md's loop does not take the list from the program"
    );
}
