//! What the interpreter computes once per kernel before running it: a slot for every variable,
//! a number for every array, and the pre-order position of every statement (which names
//! accesses in races and `sync`s in phase names, independently of spans, which may be missing
//! in trees that a lowering or a test built by hand).

use super::history::FastMap;
use crate::ast::{Builtin, Kernel, Space, Stmt, StmtKind};
use crate::span::Span;

/// The identity of a statement node during a run: its address. The kernel is borrowed for the
/// whole run, so addresses are stable, and they are only compared, never dereferenced.
pub(super) fn stmt_key<T>(stmt: &Stmt<T>) -> usize {
    std::ptr::from_ref(stmt) as usize
}

#[derive(Debug)]
pub(super) struct Layout<'k> {
    /// Variable name to environment slot: the built-ins first, then parameters, then binders.
    pub slots: FastMap<&'k str, usize>,
    /// Name and space of each array, by declaration position.
    pub arrays: Vec<(String, Space)>,
    pub array_ids: FastMap<&'k str, usize>,
    /// Statement address to its 0-based pre-order position.
    pub ordinals: FastMap<usize, usize>,
    /// The access span of each statement by position (the statement span when it has no access).
    pub spans: Vec<Span>,
    /// Statement address of each `sync` to its 0-based index among the `sync`s.
    pub syncs: FastMap<usize, usize>,
    /// Statement address of each `syncwarp` to its 0-based index among the `syncwarp`s.
    pub warp_syncs: FastMap<usize, usize>,
}

impl<'k> Layout<'k> {
    pub(super) fn new<T>(kernel: &'k Kernel<T>) -> Layout<'k> {
        let mut slots = FastMap::default();
        for b in Builtin::ALL {
            let next = slots.len();
            slots.insert(b.name(), next);
        }
        for p in &kernel.params {
            let next = slots.len();
            slots.entry(p.name.as_str()).or_insert(next);
        }
        let mut ordinals = FastMap::default();
        let mut spans = Vec::new();
        let mut syncs = FastMap::default();
        let mut warp_syncs = FastMap::default();
        kernel.body.walk(&mut |stmt: &'k Stmt<T>| {
            ordinals.insert(stmt_key(stmt), spans.len());
            let span = match &stmt.kind {
                StmtKind::Write { target, .. }
                | StmtKind::Read { source: target, .. }
                | StmtKind::Atomic { target, .. } => target.span,
                _ => stmt.span,
            };
            spans.push(span);
            if matches!(stmt.kind, StmtKind::Sync) {
                let next = syncs.len();
                syncs.insert(stmt_key(stmt), next);
            }
            if matches!(stmt.kind, StmtKind::SyncWarp) {
                let next = warp_syncs.len();
                warp_syncs.insert(stmt_key(stmt), next);
            }
            if let Some(var) = stmt.kind.declared() {
                let next = slots.len();
                slots.entry(var.name.as_str()).or_insert(next);
            }
        });
        let arrays = kernel
            .arrays
            .iter()
            .map(|a| (a.name.name.clone(), a.space))
            .collect();
        let array_ids = kernel
            .arrays
            .iter()
            .enumerate()
            .map(|(i, a)| (a.name.name.as_str(), i))
            .collect();
        Layout {
            slots,
            arrays,
            array_ids,
            ordinals,
            spans,
            syncs,
            warp_syncs,
        }
    }

    pub(super) fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// The built-ins take the first slots, in the order of [`Builtin::ALL`].
    pub(super) fn builtin_slot(b: Builtin) -> usize {
        b.ordinal()
    }
}
