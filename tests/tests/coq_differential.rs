//! The differential test of mapcheck's type checker (`mapcheck_typeck`) against the one
//! extracted from Coq (`Mapcheck.Infer.sinfer`, proved equal to the typing relation by
//! `sinfer_spec`; `proofs/extraction/`), issue 17 item 1, widened by issue 33 item 3 to every
//! construct the `mechanised` certificate can be given for.
//!
//! Kernels come from `GenSettings::mechanised()` (the language of `proofs/Syntax.v`: one block,
//! two arrays, `shared` or `global`, indexed in one or two dimensions, parameters natural or
//! of a C type, the linear built-ins or their components, loops with any step, reads, writes,
//! atomics, `let x = e`, `let x = ?`, `assume` (at the start, and anywhere over uniform
//! variables), `if`, `sync` anywhere, negation, unsigned operators, `select`), half of them
//! with `exact_only`. Each kernel is typed five times: by mapcheck in `bv32`, `bv64` and
//! `int` arithmetic, and by the extracted checkers `Mapcheck.Infer.sinfer_relaxed` (Coq's rules
//! without the uniformity premises of `TS_For`/`TS_If`, `Mapcheck.Typing.rstyping`: the
//! certificate's checker) and `sinfer` (on the kernel as the uniform rules must see it for the
//! barrier check: `let`s substituted, thread-id components written `tid`, `assume`s dropped;
//! `mapcheck_tests::coq::to_coq`). MAPs are compared in the normal form of
//! `mapcheck_tests::coq::Norm` (sequences regrouped, literal operations folded). Required:
//!
//! 1. mapcheck in `bv32` calls the kernel exact ⇔ Coq's relaxed rules type it, and then the
//!    MAPs are equal;
//! 2. mapcheck in `bv64` gives the class, the barrier placements and the MAP of `bv32`;
//! 3. every other difference is one of the named exceptions below, checked precisely.
//!
//! Grid-level races have no checker of their own in Coq: `Mapcheck.Grid.grid_theorem1` speaks
//! of the kernel typed by the relaxed rules, so kernels with `global` arrays and `bid` are
//! compared as any other.
//!
//! # Exceptions (each deliberate, each with a test of its own below)
//!
//! * **`tid-barriers`** — a `sync` under an `if` or loop whose condition or range depends on
//!   `tid` or a component of it (not on data). Coq's `TS_If`/`TS_For` ask for uniform
//!   control (`tid ∉ fv`), so `sinfer` answers `None`; SPEC §5 keeps such a kernel exact and
//!   records the `sync` as a `BarrierPlacement` for the SMT stage's divergence query. Checked:
//!   Coq's own rules type the kernel ⇔ the relaxed rules do and mapcheck records no barrier
//!   placement, with the same MAP. Theorem 1 covers every aligned run of such a kernel
//!   (`Mapcheck.Theorem1.theorem1_sync_relaxed`, `papers/proofs.md` §3).
//! * **`int-inexact`** — in `int` arithmetic a bitwise operation other than a shift by a
//!   literal or a mask `& (2^k - 1)` is a per-thread unknown (SPEC §4: the SMT encoding
//!   cannot express it), so mapcheck calls a kernel with one in an index, condition or bound
//!   data-dependent where Coq, whose typing ignores operators, types it. Checked: in `int`,
//!   exact ⇒ exact in `bv32` with the same MAP; data-dependent while exact in `bv32` ⇒ every
//!   unknown of the `int` MAP is such an operation.
//! * **`int-fold`** — in `int`, mapcheck replaces such an operation on two literals by its
//!   value (`3 | 5` is `7`); Coq keeps the term. Absorbed by the normal form, which folds
//!   literal operations on both sides.
//! * **`assume-per-thread`** — an `assume` under an `if` or loop, or over a thread-id
//!   component: Coq's `T_Assume` asks only a condition over `V` without `tid` and types it;
//!   mapcheck makes it a reason (`ReasonKind::AssumePerThread`: its SMT decision would hold
//!   for the two threads of a witness, where a run needs the condition in every thread that
//!   reaches it), so the kernel is data-dependent and never certified. Checked: mapcheck's
//!   every reason is such an `assume`, and its MAP is Coq's.
//!
//! Cases: 256 with a fixed seed (deterministic in CI), 10,000 in the long tier
//! (`MAPCHECK_TEST_TIER=long`, `cargo xtask test --long`); `PROPTEST_CASES` replaces the
//! count. Failures are saved in `tests/proptest-regressions/coq_differential.txt`. The
//! extracted checker is built by `make -C proofs driver` (Coq and OCaml, which `cargo xtask
//! setup` installs) and runs as one process for every case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{Geometry, Kernel, ParamType, Space, StmtKind};
use mapcheck_core::Arith;
use mapcheck_tests::coq::{to_coq, to_coq_barrier_view, CoqAnswer, Driver, Norm};
use mapcheck_tests::gen::{kernel, GenSettings};
use mapcheck_typeck::{check, Checked, Class, ReasonKind, UnknownOrigin};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, OnceLock};

fn driver() -> MutexGuard<'static, Driver> {
    static DRIVER: OnceLock<Mutex<Driver>> = OnceLock::new();
    DRIVER
        .get_or_init(|| Mutex::new(Driver::start().unwrap_or_else(|e| panic!("{e}"))))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The six typings of one kernel.
struct Typings {
    /// `sinfer`, on the kernel's barrier view (`to_coq_barrier_view`).
    coq: CoqAnswer,
    /// `sinfer_relaxed`, on the kernel (the certificate's question).
    relaxed: CoqAnswer,
    /// `sinfer_relaxed`, on the kernel's barrier view.
    relaxed_view: CoqAnswer,
    bv32: Checked,
    bv64: Checked,
    int: Checked,
}

fn type_all(k: &Kernel) -> Result<Typings, String> {
    let mut d = driver();
    Ok(Typings {
        coq: d.ask(&to_coq_barrier_view(k, false)?)?,
        relaxed: d.ask(&to_coq(k, true)?)?,
        relaxed_view: d.ask(&to_coq_barrier_view(k, true)?)?,
        bv32: check(k, Arith::Bv32),
        bv64: check(k, Arith::Bv64),
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
    /// Exception `assume-per-thread`.
    AssumePerThread,
}

fn answer(a: &CoqAnswer) -> String {
    match a {
        CoqAnswer::Typed(p) => format!("`{p}`"),
        CoqAnswer::Untypable => "untypable".into(),
    }
}

fn rust_norm(c: &Checked) -> Result<Norm, String> {
    Norm::of_rust(&c.protocol.body).map_err(String::from)
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
        // assume-per-thread: mapcheck's only reasons are `assume`s under control or of a
        // thread-id component, and its MAP is Coq's.
        (CoqAnswer::Typed(p), Class::DataDependent)
            if t.bv32
                .reasons
                .iter()
                .all(|r| r.kind == ReasonKind::AssumePerThread) =>
        {
            let ours = rust_norm(&t.bv32)?;
            if &ours != p {
                return Err(format!(
                    "different MAPs (assume-per-thread):\n  mapcheck {ours:?}\n  Coq      {p:?}"
                ));
            }
            outcomes.push(Outcome::AssumePerThread);
            Some(p)
        }
        (CoqAnswer::Typed(_), Class::DataDependent) => {
            return Err(format!(
                "Coq types it, mapcheck (bv32) calls it data-dependent: {}",
                t.bv32.display(mapcheck_typeck::Style::ASCII)
            ))
        }
        (CoqAnswer::Untypable, Class::Exact) => {
            return Err("mapcheck (bv32) calls it exact, Coq does not type it".into())
        }
    };

    // 2. tid-barriers, asked of the kernel's barrier view (`to_coq_barrier_view`), where
    //    `sinfer` and `sinfer_relaxed` differ only by the uniformity premises: Coq's own rules
    //    type it iff the relaxed ones do and mapcheck records no barrier placement, with the
    //    same MAP. The view of a kernel mapcheck calls exact is typed by the relaxed rules.
    let placed = !t.bv32.barriers.is_empty();
    let exact = relaxed.is_some() && !outcomes.contains(&Outcome::AssumePerThread);
    let tid_barriers = match (&t.coq, &t.relaxed_view) {
        (CoqAnswer::Typed(p), CoqAnswer::Typed(q)) if !placed => {
            if p != q {
                return Err(format!("relaxing changed the MAP: {p} vs {q}"));
            }
            false
        }
        (CoqAnswer::Untypable, CoqAnswer::Typed(_)) if placed => true,
        (CoqAnswer::Untypable, CoqAnswer::Untypable) if !exact => false,
        (coq, view) => {
            return Err(format!(
                "Coq's own rules say {}, the relaxed ones {} (on the kernel: {}), mapcheck \
                 records {} barrier placement(s)",
                answer(coq),
                answer(view),
                answer(&t.relaxed),
                t.bv32.barriers.len()
            ))
        }
    };
    match (relaxed.is_some(), tid_barriers) {
        (true, true) => outcomes.push(Outcome::TidBarriers),
        (true, false) if exact => outcomes.push(Outcome::Typed),
        (true, false) => {}
        (false, _) => outcomes.push(Outcome::Untypable),
    }

    // 3. int-inexact (and int-fold, absorbed by the normal form).
    match (t.int.class, t.bv32.class) {
        (Class::Exact, Class::Exact) => {
            let (int, bv32) = (rust_norm(&t.int)?, rust_norm(&t.bv32)?);
            if int != bv32 {
                return Err(format!("int and bv32 MAPs differ: {int} vs {bv32}"));
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

    // 4. bv64 types every kernel as bv32 does: the typing reads the arithmetic only for
    //    `int`'s inexact operations.
    if (t.bv64.class, t.bv64.barriers.len()) != (t.bv32.class, t.bv32.barriers.len()) {
        return Err(format!(
            "bv64 says {:?} with {} barrier placement(s), bv32 {:?} with {}",
            t.bv64.class,
            t.bv64.barriers.len(),
            t.bv32.class,
            t.bv32.barriers.len()
        ));
    }
    if t.bv32.class == Class::Exact && rust_norm(&t.bv64)? != rust_norm(&t.bv32)? {
        return Err(format!(
            "bv64 and bv32 MAPs differ: {} vs {}",
            rust_norm(&t.bv64)?,
            rust_norm(&t.bv32)?
        ));
    }
    Ok(outcomes)
}

/// The workspace's fixed seed (`mapcheck_tests::seeded`; `PROPTEST_RNG_SEED` and the long
/// tier change it), 256 cases in the fast tier and 10,000 in the long one
/// (`mapcheck_tests::tiered_cases`), failures saved beside the other properties'.
fn config() -> Config {
    Config {
        cases: mapcheck_tests::tiered_cases(256, 10_000),
        ..mapcheck_tests::proptest_config(256, "proptest-regressions/coq_differential.txt")
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
    // Typed kernels (equal MAPs) with each construct of the widened language.
    let widened: Mutex<BTreeMap<&'static str, u32>> = Mutex::default();
    let mut runner = TestRunner::new(config());
    let result = runner.run(&strategy, |k| {
        let outcomes =
            compare(&k).map_err(|e| TestCaseError::fail(format!("{e}\nkernel:\n{}", k)))?;
        if outcomes.contains(&Outcome::Typed) {
            let mut w = widened.lock().unwrap();
            for feature in features(&k) {
                *w.entry(feature).or_default() += 1;
            }
        }
        let mut tally = tally.lock().unwrap();
        for o in outcomes {
            *tally.entry(o).or_default() += 1;
        }
        Ok(())
    });
    let tally = tally.into_inner().unwrap();
    let widened = widened.into_inner().unwrap();
    eprintln!(
        "coq differential: {} cases, {tally:?}; typed, by construct: {widened:?}",
        runner.config().cases
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    // The property is not vacuous: both answers and every exception occur.
    for o in [
        Outcome::Typed,
        Outcome::Untypable,
        Outcome::TidBarriers,
        Outcome::IntInexact,
        Outcome::AssumePerThread,
    ] {
        assert!(tally.get(&o).copied().unwrap_or(0) > 0, "no case was {o:?}");
    }
    // ... and every construct of the mechanised language is typed alike at least once.
    for feature in FEATURES {
        assert!(
            widened.get(feature).copied().unwrap_or(0) > 0,
            "no typed kernel with {feature}: {widened:?}"
        );
    }
}

/// The constructs the property must see typed by both sides (issue 17 item 3, issue 33 item 3).
const FEATURES: [&str; 11] = [
    "an atomic",
    "a strided loop",
    "two arrays",
    "`?`",
    "`let`",
    "`assume`",
    "a `global` array",
    "a thread-id component",
    "a block-id or size component",
    "a typed parameter",
    "`bid` or `nbid`",
];

/// The constructs of [`FEATURES`] that `k` uses.
fn features(k: &Kernel) -> Vec<&'static str> {
    let mut out = Vec::new();
    k.body.walk(&mut |s| match &s.kind {
        StmtKind::Atomic { .. } => out.push("an atomic"),
        StmtKind::For { range, .. } if !range.is_unit_stride() => out.push("a strided loop"),
        StmtKind::Unknown { .. } => out.push("`?`"),
        StmtKind::Let { .. } => out.push("`let`"),
        StmtKind::Assume { .. } => out.push("`assume`"),
        _ => {}
    });
    if k.arrays.len() > 1 {
        out.push("two arrays");
    }
    if k.arrays.iter().any(|a| a.space == Space::Global) {
        out.push("a `global` array");
    }
    if k.params.iter().any(|p| p.ty != ParamType::Natural) {
        out.push("a typed parameter");
    }
    for b in k.builtins() {
        out.push(match (b.is_thread_id(), b.dim) {
            (true, Some(_)) => "a thread-id component",
            (false, Some(_)) => "a block-id or size component",
            (false, None) if matches!(b.geometry, Geometry::Bid | Geometry::Nbid) => {
                "`bid` or `nbid`"
            }
            _ => continue,
        });
    }
    out.sort_unstable();
    out.dedup();
    out
}

// ---------------------------------------------------------------------------------------------
// The exceptions, one test each, and the translation.

fn parse(source: &str) -> Kernel {
    let mut program = mapcheck_grammar::parse(source).expect("the test kernel parses");
    program.kernels.remove(0)
}

fn typed(a: &CoqAnswer) -> &Norm {
    match a {
        CoqAnswer::Typed(p) => p,
        CoqAnswer::Untypable => panic!("Coq does not type it"),
    }
}

/// `tid-barriers`: the first disagreement. A barrier loop whose bound is `tid`: Coq's
/// `TS_For` asks for a uniform range and `sinfer` answers `None`; mapcheck keeps the kernel
/// exact (SPEC §5) and records the `sync` for the divergence query. Without the uniformity
/// premise (the relaxed rules) Coq types it with mapcheck's MAP.
#[test]
fn exception_tid_barriers() {
    let k = parse("kernel straddle() { shared A; for k in 0..tid { A[tid + k] := 1; sync; } }");
    let t = type_all(&k).unwrap();
    assert_eq!(t.coq, CoqAnswer::Untypable);
    for c in [&t.bv32, &t.int] {
        assert_eq!(c.class, Class::Exact);
        assert_eq!(c.barriers.len(), 1);
    }
    let p = typed(&t.relaxed);
    assert_eq!(p.to_string(), "for k in 0..tid {wr A[tid + k]; sync}");
    assert_eq!(&rust_norm(&t.bv32).unwrap(), p);
    assert_eq!(compare(&k).unwrap(), vec![Outcome::TidBarriers]);

    // The same loop over a uniform range types on both sides, with no placement recorded.
    let k = parse("kernel uniform() { shared A; for k in 0..ntid { A[tid + k] := 1; sync; } }");
    let t = type_all(&k).unwrap();
    assert!(t.bv32.barriers.is_empty());
    assert_eq!(typed(&t.coq), &rust_norm(&t.bv32).unwrap());
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);

    // A barrier conditional on `tid` is the same exception (TS_If).
    let k = parse("kernel cond() { shared A; if tid < 1 { sync; } A[tid] := 1; }");
    assert_eq!(compare(&k).unwrap(), vec![Outcome::TidBarriers]);
}

/// `int-inexact`: the second disagreement. `tid | 1` has no exact encoding in `int`
/// arithmetic (SPEC §4), so mapcheck makes it a per-thread unknown and the kernel
/// data-dependent; Coq's typing ignores operators and types it, with the MAP mapcheck gives it
/// in `bv32`, where the operation is exact.
#[test]
fn exception_int_inexact() {
    let k = parse("kernel orindex() { shared A; A[tid | 1] := 1; }");
    let t = type_all(&k).unwrap();
    assert_eq!(t.int.class, Class::DataDependent);
    assert_eq!(t.int.reasons.len(), 1);
    let unknowns = &t.int.protocol.unknowns;
    assert_eq!(unknowns.len(), 1);
    assert!(matches!(unknowns[0].origin, UnknownOrigin::Inexact { .. }));
    assert_eq!(t.bv32.class, Class::Exact);
    let p = typed(&t.coq);
    assert_eq!(p.to_string(), "wr A[tid | 1]");
    assert_eq!(&rust_norm(&t.bv32).unwrap(), p);
    assert_eq!(
        compare(&k).unwrap(),
        vec![Outcome::Typed, Outcome::IntInexact]
    );

    // A mask is exact in `int` too: no exception.
    let k = parse("kernel mask() { shared A; A[tid & 3] := 1; }");
    assert_eq!(check(&k, Arith::Int).class, Class::Exact);
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// `int-fold`: in `int`, mapcheck folds an inexact operation on literals (`3 | 5` is `7`);
/// Coq keeps the term. The normal form folds both sides.
#[test]
fn exception_int_fold() {
    let k = parse("kernel fold() { shared A; A[3 | 5] := 1; }");
    let int = check(&k, Arith::Int);
    assert_eq!(int.class, Class::Exact);
    let index = &int.protocol.accesses()[0].index[0];
    assert_eq!(index.to_string(), "7");
    let raw = driver().ask_raw(&to_coq(&k, false).unwrap()).unwrap();
    assert_eq!(
        raw, "(some (MU (UAcc Wr A (EBin BOr (ELit 3) (ELit 5)))))",
        "Coq keeps the operation"
    );
    let t = type_all(&k).unwrap();
    assert_eq!(typed(&t.coq).to_string(), "wr A[7]");
    assert_eq!(&rust_norm(&t.int).unwrap(), typed(&t.coq));
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// The translation: a read whose variable is used after a barrier is `PRead` over the rest of
/// the block; the code before and after the barrier are unsynchronised blocks; `if` without
/// `else` gets `SSkip`.
#[test]
fn translation_of_reads_across_barriers() {
    let k = parse(
        "kernel k(n) { shared A; let x = A[tid]; if x < n { A[tid] := x; } sync; A[x] := 1; }",
    );
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (n tid ntid bid nbid) (PRead x A (EVar tid) (PSeq (PU (SIf (CCmp Lt (EVar x) \
         (EVar n)) (SWrite A (EVar tid) (EVar x)) SSkip)) (PSeq PSync (PU (SWrite A (EVar x) \
         (ELit 1)))))))"
    );
    assert_eq!(
        to_coq(&k, true).unwrap(),
        "(kernel-relaxed (n tid ntid bid nbid) (PRead x A (EVar tid) (PSeq (PU (SIf (CCmp Lt \
         (EVar x) (EVar n)) (SWrite A (EVar tid) (EVar x)) SSkip)) (PSeq PSync (PU (SWrite \
         A (EVar x) (ELit 1)))))))"
    );
    // `x` is read, so `A[x]` and `x < n` fail the premise on both sides.
    assert_eq!(type_all(&k).unwrap().coq, CoqAnswer::Untypable);
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Untypable]);
}

/// Several arrays: accesses name their array on both sides (`Mapcheck.Syntax.arr`), and the
/// MAPs agree array by array.
#[test]
fn translation_of_several_arrays() {
    let k = parse("kernel k() { shared A, B; let x = B[tid]; A[tid] := x; }");
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (tid ntid bid nbid) (PU (SRead x B (EVar tid) (SWrite A (EVar tid) (EVar x)))))"
    );
    let t = type_all(&k).unwrap();
    assert_eq!(typed(&t.coq).to_string(), "rd B[tid]; wr A[tid]");
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// A descending strided loop is Coq's `Step Gt Div k`; an atomic binds its old value
/// (`SAtomic`, a bare one a variable nobody uses), and its access is `at`.
#[test]
fn translation_of_steps_and_atomics() {
    let k = parse(
        "kernel k(n) { shared A, C; for s in n downto 0 step /2 { if tid < s { atomic C[tid]; \
         let o = atomic A[tid + s] += 1; A[tid] := o; } } }",
    );
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (n tid ntid bid nbid) (PU (SFor s (EVar n) (ELit 0) (Step Gt Div (ELit 2)) \
         (SIf (CCmp Lt (EVar tid) (EVar s)) (SSeq (SAtomic _atomic C (EVar tid) SSkip) \
         (SAtomic o A (EBin Add (EVar tid) (EVar s)) (SWrite A (EVar tid) (EVar o)))) SSkip))))"
    );
    let t = type_all(&k).unwrap();
    assert_eq!(
        typed(&t.coq).to_string(),
        "for s = n; s Gt 0; s Div= 2 {if tid < s {at C[tid]; at A[tid + s]; wr A[tid]} else {skip}}"
    );
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// A negation is Coq's `0 - e`, on both sides of the comparison.
#[test]
fn translation_of_negation() {
    let k = parse("kernel k(n) { shared A; A[n + -tid] := -1; }");
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (n tid ntid bid nbid) (PU (SWrite A (EBin Add (EVar n) (EBin Sub (ELit 0) \
         (EVar tid))) (EBin Sub (ELit 0) (ELit 1)))))"
    );
    assert_eq!(
        typed(&type_all(&k).unwrap().coq).to_string(),
        "wr A[n + (0 - tid)]"
    );
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// A selection on any condition is nested selections on one comparison each (`ESel`), on
/// both sides of the comparison.
#[test]
fn translation_of_selections() {
    let k = parse("kernel k(n) { shared A; A[select(tid < n && !(tid == 0), tid, n)] := 1; }");
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (n tid ntid bid nbid) (PU (SWrite A (ESel Lt (EVar tid) (EVar n) (ESel Eq \
         (EVar tid) (ELit 0) (EVar n) (EVar tid)) (EVar n)) (ELit 1))))"
    );
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// An index of two dimensions is `(Idx n1 n2)`; the cells `A[tid][0]` and `A[0][tid]` differ.
#[test]
fn translation_of_two_dimensions() {
    let k = parse("kernel k() { shared A; let x = A[0][tid]; A[tid][0] := x; }");
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (tid ntid bid nbid) (PU (SRead x A (Idx (ELit 0) (EVar tid)) (SWrite A (Idx \
         (EVar tid) (ELit 0)) (EVar x)))))"
    );
    let t = type_all(&k).unwrap();
    assert_eq!(typed(&t.coq).to_string(), "rd A[0][tid]; wr A[tid][0]");
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// `let x = e`: the relaxed checker gets `SLet`/`PLet` (Coq's `let` rules), `sinfer` the
/// kernel with the `let` substituted, as mapcheck types it; Coq's `ULet`/`MLet` are
/// substituted in the normal form. A `tid`-dependent `let` across a barrier types.
#[test]
fn translation_of_lets() {
    let k = parse("kernel k() { shared A; let j = tid + 1; A[j] := 1; sync; A[j] := 2; }");
    assert_eq!(
        to_coq(&k, true).unwrap(),
        "(kernel-relaxed (tid ntid bid nbid) (PLet j (EBin Add (EVar tid) (ELit 1)) (PSeq (PU \
         (SWrite A (EVar j) (ELit 1))) (PSeq PSync (PU (SWrite A (EVar j) (ELit 2)))))))"
    );
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (tid ntid bid nbid) (PSeq (PU (SWrite A (EBin Add (EVar tid) (ELit 1)) (ELit \
         1))) (PSeq PSync (PU (SWrite A (EBin Add (EVar tid) (ELit 1)) (ELit 2))))))"
    );
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// Kernels outside the mechanised fragment are refused, naming what is missing: `syncwarp`
/// (the Coq model has no warps) and a literal the driver's `nat` cannot hold.
#[test]
fn translation_refuses_what_coq_does_not_model() {
    for (source, what) in [
        (
            "kernel k() { shared A; A[tid] := 1; syncwarp; }",
            "`syncwarp`",
        ),
        (
            "kernel k() { shared A; A[tid] := 4611686018427387904; }",
            "the literal 4611686018427387904",
        ),
        // `-k` is a negation of the literal `k`.
        (
            "kernel k() { shared A; A[tid] := -4611686018427387904; }",
            "the literal 4611686018427387904",
        ),
    ] {
        let err = to_coq(&parse(source), true).unwrap_err();
        assert!(err.0.starts_with(what), "{source}: {err}");
    }
    // The largest literal it holds is translated, and typed.
    let k = parse("kernel k() { shared A; A[tid] := 4611686018427387903; }");
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// `assume c` is `SAssume c` for the relaxed checker, and its protocol `UAssume c` is part of
/// the MAP on both sides; thread-id components are variables of `V`, the block's sizes and
/// ids too. In the barrier view `tid.x` is written `tid`, so that a barrier under `tid.x` is
/// the exception `tid-barriers` as under `tid`.
#[test]
fn translation_of_assumes_and_components() {
    let k = parse(
        "kernel k(n: i32) { global G; shared A; assume n > ntid.x; A[tid.y][tid.x] := 1; \
         if tid.x < n { sync; } G[bid.x * ntid.x + tid.x] := 2; }",
    );
    assert_eq!(
        to_coq(&k, true).unwrap(),
        "(kernel-relaxed (n tid ntid bid nbid tid.x tid.y ntid.x bid.x) (PSeq (PU (SAssume \
         (CCmp Gt (EVar n) (EVar ntid.x)))) (PSeq (PU (SWrite A (Idx (EVar tid.y) (EVar \
         tid.x)) (ELit 1))) (PSeq (PIf (CCmp Lt (EVar tid.x) (EVar n)) PSync (PU SSkip)) (PU \
         (SWrite G (EBin Add (EBin Mul (EVar bid.x) (EVar ntid.x)) (EVar tid.x)) (ELit \
         2)))))))"
    );
    assert_eq!(
        to_coq(&k, false).unwrap(),
        "(kernel (n tid ntid bid nbid tid.x tid.y ntid.x bid.x) (PSeq (PU (SAssume (CCmp Gt \
         (EVar n) (EVar ntid.x)))) (PSeq (PU (SWrite A (Idx (EVar tid) (EVar tid)) (ELit 1))) \
         (PSeq (PIf (CCmp Lt (EVar tid) (EVar n)) PSync (PU SSkip)) (PU (SWrite G (EBin Add \
         (EBin Mul (EVar bid.x) (EVar ntid.x)) (EVar tid)) (ELit 2)))))))"
    );
    let t = type_all(&k).unwrap();
    assert_eq!(
        typed(&t.relaxed).to_string(),
        "assume n > ntid.x; wr A[tid.y][tid.x]; if tid.x < n {sync} else {skip}; \
         wr G[bid.x * ntid.x + tid.x]"
    );
    assert_eq!(t.coq, CoqAnswer::Untypable);
    assert_eq!(compare(&k).unwrap(), vec![Outcome::TidBarriers]);

    // Under a uniform condition the barrier types on both sides.
    let k = parse("kernel k(n) { shared A; assume n < 5; if bid.y < n { A[tid.z] := 1; sync; } }");
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// `assume-per-thread`: mapcheck makes an `assume` under control, or over a thread-id
/// component, a reason (`ReasonKind::AssumePerThread`: its SMT decision would hold for the two
/// threads of a witness only), where Coq's `T_Assume` asks a condition over `V` without
/// `tid` (`Mapcheck.Infer.uniformc`) and types it. mapcheck is the stricter: the kernel is
/// data-dependent, so it is never certified. One over `tid` itself both refuse.
#[test]
fn exception_assume_per_thread() {
    for source in [
        "kernel k(n) { shared A; if n > 2 { assume n < 8; } A[tid] := 1; }",
        "kernel k(n) { shared A; for i in 0..n { assume i < 4; A[tid] := i; } }",
        "kernel k() { shared A; assume tid.x < 4; A[tid.x] := 1; }",
        // Coq's `T_Let` puts a data-free `x` in `V`, and `x` is not named `tid`.
        "kernel k() { shared A; let x = tid; assume x < 4; A[x] := 1; }",
    ] {
        let k = parse(source);
        let t = type_all(&k).unwrap();
        assert_eq!(t.bv32.class, Class::DataDependent, "{source}");
        assert!(
            t.bv32
                .reasons
                .iter()
                .all(|r| r.kind == ReasonKind::AssumePerThread),
            "{source}"
        );
        assert_eq!(typed(&t.relaxed), &rust_norm(&t.bv32).unwrap(), "{source}");
        assert_eq!(
            compare(&k).unwrap(),
            vec![Outcome::AssumePerThread],
            "{source}"
        );
    }
    let k = parse("kernel k() { shared A; assume tid < 4; A[tid] := 1; }");
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Untypable]);
    // An `assume` at the start over parameters and sizes: exact, and the same MAP.
    let k = parse("kernel k(n, m: u8) { shared A; assume n < m && ntid > 1; A[tid] := n; }");
    assert_eq!(compare(&k).unwrap(), vec![Outcome::Typed]);
}

/// The driver answers a malformed line with an error, not a verdict.
#[test]
fn the_driver_rejects_malformed_input() {
    let mut d = driver();
    assert!(d
        .ask("(kernel (tid) (PU (SWrite A (ELit -1) (ELit 0))))")
        .is_err());
    assert!(d.ask("(kernel (tid) (PU SSkip)) trailing").is_err());
    assert!(d.ask("(kernel (tid) (PX SSkip))").is_err());
    // ... and keeps answering afterwards.
    assert_eq!(
        d.ask("(kernel (tid) (PU SSkip))").unwrap(),
        CoqAnswer::Typed(Norm::Skip)
    );
}

// ---------------------------------------------------------------------------------------------
// The README's coverage table (issue 33 item 4).

/// Every construct the README's table "What the Coq proof covers" may call proved, as the
/// table writes it (in backticks), with the names the Coq development models it by (each must
/// be declared in `proofs/`) and, for a construct of the language, a kernel body using it
/// whose translation for the certificate (`to_coq`) must contain them. A construct the table
/// calls proved and this list does not know fails the test: add it here with its Coq name,
/// or do not call it proved.
const PROVED: &[(&str, &[&str], Option<&str>)] = &[
    ("tid", &["tid", "par"], Some("A[tid] := 1;")),
    ("ntid", &["EVar"], Some("A[ntid] := 1;")),
    ("bid", &["EVar", "block_env"], Some("A[bid] := 1;")),
    ("nbid", &["EVar"], Some("A[nbid] := 1;")),
    ("-p", &["env"], None),
    ("--block-dim", &["par", "psync_run"], None),
    ("shared", &["arr", "SWrite"], Some("A[0] := 1;")),
    ("global", &["arr", "grid_racy"], Some("G[0] := 1;")),
    ("A[i][j]", &["index", "evali"], Some("A[0][tid] := 1;")),
    ("--grid-dim", &["grid_run"], None),
    ("A[e] := v", &["SWrite"], Some("A[tid] := 1;")),
    (
        "let x = A[e]",
        &["SRead"],
        Some("let x = A[tid]; B[x] := 1;"),
    ),
    ("let x = e", &["SLet"], Some("let x = tid + 1; A[x] := 1;")),
    ("let x = ?", &["SHavoc"], Some("let x = ?; A[tid] := x;")),
    (
        "if",
        &["SIf", "PIf"],
        Some("if tid < n { A[tid] := 1; } if n > 0 { sync; } else { sync; }"),
    ),
    (
        "else",
        &["SIf"],
        Some("if tid < n { A[tid] := 1; } else { skip; }"),
    ),
    ("skip", &["SSkip"], Some("skip;")),
    ("atomic A[e]", &["SAtomic", "At"], Some("atomic A[tid];")),
    (
        "let x = atomic A[e] OP v",
        &["SAtomic", "PAtomic"],
        Some("atomic B[tid]; let x = atomic A[0] += 1; sync; B[x] := 1;"),
    ),
    (
        "for x in a..b",
        &["SFor", "PFor", "unit_step"],
        Some("for i in 0..n { A[i] := 1; sync; } for j in 0..n { B[j] := 1; }"),
    ),
    (
        "step +k *k <<k",
        &["Step", "Add", "Mul", "Shl"],
        Some(
            "for i in 0..n step +2 { A[i] := 1; } for j in 1..n step *2 { A[j] := 1; } \
             for k in 1..n step <<1 { A[k] := 1; }",
        ),
    ),
    (
        "downto ... step -k /k >>k",
        &["Step", "Gt", "Sub", "Div", "Shr"],
        Some(
            "for i in n downto 0 step -2 { A[i] := 1; } for j in n downto 0 step /2 { A[j] := \
             1; } for k in n downto 0 step >>1 { A[k] := 1; }",
        ),
    ),
    ("sync", &["PSync"], Some("sync;")),
    (
        "+ - * / % << >> & | ^ min max",
        &[
            "Add", "Sub", "Mul", "Div", "Mod", "Shl", "Shr", "BAnd", "BOr", "BXor", "Min", "Max",
        ],
        Some(
            "A[tid + 1 - 2 * 3 / 4 % 5 << 1 >> 1 & 7 | 8 ^ 9] := 1; A[min(tid, n)] := \
             max(tid, n);",
        ),
    ),
    ("-", &["Sub"], Some("A[-tid] := 1;")),
    ("0 - e", &["Sub"], Some("A[0 - tid] := 1;")),
    (
        "udiv urem ushr umin umax",
        &["UDiv", "URem", "UShr", "UMin", "UMax"],
        Some(
            "A[udiv(tid, 2)] := urem(tid, 2); A[ushr(tid, 1)] := umin(tid, 1); A[umax(tid, \
             1)] := 1;",
        ),
    ),
    (
        "ult ule ugt uge",
        &["ULt", "ULe", "UGt", "UGe"],
        Some(
            "if ult(tid, n) && ule(tid, n) { A[tid] := 1; } if ugt(tid, n) || uge(tid, n) { \
             A[tid] := 1; }",
        ),
    ),
    (
        "&& || !",
        &["CAnd", "COr", "CNot"],
        Some("if (tid < n && tid > 0) || !(tid == 1) { A[tid] := 1; }"),
    ),
    ("--arith int", &["Z_arith"], None),
    ("--arith bv32", &["bv32s_arith"], None),
    ("--arith bv64", &["bv64_arith"], None),
    (">>", &["Shr"], Some("A[tid >> 1] := 1;")),
    (
        "assume c",
        &["SAssume", "UAssume"],
        Some("assume n > 0; A[tid] := 1;"),
    ),
    (
        "select(c, a, b)",
        &["ESel"],
        Some("A[select(tid < n, tid, n)] := 1;"),
    ),
];

/// What the README must never call proved: the Coq model has no warps.
const NEVER_PROVED: &[&str] = &["syncwarp", "--warp-sync", "--warp-size"];

/// The rows of the README's table "What the Coq proof covers": the backticked constructs of
/// the first column, and whether the second says "proved".
fn readme_coverage_rows() -> Vec<(Vec<String>, bool)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("the README");
    let section = readme
        .split("### What the Coq proof covers")
        .nth(1)
        .expect("the README has its coverage section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let mut rows = Vec::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        // `\|` is a `|` inside a cell.
        let line = line.replace("\\|", "\u{1}");
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (construct, covered) = (cells[1], cells[2]);
        if construct == "construct or option" || construct.starts_with("---") {
            continue;
        }
        let constructs = construct
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|c| c.replace('\u{1}', "|"))
            .collect();
        rows.push((constructs, covered.starts_with("proved")));
    }
    rows
}

/// Whether `name` is declared in `proofs/` (a definition, an inductive type, a constructor, a
/// variable of a section or a theorem).
fn declared_in_proofs(sources: &str, name: &str) -> bool {
    let words: Vec<&str> = sources
        .split(|c: char| c.is_whitespace() || "().,:;{}".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    const DECLARING: [&str; 8] = [
        "|",
        "Definition",
        "Fixpoint",
        "Inductive",
        "Variable",
        "Theorem",
        "Lemma",
        "Class",
    ];
    words
        .windows(2)
        .any(|w| w[1] == name && DECLARING.contains(&w[0]))
        // The first constructor of an inductive type follows `:=` after its type.
        || sources.contains(&format!("Type := {name} "))
}

/// Issue 33 item 4: the README's coverage table calls proved only constructs the Coq syntax
/// has. Each backticked construct of a "proved" row must be known to [`PROVED`], its Coq names
/// declared in `proofs/`, and a kernel using it translated for the certificate with those
/// names; the constructs of the Coq model's known gaps are in no "proved" row.
#[test]
fn the_readme_coverage_table_names_only_constructs_coq_has() {
    let mut sources = String::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../proofs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "v") {
            sources.push_str(&std::fs::read_to_string(&path).unwrap());
            sources.push('\n');
        }
    }
    // The check of declarations is not vacuous.
    assert!(declared_in_proofs(&sources, "SAssume"));
    assert!(declared_in_proofs(&sources, "Add"));
    assert!(!declared_in_proofs(&sources, "SSyncWarp"));

    let rows = readme_coverage_rows();
    let proved: Vec<&String> = rows
        .iter()
        .filter(|(_, p)| *p)
        .flat_map(|(cs, _)| cs)
        .collect();
    assert!(
        proved.len() >= 20 && rows.iter().any(|(_, p)| !p),
        "the README's coverage table was not read: {rows:?}"
    );
    for construct in &proved {
        assert!(
            !NEVER_PROVED.contains(&construct.as_str()),
            "the README calls `{construct}` proved; the Coq model has no warps"
        );
        let Some((_, names, body)) = PROVED.iter().find(|(c, _, _)| c == construct) else {
            panic!(
                "the README calls `{construct}` proved, and this test does not know its Coq \
                 counterpart: add it to `PROVED`, or do not call it proved"
            )
        };
        for name in *names {
            assert!(
                declared_in_proofs(&sources, name),
                "`{construct}`: `{name}` is not declared in proofs/"
            );
        }
        if let Some(body) = body {
            let source = format!("kernel k(n) {{ shared A, B; global G; {body} }}");
            let line = to_coq(&parse(&source), true)
                .unwrap_or_else(|e| panic!("`{construct}` ({source}) is not translated: {e}"));
            for name in names
                .iter()
                .filter(|n| n.chars().next().is_some_and(char::is_uppercase))
            {
                let translated = line.contains(&format!("({name} "))
                    || line.contains(&format!(" {name} "))
                    || line.contains(&format!(" {name})"));
                // Declarations that are not syntax (`At`, `UAssume`, `grid_racy`...) are named
                // by the protocol or the theorems, not the input line.
                let syntax = !matches!(*name, "At" | "UAssume" | "EVar");
                assert!(
                    translated || !syntax,
                    "`{construct}`: `{name}` is not in its translation {line}"
                );
            }
        }
    }
    // And the warp constructs the README lists are refused by the translation.
    let k = parse("kernel k() { shared A; A[tid] := 1; syncwarp; }");
    assert!(to_coq(&k, true).is_err());
}
