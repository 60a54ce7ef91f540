//! The CLI on CUDA inputs: one failing kernel leaves the others checked, run and emitted
//! (exit 2 still wins, SPEC §7), and `mapcheck run` reads a `.cu` file as `check` does (the
//! `-D` flags and the GPUVerify header's geometry).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::process::Command;

fn mapcheck(args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/cuda"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// An empty directory of this test process for the files a test writes.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mapcheck-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(doc: &Value, key: &str, field: &str) -> Vec<String> {
    doc[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k[field].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn check_reports_the_kernels_next_to_a_failing_one() {
    let (code, out) = mapcheck(&["--json", "--block-dim", "32", "partial_failure.cu"]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "kernels", "name"), ["copy", "racy"]);
    let errors = doc["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["line"], 12);
}

#[test]
fn kernel_selects_the_errors_too() {
    let (code, _) = mapcheck(&[
        "--block-dim",
        "32",
        "--grid-dim",
        "4",
        "--kernel",
        "copy",
        "partial_failure.cu",
    ]);
    assert_eq!(code, 0);
    let (code, _) = mapcheck(&["--block-dim", "32", "--kernel", "bad", "partial_failure.cu"]);
    assert_eq!(code, 2);
    let (code, _) = mapcheck(&[
        "--block-dim",
        "32",
        "--grid-dim",
        "4",
        "--kernel",
        "nope",
        "partial_failure.cu",
    ]);
    assert_eq!(code, 2);
}

#[test]
fn emit_prints_the_kernels_that_lowered_and_fails() {
    let (code, out) = mapcheck(&["--emit", "map", "--block-dim", "4", "partial_failure.cu"]);
    assert_eq!(code, 2);
    assert!(
        out.contains("kernel copy") && out.contains("kernel racy"),
        "{out}"
    );
}

#[test]
fn run_runs_the_kernels_next_to_a_failing_one() {
    let (code, out) = mapcheck(&["run", "--json", "--block-dim", "4", "partial_failure.cu"]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "runs", "kernel"), ["copy", "racy"]);
    assert_eq!(doc["errors"].as_array().unwrap().len(), 1);
}

#[test]
fn run_uses_the_gpuverify_header_geometry() {
    // `//--blockDim=[16,16] --gridDim=[4,4]`: no `--block-dim` needed.
    let (code, out) = mapcheck(&[
        "run",
        "transpose_tile.cu",
        "-p",
        "width=64",
        "-p",
        "height=64",
    ]);
    assert_eq!(code, 0, "{out}");
    // In CUDA's words (issue 35 item 2): the geometry, ids as (x, y, z), cells as declared.
    assert!(
        out.contains("(blockDim = (16, 16, 1), gridDim = (4, 4, 1), height = 64, width = 64;"),
        "{out}"
    );
    assert!(out.contains("block (0, 0, 0)\n"), "{out}");
    assert!(out.contains("thread (1, 0, 0): "), "{out}");
    assert!(out.contains("write tile[0][1] := 0"), "{out}");
    assert!(out.contains("ends at __syncthreads() #0"), "{out}");
    assert!(!out.contains("ntid") && !out.contains("thread 1:"), "{out}");
}

#[test]
fn run_uses_the_defines() {
    let (code, _) = mapcheck(&["run", "--block-dim", "32", "macros.cu"]);
    assert_eq!(code, 0);
    let (code, _) = mapcheck(&["run", "--block-dim", "32", "-D", "SHARE_CELL", "macros.cu"]);
    assert_eq!(code, 1);
}

/// Class and verdict of each kernel of a `--json` document, with "racy" for any alarm (a
/// `.cu` input's replay may leave `potential` what the same core kernel as `.bcu` confirms).
fn outcomes(doc: &Value) -> Vec<(String, String)> {
    doc["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            let verdict = match k["verdict"].as_str().unwrap() {
                "racy" | "possibly-racy" => "racy",
                v => v,
            };
            (
                k["class"].as_str().unwrap().to_string(),
                verdict.to_string(),
            )
        })
        .collect()
}

#[test]
#[ignore = "long tier: three CLI runs per examples/cuda file (about 70 s in debug); the fast tier reads back a sample of the same files in-process (tests/tests/emit_core_readback.rs)"]
fn emit_core_prints_what_the_front_end_lowered_as_bcu_that_reads_back_alike() {
    // The lowered kernel, read back as `.bcu`, is decided with the same class and verdict:
    // `--emit core` shows exactly what was analysed.
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/cuda"));
    let scratch = scratch("core");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    for file in files {
        let name = file.file_name().unwrap().to_str().unwrap().to_string();
        let (_, core) = mapcheck(&["--emit", "core", &name]);
        let bcu = scratch.join(format!("{name}.bcu"));
        std::fs::write(&bcu, &core).unwrap();
        let (code, doc) = mapcheck(&["--json", &name]);
        // The geometry of a GPUVerify header becomes `assume`s of the core; its `--warp-sync`
        // is an analysis option, given to the `.bcu` on the command line.
        let text = std::fs::read_to_string(&file).unwrap();
        let warp = mapcheck::input::header_warp_sync(&text).map(|n| format!("--warp-sync={n}"));
        let mut args = vec!["--json", bcu.to_str().unwrap()];
        args.extend(warp.as_deref());
        let (_, back) = mapcheck(&args);
        let (doc, back): (Value, Value) = (
            serde_json::from_str(&doc).unwrap(),
            serde_json::from_str(&back).unwrap(),
        );
        if code == 2 {
            // The kernels that failed to lower are not printed.
            assert!(!doc["errors"].as_array().unwrap().is_empty(), "{name}");
            continue;
        }
        assert!(
            back["errors"].as_array().unwrap().is_empty(),
            "{name}:\n{core}\n{back}"
        );
        assert_eq!(outcomes(&doc), outcomes(&back), "{name}:\n{core}");
    }
}

/// A block-level race's witness as JSON gives it: threads A and B's `threadIdx` and
/// `blockIdx`, and the cell as declared.
struct RaceWitness {
    tids: Vec<[i64; 3]>,
    bids: Vec<[i64; 3]>,
    cell: Value,
}

fn race_witnesses(doc: &Value, array: &str) -> Vec<RaceWitness> {
    let triple = |v: &Value| -> [i64; 3] {
        let a = v.as_array().unwrap();
        [0, 1, 2].map(|i| a[i].as_i64().unwrap())
    };
    doc["kernels"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["array"] == array && f["scope"] == "block")
        .map(|f| {
            let w = &f["witness"];
            let threads = w["threads"].as_array().unwrap();
            assert_eq!(threads[0]["name"], "A");
            assert_eq!(threads[1]["name"], "B");
            for t in threads {
                // `tid` and `thread_idx` are one triple under two names.
                assert_eq!(t["tid"], t["thread_idx"]);
                assert_eq!(t["bid"], t["block_idx"]);
            }
            RaceWitness {
                tids: threads.iter().map(|t| triple(&t["thread_idx"])).collect(),
                bids: threads.iter().map(|t| triple(&t["block_idx"])).collect(),
                cell: w["cell"].clone(),
            }
        })
        .collect()
}

#[test]
fn a_transpose_race_is_reported_at_the_declared_tile_cell() {
    // `tile[threadIdx.y][threadIdx.x] = ...; ... = tile[threadIdx.x][threadIdx.y];` of a
    // `float tile[16][17]`, blockDim (16, 16): thread A writes tile[A.y][A.x] and thread B
    // reads tile[B.x][B.y], so the cell's declared indices are both of these.
    let (code, out) = mapcheck(&["--json", "transpose_nosync.cu"]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let w = &doc["kernels"][0]["findings"][0]["witness"];
    assert_eq!(w["block_dim"], serde_json::json!([16, 16, 1]));
    assert_eq!(w["grid_dim"], serde_json::json!([4, 4, 1]));
    let races = race_witnesses(&doc, "tile");
    assert!(!races.is_empty());
    for RaceWitness { tids, cell, .. } in races {
        let (a, b) = (tids[0], tids[1]);
        assert_ne!(a, b, "two distinct threads");
        assert_eq!(cell["indices"], serde_json::json!([a[1], a[0]]));
        assert_eq!(cell["indices"], serde_json::json!([b[0], b[1]]));
        assert_eq!(cell["text"], format!("tile[{}][{}]", a[1], a[0]));
        assert_eq!(
            cell["path"],
            serde_json::json!([{"index": a[1]}, {"index": a[0]}])
        );
    }
}

#[test]
fn a_struct_field_race_is_reported_at_the_field() {
    // With `-D SAME_FIELD` both threads of a pair write `p[i].id`, i = (blockIdx.x * blockDim.x
    // + threadIdx.x) / 2, of `struct Particle { float x, y; int id; float4 colour; } *p`.
    let (code, out) = mapcheck(&[
        "--json",
        "--block-dim",
        "64",
        "--grid-dim",
        "4",
        "-D",
        "SAME_FIELD",
        "struct_fields.cu",
    ]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let races = race_witnesses(&doc, "p");
    assert!(!races.is_empty());
    for RaceWitness { tids, bids, cell } in races {
        let i = (bids[0][0] * 64 + tids[0][0]) / 2;
        assert_eq!(i, (bids[1][0] * 64 + tids[1][0]) / 2, "one element");
        assert_eq!(cell["text"], format!("p[{i}].id"));
        assert_eq!(cell["indices"], serde_json::json!([i]));
        assert_eq!(
            cell["path"],
            serde_json::json!([{"index": i}, {"field": "id"}])
        );
    }
}

/// Issue 16 item 3: a GPUVerify header's geometry is validated like the command line's. A header
/// outside CUDA's limits, or a value that is no geometry, is an input error located at the
/// header (exit 2), for `check` and `run` alike — never an internal error, never a geometry
/// silently left open. The same value on the command line is refused by the argument parser.
#[test]
fn header_geometry_outside_cuda_limits_is_a_located_input_error() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let cases = [
        (
            "header_grid_too_large.cu",
            "`gridDim.x` = 4294967296 is outside CUDA's limits",
        ),
        ("header_block_zero.cu", "`--blockDim=0`"),
        ("header_warp_sync_zero.cu", "`--warp-sync=0`"),
    ];
    for (file, message) in cases {
        let path = format!("{data}{file}");
        let (code, out) = mapcheck(&["--json", &path]);
        assert_eq!(code, 2, "{file}: {out}");
        let doc: Value = serde_json::from_str(&out).unwrap();
        assert!(
            doc["kernels"].as_array().unwrap().is_empty(),
            "{file}: {doc}"
        );
        let errors = doc["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{file}: {doc}");
        assert_eq!(errors[0]["line"], 1, "{file}: {doc}");
        let text = errors[0]["message"].as_str().unwrap();
        assert!(text.contains(message), "{file}: {text}");
        assert!(!out.contains("internal"), "{file}: {out}");
        let (code, out) = mapcheck(&["run", &path]);
        assert_eq!(code, 2, "{file}: `mapcheck run`: {out}");
    }
    // Issue 34 item 5: a header geometry beyond CUDA's limits but checkable is checked as
    // given, with a warning (2024 threads, each writing its own cell: drf).
    let (code, out) = mapcheck(&["--json", &format!("{data}header_block_too_large.cu")]);
    assert_eq!(code, 0, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["kernels"][0]["verdict"], "drf", "{doc}");
    let warning = doc["warnings"][0]["message"].as_str().unwrap();
    assert!(
        warning.contains("`blockDim.x` = 2024 is outside CUDA's limits")
            && warning.contains("as given"),
        "{warning}"
    );
    // The command line's own flag overrides an unreadable header value.
    let (code, _) = mapcheck(&["--block-dim", "4", &format!("{data}header_block_zero.cu")]);
    assert_ne!(code, 2);
    // The same geometry on the command line: refused by the argument parser (exit 2).
    let (code, _) = mapcheck(&["--block-dim", "2024", "warp_reduce.cu"]);
    assert_eq!(code, 2);
    let (code, _) = mapcheck(&["--grid-dim", "4294967296", "warp_reduce.cu"]);
    assert_eq!(code, 2);
}

/// The launch conventions (SPEC §8): a kernel that reads only `threadIdx.x` is checked for
/// blocks of `(x, 1, 1)` and says so; `--any-launch` checks 2-D blocks too, where threads
/// `(x, 0)` and `(x, 1)` collide; a given geometry replaces the conventions.
#[test]
fn launch_conventions_are_stated_and_any_launch_drops_them() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cuda/");
    let file = format!("{corpus}launch_reads_only_x.cu");
    let (code, out) = mapcheck(&["--json", &file]);
    assert_eq!(code, 0, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let kernel = &doc["kernels"][0];
    assert_eq!(kernel["verdict"], "drf");
    assert_eq!(
        kernel["assumptions"],
        serde_json::json!(["blockDim.y = 1", "blockDim.z = 1"]),
        "the header fixes the grid; the block's unread dimensions are assumed 1"
    );
    let (code, text) = mapcheck(&[&file]);
    assert_eq!(code, 0);
    assert!(
        text.contains("assuming the launch the code is written for: blockDim = (x, 1, 1)"),
        "{text}"
    );

    let (code, out) = mapcheck(&["--json", "--any-launch", &file]);
    assert_eq!(code, 1, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let kernel = &doc["kernels"][0];
    assert_eq!(kernel["verdict"], "racy");
    assert!(kernel.get("assumptions").is_none(), "{kernel}");
    let witness = &kernel["findings"][0]["witness"];
    let (a, b) = (&witness["threads"][0]["tid"], &witness["threads"][1]["tid"]);
    assert_eq!(a[0], b[0], "the two threads share threadIdx.x: {witness}");
    assert_ne!(a[1], b[1], "and differ in threadIdx.y: {witness}");

    let (code, out) = mapcheck(&["--json", "--block-dim", "32,2", &file]);
    assert_eq!(code, 1, "a given 2-D block replaces the conventions: {out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert!(doc["kernels"][0].get("assumptions").is_none());
}

/// A geometry that contradicts the kernel's preconditions (`__requires`, `__launch_bounds__`)
/// leaves no run to check: an input error naming the geometry, located at the precondition,
/// as `mapcheck run` says for the same configuration — never a vacuous `drf`. A geometry the
/// preconditions allow is checked as usual.
#[test]
fn a_geometry_the_preconditions_exclude_is_an_input_error() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cuda/");
    for (file, bad, good) in [
        ("requires_block_size_checked_as_given.cu", "128", "64"),
        ("launch_bounds_checked_as_given.cu", "512", "256"),
    ] {
        let file = format!("{corpus}{file}");
        let (code, out) = mapcheck(&["--json", "--block-dim", bad, &file]);
        assert_eq!(code, 2, "{out}");
        let doc: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["kernels"], serde_json::json!([]), "{out}");
        let message = doc["errors"][0]["message"].as_str().unwrap();
        assert!(
            message.contains("no launch satisfies its preconditions")
                && message.contains(&format!("blockDim = ({bad}, 1, 1)")),
            "{message}"
        );
        let (code, _) = mapcheck(&["run", "--block-dim", bad, &file]);
        assert_eq!(code, 2, "`run` refuses the same configuration");
        // `fix` too: a kernel with no run is not "already race free", and nothing is printed.
        let (code, out) = mapcheck(&["fix", "--block-dim", bad, &file]);
        assert_eq!(code, 2, "`fix` refuses the same configuration: {out}");
        assert_eq!(
            out, "",
            "`fix` prints no kernel for a configuration with no run"
        );
        let (code, out) = mapcheck(&["fix", "--block-dim", good, &file]);
        assert_eq!(code, 0, "{out}");

        let (code, out) = mapcheck(&["--json", "--block-dim", good, &file]);
        assert_eq!(code, 0, "{out}");
        let doc: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["kernels"][0]["verdict"], "drf", "{out}");
    }
}

/// The file and line of each location of a finding, sorted.
fn places(finding: &Value) -> Vec<(String, i64)> {
    let mut places: Vec<(String, i64)> = (finding["locations"].as_array().unwrap().iter())
        .map(|l| {
            let file = l["file"].as_str().unwrap();
            let base = std::path::Path::new(file).file_name().unwrap();
            (
                base.to_string_lossy().into_owned(),
                l["line"].as_i64().unwrap(),
            )
        })
        .collect();
    places.sort();
    places
}

/// A helper an `#include` brings is reported at its own file and line (issue 34 item 5), so
/// that the two accesses of a race through two helpers are two lines a reader can find.
#[test]
fn accesses_in_an_included_helper_are_reported_at_their_own_lines() {
    let dir = scratch("include");
    std::fs::write(
        dir.join("helper.h"),
        "__device__ void put(int *a, int i, int v) {\n  a[i] = v;\n}\n\
         __device__ int get(int *a, int i) {\n  return a[i];\n}\n\
         __device__ int twice(int *a, int i) {\n  return get(a, i) + get(a, i);\n}\n",
    )
    .unwrap();
    // Thread t writes s[t] and reads s[t + 1]: a read-write race with its neighbour.
    std::fs::write(
        dir.join("main.cu"),
        "#include \"helper.h\"\n__global__ void k(int *a) {\n  __shared__ int s[65];\n  \
         put(s, threadIdx.x, 1);\n  int x = twice(s, threadIdx.x + 1);\n  a[threadIdx.x] = x;\n}\n",
    )
    .unwrap();
    let file = dir.join("main.cu").display().to_string();
    let (code, out) = mapcheck(&["--json", "--block-dim", "64", &file]);
    assert_eq!(code, 1, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let finding = &doc["kernels"][0]["findings"][0];
    assert_eq!(finding["kind"], "data-race", "{out}");
    assert_eq!(
        places(finding),
        [("helper.h".to_string(), 2), ("helper.h".to_string(), 5)],
        "the write in `put` and the read in `get`: {finding}"
    );
    // The human report shows the helper's own text under its file's name.
    let (code, out) = mapcheck(&["--block-dim", "64", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("helper.h:2:3") && out.contains("a[i] = v;") && out.contains("return a[i];"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A kernel written in a file the main file includes (the samples' `#include
/// "scan_kernel.cu"`) is checked with the main file, as nvcc compiles it with it, and
/// reported at its own file and line (probe round 7, family B; issue 34 item 5). `fix` edits
/// only the file it is given, and says which file to repair instead. A file included by a
/// path outside the main file's directory is not the user's: its kernels are named in a
/// warning, not dropped in silence.
#[test]
fn kernels_of_an_included_file_are_checked_at_their_own_lines() {
    let dir = scratch("included");
    std::fs::write(
        dir.join("kern.cu"),
        "__global__ void shift(int *a) {\n  a[threadIdx.x] = a[threadIdx.x + 1];\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.cu"),
        "#include \"kern.cu\"\n__global__ void fill(int *a) {\n  a[threadIdx.x] = 1;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("only.cu"),
        "#include \"kern.cu\"\nint main() { return 0; }\n",
    )
    .unwrap();
    let main = dir.join("main.cu").display().to_string();
    let (code, out) = mapcheck(&["--json", "--block-dim", "64", &main]);
    assert_eq!(
        code, 1,
        "the included kernel's race decides the exit code: {out}"
    );
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "kernels", "name"), ["shift", "fill"], "{out}");
    assert_eq!(doc["kernels"][0]["verdict"], "racy", "{out}");
    assert_eq!(doc["kernels"][1]["verdict"], "drf", "{out}");
    assert_eq!(
        places(&doc["kernels"][0]["findings"][0]),
        [("kern.cu".to_string(), 2), ("kern.cu".to_string(), 2)],
        "{out}"
    );
    assert!(
        doc["warnings"].as_array().is_none_or(Vec::is_empty),
        "no warning: {out}"
    );

    // `run --json` names the included file of each event there.
    let (code, out) = mapcheck(&[
        "run",
        "--json",
        "--kernel",
        "shift",
        "--block-dim",
        "4",
        &main,
    ]);
    assert_eq!(code, 1, "{out}");
    let run: Value = serde_json::from_str(&out).unwrap();
    let event = &run["runs"][0]["blocks"][0]["phases"][0]["threads"][0]["events"][0];
    assert!(
        event["file"].as_str().unwrap().ends_with("kern.cu"),
        "{event}"
    );
    assert_eq!(event["line"], 2, "{event}");

    let only = dir.join("only.cu").display().to_string();
    let (code, out) = mapcheck(&["--json", "--block-dim", "64", &only]);
    assert_eq!(code, 1, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "kernels", "name"), ["shift"], "{out}");

    // `fix` of the main file leaves the included file alone and names it.
    let fix = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["fix", "--block-dim", "64", &main])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&fix.stderr);
    assert_eq!(fix.status.code(), Some(1), "{said}");
    assert!(
        said.contains("kernel `shift` is defined in") && said.contains("run `mapcheck fix"),
        "{said}"
    );

    // Included by a path outside the main file's directory: not the user's file.
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        sub.join("far.cu"),
        format!(
            "#include \"{}\"\n__global__ void fill(int *a) {{\n  a[threadIdx.x] = 1;\n}}\n",
            dir.join("kern.cu").display()
        ),
    )
    .unwrap();
    let far = sub.join("far.cu").display().to_string();
    let (code, out) = mapcheck(&["--json", &far]);
    assert_eq!(code, 0, "the checked kernel decides the exit code: {out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "kernels", "name"), ["fill"], "{out}");
    let warning = doc["warnings"][0]["message"].as_str().unwrap();
    assert!(
        warning.contains("kernel `shift` is defined in `kern.cu`")
            && warning.contains("not checked"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// clang's error inside a kernel of an included file is located there and fails that kernel
/// only: the main file's kernel is still checked.
#[test]
fn a_clang_error_in_an_included_kernel_is_located_in_its_file() {
    let dir = scratch("included-error");
    std::fs::write(
        dir.join("bad.cuh"),
        "__global__ void bad(int *a) {\n  a[threadIdx.x] = undeclared;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.cu"),
        "#include \"bad.cuh\"\n__global__ void ok(int *a) {\n  a[threadIdx.x] = 1;\n}\n",
    )
    .unwrap();
    let main = dir.join("main.cu").display().to_string();
    let (code, out) = mapcheck(&["--json", &main]);
    assert_eq!(code, 2, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "kernels", "name"), ["ok"], "{out}");
    let error = &doc["errors"][0];
    assert!(
        error["file"].as_str().unwrap().ends_with("bad.cuh"),
        "{out}"
    );
    assert_eq!(
        (error["line"].as_i64(), error["column"].as_i64()),
        (Some(2), Some(20)),
        "{out}"
    );
    assert_eq!(error["kernel"], "bad", "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An included file whose bytes are not UTF-8 keeps clang's byte offsets: its statements
/// are reported at their lines and columns.
#[test]
fn an_included_file_that_is_not_utf8_keeps_its_positions() {
    let dir = scratch("latin1");
    let mut kern = b"// caf\xe9 \xe0 la cr\xe8me\n".to_vec();
    kern.extend_from_slice(
        b"__global__ void shift(int *a) {\n  a[threadIdx.x] = a[threadIdx.x + 1];\n}\n",
    );
    std::fs::write(dir.join("kern.cu"), kern).unwrap();
    std::fs::write(dir.join("main.cu"), "#include \"kern.cu\"\n").unwrap();
    let main = dir.join("main.cu").display().to_string();
    let (code, out) = mapcheck(&["--json", "--block-dim", "64", &main]);
    assert_eq!(code, 1, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let mut at: Vec<(i64, i64)> = (doc["kernels"][0]["findings"][0]["locations"].as_array())
        .unwrap()
        .iter()
        .map(|l| (l["line"].as_i64().unwrap(), l["column"].as_i64().unwrap()))
        .collect();
    at.sort_unstable();
    // The write `a[threadIdx.x]` and the read `a[threadIdx.x + 1]` of line 3.
    assert_eq!(at, [(3, 3), (3, 20)], "{out}");
    let warning = &doc["warnings"][0];
    assert!(
        warning["message"]
            .as_str()
            .unwrap()
            .contains("is not UTF-8")
            && warning["file"].as_str().unwrap().ends_with("kern.cu"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A directory of a project: its header of helpers (no kernel of its own) is checked through
/// the file that includes it, and is no input error; a header that defines a kernel is
/// checked on its own too.
#[test]
fn a_directory_checks_its_headers_of_helpers_through_their_includers() {
    let dir = scratch("project");
    std::fs::write(
        dir.join("helpers.cuh"),
        "__device__ void put(int *a, int i) {\n  a[i] = i;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.cu"),
        "#include \"helpers.cuh\"\n__global__ void fill(int *a) {\n  put(a, threadIdx.x);\n}\n",
    )
    .unwrap();
    let (code, out) = mapcheck(&["--json", &dir.display().to_string()]);
    assert_eq!(code, 0, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(names(&doc, "kernels", "name"), ["fill"], "{out}");
    assert_eq!(doc["errors"], serde_json::json!([]), "{out}");
    // Named on its own, the header is still an input with no kernel.
    let (code, _) = mapcheck(&[&dir.join("helpers.cuh").display().to_string()]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-p` of a pointer parameter: it names memory, not a number, and `run` says so (rather
/// than that no kernel has such a parameter).
#[test]
fn run_says_a_pointer_parameter_is_memory_not_a_number() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/cuda/reference_member_row.cu"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["run", "--block-dim", "64", "-p", "out=3", file])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("`out` is memory") && said.contains("--init"),
        "{said}"
    );
}
