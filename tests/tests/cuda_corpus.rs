//! The CUDA corpus (`tests/cuda/*.cu`, issue 7 item 6): every file carries GPUVerify's header
//! (line 1 `//pass` or `//xfail:data-race` / `//xfail:barrier-divergence`, line 2 the flags)
//! and a line `// mapcheck: CLASS`; `tests/cuda/README.md` says how they map to mapcheck's
//! class, verdict and exit code. Each file goes through the pipeline of `mapcheck FILE`
//! (`mapcheck_tests::corpus::check_cuda`), the test prints a table (file, expected, got,
//! time) and `analysed N / agreed M / known imprecisions K`, and fails on any disagreement (a
//! file with a `// mapcheck: known-imprecision: [CLASS] ANSWER — REASON` line may give that
//! documented, sound answer instead of its header's; `tests/cuda/README.md`).
//!
//! `tests/cuda/pending/` holds kernels that need front-end features still being built
//! (`switch`, fields of array elements, `SharedMemory<T>`, explicit template instantiation,
//! `assert`): they run and are printed, but do not fail the test. A pending file that now
//! agrees is reported so that it can move to `tests/cuda/`.

use mapcheck_tests::corpus::{check_cuda, expectation, files, FileResult, Known};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cuda")
}

struct Row {
    file: String,
    expected: String,
    got: String,
    time: Duration,
    problem: Option<String>,
    /// The file agrees with its documented known imprecision, not with its header.
    imprecise: bool,
    /// The file has a known imprecision but now agrees with its header.
    imprecision_fixed: bool,
    /// The documented or actual answer is an error (exit 2) and the file was accepted for it.
    error: bool,
}

fn run(paths: &[PathBuf], prefix: &str) -> Vec<Row> {
    paths
        .iter()
        .map(|path| {
            let file = format!(
                "{prefix}{}",
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            );
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    return Row {
                        file,
                        expected: "?".into(),
                        got: "unreadable".into(),
                        time: Duration::ZERO,
                        problem: Some(format!("cannot read: {e}")),
                        imprecise: false,
                        imprecision_fixed: false,
                        error: false,
                    }
                }
            };
            let expected = match expectation(&text) {
                Ok(e) => e,
                Err(why) => {
                    return Row {
                        file,
                        expected: "?".into(),
                        got: "not run".into(),
                        time: Duration::ZERO,
                        problem: Some(format!("bad header: {why}")),
                        imprecise: false,
                        imprecision_fixed: false,
                        error: false,
                    }
                }
            };
            let (result, time) = check_cuda(path, &text);
            let mut problem = result.agrees(&expected).err();
            let imprecision_fixed = problem.is_none() && expected.imprecision.is_some();
            let imprecise = problem.is_some() && result.agrees_imprecisely(&expected).is_ok();
            if imprecise {
                problem = None;
            }
            let error = problem.is_none() && matches!(result, FileResult::Errors(_));
            if let (Some(p), FileResult::Errors(errors)) = (&mut problem, &result) {
                p.push_str(&format!(": {}", errors.join("; ")));
            }
            Row {
                file,
                expected: {
                    let mut e = format!("{} {}", expected.class.name(), expected.expect.name());
                    let known = |k: &Known| match k.class {
                        Some(c) if c != expected.class => {
                            format!("{} {}", c.name(), k.answer.name())
                        }
                        _ => k.answer.name().to_string(),
                    };
                    if let Some(i) = &expected.imprecision {
                        e.push_str(&format!(" (~{})", known(i)));
                    }
                    e
                },
                got: result.summary(),
                time,
                problem,
                imprecise,
                imprecision_fixed,
                error,
            }
        })
        .collect()
}

fn print_table(title: &str, rows: &[Row]) {
    let width = rows.iter().map(|r| r.file.len()).max().unwrap_or(4).max(4);
    println!("\n{title}");
    println!(
        "{:<width$}  {:<45}  {:<40}  {:>8}  ok",
        "file", "expected", "got", "time"
    );
    for r in rows {
        println!(
            "{:<width$}  {:<45}  {:<40}  {:>6}ms  {}",
            r.file,
            r.expected,
            r.got,
            r.time.as_millis(),
            match (&r.problem, r.imprecise) {
                (None, false) => "yes",
                (None, true) => "known imprecision",
                (Some(_), _) => "NO",
            }
        );
    }
}

#[test]
fn every_cuda_kernel_agrees_with_its_gpuverify_header() {
    let dir = corpus_dir();
    let mut main = files(&dir, "cu");
    let mut pending = files(&dir.join("pending"), "cu");
    assert!(
        main.len() + pending.len() >= 60,
        "the corpus needs at least 60 kernels, found {}",
        main.len() + pending.len()
    );
    // `CUDA_CORPUS=word` runs only the files whose name contains `word` (for debugging).
    if let Ok(word) = std::env::var("CUDA_CORPUS") {
        let keep = |p: &PathBuf| p.to_string_lossy().contains(word.as_str());
        main.retain(keep);
        pending.retain(keep);
    }

    let rows = run(&main, "");
    let pending_rows = run(&pending, "pending/");
    print_table("tests/cuda", &rows);
    print_table(
        "tests/cuda/pending (not counted as failures)",
        &pending_rows,
    );

    let agreed = rows
        .iter()
        .filter(|r| r.problem.is_none() && !r.imprecise)
        .count();
    let imprecise = rows.iter().filter(|r| r.imprecise).count();
    let errors = rows.iter().filter(|r| r.error).count();
    let pending_agreed = pending_rows.iter().filter(|r| r.problem.is_none()).count();
    let mut slowest: Vec<&Row> = rows.iter().chain(&pending_rows).collect();
    slowest.sort_by_key(|r| std::cmp::Reverse(r.time));
    let total: Duration = rows.iter().chain(&pending_rows).map(|r| r.time).sum();
    println!(
        "\nslowest: {}",
        slowest
            .iter()
            .take(5)
            .map(|r| format!("{} {}ms", r.file, r.time.as_millis()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("total analysis time: {}ms", total.as_millis());
    println!(
        "pending: analysed {} / agreed {}",
        pending_rows.len(),
        pending_agreed
    );
    for r in pending_rows.iter().filter(|r| r.problem.is_none()) {
        println!(
            "pending file now agrees, move it to tests/cuda/: {}",
            r.file
        );
    }
    for r in rows.iter().filter(|r| r.imprecision_fixed) {
        println!(
            "known imprecision fixed, remove its `// mapcheck: known-imprecision` line: {}",
            r.file
        );
    }
    println!(
        "analysed {} / agreed {} / known imprecisions {} (of which errors {})",
        rows.len(),
        agreed,
        imprecise,
        errors,
    );

    let failures: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            r.problem
                .as_ref()
                .map(|p| format!("{}: expected {}, got {}: {p}", r.file, r.expected, r.got))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} corpus files disagree with their headers:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}
