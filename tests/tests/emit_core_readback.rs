//! `--emit core` on the clang front end's lowering (issue 14, item 5): every kernel of a CUDA
//! file that lowers is printed as `.bcu` (`mapcheck::core_text`, what `mapcheck --emit core
//! FILE.cu` prints) and read back by the `.bcu` parser, which must accept it as one kernel of
//! the same parameters; the kernel read back is decided again with the options of its CUDA file
//! and must get the same class, verdict and kinds of finding as the lowered kernel itself: the
//! printed text is exactly what was analysed.
//!
//! The corpus's trials (`cuda_corpus.rs`) read back every kernel of `tests/cuda/` on the parse
//! they decide, and decide a sample again. Here, the fast tier reads back every kernel of
//! `examples/cuda/` and decides again those of every `SAMPLE`-th file; the long tier
//! (`every_corpus_kernel_decides_alike_after_emit_core`: about 4.5 minutes in a release build)
//! decides every kernel of both directories twice.

use mapcheck::input::{self, LoadOptions, Loaded};
use mapcheck_tests::corpus::{decides_alike, files, read_back, read_back_options};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Every `SAMPLE`-th example is decided twice in the fast tier.
const SAMPLE: usize = 4;

/// Examples decided twice in the fast tier whatever their place: a `switch` in a template
/// instance, and atomics.
const ALSO: &[&str] = &["switch_template.cu", "histogram_atomic.cu"];

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// Reads back the `--emit core` text of every kernel of `paths`; decides again the kernels of
/// the files `twice` selects (by their place in `paths`). The number of kernels read back and
/// decided, and the failures, in the order of `paths`.
fn read_back_all(
    paths: Vec<PathBuf>,
    twice: &(dyn Fn(usize) -> bool + Sync),
) -> (usize, usize, Vec<String>) {
    // Each file is a clang process and up to two decisions: the files go to every core.
    let per_file: Vec<(usize, usize, Vec<String>)> = paths
        .into_par_iter()
        .enumerate()
        .map(|(i, path)| read_back_file(&path, twice(i)))
        .collect();
    per_file.into_iter().fold(
        (0, 0, Vec::new()),
        |(read, decided, mut failures), (r, d, f)| {
            failures.extend(f);
            (read + r, decided + d, failures)
        },
    )
}

/// [`read_back_all`] of one file.
fn read_back_file(path: &Path, twice: bool) -> (usize, usize, Vec<String>) {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Ok(text) = std::fs::read_to_string(path) else {
        return (0, 0, vec![format!("{name}: unreadable")]);
    };
    // Kernels that do not lower (a located error) have nothing to print.
    let Loaded::Parsed {
        source, program, ..
    } = input::parse_text(path, text, &LoadOptions::default())
    else {
        return (0, 0, Vec::new());
    };
    let options = read_back_options(&source);
    let (mut read, mut decided, mut failures) = (0, 0, Vec::new());
    for kernel in &program.kernels {
        let again = match read_back(kernel, &options) {
            Ok(again) => again,
            Err(why) => {
                failures.push(format!("{name}: {why}"));
                continue;
            }
        };
        read += 1;
        if twice {
            if let Err(why) = decides_alike(kernel, &again, &source, &options) {
                failures.push(format!("{name}: {why}"));
            }
            decided += 1;
        }
    }
    (read, decided, failures)
}

#[test]
fn example_kernels_read_back_after_emit_core() {
    let paths = files(&dir("../examples/cuda"), "cu");
    let also: Vec<usize> = (0..paths.len())
        .filter(|&i| {
            paths[i]
                .file_name()
                .is_some_and(|n| ALSO.iter().any(|a| n.to_string_lossy() == *a))
        })
        .collect();
    assert_eq!(also.len(), ALSO.len(), "an example of ALSO is missing");
    let (read, decided, failures) =
        read_back_all(paths, &|i| i.is_multiple_of(SAMPLE) || also.contains(&i));
    println!("read back {read} kernels; decided {decided} of them twice");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Nearly every example lowers; a read-back that read few checked little.
    assert!(read >= 25, "only {read} kernels read back");
    assert!(decided >= 8, "only {decided} kernels decided twice");
}

#[test]
#[ignore = "long tier: reads back and decides twice every corpus kernel (minutes)"]
fn every_corpus_kernel_decides_alike_after_emit_core() {
    let mut paths = files(&dir("cuda"), "cu");
    paths.extend(files(&dir("../examples/cuda"), "cu"));
    let (read, decided, failures) = read_back_all(paths, &|_| true);
    println!("read back {read} kernels; decided {decided} of them twice");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(read, decided);
}
