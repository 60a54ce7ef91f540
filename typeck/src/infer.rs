//! The typing rules, one function each: the paper's Figure 6 (T-WRITE, T-READ, T-SEQ, T-IF,
//! T-FOR, T-SKIP), the synchronised fragment of `proofs/Typing.v` (TS-U, TS-SYNC, TS-SEQ,
//! TS-FOR) plus TS-IF, and the rules for what `.bcu` adds (T-LET, T-HAVOC, T-ATOMIC,
//! T-ASSUME). See the crate essay for the rules in words.
//!
//! Every rule is run as inference: it returns the protocol of its statement, whether or not
//! the premises `V ⊢ n` hold. A failed premise is recorded as a [`Reason`] and the offending
//! value enters the protocol as an unknown (`env::Ctx::expr`), so every kernel gets a MAP. Each
//! rule also returns its statement annotated with that protocol and whether a barrier in its
//! blocks would be under uniform control (`Stmt<Typed>`).

use crate::env::{range_from, Binding, Ctx, Translated};
use crate::map::{Acc, Fragment, Mode, Proto, SyncProto, Typed, UnknownId, UnknownOrigin};
use crate::reason::{
    BarrierPlacement, Branch, Control, ControlKind, LoopPart, Reason, ReasonKind, Source,
    SourceKind,
};
use mapcheck_core::ast::{
    Access, Block, Cond, CondKind, Expr, ExprKind, Ident, Kernel, Range, Space, Stmt, StmtKind,
};
use mapcheck_core::{Arith, Span};
use std::collections::HashMap;

/// The largest term (in operations) a pure `let` is substituted with; see `Checker::t_let`.
pub const MAX_SUBSTITUTED: usize = 4096;

/// The number of operations and leaves of a term.
fn expr_size<V>(e: &mapcheck_core::ast::Expr<V>) -> usize {
    let mut n = 0;
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        n += 1;
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Var(_) => {}
            ExprKind::Neg(inner) => stack.push(inner),
            ExprKind::Bin(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            ExprKind::Select(c, a, b) => {
                let mut conds = vec![&**c];
                while let Some(c) = conds.pop() {
                    n += 1;
                    match &c.kind {
                        CondKind::Bool(_) => {}
                        CondKind::Cmp(_, x, y) => {
                            stack.push(x);
                            stack.push(y);
                        }
                        CondKind::Not(x) => conds.push(x),
                        CondKind::And(x, y) | CondKind::Or(x, y) => {
                            conds.push(x);
                            conds.push(y);
                        }
                    }
                }
                stack.push(a);
                stack.push(b);
            }
        }
    }
    n
}

/// An enclosing control construct, with what its data dependence is made of.
#[derive(Debug)]
struct Frame {
    control: Control,
    culprits: Vec<String>,
    sources: Vec<Source>,
}

/// The state of one kernel's inference.
#[derive(Debug)]
pub(crate) struct Checker {
    pub ctx: Ctx,
    spaces: HashMap<String, Space>,
    /// The `if` branches and loops around the statement being typed, outermost first.
    frames: Vec<Frame>,
    pub reasons: Vec<Reason>,
    pub barriers: Vec<BarrierPlacement>,
}

impl Checker {
    pub fn new<T>(kernel: &Kernel<T>, arith: Arith) -> Checker {
        Checker {
            ctx: Ctx::new(arith, kernel.params.iter().map(|p| p.name.clone())),
            spaces: kernel
                .arrays
                .iter()
                .map(|a| (a.name.name.clone(), a.space))
                .collect(),
            frames: Vec::new(),
            reasons: Vec::new(),
            barriers: Vec::new(),
        }
    }

    /// T-SEQ and TS-SEQ: `b1; b2 ▶ u1; u2`.
    ///
    /// Coq: `Mapcheck.Typing.T_Seq` and `Mapcheck.Typing.TS_Seq`, with TS-U
    /// (`Mapcheck.Typing.TS_U`) for the unsynchronised runs; branches T-SEQ of
    /// `Mapcheck.Infer.infer` and TS_Seq, TS_U of `Mapcheck.Infer.sinfer`.
    ///
    /// A `.bcu` block is a list of statements, typed left to right. A binder (`let`, read,
    /// `?`, atomic) extends the context for the rest of the block, which plays the role of
    /// the continuation `b` in T-READ's `let x = A[n] in b`; the block's bindings end with it.
    /// The protocol is unsynchronised when no part contains a `sync` (T-SEQ), else
    /// synchronised, unsynchronised runs lifted by TS-U (TS-SEQ).
    pub fn t_seq<T>(&mut self, block: &Block<T>) -> (Fragment, Block<Typed>) {
        self.ctx.open_scope();
        let mut parts = Vec::with_capacity(block.stmts.len());
        let mut stmts = Vec::with_capacity(block.stmts.len());
        for stmt in &block.stmts {
            let typed = self.stmt(stmt);
            parts.push(typed.ann.fragment.clone());
            stmts.push(typed);
        }
        self.ctx.close_scope();
        let block = Block {
            stmts,
            span: block.span,
        };
        (Fragment::seq(parts), block)
    }

    /// Whether every `if` and loop around the statement being typed is uniform within a
    /// block: a `sync` here is reached alike by all threads of a block.
    fn uniform_here(&self) -> bool {
        self.frames.iter().all(|f| f.control.uniform)
    }

    /// Dispatches a statement to its rule and annotates it with its protocol and whether the
    /// blocks in it are uniform ([`Typed`]).
    fn stmt<T>(&mut self, s: &Stmt<T>) -> Stmt<Typed> {
        let mut uniform = self.uniform_here();
        let (fragment, kind) = match &s.kind {
            StmtKind::Skip => (self.t_skip(), StmtKind::Skip),
            StmtKind::Sync => (self.ts_sync(s.span, false), StmtKind::Sync),
            StmtKind::SyncWarp => (self.ts_sync(s.span, true), StmtKind::SyncWarp),
            StmtKind::Write { target, value } => (
                self.t_write(target, value),
                StmtKind::Write {
                    target: target.clone(),
                    value: value.clone(),
                },
            ),
            StmtKind::Read { var, source } => (
                self.t_read(var, source, s.span),
                StmtKind::Read {
                    var: var.clone(),
                    source: source.clone(),
                },
            ),
            StmtKind::Let { var, value } => (
                self.t_let(var, value, s.span),
                StmtKind::Let {
                    var: var.clone(),
                    value: value.clone(),
                },
            ),
            StmtKind::Unknown { var } => (
                self.t_havoc(var, s.span),
                StmtKind::Unknown { var: var.clone() },
            ),
            StmtKind::Atomic {
                var,
                target,
                op,
                value,
            } => (
                self.t_atomic(var.as_ref(), target, s.span),
                StmtKind::Atomic {
                    var: var.clone(),
                    target: target.clone(),
                    op: *op,
                    value: value.clone(),
                },
            ),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let (fragment, then_branch, else_branch, inside) =
                    self.t_if(cond, then_branch, else_branch.as_ref(), s.span);
                uniform = inside;
                let kind = StmtKind::If {
                    cond: cond.clone(),
                    then_branch,
                    else_branch,
                };
                (fragment, kind)
            }
            StmtKind::For { var, range, body } => {
                let (fragment, body, inside) = self.t_for(var, range, body, s.span);
                uniform = inside;
                let kind = StmtKind::For {
                    var: var.clone(),
                    range: range.clone(),
                    body,
                };
                (fragment, kind)
            }
            StmtKind::Assume { cond } => (
                self.t_assume(cond, s.span),
                StmtKind::Assume { cond: cond.clone() },
            ),
        };
        Stmt {
            kind,
            span: s.span,
            ann: Typed { fragment, uniform },
        }
    }

    /// T-SKIP: `skip ▶ skip`.
    ///
    /// Coq: `Mapcheck.Typing.T_Skip`; branch T-SKIP of `Mapcheck.Infer.infer`.
    fn t_skip(&mut self) -> Fragment {
        Fragment::skip()
    }

    /// T-WRITE: `A[n] := m ▶ wr[n]` when `V ⊢ n`. The payload `m` is not constrained: data
    /// may flow into memory, not into the shape of accesses. It is kept beside the access
    /// (translated, [`Acc::value`]) only for the benign-race question of `mapcheck-smt`.
    ///
    /// Coq: `Mapcheck.Typing.T_Write`; branch T-WRITE of `Mapcheck.Infer.infer`.
    fn t_write(&mut self, target: &Access, value: &Expr) -> Fragment {
        let mut acc = self.access(Mode::Wr, target);
        acc.value = self.ctx.payload(value);
        Fragment::U(Proto::Acc(acc))
    }

    /// T-READ: `let x = A[n] in b ▶ rd[n]; u` when `V ⊢ n` and `x ∉ V`. `x` is never added
    /// to `V`: it is bound to the per-thread unknown `?x`, so a later use of `x` in an index,
    /// condition, loop range or `assume` fails its premise and names this read. The
    /// continuation `u` is typed by T-SEQ.
    ///
    /// Coq: `Mapcheck.Typing.T_Read` and `Mapcheck.Typing.TS_Read` (a read whose scope spans
    /// barriers); branch T-READ of `Mapcheck.Infer.infer`, TS_Read of `Mapcheck.Infer.sinfer`.
    fn t_read(&mut self, var: &Ident, source: &Access, span: Span) -> Fragment {
        let mut acc = self.access(Mode::Rd, source);
        acc.binds = Some(UnknownId::Of(var.name.clone()));
        let origin = UnknownOrigin::Read {
            var: var.name.clone(),
            array: source.array.name.clone(),
        };
        let message = format!("`{var}` is read from `{}` here", source.array);
        self.bind_data(var, origin, message, span);
        Fragment::U(Proto::Acc(acc))
    }

    /// T-LET (new): `let x = e in b ▶ u` where `u` types `b[x := e]`. A MAP has no binder
    /// for pure values: `x` is substituted by `e` (itself translated), so `x` is in `V`
    /// exactly when `fv(e) ⊆ V`, and data flows through `x` transitively. The statement
    /// itself performs no access.
    ///
    /// Coq: `Mapcheck.Typing.T_Let` (a value free of data: `x` joins `V`) and
    /// `Mapcheck.Typing.T_LetD` (a value of data: `x ∉ V`, the statement's protocol is `skip`);
    /// branch T-LET of `Mapcheck.Infer.infer` and branch T-LETD of `Mapcheck.Infer.infer`;
    /// across barriers `Mapcheck.Typing.RS_Let`. Departure: Coq's protocol keeps a binder
    /// (`Mapcheck.Syntax.ULet`) where this one substitutes; with distinct binder names the two
    /// mean the same. The size cut-off below has no Coq counterpart (it only loses precision).
    fn t_let(&mut self, var: &Ident, value: &Expr, span: Span) -> Fragment {
        let translated = self
            .ctx
            .expr(value, Some(&var.name))
            .through_let(&var.name, value, span);
        let size = expr_size(&translated.value);
        if size > MAX_SUBSTITUTED {
            // Substitution can double a term at every `let` (`let b = a + a; let c = b + b`):
            // past this size the value is made an unknown, which is sound and keeps the MAP
            // small, at the price of precision.
            let origin = UnknownOrigin::TooLarge {
                var: var.name.clone(),
            };
            let message = format!(
                "`{var}` is too large to substitute ({size} operations): each thread sees an \
                 unknown"
            );
            self.bind_data(var, origin, message, span);
        } else {
            self.ctx.bind(&var.name, Binding::Let { value: translated });
        }
        Fragment::skip()
    }

    /// T-HAVOC (new): `let x = ? in b ▶ u` with `x ∉ V`, like T-READ without the access.
    /// `x` is the per-thread unknown `?x`.
    ///
    /// Coq: `Mapcheck.Typing.T_Havoc` (across barriers `Mapcheck.Typing.RS_Havoc`); branch
    /// T-HAVOC of `Mapcheck.Infer.infer`. The statement's protocol there is `skip`.
    fn t_havoc(&mut self, var: &Ident, span: Span) -> Fragment {
        let origin = UnknownOrigin::Havoc {
            var: var.name.clone(),
        };
        let message = format!("`{var}` is an unpredictable value (`?`) here");
        self.bind_data(var, origin, message, span);
        Fragment::skip()
    }

    /// T-ATOMIC (new): `[let x =] atomic A[n] op m ▶ at[n]` when `V ⊢ n`, with `x ∉ V` as in
    /// T-READ. Like T-WRITE, the operand `m` is not kept.
    ///
    /// Coq: `Mapcheck.Typing.T_Atomic` (across barriers `Mapcheck.Typing.RS_Atomic`); branch
    /// T-ATOMIC of `Mapcheck.Infer.infer`. Coq's atomic always binds a variable
    /// (`Mapcheck.Syntax.SAtomic`); a bare `atomic A[n];` is one whose variable is unused. Races
    /// between two atomics are excluded by `Mapcheck.Drf.conflict`.
    fn t_atomic(&mut self, var: Option<&Ident>, target: &Access, span: Span) -> Fragment {
        let acc = self.access(Mode::At, target);
        if let Some(var) = var {
            let origin = UnknownOrigin::Atomic {
                var: var.name.clone(),
                array: target.array.name.clone(),
            };
            let message = format!(
                "`{var}` is the old contents of `{}` this atomic returns",
                target.array
            );
            self.bind_data(var, origin, message, span);
        }
        Fragment::U(Proto::Acc(acc))
    }

    /// T-ASSUME (new): `assume c ▶ assume c` when `V ⊢ c`. A precondition that depends on
    /// data cannot be decided from the protocol: it is a reason. So is one that depends on the
    /// thread or sits under control ([`ReasonKind::AssumePerThread`]): the decision holds only
    /// the two threads of a witness to it, where a run holds every thread that reaches it.
    ///
    /// Coq: `Mapcheck.Typing.T_Assume` (a condition over `V` without `tid`); branch T-ASSUME
    /// of `Mapcheck.Infer.infer`. Departure: here an `assume` under control is also a reason,
    /// which only makes this checker stricter; Theorem 1 holds for either (an `assume` has no
    /// access, and a run needs it true).
    fn t_assume(&mut self, cond: &Cond, span: Span) -> Fragment {
        let t = self.ctx.cond(cond);
        self.require(ReasonKind::Assume, cond.span, cond.to_string(), &t);
        if !t.data && (!t.uniform || !self.frames.is_empty()) {
            self.reasons.push(Reason {
                kind: ReasonKind::AssumePerThread,
                span: cond.span,
                text: cond.to_string(),
                culprits: Vec::new(),
                sources: Vec::new(),
            });
        }
        Fragment::U(Proto::Assume {
            cond: t.value,
            span,
        })
    }

    /// T-IF and TS-IF: `if c {b1} else {b2} ▶ if c {u1} else {u2}` when `V ⊢ c`. A missing
    /// `else` is `else {skip}`. The protocol is synchronised when either branch is.
    ///
    /// Coq: `Mapcheck.Typing.T_If` and `Mapcheck.Typing.TS_If`; branches T-IF of
    /// `Mapcheck.Infer.infer` and TS_If of `Mapcheck.Infer.sinfer`. Departure: TS_If requires
    /// a barrier conditional to be uniform (`Mapcheck.Infer.uniformc`); here a condition that
    /// depends on `tid` (not on data) is accepted, as in [`Checker::t_for`].
    fn t_if<T>(
        &mut self,
        cond: &Cond,
        then_branch: &Block<T>,
        else_branch: Option<&Block<T>>,
        span: Span,
    ) -> (Fragment, Block<Typed>, Option<Block<Typed>>, bool) {
        let t = self.ctx.cond(cond);
        self.require(ReasonKind::Condition, cond.span, cond.to_string(), &t);
        let frame = |branch| Frame {
            control: Control {
                kind: ControlKind::If {
                    cond: t.value.clone(),
                    branch,
                },
                span: cond.span,
                uniform: t.uniform,
                data: t.data,
            },
            culprits: t.culprits.clone(),
            sources: t.sources.clone(),
        };
        self.frames.push(frame(Branch::Then));
        let inside = self.uniform_here();
        let (then_fragment, then_typed) = self.t_seq(then_branch);
        self.frames.pop();
        self.frames.push(frame(Branch::Else));
        let (else_fragment, else_typed) = match else_branch {
            Some(block) => {
                let (f, b) = self.t_seq(block);
                (f, Some(b))
            }
            None => (Fragment::skip(), None),
        };
        self.frames.pop();
        let fragment = match (then_fragment, else_fragment) {
            (Fragment::U(u1), Fragment::U(u2)) => Fragment::U(Proto::If {
                cond: t.value,
                then_branch: Box::new(u1),
                else_branch: Box::new(u2),
                span,
            }),
            (p1, p2) => Fragment::P(SyncProto::If {
                cond: t.value,
                then_branch: Box::new(p1.into_sync()),
                else_branch: Box::new(p2.into_sync()),
                span,
            }),
        };
        (fragment, then_typed, else_typed, inside)
    }

    /// T-FOR and TS-FOR: `for x ∈ n..m {b} ▶ for x ∈ n..m {u}` when `V ⊢ n`, `V ⊢ m` (and
    /// `V ⊢ k` for the step `k`), the body typed under `V ∪ {x}`. `x` is also in `U` when the
    /// whole range is uniform (`Mapcheck.Infer.uniform`).
    ///
    /// Coq: `Mapcheck.Typing.T_For` and `Mapcheck.Typing.TS_For`; branches T-FOR of
    /// `Mapcheck.Infer.infer` and TS_For of `Mapcheck.Infer.sinfer`. Departure: TS_For requires
    /// a barrier loop's range to be uniform, and `sinfer` fails otherwise; here a range that
    /// depends on `tid` (not on data) is accepted, the kernel stays exact, and the barriers
    /// inside are recorded for the SMT divergence check (see [`Checker::ts_sync`]); the
    /// differential test against the extracted `sinfer` names this exception `tid-barriers`
    /// (`tests/tests/coq_differential.rs`). A strided or descending loop is Coq's
    /// `Mapcheck.Syntax.step` (a guard `<` or `>` and a step, its amount evaluated on entry, as
    /// the interpreter does); `T_For` asks `V ⊢ k` of the amount as here.
    fn t_for<T>(
        &mut self,
        var: &Ident,
        range: &Range,
        body: &Block<T>,
        span: Span,
    ) -> (Fragment, Block<Typed>, bool) {
        let (op, parts) = self.ctx.range(range);
        let mut whole = Translated {
            value: (),
            data: false,
            uniform: true,
            culprits: Vec::new(),
            sources: Vec::new(),
        };
        let [t_start, t_bound, t_step] = parts;
        let step_text = format!("{}{}", range.step.op.symbol(), range.step.amount);
        let pieces = [
            (
                LoopPart::Start,
                range.start.span,
                range.start.to_string(),
                t_start,
            ),
            (
                LoopPart::Bound,
                range.bound.span,
                range.bound.to_string(),
                t_bound,
            ),
            (LoopPart::Step, range.step.span, step_text, t_step),
        ];
        let [start, bound, step] = pieces.map(|(part, part_span, text, t)| {
            let kind = ReasonKind::Loop {
                var: var.name.clone(),
                part,
            };
            self.require(kind, part_span, text, &t);
            whole.absorb(t)
        });
        let mapped = range_from(range, op, [start, bound, step]);

        self.ctx.open_scope();
        self.ctx.bind(
            &var.name,
            Binding::InV {
                uniform: whole.uniform,
            },
        );
        self.ctx.loops.push(var.name.clone());
        self.frames.push(Frame {
            control: Control {
                kind: ControlKind::Loop {
                    var: var.clone(),
                    range: mapped.clone(),
                },
                span: range.start.span.to(range.bound.span),
                uniform: whole.uniform,
                data: whole.data,
            },
            culprits: whole.culprits,
            sources: whole.sources,
        });
        let inside = self.uniform_here();
        let (body_fragment, body_typed) = self.t_seq(body);
        self.frames.pop();
        self.ctx.loops.pop();
        self.ctx.close_scope();

        let fragment = match body_fragment {
            Fragment::U(u) => Fragment::U(Proto::For {
                var: var.clone(),
                range: mapped,
                body: Box::new(u),
                span,
            }),
            Fragment::P(p) => Fragment::P(SyncProto::For {
                var: var.clone(),
                range: mapped,
                body: Box::new(p),
                span,
            }),
        };
        (fragment, body_typed, inside)
    }

    /// TS-SYNC: `sync ▶ sync`, with the barrier-placement check: a `sync` under an `if` or
    /// loop that is not uniform within a block (it depends on `tid`, on a non-uniform loop
    /// variable, or on data) is recorded for the divergence check, and one under
    /// data-dependent control is also a reason.
    ///
    /// Coq: `Mapcheck.Typing.TS_Sync`; branch TS_Sync of `Mapcheck.Infer.sinfer`. The
    /// uniformity test is `Mapcheck.Infer.uniform`, applied to every enclosing control.
    ///
    /// With `warp`, TS-SYNCWARP (no Coq counterpart: the model has no warps): `syncwarp ▶
    /// syncwarp`, placed by the same rule one level down. Control that is not uniform within
    /// a block may still be uniform within each warp (`if tid < 32`), which the type checker
    /// cannot tell apart from `if tid < 16`: such a `syncwarp` is recorded, and the SMT stage
    /// asks whether two lanes of one warp can disagree on reaching it. A `syncwarp` under
    /// data-dependent control is a reason, as a `sync` is.
    fn ts_sync(&mut self, span: Span, warp: bool) -> Fragment {
        if !self.uniform_here() {
            self.barriers.push(BarrierPlacement {
                sync: span,
                warp,
                controls: self.frames.iter().map(|f| f.control.clone()).collect(),
            });
        }
        let data: Vec<&Frame> = self.frames.iter().filter(|f| f.control.data).collect();
        if !data.is_empty() {
            let mut culprits: Vec<String> = Vec::new();
            let mut sources = Vec::new();
            for frame in data {
                let what = match frame.control.kind {
                    ControlKind::If { .. } => "this condition depends on data",
                    ControlKind::Loop { .. } => "this loop's range depends on data",
                };
                sources.push(Source {
                    kind: SourceKind::Control,
                    span: frame.control.span,
                    message: what.into(),
                });
                for c in &frame.culprits {
                    if !culprits.contains(c) {
                        culprits.push(c.clone());
                    }
                }
                for s in &frame.sources {
                    if !sources.iter().any(|t: &Source| t.span == s.span) {
                        sources.push(s.clone());
                    }
                }
            }
            self.reasons.push(Reason {
                kind: ReasonKind::BarrierPlacement,
                span,
                text: if warp { "syncwarp" } else { "sync" }.into(),
                culprits,
                sources,
            });
        }
        if warp {
            Fragment::P(SyncProto::SyncWarp(span))
        } else {
            Fragment::P(SyncProto::Sync(span))
        }
    }

    /// The premises `V ⊢ n` of an access's indices (T-WRITE, T-READ, T-ATOMIC): one reason
    /// per offending index; the access keeps the translated indices.
    ///
    /// Coq: the premise `incl (fv n) V`, decided by `Mapcheck.Infer.subb`.
    fn access(&mut self, mode: Mode, a: &Access) -> Acc {
        let mut index = Vec::with_capacity(a.index.len());
        for e in &a.index {
            let t = self.ctx.expr(e, None);
            let kind = ReasonKind::Index {
                array: a.array.name.clone(),
                mode,
            };
            self.require(kind, a.span, e.to_string(), &t);
            index.push(t.value);
        }
        Acc {
            mode,
            array: a.array.clone(),
            // INVARIANT (scope checks of `mapcheck-grammar`): every array used is declared.
            // An undeclared one (a lowering bug) is taken as shared, the narrower scope.
            space: self
                .spaces
                .get(&a.array.name)
                .copied()
                .unwrap_or(Space::Shared),
            index,
            span: a.span,
            value: None,
            binds: None,
            // Not premises of the rule: a bound's index is one of the subscripts the flat
            // index was computed from, so data in it is named by the index's premise already.
            bounds: a
                .bounds
                .iter()
                .map(|b| mapcheck_core::ast::Bound {
                    dim: b.dim,
                    index: self.ctx.expr(&b.index, None).value,
                    extent: b.extent,
                })
                .collect(),
        }
    }

    /// Records a failed premise `V ⊢ ·` as a reason.
    fn require<E>(&mut self, kind: ReasonKind, span: Span, text: String, t: &Translated<E>) {
        if t.data {
            self.reasons.push(Reason {
                kind,
                span,
                text,
                culprits: t.culprits.clone(),
                sources: t.sources.clone(),
            });
        }
    }

    /// Binds `var` to the fresh per-thread unknown `?var` (T-READ, T-HAVOC, T-ATOMIC).
    fn bind_data(&mut self, var: &Ident, origin: UnknownOrigin, message: String, span: Span) {
        let kind = match origin {
            UnknownOrigin::Read { .. } => SourceKind::Read,
            UnknownOrigin::Havoc { .. } => SourceKind::Havoc,
            UnknownOrigin::Atomic { .. } => SourceKind::Atomic,
            UnknownOrigin::Inexact { .. } => SourceKind::Inexact,
            UnknownOrigin::TooLarge { .. } => SourceKind::TooLarge,
        };
        let unknown = self
            .ctx
            .fresh_unknown(UnknownId::Of(var.name.clone()), origin, span);
        let source = Source {
            kind,
            span,
            message,
        };
        self.ctx.bind(&var.name, Binding::Data { unknown, source });
    }
}
