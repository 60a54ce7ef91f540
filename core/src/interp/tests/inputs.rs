//! Inputs and their errors (parameters, geometry, `assume`, budgets, overflow), unknowns,
//! the history, selections and warps.

use super::paper::figure3;
use super::*;

#[test]
fn parameters_must_all_be_given_known_and_natural() {
    let k = figure3();
    assert!(matches!(
        run(&k, &Config::new(2, 1)),
        Err(RunError::MissingParameter { name, .. }) if name == "M"
    ));
    assert!(matches!(
        run(&k, &Config::new(2, 1).with_param("M", 1).with_param("N", 1)),
        Err(RunError::UnknownParameter { name, .. }) if name == "N"
    ));
    assert!(matches!(
        run(&k, &Config::new(2, 1).with_param("M", -1)),
        Err(RunError::ParameterOutOfRange { .. })
    ));
    let mut signed = figure3();
    signed.params[0].ty = crate::ast::ParamType::INT;
    assert!(run(&signed, &Config::new(2, 1).with_param("M", -1)).is_ok());
    assert!(matches!(
        run(&signed, &Config::new(2, 1).with_param("M", 1 << 31)),
        Err(RunError::ParameterOutOfRange { .. })
    ));
    let e = run(&k, &Config::new(2, 1));
    assert_eq!(
        e.map(|_| ()).map_err(|e| e.to_string()),
        Err("no value for parameter `M`".to_string())
    );
}

#[test]
fn geometry_outside_what_mapcheck_checks_is_rejected() {
    let k = figure3();
    // Beyond CUDA's limits but checkable (a GPUVerify header's geometry, SPEC §8): run.
    assert!(run(&k, &Config::new(1025, 1).with_param("M", 1)).is_ok());
    for (ntid, nbid) in [(0, 1), (-3, 1), ((1 << 16) + 1, 1), (1, 0), (1, 1 << 32)] {
        assert!(matches!(
            run(&k, &Config::new(ntid, nbid).with_param("M", 1)),
            Err(RunError::BadGeometry(_))
        ));
    }
    for (block, grid) in [
        ([256, 257, 1], [1, 1, 1]),
        ([1, 0, 1], [1, 1, 1]),
        ([1, 1, 1], [1, 1 << 32, 1]),
    ] {
        assert!(matches!(
            run(&k, &Config::with_dims(block, grid).with_param("M", 1)),
            Err(RunError::BadGeometry(_))
        ));
    }
}

#[test]
fn geometry_components_follow_cuda() {
    // A[tid.y][tid.x] := tid: one cell per thread of a 4x3x2 block; tid is the linear id.
    let k = kernel(
        &[],
        SHARED_A,
        vec![stmt(
            StmtKind::Write {
                target: access("A", vec![v("tid.z"), v("tid.y"), v("tid.x")], at(1)),
                value: v("tid"),
            },
            at(1),
        )],
    );
    let r = run(&k, &Config::with_dims([4, 3, 2], [1, 1, 1])).unwrap();
    assert!(r.races.is_empty());
    let writes: Vec<_> = r.blocks[0].phases[0]
        .threads
        .iter()
        .map(|t| (t.tid, t.events.len()))
        .collect();
    assert_eq!(writes.len(), 24);
    // ntid = 24 is the product, tid.x varies fastest: the write of linear thread 5 is A[0][1][1].
    let k2 = kernel(
        &[],
        SHARED_A,
        vec![stmt(
            StmtKind::Write {
                target: access(
                    "A",
                    vec![bin(
                        BinOp::Add,
                        v("tid.x"),
                        bin(
                            BinOp::Mul,
                            v("ntid.x"),
                            bin(
                                BinOp::Add,
                                v("tid.y"),
                                bin(BinOp::Mul, v("ntid.y"), v("tid.z")),
                            ),
                        ),
                    )],
                    at(1),
                ),
                value: v("ntid"),
            },
            at(1),
        )],
    );
    assert!(run(&k2, &Config::with_dims([4, 3, 2], [2, 1, 1]))
        .unwrap()
        .races
        .is_empty());
    // A[tid.x] alone races as soon as the block has a second row.
    let k3 = kernel(&[], SHARED_A, vec![write("A", v("tid.x"), n(1), at(1))]);
    assert!(run(&k3, &Config::with_dims([4, 1, 1], [1, 1, 1]))
        .unwrap()
        .races
        .is_empty());
    assert_eq!(
        run(&k3, &Config::with_dims([4, 2, 1], [1, 1, 1]))
            .unwrap()
            .races
            .len(),
        1
    );
    // Blocks: bid.y of a 2x3 grid, global B[bid.y] races between blocks of one row.
    let k4 = kernel(
        &[],
        &[("B", Space::Global)],
        vec![if_(
            cmp(CmpOp::Eq, v("tid"), n(0)),
            vec![write("B", v("bid.y"), v("nbid.y"), at(1))],
            None,
        )],
    );
    assert!(run(&k4, &Config::with_dims([2, 1, 1], [1, 3, 1]))
        .unwrap()
        .races
        .is_empty());
    assert_eq!(
        run(&k4, &Config::with_dims([2, 1, 1], [2, 3, 1]))
            .unwrap()
            .races
            .len(),
        1
    );
}

#[test]
fn a_false_assume_is_an_error() {
    let k = kernel(
        &["M"],
        SHARED_A,
        vec![stmt(
            StmtKind::Assume {
                cond: cmp(CmpOp::Gt, v("M"), n(0)),
            },
            at(1),
        )],
    );
    let e = run(&k, &Config::new(2, 1).with_param("M", 0));
    assert_eq!(
        e.map(|_| ()).map_err(|e| e.to_string()),
        Err("assumption `M > 0` does not hold (in thread 0 of block 0)".to_string())
    );
    assert!(run(&k, &Config::new(2, 1).with_param("M", 1)).is_ok());
}

#[test]
fn the_step_budget_stops_long_loops() {
    let k = kernel(
        &["M"],
        SHARED_A,
        vec![for_(
            "i",
            n(0),
            v("M"),
            vec![write("A", v("tid"), v("i"), at(1))],
        )],
    );
    let config = Config::new(2, 1)
        .with_param("M", 1_000_000)
        .with_step_budget(1000);
    match run(&k, &config) {
        Err(e @ RunError::StepBudget { .. }) => {
            assert!(e.to_string().contains("a loop may not terminate"));
            assert!(e.to_diagnostic().primary.is_some());
        }
        other => panic!("expected a budget error, got {other:?}"),
    }
    let enough = Config::new(2, 1)
        .with_param("M", 100)
        .with_step_budget(1000);
    assert!(run(&k, &enough).is_ok());
}

#[test]
fn a_loop_whose_step_cannot_move_is_reported_at_once() {
    let k = kernel(
        &[],
        SHARED_A,
        vec![for_range(
            "s",
            range(n(0), n(8), Direction::Up, StepOp::Mul, 2),
            vec![],
        )],
    );
    assert!(matches!(
        run(&k, &Config::new(1, 1)),
        Err(RunError::LoopStuck { value: 0, .. })
    ));
}

#[test]
fn int_overflow_is_an_error_and_bv32_wraps() {
    let k = kernel(
        &[],
        SHARED_A,
        vec![
            stmt(
                StmtKind::Let {
                    var: id("big"),
                    value: bin(BinOp::Shl, n(1), n(127)),
                },
                at(1),
            ),
            write("A", n(0), v("big"), at(2)),
        ],
    );
    assert!(matches!(
        run(&k, &Config::new(1, 1)),
        Err(RunError::Overflow { .. })
    ));
    let r = go(&k, Config::new(1, 1).with_arith(Arith::Bv32));
    assert!(matches!(
        r.blocks[0].phases[0].threads[0].events[0].kind,
        EventKind::Write { value: 0 }
    ));
}

#[test]
fn unknowns_come_from_the_hook_with_their_site() {
    // for i in 0..2 { let u = ?; A[tid][i] := u; }
    let k = kernel(
        &[],
        SHARED_A,
        vec![for_(
            "i",
            n(0),
            n(2),
            vec![
                stmt(StmtKind::Unknown { var: id("u") }, at(1)),
                stmt(
                    StmtKind::Write {
                        target: access("A", vec![v("tid"), v("i")], at(2)),
                        value: v("u"),
                    },
                    at(2),
                ),
            ],
        )],
    );
    let source = |site: &UnknownSite<'_>| {
        site.tid * 100 + site.occurrence as Value * 10 + site.ordinal as Value
    };
    let r = go(&k, Config::new(2, 1).with_unknowns(&source));
    let written: Vec<Value> = r.blocks[0].phases[0].threads[1]
        .events
        .iter()
        .map(|e| match e.kind {
            EventKind::Write { value } => value,
            _ => -1,
        })
        .collect();
    // The `let u = ?` is statement 1 in pre-order (the loop is 0).
    assert_eq!(written, vec![101, 111]);
    assert!(r.is_drf());
}

#[test]
fn the_history_limit_drops_events_but_not_races() {
    let k = kernel(&[], SHARED_A, vec![write("A", n(0), v("tid"), at(1))]);
    let mut config = Config::new(10, 1);
    config.history_limit = 3;
    let r = go(&k, config);
    assert_eq!(r.dropped_events, 7);
    assert_eq!(r.races.len(), 1);
}

#[test]
fn watching_some_arrays_keeps_their_races_and_every_value() {
    // G[0] := tid (grid and block races); S[tid % 2] := bid (block races);
    // let y = S[0]; G[tid + 8] := y (values flow through the unwatched array).
    let k = kernel(
        &[],
        &[("G", Space::Global), ("S", Space::Shared)],
        vec![
            write("G", n(0), v("tid"), at(1)),
            write("S", bin(BinOp::Rem, v("tid"), n(2)), v("bid"), at(2)),
            sync(at(3)),
            read("y", "S", n(0), at(4)),
            write("G", bin(BinOp::Add, v("tid"), n(8)), v("y"), at(5)),
        ],
    );
    let all = go(&k, Config::new(4, 2));
    let on = |run: &Run, array: &str| -> Vec<Race> {
        run.races
            .iter()
            .filter(|r| r.array == array)
            .cloned()
            .collect()
    };
    assert!(!on(&all, "G").is_empty() && !on(&all, "S").is_empty());
    for (watch, kept, gone) in [("G", "G", "S"), ("S", "S", "G")] {
        let some = go(&k, Config::new(4, 2).with_watch_arrays(vec![watch.into()]));
        assert_eq!(on(&some, kept), on(&all, kept));
        assert!(on(&some, gone).is_empty());
        // Every access, with its value, as in the full run: only the race check is narrowed.
        assert_eq!(some.blocks, all.blocks);
        assert_eq!(some.steps, all.steps);
    }
    // Nothing watched and no history: no race, no event, the same steps.
    let none = go(
        &k,
        Config::new(4, 2)
            .with_watch_arrays(Vec::new())
            .with_history_limit(0),
    );
    assert!(none.races.is_empty() && none.is_aligned());
    assert!(none
        .blocks
        .iter()
        .all(|b| b.phases.iter().all(|p| p.threads.is_empty())));
    assert_eq!(none.steps, all.steps);
}

#[test]
fn a_selection_evaluates_only_the_branch_it_chooses() {
    // A[tid] := select(tid < 1, 7, (1 << 127) + tid): thread 0 never computes the overflowing
    // branch (C's `?:`), thread 1 does, and `int` arithmetic stops there.
    let big = bin(BinOp::Add, bin(BinOp::Shl, n(1), n(127)), v("tid"));
    let choice = Expr::new(
        ExprKind::Select(
            Box::new(cmp(CmpOp::Lt, v("tid"), n(1))),
            Box::new(n(7)),
            Box::new(big),
        ),
        at(1),
    );
    let k = kernel(&[], SHARED_A, vec![write("A", v("tid"), choice, at(1))]);
    let r = go(&k, Config::new(1, 1));
    assert!(matches!(
        r.blocks[0].phases[0].threads[0].events[0].kind,
        EventKind::Write { value: 7 }
    ));
    assert!(matches!(
        run(&k, &Config::new(2, 1)),
        Err(RunError::Overflow { .. })
    ));
    // In `bv32` the other branch wraps: 2^127 is 0 there, so thread 1 writes its id.
    let r = go(&k, Config::new(2, 1).with_arith(Arith::Bv32));
    assert!(matches!(
        r.blocks[0].phases[0].threads[1].events[0].kind,
        EventKind::Write { value: 1 }
    ));
}

#[test]
fn lockstep_warps_order_their_lanes_statement_by_statement() {
    // The warp reduction's step without a barrier:
    //   let x = A[tid + 2]; A[tid] := x;
    // With 4 threads, thread 0 reads A[2], which thread 2 writes: a read-write race. In warps
    // of 4 lanes, all four run in lockstep (every read before every write): no race. In warps
    // of 2, threads 0 and 2 are in different warps: the race stays.
    let reduce = kernel(
        &[],
        &[("A", Space::Shared)],
        vec![
            read("x", "A", bin(BinOp::Add, v("tid"), n(2)), at(1)),
            write("A", v("tid"), v("x"), at(2)),
        ],
    );
    let races = |size: Option<u32>| go(&reduce, Config::new(4, 1).with_warp_sync(size)).races;
    assert_eq!(races(None).len(), 1);
    assert!(races(Some(4)).is_empty());
    let apart = races(Some(2));
    assert_eq!(apart.len(), 1);
    assert_ne!(apart[0].first.tid / 2, apart[0].second.tid / 2, "{apart:?}");
    // Two lanes writing one cell in one statement still race in lockstep.
    let flag = kernel(
        &[],
        &[("A", Space::Shared)],
        vec![write("A", n(0), v("tid"), at(1))],
    );
    assert_eq!(
        go(&flag, Config::new(4, 1).with_warp_sync(Some(32)))
            .races
            .len(),
        1
    );
}

#[test]
fn a_syncwarp_orders_the_lanes_of_each_warp_and_nobody_else() {
    // `A[tid] := tid; syncwarp; let x = A[(tid + d) % 8];` with 8 threads in warps of 4: the
    // partner `tid ^ 1`-like shift d = 1 stays in the warp for 3 of 4 lanes; d = 4 always
    // reads the other warp's cell, which no barrier orders.
    let partner = |d: i64| {
        kernel(
            &[],
            &[("A", Space::Shared)],
            vec![
                write("A", v("tid"), v("tid"), at(1)),
                stmt(StmtKind::SyncWarp, at(2)),
                read(
                    "x",
                    "A",
                    bin(BinOp::Rem, bin(BinOp::Add, v("tid"), n(d)), n(8)),
                    at(3),
                ),
            ],
        )
    };
    let races = |k: &Kernel, size: u32| go(k, Config::new(8, 1).with_warp_size(Some(size))).races;
    // d = 1: lane 3 reads A[4] and lane 7 reads A[0], each of the other warp (two instances,
    // the smallest cell shown); in warps of 8 everything is one warp.
    let r = races(&partner(1), 4);
    assert_eq!(r.len(), 1, "{r:?}");
    let shown = (r[0].cell.clone(), r[0].first.tid, r[0].second.tid);
    assert_eq!((shown, r[0].instances), ((vec![0], 0, 7), 2));
    assert!(races(&partner(1), 8).is_empty());
    // d = 4: every read is of the other warp's cell.
    assert_eq!(races(&partner(4), 4).len(), 1);
    // Without the `syncwarp` (a `skip`), the same-warp read races too, in any warp size.
    let mut plain = partner(1);
    plain.body.stmts[1] = stmt(StmtKind::Skip, at(2));
    assert_eq!(races(&plain, 8).len(), 1);
}

#[test]
fn a_syncwarp_that_some_lanes_of_a_warp_skip_is_divergence() {
    // `if tid < 2 { syncwarp; }` with 4 threads: in warps of 2 each warp agrees; in warps of 4
    // lanes 0, 1 pass a `syncwarp` that lanes 2, 3 never reach.
    let k = kernel(
        &[],
        &[("A", Space::Shared)],
        vec![if_(
            cmp(CmpOp::Lt, v("tid"), n(2)),
            vec![stmt(StmtKind::SyncWarp, at(1))],
            None,
        )],
    );
    let run = |size: u32| go(&k, Config::new(4, 1).with_warp_size(Some(size)));
    assert!(run(2).divergences.is_empty());
    let d = &run(4).divergences;
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].first.0, d[0].second.0), (0, 2));
    assert!(d[0].to_string().contains("syncwarp #0"), "{}", d[0]);
}
