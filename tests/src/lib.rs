//! `mapcheck-tests`: the pipeline's test support, shared by the test targets of this crate.
//!
//! * [`gen`] — proptest strategies for well-formed `.bcu` programs, driven by
//!   [`gen::GenSettings`] (used by the round-trip and robustness tests here, and by the
//!   cross-check of the SMT stage against the interpreter).
//!
//! * [`coq`] — the link to the type checker extracted from Coq (`proofs/extraction/`), which
//!   the `mapcheck` library owns (`mapcheck::coq`, the `mechanised` certificate) and the
//!   differential test uses: kernels as the driver's s-expressions, the driver process, and the
//!   normal form both checkers' MAPs are compared in.
//!
//! * [`corpus`] — the corpus tests' shared support: header lines, file lists, and running a
//!   `.cu` file of `tests/cuda/` through the pipeline as `mapcheck FILE` does.
//!
//! * [`oracle_compare`] — mapcheck's report of a CUDA kernel held against the execution
//!   oracle's run of it (the corpus test `oracle_corpus` and the generator share it).
//!
//! * [`cudagen`] — a seeded generator of random well-defined CUDA kernels, the driver that runs
//!   each through mapcheck and the oracle, and the minimiser of their disagreements.
//!
//! The test targets live in `tests/tests/`: `roundtrip` (print → parse), `parser_robustness`
//! (no panic on any input), `broken_corpus` (the files of `tests/broken/` and the located
//! messages they expect), `coq_differential` (the type checker against the one extracted from
//! Coq) and `coq_citations` (every Coq name a Rust comment cites exists).

pub use mapcheck::coq;
pub mod corpus;
pub mod cudagen;
pub mod gen;
pub mod oracle;
pub mod oracle_compare;

use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// The seed of every property test of the fast tier, so that one commit passes or fails the
/// same way on every run (issue 18). `PROPTEST_RNG_SEED` (proptest's own variable) replaces it:
/// `cargo xtask test --long` sets it to a fresh random seed and prints it, so that a failure of
/// the long tier is replayed with `PROPTEST_RNG_SEED=N cargo test ...`.
pub const SEED: u64 = 0x6d61_7063_6865_636b;

/// Set by `cargo xtask test --long` (to `long`): properties run [`LONG_FACTOR`] times their
/// default cases, and the tests marked `#[ignore = "long tier: ..."]` run too.
pub const TIER_VAR: &str = "MAPCHECK_TEST_TIER";

/// How many times its default number of cases a property runs in the long tier.
pub const LONG_FACTOR: u32 = 4;

/// Whether this is the long tier ([`TIER_VAR`]).
pub fn long_tier() -> bool {
    std::env::var(TIER_VAR).is_ok_and(|v| v == "long")
}

/// The seed of a property: `PROPTEST_RNG_SEED` when it is set, else [`SEED`] — never a seed
/// drawn from the system, which proptest's own default would be.
pub fn rng_seed() -> RngSeed {
    match Config::default().rng_seed {
        RngSeed::Fixed(seed) => RngSeed::Fixed(seed),
        RngSeed::Random => RngSeed::Fixed(SEED),
    }
}

/// The number of cases of a property whose default is `default`: `PROPTEST_CASES` when it is
/// set, else `default` ([`LONG_FACTOR`] times it in the long tier).
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if long_tier() {
            default.saturating_mul(LONG_FACTOR)
        } else {
            default
        })
}

/// The number of cases of a property that runs `fast` cases in the fast tier and `long` in
/// the long tier, rather than [`LONG_FACTOR`] times `fast`: for a property whose long-tier
/// figure is a promise of its own (the differential test against Coq: 10,000).
/// `PROPTEST_CASES` still replaces both.
pub fn tiered_cases(fast: u32, long: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if long_tier() { long } else { fast })
}

/// Proptest's default configuration with the seed of [`rng_seed`] and the cases of [`cases`]:
/// every runner of this crate's tests is built from it (directly, or through
/// [`proptest_config`]).
pub fn seeded(default_cases: u32) -> Config {
    Config {
        cases: cases(default_cases),
        rng_seed: rng_seed(),
        ..Config::default()
    }
}

/// [`seeded`], saving failures in `tests/proptest-regressions/<file>.txt` (relative to this
/// crate, where the tests run) and replaying them first. Commit those files.
pub fn proptest_config(default_cases: u32, file: &'static str) -> Config {
    Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(file))),
        ..seeded(default_cases)
    }
}
