//! `--format sarif` and `--sarif FILE` (issue 19, item 3): every example's SARIF log is valid
//! against the OASIS SARIF 2.1.0 schema (`tests/data/sarif-schema-2.1.0.json`, the standard's
//! own file, with one fix: the pattern of `run.language`, `^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`
//! in the published file, has a stray `]` that a strict schema validator refuses as a regular
//! expression; it reads `^[a-zA-Z]{2}(-[a-zA-Z]{2})?$` here, the language tag it describes —
//! mapcheck writes no `language`) and says what the JSON of SPEC §7 says: one result per finding with the finding's
//! kind as rule id, its first access as location and the second as related location, a level
//! that follows its certainty, a rule for every rule id used; input errors as notifications of
//! an unsuccessful invocation.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn mapcheck(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("mapcheck/tests/data/sarif-schema-2.1.0.json"))
        .unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn assert_valid(validator: &jsonschema::Validator, log: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: invalid SARIF:\n{}",
        errors.join("\n")
    );
}

/// The examples: every `.bcu` of `examples/` and every `.cu` of `examples/cuda/` in the long
/// tier (`MAPCHECK_TEST_TIER=long`, set by `cargo xtask test --long`); every third `.cu` in
/// the fast tier, where each one costs a clang run and a decision in a debug build, and the
/// `.bcu` examples already give every kind of finding and result.
fn examples() -> Vec<String> {
    let long = std::env::var("MAPCHECK_TEST_TIER").is_ok_and(|v| v == "long");
    let mut files = Vec::new();
    for (dir, ext) in [("examples", "bcu"), ("examples/cuda", "cu")] {
        let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(&format!(".{ext}")))
            .collect();
        names.sort();
        let every = if ext == "cu" && !long { 3 } else { 1 };
        files.extend(names.iter().step_by(every).map(|n| format!("{dir}/{n}")));
    }
    files.sort();
    files
}

#[test]
fn every_example_gives_a_valid_log_that_says_what_the_json_says() {
    let validator = validator();
    let files = examples();
    assert!(files.len() >= 30, "only {} examples", files.len());
    let (mut results_seen, mut related_seen) = (0, 0);
    let dir = std::env::temp_dir().join(format!("mapcheck-sarif-all-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("log.sarif");
    for file in &files {
        // One run gives both documents: the JSON on stdout, the log in the file.
        let (_, json) = mapcheck(&["--json", "--sarif", path.to_str().unwrap(), file]);
        let sarif = std::fs::read_to_string(&path).unwrap();
        let json: Value = serde_json::from_str(&json).unwrap();
        let log: Value = serde_json::from_str(&sarif)
            .unwrap_or_else(|e| panic!("{file}: not JSON ({e}):\n{sarif}"));
        assert_valid(&validator, &log, file);
        assert_eq!(log["version"], "2.1.0");
        let run = &log["runs"][0];
        assert_eq!(run["tool"]["driver"]["name"], "mapcheck");
        let results = run["results"].as_array().unwrap();
        let findings: Vec<&Value> = json["kernels"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|k| k["findings"].as_array().unwrap())
            .collect();
        let of_findings: Vec<&Value> = results
            .iter()
            .filter(|r| r["ruleId"] != "undecided" && r["ruleId"] != "internal-error")
            .collect();
        assert_eq!(
            of_findings.len(),
            findings.len(),
            "{file}: one result per finding"
        );
        for (r, f) in of_findings.iter().zip(&findings) {
            assert_eq!(r["ruleId"], f["kind"], "{file}");
            let defect = f["kind"] == "data-race"
                || f["kind"] == "barrier-divergence"
                || f["kind"] == "out-of-bounds";
            let level = match (defect, f["certainty"].as_str().unwrap()) {
                (true, "proven" | "confirmed") => "error",
                (true, _) => "warning",
                (false, _) => "note",
            };
            assert_eq!(r["level"], level, "{file}: {f}");
            let locations = f["locations"].as_array().unwrap();
            let region = &r["locations"][0]["physicalLocation"]["region"];
            assert_eq!(region["startLine"], locations[0]["line"], "{file}");
            assert_eq!(region["startColumn"], locations[0]["column"], "{file}");
            let related = r["relatedLocations"].as_array().map_or(0, Vec::len);
            assert_eq!(related, locations.len() - 1, "{file}: {f}");
            if related > 0 {
                let second = &r["relatedLocations"][0]["physicalLocation"]["region"];
                assert_eq!(second["startLine"], locations[1]["line"], "{file}");
                related_seen += 1;
            }
            if let Some(array) = f["array"].as_str() {
                let text = r["message"]["text"].as_str().unwrap();
                assert!(text.contains(&format!("`{array}`")), "{file}: {text}");
                // Worded as the human report: threads A and B, in CUDA's terms for a CUDA
                // kernel and BabyCUDA's for a `.bcu` one, and the cell as the JSON gives it.
                // An index out of bounds is one thread's: thread A alone, and its index.
                if f["kind"] == "out-of-bounds" {
                    assert!(
                        text.contains("thread A (") && !text.contains("thread B"),
                        "{file}: {text}"
                    );
                    let index = format!("index {} outside dimension", f["bound"]["index"]);
                    assert!(text.contains(&index), "{file}: {text}");
                } else {
                    assert!(
                        text.contains("thread A (") && text.contains(" and thread B ("),
                        "{file}: {text}"
                    );
                }
                let ids = if file.ends_with(".cu") {
                    "threadIdx"
                } else {
                    "(tid "
                };
                assert!(text.contains(ids), "{file}: {text}");
                if let Some(cell) = f["witness"]["cell"]["text"].as_str() {
                    assert!(text.contains(&format!("cell {cell}")), "{file}: {text}");
                }
            }
            results_seen += 1;
        }
        let unknown = json["kernels"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|k| k["verdict"] == "unknown" && k.get("undecided").is_some())
            .count();
        let undecided = results
            .iter()
            .filter(|r| r["ruleId"] == "undecided")
            .count();
        assert_eq!(
            undecided, unknown,
            "{file}: one `undecided` per unknown verdict with undecided queries"
        );
        let rules: Vec<&Value> = run["tool"]["driver"]["rules"]
            .as_array()
            .map(|r| r.iter().map(|d| &d["id"]).collect())
            .unwrap_or_default();
        for r in results {
            assert!(
                rules.contains(&&r["ruleId"]),
                "{file}: no rule {}",
                r["ruleId"]
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The examples must exercise what is checked above.
    assert!(results_seen >= 20, "{results_seen} results");
    assert!(related_seen >= 5, "{related_seen} related locations");
}

#[test]
fn the_sarif_file_is_the_log_on_stdout_and_the_report_stays_human() {
    let dir = std::env::temp_dir().join(format!("mapcheck-sarif-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("out.sarif");
    let file = "examples/babycuda_fig3_loop.bcu";
    let (code, human) = mapcheck(&["--sarif", path.to_str().unwrap(), file]);
    assert_eq!(code, Some(1));
    assert!(human.contains("racy (exact, mechanised)"), "{human}");
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // The exit code does not depend on the format.
    let (code, stdout) = mapcheck(&["--format", "sarif", file]);
    assert_eq!(code, Some(1));
    let printed: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(written, printed);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn input_errors_are_located_notifications_of_a_failed_invocation() {
    let validator = validator();
    let dir = std::env::temp_dir().join(format!("mapcheck-sarif-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.bcu");
    std::fs::write(&bad, "kernel k() {\n  shared A;\n  A[0] := nope;\n}\n").unwrap();
    let (code, stdout) = mapcheck(&["--format", "sarif", bad.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    let log: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid(&validator, &log, "bad.bcu");
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let notes = invocation["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["level"], "error");
    let region = &notes[0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 3, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}
