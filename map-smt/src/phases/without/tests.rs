//! `without` against a plain split of the edited protocol, on every barrier of the examples
//! and of kernels written for the shapes of the split (barriers in sequences, branches,
//! loops, nested loops, loops that lose their last barrier or can finish without one).
//! Generated kernels are compared in `tests/tests/redundant_barriers.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::*;
use mapcheck_core::Arith;
use std::hash::{Hash, Hasher};

/// Feasibility answers that are a function of the question only, so both splits get the same
/// answer to the same question: always, never, or by a hash of the conditions.
type Feasible = Box<dyn Fn(&[Cond]) -> bool>;

fn oracles() -> Vec<(&'static str, Feasible)> {
    vec![
        ("always", Box::new(|_: &[Cond]| true)),
        ("never", Box::new(|_: &[Cond]| false)),
        (
            "hash",
            Box::new(|conds: &[Cond]| {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                format!("{conds:?}").hash(&mut h);
                !h.finish().is_multiple_of(3)
            }),
        ),
    ]
}

fn protocol(src: &str) -> SyncProto {
    let program = mapcheck_grammar::parse(src).unwrap_or_else(|e| panic!("{:?}", e[0].message));
    mapcheck_typeck::check(&program.kernels[0], Arith::Int)
        .protocol
        .body
}

fn compare(name: &str, body: &SyncProto) -> usize {
    let mut n = 0;
    for (oracle, feasible) in oracles() {
        n = compare_with_split(body, Arith::Int, feasible.as_ref())
            .unwrap_or_else(|e| panic!("{name} ({oracle} feasible): {e}"));
        // The recording split is the plain split.
        let plain = super::super::split(body, Arith::Int, feasible.as_ref(), false);
        let (memo, _) = split_memo(body, Arith::Int, feasible.as_ref(), false);
        assert_eq!(format!("{:?}", plain.phases), format!("{:?}", memo.phases));
        assert_eq!(plain.approximate, memo.approximate);
    }
    n
}

const KERNELS: [&str; 12] = [
    "kernel k() { shared A, B; A[tid] := 0; sync; let y = A[(tid + 1) % ntid]; B[tid] := y; sync; A[tid] := 1; sync; let z = A[tid]; }",
    // A barrier under a uniform condition, with and without an `else`.
    "kernel k(N) { shared A; A[tid] := 1; if N > 2 { A[tid] := 2; sync; A[tid] := 3; } else { A[tid] := 4; } sync; let x = A[tid]; }",
    "kernel k(N) { shared A; if N > 2 { sync; A[tid] := 3; sync; } A[tid] := 5; if N > 3 { sync; } }",
    // Barrier loops: one barrier (the loop becomes unsynchronised), two barriers.
    "kernel k(M) { shared A; A[tid] := 0; sync; for i in 0..M { let x = A[tid]; sync; A[tid] := x + i; } sync; let y = A[0]; }",
    "kernel k(M) { shared A; for i in 0..M { let x = A[(tid + 1) % ntid]; sync; A[tid] := x; sync; } }",
    // Nested barrier loops, a strided one.
    "kernel k(M, N) { shared A; for i in 0..M { A[tid] := i; sync; for j in 1..N step *2 { let x = A[tid]; sync; A[tid] := x + j; } sync; } }",
    // A barrier under a condition in a loop: the loop may finish an iteration without it.
    "kernel k(M) { shared A; for i in 0..M { if i > 2 { sync; } A[tid] := i; sync; } }",
    "kernel k(M) { shared A; for i in 0..M { A[tid] := i; if i > 2 { sync; } } sync; let x = A[tid]; }",
    // Two barriers in a row, barriers at the start and the end.
    "kernel k() { shared A; sync; A[tid] := 1; sync; sync; let x = A[(tid + 1) % ntid]; sync; }",
    // Descending loop, barrier first in the body.
    "kernel k(N) { shared A; for s in N downto 0 step /2 { sync; if tid < s { let x = A[tid + s]; A[tid] := x; } } }",
    // A loop holding only a conditional barrier, and a loop nested in a condition.
    "kernel k(M, N) { shared A; A[tid] := 0; for i in 0..M { if N > i { sync; } } let x = A[tid]; if N > 1 { for j in 0..N { sync; A[tid] := j; } } }",
    // Unsynchronised loops and reads around barrier loops.
    "kernel k(M) { shared A, B; for j in 0..M { B[tid] := j; } sync; for i in 0..M { for l in 0..M { let x = A[l]; B[tid] := x; } sync; A[tid] := i; sync; } }",
];

#[test]
fn without_agrees_with_a_split_of_the_edited_protocol_on_written_kernels() {
    let mut barriers = 0;
    for (i, src) in KERNELS.iter().enumerate() {
        barriers += compare(&format!("kernel {i}"), &protocol(src));
    }
    assert!(barriers >= 30, "{barriers}");
}

#[test]
fn without_agrees_with_a_split_of_the_edited_protocol_on_the_examples() {
    let dir = format!("{}/../examples", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bcu"))
        .collect();
    files.sort();
    let mut barriers = 0;
    for file in &files {
        let src = std::fs::read_to_string(file).unwrap();
        let program = mapcheck_grammar::parse(&src).unwrap();
        for kernel in &program.kernels {
            let body = mapcheck_typeck::check(kernel, Arith::Int).protocol.body;
            barriers += compare(&format!("{}", file.display()), &body);
        }
    }
    assert!(barriers >= 20, "{barriers}");
}

#[test]
fn a_sequence_is_refolded_only_between_walls() {
    // The split without a barrier of a long sequence is the same as the edited split, and
    // the new phases are the one merged phase (plus nothing else).
    let mut src = String::from("kernel k() { shared A, B;");
    for i in 0..50 {
        src.push_str(&format!(
            " A[tid] := {i}; sync; let y{i} = A[(tid + 1) % ntid]; B[tid] := y{i}; sync;"
        ));
    }
    src.push_str(" }");
    let body = protocol(&src);
    let never = |_: &[Cond]| false;
    let (_, memo) = split_memo(&body, Arith::Int, &never, false);
    let spans: Vec<Span> = body.barriers();
    assert_eq!(spans.len(), 100);
    for span in &spans {
        let w = memo
            .without(&body, *span, Arith::Int, &never, false)
            .unwrap();
        assert_eq!(w.phases.len(), 1, "{span:?}");
        assert!(!w.approximate);
    }
    assert_eq!(compare_with_split(&body, Arith::Int, &never), Ok(100));
}
