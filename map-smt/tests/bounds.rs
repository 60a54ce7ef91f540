//! Out of bounds (`bounds.rs`, `notes/out-of-bounds.md`): an access that can leave a dimension
//! of fixed size is an `out-of-bounds` finding with a one-thread witness that replays; races
//! are decided among the accesses in bounds; a kernel with such a finding is never `drf`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use mapcheck_smt::{Certainty, Decision, Kind, Options, Verdict};

fn run(src: &str) -> Decision {
    let d = common::decided(src, &Options::default());
    for f in &d.findings {
        assert!(f.internal_error.is_none(), "{src}: {:?}", f.internal_error);
    }
    d
}

fn kinds(d: &Decision) -> Vec<Kind> {
    d.findings.iter().map(|f| f.kind).collect()
}

#[test]
fn a_store_past_the_end_is_proven_with_its_index() {
    // `s[tid + 1]` of `int s[32]` in a block of 32 threads: thread 31 writes s[32].
    let d =
        run("kernel k() { shared s; assume ntid == 32; s[tid + 1] in [0: tid + 1 < 32] := 1; }");
    assert_eq!(kinds(&d), [Kind::OutOfBounds]);
    let f = &d.findings[0];
    assert_eq!(f.certainty, Certainty::Proven);
    assert_eq!(f.witness.index, [32]);
    assert_eq!(f.witness.threads[0].tid, 31);
    let b = f.bound.as_ref().unwrap();
    assert_eq!((b.dim, b.extent), (0, 32));
    // Not `drf`: the store past the end touches a cell no race query asked about.
    assert_eq!(d.verdict, Verdict::Unknown);
}

#[test]
fn a_block_of_one_thread_can_leave_its_array() {
    // The question is about one thread: no second thread is needed.
    let d = run("kernel k() { shared s; assume ntid == 1; s[tid + 4] in [0: tid + 4 < 4] := 1; }");
    assert_eq!(kinds(&d), [Kind::OutOfBounds]);
    assert_eq!(d.findings[0].witness.ntid(), 1);
}

#[test]
fn races_are_decided_among_accesses_in_bounds() {
    // `tile[ty][tx]` of a 2x3 tile flattened: thread (3, 0) would write cell 3 = tile[1][0],
    // which thread (0, 1) writes: a race only through the index out of bounds.
    let d =
        run("kernel k() { shared t; t[tid.y * 3 + tid.x] in [0: tid.y < 2, 1: tid.x < 3] := 1; }");
    assert!(kinds(&d).contains(&Kind::OutOfBounds), "{:?}", kinds(&d));
    assert!(!kinds(&d).contains(&Kind::DataRace), "{:?}", kinds(&d));
    assert_eq!(d.verdict, Verdict::Unknown);
    // In bounds and racy: still a race, and `racy`.
    let d =
        run("kernel k() { shared t; assume ntid == 8; t[tid % 4] in [0: tid % 4 < 4] := tid; }");
    assert_eq!(kinds(&d), [Kind::DataRace]);
    assert_eq!(d.verdict, Verdict::Racy);
}

#[test]
fn bounds_that_always_hold_change_nothing() {
    let d = run("kernel k() { shared s; assume ntid == 32; s[tid] in [0: tid < 32] := 1; }");
    assert!(d.findings.is_empty());
    assert_eq!(d.verdict, Verdict::Drf);
}
