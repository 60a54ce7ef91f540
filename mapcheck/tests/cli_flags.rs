//! The flags scripts and CI systems lean on (issue 35, item 4): `--color`, `--quiet`, the exit
//! codes in `--help`, `fix --diff` and `fix --in-place`, and no `--json` offered by `fix`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

fn mapcheck(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn color_follows_the_flag_and_is_off_when_redirected() {
    let file = "examples/babycuda_fig3_loop.bcu";
    let (_, plain, _) = mapcheck(&[file]);
    assert!(
        !plain.contains('\u{1b}'),
        "redirected: no escape codes\n{plain}"
    );
    let (_, never, _) = mapcheck(&["--color", "never", file]);
    assert_eq!(never, plain);
    let (code, always, _) = mapcheck(&["--color", "always", file]);
    assert_eq!(code, 1);
    assert!(always.contains('\u{1b}'), "{always}");
}

#[test]
fn quiet_prints_the_verdict_lines_only() {
    let (code, out, err) = mapcheck(&[
        "--quiet",
        "examples/babycuda_fig3_loop.bcu",
        "examples/grid_stride_loop.bcu",
    ]);
    assert_eq!(code, 1, "the exit code is the same");
    assert_eq!(
        out,
        "examples/babycuda_fig3_loop.bcu: kernel `fig3`: racy (exact, mechanised)\n\
         examples/grid_stride_loop.bcu: kernel `grid_stride`: drf (exact)\n"
    );
    assert!(err.is_empty(), "{err}");
}

#[test]
fn help_lists_the_exit_codes_and_fix_offers_no_json() {
    let (code, out, _) = mapcheck(&["--help"]);
    assert_eq!(code, 0);
    for line in [
        "Exit codes",
        "  3  a defect is potential only",
        "  4  a solver query",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let (_, help, _) = mapcheck(&["fix", "--help"]);
    assert!(!help.contains("--json"), "{help}");
    assert!(
        help.contains("--diff") && help.contains("--in-place"),
        "{help}"
    );
}

#[test]
fn fix_prints_a_diff_or_writes_the_file() {
    let original = "examples/cuda/reduce_nosync.cu";
    // The geometry the kernel is written for: in a block of more than 64 threads it indexes
    // `sdata[64]` out of bounds, which no barrier fixes (notes/out-of-bounds.md).
    let block = ["--block-dim", "64"];
    let (code, diff, _) = mapcheck(&["fix", "--diff", block[0], block[1], original]);
    assert_eq!(code, 0);
    assert!(
        diff.starts_with(&format!("--- a/{original}\n+++ b/{original}\n")),
        "{diff}"
    );
    let added: Vec<&str> = (diff.lines().skip(2))
        .filter(|l| l.starts_with('+'))
        .collect();
    assert_eq!(added, ["+    __syncthreads();"], "{diff}");

    let dir = std::env::temp_dir().join(format!("mapcheck-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("reduce_nosync.cu");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::copy(root.join(original), &copy).unwrap();
    let (code, out, err) = mapcheck(&[
        "fix",
        "--in-place",
        block[0],
        block[1],
        copy.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "{out}");
    let (_, printed, _) = mapcheck(&["fix", block[0], block[1], original]);
    assert_eq!(std::fs::read_to_string(&copy).unwrap(), printed);
    // Fixed already: checked drf, and fixing it again leaves it as it is.
    let (code, _, _) = mapcheck(&[copy.to_str().unwrap(), "--block-dim", "64"]);
    assert_eq!(code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}
