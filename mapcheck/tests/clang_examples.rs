//! The clang front end (issue 14, experimental) on the CUDA examples: every `// check: FLAGS
//! => OUTCOME` line of `examples/cuda/*.cu` runs `mapcheck --frontend clang FLAGS --json`, and
//! the answer must be **sound** for the expected one (the examples' truth with those flags):
//! no kernel reported free of a race or a divergence the line expects, no proven or confirmed
//! race or divergence where the line expects none. Refusals (exit 2) and potential alarms are
//! printed as precision misses, not failures, while the front end is not the default.
//!
//! A line the default front end no longer agrees with (the geometry semantics changed under it:
//! a grid left open is now symbolic in all three dimensions) is printed as stale and not
//! judged: it is not a truth to hold the clang front end to until it is updated.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/cuda");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_clang_front_end_is_sound_on_the_cuda_examples() {
    let mut unsound = Vec::new();
    let mut misses = 0;
    let mut checked = 0;
    for file in files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines().filter_map(|l| l.strip_prefix("// check:")) {
            let (flags, outcome) = line.split_once("=>").unwrap();
            let flags: Vec<&str> = flags.split_whitespace().collect();
            let words: Vec<&str> = outcome.split_whitespace().collect();
            let expect_race = words.contains(&"racy") || words.contains(&"possibly-racy");
            let expect_divergence = words.contains(&"divergent");
            let run = |frontend: &str| {
                Command::new(env!("CARGO_BIN_EXE_mapcheck"))
                    .arg("--frontend")
                    .arg(frontend)
                    .args(&flags)
                    .arg("--json")
                    .arg(&file)
                    .output()
                    .unwrap()
            };
            let builtin = run("builtin");
            let builtin_doc: Value = serde_json::from_slice(&builtin.stdout).unwrap();
            let summary = |doc: &Value, exit: i32| {
                let ks = doc["kernels"].as_array().cloned().unwrap_or_default();
                let mut w: Vec<String> = Vec::new();
                if let Some(k) = ks.first() {
                    w.push(k["class"].as_str().unwrap_or("?").to_string());
                    w.push(k["verdict"].as_str().unwrap_or("?").to_string());
                    if k["findings"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .any(|f| f["kind"] == "barrier-divergence")
                    {
                        w.push("divergent".into());
                    }
                }
                w.push(format!("exit={exit}"));
                w
            };
            let stale = summary(&builtin_doc, builtin.status.code().unwrap_or(-1)) != words;
            let output = run("clang");
            let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
            let kernels = doc["kernels"].as_array().cloned().unwrap_or_default();
            let findings = |kind: &str, proven: bool| {
                kernels.iter().any(|k| {
                    k["findings"].as_array().into_iter().flatten().any(|f| {
                        f["kind"] == kind
                            && (!proven
                                || matches!(f["certainty"].as_str(), Some("proven" | "confirmed")))
                    })
                })
            };
            let exit = output.status.code().unwrap_or(-1);
            let got = summary(&doc, exit).join(" ");
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            let verdict = if stale {
                "stale line"
            } else if exit == 2 {
                "refused"
            } else if (expect_race && !findings("data-race", false))
                || (expect_divergence && !findings("barrier-divergence", false))
                || (!expect_race && findings("data-race", true))
                || (!expect_divergence && findings("barrier-divergence", true))
            {
                unsound.push(format!("{name} {flags:?}: expected {words:?}, got {got}"));
                "UNSOUND"
            } else if got == words.join(" ") {
                "agrees"
            } else {
                "imprecise"
            };
            if verdict != "agrees" {
                misses += usize::from(verdict != "UNSOUND" && verdict != "stale line");
            }
            println!(
                "{name:<36} {:<28} expected {:<34} got {got:<40} {verdict}",
                flags.join(" "),
                words.join(" ")
            );
            checked += 1;
        }
    }
    println!(
        "checks {checked}, precision misses {misses}, unsound {}",
        unsound.len()
    );
    assert!(checked >= 10, "only {checked} checks ran");
    assert!(
        unsound.is_empty(),
        "the clang front end is unsound on:\n{}",
        unsound.join("\n")
    );
}
