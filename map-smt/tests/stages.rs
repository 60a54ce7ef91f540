//! The stage values a decision keeps (`Decision::stages`), on kernels whose queries and
//! answers are worked out by hand from the core language's semantics.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use mapcheck_smt::fast::Rule;
use mapcheck_smt::replay::Replay;
use mapcheck_smt::stage::asked::{Level, Said, Subject};
use mapcheck_smt::{Decision, Kind, Options};

fn run(src: &str) -> Decision {
    common::decided(src, &Options::default())
}

/// `A[tid] := tid` with itself is settled without the solver (distinct threads write distinct
/// cells); with the read of `A[0]` it races (thread 0 writes the cell another thread reads),
/// in every run, so the witness replays.
#[test]
fn each_stage_holds_one_entry_per_entry_of_the_one_before() {
    let d = run("kernel k() { shared A; A[tid] := tid; let y = A[0]; A[1] := y; }");
    let s = &d.stages;
    // Pairs on `A`: the write `A[tid]` with itself, with the read `A[0]`, with the write `A[1]`;
    // the write `A[1]` with itself and with the read. Two reads are no pair.
    assert_eq!(s.queries.races.len(), 5, "{:?}", s.queries.races);
    assert!(s
        .queries
        .races
        .iter()
        .all(|p| p.level == Level::Phase { n: 0, apart: false }));
    let settled: Vec<_> = s.queries.races.iter().filter_map(|p| p.settled).collect();
    assert_eq!(settled, vec![Rule::SameInjectiveIndex]);
    assert_eq!(s.outcomes.races.len(), s.queries.races.len());
    for (p, said) in s.queries.races.iter().zip(&s.outcomes.races) {
        if let Some(rule) = p.settled {
            assert_eq!(*said, Said::Settled(rule));
        }
    }
    // The read of A[0] never meets the write of A[1]; every other pair races: two threads
    // writing A[1], or one writing and one reading A[0], or writing A[1] (thread 0 and
    // thread 1 write them through `A[tid]`).
    let unsat = s
        .outcomes
        .races
        .iter()
        .filter(|s| **s == Said::Unsat)
        .count();
    assert_eq!(unsat, 1, "{:?}", s.outcomes.races);
    assert_eq!(d.settled, 1);
    assert_eq!(s.queries.barriers, 0);
    assert!(s.outcomes.barriers.is_empty());
    let found = s
        .outcomes
        .races
        .iter()
        .filter(|s| matches!(s, Said::Found { .. }))
        .count();
    assert_eq!(found, 3, "{:?}", s.outcomes.races);
    assert_eq!(s.witnesses.found.len(), found);
    assert_eq!(s.certified.findings.len(), found);
    for (w, (subject, f)) in s.witnesses.found.iter().zip(&s.certified.findings) {
        assert_eq!(w.subject, *subject);
        assert!(matches!(w.subject, Subject::Race(_)));
        // An exact kernel: every witness replays.
        assert!(matches!(w.replay, Replay::Reproduced { .. }), "{w:?}");
        assert!(d.findings.iter().any(|g| g.locations == f.locations));
    }
}

/// A `sync` under `tid == 0` diverges in every block of two threads or more: one divergence
/// query, one finding, no race pairs.
#[test]
fn a_divergence_goes_through_the_same_stages() {
    let d = run("kernel d() { if tid == 0 { sync; } }");
    let s = &d.stages;
    assert!(s.queries.races.is_empty());
    assert_eq!(s.queries.barriers, 1);
    assert_eq!(
        s.outcomes.barriers,
        vec![Said::Found {
            kind: Kind::BarrierDivergence,
            warp_only: false
        }]
    );
    assert_eq!(s.witnesses.found.len(), 1);
    assert_eq!(s.witnesses.found[0].subject, Subject::Barrier(0));
    assert!(matches!(
        s.witnesses.found[0].replay,
        Replay::Reproduced { .. }
    ));
    assert_eq!(s.certified.findings.len(), 1);
    assert_eq!(s.certified.findings[0].1.kind, Kind::BarrierDivergence);
}
