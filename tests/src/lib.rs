//! `mapcheck-tests`: the pipeline's test support, shared by the test targets of this crate.
//!
//! * [`gen`] — proptest strategies for well-formed `.bcu` programs, driven by
//!   [`gen::GenSettings`] (used by the round-trip and robustness tests here, and by the
//!   cross-check of the SMT stage against the interpreter).
//!
//! * [`coq`] — the differential test's link to the type checker extracted from Coq
//!   (`proofs/extraction/`): kernels as the driver's s-expressions, the driver process, and the
//!   normal form both checkers' MAPs are compared in.
//!
//! * [`corpus`] — the corpus tests' shared support: header lines, file lists, and running a
//!   `.cu` file of `tests/cuda/` through the pipeline as `mapcheck FILE` does.
//!
//! The test targets live in `tests/tests/`: `roundtrip` (print → parse), `parser_robustness`
//! (no panic on any input), `broken_corpus` (the files of `tests/broken/` and the located
//! messages they expect), `coq_differential` (the type checker against the one extracted from
//! Coq) and `coq_citations` (every Coq name a Rust comment cites exists).

pub mod coq;
pub mod corpus;
pub mod gen;
pub mod oracle;

/// A proptest configuration with `cases` cases, or `PROPTEST_CASES` when it is set.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    proptest::test_runner::Config {
        cases,
        ..proptest::test_runner::Config::default()
    }
}
