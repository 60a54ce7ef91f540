//! `--format sarif` and `--sarif FILE` (issue 19, item 3; issue 35, item 5): the SARIF log of
//! every example — every `.bcu` of `examples/`, every `.cu` of `examples/cuda/` — and of a
//! sample of the CUDA corpus `tests/cuda/` is valid against the OASIS SARIF 2.1.0 schema with a
//! strict validator (formats such as `uri` checked, unknown formats refused), as is the JSON of
//! the same run against `mapcheck/mapcheck-1.schema.json`, and the log says what the
//! JSON of SPEC §7 says, as code-scanning services read it: one result per finding with the
//! finding's kind as rule id and PascalCase rule names with help; regions with their ends;
//! thread A's access as location and thread B's as related location `1`, linked from the
//! message; a code flow with one thread flow per thread; one `data-dependent` note per reason;
//! fingerprints that survive edits above the finding; input errors as notifications of an
//! unsuccessful invocation.
//!
//! The schema is `tests/data/sarif-schema-2.1.0.json`, the standard's own file, with one fix:
//! the pattern of `run.language`, `^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$` in the published
//! file, has a stray `]` that a strict schema validator refuses as a regular expression; it
//! reads `^[a-zA-Z]{2}(-[a-zA-Z]{2})?$` here, the language tag it describes — mapcheck writes
//! no `language`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::collections::BTreeSet;
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

/// The SARIF schema's validator, strict: formats are asserted (`uri`, `uri-reference`,
/// `date-time`), and a format the validator does not know is an error rather than ignored.
fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("mapcheck/tests/data/sarif-schema-2.1.0.json"))
        .unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::options()
        .should_validate_formats(true)
        .should_ignore_unknown_formats(false)
        .build(&schema)
        .unwrap()
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

fn sorted_files(dir: &str, ext: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(&format!(".{ext}")))
        .collect();
    names.sort();
    names.iter().map(|n| format!("{dir}/{n}")).collect()
}

/// The examples: every `.bcu` of `examples/` and every `.cu` of `examples/cuda/`.
fn examples() -> Vec<String> {
    let mut files = sorted_files("examples", "bcu");
    files.extend(sorted_files("examples/cuda", "cu"));
    files
}

/// A sample of the CUDA corpus: every 40th file in the fast tier (each costs a clang run and
/// a decision in a debug build), every 4th in the long tier (`MAPCHECK_TEST_TIER=long`).
fn corpus_sample() -> Vec<String> {
    let long = std::env::var("MAPCHECK_TEST_TIER").is_ok_and(|v| v == "long");
    let files = sorted_files("tests/cuda", "cu");
    files
        .into_iter()
        .step_by(if long { 4 } else { 40 })
        .collect()
}

/// What the checks of one log saw, so that the test can insist the corpus exercises them.
#[derive(Debug, Default)]
struct Seen {
    results: usize,
    related: usize,
    code_flows: usize,
    notes: usize,
    roles: BTreeSet<String>,
}

/// One run over `files` gives both documents: the JSON on stdout, the log in a file.
fn documents(files: &[String], name: &str) -> (Value, Value) {
    let dir = std::env::temp_dir().join(format!("mapcheck-sarif-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("log.sarif");
    let mut args = vec!["--json", "--sarif", path.to_str().unwrap()];
    args.extend(files.iter().map(String::as_str));
    let (_, json) = mapcheck(&args);
    let sarif = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let json: Value = serde_json::from_str(&json).unwrap();
    let log: Value =
        serde_json::from_str(&sarif).unwrap_or_else(|e| panic!("{name}: not JSON ({e}):\n{sarif}"));
    (json, log)
}

/// The validator of the committed JSON Schema of `--json` (`mapcheck/mapcheck-1.schema.json`),
/// as strict as the SARIF one: the corpus's JSON is checked beside its SARIF.
fn json_validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("mapcheck/mapcheck-1.schema.json")).unwrap();
    jsonschema::options()
        .should_validate_formats(true)
        .should_ignore_unknown_formats(false)
        .build(&serde_json::from_str(&text).unwrap())
        .unwrap()
}

/// The log `log` is valid, and says what `json` says (itself valid against its schema).
fn check_log(validator: &jsonschema::Validator, json: &Value, log: &Value, what: &str) -> Seen {
    let mut seen = Seen::default();
    let invalid: Vec<String> = json_validator()
        .iter_errors(json)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        invalid.is_empty(),
        "{what}: invalid JSON:\n{}",
        invalid.join("\n")
    );
    assert_valid(validator, log, what);
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "mapcheck");
    assert_eq!(driver["version"], json["version"], "{what}");
    assert_eq!(driver["semanticVersion"], json["version"], "{what}");
    let home = driver["informationUri"].as_str().unwrap();
    assert!(home.starts_with("https://"), "{home}");
    let results = run["results"].as_array().unwrap();
    let rules = driver["rules"].as_array().cloned().unwrap_or_default();
    for rule in &rules {
        // SARIF's style: a kebab-case id, a PascalCase name, text for the viewer's panel.
        let id = rule["id"].as_str().unwrap();
        assert!(
            id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{id}"
        );
        let name = rule["name"].as_str().unwrap();
        let words: String = id
            .split('-')
            .map(|w| w[..1].to_uppercase() + &w[1..])
            .collect();
        assert!(name.starts_with(&words), "{id}: {name}");
        for key in ["shortDescription", "fullDescription"] {
            assert!(rule[key]["text"].is_string(), "{id}: {key}");
        }
        assert!(rule["help"]["text"].is_string() && rule["help"]["markdown"].is_string());
        assert!(
            rule["helpUri"].as_str().unwrap().starts_with(home),
            "{id}: {}",
            rule["helpUri"]
        );
        assert!(rule["defaultConfiguration"]["level"].is_string(), "{id}");
    }
    let rule_ids: Vec<&Value> = rules.iter().map(|r| &r["id"]).collect();
    let mut fingerprints = BTreeSet::new();
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rule_ids.get(index), Some(&&r["ruleId"]), "{what}: {r}");
        let fingerprint = r["partialFingerprints"]["mapcheckFinding/v1"]
            .as_str()
            .unwrap_or_else(|| panic!("{what}: no fingerprint: {r}"));
        assert!(
            fingerprints.insert(fingerprint.to_string()),
            "{what}: fingerprint {fingerprint} twice"
        );
    }
    let kernels = json["kernels"].as_array().unwrap();
    let findings: Vec<(&Value, &Value)> = kernels
        .iter()
        .flat_map(|k| {
            k["findings"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |f| (k, f))
        })
        .collect();
    let of_findings: Vec<&Value> = results
        .iter()
        .filter(|r| {
            !["undecided", "internal-error", "data-dependent"]
                .contains(&r["ruleId"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        of_findings.len(),
        findings.len(),
        "{what}: one result per finding"
    );
    for (r, (k, f)) in of_findings.iter().zip(&findings) {
        assert_eq!(r["ruleId"], f["kind"], "{what}");
        assert_eq!(r["properties"]["kernel"], k["name"], "{what}");
        let defect = f["kind"] == "data-race"
            || f["kind"] == "barrier-divergence"
            || f["kind"] == "out-of-bounds";
        let level = match (defect, f["certainty"].as_str().unwrap()) {
            (true, "proven" | "confirmed") => "error",
            (true, _) => "warning",
            (false, _) => "note",
        };
        assert_eq!(r["level"], level, "{what}: {f}");
        let locations = f["locations"].as_array().unwrap();
        let same_region = |region: &Value, l: &Value| {
            assert_eq!(region["startLine"], l["line"], "{what}: {f}");
            assert_eq!(region["startColumn"], l["column"], "{what}: {f}");
            assert_eq!(region["endLine"], l["end_line"], "{what}: {f}");
            assert_eq!(region["endColumn"], l["end_column"], "{what}: {f}");
        };
        same_region(
            &r["locations"][0]["physicalLocation"]["region"],
            &locations[0],
        );
        for l in locations {
            if let Some(role) = l.get("role") {
                seen.roles.insert(format!(
                    "{} {}",
                    role["thread"].as_str().unwrap_or("-"),
                    role["access"].as_str().unwrap()
                ));
            }
        }
        let related = r["relatedLocations"].as_array().map_or(0, Vec::len);
        assert_eq!(related, locations.len() - 1, "{what}: {f}");
        let text = r["message"]["text"].as_str().unwrap();
        if related > 0 {
            let second = &r["relatedLocations"][0];
            assert_eq!(second["id"], 1, "{what}");
            same_region(&second["physicalLocation"]["region"], &locations[1]);
            // The message links thread B's access, so that viewers show it.
            let access = locations[1]["role"]["access"].as_str().unwrap();
            assert!(
                text.contains(&format!("[thread B's {access}](1)")),
                "{what}: {text}"
            );
            seen.related += 1;
        }
        if f["kind"] == "out-of-bounds" {
            // One thread's access: thread A alone, with its index.
            assert!(
                text.contains("thread A (") && !text.contains("thread B"),
                "{what}: {text}"
            );
            let index = format!("index {} outside dimension", f["bound"]["index"]);
            assert!(text.contains(&index), "{what}: {text}");
            seen.results += 1;
            continue;
        }
        if let Some(array) = f["array"].as_str() {
            assert!(text.contains(&format!("`{array}`")), "{what}: {text}");
            // Worded as the human report: threads A and B, in CUDA's terms for a CUDA
            // kernel and BabyCUDA's for a `.bcu` one, and the cell as the JSON gives it
            // (its brackets escaped, as SARIF wants literal brackets in a message with links).
            assert!(
                text.contains("thread A (") && text.contains(" and thread B ("),
                "{what}: {text}"
            );
            let ids = if k["file"].as_str().unwrap().ends_with(".cu") {
                "threadIdx"
            } else {
                "(tid "
            };
            assert!(text.contains(ids), "{what}: {text}");
            if let Some(cell) = f["witness"]["cell"]["text"].as_str() {
                let escaped = cell.replace('[', "\\[").replace(']', "\\]");
                assert!(text.contains(&format!("cell {escaped}")), "{what}: {text}");
            }
            // The two threads as a code flow: thread A at its access, thread B at its own.
            let flows = r["codeFlows"][0]["threadFlows"].as_array().unwrap();
            assert_eq!(flows.len(), 2, "{what}");
            for (flow, (name, l)) in flows
                .iter()
                .zip([("A", &locations[0]), ("B", &locations[1])])
            {
                assert_eq!(flow["id"], name, "{what}");
                same_region(
                    &flow["locations"][0]["location"]["physicalLocation"]["region"],
                    l,
                );
            }
            seen.code_flows += 1;
        }
        seen.results += 1;
    }
    // One note per reason of a data-dependent kernel, at the reason's location, its sources
    // linked.
    let reasons: Vec<&Value> = kernels
        .iter()
        .flat_map(|k| k["reasons"].as_array().map_or(&[][..], Vec::as_slice))
        .collect();
    let notes: Vec<&Value> = results
        .iter()
        .filter(|r| r["ruleId"] == "data-dependent")
        .collect();
    assert_eq!(notes.len(), reasons.len(), "{what}: one note per reason");
    for (n, reason) in notes.iter().zip(&reasons) {
        assert_eq!(n["level"], "note");
        let region = &n["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["startLine"], reason["location"]["line"], "{what}");
        assert_eq!(
            region["endColumn"], reason["location"]["end_column"],
            "{what}"
        );
        let sources = reason["sources"].as_array().unwrap();
        let related = n["relatedLocations"].as_array().map_or(0, Vec::len);
        assert_eq!(related, sources.len(), "{what}");
        let text = n["message"]["text"].as_str().unwrap();
        for i in 1..=sources.len() {
            assert!(text.contains(&format!("]({i})")), "{what}: {text}");
        }
        seen.notes += 1;
    }
    // An `unknown` that only an index out of bounds made has no undecided query.
    let unknown = kernels
        .iter()
        .filter(|k| k["verdict"] == "unknown" && k.get("undecided").is_some())
        .count();
    let undecided = results
        .iter()
        .filter(|r| r["ruleId"] == "undecided")
        .count();
    assert_eq!(
        undecided, unknown,
        "{what}: one `undecided` per unknown verdict"
    );
    for r in results {
        assert!(
            rule_ids.contains(&&r["ruleId"]),
            "{what}: no rule {}",
            r["ruleId"]
        );
    }
    seen
}

#[test]
fn every_example_gives_a_valid_log_that_says_what_the_json_says() {
    let validator = validator();
    let files = examples();
    assert!(files.len() >= 80, "only {} examples", files.len());
    let (json, log) = documents(&files, "examples");
    // The one example with an input error fails one kernel of its file, which the error and
    // its notification name.
    let errors = json["errors"].as_array().unwrap();
    assert!(!errors.is_empty());
    let notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap();
    assert_eq!(notes.len(), errors.len());
    for (e, n) in errors.iter().zip(notes) {
        assert_eq!(e["file"], "examples/cuda/partial_failure.cu", "{e}");
        assert_eq!(e["kernel"], "bad", "{e}");
        assert_eq!(n["properties"]["kernel"], "bad", "{n}");
        let region = &n["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["endColumn"], e["end_column"], "{n}");
    }
    let seen = check_log(&validator, &json, &log, "examples");
    // The examples must exercise what is checked above.
    assert!(seen.results >= 40, "{seen:?}");
    assert!(seen.related >= 20, "{seen:?}");
    assert!(seen.code_flows >= 20, "{seen:?}");
    assert!(seen.notes >= 5, "{seen:?}");
    for role in [
        "A read",
        "A write",
        "B read",
        "B write",
        "A barrier",
        "- barrier",
    ] {
        assert!(seen.roles.contains(role), "no role {role}: {seen:?}");
    }
    assert!(
        seen.roles.iter().any(|r| r.ends_with(" atomic")),
        "{seen:?}"
    );
}

#[test]
fn a_sample_of_the_cuda_corpus_gives_valid_logs() {
    let validator = validator();
    let files = corpus_sample();
    assert!(files.len() >= 15, "only {} files", files.len());
    let (json, log) = documents(&files, "corpus");
    let seen = check_log(&validator, &json, &log, "tests/cuda sample");
    assert!(seen.results >= 5, "{seen:?}");
}

/// A finding's fingerprint depends on its rule, kernel and the source text of its accesses,
/// not on where they are: lines added above it leave it unchanged (and the region moves).
#[test]
fn fingerprints_survive_lines_added_above() {
    let dir = std::env::temp_dir().join(format!("mapcheck-sarif-fp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original = std::fs::read_to_string(root().join("examples/babycuda_fig3_loop.bcu")).unwrap();
    let file = dir.join("fig3.bcu");
    let run = |text: &str| {
        std::fs::write(&file, text).unwrap();
        let (_, stdout) = mapcheck(&["--format", "sarif", file.to_str().unwrap()]);
        let log: Value = serde_json::from_str(&stdout).unwrap();
        let results = log["runs"][0]["results"].as_array().unwrap().clone();
        results
            .iter()
            .map(|r| {
                (
                    r["partialFingerprints"]["mapcheckFinding/v1"].clone(),
                    r["locations"][0]["physicalLocation"]["region"]["startLine"]
                        .as_i64()
                        .unwrap(),
                )
            })
            .collect::<Vec<_>>()
    };
    let before = run(&original);
    let after = run(&format!("// a comment\n\n// and another\n{original}"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!before.is_empty());
    assert_eq!(before.len(), after.len());
    for ((fp1, line1), (fp2, line2)) in before.iter().zip(&after) {
        assert_eq!(fp1, fp2);
        assert_eq!(line1 + 3, *line2);
    }
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
    // The whole log of one example, for review (the version written as `VERSION`, so that a
    // release does not change the snapshot).
    let text = serde_json::to_string_pretty(&printed)
        .unwrap()
        .replace(&format!("\"{}\"", env!("CARGO_PKG_VERSION")), "\"VERSION\"")
        .replace(
            &format!("mapcheck {}", env!("CARGO_PKG_VERSION")),
            "mapcheck VERSION",
        );
    insta::assert_snapshot!("fig3_log", text);
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
    assert!(region["endColumn"].as_i64().unwrap() >= region["startColumn"].as_i64().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}
