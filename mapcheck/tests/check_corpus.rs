//! The corpus test of the whole pipeline: every `examples/*.bcu` and `examples/cuda/*.cu` is
//! checked with `mapcheck --json` under each of its `// check: FLAGS => OUTCOME` header lines,
//! and the class, the
//! verdict, barrier divergence and the exit code must be what the header says. The JSON
//! document is checked against the schema the README documents, and no witness of an exact
//! kernel may fail to replay (an internal error). A GPUVerify header (`//pass`,
//! `//xfail:data-race`) must agree with the verdict of the file's flag-less check line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn files(dir: &str, extension: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

/// `// check: FLAGS => WORDS` lines of a file.
fn checks(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    text.lines()
        .filter_map(|l| l.strip_prefix("// check:"))
        .map(|rest| {
            let (flags, outcome) = rest.split_once("=>").expect("`=>` in a check line");
            (
                flags.split_whitespace().map(String::from).collect(),
                outcome.split_whitespace().map(String::from).collect(),
            )
        })
        .collect()
}

fn check_schema(doc: &Value) {
    assert_eq!(doc["schema"], "mapcheck/1");
    for k in doc["kernels"].as_array().unwrap() {
        for key in ["file", "name", "class", "verdict", "findings", "time_ms"] {
            assert!(k.get(key).is_some(), "kernel without `{key}`: {k}");
        }
        assert!(["exact", "data-dependent"].contains(&k["class"].as_str().unwrap()));
        assert!(
            ["drf", "racy", "possibly-racy", "unknown"].contains(&k["verdict"].as_str().unwrap())
        );
        for f in k["findings"].as_array().unwrap() {
            let kind = f["kind"].as_str().unwrap();
            assert!(["data-race", "barrier-divergence", "redundant-barrier"].contains(&kind));
            assert!(
                ["proven", "confirmed", "potential"].contains(&f["certainty"].as_str().unwrap())
            );
            if kind == "data-race" {
                assert!(f["array"].is_string());
                assert!(["write-write", "read-write", "atomic-write"]
                    .contains(&f["access"].as_str().unwrap()));
                assert_eq!(f["locations"].as_array().unwrap().len(), 2);
                assert!(f["witness"]["index"].is_array());
            }
            for loc in f["locations"].as_array().unwrap() {
                assert!(loc["line"].as_u64().unwrap() >= 1);
                assert!(loc["column"].as_u64().unwrap() >= 1);
                assert!(loc["file"].is_string());
            }
            if kind == "redundant-barrier" {
                // Advice about every run: one barrier, no witness.
                assert_eq!(f["locations"].as_array().unwrap().len(), 1);
                assert!(f.get("witness").is_none());
                continue;
            }
            let w = &f["witness"];
            assert!(w["params"].is_object());
            assert_eq!(w["block_dim"].as_array().unwrap().len(), 3);
            assert_eq!(w["grid_dim"].as_array().unwrap().len(), 3);
            let threads = w["threads"].as_array().unwrap();
            assert_eq!(threads.len(), 2);
            for t in threads {
                assert_eq!(t["tid"].as_array().unwrap().len(), 3);
                assert_eq!(t["bid"].as_array().unwrap().len(), 3);
                assert!(t["vars"].is_object());
            }
        }
    }
    assert!(doc["errors"].is_array());
}

#[test]
fn every_example_agrees_with_its_header() {
    let checked = check_corpus(&files("../examples", "bcu"));
    assert!(checked >= 20, "only {checked} checks ran");
}

#[test]
fn every_cuda_example_agrees_with_its_header() {
    let checked = check_corpus(&files("../examples/cuda", "cu"));
    assert!(checked >= 10, "only {checked} checks ran");
}

/// Runs every check line of every file; the number of checks run.
fn check_corpus(files: &[PathBuf]) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines = checks(&text);
        assert!(
            !lines.is_empty(),
            "{} has no `// check:` line",
            file.display()
        );
        for (flags, words) in &lines {
            let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
                .args(flags)
                .arg("--json")
                .arg(file)
                .output()
                .unwrap();
            let doc: Value = serde_json::from_slice(&output.stdout)
                .unwrap_or_else(|e| panic!("{}: not JSON ({e})", file.display()));
            check_schema(&doc);
            let k = &doc["kernels"][0];
            let divergent = k["findings"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["kind"] == "barrier-divergence");
            let mut got = vec![
                k["class"].as_str().unwrap().to_string(),
                k["verdict"].as_str().unwrap().to_string(),
            ];
            if divergent {
                got.push("divergent".into());
            }
            got.push(format!("exit={}", output.status.code().unwrap_or(-1)));
            if got != *words {
                failures.push(format!(
                    "{} {flags:?}: expected {words:?}, got {got:?}",
                    file.display()
                ));
            }
            if let Some(errors) = k.get("internal_errors") {
                failures.push(format!("{}: internal errors {errors}", file.display()));
            }
            checked += 1;
        }
        // A GPUVerify header's expectation must agree with the default check's verdict.
        if let Some((_, words)) = lines.iter().find(|(flags, _)| flags.is_empty()) {
            let verdict = words.get(1).map(String::as_str);
            if text.starts_with("//pass") && verdict != Some("drf") {
                failures.push(format!("{}: `//pass` but {words:?}", file.display()));
            }
            if text.starts_with("//xfail:data-race")
                && !matches!(verdict, Some("racy" | "possibly-racy"))
            {
                failures.push(format!(
                    "{}: `//xfail:data-race` but {words:?}",
                    file.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}
