//! The CLI on CUDA inputs: one failing kernel leaves the others checked, run and emitted
//! (exit 2 still wins, SPEC §7), and `mapcheck run` reads a `.cu` file as `check` does (the
//! `-D` flags and the GPUVerify header's geometry).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::process::Command;

fn mapcheck(args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/cuda"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn names(doc: &Value, key: &str, field: &str) -> Vec<String> {
    doc[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k[field].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn check_reports_the_kernels_next_to_a_failing_one() {
    let (code, out) = mapcheck(&["--json", "--block-dim", "32", "partial_failure.cu"]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "kernels", "name"), ["copy", "racy"]);
    let errors = doc["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["line"], 12);
}

#[test]
fn kernel_selects_the_errors_too() {
    let (code, _) = mapcheck(&[
        "--block-dim",
        "32",
        "--kernel",
        "copy",
        "partial_failure.cu",
    ]);
    assert_eq!(code, 0);
    let (code, _) = mapcheck(&["--block-dim", "32", "--kernel", "bad", "partial_failure.cu"]);
    assert_eq!(code, 2);
    let (code, _) = mapcheck(&[
        "--block-dim",
        "32",
        "--kernel",
        "nope",
        "partial_failure.cu",
    ]);
    assert_eq!(code, 2);
}

#[test]
fn emit_prints_the_kernels_that_lowered_and_fails() {
    let (code, out) = mapcheck(&["--emit", "map", "--block-dim", "4", "partial_failure.cu"]);
    assert_eq!(code, 2);
    assert!(
        out.contains("kernel copy") && out.contains("kernel racy"),
        "{out}"
    );
}

#[test]
fn run_runs_the_kernels_next_to_a_failing_one() {
    let (code, out) = mapcheck(&["run", "--json", "--block-dim", "4", "partial_failure.cu"]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "runs", "kernel"), ["copy", "racy"]);
    assert_eq!(doc["errors"].as_array().unwrap().len(), 1);
}

#[test]
fn run_uses_the_gpuverify_header_geometry() {
    // `//--blockDim=[16,16] --gridDim=[4,4]`: no `--block-dim` needed.
    let (code, out) = mapcheck(&[
        "run",
        "transpose_tile.cu",
        "-p",
        "width=64",
        "-p",
        "height=64",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ntid = 256, nbid = 16"), "{out}");
}

#[test]
fn run_uses_the_defines() {
    let (code, _) = mapcheck(&["run", "--block-dim", "32", "macros.cu"]);
    assert_eq!(code, 0);
    let (code, _) = mapcheck(&["run", "--block-dim", "32", "-D", "SHARE_CELL", "macros.cu"]);
    assert_eq!(code, 1);
}
