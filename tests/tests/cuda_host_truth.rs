//! The arithmetic truths of the CUDA corpus (issue 14), re-checked on the host: every
//! `tests/cuda/host/NAME.cpp` is a small C++ program that enumerates the threads of the
//! geometry of `tests/cuda/NAME.cu`'s GPUVerify header, computes each access's cell with the
//! kernel's own C++ expressions (so `g++` applies C's conversions, unsigned wraparound and the
//! intrinsics of `host/truth.h`), and prints the geometry it enumerated and `racy` or
//! `race-free`. This test compiles each program with `g++`, runs it, and asserts that both
//! lines match the header of the `.cu` file: the geometry its `--blockDim`/`--gridDim` fix, and
//! `racy` for `//xfail:data-race`, `race-free` for `//pass`. The headers are thereby decided
//! without mapcheck, and CI re-checks them whenever a kernel or its host program changes. Each
//! program is its own trial (`cargo test -p mapcheck-tests --test cuda_host_truth -- NAME`).
//!
//! `g++` must be on `PATH`: a missing compiler fails the test rather than skipping it.

use libtest_mimic::{Arguments, Failed, Trial};
use mapcheck_grammar::cuda::header::read_header;
use mapcheck_tests::corpus::files;
use std::path::{Path, PathBuf};
use std::process::Command;

fn cuda_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cuda")
}

/// What the header of `cu` says a host program must print: its geometry line and its verdict.
fn expected_lines(cu: &Path) -> Result<(String, &'static str), String> {
    let text = std::fs::read_to_string(cu).map_err(|e| format!("cannot read: {e}"))?;
    let header = read_header(&text);
    let verdict = match header.expect.as_deref() {
        Some("pass") => "race-free",
        Some("data-race") => "racy",
        other => return Err(format!("no host truth for the expectation {other:?}")),
    };
    let dim = |d: Option<[u64; 3]>| {
        let [x, y, z] = d.unwrap_or([1, 1, 1]);
        format!("[{x},{y},{z}]")
    };
    if header.block_dim.is_none() {
        return Err("the header fixes no --blockDim for the host program to enumerate".into());
    }
    Ok((
        format!(
            "blockDim={} gridDim={}",
            dim(header.block_dim),
            dim(header.grid_dim)
        ),
        verdict,
    ))
}

/// Compiles and runs one host program; its stdout, or why it failed.
fn run_host(cpp: &Path, out_dir: &Path) -> Result<String, String> {
    let stem = cpp
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .ok_or("no file name")?;
    let exe = out_dir.join(&stem);
    let include = cpp.parent().ok_or("no directory")?;
    let compiled = Command::new("g++")
        .args(["-std=c++17", "-O1", "-o"])
        .arg(&exe)
        .arg("-I")
        .arg(include)
        .arg(cpp)
        .output()
        .map_err(|e| format!("cannot run g++ (it must be on PATH): {e}"))?;
    if !compiled.status.success() {
        return Err(format!(
            "g++ failed:\n{}",
            String::from_utf8_lossy(&compiled.stderr)
        ));
    }
    let ran = Command::new(&exe)
        .output()
        .map_err(|e| format!("cannot run the host program: {e}"))?;
    if !ran.status.success() {
        return Err(format!("the host program exited with {}", ran.status));
    }
    Ok(String::from_utf8_lossy(&ran.stdout).into_owned())
}

/// The trial of one host program: its output must be the header's geometry and verdict.
fn check(cpp: &Path, out_dir: &Path) -> Result<(), Failed> {
    let name = cpp
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (geometry, verdict) = expected_lines(&cuda_dir().join(format!("{name}.cu")))?;
    std::fs::create_dir_all(out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let stdout = run_host(cpp, out_dir)?;
    let lines: Vec<&str> = stdout.lines().map(str::trim).collect();
    match lines.as_slice() {
        [g, v] if *g == geometry && *v == verdict => Ok(()),
        _ => Err(format!(
            "the host program printed {lines:?}, the header says [{geometry:?}, {verdict:?}]"
        )
        .into()),
    }
}

fn main() {
    let args = Arguments::from_args();
    let programs = files(&cuda_dir().join("host"), "cpp");
    let count = programs.len();
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cuda_host_truth");
    let mut trials = vec![Trial::test("the host programs are all there", move || {
        if count < 20 {
            return Err(format!(
                "expected at least 20 host programs in tests/cuda/host, found {count}"
            )
            .into());
        }
        Ok(())
    })];
    trials.extend(programs.into_iter().map(|cpp| {
        let name = cpp
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let out_dir = out_dir.clone();
        Trial::test(name, move || check(&cpp, &out_dir))
    }));
    libtest_mimic::run(&args, trials).exit();
}
