//! The clang front end (issue 14) over the CUDA corpus: every file of `tests/cuda/` and
//! `examples/cuda/` is read and checked as `mapcheck FILE` checks it. The test prints a table (file, truth of the GPUVerify header,
//! verdict, outcome, front-end time, total time) and fails on any **soundness** disagreement:
//! a file whose header says `xfail:data-race` (or `xfail:barrier-divergence`,
//! `xfail:out-of-bounds`) reported free of that defect, or a `//pass` file with a proven or
//! confirmed race, divergence or index out of bounds.
//! Precision misses (a potential race on a race-free kernel, a refusal with a located error)
//! are listed, not failures (`cuda_corpus.rs` holds `tests/cuda/` to its headers; this test
//! also reads `examples/cuda/`, whose files carry no `// mapcheck:` class line, and a directory
//! named by `CLANG_CORPUS_DIR`).
//!
//! `CLANG_CORPUS=word` runs only the files whose name contains `word`; `CLANG_CORPUS_DIR=DIR`
//! adds the `.cu` files of another directory (the new corpus being written elsewhere).

use mapcheck::input::{self, LoadOptions};
use mapcheck_grammar::cuda::header::read_header;
use mapcheck_smt::Verdict;
use mapcheck_tests::corpus::{check_cuda_with, files, FileResult};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Agrees,
    /// Sound but not the header's answer (a potential alarm, an undecided query).
    Imprecise,
    /// A located error: the front end refused something in the file.
    Refused,
    Unsound,
}

fn outcome(truth: &str, result: &FileResult) -> Outcome {
    let FileResult::Kernels(ks) = result else {
        return Outcome::Refused;
    };
    let proven_race = ks.iter().any(|k| k.data_race && k.verdict == Verdict::Racy);
    let any_race = ks.iter().any(|k| k.data_race);
    let proven_divergence = ks.iter().any(|k| k.divergent && k.exit == 1);
    let any_divergence = ks.iter().any(|k| k.divergent);
    let undecided = ks.iter().any(|k| k.verdict == Verdict::Unknown);
    let proven_out_of_bounds = ks.iter().any(|k| k.out_of_bounds && k.exit == 1);
    let any_out_of_bounds = ks.iter().any(|k| k.out_of_bounds);
    match truth {
        "pass" => {
            if proven_race || proven_divergence || proven_out_of_bounds {
                Outcome::Unsound
            } else if any_race || any_divergence || undecided {
                Outcome::Imprecise
            } else {
                Outcome::Agrees
            }
        }
        "data-race" => {
            if any_race {
                Outcome::Agrees
            } else if undecided {
                Outcome::Imprecise
            } else {
                Outcome::Unsound
            }
        }
        "barrier-divergence" => {
            if any_divergence {
                Outcome::Agrees
            } else if undecided {
                Outcome::Imprecise
            } else {
                Outcome::Unsound
            }
        }
        // mapcheck's own expectation (issue 34 item 4): an index out of bounds, races
        // decided among the accesses in bounds.
        "out-of-bounds" => {
            if any_out_of_bounds {
                Outcome::Agrees
            } else if undecided || any_race {
                Outcome::Imprecise
            } else {
                Outcome::Unsound
            }
        }
        _ => Outcome::Imprecise,
    }
}

fn corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = files(&root.join("cuda"), "cu");
    all.extend(files(&root.join("..").join("examples").join("cuda"), "cu"));
    if let Ok(dir) = std::env::var("CLANG_CORPUS_DIR") {
        all.extend(files(Path::new(&dir), "cu"));
    }
    if let Ok(word) = std::env::var("CLANG_CORPUS") {
        all.retain(|p| p.to_string_lossy().contains(word.as_str()));
    }
    all
}

#[test]
#[ignore = "long tier: every corpus file through clang and the solver, 3-4 minutes in debug; clang is the default, so the fast tier checks every corpus file through it (cuda_corpus.rs) and every examples/cuda check line (mapcheck/tests/check_corpus.rs)"]
fn the_clang_front_end_is_sound_on_the_corpus() {
    let options = LoadOptions::default();
    let paths = corpus();
    assert!(
        paths.len() >= 60,
        "the corpus has only {} files",
        paths.len()
    );
    let mut rows = Vec::new();
    let mut front_total = Duration::ZERO;
    println!(
        "\n{:<48}  {:<18}  {:<44}  {:<9}  {:>7}  {:>7}",
        "file", "truth", "verdict (clang)", "outcome", "front", "total"
    );
    for path in &paths {
        let name = path
            .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
            .unwrap_or(path)
            .display()
            .to_string();
        let Ok(text) = std::fs::read_to_string(path) else {
            rows.push((
                name,
                "?".to_string(),
                "unreadable".to_string(),
                Outcome::Refused,
                Duration::ZERO,
                Duration::ZERO,
                Vec::new(),
            ));
            continue;
        };
        let truth = read_header(&text).expect.unwrap_or_else(|| "?".into());
        let started = Instant::now();
        let loaded = input::parse_text(path, text.clone(), &options);
        let front = started.elapsed();
        front_total += front;
        drop(loaded);
        let (result, total) = check_cuda_with(path, &text, &options);
        let errors = match &result {
            FileResult::Errors(e) => e.clone(),
            FileResult::Kernels(_) => Vec::new(),
        };
        let o = outcome(&truth, &result);
        // Printed as it goes: the whole corpus takes minutes.
        println!(
            "{name:<48}  {truth:<18}  {:<44}  {:<9}  {:>5}ms  {:>5}ms",
            result.summary(),
            format!("{o:?}"),
            front.as_millis(),
            total.as_millis()
        );
        for e in errors.iter().take(2) {
            println!("{:48}    refused: {e}", "");
        }
        rows.push((name, truth, result.summary(), o, front, total, errors));
    }
    let count = |o: Outcome| rows.iter().filter(|r| r.3 == o).count();
    println!(
        "\nfiles {} / agree {} / imprecise {} / refused {} / UNSOUND {}; front end {}ms in all ({}ms a file)",
        rows.len(),
        count(Outcome::Agrees),
        count(Outcome::Imprecise),
        count(Outcome::Refused),
        count(Outcome::Unsound),
        front_total.as_millis(),
        front_total.as_millis() / rows.len().max(1) as u128
    );
    let unsound: Vec<String> = rows
        .iter()
        .filter(|r| r.3 == Outcome::Unsound)
        .map(|r| format!("{}: truth {}, got {}", r.0, r.1, r.2))
        .collect();
    assert!(
        unsound.is_empty(),
        "the clang front end is unsound on:\n{}",
        unsound.join("\n")
    );
}
