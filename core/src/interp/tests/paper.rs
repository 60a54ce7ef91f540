//! The paper's examples (BabyCUDA, Figures 3 and 4, Equation 2) run as the paper reads them.

use super::*;

/// Figure 3: `for x in 0..M { let y = A[x]; A[x] := y + 1 }`.
pub(super) fn figure3() -> Kernel {
    kernel(
        &["M"],
        SHARED_A,
        vec![for_(
            "x",
            n(0),
            v("M"),
            vec![
                read("y", "A", v("x"), at(1)),
                write("A", v("x"), bin(BinOp::Add, v("y"), n(1)), at(2)),
            ],
        )],
    )
}

#[test]
fn figure3_races_with_two_threads_and_not_with_one() {
    let k = figure3();
    let racy = go(&k, Config::new(4, 1).with_param("M", 2));
    assert!(!racy.is_drf());
    let kinds: Vec<_> = racy.races.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, vec![RaceKind::ReadWrite, RaceKind::WriteWrite]);
    // One record per pair of accesses, covering both cells, with the smallest representative.
    assert!(racy
        .races
        .iter()
        .all(|r| r.instances == 2 && r.cell == vec![0]));
    let ww = &racy.races[1];
    assert_eq!((ww.first.tid, ww.second.tid), (0, 1));
    assert_eq!(ww.first.span, at(2));
    assert_eq!(ww.scope, RaceScope::Phase(PhaseName::End));

    let alone = go(&k, Config::new(1, 1).with_param("M", 2));
    assert!(alone.is_drf() && alone.is_aligned());
}

#[test]
fn figure3_each_thread_sees_only_its_own_writes_in_the_phase() {
    // Rule PAR: thread 1 reads A[0] = 0 although thread 0 wrote 1 there in the same phase.
    let k = figure3();
    let r = go(&k, Config::new(2, 1).with_param("M", 1));
    assert_eq!(reads_of(&r, 0, 0), vec![0]);
    assert_eq!(reads_of(&r, 0, 1), vec![0]);
}

#[test]
fn figure4_is_drf() {
    let k = kernel(
        &[],
        SHARED_A,
        vec![if_(
            cmp(CmpOp::Eq, v("tid"), n(0)),
            vec![write("A", n(0), v("tid"), at(1))],
            Some(vec![stmt(StmtKind::Skip, Span::default())]),
        )],
    );
    let r = go(&k, Config::new(64, 2));
    assert!(r.is_drf() && r.is_aligned());
    assert_eq!(r.blocks.len(), 2);
    assert_eq!(r.blocks[0].phases[0].threads.len(), 1);
}

#[test]
fn equation2_writes_then_reads_own_value_then_writes_there() {
    // A[tid] := tid; let x = A[tid]; A[x] := 9 — x is the thread's own write, so no race.
    let k = kernel(
        &[],
        SHARED_A,
        vec![
            write("A", v("tid"), v("tid"), at(1)),
            read("x", "A", v("tid"), at(2)),
            write("A", v("x"), n(9), at(3)),
        ],
    );
    let r = go(&k, Config::new(8, 1));
    assert!(r.is_drf());
    assert_eq!(reads_of(&r, 0, 5), vec![5]);
}
