//! Every limit honoured on every path: time limits of any size, bounded memory, hostile sizes.
//! Each test pins a defect found by trying the toolkit as a hostile user would.

mod common;

use common::{run_at_root as run, run_in, scratch};

/// A time limit too far away to represent (about 9.3e18 s and beyond) is no limit: it used to
/// panic with "overflow when adding duration to instant".
#[test]
fn a_time_limit_beyond_any_clock_is_no_limit() {
    for limit in ["1e19", "1.8e19", "1e300"] {
        let solved = run(&["solve", "--timeout", limit, "testdata/seeds/duck.non"]);
        assert_eq!(solved.code, 0, "{limit}: {solved:?}");
        assert!(solved.stdout.ends_with("unique solution\n"), "{solved:?}");
        let drawn = run(&["render", "--timeout", limit, "testdata/seeds/duck.non"]);
        assert_eq!(drawn.code, 0, "{limit}: {drawn:?}");
        let dir = scratch("far-limit");
        std::fs::write(
            dir.join("smallex.txt"),
            "01110\n11010\n01110\n00110\n00111\n",
        )
        .unwrap();
        let made = run_in(&dir, &["make", "smallex.txt", "--timeout", limit], b"");
        assert_eq!(made.code, 0, "{limit}: {made:?}");
        std::fs::copy(
            common::repo_root().join("testdata/seeds/duck.non"),
            dir.join("duck.non"),
        )
        .unwrap();
        let batch = run_in(&dir, &["batch", "duck.non", "--timeout", limit], b"");
        assert_eq!(batch.code, 0, "{limit}: {batch:?}");
    }
}
