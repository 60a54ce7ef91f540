//! The cross-check (issue 6, items 2a–2e and the arithmetic half of 2f; SPEC §9): the SMT stage
//! held against the reference interpreter on generated kernels, through the one
//! [`Oracle`] trait both implement (`mapcheck_tests::oracle`).
//!
//! * `a` — exact kernels, every value fixed: the SMT stage's racing locations are the
//!   interpreter's (Theorem 1, tested); configurations the interpreter finds divergent are
//!   compared on divergence only. When the phase split over-approximates
//!   (`Decision.approximate`) only one direction holds: every race the interpreter shows is
//!   reported.
//! * `b` — exact kernels, symbolic: every race witness replays to the same race in the
//!   interpreter, is `proven`, and carries no internal error (`potential` only when its
//!   configuration diverges first, when the split over-approximates, or when its run cannot
//!   finish — a witness that is not a run is never `proven`).
//! * `c` — data-dependent kernels (`GenSettings::any()`), every value fixed, several random
//!   memories: every race the interpreter observes is reported — soundness — and so is every
//!   divergence.
//! * `d` — a DRF verdict with symbolic parameters: no interpreted configuration of a grid of
//!   small ones races (and without a divergence finding, none diverges).
//! * `e` — exact kernels with barriers under `tid`-dependent control, every value fixed: a
//!   divergence finding exactly when the interpreter diverges.
//! * `f` — `core::arith` in `int` and `bv32` against z3's evaluation of the encoder's terms.
//!
//! Configurations: `ntid` 1..=4, `nbid` 1..=2, parameters 0..=3 (see `papers/crosscheck.md`
//! for what that does and does not establish). A configuration that is not a run (step budget,
//! overflow) is skipped; a solver `unknown` is skipped and counted, and a property fails when
//! more than 5% of its decisions are unknown.
//!
//! Case counts: each property has a default that keeps the target near a minute in debug on
//! two cores; `PROPTEST_CASES` replaces every default, and the long tier runs four times as
//! many. The seed is fixed (`mapcheck_tests::SEED`; `PROPTEST_RNG_SEED` replaces it, and
//! `cargo xtask test --long` draws one). Failures are saved in
//! `tests/proptest-regressions/crosscheck-<property>.txt` and replayed first.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{BinOp, CmpOp, Cond, CondKind, Expr, ExprKind, Kernel};
use mapcheck_core::{Arith, Value};
use mapcheck_smt::encode::{eq, value_of, Encoder, Side};
use mapcheck_smt::{Certainty, Fixed, Kind, Limits, Verdict};
use mapcheck_tests::gen::{expr_over, kernel, GenSettings};
use mapcheck_tests::oracle::{
    agree_exact, agree_sound, flat, with_spans, Answer, Interpreter, Observed, Oracle, Pipeline,
    RaceSite, Setting,
};
use mapcheck_typeck::Class;
use mapcheck_typeck::Var;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::cell::Cell;
use std::collections::BTreeMap;
use z3::ast::Bool;
use z3::{Params, SatResult, Solver};

// ---------------------------------------------------------------------------------------------
// Running a property.

/// The fixed seed and the case count of `mapcheck_tests` (`PROPTEST_CASES`, the long tier),
/// failures saved in `regressions`.
fn config(default_cases: u32, regressions: &'static str) -> Config {
    Config {
        // Each case asks z3 dozens of questions: keep shrinking bounded.
        max_shrink_iters: 512,
        ..mapcheck_tests::proptest_config(default_cases, regressions)
    }
}

/// What a property skipped, so that it can fail when it skipped too much.
#[derive(Default)]
struct Tally {
    /// Decisions of the SMT stage (each with every query answered, or `unknown`).
    decisions: Cell<u32>,
    /// Comparisons made (configurations, witnesses or expressions).
    compared: Cell<u32>,
    not_a_run: Cell<u32>,
    unknown: Cell<u32>,
}

impl Tally {
    fn bump(c: &Cell<u32>) {
        c.set(c.get() + 1);
    }

    /// Fails when more than 5% of the decisions were `unknown`, or when nothing was compared.
    fn check(&self, property: &str) {
        let (decisions, unknown) = (self.decisions.get(), self.unknown.get());
        eprintln!(
            "{property}: {} comparisons, {} skipped (not a run), {unknown} of {decisions} decisions unknown",
            self.compared.get(),
            self.not_a_run.get()
        );
        assert!(self.compared.get() > 0, "{property}: nothing was compared");
        assert!(
            unknown * 20 <= decisions,
            "{property}: {unknown} of {decisions} decisions were unknown"
        );
    }
}

fn run<S: Strategy>(
    property: &str,
    config: Config,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{property}: {e}");
    }
}

/// A shape of at most `max` in x and 2 in y and z, one-dimensional half of the time.
fn shape(max: Value) -> impl Strategy<Value = [Value; 3]> {
    prop_oneof![
        (1..=max).prop_map(|x| [x, 1, 1]),
        (1..=max, 1..=2 as Value, 1..=2 as Value).prop_map(|(x, y, z)| [x, y, z]),
    ]
}

/// Small concrete configurations: blocks of at most 4 threads in x and 2 in y and z, grids
/// of at most 2 blocks in x and y, up to three parameter values in 0..=3 (matched to the
/// kernel's parameters by position), and the arithmetic.
fn settings(n: usize) -> impl Strategy<Value = (Arith, Vec<SettingSeed>)> {
    (
        prop_oneof![3 => Just(Arith::Int), 1 => Just(Arith::Bv32)],
        proptest::collection::vec(
            (
                shape(4),
                (1..=2 as Value, 1..=2 as Value).prop_map(|(x, y)| [x, y, 1]),
                proptest::collection::vec(0..=3 as Value, 3),
            ),
            n,
        ),
    )
}

/// A block, a grid and parameter values, before they are matched to a kernel.
type SettingSeed = ([Value; 3], [Value; 3], Vec<Value>);

fn setting_for(k: &Kernel, arith: Arith, (block_dim, grid_dim, values): &SettingSeed) -> Setting {
    Setting {
        arith,
        block_dim: *block_dim,
        grid_dim: *grid_dim,
        params: k
            .params
            .iter()
            .zip(values)
            // A signed parameter's seed 0..=3 is the value -2..=1.
            .map(|(p, v)| (p.name.clone(), if p.ty.signed() { v - 2 } else { *v }))
            .collect(),
    }
}

/// Both oracles on one configuration; `None` (tallied) when either has no answer.
fn both(
    k: &Kernel,
    s: &Setting,
    interp: &Interpreter,
    pipeline: &Pipeline,
    tally: &Tally,
) -> Option<(Observed, Observed)> {
    let i = match interp.observe(k, s) {
        Answer::Observed(o) => o,
        _ => {
            Tally::bump(&tally.not_a_run);
            return None;
        }
    };
    Tally::bump(&tally.decisions);
    match pipeline.observe(k, s) {
        Answer::Observed(o) => {
            Tally::bump(&tally.compared);
            Some((i, o))
        }
        Answer::Undecided(_) => {
            Tally::bump(&tally.unknown);
            None
        }
        Answer::NotARun(_) => None,
    }
}

/// The pipeline under test: the default decision with a tenth of the default resource limit,
/// so that one hard non-linear query costs about a second rather than ten (its `unknown`s are
/// counted, and bounded by [`Tally::check`]).
fn pipeline() -> Pipeline {
    Pipeline {
        limits: Limits {
            rlimit: 2_000_000,
            deadline: None,
        },
        mutation: None,
        ..Pipeline::default()
    }
}

/// The generators' presets, one statement narrower, one operator per expression (and, for the
/// divergent and the data-dependent ones, one level shallower): the SMT stage's cost grows with
/// the number of phases times the pairs of accesses in each, and with the non-linear terms of
/// nested operators; the full presets have a tail of kernels that take a minute each in debug.
fn small_exact() -> GenSettings {
    GenSettings {
        max_width: 3,
        max_expr_depth: 1,
        ..GenSettings::small_exact()
    }
}

fn small_divergent() -> GenSettings {
    GenSettings {
        max_depth: 2,
        max_width: 3,
        max_expr_depth: 1,
        ..GenSettings::exact_divergent()
    }
}

fn small_any() -> GenSettings {
    GenSettings {
        max_depth: 2,
        max_width: 3,
        max_expr_depth: 1,
        ..GenSettings::any()
    }
}

/// The pipeline for the symbolic properties (`b`, `d`): the default resource limit, since with
/// parameters and geometry open the non-linear queries need it (a tenth of it left one
/// decision in thirteen unknown), and no wall-clock limit (as the command line: answers that do
/// not depend on the machine's load).
fn symbolic_pipeline() -> Pipeline {
    Pipeline {
        limits: Limits {
            deadline: None,
            ..Limits::default()
        },
        mutation: None,
        ..Pipeline::default()
    }
}

/// The arithmetic of the symbolic properties: both modes. A `bv32` decision can pick a
/// witness with a huge grid (`nbid` near 2^31 when nothing smaller wraps around); its replay
/// runs only the witness's blocks, so it costs what a small one does.
fn symbolic_arith() -> impl Strategy<Value = Arith> {
    prop_oneof![3 => Just(Arith::Int), 1 => Just(Arith::Bv32)]
}

fn spanned(k: &Kernel) -> Result<Kernel, TestCaseError> {
    with_spans(k).map_err(TestCaseError::fail)
}

fn show(k: &Kernel, s: &Setting) -> String {
    format!(
        "{k}\n  arith {}, block {:?}, grid {:?}, params {:?}",
        s.arith, s.block_dim, s.grid_dim, s.params
    )
}

// ---------------------------------------------------------------------------------------------
// a, e: exact kernels on fixed configurations.

fn agree(k: &Kernel, s: &Setting, result: Result<(), String>) -> Result<(), TestCaseError> {
    result.map_err(|why| TestCaseError::fail(format!("{why} on\n{}", show(k, s))))
}

fn exact_on_fixed(settings_gen: GenSettings, property: &str, regressions: &'static str, n: u32) {
    exact_on_fixed_where(settings_gen, property, regressions, n, |_| true);
}

/// [`exact_on_fixed`] on the generated kernels that satisfy `wanted`.
fn exact_on_fixed_where(
    settings_gen: GenSettings,
    property: &str,
    regressions: &'static str,
    n: u32,
    wanted: fn(&Kernel) -> bool,
) {
    let tally = Tally::default();
    let interp = Interpreter::zero();
    let pipeline = pipeline();
    run(
        property,
        config(n, regressions),
        (kernel(&settings_gen), settings(3)),
        |(k, (arith, configs))| {
            let k = spanned(&k)?;
            prop_assume!(wanted(&k));
            prop_assume!(mapcheck_typeck::check(&k, arith).class == Class::Exact);
            for c in &configs {
                let s = setting_for(&k, arith, c);
                if let Some((i, p)) = both(&k, &s, &interp, &pipeline, &tally) {
                    agree(&k, &s, agree_exact(&i, &p))?;
                }
            }
            Ok(())
        },
    );
    tally.check(property);
}

#[test]
fn a_exact_verdicts_on_fixed_configurations_are_the_interpreters() {
    exact_on_fixed(
        small_exact(),
        "a",
        "proptest-regressions/crosscheck-a.txt",
        64,
    );
}

#[test]
fn e_barrier_divergence_on_fixed_configurations_is_the_interpreters() {
    exact_on_fixed(
        small_divergent(),
        "e",
        "proptest-regressions/crosscheck-e.txt",
        96,
    );
}

/// `syncwarp` (issue 16): exact kernels with at least one, under uniform or `tid`-dependent
/// control, on fixed configurations of a few threads in warps of two lanes (the oracles'
/// `GENERATED_WARP_SIZE`), so that a block has several warps: races across warps, races
/// within one warp that a `syncwarp` orders or does not, and warp-level divergence, all
/// against the interpreter's warp epochs.
#[test]
fn s_syncwarp_verdicts_on_fixed_configurations_are_the_interpreters() {
    exact_on_fixed_where(
        small_divergent(),
        "s",
        "proptest-regressions/crosscheck-s.txt",
        64,
        Kernel::has_syncwarp,
    );
}

// ---------------------------------------------------------------------------------------------
// b: witnesses of exact kernels replay.

/// Witnesses whose parameters exceed this are not replayed: a loop up to a parameter of
/// millions would spend the interpreter's step budget. The grid's size does not matter: only
/// the witness's blocks run.
const REPLAY_LIMIT: Value = 1 << 12;

#[test]
fn b_every_witness_of_an_exact_kernel_replays() {
    let tally = Tally::default();
    let pipeline = symbolic_pipeline();
    run(
        "b",
        config(48, "proptest-regressions/crosscheck-b.txt"),
        (kernel(&small_exact()), symbolic_arith()),
        |(k, arith)| {
            let k = spanned(&k)?;
            let (class, d) = pipeline.decide(&k, arith, Fixed::default());
            prop_assume!(class == Class::Exact);
            Tally::bump(&tally.decisions);
            if !d.undecided_races.is_empty() {
                Tally::bump(&tally.unknown);
            }
            for f in d.findings.iter().filter(|f| f.kind == Kind::DataRace) {
                prop_assert!(
                    f.internal_error.is_none(),
                    "internal error {:?} on\n{}\nwitness {:?}",
                    f.internal_error,
                    k,
                    f.witness
                );
                let w = &f.witness;
                let [t1, t2] = &w.threads;
                if f.grid {
                    prop_assert_ne!(t1.bid, t2.bid, "a grid witness in one block: {:?}", w);
                } else {
                    prop_assert!(
                        t1.bid == t2.bid && t1.tid != t2.tid,
                        "a block witness that is not two threads of one block: {:?}",
                        w
                    );
                }
                let s = Setting::of_witness(w, arith);
                let small = s.params.values().all(|v| v.abs() <= REPLAY_LIMIT);
                // The pipeline's own replay budget: a witness it replayed is a run here too.
                let interp = Interpreter {
                    only_blocks: Some(vec![t1.bid, t2.bid]),
                    step_budget: mapcheck_smt::replay::STEP_BUDGET,
                    ..Interpreter::zero()
                };
                let i = match small.then(|| interp.observe(&k, &s)) {
                    Some(Answer::Observed(i)) => i,
                    Some(Answer::NotARun(why)) => {
                        // SPEC §7: proven only by a replay that reached the race.
                        prop_assert_ne!(
                            f.certainty,
                            Certainty::Proven,
                            "a proven race whose witness is not a run ({}) on\n{}",
                            why,
                            show(&k, &s)
                        );
                        Tally::bump(&tally.not_a_run);
                        continue;
                    }
                    _ => {
                        Tally::bump(&tally.not_a_run);
                        continue;
                    }
                };
                Tally::bump(&tally.compared);
                let site = RaceSite::new(f.locations[0], f.locations[1], f.grid);
                if i.divergent {
                    prop_assert_eq!(
                        f.certainty,
                        Certainty::Potential,
                        "a witness whose configuration diverges is not potential on\n{}",
                        show(&k, &s)
                    );
                } else if d.approximate {
                    // The split merged phases: the race may be spurious, but a replayed one
                    // is a run of this exact kernel, so proven (SPEC §7), and an unreplayed
                    // one potential.
                    let replayed = i.races.contains(&site);
                    let expected = if replayed {
                        Certainty::Proven
                    } else {
                        Certainty::Potential
                    };
                    prop_assert_eq!(f.certainty, expected, "on\n{}", show(&k, &s));
                } else {
                    prop_assert!(
                        i.races.contains(&site),
                        "the witness does not replay: {:?} not among {:?} on\n{}",
                        site,
                        i.races,
                        show(&k, &s)
                    );
                    prop_assert_eq!(f.certainty, Certainty::Proven, "on\n{}", show(&k, &s));
                }
            }
            Ok(())
        },
    );
    tally.check("b");
}

// ---------------------------------------------------------------------------------------------
// c: soundness on data-dependent kernels.

#[test]
fn c_every_race_the_interpreter_observes_is_reported() {
    let tally = Tally::default();
    let dependent = Cell::new(0u32);
    let interp = Interpreter::random(3);
    let pipeline = pipeline();
    run(
        "c",
        config(96, "proptest-regressions/crosscheck-c.txt"),
        (kernel(&small_any()), settings(2)),
        |(k, (arith, configs))| {
            let k = spanned(&k)?;
            if mapcheck_typeck::check(&k, arith).class == Class::DataDependent {
                dependent.set(dependent.get() + 1);
            }
            for c in &configs {
                let s = setting_for(&k, arith, c);
                if let Some((i, p)) = both(&k, &s, &interp, &pipeline, &tally) {
                    agree(&k, &s, agree_sound(&i, &p))?;
                }
            }
            Ok(())
        },
    );
    tally.check("c");
    eprintln!("c: {} data-dependent kernels", dependent.get());
    assert!(dependent.get() > 0, "c: no data-dependent kernel generated");
}

// ---------------------------------------------------------------------------------------------
// d: a symbolic DRF verdict holds on every configuration tried.

fn drf_holds(
    gen: GenSettings,
    interp: Interpreter,
    property: &str,
    regressions: &'static str,
    n: u32,
) {
    let tally = Tally::default();
    let drf = Cell::new(0u32);
    let pipeline = symbolic_pipeline();
    run(
        property,
        config(n, regressions),
        (kernel(&gen), symbolic_arith()),
        |(k, arith)| {
            let k = spanned(&k)?;
            let (_, d) = pipeline.decide(&k, arith, Fixed::default());
            Tally::bump(&tally.decisions);
            if d.verdict == Verdict::Unknown {
                Tally::bump(&tally.unknown);
            }
            if d.verdict != Verdict::Drf {
                return Ok(());
            }
            drf.set(drf.get() + 1);
            let aligned = d.undecided_divergence.is_empty()
                && !d.findings.iter().any(|f| f.kind == Kind::BarrierDivergence);
            // A DRF kernel may still have benign races (SPEC §7): runs may race only there,
            // and only storing equal values.
            let benign: std::collections::BTreeSet<RaceSite> = d
                .findings
                .iter()
                .filter(|f| f.kind == Kind::BenignRace)
                .map(|f| RaceSite::new(f.locations[0], f.locations[1], f.grid))
                .collect();
            for s in Setting::all(
                &k,
                arith,
                &flat(&[1, 2, 3, 4]),
                &flat(&[1, 2]),
                &[0, 1, 2, 3],
            ) {
                let Answer::Observed(i) = interp.observe(&k, &s) else {
                    Tally::bump(&tally.not_a_run);
                    continue;
                };
                Tally::bump(&tally.compared);
                prop_assert!(
                    i.races == i.benign && i.races.is_subset(&benign),
                    "DRF, yet the interpreter races at {:?} (benign: {:?}; the decision's benign races: {:?}) on\n{}",
                    i.races,
                    i.benign,
                    benign,
                    show(&k, &s)
                );
                prop_assert!(
                    !(aligned && i.divergent),
                    "no divergence found, yet the interpreter diverges on\n{}",
                    show(&k, &s)
                );
            }
            Ok(())
        },
    );
    tally.check(property);
    eprintln!("{property}: {} DRF kernels", drf.get());
    assert!(drf.get() > 0, "{property}: no kernel was DRF");
}

#[test]
fn d_drf_exact_kernels_never_race_when_run() {
    drf_holds(
        small_divergent(),
        Interpreter::zero(),
        "d-exact",
        "proptest-regressions/crosscheck-d-exact.txt",
        40,
    );
}

#[test]
fn d_drf_data_dependent_kernels_never_race_when_run() {
    drf_holds(
        small_any(),
        Interpreter::random(2),
        "d-any",
        "proptest-regressions/crosscheck-d-any.txt",
        40,
    );
}

// ---------------------------------------------------------------------------------------------
// f: the arithmetic of `core::arith` against z3's evaluation of the encoder's terms.

const VARS: [&str; 3] = ["a", "b", "c"];

/// `e` evaluated by `core::arith`; `None` when a value leaves `int` mode's 128 bits.
fn eval(e: &Expr, arith: Arith, env: &BTreeMap<String, Value>) -> Option<Value> {
    match &e.kind {
        ExprKind::Int(v) => Some(arith.value(Value::from(*v))),
        ExprKind::Var(name) => env.get(name).copied(),
        ExprKind::Neg(a) => arith.neg(eval(a, arith, env)?).ok(),
        ExprKind::Bin(op, a, b) => arith
            .bin(*op, eval(a, arith, env)?, eval(b, arith, env)?)
            .ok(),
        ExprKind::Select(c, a, b) => {
            if eval_cond(c, arith, env)? {
                eval(a, arith, env)
            } else {
                eval(b, arith, env)
            }
        }
    }
}

fn eval_cond(c: &Cond, arith: Arith, env: &BTreeMap<String, Value>) -> Option<bool> {
    Some(match &c.kind {
        CondKind::Bool(b) => *b,
        CondKind::Cmp(op, a, b) => arith.cmp(*op, eval(a, arith, env)?, eval(b, arith, env)?),
        CondKind::Not(a) => !eval_cond(a, arith, env)?,
        CondKind::And(a, b) => eval_cond(a, arith, env)? && eval_cond(b, arith, env)?,
        CondKind::Or(a, b) => eval_cond(a, arith, env)? || eval_cond(b, arith, env)?,
    })
}

/// Every operator of `e` is one `int` mode encodes exactly (`core::arith::int_exact`).
fn int_exact(e: &Expr) -> bool {
    let lit = |e: &Expr| match e.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    };
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => true,
        ExprKind::Neg(a) => int_exact(a),
        ExprKind::Bin(op, a, b) => {
            mapcheck_core::arith::int_exact(*op, lit(a), lit(b)) && int_exact(a) && int_exact(b)
        }
        ExprKind::Select(c, a, b) => cond_exact(c) && int_exact(a) && int_exact(b),
    }
}

fn cond_exact(c: &Cond) -> bool {
    match &c.kind {
        CondKind::Bool(_) => true,
        CondKind::Cmp(_, a, b) => int_exact(a) && int_exact(b),
        CondKind::Not(a) => cond_exact(a),
        CondKind::And(a, b) | CondKind::Or(a, b) => cond_exact(a) && cond_exact(b),
    }
}

/// Values for the variables: small ones (division by zero, negative operands), the edges of
/// the word (shifts past the width, unsigned readings of negative words) and, in `int` mode,
/// large ones.
fn values(arith: Arith) -> BoxedStrategy<Vec<Value>> {
    let one: BoxedStrategy<Value> = match arith {
        Arith::Int => prop_oneof![
            4 => -9..=9 as Value,
            2 => select(vec![31, 32, 33, 63, 64, 127, 128, -1, -32, 1 << 31, -(1 << 31)]),
            1 => -(1_i128 << 40)..(1_i128 << 40),
        ]
        .boxed(),
        Arith::Bv32 => prop_oneof![
            4 => -9..=9 as Value,
            2 => select(vec![
                31,
                32,
                33,
                63,
                64,
                -1,
                -31,
                -32,
                Value::from(i32::MAX),
                Value::from(i32::MIN),
                Value::from(i32::MIN) + 1,
            ]),
            2 => any::<i32>().prop_map(Value::from),
        ]
        .boxed(),
        Arith::Bv64 => prop_oneof![
            4 => -9..=9 as Value,
            2 => select(vec![
                31,
                32,
                63,
                64,
                65,
                -1,
                -64,
                Value::from(i32::MAX) + 1,
                Value::from(u32::MAX),
                Value::from(i64::MAX),
                Value::from(i64::MIN),
                Value::from(i64::MIN) + 1,
            ]),
            2 => any::<i64>().prop_map(Value::from),
        ]
        .boxed(),
    };
    proptest::collection::vec(one, VARS.len()).boxed()
}

/// Every operator for `bv32`; for `int`, only those it encodes exactly (the lowering rewrites
/// the others, see `gen`), so that few expressions are skipped.
fn arith_settings(arith: Arith) -> GenSettings {
    GenSettings {
        exact_only: arith == Arith::Int,
        max_expr_depth: 3,
        max_literal: 40,
        edge_literals: true,
        ..GenSettings::any()
    }
}

/// What z3 says about `claim` under the equalities that fix the variables: `Ok(())` when it
/// must hold, `Err(Some(v))` when z3 finds the term's value `v` against it, `Err(None)` on
/// `unknown`.
fn z3_agrees(
    enc: &mut Encoder,
    env: &BTreeMap<String, Value>,
    claim: Bool,
    term: Option<&mapcheck_smt::encode::Val>,
) -> Result<(), Option<Value>> {
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("timeout", 10_000);
    solver.set_params(&params);
    for (name, value) in env {
        let v = enc.source(name, Side::One);
        solver.assert(eq(&v, &enc.lit(*value)));
    }
    solver.assert(claim.not());
    match solver.check() {
        SatResult::Unsat => Ok(()),
        SatResult::Unknown => Err(None),
        SatResult::Sat => {
            let model = solver.get_model();
            Err(Some(
                model
                    .zip(term)
                    .and_then(|(m, t)| value_of(&m, t))
                    .unwrap_or(Value::MIN),
            ))
        }
    }
}

fn arith_case(
    arith: Arith,
    tally: &Tally,
) -> impl Fn((Expr, Expr, CmpOp, Vec<Value>)) -> Result<(), TestCaseError> + '_ {
    move |(e, other, op, vals)| {
        if arith == Arith::Int && !(int_exact(&e) && int_exact(&other)) {
            // `int` mode encodes these as unknowns on purpose (SPEC §4).
            Tally::bump(&tally.not_a_run);
            return Ok(());
        }
        let env: BTreeMap<String, Value> = VARS
            .iter()
            .zip(&vals)
            .map(|(n, v)| (n.to_string(), arith.value(*v)))
            .collect();
        let (Some(x), Some(y)) = (eval(&e, arith, &env), eval(&other, arith, &env)) else {
            Tally::bump(&tally.not_a_run);
            return Ok(());
        };
        // In `int` mode, once more with ranges around the values recorded
        // (`Encoder::assert_range`): the terms then fold by them, and must still mean what
        // `core::arith` computes at a point within the ranges.
        for ranged in [false, true] {
            if ranged && arith != Arith::Int {
                continue;
            }
            let shared = VARS.iter().map(|v| Var::from(*v)).collect();
            let mut enc = Encoder::new(arith, shared);
            if ranged {
                for (name, value) in &env {
                    let (lo, hi) = window(name, *value);
                    let v = enc.source(name, Side::One);
                    enc.assert_range(&v, lo, hi);
                }
            }
            // The generated expression's names are source names.
            let term = enc.expr(&e.map_vars(&mut |n| Var::from(n.as_str())), Side::One);
            let claim = eq(&term, &enc.lit(x));
            tally.decisions.set(tally.decisions.get() + 2);
            match z3_agrees(&mut enc, &env, claim, Some(&term)) {
                Ok(()) => {}
                Err(None) => {
                    Tally::bump(&tally.unknown);
                    return Ok(());
                }
                Err(Some(z)) => prop_assert!(
                    false,
                    "{arith}, ranged {ranged}: `{e}` at {env:?} is {x} in core, z3 allows {z}"
                ),
            }
            let cond = Cond::new(CondKind::Cmp(op, e.clone(), other.clone()), e.span);
            let c = enc.cond(&cond.map_vars(&mut |n| Var::from(n.as_str())), Side::One);
            let expected = arith.cmp(op, x, y);
            let claim = if expected { c } else { c.not() };
            match z3_agrees(&mut enc, &env, claim, None) {
                Ok(()) => Tally::bump(&tally.compared),
                Err(None) => Tally::bump(&tally.unknown),
                Err(Some(_)) => prop_assert!(
                    false,
                    "{arith}, ranged {ranged}: `{cond}` at {env:?} is {expected} in core, not z3"
                ),
            }
        }
        Ok(())
    }
}

/// The range recorded for variable `name` at `value` in the ranged round of `arith_case`:
/// the point itself for `a`, the aligned block of 64 holding it for `b` (so that quotients
/// and remainders by powers of two up to 64 fold), a lopsided window for `c`.
fn window(name: &str, value: Value) -> (Value, Value) {
    match name {
        "a" => (value, value),
        "b" => {
            let lo = value.div_euclid(64) * 64;
            (lo, lo + 63)
        }
        _ => (value.saturating_sub(5), value.saturating_add(1000)),
    }
}

fn arith_property(arith: Arith, property: &str, regressions: &'static str) {
    let tally = Tally::default();
    let vars: Vec<String> = VARS.iter().map(|v| v.to_string()).collect();
    let s = arith_settings(arith);
    run(
        property,
        config(400, regressions),
        (
            expr_over(&s, vars.clone()),
            expr_over(&s, vars),
            select(CmpOp::ALL.to_vec()),
            values(arith),
        ),
        arith_case(arith, &tally),
    );
    tally.check(property);
}

#[test]
fn f_int_arithmetic_is_z3s() {
    arith_property(
        Arith::Int,
        "f-int",
        "proptest-regressions/crosscheck-f-int.txt",
    );
}

#[test]
fn f_bv32_arithmetic_is_z3s() {
    arith_property(
        Arith::Bv32,
        "f-bv32",
        "proptest-regressions/crosscheck-f-bv32.txt",
    );
}

#[test]
fn f_bv64_arithmetic_is_z3s() {
    arith_property(
        Arith::Bv64,
        "f-bv64",
        "proptest-regressions/crosscheck-f-bv64.txt",
    );
}

/// The edges the random expressions may miss, one operator at a time: division and remainder
/// by zero and by negative numbers, shifts by negative amounts and past the width, the
/// unsigned forms on negative words, `i32::MIN / -1`.
#[test]
fn f_every_operator_on_edge_values_is_z3s() {
    let tally = Tally::default();
    let edges: [Value; 12] = [
        0,
        1,
        -1,
        2,
        -7,
        7,
        31,
        32,
        33,
        Value::from(i32::MAX),
        Value::from(i32::MIN),
        1_i128 << 40,
    ];
    let var = |n: &str| Expr::var(n, Default::default());
    for arith in [Arith::Int, Arith::Bv32, Arith::Bv64] {
        let check = arith_case(arith, &tally);
        for op in BinOp::ALL {
            for a in edges {
                for b in edges {
                    // Shifts by 2^40 are not claimed exact in `int` mode (past
                    // `MAX_EXACT_SHIFT`); large literal shifts are tested on their own below.
                    let shift = matches!(op, BinOp::Shl | BinOp::Shr | BinOp::UShr);
                    if arith == Arith::Int
                        && shift
                        && b >= i128::from(mapcheck_core::arith::MAX_EXACT_SHIFT)
                    {
                        continue;
                    }
                    let e = Expr::bin(op, var("a"), var("b"));
                    // Shifts and masks are exact in `int` mode only by a literal amount.
                    let e = if arith == Arith::Int && !int_exact(&e) {
                        match i64::try_from(b) {
                            Ok(b) => Expr::bin(op, var("a"), Expr::int(b, Default::default())),
                            Err(_) => continue,
                        }
                    } else {
                        e
                    };
                    if let Err(err) = check((e, var("c"), CmpOp::Lt, vec![a, b, 0])) {
                        panic!("{err}");
                    }
                }
            }
        }
    }
    tally.check("f-edges");
}

/// Words divided by a literal power of two: the encoder writes these as shifts and masks
/// (`encode::by_power_of_two`) instead of z3's dividers, up to `2^(width - 2)`; the largest
/// powers, whose literal is negative in the word (`2^31` in `bv32`), keep the general form.
#[test]
fn f_word_division_by_literal_powers_of_two() {
    let tally = Tally::default();
    let var = |n: &str| Expr::var(n, Default::default());
    for arith in [Arith::Bv32, Arith::Bv64] {
        let check = arith_case(arith, &tally);
        for op in [BinOp::Div, BinOp::Rem, BinOp::UDiv, BinOp::URem] {
            for k in [0, 1, 2, 5, 30, 31, 32, 61, 62] {
                for a in [
                    0,
                    1,
                    -1,
                    7,
                    -7,
                    -8,
                    Value::from(i32::MAX),
                    Value::from(i32::MIN),
                    Value::from(i64::MIN),
                    Value::from(i64::MAX),
                    -(1_i128 << 40) - 3,
                ] {
                    let e = Expr::bin(op, var("a"), Expr::int(1_i64 << k, Default::default()));
                    if let Err(err) = check((e, var("c"), CmpOp::Lt, vec![a, 0, 0])) {
                        panic!("{err}");
                    }
                }
            }
        }
    }
    tally.check("f-division-by-powers");
}

/// `int` mode: a shift by a literal amount of 126 or more, up to the last one
/// `core::arith::int_exact` calls exact. The encoder once made these fresh unknowns, so an
/// exact kernel got an alarm whose witness did not replay
/// (`examples/regress_shift_by_large_literal.bcu`); now they are products and quotients by
/// `2^k`.
#[test]
fn f_int_shifts_by_large_literals() {
    let tally = Tally::default();
    let check = arith_case(Arith::Int, &tally);
    // INVARIANT: every case below is one `int_exact` accepts.
    let var = |n: &str| Expr::var(n, Default::default());
    for op in [BinOp::Shl, BinOp::Shr, BinOp::UShr] {
        for k in [
            126,
            127,
            128,
            200,
            mapcheck_core::arith::MAX_EXACT_SHIFT - 1,
        ] {
            for a in [0, 1, -1, 7, -7] {
                let e = Expr::bin(op, var("a"), Expr::int(k, Default::default()));
                if let Err(err) = check((e, var("c"), CmpOp::Lt, vec![a, 0, 0])) {
                    panic!("{err}");
                }
            }
        }
    }
    tally.check("f-int-large-shifts");
}

// A sanity check of the helpers above: `eval` is the interpreter's arithmetic, so a kernel
// that writes `A[e]` must write the cell `eval(e)`.
#[test]
fn f_eval_is_the_interpreters() {
    let src = "kernel k(a, b) { shared A; if tid == 0 { A[(a - b * 7) / (b - 2) % 5] := 1; } }";
    let k = &mapcheck_grammar::parse(src).unwrap().kernels[0];
    let e = match &k.body.stmts[0].kind {
        mapcheck_core::ast::StmtKind::If { then_branch, .. } => match &then_branch.stmts[0].kind {
            mapcheck_core::ast::StmtKind::Write { target, .. } => target.index[0].clone(),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    for (a, b) in [(0, 0), (3, 2), (1, 3), (2, 1)] {
        let env: BTreeMap<String, Value> = [("a".to_string(), a), ("b".to_string(), b)].into();
        let run = mapcheck_core::interp::run(
            k,
            &mapcheck_core::interp::Config::new(1, 1)
                .with_param("a", a)
                .with_param("b", b),
        )
        .unwrap();
        let written: Vec<Vec<Value>> = run.blocks[0]
            .phases
            .iter()
            .flat_map(|p| &p.threads)
            .flat_map(|t| &t.events)
            .filter_map(|ev| match &ev.kind {
                mapcheck_core::interp::EventKind::Write { .. } => Some(ev.cell.index.to_vec()),
                _ => None,
            })
            .collect();
        assert_eq!(written, vec![vec![eval(&e, Arith::Int, &env).unwrap()]]);
    }
}

// ---------------------------------------------------------------------------------------------
// w: warp-synchronous mode (`--warp-sync=2`, SPEC §7) against the interpreter in lockstep.

/// Straight-line kernels of one shared array whose indices pair threads inside and across
/// warps of 2 (the lanes of the thread's own warp `tid / 2 * 2 + c`, of a group of two warps
/// `tid / 4 * 4 + c`, its own cell `tid`,
/// `tid + c`, `tid - c`, `tid * 2 + c`, a constant): reads, and writes of the thread id, a
/// literal or a value read before.
fn warp_kernel() -> impl Strategy<Value = String> {
    let others = || {
        prop_oneof![
            (1..3i64).prop_map(|c| format!("tid + {c}")),
            (1..3i64).prop_map(|c| format!("tid - {c}")),
            (0..2i64).prop_map(|c| format!("tid * 2 + {c}")),
            (0..2i64).prop_map(|c| format!("{c}")),
        ]
    };
    // Reads lean to the lanes of the reader's own warp, writes to the writer's own cell: the
    // warp-synchronous idiom, and its near misses.
    let read = prop_oneof![
        3 => (0..2i64).prop_map(|c| format!("tid / 2 * 2 + {c}")),
        1 => (0..4i64).prop_map(|c| format!("tid / 4 * 4 + {c}")),
        2 => others(),
    ];
    let write = prop_oneof![3 => Just("tid".to_string()), 2 => others()];
    let statement = prop_oneof![(Just(0u8), read), (1..4u8, write),];
    proptest::collection::vec(statement, 1..=3).prop_map(|statements| {
        let mut body = String::new();
        let mut reads = 0;
        for (kind, index) in statements {
            match kind {
                0 => {
                    body.push_str(&format!("  let x{reads} = A[{index}];\n"));
                    reads += 1;
                }
                1 => body.push_str(&format!("  A[{index}] := tid;\n")),
                2 => body.push_str(&format!("  A[{index}] := 1;\n")),
                _ if reads > 0 => body.push_str(&format!("  A[{index}] := x{};\n", reads - 1)),
                _ => body.push_str(&format!("  A[{index}] := tid + 1;\n")),
            }
        }
        format!("kernel warp() {{\n  shared A;\n{body}}}\n")
    })
}

/// With lanes of warps of 2 in lockstep, the decision and the interpreter agree on every block
/// of 1 to 4 threads: DRF means no run races, and a run that races is reported racy (the
/// kernels are exact). Some kernels must be DRF only in lockstep, or the test would not test
/// the mode.
#[test]
fn w_lockstep_warps_agree_with_the_interpreter_in_lockstep() {
    let lockstep = Pipeline {
        warp_sync: Some(2),
        ..pipeline()
    };
    let free = pipeline();
    let interp = Interpreter {
        warp_sync: Some(2),
        ..Interpreter::zero()
    };
    let only_in_lockstep = Cell::new(0u32);
    run(
        "w",
        config(256, "proptest-regressions/crosscheck-w.txt"),
        warp_kernel(),
        |text| {
            let program = mapcheck_grammar::parse(&text)
                .map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
            let k = &program.kernels[0];
            let (class, d) = lockstep.decide(k, Arith::Int, Fixed::default());
            prop_assert_eq!(class, Class::Exact, "{}", text);
            let (_, without) = free.decide(k, Arith::Int, Fixed::default());
            if d.verdict == Verdict::Drf && without.verdict == Verdict::Racy {
                only_in_lockstep.set(only_in_lockstep.get() + 1);
            }
            let mut raced = false;
            for s in Setting::all(k, Arith::Int, &flat(&[1, 2, 3, 4]), &flat(&[1]), &[0]) {
                let Answer::Observed(i) = interp.observe(k, &s) else {
                    continue;
                };
                let defects: Vec<_> = i.races.difference(&i.benign).collect();
                raced |= !defects.is_empty();
                prop_assert!(
                    d.verdict != Verdict::Drf || defects.is_empty(),
                    "DRF in lockstep, yet the lockstep run races at {:?} on\n{}",
                    defects,
                    show(k, &s)
                );
            }
            prop_assert!(
                !raced || d.verdict == Verdict::Racy,
                "a lockstep run races, yet the decision says {:?} on\n{}",
                d.verdict,
                text
            );
            Ok(())
        },
    );
    eprintln!("w: {} kernels DRF only in lockstep", only_in_lockstep.get());
    assert!(
        only_in_lockstep.get() > 0,
        "w: no kernel was DRF only in lockstep"
    );
}
