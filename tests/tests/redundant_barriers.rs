//! The redundant-barrier advice (`mapcheck_smt::redundant::advise`, which reuses the
//! decision and asks only about the phases through each barrier) against its definition
//! applied literally — for each `sync`, the kernel with it replaced by `skip`, typed again and
//! decided whole, and the barrier reported when that decision is clean — which is how the
//! advice was computed before (issue 15). Both must give the same barriers with the same
//! certainty, on the examples (`.bcu` and `.cu`), on generated kernels made of phases
//! (neighbour and own-cell accesses, barriers in sequences, uniform branches and loops, reads
//! under thread-dependent branches), and on the generators of `mapcheck_tests::gen`; all with
//! a fixed seed. The phase-level comparison of `phases::without` with a split of the edited
//! protocol (`compare_with_split`) also runs on the generated kernels.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{Block, Kernel, Stmt, StmtKind};
use mapcheck_core::{Arith, Span};
use mapcheck_smt::redundant::{advise, clean, syncs};
use mapcheck_smt::{decide, Certainty, Decision, Limits, Options};
use mapcheck_tests::corpus;
use mapcheck_tests::gen::{self, GenSettings};
use mapcheck_tests::oracle::with_spans;
use mapcheck_typeck::Class;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::path::Path;

/// `kernel` with the `sync` at `span` replaced by `skip` (same span, so every other location
/// is unchanged): the kernel "without the barrier" of the definition. (The repair removes a
/// `sync` instead, with the `if` it leaves empty: `mapcheck_repair`'s `remove_sync`.)
fn sync_as_skip<T: Clone>(kernel: &Kernel<T>, span: Span) -> Kernel<T> {
    fn go<T: Clone>(block: &Block<T>, span: Span) -> Block<T> {
        Block {
            stmts: block.stmts.iter().map(|s| stmt(s, span)).collect(),
            span: block.span,
        }
    }
    fn stmt<T: Clone>(s: &Stmt<T>, span: Span) -> Stmt<T> {
        let kind = match &s.kind {
            // A span is the identity of a statement.
            StmtKind::Sync if s.span == span => StmtKind::Skip,
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond: cond.clone(),
                then_branch: go(then_branch, span),
                else_branch: else_branch.as_ref().map(|e| go(e, span)),
            },
            StmtKind::For { var, range, body } => StmtKind::For {
                var: var.clone(),
                range: range.clone(),
                body: go(body, span),
            },
            other => other.clone(),
        };
        Stmt {
            kind,
            span: s.span,
            ann: s.ann.clone(),
        }
    }
    Kernel {
        name: kernel.name.clone(),
        params: kernel.params.clone(),
        arrays: kernel.arrays.clone(),
        body: go(&kernel.body, span),
        span: kernel.span,
        ann: kernel.ann.clone(),
        names: Default::default(),
    }
}

/// The advice as the definition gives it: one whole decision per barrier.
fn by_definition(kernel: &Kernel, decision: &Decision, options: &Options) -> Vec<String> {
    // The advice is defined on kernels without `syncwarp` only: with them the decision splits
    // twice (`map-smt/src/warp.rs`), and `advise` gives no advice rather than advice on one
    // of the splits.
    let syncwarps = mapcheck_typeck::check(kernel, options.arith)
        .protocol
        .body
        .has_syncwarp();
    if !clean(decision) || syncwarps {
        return Vec::new();
    }
    let mut out = Vec::new();
    for span in syncs(&kernel.body) {
        let without = sync_as_skip(kernel, span);
        let checked = mapcheck_typeck::check(&without, options.arith);
        let after = decide(&without, &checked, options);
        if !clean(&after) {
            continue;
        }
        let exact = decision.class == Class::Exact
            && !decision.approximate
            && after.class == Class::Exact
            && !after.approximate;
        let certainty = if exact {
            Certainty::Proven
        } else {
            Certainty::Potential
        };
        out.push(format!("{}..{} {certainty:?}", span.start, span.end));
    }
    out
}

/// What both computations found on one kernel.
#[derive(Debug, Default)]
struct Tally {
    kernels: usize,
    /// Clean kernels with at least one barrier: the ones the advice examines.
    examined: usize,
    barriers: usize,
    redundant: usize,
}

/// Compares the advice with the definition on `kernel`; panics on a difference.
fn compare(name: &str, kernel: &Kernel, options: &Options, tally: &mut Tally) {
    let checked = mapcheck_typeck::check(kernel, options.arith);
    let decision = decide(kernel, &checked, options);
    let fast: Vec<String> = advise(kernel, &checked, &decision, options)
        .findings
        .iter()
        .map(|f| {
            let s = f.locations[0];
            format!("{}..{} {:?}", s.start, s.end, f.certainty)
        })
        .collect();
    let slow = by_definition(kernel, &decision, options);
    assert_eq!(
        fast, slow,
        "{name}: the advice differs from its definition\n{kernel}"
    );
    tally.kernels += 1;
    let n = syncs(&kernel.body).len();
    if clean(&decision) && n > 0 {
        tally.examined += 1;
        tally.barriers += n;
        tally.redundant += fast.len();
    }
}

fn options() -> Options {
    Options {
        limits: Limits {
            deadline: None,
            ..Limits::default()
        },
        ..Options::default()
    }
}

#[test]
fn the_advice_on_the_examples_is_its_definition() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut tally = Tally::default();
    for file in corpus::files(&root, "bcu") {
        let text = std::fs::read_to_string(&file).unwrap();
        let program = mapcheck_grammar::parse(&text).unwrap();
        for kernel in &program.kernels {
            compare(&file.display().to_string(), kernel, &options(), &mut tally);
        }
    }
    for file in corpus::files(&root.join("cuda"), "cu") {
        let text = std::fs::read_to_string(&file).unwrap();
        // A file that does not lower (on purpose, `partial_failure.cu`) has no advice.
        let Ok((source, program)) = corpus::load_cuda(&file, &text) else {
            continue;
        };
        let options = mapcheck::check::options_for(&options(), &source);
        for kernel in &program.kernels {
            compare(&file.display().to_string(), kernel, &options, &mut tally);
        }
    }
    eprintln!("examples: {tally:?}");
    assert!(tally.examined >= 10, "{tally:?}");
    assert!(tally.redundant >= 3, "{tally:?}");
    assert!(tally.barriers > tally.redundant, "{tally:?}");
}

/// A statement of a generated phase-shaped kernel (see [`render`]).
#[derive(Clone, Debug)]
enum Gen {
    /// `A[(tid + k) % ntid] := 1;` on array 0, 1 (shared) or 2 (global, offset by the block).
    Write(u8, u8),
    /// `let x = A[(tid + k) % ntid];`.
    Read(u8, u8),
    Sync,
    /// `A[tid] := 1; sync; let x = A[(tid + 1) % ntid]; sync;`: the first barrier is needed
    /// (unless another orders the two accesses too), the second in a loop.
    Handover(u8),
    /// `for i in 0..M { ... }` (a barrier loop when a `sync` is inside).
    For(Vec<Gen>),
    /// `for i in 1..M step *2 { ... }`.
    Doubling(Vec<Gen>),
    /// `if M > c { ... } else { ... }`: uniform.
    If(u8, Vec<Gen>, Vec<Gen>),
    /// `if tid % 2 == 0 { ... }`, never with a `sync` inside.
    IfTid(Vec<Gen>),
}

fn array() -> impl Strategy<Value = u8> {
    // Global accesses (`G[bid * ntid + ...]`, non-linear for the solver) are the slow ones.
    prop_oneof![4 => Just(0u8), 4 => Just(1u8), 1 => Just(2u8)]
}

fn unsynced() -> impl Strategy<Value = Gen> {
    // Threads write their own cells and read their own or their neighbour's: a kernel races
    // only where a barrier is missing between a write and a neighbour's read, so many kernels
    // are clean and need some of their barriers.
    prop_oneof![
        (array(), prop_oneof![5 => Just(0u8), 1 => Just(1u8)]).prop_map(|(a, k)| Gen::Write(a, k)),
        (array(), 0..2u8).prop_map(|(a, k)| Gen::Read(a, k)),
    ]
}

fn statement() -> impl Strategy<Value = Gen> {
    let leaf = prop_oneof![
        3 => unsynced(),
        1 => Just(Gen::Sync),
        1 => array().prop_map(Gen::Handover),
    ];
    leaf.prop_recursive(2, 12, 3, |inner| {
        prop_oneof![
            3 => vec(inner.clone(), 1..4).prop_map(Gen::For),
            1 => vec(inner.clone(), 1..3).prop_map(Gen::Doubling),
            3 => (0..3u8, vec(inner.clone(), 0..3), vec(inner.clone(), 0..3))
                .prop_map(|(c, t, e)| Gen::If(c, t, e)),
            1 => vec(unsynced(), 1..3).prop_map(Gen::IfTid),
        ]
    })
}

fn phase_kernel() -> impl Strategy<Value = Vec<Gen>> {
    vec(statement(), 1..7)
}

/// The `.bcu` text of a generated kernel.
fn render(body: &[Gen]) -> String {
    fn go(body: &[Gen], names: &mut usize, out: &mut String) {
        for g in body {
            *names += 1;
            let n = *names;
            let cell = |a: u8, k: u8| {
                let local = if k == 0 {
                    "tid".to_string()
                } else {
                    format!("(tid + {k}) % ntid")
                };
                match a {
                    0 => format!("A[{local}]"),
                    1 => format!("B[{local}]"),
                    _ => format!("G[bid * ntid + {local}]"),
                }
            };
            match g {
                Gen::Write(a, k) => out.push_str(&format!("{} := {n}; ", cell(*a, *k))),
                Gen::Read(a, k) => out.push_str(&format!("let x{n} = {}; ", cell(*a, *k))),
                Gen::Sync => out.push_str("sync; "),
                Gen::Handover(a) => out.push_str(&format!(
                    "{} := {n}; sync; let x{n} = {}; sync; ",
                    cell(*a, 0),
                    cell(*a, 1)
                )),
                Gen::For(b) => {
                    out.push_str(&format!("for i{n} in 0..M {{ "));
                    go(b, names, out);
                    out.push_str("} ");
                }
                Gen::Doubling(b) => {
                    out.push_str(&format!("for i{n} in 1..M step *2 {{ "));
                    go(b, names, out);
                    out.push_str("} ");
                }
                Gen::If(c, t, e) => {
                    out.push_str(&format!("if M > {c} {{ "));
                    go(t, names, out);
                    out.push_str("} else { ");
                    go(e, names, out);
                    out.push_str("} ");
                }
                Gen::IfTid(b) => {
                    out.push_str("if tid % 2 == 0 { ");
                    go(b, names, out);
                    out.push_str("} ");
                }
            }
        }
    }
    let mut out = String::from("kernel k(M) { shared A, B; global G; ");
    go(body, &mut 0, &mut out);
    out.push('}');
    out
}

fn runner() -> TestRunner {
    // A fixed seed: the same kernels on every run and machine.
    let seed: [u8; 32] = *b"mapcheck issue 15 redundant sync";
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
    )
}

#[test]
#[ignore = "long tier: about a minute of generated kernels, each decided once per barrier; the fast tier keeps the examples (the_advice_on_the_examples_is_its_definition)"]
fn the_advice_on_generated_phase_kernels_is_its_definition() {
    let mut runner = runner();
    let strategy = phase_kernel();
    let mut tally = Tally::default();
    let mut barriers_compared = 0;
    for _ in 0..70 {
        let text = render(&strategy.new_tree(&mut runner).unwrap().current());
        let program = mapcheck_grammar::parse(&text).unwrap_or_else(|e| {
            panic!("{text}: {:?}", e[0].message);
        });
        let kernel = &program.kernels[0];
        let body = mapcheck_typeck::check(kernel, Arith::Int).protocol.body;
        for feasible in [|_: &[_]| true, |_: &[_]| false] {
            barriers_compared +=
                mapcheck_smt::phases::without::compare_with_split(&body, Arith::Int, &feasible)
                    .unwrap_or_else(|e| panic!("{text}\n{e}"));
        }
        compare(&text, kernel, &options(), &mut tally);
    }
    eprintln!("generated phase kernels: {tally:?}, {barriers_compared} barriers split");
    // The generator must exercise the advice: kernels it examines, barriers it keeps and
    // barriers it reports.
    assert!(tally.examined >= 20, "{tally:?}");
    assert!(tally.redundant >= 30, "{tally:?}");
    assert!(tally.barriers >= tally.redundant + 30, "{tally:?}");
}

#[test]
#[ignore = "long tier: about a minute of generated kernels, each decided once per barrier; the fast tier keeps the examples (the_advice_on_the_examples_is_its_definition)"]
fn the_advice_on_the_generators_kernels_is_its_definition() {
    let mut runner = runner();
    let mut tally = Tally::default();
    for settings in [
        GenSettings::small_exact(),
        GenSettings {
            max_width: 3,
            ..GenSettings::exact_divergent()
        },
    ] {
        let strategy = gen::kernel(&settings);
        for _ in 0..25 {
            // As generated, every statement has the same (empty) span, so removing "the
            // barrier at" it removes them all at once, as for statements a front end gave one
            // span; printed and parsed back, each has its own.
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let parsed = with_spans(&generated).unwrap();
            for kernel in [&generated, &parsed] {
                let body = mapcheck_typeck::check(kernel, Arith::Int).protocol.body;
                mapcheck_smt::phases::without::compare_with_split(
                    &body,
                    Arith::Int,
                    &|_: &[_]| true,
                )
                .unwrap_or_else(|e| panic!("{kernel}\n{e}"));
                let options = Options {
                    limits: Limits {
                        rlimit: 2_000_000,
                        deadline: None,
                    },
                    ..Options::default()
                };
                compare("generated", kernel, &options, &mut tally);
            }
        }
    }
    eprintln!("gen kernels: {tally:?}");
    assert!(tally.examined >= 5, "{tally:?}");
}
