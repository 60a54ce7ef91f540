//! `mapcheck run`'s exit code (SPEC §7) counts what `mapcheck check` counts: a data race or
//! barrier divergence is 1; a write-write race whose two threads stored the same value is a
//! race in a `.bcu` input (the paper's definition) unless `--benign`, and benign advice, 0, in
//! a `.cu` input (CUDA's convention) unless `--strict`. In text and in JSON alike.
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
fn equal_stores_race_in_bcu_unless_benign_and_not_in_cu_unless_strict() {
    // Four threads store the literal 1 into A[0]: they race, storing equal values.
    let benign = "examples/benign_same_literal.bcu";
    // Thread t stores t into A[0]: different values.
    let real = "examples/benign_thread_id.bcu";
    // The same literal store in CUDA.
    let cuda = "mapcheck/tests/data/same_literal.cu";
    for json in [&[][..], &["--json"][..]] {
        let with = |more: &[&'static str]| -> Vec<&'static str> {
            [json, &["--block-dim", "4"], more].concat()
        };
        assert_eq!(run(&with(&[]), benign), 1);
        assert_eq!(run(&with(&["--benign"]), benign), 0);
        assert_eq!(run(&with(&["--strict"]), benign), 1);
        assert_eq!(run(&with(&[]), real), 1);
        assert_eq!(run(&with(&["--benign"]), real), 1);
        assert_eq!(run(&with(&[]), cuda), 0);
        assert_eq!(run(&with(&["--strict"]), cuda), 1);
    }
}

/// `mapcheck` (check) says the same: the `.bcu` kernel is `racy (exact)` by default and not
/// `mechanised` under `--benign`, where it is `drf` only because its race is benign; the `.cu`
/// kernel is `drf` with benign advice.
#[test]
fn check_counts_equal_stores_as_run_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let check = |args: &[&str], file: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
            .args(args)
            .arg("--json")
            .arg(root.join(file))
            .output()
            .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        (output.status.code().unwrap(), doc["kernels"][0].clone())
    };
    let (code, k) = check(&[], "examples/benign_same_literal.bcu");
    assert_eq!(
        (code, k["verdict"].as_str(), k["class"].as_str()),
        (1, Some("racy"), Some("exact"))
    );
    assert_eq!(k["findings"][0]["kind"], "data-race");
    let (code, k) = check(&["--benign"], "examples/benign_same_literal.bcu");
    assert_eq!((code, k["verdict"].as_str()), (0, Some("drf")));
    assert_eq!(k["findings"][0]["kind"], "benign-race");
    assert!(
        k.get("mechanised").is_none(),
        "a benign-only drf is not mechanised: {k}"
    );
    assert!(
        k["not_mechanised"].as_str().unwrap().contains("benign"),
        "{k}"
    );
    let (code, k) = check(&["--block-dim", "4"], "mapcheck/tests/data/same_literal.cu");
    assert_eq!((code, k["verdict"].as_str()), (0, Some("drf")));
    assert_eq!(k["findings"][0]["kind"], "benign-race");
}
