//! Issue 34 items 2 and 5: host code never fails a kernel (clang's errors inside host-only
//! functions are warnings, SPEC §8), a file that is not UTF-8 is read as Latin-1, and the
//! GPUVerify header's flags mapcheck does not honour are named in a warning.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::process::Command;

fn mapcheck(file: &str) -> (i32, Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
        .args(["--json", file])
        .output()
        .unwrap();
    let doc = serde_json::from_slice(&output.stdout).unwrap();
    (output.status.code().unwrap_or(-1), doc)
}

fn messages(doc: &Value, key: &str) -> Vec<String> {
    doc[key]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| e["message"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn errors_in_host_functions_are_warnings_and_the_kernel_decides_the_exit_code() {
    let (code, doc) = mapcheck("host_errors_racy.cu");
    assert_eq!(code, 1, "{doc}");
    assert!(messages(&doc, "errors").is_empty(), "{doc}");
    assert_eq!(doc["kernels"][0]["verdict"], "racy", "{doc}");
    let warnings = messages(&doc, "warnings");
    // One warning per host function: `Timer::start` and `main` (whose `std::sort` fails in
    // libstdc++'s templates, instantiated from `main`).
    assert!(
        warnings.iter().any(|w| w.contains("`start`")),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("`main`") && w.contains("StopWatchInterfaceMissing")),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .all(|w| w.starts_with("clang rejects the host function")),
        "{warnings:?}"
    );
}

#[test]
fn errors_in_device_code_still_fail_the_file() {
    let (code, doc) = mapcheck("device_error.cu");
    assert_eq!(code, 2, "{doc}");
    let errors = doc["errors"].as_array().unwrap();
    assert!(
        errors.iter().any(|e| e["line"] == 3
            && e["message"]
                .as_str()
                .unwrap()
                .contains("undeclared_in_device")),
        "{doc}"
    );
    // The host error is no error of the file.
    assert_eq!(errors.len(), 1, "{doc}");
}

#[test]
fn latin1_text_and_ignored_header_flags_are_warnings() {
    let (code, doc) = mapcheck("latin1_ignored_flags.cu");
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["kernels"][0]["verdict"], "drf", "{doc}");
    let warnings = messages(&doc, "warnings");
    assert!(
        warnings.iter().any(|w| w.contains("read as Latin-1")),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("`--only-intra-group`, `--no-inline`")),
        "{warnings:?}"
    );
}

#[test]
fn missing_system_headers_are_read_as_empty() {
    let (code, doc) = mapcheck("missing_system_header.cu");
    assert_eq!(code, 0, "{doc}");
    assert!(messages(&doc, "errors").is_empty(), "{doc}");
    let warnings = messages(&doc, "warnings");
    for name in [
        "<mapcheck_no_such_library.h>",
        "<mapcheck_no_such_dir/vector.h>",
    ] {
        assert!(
            warnings
                .iter()
                .any(|w| w.contains(name) && w.contains("read as empty")),
            "{warnings:?}"
        );
    }
    assert!(
        warnings.iter().any(|w| w.contains("`main`")),
        "{warnings:?}"
    );
}
