//! The differential test of mapcheck's type checker (`mapcheck_typeck`) against the one
//! extracted from Coq (`Mapcheck.Infer.sinfer`, proved equal to the typing relation by
//! `sinfer_spec`; `proofs/extraction/`), issue 17 item 1.
//!
//! Kernels come from `GenSettings::mechanised()` (the language of `proofs/Syntax.v`: one block,
//! two shared arrays indexed in one or two dimensions, loops with any step, reads, writes,
//! atomics, `let x = e`, `let x = ?`, `if`, `sync` anywhere, negation, unsigned operators,
//! `select`; no `assume`), half of them with `exact_only`. A `let` goes to the relaxed
//! checker as `SLet`/`PLet` and to `sinfer` substituted, as mapcheck types it. Each kernel is typed four times:
//! by mapcheck in `bv32` and in `int` arithmetic, and by the extracted checkers `sinfer` and
//! `Mapcheck.Infer.sinfer_relaxed` (Coq's rules without the uniformity premises of
//! `TS_For`/`TS_If`, `Mapcheck.Typing.rstyping`). MAPs are compared in the normal form of
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
//!   MAP. Theorem 1 covers every aligned run of such a kernel
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
//!
//! Cases: 256 with a fixed seed (deterministic in CI); `PROPTEST_CASES` replaces the count.
//! Failures are saved in `tests/proptest-regressions/coq_differential.txt`. The extracted
//! checker is built by `make -C proofs driver` (Coq and OCaml, which `cargo xtask setup`
//! installs) and runs as one process for every case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{Kernel, StmtKind};
use mapcheck_core::Arith;
use mapcheck_tests::coq::{to_coq, CoqAnswer, Driver, Norm};
use mapcheck_tests::gen::{kernel, GenSettings};
use mapcheck_typeck::{check, Checked, Class, UnknownOrigin};
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

    // 2. tid-barriers: Coq's own rules type it iff the relaxed ones do and no `sync` is under
    //    control that is not uniform.
    match (&t.coq, relaxed) {
        (CoqAnswer::Typed(p), Some(q)) if t.bv32.barriers.is_empty() => {
            if p != q {
                return Err(format!("relaxing changed the MAP: {p} vs {q}"));
            }
            outcomes.push(Outcome::Typed);
        }
        (CoqAnswer::Untypable, Some(_)) if !t.bv32.barriers.is_empty() => {
            outcomes.push(Outcome::TidBarriers)
        }
        (CoqAnswer::Untypable, None) => outcomes.push(Outcome::Untypable),
        (coq, _) => {
            return Err(format!(
                "Coq's own rules say {}, the relaxed ones {}, mapcheck records {} barrier \
                 placement(s)",
                answer(coq),
                answer(&t.relaxed),
                t.bv32.barriers.len()
            ))
        }
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
    Ok(outcomes)
}

/// The workspace's fixed seed (`mapcheck_tests::seeded`; `PROPTEST_RNG_SEED` and the long
/// tier change it), 256 cases, failures saved beside the other properties'.
fn config() -> Config {
    mapcheck_tests::proptest_config(256, "proptest-regressions/coq_differential.txt")
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
    // Typed kernels with an atomic, with a loop that is not stride 1, with two arrays, with
    // `let x = ?`, with `let x = e`.
    let widened: Mutex<[u32; 5]> = Mutex::default();
    let mut runner = TestRunner::new(config());
    let result = runner.run(&strategy, |k| {
        let outcomes =
            compare(&k).map_err(|e| TestCaseError::fail(format!("{e}\nkernel:\n{}", k)))?;
        if outcomes.contains(&Outcome::Typed) {
            let mut w = widened.lock().unwrap();
            let (mut atomic, mut strided, mut havoc, mut pure) = (false, false, false, false);
            k.body.walk(&mut |s| match &s.kind {
                StmtKind::Atomic { .. } => atomic = true,
                StmtKind::For { range, .. } if !range.is_unit_stride() => strided = true,
                StmtKind::Unknown { .. } => havoc = true,
                StmtKind::Let { .. } => pure = true,
                _ => {}
            });
            let two_arrays = k.arrays.len() > 1;
            let features = [atomic, strided, two_arrays, havoc, pure];
            for (i, yes) in features.into_iter().enumerate() {
                w[i] += u32::from(yes);
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
        "coq differential: {} cases, {tally:?}; typed with an atomic, a strided loop, two \
         arrays, `?`, `let`: {widened:?}",
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
    // ... and the widened language (issue 17 item 3) is exercised.
    assert!(
        widened.iter().all(|&n| n > 0),
        "typed with an atomic, a strided loop, two arrays, `?`, `let`: {widened:?}"
    );
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

/// Kernels outside the mechanised fragment (or the differential test) are refused, naming
/// what is missing.
#[test]
fn translation_refuses_what_coq_does_not_model() {
    for (source, what) in [
        ("kernel k(n) { shared A; assume n > 0; }", "`assume`"),
        ("kernel k() { shared A; A[tid.x] := 1; }", "`tid.x`"),
    ] {
        let err = to_coq(&parse(source), false).unwrap_err();
        assert!(err.0.starts_with(what), "{source}: {err}");
    }
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
