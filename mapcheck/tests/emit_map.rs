//! `mapcheck --emit map FILE` on every kernel of `examples/`: one insta snapshot per file, with
//! the exit code, each kernel's class and MAP, and the located reasons of data-dependent ones
//! (rendered by ariadne, without colour).

use std::path::Path;
use std::process::Command;

#[test]
fn emit_map_of_every_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files: Vec<String> = match std::fs::read_dir(root.join("examples")) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".bcu"))
            .collect(),
        Err(e) => panic!("cannot read examples/: {e}"),
    };
    files.sort();
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
        let text = format!(
            "exit: {}\n--- stdout\n{}--- stderr\n{}",
            output
                .status
                .code()
                .map_or("signal".into(), |c| c.to_string()),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let stem = file.trim_end_matches(".bcu").to_string();
        insta::assert_snapshot!(stem, text);
    }
}
