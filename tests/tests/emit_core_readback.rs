//! `--emit core` on the clang front end's lowering (issue 14, item 5): every kernel of a CUDA
//! corpus file (`tests/cuda/`, `examples/cuda/`) that lowers is printed as `.bcu`
//! (`mapcheck::core_text`, what `mapcheck --emit core FILE.cu` prints) and read back by the
//! `.bcu` parser, which must accept it as one kernel of the same parameters; the kernel read back
//! is decided again with the options of its CUDA file and must get the same class, verdict and
//! kinds of finding as the lowered kernel itself: the printed text is exactly what was analysed.
//!
//! The long tier does this for every corpus kernel
//! (`every_corpus_kernel_decides_alike_after_emit_core`: about 4.5 minutes in a release build).
//! The fast tier reads back the kernels of every `READ`-th file (one clang run each, about 0.15 s
//! in a debug build) and decides again those of every `SAMPLE`-th file and of the files named
//! in `ALSO`.

use mapcheck::check::{self, decide};
use mapcheck::input::{self, LoadOptions, Loaded};
use mapcheck_core::ast::Kernel;
use mapcheck_smt::{Kind, Limits, Options};
use mapcheck_tests::corpus::{files, CORPUS_TIMEOUT_MS};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Every `READ`-th corpus file is read back in the fast tier.
const READ: usize = 3;

/// Every `SAMPLE`-th corpus file is decided twice in the fast tier.
const SAMPLE: usize = 30;

/// Files decided twice in the fast tier whatever their place in the list: the families the
/// clang lowering writes with the most core constructs (masks of C conversions, `min`/`max`
/// indicators of `bool`s, guarded `&&`, loops left uncounted, atomics, template instances).
const ALSO: &[&str] = &[
    "conv_bool_flag_racy.cu",
    "uwrap_add_ring_racy.cu",
    "ref_out_params_split.cu",
    "scan_hillis_steele.cu",
    "switch_template.cu",
    "histogram_atomic.cu",
];

fn corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = files(&root.join("cuda"), "cu");
    all.extend(files(&root.join("..").join("examples").join("cuda"), "cu"));
    all
}

/// class, verdict, and whether the kernel has a race / a divergence finding.
fn outcome(kernel: &Kernel, source: &input::SourceFile, options: &Options) -> String {
    let d = decide(kernel, source, options, false);
    let has = |k: Kind| d.report.findings.iter().any(|f| f.kind == k);
    format!(
        "{} {}{}{}",
        d.report.class.name(),
        d.report.verdict.name(),
        if has(Kind::DataRace) { " race" } else { "" },
        if has(Kind::BarrierDivergence) {
            " divergence"
        } else {
            ""
        }
    )
}

/// Reads back the `--emit core` text of every kernel of the corpus files `read_file` selects;
/// decides the kernels of the files `decide_file` selects twice. The number of kernels read
/// back and decided, and the failures.
fn read_back(
    read_file: &(dyn Fn(usize, &Path) -> bool + Sync),
    decide_file: &(dyn Fn(usize, &Path) -> bool + Sync),
) -> (usize, usize, Vec<String>) {
    let base = Options {
        limits: Limits {
            timeout_ms: CORPUS_TIMEOUT_MS,
            ..Limits::default()
        },
        ..Options::default()
    };
    // Each file is a clang process and up to two decisions: the files go to every core, and
    // the counts and failures are gathered in the corpus's order.
    let per_file: Vec<(usize, usize, Vec<String>)> = corpus()
        .into_par_iter()
        .enumerate()
        .filter(|(i, path)| read_file(*i, path) || decide_file(*i, path))
        .map(|(i, path)| read_back_file(i, &path, decide_file, &base))
        .collect();
    per_file.into_iter().fold(
        (0, 0, Vec::new()),
        |(read, decided, mut failures), (r, d, f)| {
            failures.extend(f);
            (read + r, decided + d, failures)
        },
    )
}

/// [`read_back`] of the `i`-th corpus file.
fn read_back_file(
    i: usize,
    path: &Path,
    decide_file: &(dyn Fn(usize, &Path) -> bool + Sync),
    base: &Options,
) -> (usize, usize, Vec<String>) {
    let (mut read, mut decided, mut failures) = (0, 0, Vec::new());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Ok(text) = std::fs::read_to_string(path) else {
        failures.push(format!("{name}: unreadable"));
        return (read, decided, failures);
    };
    // Kernels that do not lower (a located error) have nothing to print.
    let Loaded::Parsed {
        source, program, ..
    } = input::parse_text(path, text, &LoadOptions::default())
    else {
        return (read, decided, failures);
    };
    let options = check::options_for(base, &source);
    for kernel in &program.kernels {
        let core = mapcheck::core_text(kernel, &options.fixed);
        let back = match mapcheck_grammar::parse(&core) {
            Ok(p) => p,
            Err(d) => {
                let why: Vec<String> = d.iter().map(|d| d.message.clone()).collect();
                failures.push(format!(
                    "{name}: kernel `{}` does not read back ({}):\n{core}",
                    kernel.name.name,
                    why.join("; ")
                ));
                continue;
            }
        };
        let [again] = back.kernels.as_slice() else {
            failures.push(format!(
                "{name}: kernel `{}` reads back as {} kernels",
                kernel.name.name,
                back.kernels.len()
            ));
            continue;
        };
        let params = |k: &Kernel| k.params.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
        if params(kernel) != params(again) {
            failures.push(format!(
                "{name}: kernel `{}` reads back with parameters {:?}, not {:?}",
                kernel.name.name,
                params(again),
                params(kernel)
            ));
            continue;
        }
        read += 1;
        if decide_file(i, path) {
            let (a, b) = (
                outcome(kernel, &source, &options),
                outcome(again, &source, &options),
            );
            if a != b {
                failures.push(format!(
                    "{name}: kernel `{}` is `{a}` as lowered, `{b}` read back:\n{core}",
                    kernel.name.name
                ));
            }
            decided += 1;
        }
    }
    (read, decided, failures)
}

#[test]
fn corpus_kernels_read_back_after_emit_core() {
    let sampled = |i: usize, p: &Path| {
        i.is_multiple_of(SAMPLE)
            || p.file_name()
                .is_some_and(|n| ALSO.iter().any(|a| n.to_string_lossy() == *a))
    };
    let (read, decided, failures) = read_back(&|i, _| i.is_multiple_of(READ), &sampled);
    println!("read back {read} kernels; decided {decided} of them twice");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // A third of the 352 files (nearly all lower); a read-back that read few checked little.
    assert!(read >= 100, "only {read} kernels read back");
    assert!(decided >= 12, "only {decided} kernels decided twice");
}

#[test]
#[ignore = "long tier: reads back and decides twice every corpus kernel (minutes)"]
fn every_corpus_kernel_decides_alike_after_emit_core() {
    let (read, decided, failures) = read_back(&|_, _| true, &|_, _| true);
    println!("read back {read} kernels; decided {decided} of them twice");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(read, decided);
}
