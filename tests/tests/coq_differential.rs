//! The differential test of mapcheck's type checker (`mapcheck_typeck`) against the one
//! extracted from Coq (`Mapcheck.Infer.sinfer`, proved equal to the typing relation by
//! `sinfer_spec`; `proofs/extraction/`), issue 17 item 1.
//!
//! Kernels come from `GenSettings::mechanised()` (the language of `proofs/Syntax.v`: one block,
//! one shared array, stride-1 loops, reads, writes, `if`, `sync` anywhere, no `let`, `?`,
//! atomics or `assume`), half of them with `exact_only`. Each kernel is typed four times:
//! by mapcheck in `bv32` and in `int` arithmetic, and by the extracted checker as written and
//! with `tid` renamed (`mapcheck_tests::coq::RELAXED_TID`: Coq's rules without the
//! uniformity premises of `TS_For`/`TS_If`). MAPs are compared in the normal form of
//! `mapcheck_tests::coq::Norm` (sequences regrouped, literal operations folded). Required:
//!
//! 1. mapcheck in `bv32` calls the kernel exact ⇔ Coq's relaxed rules type it, and then the
//!    MAPs are equal;
//! 2. every other difference is one of the named exceptions below, checked precisely.
//!
//! # Exceptions (each deliberate, each with a test of its own below)
//!
//! * **`tid-barriers`** — a `sync` under an `if` or loop whose condition or range depends on
//!   `tid` (not on data). Coq's `TS_If`/`TS_For` ask for uniform control (`tid ∉ fv`), so
//!   `sinfer` answers `None`; SPEC §5 keeps such a kernel exact and records the `sync` as a
//!   `BarrierPlacement` for the SMT stage's divergence query. Checked: Coq's own rules type the
//!   kernel ⇔ the relaxed rules do and mapcheck records no barrier placement, with the same
//!   MAP. Theorem 1 still covers every aligned run of such a kernel (`papers/proofs.md` §2).
//! * **`int-inexact`** — in `int` arithmetic a bitwise operation other than a shift by a
//!   literal or a mask `& (2^k - 1)` is a per-thread unknown (SPEC §4: the SMT encoding
//!   cannot express it), so mapcheck calls a kernel with one in an index, condition or bound
//!   data-dependent where Coq, whose typing ignores operators, types it. Checked: in `int`,
//!   exact ⇒ exact in `bv32` with the same MAP; data-dependent while exact in `bv32` ⇒ every
//!   unknown of the `int` MAP is such an operation.
//! * **`int-fold`** — in `int`, mapcheck replaces such an operation on two literals by its
//!   value (`3 | 5` is `7`); Coq keeps the term. Absorbed by the normal form, which folds
//!   literal operations on both sides.
//!
//! Cases: 256 with a fixed seed (deterministic in CI); `PROPTEST_CASES` replaces the count.
//! Failures are saved in `tests/proptest-regressions/coq_differential.txt`. The extracted
//! checker is built by `make -C proofs driver` (Coq and OCaml, which `cargo xtask setup`
//! installs) and runs as one process for every case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::Kernel;
use mapcheck_core::Arith;
use mapcheck_tests::coq::{to_coq, CoqAnswer, Driver, Norm};
use mapcheck_tests::gen::{kernel, GenSettings};
use mapcheck_typeck::{check, Checked, Class, UnknownOrigin};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed, TestRunner};
use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The seed of the property: fixed, so that CI runs the same cases every time.
const SEED: u64 = 0x17_0001;

fn driver() -> MutexGuard<'static, Driver> {
    static DRIVER: OnceLock<Mutex<Driver>> = OnceLock::new();
    DRIVER
        .get_or_init(|| Mutex::new(Driver::start().unwrap_or_else(|e| panic!("{e}"))))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The four typings of one kernel.
struct Typings {
    coq: CoqAnswer,
    relaxed: CoqAnswer,
    bv32: Checked,
    int: Checked,
}

fn type_all(k: &Kernel) -> Result<Typings, String> {
    let mut d = driver();
    Ok(Typings {
        coq: d.ask(&to_coq(k, false)?)?,
        relaxed: d.ask(&to_coq(k, true)?)?,
        bv32: check(k, Arith::Bv32),
        int: check(k, Arith::Int),
    })
}

/// Which way a case went, for the tally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// Both checkers type the kernel, with the same MAP (in `bv32` and in `int`).
    Typed,
    /// Neither does.
    Untypable,
    /// Exception `tid-barriers`.
    TidBarriers,
    /// Exception `int-inexact`.
    IntInexact,
}

fn rust_norm(c: &Checked) -> Result<Norm, String> {
    Norm::of_rust(&c.protocol.body)
}

/// The property of the module doc, on one kernel; the outcomes it went through.
fn compare(k: &Kernel) -> Result<Vec<Outcome>, String> {
    let t = type_all(k)?;
    let mut outcomes = Vec::new();

    // 1. mapcheck (bv32) against Coq's relaxed rules.
    let relaxed = match (&t.relaxed, t.bv32.class) {
        (CoqAnswer::Typed(p), Class::Exact) => {
            let ours = rust_norm(&t.bv32)?;
            if &ours != p {
                return Err(format!(
                    "different MAPs:\n  mapcheck {ours:?}\n  Coq      {p:?}"
                ));
            }
            Some(p)
        }
        (CoqAnswer::Untypable, Class::DataDependent) => None,
        (CoqAnswer::Typed(_), Class::DataDependent) => {
            return Err(format!(
                "Coq types it, mapcheck (bv32) calls it data-dependent: {:?}",
                t.bv32.reasons
            ))
        }
        (CoqAnswer::Untypable, Class::Exact) => {
            return Err("mapcheck (bv32) calls it exact, Coq does not type it".into())
        }
    };

    // 2. tid-barriers: Coq's own rules type it iff the relaxed ones do and no `sync` is under
    //    control that is not uniform.
    match (&t.coq, relaxed) {
        (CoqAnswer::Typed(p), Some(q)) if t.bv32.barriers.is_empty() => {
            if p != q {
                return Err(format!("relaxing changed the MAP: {p:?} vs {q:?}"));
            }
            outcomes.push(Outcome::Typed);
        }
        (CoqAnswer::Untypable, Some(_)) if !t.bv32.barriers.is_empty() => {
            outcomes.push(Outcome::TidBarriers)
        }
        (CoqAnswer::Untypable, None) => outcomes.push(Outcome::Untypable),
        (coq, _) => {
            return Err(format!(
                "Coq's own rules say {coq:?}, the relaxed ones {:?}, mapcheck records {} \
                 barrier placement(s)",
                t.relaxed,
                t.bv32.barriers.len()
            ))
        }
    }

    // 3. int-inexact (and int-fold, absorbed by the normal form).
    match (t.int.class, t.bv32.class) {
        (Class::Exact, Class::Exact) => {
            let (int, bv32) = (rust_norm(&t.int)?, rust_norm(&t.bv32)?);
            if int != bv32 {
                return Err(format!("int and bv32 MAPs differ: {int:?} vs {bv32:?}"));
            }
        }
        (Class::DataDependent, Class::Exact) => {
            let unknowns = &t.int.protocol.unknowns;
            let inexact =
                |u: &&mapcheck_typeck::Unknown| matches!(u.origin, UnknownOrigin::Inexact { .. });
            if unknowns.is_empty() || !unknowns.iter().all(|u| inexact(&u)) {
                return Err(format!(
                    "data-dependent in int but exact in bv32, not only for inexact \
                     operations: {unknowns:?}"
                ));
            }
            outcomes.push(Outcome::IntInexact);
        }
        (Class::DataDependent, Class::DataDependent) => {}
        (Class::Exact, Class::DataDependent) => {
            return Err("exact in int, data-dependent in bv32".into())
        }
    }
    Ok(outcomes)
}

fn config() -> Config {
    Config {
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/coq_differential.txt",
        ))),
        ..mapcheck_tests::proptest_config(256)
    }
}

#[test]
fn mapcheck_and_the_extracted_checker_agree() {
    let settings = GenSettings::mechanised();
    let exact = GenSettings {
        exact_only: true,
        ..GenSettings::mechanised()
    };
    let strategy = prop_oneof![kernel(&settings), kernel(&exact)];
    let tally: Mutex<BTreeMap<Outcome, u32>> = Mutex::default();
    let mut runner = TestRunner::new(config());
    let result = runner.run(&strategy, |k| {
        let outcomes =
            compare(&k).map_err(|e| TestCaseError::fail(format!("{e}\nkernel:\n{}", k)))?;
        let mut tally = tally.lock().unwrap();
        for o in outcomes {
            *tally.entry(o).or_default() += 1;
        }
        Ok(())
    });
    let tally = tally.into_inner().unwrap();
    eprintln!(
        "coq differential: {} cases, {tally:?}",
        runner.config().cases
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    // The property is not vacuous: both answers and both exceptions occur.
    for o in [
        Outcome::Typed,
        Outcome::Untypable,
        Outcome::TidBarriers,
        Outcome::IntInexact,
    ] {
        assert!(tally.get(&o).copied().unwrap_or(0) > 0, "no case was {o:?}");
    }
}
