//! `mapcheck run`'s exit code (SPEC §7) counts what `mapcheck check` counts: a data race or
//! barrier divergence is 1; a write-write race whose two threads stored the same value is
//! benign advice, 0, unless `--strict`. In text and in JSON alike.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

fn run(args: &[&str], file: &str) -> i32 {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .arg("run")
        .args(args)
        .arg(root.join(file))
        .output()
        .unwrap();
    output.status.code().unwrap()
}

#[test]
fn benign_races_fail_a_run_only_under_strict() {
    // Four threads store the literal 1 into A[0]: they race, storing equal values.
    let benign = "examples/benign_same_literal.bcu";
    // Thread t stores t into A[0]: different values.
    let real = "examples/benign_thread_id.bcu";
    for json in [&[][..], &["--json"][..]] {
        let with = |more: &[&'static str]| -> Vec<&'static str> {
            [json, &["--block-dim", "4"], more].concat()
        };
        assert_eq!(run(&with(&[]), benign), 0);
        assert_eq!(run(&with(&["--strict"]), benign), 1);
        assert_eq!(run(&with(&[]), real), 1);
        assert_eq!(run(&with(&["--strict"]), real), 1);
    }
}
