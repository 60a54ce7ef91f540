//! Data-race freedom of a run (SPEC §4; BabyCUDA paper, Definition 1).
//!
//! * Block level: within one phase of one block, two distinct threads that touch the same cell
//!   of a shared or global array, at least one writing, race; atomics race only with plain
//!   accesses ([`AccessKind::conflicts`]).
//! * Warps: a `syncwarp;` orders the accesses of the lanes of one warp. Each access carries the
//!   number of `syncwarp`s its thread passed in the phase (its *warp epoch*); two threads of
//!   one warp (linear thread id divided by the warp size) whose accesses have different epochs
//!   are ordered and do not race. Threads of different warps are ordered by block barriers
//!   only. (Epochs compare lanes that reached the same `syncwarp`s: a warp whose lanes did
//!   not is reported as divergent.)
//! * Grid level: two threads of different blocks that touch the same cell of a global array
//!   anywhere in the run (blocks never synchronise), under the same rule.
//!
//! # How races are grouped
//!
//! A block of 1024 threads that all write `A[0]` has half a million racing pairs; listing them
//! helps nobody. A race is therefore reported once per *(scope, array, pair of accesses)*, where
//! the scope is the phase name (so phase `sync #0 (i = 2)` of every block shares its records) or
//! `grid`, and an access is a statement with its kind. Each record carries a representative — the
//! smallest cell, then the smallest block, then the smallest pair of thread ids — and
//! `instances`, the number of (block, cell) pairs (cells, for grid races) on which those two
//! accesses race. Records are ordered by the first phase they were found in, then by cell.

use super::history::{AccessKind, Cell, FastMap, PhaseName};
use super::touches::{Lane, PhaseAccesses};
use crate::arith::Value;
use crate::ast::Space;
use crate::span::Span;
use std::collections::HashMap;
use std::fmt;

/// The kind of a race, as SPEC §7 names it in `access`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RaceKind {
    WriteWrite,
    ReadWrite,
    /// One side is atomic, the other a plain read or write.
    AtomicWrite,
}

impl RaceKind {
    pub fn name(self) -> &'static str {
        match self {
            RaceKind::WriteWrite => "write-write",
            RaceKind::ReadWrite => "read-write",
            RaceKind::AtomicWrite => "atomic-write",
        }
    }

    fn of(a: AccessKind, b: AccessKind) -> RaceKind {
        use AccessKind::*;
        match (a, b) {
            (Atomic, _) | (_, Atomic) => RaceKind::AtomicWrite,
            (Write, Write) => RaceKind::WriteWrite,
            _ => RaceKind::ReadWrite,
        }
    }
}

impl fmt::Display for RaceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where two accesses had to be separated by a barrier and were not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RaceScope {
    /// One phase of a block (the same-named phase of every block shares records).
    Phase(PhaseName),
    /// Threads of different blocks, anywhere in the run.
    Grid,
}

impl fmt::Display for RaceScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RaceScope::Phase(name) => write!(f, "phase {name}"),
            RaceScope::Grid => f.write_str("grid"),
        }
    }
}

/// One side of a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RacingAccess {
    pub bid: Value,
    pub tid: Value,
    pub kind: AccessKind,
    /// The statement's 0-based position in a pre-order walk of the kernel body.
    pub stmt: usize,
    /// The access `A[...]` in the source.
    pub span: Span,
}

/// A race between two accesses of the kernel; see the module doc for the grouping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub scope: RaceScope,
    pub kind: RaceKind,
    pub array: String,
    pub space: Space,
    /// The representative cell.
    pub cell: Vec<Value>,
    pub first: RacingAccess,
    pub second: RacingAccess,
    /// (block, cell) pairs — cells, for grid races — on which these two accesses race.
    pub instances: usize,
    /// A write-write race in which every two racing writes the run made stored the same value
    /// (the field's *benign* race, SPEC §7); always false for the other kinds. At grid level a
    /// statement's values are merged over all blocks, which can only make a benign race look
    /// otherwise, never the reverse.
    pub benign: bool,
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} race on `{}", self.kind, self.array)?;
        for i in &self.cell {
            write!(f, "[{i}]")?;
        }
        write!(
            f,
            "` in {}: {} by thread {} of block {} and {} by thread {} of block {}",
            self.scope,
            self.first.kind.name(),
            self.first.tid,
            self.first.bid,
            self.second.kind.name(),
            self.second.tid,
            self.second.bid
        )
    }
}

/// For one cell of a global array, per (statement, kind): the two smallest blocks that made that
/// access, each with its smallest thread — enough to find the smallest racing pair of blocks.
#[derive(Debug, Default)]
pub(super) struct GridAccesses {
    cells: FastMap<Cell, Vec<GridSlot>>,
}

#[derive(Debug)]
struct GridSlot {
    stmt: usize,
    kind: AccessKind,
    /// (bid, smallest tid), by increasing bid, at most two.
    blocks: Two<(Value, Value)>,
    /// The distinct values this write stored, over all blocks; at most two are kept (two
    /// already say that not every pair agrees).
    values: Two<Value>,
}

/// At most two values, in place: a grid run records a slot per cell of every global array it
/// touches (a million cells for PolyBench's `bicg` in `tests/cuda/`), and two small `Vec`s
/// per slot were two allocations per cell.
#[derive(Clone, Copy, Debug, Default)]
struct Two<T> {
    len: u8,
    items: [T; 2],
}

impl<T: Copy + Default> Two<T> {
    fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }

    /// Adds `item` if there is room, else leaves it out.
    fn push(&mut self, item: T) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = item;
            self.len += 1;
        }
    }
}

impl GridAccesses {
    /// Blocks must be run in increasing bid for the two kept blocks to be the smallest.
    pub(super) fn record(
        &mut self,
        cell: &Cell,
        bid: Value,
        tid: Value,
        kind: AccessKind,
        stmt: usize,
        value: Option<Value>,
    ) {
        let slots = match self.cells.get_mut(cell) {
            Some(slots) => slots,
            None => self.cells.entry(cell.clone()).or_default(),
        };
        let slot = match slots
            .iter_mut()
            .position(|s| s.stmt == stmt && s.kind == kind)
        {
            Some(i) => &mut slots[i],
            None => {
                // Most cells see one access: a first `push` would make room for four slots.
                slots.reserve_exact(1);
                slots.push(GridSlot {
                    stmt,
                    kind,
                    blocks: Two::default(),
                    values: Two::default(),
                });
                let last = slots.len() - 1;
                &mut slots[last]
            }
        };
        if let Some(v) = value {
            if !slot.values.as_slice().contains(&v) {
                slot.values.push(v);
            }
        }
        if let Some(entry) = slot
            .blocks
            .as_mut_slice()
            .iter_mut()
            .find(|(b, _)| *b == bid)
        {
            entry.1 = entry.1.min(tid);
        } else {
            slot.blocks.push((bid, tid));
        }
    }
}

/// What the race checks need to know about the kernel.
#[derive(Debug)]
pub(super) struct RaceContext<'a> {
    /// Name and space of each array, by declaration position.
    pub arrays: &'a [(String, Space)],
    /// The access span of each statement, by pre-order position.
    pub spans: &'a [Span],
    /// The arms of the conditionals around each statement, by pre-order position
    /// (`Layout::arms`).
    pub arms: &'a [Vec<(usize, bool)>],
    /// Lanes per warp in lockstep (`Config::warp_sync`).
    pub warp_sync: Option<u32>,
    /// Lanes per warp for `syncwarp;` (`Config::warp_lanes`).
    pub warp_size: Value,
}

/// What makes two races the same record: scope, array, and the two (statement, kind) accesses.
type RaceKey = (RaceScope, usize, (usize, AccessKind), (usize, AccessKind));

/// The races of a run, grouped as the module doc says.
#[derive(Debug, Default)]
pub(super) struct RaceSet {
    races: Vec<Race>,
    index: HashMap<RaceKey, usize>,
}

impl RaceSet {
    /// Checks one phase of block `bid` (Definition 1) and adds what it finds.
    pub(super) fn check_phase(
        &mut self,
        ctx: &RaceContext<'_>,
        bid: Value,
        name: &PhaseName,
        accesses: &PhaseAccesses,
    ) {
        for (cell, groups) in accesses.shared_cells() {
            for (i, (a, ga)) in groups.iter().enumerate() {
                for (b, gb) in &groups[i..] {
                    if !a.1.conflicts(b.1) {
                        continue;
                    }
                    // In lockstep, lanes of one warp are ordered statement by statement; two of
                    // them still race by writing one cell in one statement.
                    let one_statement = a.1 == AccessKind::Write
                        && b.1 == AccessKind::Write
                        && match (ctx.spans.get(a.0), ctx.spans.get(b.0)) {
                            (Some(x), Some(y)) => x == y,
                            _ => a.0 == b.0,
                        };
                    // Nor are the two arms of one conditional ordered: a diverged warp runs
                    // them one after the other, in an unspecified order.
                    let diverged = match (ctx.arms.get(a.0), ctx.arms.get(b.0)) {
                        (Some(x), Some(y)) => super::opposite_arms(x, y),
                        _ => false,
                    };
                    let lockstep = ctx
                        .warp_sync
                        .filter(|_| !one_statement && !diverged)
                        .map(|size| Value::from(size.max(1)));
                    let races = |x: Lane, y: Lane| unordered(x, y, ctx.warp_size, lockstep);
                    let Some((ta, tb)) = smallest_racing_pair(&ga.lanes, &gb.lanes, races) else {
                        continue;
                    };
                    let benign = a.1 == AccessKind::Write
                        && b.1 == AccessKind::Write
                        && !stores_differ(&ga.stores, &gb.stores, races);
                    self.add(
                        ctx,
                        RaceScope::Phase(name.clone()),
                        cell,
                        access(ctx, bid, ta, *a),
                        access(ctx, bid, tb, *b),
                        benign,
                    );
                }
            }
        }
    }

    /// Checks the grid: threads of different blocks on the same global cell.
    pub(super) fn check_grid(&mut self, ctx: &RaceContext<'_>, grid: &GridAccesses) {
        let mut cells: Vec<(&Cell, &Vec<GridSlot>)> = grid.cells.iter().collect();
        cells.sort_by(|a, b| a.0.cmp(b.0));
        for (cell, slots) in cells {
            let mut slots: Vec<&GridSlot> = slots.iter().collect();
            slots.sort_by_key(|s| (s.stmt, s.kind));
            for (i, a) in slots.iter().enumerate() {
                for b in &slots[i..] {
                    if !a.kind.conflicts(b.kind) {
                        continue;
                    }
                    let pair = a
                        .blocks
                        .as_slice()
                        .iter()
                        .flat_map(|x| b.blocks.as_slice().iter().map(move |y| (*x, *y)))
                        .filter(|(x, y)| x.0 != y.0)
                        .min();
                    let Some(((ba, ta), (bb, tb))) = pair else {
                        continue;
                    };
                    let mut values = a.values.as_slice().to_vec();
                    values.extend(b.values.as_slice());
                    values.dedup();
                    let benign = a.kind == AccessKind::Write
                        && b.kind == AccessKind::Write
                        && values.iter().all(|v| *v == values[0]);
                    self.add(
                        ctx,
                        RaceScope::Grid,
                        cell,
                        access(ctx, ba, ta, (a.stmt, a.kind)),
                        access(ctx, bb, tb, (b.stmt, b.kind)),
                        benign,
                    );
                }
            }
        }
    }

    fn add(
        &mut self,
        ctx: &RaceContext<'_>,
        scope: RaceScope,
        cell: &Cell,
        first: RacingAccess,
        second: RacingAccess,
        benign: bool,
    ) {
        let key = (
            scope.clone(),
            cell.array,
            (first.stmt, first.kind),
            (second.stmt, second.kind),
        );
        if let Some(&i) = self.index.get(&key) {
            let race = &mut self.races[i];
            race.instances += 1;
            race.benign &= benign;
            let rank = |c: &[Value], f: &RacingAccess, s: &RacingAccess| {
                (c.to_vec(), f.bid, f.tid, s.bid, s.tid)
            };
            if rank(&cell.index, &first, &second) < rank(&race.cell, &race.first, &race.second) {
                race.cell = cell.index.to_vec();
                race.first = first;
                race.second = second;
            }
            return;
        }
        let (array, space) = ctx
            .arrays
            .get(cell.array)
            .cloned()
            .unwrap_or_else(|| (format!("#{}", cell.array), Space::Shared));
        self.index.insert(key, self.races.len());
        self.races.push(Race {
            scope,
            kind: RaceKind::of(first.kind, second.kind),
            array,
            space,
            cell: cell.index.to_vec(),
            first,
            second,
            instances: 1,
            benign,
        });
    }

    pub(super) fn into_races(self) -> Vec<Race> {
        self.races
    }
}

/// Whether two accesses of one phase, by the threads and epochs `x` and `y`, race: distinct
/// threads, not two lanes of one warp of `warp_size` that a `syncwarp` between them orders,
/// and not two lanes of one warp of `lockstep` lanes (`--warp-sync`).
fn unordered(x: Lane, y: Lane, warp_size: Value, lockstep: Option<Value>) -> bool {
    let same = |size: Value| x.0.div_euclid(size) == y.0.div_euclid(size);
    x.0 != y.0 && !(x.1 != y.1 && same(warp_size.max(1))) && !lockstep.is_some_and(same)
}

/// Whether two threads that race stored different values, one through each access.
fn stores_differ(
    a: &[(Lane, Value)],
    b: &[(Lane, Value)],
    races: impl Fn(Lane, Lane) -> bool,
) -> bool {
    let Some(&(_, first)) = a.first().or(b.first()) else {
        return false;
    };
    if a.iter().chain(b).all(|&(_, v)| v == first) {
        return false;
    }
    a.iter()
        .any(|&(t, v)| b.iter().any(|&(u, w)| v != w && races(t, u)))
}

/// The least pair of thread ids `(x, y)`, `x` from `a` and `y` from `b` (both by increasing
/// thread id), that `races`. Without warp ordering (every epoch 0, no lockstep) only the
/// first two threads of each list can matter.
fn smallest_racing_pair(
    a: &[Lane],
    b: &[Lane],
    races: impl Fn(Lane, Lane) -> bool,
) -> Option<(Value, Value)> {
    let mut best: Option<(Value, Value)> = None;
    for &x in a {
        // `a` is by increasing thread id: once a thread has a partner, later threads cannot
        // make a smaller pair (only its other epochs can).
        if best.is_some_and(|(t, _)| t != x.0) {
            break;
        }
        if let Some(&y) = b.iter().find(|&&y| races(x, y)) {
            best = best.min(Some((x.0, y.0))).or(Some((x.0, y.0)));
        }
    }
    best
}

fn access(
    ctx: &RaceContext<'_>,
    bid: Value,
    tid: Value,
    (stmt, kind): (usize, AccessKind),
) -> RacingAccess {
    RacingAccess {
        bid,
        tid,
        kind,
        stmt,
        span: ctx.spans.get(stmt).copied().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::history::Index;
    use super::*;

    fn ctx_parts() -> (Vec<(String, Space)>, Vec<Span>) {
        (
            vec![("A".into(), Space::Shared), ("G".into(), Space::Global)],
            vec![Span::new(0, 1), Span::new(2, 3), Span::new(4, 5)],
        )
    }

    fn cell(array: usize, i: Value) -> Cell {
        Cell {
            array,
            index: Index::from(vec![i]),
        }
    }

    #[test]
    fn smallest_pair_skips_equal_threads() {
        let distinct = |x: Lane, y: Lane| unordered(x, y, 32, None);
        let lanes = |ts: &[Value]| ts.iter().map(|&t| (t, 0)).collect::<Vec<Lane>>();
        let pair = |a: &[Value], b: &[Value]| smallest_racing_pair(&lanes(a), &lanes(b), distinct);
        assert_eq!(pair(&[0, 1], &[0, 5]), Some((0, 5)));
        assert_eq!(pair(&[3], &[3]), None);
        assert_eq!(pair(&[3], &[3, 4]), Some((3, 4)));
    }

    #[test]
    fn a_syncwarp_orders_lanes_of_one_warp_only() {
        // Warps of 4: threads 0 and 1 share a warp, 0 and 4 do not.
        assert!(!unordered((0, 0), (1, 1), 4, None));
        assert!(unordered((0, 0), (1, 0), 4, None));
        assert!(unordered((0, 0), (4, 1), 4, None));
        assert!(!unordered((0, 0), (1, 0), 4, Some(4)));
        // Thread 1 at epoch 1 is ordered after thread 0; thread 4 is not.
        let races = |x: Lane, y: Lane| unordered(x, y, 4, None);
        assert_eq!(
            smallest_racing_pair(&[(0, 0)], &[(1, 1), (4, 1)], races),
            Some((0, 4))
        );
        // A thread with two epochs: its epoch-1 access meets thread 1's epoch-1 access.
        assert_eq!(
            smallest_racing_pair(&[(0, 0), (0, 1)], &[(1, 1)], races),
            Some((0, 1))
        );
    }

    #[test]
    fn many_threads_on_one_cell_give_one_record() {
        let (arrays, spans) = ctx_parts();
        let ctx = RaceContext {
            arrays: &arrays,
            spans: &spans,
            arms: &[],
            warp_sync: None,
            warp_size: 32,
        };
        let mut phase = PhaseAccesses::new(false);
        for tid in 0..1024 {
            phase.record(&cell(0, 0), tid, 0, AccessKind::Write, 1, Some(7));
            phase.record(&cell(0, 0), tid, 0, AccessKind::Write, 1, Some(7));
        }
        let mut set = RaceSet::default();
        set.check_phase(&ctx, 0, &PhaseName::End, &phase);
        let races = set.into_races();
        assert_eq!(races.len(), 1);
        assert_eq!(races[0].kind, RaceKind::WriteWrite);
        assert_eq!((races[0].first.tid, races[0].second.tid), (0, 1));
        assert_eq!(races[0].instances, 1);
    }

    #[test]
    fn reads_alone_and_atomics_alone_do_not_race_but_mixed_do() {
        let (arrays, spans) = ctx_parts();
        let ctx = RaceContext {
            arrays: &arrays,
            spans: &spans,
            arms: &[],
            warp_sync: None,
            warp_size: 32,
        };
        let mut phase = PhaseAccesses::new(false);
        for tid in 0..4 {
            phase.record(&cell(0, 0), tid, 0, AccessKind::Read, 0, None);
            phase.record(&cell(0, 1), tid, 0, AccessKind::Atomic, 1, None);
            phase.record(&cell(0, 2), tid, 0, AccessKind::Atomic, 1, None);
        }
        let mut set = RaceSet::default();
        set.check_phase(&ctx, 0, &PhaseName::End, &phase);
        assert!(set.races.is_empty());
        phase.record(&cell(0, 2), 9, 0, AccessKind::Read, 2, None);
        phase.record(&cell(0, 3), 9, 0, AccessKind::Read, 2, None);
        set.check_phase(&ctx, 0, &PhaseName::End, &phase);
        let races = set.into_races();
        assert_eq!(races.len(), 1);
        assert_eq!(races[0].kind, RaceKind::AtomicWrite);
        assert_eq!(races[0].cell, vec![2]);
        assert_eq!((races[0].first.tid, races[0].second.tid), (0, 9));
    }

    #[test]
    fn grid_races_need_two_blocks() {
        let (arrays, spans) = ctx_parts();
        let ctx = RaceContext {
            arrays: &arrays,
            spans: &spans,
            arms: &[],
            warp_sync: None,
            warp_size: 32,
        };
        let mut grid = GridAccesses::default();
        // Block 0 writes G[0] from two threads (a block-level matter, not a grid race); blocks
        // 1 and 2 each write their own cell; block 3 reads G[1].
        grid.record(&cell(1, 0), 0, 0, AccessKind::Write, 1, Some(7));
        grid.record(&cell(1, 0), 0, 1, AccessKind::Write, 1, Some(7));
        grid.record(&cell(1, 1), 1, 0, AccessKind::Write, 1, Some(7));
        grid.record(&cell(1, 2), 2, 0, AccessKind::Write, 1, Some(7));
        grid.record(&cell(1, 1), 3, 5, AccessKind::Read, 2, None);
        let mut set = RaceSet::default();
        set.check_grid(&ctx, &grid);
        let races = set.into_races();
        assert_eq!(races.len(), 1);
        assert_eq!(races[0].scope, RaceScope::Grid);
        assert_eq!(races[0].kind, RaceKind::ReadWrite);
        assert_eq!((races[0].first.bid, races[0].second.bid), (1, 3));
        assert_eq!(races[0].second.tid, 5);
    }
}
