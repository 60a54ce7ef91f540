//! The arithmetic truths of the CUDA corpus (issue 14), re-checked on the host: every
//! `tests/cuda/host/NAME.cpp` is a small C++ program that enumerates the threads of the
//! geometry of `tests/cuda/NAME.cu`'s GPUVerify header, computes each access's cell with the
//! kernel's own C++ expressions (so `g++` applies C's conversions, unsigned wraparound and the
//! intrinsics of `host/truth.h`), and prints the geometry it enumerated and `racy` or
//! `race-free`. This test compiles each program with `g++`, runs it, and asserts that both
//! lines match the header of the `.cu` file: the geometry its `--blockDim`/`--gridDim` fix, and
//! `racy` for `//xfail:data-race`, `race-free` for `//pass`. The headers are thereby decided
//! without mapcheck, and CI re-checks them whenever a kernel or its host program changes.
//!
//! `g++` must be on `PATH`: a missing compiler fails the test rather than skipping it.

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

#[test]
fn every_host_program_confirms_its_kernel_header() {
    let dir = cuda_dir();
    let programs = files(&dir.join("host"), "cpp");
    assert!(
        programs.len() >= 20,
        "expected at least 20 host programs in tests/cuda/host, found {}",
        programs.len()
    );
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cuda_host_truth");
    if let Err(e) = std::fs::create_dir_all(&out_dir) {
        panic!("cannot create {}: {e}", out_dir.display());
    }
    let mut failures = Vec::new();
    for cpp in &programs {
        let name = cpp
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let cu = dir.join(format!("{name}.cu"));
        let outcome = expected_lines(&cu).and_then(|(geometry, verdict)| {
            let stdout = run_host(cpp, &out_dir)?;
            let lines: Vec<&str> = stdout.lines().map(str::trim).collect();
            match lines.as_slice() {
                [g, v] if *g == geometry && *v == verdict => Ok(verdict),
                _ => Err(format!(
                    "the host program printed {lines:?}, the header says [{geometry:?}, \
                     {verdict:?}]"
                )),
            }
        });
        match outcome {
            Ok(verdict) => println!("{name:<40} {verdict}"),
            Err(why) => {
                println!("{name:<40} NO: {why}");
                failures.push(format!("{name}: {why}"));
            }
        }
    }
    println!("host truths: {} checked", programs.len());
    assert!(
        failures.is_empty(),
        "{} host programs disagree with their kernels' headers:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
