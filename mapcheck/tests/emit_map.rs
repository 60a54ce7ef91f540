//! `mapcheck --emit map FILE` on every kernel of `examples/`: one insta snapshot per file, with
//! the exit code, each kernel's class and MAP, and the located reasons of data-dependent ones
//! (rendered by ariadne, without colour).

mod transcript;

use std::path::Path;
use std::process::Command;
use transcript::{inputs, transcript};

#[test]
fn emit_map_of_every_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = inputs(&root, "examples", ".bcu");
    assert!(!files.is_empty(), "no examples found");
    for file in files {
        let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
            .current_dir(&root)
            .args(["--emit", "map", &format!("examples/{file}")])
            .env("NO_COLOR", "1")
            .env_remove("MAPCHECK_ASCII")
            .output();
        let output = match output {
            Ok(o) => o,
            Err(e) => panic!("cannot run mapcheck: {e}"),
        };
        let text = transcript(&output);
        let stem = file.trim_end_matches(".bcu").to_string();
        insta::assert_snapshot!(stem, text);
    }
}
