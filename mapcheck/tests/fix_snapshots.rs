//! What `mapcheck fix` prints for every example, one insta snapshot per file: the exit code,
//! the repaired (or unchanged) text on stdout and the summary on stderr. `fix.rs` holds the
//! truths a repair must meet (it parses, it is proven race free, the interpreter agrees with
//! the original where the original ran race free); these snapshots hold the text itself, so a
//! change of where a barrier goes, of a flag's name or of a refusal's wording is seen in review.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod geometry;
mod transcript;

use geometry::one_dimensional;
use rayon::prelude::*;
use std::path::Path;
use std::process::Command;
use transcript::{inputs, transcript};

/// `mapcheck fix FILE` from the repository's root (FILE relative to it, as the snapshot
/// records it), with [`one_dimensional`]'s geometry for CUDA.
fn fixed(root: &Path, file: &str) -> String {
    let path = root.join(file);
    let path = path.to_str().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(root)
        .arg("fix")
        .arg(file)
        .args(one_dimensional(&[path]))
        // Answers are bounded by z3's deterministic resource limit; the wall-clock backstop
        // is set far above it so that the machine's load cannot change them.
        .args(["--timeout", "120"])
        .env("NO_COLOR", "1")
        .env_remove("MAPCHECK_ASCII")
        .output()
        .unwrap();
    transcript(&output)
}

fn snapshot_every(dir: &str, extension: &str, prefix: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = inputs(&root, dir, extension);
    assert!(files.len() >= 20, "only {} files in {dir}", files.len());
    // Each repair is a `mapcheck fix` process: they run on every core, and the snapshots are
    // then compared in the files' order.
    let texts: Vec<(String, String)> = files
        .into_par_iter()
        .map(|file| {
            let text = fixed(&root, &format!("{dir}/{file}"));
            (file, text)
        })
        .collect();
    for (file, text) in texts {
        let stem = file.trim_end_matches(extension);
        insta::assert_snapshot!(format!("{prefix}{stem}"), text);
    }
}

#[test]
fn fix_of_every_example() {
    snapshot_every("examples", ".bcu", "");
}

#[test]
fn fix_of_every_cuda_example() {
    snapshot_every("examples/cuda", ".cu", "cuda_");
}
