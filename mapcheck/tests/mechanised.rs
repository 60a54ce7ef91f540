//! Which exact verdicts carry the `mechanised` certificate (SPEC §7, issues 17 and 33): an
//! exact `.bcu` kernel whose verdict Theorem 1 speaks about and that Coq's extracted checker
//! types as mapcheck does says `exact, mechanised` (JSON `"mechanised": true`); an exact kernel
//! lowered from CUDA (the lowering is tested, not proved), one under `--warp-sync` or with a
//! `syncwarp;` (the Coq semantics has no warps), a benign-only `drf`, a kernel with a
//! divergence finding or a loop that may not terminate, and a kernel the extracted checker
//! types otherwise (or cannot be asked about), or that uses a construct outside the Coq
//! syntax (`syncwarp`, a literal beyond the extracted checker's integers), do not, and
//! `not_mechanised` says why.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::process::Command;

fn mapcheck(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The one kernel of the JSON report of `file` with `flags`: its class and `mechanised`.
fn kernel(file: &str, flags: &[&str]) -> (String, bool) {
    let mut args = vec!["--json", file];
    args.extend_from_slice(flags);
    let doc: Value = serde_json::from_str(&mapcheck(&args)).unwrap();
    let k = &doc["kernels"][0];
    (
        k["class"].as_str().unwrap().to_string(),
        k.get("mechanised")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    )
}

#[test]
fn an_exact_bcu_kernel_is_mechanised_in_json_and_text() {
    let file = "examples/babycuda_fig3_loop.bcu";
    assert_eq!(kernel(file, &[]), ("exact".to_string(), true));
    assert!(
        mapcheck(&[file]).contains("racy (exact, mechanised)"),
        "{}",
        mapcheck(&[file])
    );
    // Every arithmetic of the tool has its instance in `Arith.v`.
    assert_eq!(
        kernel(file, &["--arith", "bv32"]),
        ("exact".to_string(), true)
    );
    assert_eq!(
        kernel(file, &["--arith", "bv64"]),
        ("exact".to_string(), true)
    );
    // A grid-level race is `grid_theorem1`'s.
    assert_eq!(
        kernel("examples/grid_global_race.bcu", &[]),
        ("exact".to_string(), true)
    );
}

#[test]
fn lowered_cuda_lockstep_warps_and_data_dependence_are_not() {
    // Exact, but through the CUDA lowering.
    let (class, mechanised) = kernel("examples/cuda/transpose_nosync.cu", &[]);
    assert_eq!((class.as_str(), mechanised), ("exact", false));
    let text = mapcheck(&["examples/cuda/transpose_nosync.cu"]);
    assert!(text.contains("racy (exact)"), "{text}");
    // Exact, but decided with lockstep warps.
    let (class, mechanised) = kernel("examples/babycuda_fig3_loop.bcu", &["--warp-sync"]);
    assert_eq!((class.as_str(), mechanised), ("exact", false));
    // Exact, but with a `syncwarp`, which the Coq model does not have.
    let file = "examples/syncwarp_partner.bcu";
    let (class, mechanised) = kernel(file, &["--block-dim", "64"]);
    assert_eq!((class.as_str(), mechanised), ("exact", false));
    let text = mapcheck(&[file, "--block-dim", "64"]);
    assert!(text.contains("drf (exact)"), "{text}");
    // Data-dependent: nothing to cover.
    let (class, mechanised) = kernel("examples/babycuda_eq2_data_index.bcu", &[]);
    assert_eq!((class.as_str(), mechanised), ("data-dependent", false));
}

/// The JSON `not_mechanised` reason of the one kernel of `file` with `flags`, or `None` when it
/// is mechanised.
fn not_mechanised(file: &str, flags: &[&str], env: Option<(&str, &str)>) -> Option<String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mapcheck"));
    command
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .arg("--json")
        .arg(file)
        .args(flags);
    if let Some((key, value)) = env {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    let k = &doc["kernels"][0];
    assert_eq!(k["class"], "exact", "{k}");
    match k.get("mechanised").and_then(Value::as_bool) {
        Some(true) => None,
        _ => Some(k["not_mechanised"].as_str().unwrap().to_string()),
    }
}

/// SPEC §7: the certificate is printed only for a verdict Theorem 1 speaks about — strict
/// races, no divergence finding, every loop terminating — and only when Coq's extracted
/// checker typed the kernel as mapcheck did. Each condition alone withholds it, and `--json`
/// says which.
#[test]
fn the_certificate_needs_every_condition() {
    let fig3 = "examples/babycuda_fig3_loop.bcu";
    assert_eq!(not_mechanised(fig3, &[], None), None);
    // A race-free verdict only because its one race is benign: the Coq race is strict.
    let why = not_mechanised("examples/benign_same_literal.bcu", &["--benign"], None);
    assert!(
        why.as_deref().is_some_and(|w| w.contains("benign")),
        "{why:?}"
    );
    assert_eq!(
        not_mechanised("examples/benign_same_literal.bcu", &[], None),
        None
    );
    // A divergence finding: the kernel has no run in the Coq semantics.
    let why = not_mechanised("examples/aucs_deadlock0.bcu", &[], None);
    assert!(
        why.as_deref().is_some_and(|w| w.contains("divergence")),
        "{why:?}"
    );
    // A loop that does not move.
    let why = not_mechanised("mapcheck/tests/data/loop_from_zero.bcu", &[], None);
    assert!(
        why.as_deref().is_some_and(|w| w.contains("loop")),
        "{why:?}"
    );
    // Something the Coq syntax has no counterpart for: a literal beyond the extracted
    // checker's integers (a `syncwarp;` is refused earlier, above).
    let why = not_mechanised("mapcheck/tests/data/literal_beyond_coq.bcu", &[], None);
    assert!(
        why.as_deref()
            .is_some_and(|w| w.contains("outside the Coq model: the literal 4611686018427387904")),
        "{why:?}"
    );
    // Constructs the differential test covers since issue 33 (`coq_differential`): an
    // `assume`, thread-id components with a typed parameter and a `global` array.
    assert_eq!(
        not_mechanised("examples/assume_precondition.bcu", &[], None),
        None
    );
    assert_eq!(
        not_mechanised("mapcheck/tests/data/components_tile.bcu", &[], None),
        None
    );
    // The extracted checker answering otherwise (a stand-in that types nothing), or missing.
    let dir = std::env::temp_dir().join(format!("mapcheck-coq-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("coq-infer");
    std::fs::write(
        &fake,
        "#!/bin/sh\nwhile read line; do echo untypable; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let why = not_mechanised(
        fig3,
        &[],
        Some(("MAPCHECK_COQ_INFER", fake.to_str().unwrap())),
    );
    assert!(
        why.as_deref().is_some_and(|w| w.contains("does not type")),
        "{why:?}"
    );
    let missing = dir.join("missing");
    let why = not_mechanised(
        fig3,
        &[],
        Some(("MAPCHECK_COQ_INFER", missing.to_str().unwrap())),
    );
    assert!(
        why.as_deref().is_some_and(|w| w.contains("not built")),
        "{why:?}"
    );
    let text = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .arg(fig3)
        .env("MAPCHECK_COQ_INFER", &missing)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("racy (exact)\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
