//! Atomics, blocks and what each block sees of global memory.

use super::*;

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
