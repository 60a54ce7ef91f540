//! The JSON document of `mapcheck run --json` (SPEC §7) against its committed JSON Schema,
//! `mapcheck/mapcheck-run-1.schema.json`: the file is the one the document's types give
//! (`MAPCHECK_UPDATE_SCHEMA=1` rewrites it), the run of every `examples/*.bcu` and
//! `examples/cuda/*.cu` under each of its `// check:` flag lines validates against it, and
//! documents that break it are rejected.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn schema_path() -> PathBuf {
    root().join("mapcheck/mapcheck-run-1.schema.json")
}

/// The validator of the committed schema, built once.
fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let text = std::fs::read_to_string(schema_path()).unwrap();
        // Strict, as issue 35 item 5 asks: formats checked, an unknown format an error (so
        // the schema keeps to JSON Schema's own formats).
        jsonschema::options()
            .should_validate_formats(true)
            .should_ignore_unknown_formats(false)
            .build(&serde_json::from_str(&text).unwrap())
            .unwrap()
    })
}

fn violations(doc: &Value) -> Vec<String> {
    validator()
        .iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

fn run_json(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(root())
        .arg("run")
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("`run --json {args:?}` printed no JSON: {e}"))
}

fn examples(dir: &str, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

#[test]
fn the_committed_schema_is_the_run_documents() {
    let path = schema_path();
    let text = serde_json::to_string_pretty(&mapcheck::run_report::json_schema()).unwrap() + "\n";
    if std::env::var_os("MAPCHECK_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{} differs from the run document's types: rerun with MAPCHECK_UPDATE_SCHEMA=1 and \
         commit it",
        path.display()
    );
}

/// Every example's run, under each of its check lines' flags (which give the parameters and
/// the geometry, else four threads) and once more with random memory, is valid; the parts of the schema that only
/// some runs fill in (races, divergences, atomics, input errors) are each exercised.
#[test]
fn every_examples_run_document_is_valid() {
    let mut files = examples("examples", "bcu");
    files.extend(examples("examples/cuda", "cu"));
    assert!(files.len() > 40, "{} examples", files.len());
    let (mut runs, mut races, mut divergences, mut atomics) = (0, 0, 0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.to_str().unwrap();
        let lines: Vec<Vec<&str>> = text
            .lines()
            .filter_map(|l| l.strip_prefix("// check:"))
            // `--any-launch` is `check`'s alone: a run's geometry is given, nothing assumed.
            .map(|l| {
                let flags = l.split("=>").next().unwrap().split_whitespace();
                flags.filter(|f| *f != "--any-launch").collect()
            })
            .collect();
        assert!(!lines.is_empty(), "{name} has no `// check:` line");
        for flags in &lines {
            // `check` of a `.bcu` kernel needs no geometry, `run` does; a `.cu` file may have
            // it in its GPUVerify header.
            let geometry: &[&str] = match flags.contains(&"--block-dim") || name.ends_with(".cu") {
                true => &[],
                false => &["--block-dim", "4"],
            };
            for init in ["zero", "random:3"] {
                let args = [&flags[..], geometry, &["--init", init, name]].concat();
                let doc = run_json(&args);
                assert_eq!(doc["schema"], "mapcheck/1");
                let invalid = violations(&doc);
                assert!(
                    invalid.is_empty(),
                    "`run --json {args:?}` is not valid against the schema:\n{}",
                    invalid.join("\n")
                );
                for run in doc["runs"].as_array().unwrap() {
                    runs += 1;
                    races += run["races"].as_array().unwrap().len();
                    divergences += run["divergences"].as_array().unwrap().len();
                    atomics += run.to_string().matches("\"operand\"").count();
                }
            }
        }
    }
    assert!(runs > 100, "{runs} runs");
    assert!(races > 0 && divergences > 0 && atomics > 0);
    // Input errors: no geometry, and a file that does not parse.
    for args in [
        &["examples/assume_precondition.bcu"][..],
        &["--block-dim", "4", "tests/broken/missing_semi_let.bcu"],
    ] {
        let doc = run_json(args);
        assert!(!doc["errors"].as_array().unwrap().is_empty(), "{doc}");
        assert!(violations(&doc).is_empty(), "{:?}", violations(&doc));
    }
}

/// What a broken document breaks, and how.
type Break = (&'static str, fn(&mut Value));

/// The schema is not vacuous: a run document broken in any of these ways is rejected.
#[test]
fn broken_run_documents_are_rejected() {
    // A racy kernel whose history has phases with threads.
    let doc = run_json(&["--block-dim", "4", "examples/benign_thread_id.bcu"]);
    assert!(violations(&doc).is_empty(), "{:?}", violations(&doc));
    assert!(!doc["runs"][0]["races"].as_array().unwrap().is_empty());
    let breaks: [Break; 6] = [
        ("a phase without `threads`", |d| {
            let phase = &mut d["runs"][0]["blocks"][0]["phases"][0];
            phase.as_object_mut().unwrap().remove("threads");
        }),
        ("a run without `drf`", |d| {
            d["runs"][0].as_object_mut().unwrap().remove("drf");
        }),
        ("a fractional thread id", |d| {
            d["runs"][0]["blocks"][0]["phases"][0]["threads"][0]["tid"] = 1.5.into();
        }),
        ("an event of an unknown kind", |d| {
            d["runs"][0]["blocks"][0]["phases"][0]["threads"][0]["events"][0]["kind"] =
                "load".into();
        }),
        ("a race of an unknown scope", |d| {
            d["runs"][0]["races"][0]["scope"] = "warp".into();
        }),
        ("a race between three threads", |d| {
            let threads = d["runs"][0]["races"][0]["threads"].as_array_mut().unwrap();
            threads.push(threads[0].clone());
        }),
    ];
    for (what, break_it) in breaks {
        let mut broken = doc.clone();
        break_it(&mut broken);
        assert_ne!(broken, doc, "{what}: nothing was changed");
        assert!(!violations(&broken).is_empty(), "{what} is accepted");
    }
}

/// The validators of these tests are strict in the way that matters here: a `format` that JSON
/// Schema does not define (schemars' `uint`, `int128`, which the committed schemas used to
/// have) is an error, not silently ignored — so the schemas' validity is a real check.
#[test]
fn a_strict_validator_refuses_schemars_formats() {
    for format in ["uint", "int128", "uint64"] {
        let schema = serde_json::json!({"type": "integer", "format": format});
        let strict = jsonschema::options()
            .should_validate_formats(true)
            .should_ignore_unknown_formats(false)
            .build(&schema);
        let refused = match strict {
            Err(_) => true,
            Ok(v) => !v.is_valid(&serde_json::json!(1)),
        };
        assert!(refused, "`{format}` accepted");
    }
}
