//! The same input and flags give the same bytes (SPEC §6, issue 37 item 3): a sample of the
//! corpora is checked by the `mapcheck` binary twice, once with `--jobs 1` on its own and once
//! with `--jobs 2` beside busy threads that compete for the cores, and the two reports must
//! be byte-identical: the human report on stdout, and the JSON document without its one
//! measurement, each kernel's `time_ms`. A decision that read a clock, a budget in seconds, an
//! order that came from the thread pool or from a hash map's seed would show here.
//!
//! The fast tier takes every [`STRIDE`]-th file of `tests/cuda/` and `examples/cuda/` and every
//! `examples/*.bcu` (about a minute on two shared cores); the long tier
//! (`cargo xtask test --long`, or `cargo test -p mapcheck --test determinism -- --ignored`)
//! takes every file of them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The fast tier checks every `STRIDE`-th file of the CUDA corpora.
const STRIDE: usize = 12;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// The files of a run: the `.bcu` examples, and every `stride`-th file of the CUDA corpora
/// (in their sorted order, so that the sample is the same on every machine).
fn sample(stride: usize) -> Vec<PathBuf> {
    let files = |dir: &str, ext: &str| mapcheck_tests::corpus::files(&root().join(dir), ext);
    let mut picked = files("examples", "bcu");
    for dir in ["tests/cuda", "examples/cuda"] {
        picked.extend(files(dir, "cu").into_iter().step_by(stride));
    }
    picked
}

/// `mapcheck ARGS FILES` from the workspace's root (the reports name the files as given).
fn mapcheck(args: &[&str], files: &[PathBuf]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(root())
        .args(args)
        .args(files.iter().map(|f| f.strip_prefix(root()).unwrap_or(f)))
        .env("NO_COLOR", "1")
        .output()
        .expect("mapcheck runs")
}

/// `f` run while `n` threads spin: the machine's load, as another build makes it.
fn under_load<R>(n: usize, f: impl FnOnce() -> R) -> R {
    let stop = Arc::new(AtomicBool::new(false));
    let spinners: Vec<_> = (0..n)
        .map(|_| {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let answer = f();
    stop.store(true, Ordering::Relaxed);
    for s in spinners {
        s.join().expect("a spinner");
    }
    answer
}

/// The JSON document of `output` without the kernels' `time_ms`, the one field that measures
/// the run rather than reports on the input.
fn without_times(output: &Output) -> String {
    let mut doc: Value = serde_json::from_slice(&output.stdout).expect("a JSON document");
    for kernel in doc["kernels"].as_array_mut().expect("kernels") {
        kernel
            .as_object_mut()
            .expect("a kernel")
            .remove("time_ms")
            .expect("time_ms");
    }
    serde_json::to_string_pretty(&doc).expect("JSON")
}

/// The first line where `a` and `b` differ, with a few lines of context.
fn first_difference(a: &str, b: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let at = (0..a.len().max(b.len()))
        .find(|&i| a.get(i) != b.get(i))
        .unwrap_or(0);
    let from = at.saturating_sub(8);
    let show = |l: &[&str]| l.get(from..(at + 3).min(l.len())).unwrap_or(&[]).join("\n");
    format!(
        "line {}:\n--- --jobs 1 ---\n{}\n--- --jobs 2, loaded ---\n{}",
        at + 1,
        show(&a),
        show(&b)
    )
}

fn same_bytes(stride: usize) {
    let files = sample(stride);
    assert!(files.len() > 40, "only {} files", files.len());
    for format in [&["--json"][..], &[][..]] {
        let alone = mapcheck(&[&["--jobs", "1"][..], format].concat(), &files);
        let loaded = under_load(2, || {
            mapcheck(&[&["--jobs", "2"][..], format].concat(), &files)
        });
        assert_eq!(alone.status.code(), loaded.status.code(), "exit codes");
        let (a, b) = if format.is_empty() {
            (
                String::from_utf8_lossy(&alone.stdout).into_owned(),
                String::from_utf8_lossy(&loaded.stdout).into_owned(),
            )
        } else {
            (without_times(&alone), without_times(&loaded))
        };
        assert!(
            a == b,
            "the report {format:?} differs between --jobs 1 and --jobs 2 under load, {}",
            first_difference(&a, &b)
        );
    }
}

#[test]
fn a_sample_of_the_corpora_gives_the_same_bytes_with_any_jobs_and_load() {
    same_bytes(STRIDE);
}

#[test]
#[ignore = "long tier: every file of the corpora, twice per format (10 minutes in release on 2 loaded cores)"]
fn the_whole_corpora_give_the_same_bytes_with_any_jobs_and_load() {
    same_bytes(1);
}
