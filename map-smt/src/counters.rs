//! Atomic counters (issue 38 item 5): the old values that atomic increments of one cell return
//! are distinct across threads, the fact behind slot claiming (`out[atomicAdd(&n, 1)] = v`).
//!
//! The MAP makes each value an atomic returns a per-thread unknown (T-ATOMIC), free in each
//! thread copy of a query, so two threads may "claim" the same slot there. On a GPU (and in
//! the interpreter, which serialises a block's atomics of a phase in thread order), the
//! updates of one cell are serialised: if every update of the array in the whole kernel adds a
//! nonzero constant of one sign (`atomicAdd(&n, 1)`, `atomicSub(&n, 2)`, never mixed), the
//! cell's value moves one way, and two different updates see different values — as long as
//! the total displacement stays below 2^32 (then no 32-bit word wraps around to a value seen
//! before). Two thread copies of a query are two different threads, so each of their updates
//! is a different update: a query may assert `same cell => old@1 != old@2` ([`assert`]).
//!
//! What breaks the fact, so the array is left alone (its atomics stay free unknowns):
//! * an update of another kind — an exchange, `&`, `|`, `^`, or the atomics the lowering does
//!   not follow (`atomicInc`, `atomicCAS`, `atomicMin`, ...: an exchange of an unknown) — an
//!   increment that is not a literal, or is 0, or increments of both signs;
//! * a plain write of the array (a reset, a store, a callee's havoc): anywhere for a global
//!   array (another block may reset it between two updates); for a `__shared__` array, any
//!   write not separated from every atomic by a top-level barrier (the usual
//!   `if (tid == 0) n = 0; __syncthreads();` before the atomics is allowed: within the block,
//!   every update comes after it);
//! * an index of the atomic (as the MAP has it, `let`s substituted) that names anything but
//!   parameters and the geometry (the fact needs the two cells compared in the query, and only
//!   those names mean the same there as at the atomic).
//!
//! **Wrap-around.** The displacement is bounded by the threads that can update the cell
//! times the sum of the increments one thread can apply: proven when the atomics are outside
//! loops and the threads are bounded (a block's at most 1024 for `__shared__`, a fixed
//! geometry for a global array). Otherwise it is an assumption — "each atomic counter gets
//! fewer than 2^32 updates" — made only with the launch conventions (`Options::conventions`,
//! `.cu` without `--any-launch`) and stated in the report when a query used it
//! ([`Counters::assumed_used`]); without the conventions such a counter is left alone, and
//! so it is when the command line fixes the whole configuration that bounds its updates (the
//! block, for a global counter the grid too, and every parameter): that one launch either
//! wraps the counter or not, and no convention stands in for it (probe round 5, F3: a loop
//! of `-p n=67108865` claims in 64 threads, 2^32 + 64 updates, was `drf`).
//!
//! **Between blocks.** On a GPU two blocks' atomics of one global cell are serialised too,
//! but the interpreter runs each block on its own memory, where they return the same values
//! (`Replay::AtomicValues`). The fact is asserted between threads of different blocks only
//! under `Options::gpu_atomics` (`.cu`, whose semantics is CUDA's); `.bcu`'s reference is the
//! interpreter. A `__shared__` counter is one per block: never compared between blocks.

use crate::encode::{cmp, Side};
use crate::query::{Built, Level};
use crate::Options;
use mapcheck_core::ast::{AtomicOp, Block, Builtin, CmpOp, ExprKind, Kernel, Space, StmtKind};
use mapcheck_core::{Span, Structural};
use mapcheck_typeck::term::Expr;
use mapcheck_typeck::{Acc, Map, Mode, UnknownId, Var};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// The displacement of a counter must stay below this for its values not to repeat: the
/// modulus of the narrowest integer CUDA's atomic increments work on (32 bits).
const WRAP: i128 = 1 << 32;

/// The threads of a block, at most (CUDA's limit).
const MAX_BLOCK_THREADS: i128 = 1024;

/// The old value one atomic increment binds: its unknown, and the cell it updates.
#[derive(Clone, Debug)]
pub struct Claim {
    pub unknown: UnknownId,
    pub array: String,
    /// The atomic's index, over parameters and the geometry only.
    pub index: Vec<Expr>,
    /// Whether two blocks' claims of this array can be compared (a global array under
    /// `Options::gpu_atomics`).
    pub between_blocks: bool,
    /// Whether the bound on the displacement is the assumption rather than proven.
    pub assumed: bool,
}

/// The claims of a kernel, and whether a query has used an assumed one.
#[derive(Debug, Default)]
pub struct Counters {
    claims: Vec<Claim>,
    used_assumption: AtomicBool,
}

/// One update of an array, as the walk meets it.
enum Update {
    Atomic {
        var: Option<String>,
        /// The access, by which the MAP names it.
        span: Span,
        /// `+1` or `-1` for an increment of a literal, with its magnitude; `None` otherwise.
        step: Option<(i8, i128)>,
        in_loop: bool,
        top: usize,
    },
    Write {
        top: usize,
    },
}

impl Counters {
    /// The claims of `kernel` under `options`, whose geometry (with the launch conventions'
    /// sides applied) is `fixed`.
    pub fn of<T>(
        kernel: &Kernel<T>,
        map: &Map,
        options: &Options,
        fixed: &crate::Fixed,
    ) -> Counters {
        let accesses = map.accesses();
        let mut updates: BTreeMap<String, Vec<Update>> = BTreeMap::new();
        let mut syncs = Vec::new();
        for (top, s) in kernel.body.stmts.iter().enumerate() {
            if matches!(s.kind, StmtKind::Sync) {
                syncs.push(top);
            }
            walk_stmt(s, top, false, &mut updates);
        }
        let block_threads = fixed
            .block
            .map_or(MAX_BLOCK_THREADS, |b| b.iter().product::<i128>());
        let grid_blocks = fixed.grid.map(|g| g.iter().product::<i128>());
        let given = &options.fixed;
        let params_given = (kernel.params.iter()).all(|p| given.params.contains_key(&p.name));
        let concrete = |space: Space| {
            params_given
                && given.block.is_some()
                && (space == Space::Shared || given.grid.is_some())
        };
        let mut claims = Vec::new();
        for (array, ups) in &updates {
            let Some(decl) = kernel.array(array) else {
                continue;
            };
            let Some((assumed, between_blocks)) = eligible(
                decl.space,
                ups,
                &syncs,
                (block_threads, grid_blocks, fixed.block.is_some()),
                options.conventions
                    && options.loosened == crate::Loosened::Not
                    && !concrete(decl.space),
                options,
            ) else {
                continue;
            };
            for u in ups {
                let Update::Atomic {
                    var: Some(var),
                    span,
                    ..
                } = u
                else {
                    continue;
                };
                let Some(index) = claim_index(&accesses, array, *span, kernel) else {
                    continue;
                };
                claims.push(Claim {
                    unknown: UnknownId::Of(var.clone()),
                    array: array.clone(),
                    index,
                    between_blocks,
                    assumed,
                });
            }
        }
        Counters {
            claims,
            used_assumption: AtomicBool::new(false),
        }
    }

    /// The claims found.
    pub fn claims(&self) -> &[Claim] {
        &self.claims
    }

    /// Whether a query asserted the distinctness of a counter whose bound on updates is the
    /// assumption: the report then states it.
    pub fn assumed_used(&self) -> bool {
        self.used_assumption.load(Ordering::Relaxed)
    }

    /// Asserts in `q`, a query about two different threads at `level`, that every two claims
    /// its copies mention — one of the first thread, one of the second — return different
    /// values when they update the same cell.
    pub fn assert(&self, q: &mut Built, level: Level) {
        if level == Level::Thread {
            return;
        }
        for c1 in &self.claims {
            let Some(u1) = q
                .enc
                .get(&Var::Unknown(c1.unknown.clone()), Side::One)
                .cloned()
            else {
                continue;
            };
            for c2 in &self.claims {
                if c1.array != c2.array
                    || (level == Level::Grid && !(c1.between_blocks && c2.between_blocks))
                {
                    continue;
                }
                let Some(u2) = q
                    .enc
                    .get(&Var::Unknown(c2.unknown.clone()), Side::Two)
                    .cloned()
                else {
                    continue;
                };
                let i1: Vec<_> = c1.index.iter().map(|e| q.enc.expr(e, Side::One)).collect();
                let i2: Vec<_> = c2.index.iter().map(|e| q.enc.expr(e, Side::Two)).collect();
                let same = q.enc.same_cell(&i1, &i2);
                q.constraints.push(same.implies(cmp(CmpOp::Ne, &u1, &u2)));
                if c1.assumed || c2.assumed {
                    self.used_assumption.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

/// Whether the updates `ups` of an array in `space` make it a counter: `None` if not, else
/// whether its bound on updates is assumed, and whether two blocks' claims compare.
/// `(block_threads, grid_blocks, block_fixed)` bound the threads that can update it;
/// `may_assume` is whether a bound on updates that is not proven may be assumed.
fn eligible(
    space: Space,
    ups: &[Update],
    syncs: &[usize],
    (block_threads, grid_blocks, block_fixed): (i128, Option<i128>, bool),
    may_assume: bool,
    options: &Options,
) -> Option<(bool, bool)> {
    let mut sign = None;
    let mut per_thread: Option<i128> = Some(0);
    let mut first_atomic = usize::MAX;
    let mut last_write = None;
    for u in ups {
        match u {
            Update::Atomic {
                step, in_loop, top, ..
            } => {
                let (s, magnitude) = (*step)?;
                if *sign.get_or_insert(s) != s {
                    return None;
                }
                per_thread = match (per_thread, in_loop) {
                    (Some(sum), false) => sum.checked_add(magnitude),
                    _ => None,
                };
                first_atomic = first_atomic.min(*top);
            }
            Update::Write { top } => {
                last_write = Some(last_write.map_or(*top, |w: usize| w.max(*top)));
            }
        }
    }
    sign?;
    if let Some(w) = last_write {
        // A write of a shared counter must end, at a barrier every thread of the block
        // reaches, before the first atomic: a top-level `sync` strictly between them.
        let separated = space == Space::Shared && syncs.iter().any(|&s| w < s && s < first_atomic);
        if !separated {
            return None;
        }
    }
    let threads = match space {
        Space::Shared => Some(block_threads),
        Space::Global => grid_blocks
            .filter(|_| block_fixed)
            .and_then(|g| g.checked_mul(block_threads)),
    };
    let proven = matches!(
        threads.zip(per_thread).and_then(|(t, s)| t.checked_mul(s)),
        Some(total) if total < WRAP
    );
    if !proven && !may_assume {
        return None;
    }
    Some((!proven, space == Space::Global && options.gpu_atomics))
}

/// The index of the atomic at `span` on `array` as the MAP has it (its `let`s substituted),
/// when it names only parameters of `kernel` and the geometry; `None` when the MAP has no such
/// access, or several of that span with different indices (copies of one inlined call).
fn claim_index<T>(
    accesses: &[&Acc],
    array: &str,
    span: Span,
    kernel: &Kernel<T>,
) -> Option<Vec<Expr>> {
    let mut found = accesses
        .iter()
        .filter(|a| a.mode == Mode::At && a.span == span && a.array.name == array);
    let first = found.next()?;
    let same = |a: &&&Acc| {
        a.index.len() == first.index.len()
            && a.index
                .iter()
                .zip(&first.index)
                .all(|(x, y)| x.same_shape(y))
    };
    if !found.all(|a| same(&a)) {
        return None;
    }
    let mut ok = true;
    for e in &first.index {
        e.map_vars(&mut |v: &Var| {
            ok &= match v {
                Var::Source(name) => {
                    Builtin::from_name(name).is_some()
                        || kernel.params.iter().any(|p| p.name == *name)
                }
                Var::Unknown(_) | Var::Fresh(_) | Var::Next(_) => false,
            };
            v.clone()
        });
    }
    ok.then(|| first.index.clone())
}

/// The sign and magnitude of an increment by `op` of the literal `value`.
fn step(op: AtomicOp, value: &mapcheck_core::ast::Expr) -> Option<(i8, i128)> {
    let v = match &value.kind {
        ExprKind::Int(v) => i128::from(*v),
        ExprKind::Neg(inner) => match inner.kind {
            ExprKind::Int(v) => -i128::from(v),
            _ => return None,
        },
        _ => return None,
    };
    let v = match op {
        AtomicOp::Add => v,
        AtomicOp::Sub => -v,
        AtomicOp::And | AtomicOp::Or | AtomicOp::Xor | AtomicOp::Exch => return None,
    };
    match v.signum() {
        1 => Some((1, v)),
        -1 => Some((-1, -v)),
        _ => None,
    }
}

fn walk_block<T>(
    block: &Block<T>,
    top: usize,
    in_loop: bool,
    out: &mut BTreeMap<String, Vec<Update>>,
) {
    for s in &block.stmts {
        walk_stmt(s, top, in_loop, out);
    }
}

/// Records the updates of `s`, inside the top-level statement `top`.
fn walk_stmt<T>(
    s: &mapcheck_core::ast::Stmt<T>,
    top: usize,
    in_loop: bool,
    out: &mut BTreeMap<String, Vec<Update>>,
) {
    match &s.kind {
        StmtKind::Write { target, .. } => out
            .entry(target.array.name.clone())
            .or_default()
            .push(Update::Write { top }),
        StmtKind::Atomic {
            var,
            target,
            op,
            value,
        } => out
            .entry(target.array.name.clone())
            .or_default()
            .push(Update::Atomic {
                var: var.as_ref().map(|v| v.name.clone()),
                span: target.span,
                step: step(*op, value),
                in_loop,
                top,
            }),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            walk_block(then_branch, top, in_loop, out);
            if let Some(b) = else_branch {
                walk_block(b, top, in_loop, out);
            }
        }
        StmtKind::For { body, .. } => walk_block(body, top, true, out),
        StmtKind::Skip
        | StmtKind::Sync
        | StmtKind::SyncWarp
        | StmtKind::Read { .. }
        | StmtKind::Let { .. }
        | StmtKind::Unknown { .. }
        | StmtKind::Assume { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(src: &str, options: &Options) -> Vec<(String, bool)> {
        let kernel = mapcheck_grammar::parse(src)
            .ok()
            .and_then(|p| p.kernels.into_iter().next())
            .unwrap_or_else(|| unreachable!("{src} parses"));
        let checked = mapcheck_typeck::check(&kernel, options.arith);
        Counters::of(&kernel, &checked.protocol, options, &options.fixed)
            .claims()
            .iter()
            .map(|c| (c.unknown.to_string(), c.assumed))
            .collect()
    }

    #[test]
    fn a_counter_claims_each_named_increment() {
        let o = Options::default();
        let src =
            "kernel k() { shared C; atomic C[0]; let a = atomic C[0] += 3; let b = atomic C[0]; }";
        assert_eq!(
            claims(src, &o),
            [("?a".to_string(), false), ("?b".to_string(), false)]
        );
    }

    #[test]
    fn an_index_beyond_parameters_and_geometry_claims_nothing() {
        let o = Options::default();
        let src = "kernel k(N) { shared C; let i = N + 1; let a = atomic C[i] += 1; let b = atomic C[N + tid] += 1; }";
        // `let`s are substituted, as the MAP has them.
        assert_eq!(
            claims(src, &o),
            [("?a".to_string(), false), ("?b".to_string(), false)]
        );
        // A loop variable or a value read: not the same in the query as at the atomic.
        let conventions = Options {
            conventions: true,
            ..Options::default()
        };
        let src = "kernel k(N) { shared C, A; for j in 0..N { let a = atomic C[j] += 1; } let r = A[0]; let b = atomic C[r] += 1; let c = atomic C[N] += 1; }";
        assert_eq!(claims(src, &conventions), [("?c".to_string(), true)]);
    }

    #[test]
    fn unbounded_updates_claim_only_under_the_conventions() {
        let src = "kernel k(N) { shared C; for i in 0..N { let a = atomic C[0] += 1; } }";
        assert!(claims(src, &Options::default()).is_empty());
        let o = Options {
            conventions: true,
            ..Options::default()
        };
        assert_eq!(claims(src, &o), [("?a".to_string(), true)]);
        // A global counter of an open grid: bounded only by the assumption.
        let src = "kernel k() { global C; let a = atomic C[0] += 1; }";
        assert!(claims(src, &Options::default()).is_empty());
        assert_eq!(claims(src, &o), [("?a".to_string(), true)]);
        // Increments too large for a block: 1024 * 2^22 = 2^32.
        let src = "kernel k() { shared C; let a = atomic C[0] += 4194304; }";
        assert!(claims(src, &Options::default()).is_empty());
    }
}
