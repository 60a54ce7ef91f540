//! Redundant barriers: a `sync` is reported exactly when the kernel without it is still DRF and
//! free of divergence, as decided by the SMT stage (Simulee's Figure 3 and its opposites).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use mapcheck_core::{Arith, Span};
use mapcheck_smt::redundant::{redundant_barriers, syncs};
use mapcheck_smt::{Certainty, Finding, Kind, Options, Verdict};

/// The redundant-barrier findings of the first kernel of `src`, with the spans of its syncs.
fn redundant_with(src: &str, options: &Options) -> (Vec<Finding>, Vec<Span>) {
    let kernel = &common::kernel(src);
    let decision = common::decided(src, options);
    let found = redundant_barriers(kernel, &decision, options);
    for f in &found {
        assert_eq!(f.kind, Kind::RedundantBarrier);
        assert_eq!(f.locations.len(), 1);
        assert!(f.internal_error.is_none());
    }
    (found, syncs(&kernel.body))
}

fn redundant(src: &str) -> (Vec<Finding>, Vec<Span>) {
    redundant_with(src, &Options::default())
}

fn example(name: &str) -> String {
    let path = format!("{}/../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn simulee_figure_3_barrier_is_redundant() {
    let (found, syncs) = redundant(&example("simulee_redundant_barrier.bcu"));
    assert_eq!(syncs.len(), 1);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].locations[0], syncs[0]);
    assert_eq!(found[0].certainty, Certainty::Proven);
}

#[test]
fn a_barrier_between_a_write_and_a_neighbours_read_is_needed() {
    let (found, syncs) =
        redundant("kernel k() { shared A; A[tid] := 1; sync; let x = A[(tid + 1) % ntid]; }");
    assert_eq!(syncs.len(), 1);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn barriers_that_order_loop_iterations_are_needed() {
    // Removing the first `sync` races within an iteration, removing the second races the read
    // of one iteration with the write of the next.
    let (found, syncs) = redundant(&example("loop_barrier_double.bcu"));
    assert_eq!(syncs.len(), 2);
    assert!(found.is_empty(), "{found:?}");
    // The tree reduction's only barrier orders its rounds.
    let (found, syncs) = redundant(&example("sesa_reduction.bcu"));
    assert_eq!(syncs.len(), 1);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn only_the_barrier_that_orders_nothing_is_reported() {
    let src = "kernel k() {
      shared A, B;
      A[tid] := 1;
      sync;
      let x = A[(tid + 1) % ntid];
      sync;
      B[tid] := x;
    }";
    let (found, syncs) = redundant(src);
    assert_eq!(syncs.len(), 2);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].locations[0], syncs[1]);
}

#[test]
fn each_of_two_barriers_may_be_redundant_alone() {
    // Either barrier orders the write before the read; removing one leaves the other.
    let src = "kernel k() {
      shared A;
      A[tid] := 1;
      sync;
      sync;
      let x = A[(tid + 1) % ntid];
    }";
    let (found, syncs) = redundant(src);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].locations[0], syncs[0]);
    assert_eq!(found[1].locations[0], syncs[1]);
}

#[test]
fn kernels_with_defects_get_no_advice() {
    // Racy: the write-write race on `A[0]` is a defect; the barrier ordering nothing is not
    // worth mentioning until the race is fixed.
    let (found, _) = redundant("kernel k() { shared A; A[0] := tid; sync; skip; }");
    assert!(found.is_empty(), "{found:?}");
    // Divergent: a barrier only some threads reach.
    let (found, _) = redundant("kernel k() { shared A; if tid < 4 { sync; } A[tid] := 1; }");
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_barrier_under_uniform_control_can_be_redundant() {
    let src = "kernel k(N) {
      shared A;
      if N > 2 {
        A[tid] := 1;
        sync;
        A[tid] := 2;
      }
    }";
    let (found, syncs) = redundant(src);
    assert_eq!(syncs.len(), 1);
    assert_eq!(found.len(), 1, "{found:?}");
}

#[test]
fn redundancy_is_relative_to_the_fixed_configuration() {
    // With one thread per block nothing can race, so the barrier is redundant; for any block
    // size it is needed.
    let src = "kernel k() { shared A; A[tid] := 1; sync; let x = A[(tid + 1) % ntid]; }";
    let one = common::fixed(Arith::default(), Some([1, 1, 1]), None);
    let (found, _) = redundant_with(src, &one);
    assert_eq!(found.len(), 1, "{found:?}");
    let (found, _) = redundant(src);
    assert!(found.is_empty());
}

#[test]
fn advice_leaves_the_verdict_alone() {
    let src = example("simulee_redundant_barrier.bcu");
    let kernel = &common::kernel(&src);
    let options = Options::default();
    let decision = common::decided(&src, &options);
    assert_eq!(decision.verdict, Verdict::Drf);
    assert!(decision.findings.is_empty());
    assert_eq!(redundant_barriers(kernel, &decision, &options).len(), 1);
    assert_eq!(decision.verdict, Verdict::Drf);
}

#[test]
fn a_barrier_whose_removal_makes_only_a_benign_race_is_redundant() {
    // Every thread stores 1 into A[0] on both sides of the barrier: without it the writes of
    // the two sides meet, but every thread stores the same value, a benign race (SPEC §7) —
    // the kernel without the barrier is as clean as the kernel with it.
    let (found, syncs) = redundant("kernel k() { shared A; A[0] := 1; sync; A[0] := 1; }");
    assert_eq!(syncs.len(), 1);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].locations[0], syncs[0]);
    // Its twin: the second side stores 2, so without the barrier thread t's 1 and thread u's
    // 2 race on A[0] with different values — a data race, and the barrier is needed.
    let (found, syncs) = redundant("kernel k() { shared A; A[0] := 1; sync; A[0] := 2; }");
    assert_eq!(syncs.len(), 1);
    assert!(found.is_empty(), "{found:?}");
    // Under `--strict` every write-write race is a data race: the kernel already races on
    // A[0] within each side, so it gets no advice at all.
    let strict = Options {
        races: mapcheck_smt::Races::Strict,
        ..Options::default()
    };
    let (found, _) = redundant_with(
        "kernel k() { shared A; A[0] := 1; sync; A[0] := 1; }",
        &strict,
    );
    assert!(found.is_empty(), "{found:?}");
}
