//! Many inputs at once (issue 19, item 4): a directory stands for the `.bcu`, `.cu` and `.cuh`
//! files under it, in name order; `--jobs N` decides inputs in parallel and prints exactly what
//! `--jobs 1` prints; several inputs end with a summary table.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn mapcheck(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A directory holding a few examples (a racy and a race-free `.bcu`, a racy and a race-free
/// `.cu`, one that fails to lower) in a nested layout, plus a file of another kind.
fn tree(tag: &str) -> PathBuf {
    let examples = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples"));
    let dir = std::env::temp_dir().join(format!("mapcheck-many-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cuda/nested")).unwrap();
    for (from, to) in [
        ("babycuda_fig3_loop.bcu", "b_fig3.bcu"),
        ("grid_stride_loop.bcu", "a_grid.bcu"),
        ("cuda/shift_racy.cu", "cuda/shift_racy.cu"),
        ("cuda/reduce_sync.cu", "cuda/nested/reduce_sync.cu"),
        ("cuda/partial_failure.cu", "cuda/partial_failure.cu"),
    ] {
        std::fs::copy(examples.join(from), dir.join(to)).unwrap();
    }
    std::fs::write(dir.join("notes.txt"), "not a kernel").unwrap();
    dir
}

#[test]
fn a_directory_is_its_inputs_in_name_order_whatever_the_jobs() {
    let dir = tree("order");
    let d = dir.to_str().unwrap();
    let (code1, out1, _) = mapcheck(&["--jobs", "1", d]);
    let (code2, out2, err2) = mapcheck(&["--jobs", "2", d]);
    assert_eq!(out1, out2, "--jobs 2 printed something else than --jobs 1");
    assert_eq!(code1, code2);
    // partial_failure.cu has a kernel that cannot be lowered: exit 2 wins (SPEC §7).
    assert_eq!(code1, 2, "{out1}");
    let verdicts: Vec<&str> = out1.lines().filter(|l| l.contains(": kernel `")).collect();
    let files: Vec<&str> = verdicts
        .iter()
        .map(|l| l.split(": kernel").next().unwrap())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "inputs out of name order:\n{out1}");
    assert!(
        files.iter().any(|f| f.ends_with("nested/reduce_sync.cu")),
        "{out1}"
    );
    assert!(!out1.contains("notes.txt"), "{out1}");
    assert!(out1.contains("\nsummary: "), "{out1}");
    assert!(err2.contains("with 2 job(s)"), "{err2}");
    // The JSON documents agree but for the time each kernel took.
    let json = |jobs: &str| -> Value {
        let (_, text, _) = mapcheck(&["--json", "--jobs", jobs, d]);
        let mut doc: Value = serde_json::from_str(&text).unwrap();
        for k in doc["kernels"].as_array_mut().unwrap() {
            k.as_object_mut().unwrap().remove("time_ms");
        }
        doc
    };
    assert_eq!(json("1"), json("2"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_without_inputs_is_an_error_and_the_others_are_still_checked() {
    let dir = tree("empty");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let file = dir.join("b_fig3.bcu");
    let (code, out, err) = mapcheck(&[empty.to_str().unwrap(), file.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("no `.bcu`, `.cu` or `.cuh` file under"),
        "{err}"
    );
    assert!(
        out.contains("kernel `"),
        "the file next to it was not checked:\n{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
