//! `mapcheck fix` as a user runs it: exit codes, the summary on stderr, and a stdout that
//! parses back and is proven race free and free of divergence.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::Command;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name)
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn fix(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .arg("fix")
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Run {
        code: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// The printed text parses, and every kernel in it is proven clean.
fn assert_proven_clean(text: &str) {
    let program = mapcheck_grammar::parse(text).unwrap();
    for kernel in &program.kernels {
        let d = mapcheck_smt::repair::verify(kernel, &mapcheck_smt::Options::default());
        assert!(mapcheck_smt::repair::clean(&d), "{text}");
    }
}

#[test]
fn racy_examples_are_repaired_and_proven() {
    for name in [
        "loop_barrier_straddle.bcu",
        "sesa_reduction_no_barrier.bcu",
        "simulee_barrier_in_branch.bcu",
    ] {
        let path = example(name);
        let run = fix(&[path.to_str().unwrap()]);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains("inserted sync at"),
            "{name}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("proven race free"),
            "{name}: {}",
            run.stderr
        );
        assert_proven_clean(&run.stdout);
    }
}

#[test]
fn a_clean_example_is_printed_unchanged() {
    let path = example("sesa_reduction.bcu");
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, std::fs::read_to_string(&path).unwrap());
    assert!(
        run.stderr
            .contains("is already race free and free of divergence"),
        "{}",
        run.stderr
    );
}

#[test]
fn races_no_barrier_can_fix_exit_1_with_the_reason() {
    let grid = example("grid_global_race.bcu");
    let run = fix(&[grid.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("different blocks"), "{}", run.stderr);

    let branches = example("aucs_device_global.bcu");
    let run = fix(&[branches.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("if-conversion"), "{}", run.stderr);
}

#[test]
fn input_errors_exit_2() {
    let run = fix(&["/nonexistent/k.bcu"]);
    assert_eq!(run.code, 2);
    let dir = std::env::temp_dir().join(format!("mapcheck-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cu = dir.join("k.cu");
    std::fs::write(&cu, "__global__ void k() {}\n").unwrap();
    let run = fix(&[cu.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("only `.bcu`"), "{}", run.stderr);
    let path = example("sesa_race.bcu");
    let run = fix(&[path.to_str().unwrap(), "--kernel", "nope"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}
