//! Unit tests of the interpreter on trees built by hand (core cannot depend on the parser; the
//! parse-based corpus test lives in `tests/tests/run_corpus.rs`).

use super::*;
use crate::arith::Arith;
use crate::ast::*;
use crate::span::Span;

// ---- tree builders -------------------------------------------------------------------------

/// Distinct spans for statements, so that tests can tell accesses apart by position.
fn at(n: usize) -> Span {
    Span::new(n * 10, n * 10 + 5)
}

fn id(name: &str) -> Ident {
    Ident::new(name, Span::default())
}

fn v(name: &str) -> Expr {
    Expr::var(name, Span::default())
}

fn n(value: i64) -> Expr {
    Expr::int(value, Span::default())
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

fn cmp(op: CmpOp, a: Expr, b: Expr) -> Cond {
    Cond::new(CondKind::Cmp(op, a, b), Span::default())
}

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt {
        kind,
        span,
        ann: (),
    }
}

fn block(stmts: Vec<Stmt>) -> Block {
    Block {
        stmts,
        span: Span::default(),
    }
}

fn access(array: &str, index: Vec<Expr>, span: Span) -> Access {
    Access {
        array: id(array),
        index,
        span,
    }
}

fn write(array: &str, index: Expr, value: Expr, span: Span) -> Stmt {
    stmt(
        StmtKind::Write {
            target: access(array, vec![index], span),
            value,
        },
        span,
    )
}

fn read(var: &str, array: &str, index: Expr, span: Span) -> Stmt {
    stmt(
        StmtKind::Read {
            var: id(var),
            source: access(array, vec![index], span),
        },
        span,
    )
}

fn atomic(
    var: Option<&str>,
    array: &str,
    index: Expr,
    op: AtomicOp,
    value: Expr,
    span: Span,
) -> Stmt {
    stmt(
        StmtKind::Atomic {
            var: var.map(id),
            target: access(array, vec![index], span),
            op,
            value,
        },
        span,
    )
}

fn sync(span: Span) -> Stmt {
    stmt(StmtKind::Sync, span)
}

fn if_(cond: Cond, then: Vec<Stmt>, otherwise: Option<Vec<Stmt>>) -> Stmt {
    stmt(
        StmtKind::If {
            cond,
            then_branch: block(then),
            else_branch: otherwise.map(block),
        },
        Span::default(),
    )
}

fn range(start: Expr, bound: Expr, dir: Direction, op: StepOp, amount: i64) -> Range {
    Range {
        start,
        bound,
        dir,
        step: Step {
            op,
            amount: n(amount),
            span: Span::default(),
        },
    }
}

fn for_(var: &str, start: Expr, bound: Expr, body: Vec<Stmt>) -> Stmt {
    for_range(
        var,
        range(start, bound, Direction::Up, StepOp::Add, 1),
        body,
    )
}

fn for_range(var: &str, range: Range, body: Vec<Stmt>) -> Stmt {
    stmt(
        StmtKind::For {
            var: id(var),
            range,
            body: block(body),
        },
        Span::default(),
    )
}

fn kernel(params: &[&str], arrays: &[(&str, Space)], body: Vec<Stmt>) -> Kernel {
    Kernel {
        name: id("k"),
        params: params
            .iter()
            .map(|p| Param::natural(*p, Span::default()))
            .collect(),
        arrays: arrays
            .iter()
            .map(|(a, space)| ArrayDecl {
                name: id(a),
                space: *space,
                span: Span::default(),
                layout: None,
            })
            .collect(),
        body: block(body),
        span: Span::default(),
        ann: (),
    }
}

const SHARED_A: &[(&str, Space)] = &[("A", Space::Shared)];

fn go(k: &Kernel, config: Config<'_>) -> Run {
    match run(k, &config) {
        Ok(r) => r,
        Err(e) => panic!("run failed: {e}"),
    }
}

/// The values read by `tid` of block 0 in phase `phase`, in program order.
fn reads_of(run: &Run, phase: usize, tid: Value) -> Vec<Value> {
    run.blocks[0].phases[phase]
        .threads
        .iter()
        .filter(|t| t.tid == tid)
        .flat_map(|t| t.events.iter())
        .filter_map(|e| match e.kind {
            EventKind::Read { value } => Some(value),
            _ => None,
        })
        .collect()
}

fn phase_names(run: &Run, bid: usize) -> Vec<String> {
    run.blocks[bid]
        .phases
        .iter()
        .map(|p| p.name.to_string())
        .collect()
}

// ---- the paper's examples ------------------------------------------------------------------

/// Figure 3: `for x in 0..M { let y = A[x]; A[x] := y + 1 }`.
fn figure3() -> Kernel {
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

// ---- phases and lastwrite ------------------------------------------------------------------

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

// ---- atomics and blocks --------------------------------------------------------------------

#[test]
fn atomics_serialise_in_tid_order_and_do_not_race_with_each_other() {
    // let old = atomic C[0] += 1; sync; let total = C[0];
    let k = kernel(
        &[],
        &[("C", Space::Shared)],
        vec![
            atomic(Some("old"), "C", n(0), AtomicOp::Add, n(1), at(1)),
            sync(at(2)),
            read("total", "C", n(0), at(3)),
        ],
    );
    let r = go(&k, Config::new(6, 1));
    assert!(r.is_drf());
    let olds: Vec<Value> = r.blocks[0].phases[0]
        .threads
        .iter()
        .map(|t| match t.events[0].kind {
            EventKind::Atomic { old, .. } => old,
            _ => -1,
        })
        .collect();
    assert_eq!(olds, vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(reads_of(&r, 1, 3), vec![6]);
}

#[test]
fn an_atomic_races_with_a_plain_read() {
    let k = kernel(
        &[],
        &[("C", Space::Shared)],
        vec![
            atomic(None, "C", n(0), AtomicOp::Exch, v("tid"), at(1)),
            if_(
                cmp(CmpOp::Eq, v("tid"), n(0)),
                vec![read("y", "C", n(0), at(2))],
                None,
            ),
        ],
    );
    let r = go(&k, Config::new(2, 1));
    assert_eq!(r.races.len(), 1);
    assert_eq!(r.races[0].kind, RaceKind::AtomicWrite);
    // Thread 0's read sees its own exchange, not thread 1's.
    assert_eq!(reads_of(&r, 0, 0), vec![0]);
}

#[test]
fn blocks_race_on_global_arrays_only() {
    // if tid == 0 { G[0] := bid; S[0] := bid; }
    let k = kernel(
        &[],
        &[("G", Space::Global), ("S", Space::Shared)],
        vec![if_(
            cmp(CmpOp::Eq, v("tid"), n(0)),
            vec![
                write("G", n(0), v("bid"), at(1)),
                write("S", n(0), v("bid"), at(2)),
            ],
            None,
        )],
    );
    let r = go(&k, Config::new(4, 3));
    assert_eq!(r.races.len(), 1);
    let race = &r.races[0];
    assert_eq!(race.scope, RaceScope::Grid);
    assert_eq!(race.array, "G");
    assert_eq!((race.first.bid, race.second.bid), (0, 1));
    assert!(go(&k, Config::new(4, 1)).is_drf());
}

#[test]
fn each_block_sees_only_its_own_global_writes() {
    // if bid == 1 { G[tid] := 7; } sync; let y = G[tid];
    let k = kernel(
        &[],
        &[("G", Space::Global)],
        vec![
            if_(
                cmp(CmpOp::Eq, v("bid"), n(1)),
                vec![write("G", v("tid"), n(7), at(1))],
                None,
            ),
            sync(at(2)),
            read("y", "G", v("tid"), at(3)),
        ],
    );
    let r = go(&k, Config::new(2, 2));
    let read_in = |bid: usize| -> Vec<Value> {
        r.blocks[bid].phases[1]
            .threads
            .iter()
            .flat_map(|t| &t.events)
            .filter_map(|e| match e.kind {
                EventKind::Read { value } => Some(value),
                _ => None,
            })
            .collect()
    };
    assert_eq!(read_in(0), vec![0, 0]);
    assert_eq!(read_in(1), vec![7, 7]);
    // Block 1 wrote the cells block 0 read: a grid race.
    assert_eq!(r.races.len(), 1);
    assert_eq!(r.races[0].scope, RaceScope::Grid);
}

#[test]
fn a_run_of_some_blocks_sees_their_races_and_only_theirs() {
    // G[bid / 2] := tid: blocks 2k and 2k + 1 race on cell k; threads of one block race too.
    let k = kernel(
        &[],
        &[("G", Space::Global)],
        vec![write("G", bin(BinOp::Div, v("bid"), n(2)), v("tid"), at(1))],
    );
    let some = go(&k, Config::new(2, 6).with_only_blocks(vec![3, 2, 3, 9]));
    assert_eq!(
        some.blocks.iter().map(|b| b.bid).collect::<Vec<_>>(),
        vec![2, 3]
    );
    let grid: Vec<(Value, Value, Vec<Value>)> = some
        .races
        .iter()
        .filter(|r| r.scope == RaceScope::Grid)
        .map(|r| (r.first.bid, r.second.bid, r.cell.clone()))
        .collect();
    assert_eq!(grid.len(), 1);
    let (b1, b2, cell) = &grid[0];
    assert_eq!(
        (b1.min(b2), b1.max(b2), cell.as_slice()),
        (&2, &3, &[1][..])
    );
    assert!(some
        .races
        .iter()
        .any(|r| matches!(r.scope, RaceScope::Phase(_))));
    // Blocks 4 and 5 also race on cell 2 in the full run; a run of blocks 0 and 4 has no
    // grid race at all.
    let apart = go(&k, Config::new(2, 6).with_only_blocks(vec![0, 4]));
    assert!(apart.races.iter().all(|r| r.scope != RaceScope::Grid));
    // The largest grid CUDA allows costs no more than the blocks asked for.
    let huge = go(
        &k,
        Config::new(2, (1 << 31) - 1).with_only_blocks(vec![0, (1 << 31) - 2]),
    );
    assert_eq!(huge.blocks.len(), 2);
    assert!(huge.races.iter().all(|r| r.scope != RaceScope::Grid));
}

// ---- inputs and errors ---------------------------------------------------------------------

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
fn geometry_outside_cuda_limits_is_rejected() {
    let k = figure3();
    for (ntid, nbid) in [(0, 1), (-3, 1), (1025, 1), (1, 0), (1, 1 << 31)] {
        assert!(matches!(
            run(&k, &Config::new(ntid, nbid).with_param("M", 1)),
            Err(RunError::BadGeometry(_))
        ));
    }
    for (block, grid) in [
        ([32, 33, 1], [1, 1, 1]),
        ([1, 1, 65], [1, 1, 1]),
        ([1, 0, 1], [1, 1, 1]),
        ([1, 1, 1], [1, 1 << 16, 1]),
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
