//! `--emit core` of every CUDA file (`tests/cuda/`, `examples/cuda/`): one insta snapshot per
//! file of what the clang front end lowered each kernel to (the `.bcu` text `mapcheck --emit
//! core FILE.cu` prints, with the geometry the file's header fixes), or of the located errors of
//! a file that does not lower. A change of the lowering shows up here file by file, where the
//! corpus tests only see it when it changes a verdict; `tests/tests/emit_core_readback.rs`
//! checks that the text reads back and decides alike.
//!
//! The snapshots record mapcheck's own output, so they are no truth about CUDA: they say what
//! changed, and the reviewer of a changed snapshot decides whether the change is right.

use mapcheck::check;
use mapcheck::input::{self, LoadOptions, Loaded};
use mapcheck_smt::Options;
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The lowered kernels of `path`, or its errors, as text.
fn lowered(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| format!("unreadable: {e}"));
    let mut out = String::new();
    match input::parse_text(path, text, &LoadOptions::default()) {
        Loaded::Parsed {
            source,
            program,
            errors,
        } => {
            let options = check::options_for(&Options::default(), &source);
            for kernel in &program.kernels {
                let _ = writeln!(out, "{}", mapcheck::core_text(kernel, &options.fixed));
            }
            for e in errors {
                let lc = e
                    .diagnostic
                    .primary
                    .as_ref()
                    .map(|l| source.line_col(l.span));
                let at = lc.map_or(String::new(), |lc| format!("{}:{}: ", lc.line, lc.column));
                let _ = writeln!(out, "error: {at}{}", e.diagnostic.message);
            }
        }
        Loaded::Failed { diagnostics, .. } => {
            for d in diagnostics {
                let _ = writeln!(out, "error: {}", d.message);
            }
        }
    }
    out
}

/// Every `.cu` file of the corpus directories with its lowered text, computed on every core: a
/// file costs a clang process and the lowering (about 60 ms), which an `insta::glob!` loop would
/// pay one file at a time. Keyed by canonical path, as `insta::glob!` names the files.
fn lowered_files() -> HashMap<PathBuf, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let paths: Vec<PathBuf> = ["tests/cuda", "examples/cuda"]
        .iter()
        .flat_map(|dir| mapcheck_tests::corpus::files(&root.join(dir), "cu"))
        .collect();
    paths
        .into_par_iter()
        .map(|path| {
            let text = lowered(&path);
            (canonical(&path), text)
        })
        .collect()
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

#[test]
fn emit_core_of_every_cuda_file() {
    let texts = lowered_files();
    // A file the directory listing missed is lowered here, so no snapshot is skipped.
    let text = |path: &Path| {
        texts
            .get(&canonical(path))
            .cloned()
            .unwrap_or_else(|| lowered(path))
    };
    insta::glob!("../../tests/cuda", "*.cu", |path| {
        insta::assert_snapshot!("lowered", text(path));
    });
    insta::glob!("../../examples/cuda", "*.cu", |path| {
        insta::assert_snapshot!("lowered", text(path));
    });
}
