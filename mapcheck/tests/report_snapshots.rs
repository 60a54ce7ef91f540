//! The human report of `mapcheck FILE`, one insta snapshot per example: the verdict line, the
//! data-dependence reasons, each finding underlined by ariadne with its witness table, and
//! the exit code. One snapshot per file of `examples/`, which covers a racy, a DRF, a
//! data-dependent and a divergent kernel among others. The report has no timings, so nothing
//! needs redacting; the JSON, which does, is checked by `check_corpus.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

fn report(root: &Path, file: &str, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(root)
        .args(args)
        .arg(format!("examples/{file}"))
        .env("NO_COLOR", "1")
        .env_remove("MAPCHECK_ASCII")
        .output()
        .unwrap();
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        output
            .status
            .code()
            .map_or("signal".into(), |c| c.to_string()),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn human_report_of_every_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files: Vec<String> = std::fs::read_dir(root.join("examples"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".bcu"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} examples", files.len());
    for file in files {
        let stem = file.trim_end_matches(".bcu").to_string();
        insta::assert_snapshot!(stem, report(&root, &file, &[]));
    }
}

#[test]
fn bad_command_lines_are_located_and_exit_2() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let fig3 = "babycuda_fig3_loop.bcu";
    for (name, args) in [
        ("unknown_param", vec!["-p", "X=1"]),
        ("block_too_large", vec!["--block-dim", "64,32"]),
        ("block_zero", vec!["--block-dim", "0"]),
        ("no_such_kernel", vec!["--kernel", "nope"]),
        ("bad_arith", vec!["--arith", "float"]),
    ] {
        let text = report(&root, fig3, &args);
        assert!(text.starts_with("exit: 2\n"), "{name}: {text}");
        insta::assert_snapshot!(format!("cli_{name}"), text);
    }
}
