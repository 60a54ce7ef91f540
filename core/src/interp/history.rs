//! Histories (BabyCUDA paper, Section 3): what each thread read and wrote in each phase, how
//! phases are named, and `lastwrite` — the memory a thread sees.
//!
//! The paper keeps, per phase and thread, a set of read indices and a map of written indices to
//! values. The history kept here is richer — every access in program order, with its value and
//! the statement that made it — so that a person can follow a run; the paper's `(R, W)` pair of
//! a thread is the set of cells of its reads and the last value of each cell it wrote.
//!
//! `lastwrite` over earlier phases is kept incrementally in [`BlockMemory::committed`]: when a
//! phase ends, the writes of its threads are folded in, in increasing thread id, so that when
//! several threads wrote a cell in one phase (a race, reported) the highest thread id's write is
//! the one later phases read (SPEC §4). One [`BlockMemory`] exists per block, for shared and
//! global arrays alike: blocks never see each other's writes.

use super::divergence::Reached;
use crate::arith::Value;
use crate::ast::AtomicOp;
use crate::span::Span;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::ops::Deref;

/// A cell: an array (its position among the kernel's declarations) and an index vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub array: usize,
    pub index: Index,
}

/// How many dimensions an [`Index`] holds without allocating.
const INLINE: usize = 3;

/// An index vector, used as a slice. Up to three dimensions are stored inline: a run touches
/// hundreds of thousands of cells, and an allocation per cell dominated its time.
#[derive(Clone)]
pub enum Index {
    Inline { len: u8, values: [Value; INLINE] },
    Heap(Box<[Value]>),
}

impl Deref for Index {
    type Target = [Value];
    fn deref(&self) -> &[Value] {
        match self {
            Index::Inline { len, values } => &values[..usize::from(*len)],
            Index::Heap(values) => values,
        }
    }
}

impl From<&[Value]> for Index {
    fn from(values: &[Value]) -> Index {
        if values.len() <= INLINE {
            let mut inline = [0; INLINE];
            inline[..values.len()].copy_from_slice(values);
            Index::Inline {
                len: values.len() as u8,
                values: inline,
            }
        } else {
            Index::Heap(values.into())
        }
    }
}

impl From<Vec<Value>> for Index {
    fn from(values: Vec<Value>) -> Index {
        Index::from(values.as_slice())
    }
}

impl FromIterator<Value> for Index {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Index {
        let mut values = [0; INLINE];
        let mut len = 0;
        let mut iter = iter.into_iter();
        for v in iter.by_ref() {
            if len == INLINE {
                let mut all = values.to_vec();
                all.push(v);
                all.extend(iter);
                return Index::Heap(all.into_boxed_slice());
            }
            values[len] = v;
            len += 1;
        }
        Index::Inline {
            len: len as u8,
            values,
        }
    }
}

impl PartialEq for Index {
    fn eq(&self, other: &Index) -> bool {
        **self == **other
    }
}

impl Eq for Index {}

impl Hash for Index {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Value by value, not as the slice's bytes: a byte-wise hasher is slow on them, and
        // every access hashes its cell several times.
        state.write_usize(self.len());
        for &v in self.iter() {
            state.write_i128(v);
        }
    }
}

impl PartialOrd for Index {
    fn partial_cmp(&self, other: &Index) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Index {
    fn cmp(&self, other: &Index) -> std::cmp::Ordering {
        (**self).cmp(&**other)
    }
}

impl fmt::Debug for Index {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The Fx hash (from rustc): far cheaper than SipHash on the small integer keys of a run, and
/// there is no adversary to defend against here.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }
    fn write_i128(&mut self, i: i128) {
        self.write_u128(i as u128);
    }
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A hash map keyed by cells or small integers.
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The three ways a statement touches a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AccessKind {
    Read,
    Write,
    /// An atomic read-modify-write: races with plain reads and writes, never with atomics.
    Atomic,
}

impl AccessKind {
    pub fn name(self) -> &'static str {
        match self {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Atomic => "atomic",
        }
    }

    /// Whether two accesses of distinct threads to one cell race (paper, Definition 1, with
    /// atomics racing only against plain accesses).
    pub fn conflicts(self, other: AccessKind) -> bool {
        use AccessKind::*;
        !matches!((self, other), (Read, Read) | (Atomic, Atomic))
    }
}

/// What an access saw or stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Read {
        value: Value,
    },
    Write {
        value: Value,
    },
    Atomic {
        op: AtomicOp,
        operand: Value,
        old: Value,
        new: Value,
    },
}

impl EventKind {
    pub fn access(&self) -> AccessKind {
        match self {
            EventKind::Read { .. } => AccessKind::Read,
            EventKind::Write { .. } => AccessKind::Write,
            EventKind::Atomic { .. } => AccessKind::Atomic,
        }
    }
}

/// One access of one thread, in program order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub cell: Cell,
    pub kind: EventKind,
    /// The statement's 0-based position in a pre-order walk of the kernel body.
    pub stmt: usize,
    pub span: Span,
}

/// A barrier event: which `sync` a thread reached, and in which iteration of its enclosing loops.
/// Two events are the same barrier when the `sync` and the iteration vector agree (the span and
/// the variable names follow from the `sync`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BarrierEvent {
    /// 0-based index of the `sync` statement among the kernel's `sync`s, in source order.
    pub sync: usize,
    pub span: Span,
    /// The enclosing loop variables and their values, outermost first.
    pub iters: Vec<(String, Value)>,
    /// A `syncwarp` (then `sync` is its index among the kernel's `syncwarp`s): a lane's
    /// event within a phase, never the end of one.
    pub warp: bool,
}

impl fmt::Display for BarrierEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keyword = if self.warp { "syncwarp" } else { "sync" };
        write!(f, "{keyword} #{}", self.sync)?;
        if !self.iters.is_empty() {
            f.write_str(" (")?;
            for (i, (var, value)) in self.iters.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{var} = {value}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A phase's name: the barrier event that ends it (SPEC §4, so that the interpreter and the SMT
/// stage name phases alike), `end` for the last phase of a block, or the phase that barrier
/// divergence cut short.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PhaseName {
    Barrier(BarrierEvent),
    End,
    Diverged,
}

impl PhaseName {
    pub(super) fn from_reached(reached: &Reached) -> PhaseName {
        match reached {
            Reached::Barrier(event) => PhaseName::Barrier(event.clone()),
            Reached::End => PhaseName::End,
        }
    }
}

impl fmt::Display for PhaseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhaseName::Barrier(event) => write!(f, "{event}"),
            PhaseName::End => f.write_str("end"),
            PhaseName::Diverged => f.write_str("cut by barrier divergence"),
        }
    }
}

/// What one thread did in one phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadHistory {
    pub tid: Value,
    pub events: Vec<Event>,
}

/// One phase of one block. Threads that accessed no array in the phase are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub name: PhaseName,
    pub threads: Vec<ThreadHistory>,
}

/// The history of one block, earliest phase first (the paper lists phases the other way round).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockHistory {
    pub bid: Value,
    pub phases: Vec<Phase>,
}

/// The memory of one block: `lastwrite` over its earlier phases, the writes of the current
/// phase's threads that have finished it, and the running value of the cells updated atomically
/// in the current phase.
#[derive(Debug, Default)]
pub(super) struct BlockMemory {
    /// `lastwrite` over the phases that ended; a cell absent here holds its initial contents.
    committed: FastMap<Cell, Value>,
    /// The last write to each cell of the threads that finished the current phase, the highest
    /// tid's where several wrote it: what [`BlockMemory::commit`] folds in. Invisible to reads
    /// until then (rule PAR). Kept here rather than in each thread until the phase ends, so
    /// that a phase holds one entry per cell written instead of one per thread and cell
    /// (1024 threads each writing 1024 cells were a hundred megabytes).
    pending: FastMap<Cell, Value>,
    /// Cells updated atomically in this phase, with the value after the atomics of the threads
    /// that ran so far. Threads run in increasing tid, so thread `i`'s atomic sees the fold of
    /// the atomics of threads `< i`: one legal serialisation, chosen to be deterministic.
    atomics: FastMap<Cell, Value>,
}

impl BlockMemory {
    /// `lastwrite` over earlier phases, if any phase wrote the cell.
    pub(super) fn committed(&self, cell: &Cell) -> Option<Value> {
        self.committed.get(cell).copied()
    }

    pub(super) fn atomic(&self, cell: &Cell) -> Option<Value> {
        self.atomics.get(cell).copied()
    }

    pub(super) fn set_atomic(&mut self, cell: Cell, value: Value) {
        self.atomics.insert(cell, value);
    }

    /// Takes the last writes of a thread that finished the current phase. Threads must come
    /// in increasing tid, so that the highest writer of a cell wins.
    pub(super) fn stage(&mut self, writes: FastMap<Cell, Value>) {
        if self.pending.is_empty() {
            self.pending = writes;
        } else {
            self.pending.extend(writes);
        }
    }

    /// Ends a phase: folds in the staged writes.
    pub(super) fn commit(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        if self.committed.is_empty() {
            self.committed = pending;
        } else {
            self.committed.extend(pending);
        }
        self.atomics.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_read_read_and_atomic_atomic_are_harmless() {
        use AccessKind::*;
        let all = [Read, Write, Atomic];
        let conflicting: Vec<_> = all
            .iter()
            .flat_map(|a| all.iter().map(move |b| (*a, *b)))
            .filter(|(a, b)| a.conflicts(*b))
            .collect();
        assert_eq!(
            conflicting,
            vec![
                (Read, Write),
                (Read, Atomic),
                (Write, Read),
                (Write, Write),
                (Write, Atomic),
                (Atomic, Read),
                (Atomic, Write)
            ]
        );
    }

    #[test]
    fn indices_compare_as_slices_inline_or_not() {
        let short: Index = [1, 2].into_iter().collect();
        let long: Index = [1, 2, 3, 4].into_iter().collect();
        assert!(matches!(short, Index::Inline { len: 2, .. }));
        assert!(matches!(long, Index::Heap(_)));
        assert_eq!(&*long, &[1, 2, 3, 4]);
        assert_eq!(short, Index::from(vec![1, 2]));
        assert!(short < long);
        assert_ne!(Index::from(vec![0]), Index::from(vec![0, 0]));
    }

    #[test]
    fn the_highest_writer_wins_and_atomics_reset() {
        let cell = Cell {
            array: 0,
            index: Index::from(vec![3]),
        };
        let mut memory = BlockMemory::default();
        let t0: FastMap<Cell, Value> = [(cell.clone(), 10)].into_iter().collect();
        let t1: FastMap<Cell, Value> = [(cell.clone(), 11)].into_iter().collect();
        memory.set_atomic(cell.clone(), 5);
        memory.stage(t0);
        memory.stage(t1);
        assert_eq!(memory.committed(&cell), None);
        memory.commit();
        assert_eq!(memory.committed(&cell), Some(11));
        assert_eq!(memory.atomic(&cell), None);
    }
}
