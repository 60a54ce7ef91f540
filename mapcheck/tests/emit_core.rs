//! `--emit core` of every CUDA example (`examples/cuda/`): one insta snapshot per file of what
//! the clang front end lowered each kernel to (the `.bcu` text `mapcheck --emit core FILE.cu`
//! prints, with the geometry the file's header fixes), or of the located errors of a file that
//! does not lower. A change of the lowering shows up here file by file, where the corpus tests
//! only see it when it changes a verdict. The files of `tests/cuda/` have their snapshots in the
//! same directory, under the same names, checked by the corpus's trials
//! (`tests/tests/cuda_corpus.rs`), which parse each file once for both; `emit_core_readback.rs`
//! checks that the text reads back and decides alike.
//!
//! The snapshots record mapcheck's own output, so they are no truth about CUDA: they say what
//! changed, and the reviewer of a changed snapshot decides whether the change is right.

use mapcheck::input::{self, LoadOptions};
use mapcheck_tests::corpus::emit_core_text;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The `--emit core` text of `path`.
fn lowered(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| format!("unreadable: {e}"));
    emit_core_text(&input::parse_text(path, text, &LoadOptions::default()))
}

/// Every `.cu` example with its lowered text, computed on every core: a file costs a clang
/// process and the lowering, which an `insta::glob!` loop would pay one file at a time. Keyed
/// by canonical path, as `insta::glob!` names the files.
fn lowered_files() -> HashMap<PathBuf, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/cuda");
    mapcheck_tests::corpus::files(&dir, "cu")
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
fn emit_core_of_every_cuda_example() {
    let texts = lowered_files();
    insta::glob!("../../examples/cuda", "*.cu", |path| {
        // A file the directory listing missed is lowered here, so no snapshot is skipped.
        let text = texts
            .get(&canonical(path))
            .cloned()
            .unwrap_or_else(|| lowered(path));
        insta::assert_snapshot!("lowered", text);
    });
}
