//! Which exact verdicts are covered by the Coq theorems (issue 17 item 4): an exact `.bcu`
//! kernel says `exact, mechanised` (JSON `"mechanised": true`); an exact kernel lowered from
//! CUDA (the lowering is tested, not proved), an exact kernel under `--warp-sync` or with a
//! `syncwarp;` (the Coq semantics has no warps) and a data-dependent kernel do not
//! (`papers/proofs.md` §6).
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
