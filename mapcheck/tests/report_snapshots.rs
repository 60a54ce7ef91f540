//! The human report of `mapcheck FILE`, one insta snapshot per example: the verdict line, the
//! data-dependence reasons, each finding underlined by ariadne with its witness table, and
//! the exit code. One snapshot per file of `examples/`, which covers a racy, a DRF, a
//! data-dependent and a divergent kernel among others. The report has no timings, so nothing
//! needs redacting; the JSON, which does, is checked by `check_corpus.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod transcript;

use rayon::prelude::*;
use std::path::Path;
use std::process::Command;
use transcript::{inputs, transcript};

fn report(root: &Path, file: &str, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(root)
        .args(args)
        // The report must not follow the machine's load: z3's deterministic resource limit
        // bounds every query, the wall-clock backstop is set far above what it allows.
        .args(["--timeout", "120"])
        .arg(format!("examples/{file}"))
        .env("NO_COLOR", "1")
        .env_remove("MAPCHECK_ASCII")
        .output()
        .unwrap();
    transcript(&output)
}

/// The report of each of `files` (under `examples/{dir}`), in their order, run on every core: a
/// report is a `mapcheck` process, and the snapshots are then compared one by one.
fn reports(root: &Path, files: Vec<String>, dir: &str) -> Vec<(String, String)> {
    files
        .into_par_iter()
        .map(|file| {
            let text = report(root, &format!("{dir}{file}"), &[]);
            (file, text)
        })
        .collect()
}

#[test]
fn human_report_of_every_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = inputs(&root, "examples", ".bcu");
    assert!(files.len() >= 20, "only {} examples", files.len());
    let reports = reports(&root, files, "");
    for (file, text) in &reports {
        let stem = file.trim_end_matches(".bcu").to_string();
        assert_one_numbering(&stem, text);
        assert_certainty_order(&stem, text);
        insta::assert_snapshot!(stem, text);
    }
    assert_replays(&root, &reports);
}

/// The human report of every CUDA example: the witness in CUDA's terms (`blockDim`,
/// `threadIdx`, ... as (x, y, z)) and the cell as the kernel declares it (`tile[0][1]`).
#[test]
fn human_report_of_every_cuda_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = inputs(&root, "examples/cuda", ".cu");
    assert!(files.len() >= 20, "only {} CUDA examples", files.len());
    let mut witnesses = 0;
    let reports = reports(&root, files, "cuda/");
    assert_replays(&root, &reports);
    for (file, text) in reports {
        let stem = file.trim_end_matches(".cu").to_string();
        assert_one_numbering(&stem, &text);
        assert_certainty_order(&stem, &text);
        // A CUDA witness never speaks BabyCUDA.
        for word in ["ntid", "nbid", "    tid ", "    bid "] {
            assert!(
                !text.contains(word),
                "{stem}: `{word}` in a CUDA report:\n{text}"
            );
        }
        witnesses += text.matches("  witness:").count();
        insta::assert_snapshot!(format!("cuda_{stem}"), text);
    }
    assert!(
        witnesses >= 20,
        "only {witnesses} witnesses in the CUDA reports"
    );
}

/// The real bug first (issue 35): the findings of each kernel come proven (`Error:`), then
/// confirmed (`Error: confirmed`), then potential (`Warning: possible`), then advice (`Advice:`,
/// and a benign race's one-line note).
fn assert_certainty_order(name: &str, text: &str) {
    let mut last = 0;
    for line in text.lines() {
        if line.contains(": kernel `") {
            // The next kernel's report starts again.
            last = 0;
            continue;
        }
        let rank = if line.starts_with("Error: confirmed") {
            1
        } else if line.starts_with("Error: ") {
            0
        } else if line.starts_with("Warning: ") {
            2
        } else if line.starts_with("Advice: ") || line.starts_with("  note: ") {
            3
        } else {
            continue;
        };
        assert!(
            rank >= last,
            "{name}: `{line}` after a less certain finding:\n{text}"
        );
        last = rank;
    }
}

/// Every `replay:` command a report prints replays its finding: run as printed (from the
/// repository's root, as the report was), it reports what the finding above it says — a race on
/// its array or a barrier divergence, with exit code 1; an index out of bounds.
fn assert_replays(root: &Path, reports: &[(String, String)]) {
    let mut commands = Vec::new();
    for (file, text) in reports {
        let mut heading = "";
        for line in text.lines() {
            if line.starts_with("Error: ") {
                heading = line;
            }
            if let Some(command) = line.strip_prefix("  replay: ") {
                commands.push((file.clone(), heading.to_string(), command.to_string()));
            }
        }
    }
    assert!(
        commands.len() >= 10,
        "only {} replay commands",
        commands.len()
    );
    let failures: Vec<String> = commands
        .into_par_iter()
        .filter_map(|(file, heading, command)| {
            // The examples' names need no quoting: the command splits at spaces.
            assert!(!command.contains('\''), "{file}: `{command}`");
            let words: Vec<&str> = command.split_whitespace().collect();
            assert_eq!(words[..2], ["mapcheck", "run"], "{file}: `{command}`");
            let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
                .current_dir(root)
                .args(&words[1..])
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            let out = String::from_utf8_lossy(&output.stdout);
            let shows = if heading.contains("barrier divergence") {
                out.contains("divergence")
            } else if heading.contains("index out of bounds") {
                out.contains("index out of bounds")
            } else {
                let array = heading.split('`').nth(1).unwrap_or("?");
                out.contains("data races (") && out.contains(&format!("`{array}"))
            };
            // `mapcheck run` exits 1 for a race or divergence (SPEC §7); it prints an index out
            // of bounds without counting it.
            let code = output.status.code();
            let exit_ok = code == Some(1) || heading.contains("index out of bounds");
            (!exit_ok || !shows)
                .then(|| format!("{file}: `{command}` (for `{heading}`) did not replay it:\n{out}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The labels under the source and the columns of the witness table name the two threads the
/// same way: `thread A` and `thread B`, never a number (which read as a thread id, and the old
/// report numbered them 0/1 in the labels and 1/2 in the table).
fn assert_one_numbering(name: &str, text: &str) {
    // Notes may speak of the interpreter's threads of another run (`step budget exhausted
    // in thread 0 of block 0`), which are ids, not the witness's two threads.
    for line in text.lines().filter(|l| !l.contains("Note")) {
        for (at, _) in line.match_indices("thread ") {
            assert!(
                !line[at + "thread ".len()..].starts_with(|c: char| c.is_ascii_digit()),
                "{name}: a thread named by a number in `{line}`:\n{text}"
            );
        }
    }
    let labelled: Vec<&str> = text
        .lines()
        .filter(|l| {
            ["runs this", "reaches this barrier", "value here"]
                .iter()
                .any(|w| l.contains(w))
        })
        .collect();
    let headers: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("thread A"))
        .collect();
    // Each finding with labels has a witness table whose header names both threads; an
    // index out of bounds is one thread's, and its table has thread A's column alone.
    assert_eq!(
        headers.len(),
        text.matches("  witness:").count(),
        "{name}: a witness table without its `thread A  thread B` header:\n{text}"
    );
    let alone = text.matches("index out of bounds of `").count();
    let mut one_thread = 0;
    for h in &headers {
        let words: Vec<&str> = h.split_whitespace().collect();
        if words == ["thread", "A"] {
            one_thread += 1;
            continue;
        }
        assert_eq!(
            words,
            ["thread", "A", "thread", "B"],
            "{name}: header `{h}`"
        );
    }
    assert_eq!(
        one_thread, alone,
        "{name}: one-thread tables are those of out-of-bounds"
    );
    for l in labelled {
        for (at, _) in l.match_indices("thread ") {
            let who = &l[at + "thread ".len()..];
            assert!(
                who.starts_with("A ") || who.starts_with("B "),
                "{name}: label `{l}` names a thread the table does not"
            );
        }
        assert!(
            !headers.is_empty(),
            "{name}: labels without a witness table"
        );
    }
}

#[test]
fn bad_command_lines_are_located_and_exit_2() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let fig3 = "babycuda_fig3_loop.bcu";
    for (name, args) in [
        ("unknown_param", vec!["-p", "X=1"]),
        ("block_too_large", vec!["--block-dim", "64,32"]),
        ("block_zero", vec!["--block-dim", "0"]),
        ("no_such_kernel", vec!["--kernel", "nope"]),
        ("bad_arith", vec!["--arith", "float"]),
    ] {
        let text = report(&root, fig3, &args);
        assert!(text.starts_with("exit: 2\n"), "{name}: {text}");
        insta::assert_snapshot!(format!("cli_{name}"), text);
    }
}

/// Data-dependence warnings are one note per kernel (how many, the first two, the flag that
/// lists them) and a benign race one line, unless `--verbose` prints each in full.
#[test]
fn data_dependence_is_one_note_unless_verbose() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let short = report(&root, "cuda/grid_stride.cu", &[]);
    assert_eq!(
        short.matches("  data-dependent: 6 uses").count(),
        1,
        "{short}"
    );
    assert!(short.contains("`--verbose` lists them"), "{short}");
    assert!(short.contains("    and 4 more\n"), "{short}");
    assert!(!short.contains("Warning: data-dependent"), "{short}");
    let verbose = report(&root, "cuda/grid_stride.cu", &["--verbose"]);
    assert_eq!(
        verbose.matches("Warning: data-dependent").count(),
        6,
        "{verbose}"
    );
    assert!(!verbose.contains("  data-dependent: "), "{verbose}");
    // The findings and the exit code are the same either way.
    assert_eq!(short.lines().next(), verbose.lines().next());

    let short = report(&root, "cuda/benign_flag.cu", &[]);
    let benign: Vec<&str> = short
        .lines()
        .filter(|l| l.starts_with("  note: benign"))
        .collect();
    assert_eq!(benign.len(), 1, "{short}");
    assert!(benign[0].starts_with("  note: benign write-write race on `flag` at examples/"));
    assert!(!short.contains("  witness:"), "{short}");
    let verbose = report(&root, "cuda/benign_flag.cu", &["--verbose"]);
    assert!(verbose.contains("  witness:"), "{verbose}");
    assert!(!verbose.contains("  note: benign"), "{verbose}");
    // `--quiet` keeps its meaning: the verdict line alone.
    let quiet = report(&root, "cuda/grid_stride.cu", &["--quiet"]);
    assert_eq!(
        quiet.lines().filter(|l| !l.is_empty()).count(),
        4,
        "{quiet}"
    );
}
