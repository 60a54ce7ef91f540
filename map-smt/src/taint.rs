//! Which findings of a kernel lowered from CUDA depend on its `let x = ?` values.
//!
//! The CUDA front end writes `?` for values it cannot follow (floats, locals it loses track
//! of, the fall-through of an early `return`). When the interpreter replays a witness it must
//! pick values for them, and a race it then shows may exist only for those values — not in any
//! run of the source. Replay used to keep every finding of such a run `potential` as soon as
//! the run evaluated any `?`. This pass is the precise version, done statically: a race is
//! independent of the unknowns when neither access's index nor the control that reaches it
//! (enclosing conditions, loop bounds and steps) depends on a `?`, and no barrier sits under
//! control that does (else the phases themselves could shift). Its replay then confirms it
//! whatever the `?`s were: the same two threads reach the same two accesses of the same cell
//! in the same phase in every run with those parameters, geometry and initial memory.
//!
//! "Depends" is a forward taint over the kernel, to a fixpoint:
//! * `let x = ?` taints `x`; a `let` of a tainted expression taints its variable; a loop
//!   variable is tainted when its start or step is;
//! * an array is tainted when some write or atomic to it has a tainted payload or index, or
//!   happens under tainted control (whether the write happened then depends on a `?`);
//! * a read binds a tainted value when its index is tainted or its array is (the cell may hold
//!   a value derived from a `?`, or one written only for some `?`s);
//! * an atomic's old value is tainted likewise.
//!
//! This over-approximates (a tainted array taints every read of it, whichever cell), so it only
//! errs towards `potential`, never towards `confirmed`.

use mapcheck_core::ast::{Block, Cond, Expr, Kernel, StmtKind};
use mapcheck_core::Span;
use std::collections::BTreeSet;

/// The result of the taint pass over one kernel.
#[derive(Clone, Debug, Default)]
pub struct Taint {
    vars: BTreeSet<String>,
    arrays: BTreeSet<String>,
    /// Spans of the accesses whose index or control is tainted.
    accesses: Vec<Span>,
    /// Spans of the plain writes whose stored value is tainted: whether two such writes store
    /// different values (a data race, not a benign one) may depend on a `?`.
    values: Vec<Span>,
    /// Some barrier sits under tainted control.
    phases: bool,
    /// The kernel has no `?` at all.
    none: bool,
    /// Spans of the plain writes whose stored value derives from an atomic's old value
    /// (`s[0] = atomicOr(&c, 0)`): a replay runs the atomics in one order, so what it shows of
    /// their values is one interleaving's, not every run's ([`Taint::atomic_value`]).
    atomic_values: Vec<Span>,
    /// Spans of the accesses whose index or enclosing control reads an atomic's old value:
    /// at grid level the interpreter gives each block the initial memory and its own writes
    /// only (SPEC §3), so two blocks' atomics can return the same old value there, which no
    /// GPU run does ([`Taint::atomic_access`]).
    atomic_accesses: Vec<Span>,
}

impl Taint {
    pub fn of<T>(kernel: &Kernel<T>) -> Taint {
        let (atomic_values, atomic_accesses) = atomic_values(kernel);
        let mut t = Taint {
            atomic_values,
            atomic_accesses,
            ..Taint::default()
        };
        let mut any = false;
        kernel.body.walk(&mut |s| {
            any |= matches!(s.kind, StmtKind::Unknown { .. });
        });
        if !any {
            t.none = true;
            return t;
        }
        loop {
            let before = (t.vars.len(), t.arrays.len());
            t.accesses.clear();
            t.values.clear();
            t.phases = false;
            t.block(&kernel.body, false);
            if (t.vars.len(), t.arrays.len()) == before {
                return t;
            }
        }
    }

    /// Whether a race between the accesses at `a` and `b` may depend on a `?`.
    pub fn race_depends(&self, a: Span, b: Span) -> bool {
        !self.none && (self.phases || self.accesses.iter().any(|s| *s == a || *s == b))
    }

    /// Whether the values the writes at `a` and `b` store may depend on a `?`: a write-write
    /// race between them is then a data race only if the `?`s make the values differ.
    pub fn value_depends(&self, a: Span, b: Span) -> bool {
        !self.none && self.values.iter().any(|s| *s == a || *s == b)
    }

    /// Whether the value stored at `a` or `b` derives from an atomic's old value.
    pub fn atomic_value(&self, a: Span, b: Span) -> bool {
        self.atomic_values.iter().any(|s| *s == a || *s == b)
    }

    /// Whether the access at `a` or `b` is reached or indexed through an atomic's old value.
    pub fn atomic_access(&self, a: Span, b: Span) -> bool {
        self.atomic_accesses.iter().any(|s| *s == a || *s == b)
    }

    /// Whether a barrier divergence may depend on a `?`.
    pub fn divergence_depends(&self) -> bool {
        !self.none && self.phases
    }

    fn expr(&self, e: &Expr) -> bool {
        mentions(e, &self.vars)
    }

    fn cond(&self, c: &Cond) -> bool {
        let mut hit = false;
        c.for_each_var(&mut |v, _| hit |= self.vars.contains(v));
        hit
    }

    fn taint_var(&mut self, name: &str) {
        if !self.vars.contains(name) {
            self.vars.insert(name.to_string());
        }
    }

    fn block<T>(&mut self, block: &Block<T>, control: bool) {
        for s in &block.stmts {
            match &s.kind {
                StmtKind::Skip => {}
                StmtKind::Sync | StmtKind::SyncWarp => self.phases |= control,
                StmtKind::Unknown { var } => self.taint_var(&var.name),
                StmtKind::Let { var, value } => {
                    if self.expr(value) {
                        self.taint_var(&var.name);
                    }
                }
                StmtKind::Read { var, source } => {
                    let index = source.index.iter().any(|e| self.expr(e));
                    if index || control {
                        self.accesses.push(source.span);
                    }
                    if index || self.arrays.contains(&source.array.name) {
                        self.taint_var(&var.name);
                    }
                }
                StmtKind::Write { target, value } => {
                    let index = target.index.iter().any(|e| self.expr(e));
                    if index || control {
                        self.accesses.push(target.span);
                    }
                    let stored = self.expr(value);
                    if stored {
                        self.values.push(target.span);
                    }
                    if index || control || stored {
                        self.arrays.insert(target.array.name.clone());
                    }
                }
                StmtKind::Atomic {
                    var, target, value, ..
                } => {
                    let index = target.index.iter().any(|e| self.expr(e));
                    if index || control {
                        self.accesses.push(target.span);
                    }
                    if index || control || self.expr(value) {
                        self.arrays.insert(target.array.name.clone());
                    }
                    if let Some(var) = var {
                        if index || self.arrays.contains(&target.array.name) {
                            self.taint_var(&var.name);
                        }
                    }
                }
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                } => {
                    let inner = control || self.cond(cond);
                    self.block(then_branch, inner);
                    if let Some(e) = else_branch {
                        self.block(e, inner);
                    }
                }
                StmtKind::For { var, range, body } => {
                    let moves = self.expr(&range.start) || self.expr(&range.step.amount);
                    if moves {
                        self.taint_var(&var.name);
                    }
                    let inner = control || moves || self.expr(&range.bound);
                    self.block(body, inner);
                }
                StmtKind::Assume { .. } => {}
            }
        }
    }
}

/// What derives from the old values atomics returned (through `let`s): the spans of the plain
/// writes that store such a value, and of the accesses whose index or enclosing control reads
/// one.
fn atomic_values<T>(kernel: &Kernel<T>) -> (Vec<Span>, Vec<Span>) {
    let mut vars: BTreeSet<String> = BTreeSet::new();
    loop {
        let before = vars.len();
        kernel.body.walk(&mut |s| match &s.kind {
            StmtKind::Atomic { var: Some(var), .. } => {
                vars.insert(var.name.clone());
            }
            StmtKind::Let { var, value } if mentions(value, &vars) => {
                vars.insert(var.name.clone());
            }
            _ => {}
        });
        if vars.len() == before {
            break;
        }
    }
    let mut stored = Vec::new();
    let mut reached = Vec::new();
    atomic_block(&kernel.body, false, &vars, &mut stored, &mut reached);
    (stored, reached)
}

fn mentions(e: &Expr, vars: &BTreeSet<String>) -> bool {
    let mut hit = false;
    e.for_each_var(&mut |v, _| hit |= vars.contains(v));
    hit
}

fn atomic_block<T>(
    block: &Block<T>,
    control: bool,
    vars: &BTreeSet<String>,
    stored: &mut Vec<Span>,
    reached: &mut Vec<Span>,
) {
    let cond = |c: &Cond| {
        let mut hit = false;
        c.for_each_var(&mut |v, _| hit |= vars.contains(v));
        hit
    };
    for s in &block.stmts {
        match &s.kind {
            StmtKind::Write { target, value } => {
                if mentions(value, vars) {
                    stored.push(target.span);
                }
                if control || target.index.iter().any(|e| mentions(e, vars)) {
                    reached.push(target.span);
                }
            }
            StmtKind::Read { source: a, .. } | StmtKind::Atomic { target: a, .. }
                if control || a.index.iter().any(|e| mentions(e, vars)) =>
            {
                reached.push(a.span);
            }
            StmtKind::If {
                cond: c,
                then_branch,
                else_branch,
            } => {
                let inner = control || cond(c);
                atomic_block(then_branch, inner, vars, stored, reached);
                if let Some(b) = else_branch {
                    atomic_block(b, inner, vars, stored, reached);
                }
            }
            StmtKind::For { range, body, .. } => {
                let inner = control
                    || mentions(&range.start, vars)
                    || mentions(&range.bound, vars)
                    || mentions(&range.step.amount, vars);
                atomic_block(body, inner, vars, stored, reached);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(src: &str) -> Kernel {
        mapcheck_grammar::parse(src)
            .map(|p| {
                p.kernels
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| unreachable!())
            })
            .unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The span of the `n`-th access to `array` (in source order).
    fn access(k: &Kernel, array: &str, n: usize) -> Span {
        let mut found = Vec::new();
        k.body.walk(&mut |s| match &s.kind {
            StmtKind::Read { source: a, .. }
            | StmtKind::Write { target: a, .. }
            | StmtKind::Atomic { target: a, .. }
                if a.array.name == array =>
            {
                found.push(a.span)
            }
            _ => {}
        });
        found[n]
    }

    /// Whether the race between the first two accesses to `A` of `src` (or the first with
    /// itself, when there is one) may depend on a `?`.
    fn depends(src: &str) -> bool {
        let k = kernel(src);
        let second = usize::from(src.matches("A[").count() > 1);
        Taint::of(&k).race_depends(access(&k, "A", 0), access(&k, "A", second))
    }

    #[test]
    fn a_payload_unknown_leaves_the_race_independent() {
        assert!(!depends(
            "kernel k() { shared A; let v = ?; A[tid] := v; let r = A[tid + 1]; }"
        ));
    }

    #[test]
    fn a_stored_unknown_makes_only_the_values_depend() {
        // Whether thread 0 and thread 1 store different values into A[0] — a data race, not a
        // benign one — depends on the `?`; where they write does not.
        let k = kernel("kernel k() { shared A; let v = ?; A[0] := v; }");
        let t = Taint::of(&k);
        let a = access(&k, "A", 0);
        assert!(!t.race_depends(a, a));
        assert!(t.value_depends(a, a));
        let k = kernel("kernel k() { shared A; let v = ?; let w = 1; A[0] := w; }");
        let a = access(&k, "A", 0);
        assert!(!Taint::of(&k).value_depends(a, a));
    }

    #[test]
    fn an_unknown_index_or_guard_makes_it_depend() {
        assert!(depends(
            "kernel k() { shared A; let v = ?; A[v] := 1; let r = A[tid]; }"
        ));
        assert!(depends(
            "kernel k() { shared A; let v = ?; if v > 0 { A[tid] := 1; } let r = A[tid + 1]; }"
        ));
    }

    #[test]
    fn taint_flows_through_memory_and_lets() {
        // `B` holds a `?`-derived value; an index read from it is tainted, and so is a `let`
        // of it — even though the write of `B` comes later in the text (inside a loop).
        assert!(depends(
            "kernel k(N) { shared A, B; for i in 0..N { let j = B[tid]; let m = j + 1; A[m] := 1; let u = ?; B[tid] := u; sync; } }"
        ));
    }

    #[test]
    fn a_barrier_under_unknown_control_makes_every_race_depend() {
        let src = "kernel k() { shared A; let v = ?; if v > 0 { sync; } A[tid] := 1; let r = A[tid + 1]; }";
        assert!(depends(src));
        assert!(Taint::of(&kernel(src)).divergence_depends());
        let clean = kernel("kernel k() { shared A; A[tid] := 1; let r = A[tid + 1]; }");
        assert!(!Taint::of(&clean).divergence_depends());
    }
}
