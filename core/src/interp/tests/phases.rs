//! Phases, the last write a read sees, barrier loops and barrier divergence.

use super::*;

fn shift(with_sync: bool) -> Kernel {
    let mut body = vec![write(
        "A",
        v("tid"),
        bin(BinOp::Add, v("tid"), n(10)),
        at(1),
    )];
    if with_sync {
        body.push(sync(at(2)));
    }
    body.push(read(
        "y",
        "A",
        bin(BinOp::Rem, bin(BinOp::Add, v("tid"), n(1)), v("ntid")),
        at(3),
    ));
    kernel(&[], SHARED_A, body)
}

#[test]
fn a_barrier_publishes_writes_to_the_next_phase() {
    let r = go(&shift(true), Config::new(4, 1));
    assert!(r.is_drf());
    assert_eq!(phase_names(&r, 0), vec!["sync #0", "end"]);
    assert_eq!(reads_of(&r, 1, 0), vec![11]);
    assert_eq!(reads_of(&r, 1, 3), vec![10]);
}

#[test]
fn without_the_barrier_the_shift_races_and_reads_initial_contents() {
    let memory = RandomMemory { seed: 3 };
    let config = Config::new(4, 1).with_memory(&memory);
    let r = go(&shift(false), config);
    assert_eq!(r.races.len(), 1);
    assert_eq!(r.races[0].kind, RaceKind::ReadWrite);
    assert_eq!(r.races[0].instances, 4);
    // Thread 0 reads A[1] before anyone's write is visible: the initial contents.
    assert_eq!(reads_of(&r, 0, 0), vec![memory.value("A", &[1])]);
}

#[test]
fn the_highest_writer_wins_in_later_phases() {
    let k = kernel(
        &[],
        SHARED_A,
        vec![
            write("A", n(0), v("tid"), at(1)),
            sync(at(2)),
            read("y", "A", n(0), at(3)),
        ],
    );
    let r = go(&k, Config::new(5, 1));
    assert_eq!(r.races.len(), 1);
    assert_eq!(r.races[0].kind, RaceKind::WriteWrite);
    assert_eq!(reads_of(&r, 1, 2), vec![4]);
}

#[test]
fn a_thread_reads_its_own_write_of_the_phase() {
    let k = kernel(
        &[],
        SHARED_A,
        vec![
            write("A", v("tid"), n(5), at(1)),
            read("y", "A", v("tid"), at(2)),
        ],
    );
    let r = go(&k, Config::new(3, 1));
    assert!(r.is_drf());
    assert_eq!(reads_of(&r, 0, 2), vec![5]);
}

#[test]
fn phases_of_a_barrier_loop_are_named_by_iteration() {
    // for i in 0..3 { A[tid] := i; sync; let y = A[(tid+1) % ntid]; }
    let k = kernel(
        &[],
        SHARED_A,
        vec![for_(
            "i",
            n(0),
            n(3),
            vec![
                write("A", v("tid"), v("i"), at(1)),
                sync(at(2)),
                read(
                    "y",
                    "A",
                    bin(BinOp::Rem, bin(BinOp::Add, v("tid"), n(1)), v("ntid")),
                    at(3),
                ),
            ],
        )],
    );
    let r = go(&k, Config::new(4, 1));
    assert_eq!(
        phase_names(&r, 0),
        vec![
            "sync #0 (i = 0)",
            "sync #0 (i = 1)",
            "sync #0 (i = 2)",
            "end"
        ]
    );
    // The read of iteration i straddles into the phase that ends at the barrier of i + 1: it
    // races with the neighbour's write of iteration i + 1.
    assert_eq!(r.races.len(), 2);
    assert!(r.races.iter().all(|x| x.kind == RaceKind::ReadWrite));
    assert_eq!(reads_of(&r, 1, 0), vec![0]);
}

#[test]
fn a_barrier_loop_that_runs_zero_times_leaves_one_phase() {
    let k = kernel(
        &["M"],
        SHARED_A,
        vec![for_("i", n(0), v("M"), vec![sync(at(1))])],
    );
    let r = go(&k, Config::new(4, 1).with_param("M", 0));
    assert_eq!(phase_names(&r, 0), vec!["end"]);
    assert!(r.is_aligned());
}

#[test]
fn strided_loops_step_multiplicatively_both_ways() {
    // for s in 8 downto 0 step /2 { A[s] := s; }  and  for t in 1..20 step *3 { A[t] := t; }
    let k = kernel(
        &[],
        SHARED_A,
        vec![
            for_range(
                "s",
                range(n(8), n(0), Direction::Down, StepOp::Div, 2),
                vec![write("A", v("s"), v("s"), at(1))],
            ),
            for_range(
                "t",
                range(n(1), n(20), Direction::Up, StepOp::Mul, 3),
                vec![write("A", bin(BinOp::Add, v("t"), n(100)), v("t"), at(2))],
            ),
        ],
    );
    let r = go(&k, Config::new(1, 1));
    let cells: Vec<Value> = r.blocks[0].phases[0].threads[0]
        .events
        .iter()
        .map(|e| e.cell.index[0])
        .collect();
    assert_eq!(cells, vec![8, 4, 2, 1, 101, 103, 109]);
}

// ---- barrier divergence --------------------------------------------------------------------

#[test]
fn a_barrier_under_a_thread_condition_diverges() {
    let k = kernel(
        &[],
        SHARED_A,
        vec![
            write("A", v("tid"), n(1), at(1)),
            if_(cmp(CmpOp::Lt, v("tid"), n(2)), vec![sync(at(2))], None),
        ],
    );
    let r = go(&k, Config::new(4, 2));
    assert_eq!(r.divergences.len(), 2);
    let d = &r.divergences[0];
    assert_eq!(d.first.0, 0);
    assert!(matches!(&d.first.1, Reached::Barrier(e) if e.sync == 0));
    assert_eq!(d.second, (2, Reached::End));
    // The history up to the divergence is still there.
    assert_eq!(phase_names(&r, 0), vec!["cut by barrier divergence"]);
    assert_eq!(r.blocks[0].phases[0].threads.len(), 4);
    // One thread alone cannot diverge.
    assert!(go(&k, Config::new(1, 1)).is_aligned());
}

#[test]
fn different_trip_counts_of_a_barrier_loop_diverge() {
    // for i in 0..tid { sync; }: thread 0 finishes while thread 1 waits at i = 0.
    let k = kernel(
        &[],
        SHARED_A,
        vec![for_("i", n(0), v("tid"), vec![sync(at(1))])],
    );
    let r = go(&k, Config::new(3, 1));
    let d = &r.divergences[0];
    assert_eq!(d.first, (0, Reached::End));
    assert_eq!(d.second.0, 1);
    assert!(matches!(&d.second.1, Reached::Barrier(e) if e.iters == vec![("i".to_string(), 0)]));
}

#[test]
fn two_barriers_reached_by_two_halves_diverge() {
    let k = kernel(
        &[],
        SHARED_A,
        vec![if_(
            cmp(CmpOp::Lt, v("tid"), bin(BinOp::Div, v("ntid"), n(2))),
            vec![sync(at(1))],
            Some(vec![sync(at(2))]),
        )],
    );
    let r = go(&k, Config::new(4, 1));
    let d = &r.divergences[0];
    assert!(matches!(&d.first.1, Reached::Barrier(e) if e.sync == 0));
    assert!(matches!(&d.second.1, Reached::Barrier(e) if e.sync == 1));
    assert_eq!(d.second.0, 2);
}
