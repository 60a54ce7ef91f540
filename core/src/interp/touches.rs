//! What one phase of one block keeps of its accesses for the race check (`race`): per cell,
//! per access (statement and kind), the threads that made it and the values written.
//!
//! # Two ways to keep them
//!
//! * **Everything** ([`Touches::All`]): every (thread, warp epoch, access, stored value), once.
//!   Needed when warps order some pairs of threads (a `syncwarp;` in the kernel, or lockstep
//!   warps under `--warp-sync`): whether two accesses race then depends on both threads' warps
//!   and epochs.
//! * **A summary** ([`Touches::Summary`]), when nothing orders two threads of a phase (no
//!   `syncwarp;` in the kernel, no lockstep): two accesses by distinct threads then always race,
//!   and per access it keeps only its first two distinct threads and a handful of its stores.
//!   A block of 1024 threads that each read and write all of a 1024-cell array
//!   (`tests/cuda/polybench_bicg_row_parallel_racy.cu` at `--block-dim 1024`) kept two million
//!   touches this way before — 266 MB — and keeps two thousand summaries now.
//!
//! The summary is exact: the race check gets the same records (cells, thread pairs, instances,
//! benign or not) from it as from everything, because all it asks of an access is
//!
//! * the least pair of distinct threads of two accesses (which comes from the first two distinct
//!   threads of each, as threads run in increasing tid), and
//! * whether two accesses have stores `(t, v)` and `(u, w)` with `t ≠ u` and `v ≠ w` (a write-
//!   write race that is not benign). The kept stores `K` of an access answer this as all its
//!   stores `S` do, against any store `(u, w)` of the other access: a store is kept exactly
//!   when some *blocker* `(u, w)` — one that rules out every kept store, each having `t = u`
//!   or `v = w` — would not rule it out (`u ≠ t`, `w ≠ v`). So whenever a blocker leaves some
//!   store of `S` free, it leaves some store of `K` free (by induction over the stores, in the
//!   order they come). Only blockers whose `u` is a kept thread or none of them, and whose `w`
//!   is a kept value or none, need trying: any other acts on `K` like "none". Three stores
//!   with pairwise distinct threads and values leave no blocker, so `K` stays small (a few
//!   stores).

use super::history::{AccessKind, Cell, FastMap};
use crate::arith::Value;

/// A thread and its warp epoch at an access.
pub(super) type Lane = (Value, u32);

/// The threads of one access to one cell in a phase: their (thread, epoch) pairs (increasing
/// thread ids, each pair once) and, for a write, the (thread, epoch, value) stores it made —
/// all of them, or a summary that the race check cannot tell from all (module doc).
#[derive(Debug, Default)]
pub(super) struct Group {
    pub lanes: Vec<Lane>,
    pub stores: Vec<(Lane, Value)>,
}

/// An access (statement and kind) and its threads.
pub(super) type Groups = Vec<((usize, AccessKind), Group)>;

/// One thread's access to a cell in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Touch {
    tid: Value,
    /// The thread's warp epoch at the access (see the `race` module doc).
    epoch: u32,
    kind: AccessKind,
    stmt: usize,
    /// The value a write stored.
    value: Option<Value>,
}

/// One access (statement and kind) to one cell, summarised (module doc).
#[derive(Debug)]
struct Summary {
    stmt: usize,
    kind: AccessKind,
    /// The first two distinct threads, increasing.
    tids: [Value; 2],
    /// How many of `tids` are set.
    len: u8,
    /// The kept stores (thread, value) of a write.
    stores: Vec<(Value, Value)>,
}

/// What a cell keeps of its accesses in one phase.
#[derive(Debug)]
enum Touches {
    All(Vec<Touch>),
    Summary(Vec<Summary>),
}

/// The accesses of one phase of one block, by cell.
#[derive(Debug, Default)]
pub(super) struct PhaseAccesses {
    cells: FastMap<Cell, Touches>,
    /// Keep every touch (warps order some threads); else summaries (module doc).
    all: bool,
}

impl PhaseAccesses {
    /// `ordered`: whether warps may order two threads of a phase (a `syncwarp;` in the kernel,
    /// or lockstep warps): then everything is kept, else summaries.
    pub(super) fn new(ordered: bool) -> Self {
        PhaseAccesses {
            cells: FastMap::default(),
            all: ordered,
        }
    }

    /// Records an access; threads must come in increasing tid (they run one after the other).
    pub(super) fn record(
        &mut self,
        cell: &Cell,
        tid: Value,
        epoch: u32,
        kind: AccessKind,
        stmt: usize,
        value: Option<Value>,
    ) {
        let touches = match self.cells.get_mut(cell) {
            Some(touches) => touches,
            None => self.cells.entry(cell.clone()).or_insert(if self.all {
                Touches::All(Vec::new())
            } else {
                Touches::Summary(Vec::new())
            }),
        };
        match touches {
            Touches::All(touches) => {
                let touch = Touch {
                    tid,
                    epoch,
                    kind,
                    stmt,
                    value,
                };
                // This thread's touches are the tail; a loop repeating the same access adds
                // nothing new.
                let seen = touches
                    .iter()
                    .rev()
                    .take_while(|t| t.tid == tid)
                    .any(|t| *t == touch);
                if !seen {
                    touches.push(touch);
                }
            }
            Touches::Summary(groups) => {
                let i = match groups.iter().position(|g| g.stmt == stmt && g.kind == kind) {
                    Some(i) => i,
                    None => {
                        groups.push(Summary {
                            stmt,
                            kind,
                            tids: [0; 2],
                            len: 0,
                            stores: Vec::new(),
                        });
                        groups.len() - 1
                    }
                };
                let g = &mut groups[i];
                let len = usize::from(g.len);
                if len < 2 && (len == 0 || g.tids[len - 1] != tid) {
                    g.tids[len] = tid;
                    g.len += 1;
                }
                if let Some(v) = value {
                    keep_store(&mut g.stores, (tid, v));
                }
            }
        }
    }

    pub(super) fn clear(&mut self) {
        self.cells.clear();
    }

    /// The cells that two distinct threads touched, in increasing order, each with its
    /// accesses grouped by (statement, kind) in increasing order.
    pub(super) fn shared_cells(&self) -> Vec<(&Cell, Groups)> {
        let mut shared: Vec<(&Cell, &Touches)> = self
            .cells
            .iter()
            .filter(|(_, touches)| touches.shared())
            .collect();
        shared.sort_by(|a, b| a.0.cmp(b.0));
        shared
            .into_iter()
            .map(|(cell, touches)| (cell, touches.groups()))
            .collect()
    }
}

impl Touches {
    /// Whether two distinct threads touched the cell.
    fn shared(&self) -> bool {
        match self {
            Touches::All(touches) => touches.iter().any(|t| t.tid != touches[0].tid),
            Touches::Summary(groups) => groups
                .iter()
                .any(|g| g.len > 1 || (g.len == 1 && g.tids[0] != groups[0].tids[0])),
        }
    }

    fn groups(&self) -> Groups {
        let mut groups: Groups = match self {
            Touches::All(touches) => {
                let mut groups: FastMap<(usize, AccessKind), Group> = FastMap::default();
                for t in touches {
                    let g = groups.entry((t.stmt, t.kind)).or_default();
                    // Tids are increasing within a group because threads ran in increasing
                    // tid, and a thread's touches are contiguous, so a lane repeats only next
                    // to itself.
                    let lane = (t.tid, t.epoch);
                    if g.lanes.last() != Some(&lane) {
                        g.lanes.push(lane);
                    }
                    if let Some(v) = t.value {
                        g.stores.push((lane, v));
                    }
                }
                groups.into_iter().collect()
            }
            Touches::Summary(summaries) => summaries
                .iter()
                .map(|s| {
                    let group = Group {
                        lanes: s.tids[..usize::from(s.len)]
                            .iter()
                            .map(|&t| (t, 0))
                            .collect(),
                        stores: s.stores.iter().map(|&(t, v)| ((t, 0), v)).collect(),
                    };
                    ((s.stmt, s.kind), group)
                })
                .collect(),
        };
        groups.sort_by_key(|(key, _)| *key);
        groups
    }
}

/// Adds `store` to `kept` when some blocker rules out every kept store but not it (module doc).
fn keep_store(kept: &mut Vec<(Value, Value)>, store: (Value, Value)) {
    if kept.contains(&store) {
        return;
    }
    let (t, v) = store;
    // `None` stands for a thread (value) that no kept store has and that differs from `t`
    // (`v`).
    let us = kept.iter().map(|k| Some(k.0)).chain([None]);
    let needed = us.filter(|u| *u != Some(t)).any(|u| {
        let ws = kept.iter().map(|k| Some(k.1)).chain([None]);
        ws.filter(|w| *w != Some(v))
            .any(|w| kept.iter().all(|k| Some(k.0) == u || Some(k.1) == w))
    });
    if needed {
        kept.push(store);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether two sets of stores have `(t, v)`, `(u, w)` with `t ≠ u` and `v ≠ w`.
    fn differ(a: &[(Value, Value)], b: &[(Value, Value)]) -> bool {
        a.iter()
            .any(|&(t, v)| b.iter().any(|&(u, w)| t != u && v != w))
    }

    /// A deterministic stream of small numbers.
    fn stream(seed: u64, len: usize, modulo: u64) -> Vec<Value> {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                Value::from((x % modulo) as u8)
            })
            .collect()
    }

    #[test]
    fn kept_stores_answer_like_all_of_them() {
        // Random store sequences over few threads and values, where blockers bite: the kept
        // stores of each side must tell "some two stores differ in thread and value" exactly as
        // all of them do, against each other and against every single other store.
        for seed in 0..400u64 {
            let len = 1 + (seed % 12) as usize;
            let tids = stream(seed, len, 4);
            let values = stream(seed + 1000, len, 3);
            let all: Vec<(Value, Value)> = tids.into_iter().zip(values).collect();
            let mut kept = Vec::new();
            for &s in &all {
                keep_store(&mut kept, s);
            }
            assert!(kept.len() <= 6, "{all:?} kept {kept:?}");
            for u in 0..5 {
                for w in 0..4 {
                    let other = [(u, w)];
                    assert_eq!(
                        differ(&all, &other),
                        differ(&kept, &other),
                        "{all:?} vs {u},{w}"
                    );
                }
            }
            assert_eq!(differ(&all, &all), differ(&kept, &kept), "{all:?}");
        }
    }

    #[test]
    fn summaries_give_the_races_all_touches_give() {
        use super::super::history::PhaseName;
        use super::super::race::{RaceContext, RaceSet};
        use crate::ast::Space;
        use crate::span::Span;
        let arrays = vec![("A".to_string(), Space::Shared)];
        let spans: Vec<Span> = (0..4).map(|i| Span::new(i * 10, i * 10 + 5)).collect();
        let ctx = RaceContext {
            arrays: &arrays,
            spans: &spans,
            arms: &[],
            warp_sync: None,
            warp_size: 32,
        };
        let kinds = [AccessKind::Read, AccessKind::Write, AccessKind::Atomic];
        for seed in 0..300u64 {
            let picks = stream(seed, 64, 1 << 16);
            let mut summarised = PhaseAccesses::new(false);
            let mut everything = PhaseAccesses::new(true);
            for (i, p) in picks.iter().enumerate() {
                // Increasing threads, a few accesses each, to three cells by four statements.
                let tid = (i / 3) as Value;
                let stmt = (p % 4) as usize;
                let kind = kinds[(stmt + usize::from(seed % 2 == 0)) % 3];
                let cell = Cell {
                    array: 0,
                    index: vec![(p / 4) % 3].into(),
                };
                let value = (kind == AccessKind::Write).then_some((p / 12) % 3);
                summarised.record(&cell, tid, 0, kind, stmt, value);
                everything.record(&cell, tid, 0, kind, stmt, value);
            }
            let races = |accesses: &PhaseAccesses| {
                let mut set = RaceSet::default();
                set.check_phase(&ctx, 0, &PhaseName::End, accesses);
                set.check_phase(&ctx, 1, &PhaseName::End, accesses);
                set.into_races()
            };
            assert_eq!(races(&summarised), races(&everything), "seed {seed}");
        }
    }

    #[test]
    fn a_summary_keeps_the_first_two_threads_and_distinguishing_stores() {
        let cell = Cell {
            array: 0,
            index: vec![0].into(),
        };
        let mut phase = PhaseAccesses::new(false);
        for tid in 0..1024 {
            phase.record(&cell, tid, 0, AccessKind::Read, 0, None);
            phase.record(&cell, tid, 0, AccessKind::Write, 1, Some(tid % 2));
            phase.record(&cell, tid, 0, AccessKind::Write, 1, Some(tid % 2));
        }
        let cells = phase.shared_cells();
        assert_eq!(cells.len(), 1);
        let groups = &cells[0].1;
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].1.lanes, vec![(0, 0), (1, 0)]);
        assert!(groups[0].1.stores.is_empty());
        assert_eq!(groups[1].1.lanes, vec![(0, 0), (1, 0)]);
        // Against a store by thread 1 of 0, only a store of 1 by a thread other than 1 shows a
        // difference: thread 3's.
        let stores: Vec<(Value, Value)> = groups[1]
            .1
            .stores
            .iter()
            .map(|&((t, _), v)| (t, v))
            .collect();
        assert_eq!(stores, vec![(0, 0), (1, 1), (2, 0), (3, 1)]);
        // One thread alone on a cell shares nothing.
        let mut alone = PhaseAccesses::new(false);
        alone.record(&cell, 5, 0, AccessKind::Read, 0, None);
        alone.record(&cell, 5, 0, AccessKind::Write, 1, Some(1));
        assert!(alone.shared_cells().is_empty());
    }
}
