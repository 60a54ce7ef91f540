//! The races a run reports: several in one phase, of every kind, found the same whether the
//! phase keeps every access or summaries of them (`touches`; lockstep warps of one lane order
//! nothing, but make the run keep everything).

use super::*;

/// Runs `k` both ways and checks they agree; returns the races.
fn races_both_ways(k: &Kernel, config: impl Fn() -> Config<'static>) -> Vec<Race> {
    let summarised = go(k, config()).races;
    let everything = go(k, config().with_warp_sync(Some(1))).races;
    assert_eq!(summarised, everything);
    summarised
}

fn is(tid: Value) -> Cond {
    cmp(CmpOp::Eq, v("tid"), n(tid as i64))
}

#[test]
fn several_races_in_one_phase_each_once_with_their_kind() {
    // A[0] := tid;                    write-write, the values differ
    // B[0] := 7;                      write-write, benign
    // let x = A[1];                   read ...
    // if tid == 2 { A[1] := 5; }      ... write: read-write between thread 0 and thread 2
    // atomic C[0] += 1;               atomics do not race with each other ...
    // if tid == 3 { let y = C[0]; }   ... but with a plain read: thread 0 and thread 3
    let k = kernel(
        &[],
        &[
            ("A", Space::Shared),
            ("B", Space::Shared),
            ("C", Space::Global),
        ],
        vec![
            write("A", n(0), v("tid"), at(1)),
            write("B", n(0), n(7), at(2)),
            read("x", "A", n(1), at(3)),
            if_(is(2), vec![write("A", n(1), n(5), at(4))], None),
            atomic(None, "C", n(0), AtomicOp::Add, n(1), at(5)),
            if_(is(3), vec![read("y", "C", n(0), at(6))], None),
        ],
    );
    let races = races_both_ways(&k, || Config::new(4, 1));
    let seen: Vec<_> = races
        .iter()
        .map(|r| {
            (
                r.kind,
                r.array.as_str(),
                r.cell.clone(),
                (r.first.tid, r.second.tid),
                (r.first.span, r.second.span),
                r.benign,
                r.instances,
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (
                RaceKind::WriteWrite,
                "A",
                vec![0],
                (0, 1),
                (at(1), at(1)),
                false,
                1
            ),
            (
                RaceKind::ReadWrite,
                "A",
                vec![1],
                (0, 2),
                (at(3), at(4)),
                false,
                1
            ),
            (
                RaceKind::WriteWrite,
                "B",
                vec![0],
                (0, 1),
                (at(2), at(2)),
                true,
                1
            ),
            (
                RaceKind::AtomicWrite,
                "C",
                vec![0],
                (0, 3),
                (at(5), at(6)),
                false,
                1
            ),
        ]
    );
    assert!(races
        .iter()
        .all(|r| r.scope == RaceScope::Phase(PhaseName::End)));
}

#[test]
fn a_write_race_is_benign_only_if_every_racing_pair_stored_the_same() {
    // A[0] := tid / 2 with 4 threads: 0 and 1 store 0, 2 and 3 store 1 — threads 0 and 2
    // stored different values, so the race is not benign although the least pair agrees.
    let halves = kernel(
        &[],
        SHARED_A,
        vec![write("A", n(0), bin(BinOp::Div, v("tid"), n(2)), at(1))],
    );
    let races = races_both_ways(&halves, || Config::new(4, 1));
    assert_eq!(races.len(), 1);
    assert_eq!((races[0].first.tid, races[0].second.tid), (0, 1));
    assert!(!races[0].benign);
    // A thread that stores two values in a loop, another that stores one of them: thread 0
    // stores 0 then 1, thread 1 stores 1 then 0 (i and 1 - i): 0 by thread 0 against 1 by
    // thread 1 differs.
    let swapped = kernel(
        &[],
        SHARED_A,
        vec![for_(
            "i",
            n(0),
            n(2),
            vec![write(
                "A",
                n(0),
                bin(
                    BinOp::Add,
                    bin(BinOp::Mul, v("tid"), bin(BinOp::Sub, n(1), v("i"))),
                    bin(BinOp::Mul, bin(BinOp::Sub, n(1), v("tid")), v("i")),
                ),
                at(1),
            )],
        )],
    );
    let races = races_both_ways(&swapped, || Config::new(2, 1));
    assert_eq!(races.len(), 1);
    assert!(!races[0].benign);
    // Every thread stores 3, twice: benign.
    let same = kernel(
        &[],
        SHARED_A,
        vec![for_("i", n(0), n(2), vec![write("A", n(0), n(3), at(1))])],
    );
    let races = races_both_ways(&same, || Config::new(64, 1));
    assert_eq!(races.len(), 1);
    assert!(races[0].benign);
}

#[test]
fn one_record_counts_every_cell_of_every_block() {
    // A[tid % 2] := tid in two blocks of 6 threads: cells 0 and 1, each written by three
    // threads, in each block: four instances of one record, cell 0 and threads 0, 2 shown.
    let k = kernel(
        &[],
        SHARED_A,
        vec![write("A", bin(BinOp::Rem, v("tid"), n(2)), v("tid"), at(1))],
    );
    let races = races_both_ways(&k, || Config::new(6, 2));
    assert_eq!(races.len(), 1);
    assert_eq!(races[0].instances, 4);
    assert_eq!(races[0].cell, vec![0]);
    assert_eq!((races[0].first.tid, races[0].second.tid), (0, 2));
}

#[test]
fn many_threads_on_many_cells_are_found_like_before_in_little_memory() {
    // The shape of PolyBench's `bicg` parallelised over the wrong loop: every thread reads and
    // writes every cell of `s` (`s[j] := s[j] + tid`), and each phase keeps a summary per
    // cell, not one touch per thread and cell.
    let k = kernel(
        &[],
        &[("s", Space::Global)],
        vec![for_(
            "j",
            n(0),
            n(64),
            vec![
                read("x", "s", v("j"), at(1)),
                write("s", v("j"), bin(BinOp::Add, v("x"), v("tid")), at(2)),
            ],
        )],
    );
    let races = races_both_ways(&k, || Config::new(128, 1));
    let kinds: Vec<_> = races
        .iter()
        .map(|r| (r.kind, r.first.span, r.second.span, r.instances))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (RaceKind::ReadWrite, at(1), at(2), 64),
            (RaceKind::WriteWrite, at(2), at(2), 64),
        ]
    );
}
