//! The CUDA corpus (`tests/cuda/*.cu`, issue 7 item 6): every file carries GPUVerify's header
//! (line 1 `//pass` or `//xfail:data-race` / `//xfail:barrier-divergence`, line 2 the flags)
//! and a line `// mapcheck: CLASS`; `tests/cuda/README.md` says how they map to mapcheck's
//! class, verdict and exit code. Each file is its own trial (`cargo test -p mapcheck-tests
//! --test cuda_corpus -- WORD` runs the files whose name contains WORD): it goes through the
//! pipeline of `mapcheck FILE` (`mapcheck_tests::corpus::check_cuda`) and fails on any
//! disagreement with its header. A file with a `// mapcheck: known-imprecision: [CLASS] ANSWER
//! — REASON` line may give that documented, sound answer instead (its trial is of kind
//! `imprecise`); one that gives its header's answer instead prints a note asking for the line
//! to go. `papers/cuda-agreement.py` prints the whole table (file, truth, answer, time).

use libtest_mimic::{Arguments, Failed, Trial};
use mapcheck_tests::corpus::{check_cuda, expectation, files, Expectation, FileResult};
use std::path::{Path, PathBuf};

/// The corpus's size is part of issue 14's acceptance (at least 120 kernels written for it, on
/// top of the earlier ones); a directory that silently lost its files must fail.
const AT_LEAST: usize = 300;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cuda")
}

/// The verdict of one file against its header (or its documented imprecision).
fn check(path: &Path, text: &str, expected: &Expectation) -> Result<(), Failed> {
    let (result, _) = check_cuda(path, text);
    match result.agrees(expected) {
        Ok(()) if expected.imprecision.is_some() => {
            println!(
                "note: {} now agrees with its header: remove its `// mapcheck: known-imprecision` line",
                path.display()
            );
            Ok(())
        }
        Ok(()) => Ok(()),
        Err(_) if result.agrees_imprecisely(expected).is_ok() => Ok(()),
        Err(why) => {
            let mut why = format!(
                "expected {}, got {}: {why}",
                describe(expected),
                result.summary()
            );
            if let FileResult::Errors(errors) = &result {
                why.push_str(&format!(": {}", errors.join("; ")));
            }
            Err(why.into())
        }
    }
}

fn describe(expected: &Expectation) -> String {
    let mut e = format!("{} {}", expected.class.name(), expected.expect.name());
    if let Some(known) = &expected.imprecision {
        let class = known.class.filter(|c| *c != expected.class);
        e.push_str(&format!(
            " (or the known imprecision {}{})",
            class.map(|c| format!("{} ", c.name())).unwrap_or_default(),
            known.answer.name()
        ));
    }
    e
}

fn trial(path: PathBuf) -> Trial {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(&path);
    let expected = text.as_ref().ok().map(|t| expectation(t));
    let imprecise = matches!(&expected, Some(Ok(e)) if e.imprecision.is_some());
    Trial::test(name, move || {
        let text = text.map_err(|e| format!("cannot read: {e}"))?;
        let expected = expectation(&text).map_err(|why| format!("bad header: {why}"))?;
        check(&path, &text, &expected)
    })
    .with_kind(if imprecise { "imprecise" } else { "" })
}

fn main() {
    let args = Arguments::from_args();
    let paths = files(&corpus_dir(), "cu");
    let count = paths.len();
    let mut trials = vec![Trial::test("the corpus is all there", move || {
        if count < AT_LEAST {
            return Err(
                format!("the corpus needs at least {AT_LEAST} kernels, found {count}").into(),
            );
        }
        Ok(())
    })];
    trials.extend(paths.into_iter().map(trial));
    libtest_mimic::run(&args, trials).exit();
}
