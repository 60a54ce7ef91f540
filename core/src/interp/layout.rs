//! What the interpreter computes once per kernel before running it: a slot for every variable,
//! a number for every array, and the pre-order position of every statement (which names
//! accesses in races and `sync`s in phase names, independently of spans, which may be missing
//! in trees that a lowering or a test built by hand).

use super::history::FastMap;
use crate::ast::{Builtin, Cond, Expr, Kernel, Space, Stmt, StmtKind};
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
    /// The slot of every variable occurrence of the kernel's body, by the address and length
    /// of its name's text: evaluation looks a name up on every occurrence, and hashing and
    /// comparing the text took a quarter of a run's time. The kernel is borrowed for the whole
    /// run, so its names neither move nor change; a name from elsewhere falls back to `slots`.
    by_text: FastMap<(usize, usize), usize>,
    /// The same for the arrays of the body's accesses, into `array_ids`.
    array_by_text: FastMap<(usize, usize), usize>,
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
    /// The arms of the conditionals around each statement, by position, outermost first:
    /// `(position of the if, whether in its then-branch)` ([`opposite_arms`]).
    pub arms: Vec<Vec<(usize, bool)>>,
}

/// Whether statements inside the arms `a` and `b` (outermost first: a conditional's identity
/// and whether in its then-branch) lie in opposite arms of one conditional: a warp whose lanes
/// diverge there runs one arm and then the other in an order CUDA leaves unspecified, so
/// lockstep execution (`--warp-sync`) orders nothing between them. The decision asks the same
/// of its accesses' paths (`mapcheck-smt`'s `PathAccess::arms`).
pub fn opposite_arms(a: &[(usize, bool)], b: &[(usize, bool)]) -> bool {
    a.iter()
        .zip(b)
        .find(|(x, y)| x != y)
        .is_some_and(|(x, y)| x.0 == y.0)
}

/// The arms of the conditionals around each statement of `stmts`, by address (`arms` holds
/// those around `stmts`).
fn arms_of<T>(
    stmts: &[Stmt<T>],
    ordinals: &FastMap<usize, usize>,
    arms: &mut Vec<(usize, bool)>,
    out: &mut FastMap<usize, Vec<(usize, bool)>>,
) {
    for stmt in stmts {
        out.insert(stmt_key(stmt), arms.clone());
        match &stmt.kind {
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                let at = ordinals.get(&stmt_key(stmt)).copied().unwrap_or(usize::MAX);
                arms.push((at, true));
                arms_of(&then_branch.stmts, ordinals, arms, out);
                arms.pop();
                if let Some(e) = else_branch {
                    arms.push((at, false));
                    arms_of(&e.stmts, ordinals, arms, out);
                    arms.pop();
                }
            }
            StmtKind::For { body, .. } => arms_of(&body.stmts, ordinals, arms, out),
            _ => {}
        }
    }
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
        let array_ids: FastMap<&'k str, usize> = kernel
            .arrays
            .iter()
            .enumerate()
            .map(|(i, a)| (a.name.name.as_str(), i))
            .collect();
        let mut by_text = FastMap::default();
        let mut array_by_text = FastMap::default();
        kernel.body.walk(&mut |stmt: &'k Stmt<T>| {
            let mut note = |name: &'k String| {
                if let Some(&slot) = slots.get(name.as_str()) {
                    by_text.insert(text_key(name), slot);
                }
            };
            if let Some(var) = stmt.kind.declared() {
                note(&var.name);
            }
            if let StmtKind::Write { target, .. }
            | StmtKind::Read { source: target, .. }
            | StmtKind::Atomic { target, .. } = &stmt.kind
            {
                if let Some(&id) = array_ids.get(target.array.name.as_str()) {
                    array_by_text.insert(text_key(&target.array.name), id);
                }
            }
            if let StmtKind::Atomic { var: Some(var), .. } = &stmt.kind {
                note(&var.name);
            }
            let (exprs, conds) = operands(&stmt.kind);
            for e in exprs {
                e.visit_vars(&mut |name, _| note(name));
            }
            for c in conds {
                c.visit_vars(&mut |name, _| note(name));
            }
        });
        let arrays = kernel
            .arrays
            .iter()
            .map(|a| (a.name.name.clone(), a.space))
            .collect();
        let mut by_stmt = FastMap::default();
        arms_of(&kernel.body.stmts, &ordinals, &mut Vec::new(), &mut by_stmt);
        let mut arms = vec![Vec::new(); spans.len()];
        for (key, around) in by_stmt {
            if let Some(&at) = ordinals.get(&key) {
                arms[at] = around;
            }
        }
        Layout {
            slots,
            by_text,
            array_by_text,
            arrays,
            array_ids,
            ordinals,
            spans,
            syncs,
            warp_syncs,
            arms,
        }
    }

    /// The declaration position of the array `name`.
    pub(super) fn array_id(&self, name: &str) -> Option<usize> {
        match self.array_by_text.get(&text_key(name)) {
            Some(&id) => Some(id),
            None => self.array_ids.get(name).copied(),
        }
    }

    /// The environment slot of the variable `name`.
    pub(super) fn slot(&self, name: &str) -> Option<usize> {
        match self.by_text.get(&text_key(name)) {
            Some(&slot) => Some(slot),
            None => self.slots.get(name).copied(),
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

/// A name's text by address and length: equal keys are the same bytes while the text lives.
fn text_key(name: &str) -> (usize, usize) {
    (name.as_ptr() as usize, name.len())
}

/// The expressions and conditions a statement evaluates itself (not those of the statements it
/// contains).
fn operands<T>(kind: &StmtKind<T>) -> (Vec<&Expr>, Vec<&Cond>) {
    match kind {
        StmtKind::Write { target, value } | StmtKind::Atomic { target, value, .. } => {
            (target.index.iter().chain([value]).collect(), vec![])
        }
        StmtKind::Read { source, .. } => (source.index.iter().collect(), vec![]),
        StmtKind::Let { value, .. } => (vec![value], vec![]),
        StmtKind::If { cond, .. } | StmtKind::Assume { cond } => (vec![], vec![cond]),
        StmtKind::For { range, .. } => {
            (vec![&range.start, &range.bound, &range.step.amount], vec![])
        }
        StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp | StmtKind::Unknown { .. } => {
            (vec![], vec![])
        }
    }
}
