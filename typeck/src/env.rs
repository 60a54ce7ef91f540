//! The typing context and the premises `V ⊢ n` and `V ⊢ c` of the rules.
//!
//! The context maps every variable in scope to a [`Binding`]: in `V` (a parameter, built-in
//! or loop variable, and whether it is also in the uniform set `U`), a pure `let` (to be
//! substituted), or data (bound by a read, `?` or atomic: never in `V`).
//!
//! Instead of only *checking* `fv(n) ⊆ V`, [`Ctx::expr`] *translates* an expression into MAP
//! terms: `let`-bound variables are replaced by their (translated) values, data variables by
//! their per-thread unknowns, and, in `int` arithmetic, bitwise operations the SMT encoding
//! cannot express exactly by fresh unknowns. The result says whether the premise held (no
//! unknown in the translation: `fv(n) ⊆ V` after substitution), whether the value is uniform
//! within a block, and, when it is not in `V`, which reads, `?`s, atomics, operations and
//! `let`s it depends on.

use crate::map::{term, Unknown, UnknownId, UnknownOrigin, Var};
use crate::reason::{Source, SourceKind};
use mapcheck_core::arith::int_exact;
use mapcheck_core::ast::{BinOp, Builtin, Cond, CondKind, Expr, ExprKind, Range, Step, StepOp};
use mapcheck_core::{Arith, Span};
use std::collections::HashMap;

/// What a variable in scope is.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    /// In `V`: a parameter, a built-in or a loop variable. `uniform` when it is also in `U`
    /// (the same for every thread of a block).
    InV { uniform: bool },
    /// `let x = e`: replaced by the translation of `e`.
    Let { value: Translated<term::Expr> },
    /// Bound by a read, `?` or atomic: replaced by the unknown `?x`.
    Data { unknown: UnknownId, source: Source },
}

/// A term in MAP terms, with what it depends on.
#[derive(Clone, Debug)]
pub(crate) struct Translated<E> {
    pub value: E,
    /// Mentions an unknown: the premise `V ⊢ ·` fails.
    pub data: bool,
    /// Mentions only variables of `U` (no `tid`, no non-uniform loop variable, no unknown).
    pub uniform: bool,
    /// Data variables and inexact operations as written at the use.
    pub culprits: Vec<String>,
    /// Where the data comes from, nearest first, without repetition.
    pub sources: Vec<Source>,
}

impl<E> Translated<E> {
    fn pure(value: E, uniform: bool) -> Self {
        Translated {
            value,
            data: false,
            uniform,
            culprits: Vec::new(),
            sources: Vec::new(),
        }
    }

    fn map<F>(self, f: impl FnOnce(E) -> F) -> Translated<F> {
        Translated {
            value: f(self.value),
            data: self.data,
            uniform: self.uniform,
            culprits: self.culprits,
            sources: self.sources,
        }
    }

    /// Joins what `other` depends on into `self`, keeping `self`'s value.
    pub fn absorb<F>(&mut self, other: Translated<F>) -> F {
        self.data |= other.data;
        self.uniform &= other.uniform;
        for c in other.culprits {
            if !self.culprits.contains(&c) {
                self.culprits.push(c);
            }
        }
        for s in other.sources {
            push_source(&mut self.sources, s);
        }
        other.value
    }
}

fn push_source(sources: &mut Vec<Source>, s: Source) {
    if !sources.iter().any(|t| t.span == s.span) {
        sources.push(s);
    }
}

/// The context of inference: bindings in scope, enclosing loops, and the unknowns made so far.
#[derive(Debug)]
pub(crate) struct Ctx {
    arith: Arith,
    bindings: HashMap<String, Binding>,
    /// Names bound in each open block, innermost last, to drop them when the block ends.
    scopes: Vec<Vec<String>>,
    /// Variables of the enclosing loops, outermost first.
    pub loops: Vec<String>,
    pub unknowns: Vec<Unknown>,
    anonymous: usize,
}

impl Ctx {
    /// `V = {tid, ntid, bid, nbid and their components} ∪ params`, `U = V ∖ {tid, tid.x, tid.y,
    /// tid.z}`.
    pub fn new(arith: Arith, params: impl IntoIterator<Item = String>) -> Ctx {
        let mut bindings = HashMap::new();
        for b in Builtin::ALL {
            let uniform = !b.is_thread_id();
            bindings.insert(b.name().to_string(), Binding::InV { uniform });
        }
        for p in params {
            bindings.insert(p, Binding::InV { uniform: true });
        }
        Ctx {
            arith,
            bindings,
            scopes: vec![Vec::new()],
            loops: Vec::new(),
            unknowns: Vec::new(),
            anonymous: 0,
        }
    }

    pub fn open_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    pub fn close_scope(&mut self) {
        if let Some(names) = self.scopes.pop() {
            for n in names {
                self.bindings.remove(&n);
            }
        }
    }

    /// Binds `name` until the innermost open scope closes.
    // INVARIANT (scope checks of `mapcheck-grammar`): binders are distinct in a kernel, so a
    // binding never hides another one and removing it on scope exit restores the context.
    pub fn bind(&mut self, name: &str, binding: Binding) {
        self.bindings.insert(name.to_string(), binding);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(name.to_string());
        }
    }

    /// Introduces the unknown `id` for a value the protocol cannot follow.
    pub fn fresh_unknown(&mut self, id: UnknownId, origin: UnknownOrigin, span: Span) -> UnknownId {
        self.unknowns.push(Unknown {
            id: id.clone(),
            origin,
            span,
            loop_vars: self.loops.clone(),
        });
        id
    }

    /// `V ⊢ n`, as a translation of `n` into MAP terms (see the module doc). `hint` names the
    /// unknown that replaces `n` itself when `n` is an inexact operation (the `let` it is the
    /// value of).
    ///
    /// Coq: the premise `incl (fv n) V` of `Mapcheck.Typing`, decided by
    /// `Mapcheck.Infer.subb (fv n) V`; `uniform` in the result is `Mapcheck.Infer.uniform`.
    /// Departure: in `int` arithmetic an inexact operation fails the premise here, where Coq's
    /// typing ignores operators (exception `int-inexact` of `tests/tests/coq_differential.rs`).
    pub fn expr(&mut self, e: &Expr, hint: Option<&str>) -> Translated<term::Expr> {
        match &e.kind {
            ExprKind::Int(v) => Translated::pure(term::Expr::int(*v, e.span), true),
            ExprKind::Var(name) => self.var(name, e.span),
            ExprKind::Neg(inner) => self
                .expr(inner, None)
                .map(|v| term::Expr::new(term::ExprKind::Neg(Box::new(v)), e.span)),
            ExprKind::Bin(op, a, b) => {
                let mut out = self.expr(a, None);
                let rhs = self.expr(b, None);
                let lhs = std::mem::replace(&mut out.value, term::Expr::int(0, e.span));
                let rhs = out.absorb(rhs);
                if self.arith == Arith::Int && !int_exact(*op, literal(&lhs), literal(&rhs)) {
                    if let Some(folded) = self.fold(*op, &lhs, &rhs, e.span) {
                        out.value = folded;
                        return out;
                    }
                    return self.inexact(e, out, hint);
                }
                out.value = term::Expr::new(
                    term::ExprKind::Bin(*op, Box::new(lhs), Box::new(rhs)),
                    e.span,
                );
                out
            }
            // Exact when its condition and both branches are; data-dependent (and per thread)
            // as soon as one of them is.
            ExprKind::Select(c, a, b) => {
                let mut out = self.cond(c);
                let (a, b) = (self.expr(a, None), self.expr(b, None));
                let c = std::mem::replace(
                    &mut out.value,
                    term::Cond::new(term::CondKind::Bool(true), e.span),
                );
                let (a, b) = (out.absorb(a), out.absorb(b));
                out.map(|_| {
                    term::Expr::new(
                        term::ExprKind::Select(Box::new(c), Box::new(a), Box::new(b)),
                        e.span,
                    )
                })
            }
        }
    }

    /// A write's payload as a MAP term, for the benign-race question only: its translation
    /// when that makes no new unknown (an inexact operation), else `None`. The context is left
    /// as it was, so keeping payloads changes neither the MAP nor the names of its unknowns.
    pub fn payload(&mut self, e: &Expr) -> Option<term::Expr> {
        let (unknowns, anonymous) = (self.unknowns.len(), self.anonymous);
        let t = self.expr(e, None);
        if self.unknowns.len() == unknowns {
            Some(t.value)
        } else {
            self.unknowns.truncate(unknowns);
            self.anonymous = anonymous;
            None
        }
    }

    fn var(&mut self, name: &str, span: Span) -> Translated<term::Expr> {
        match self.bindings.get(name) {
            Some(Binding::InV { uniform }) => {
                Translated::pure(term::Expr::var(Var::Source(name.into()), span), *uniform)
            }
            Some(Binding::Let { value }) => value.clone(),
            Some(Binding::Data { unknown, source }) => Translated {
                value: term::Expr::var(Var::Unknown(unknown.clone()), span),
                data: true,
                uniform: false,
                culprits: vec![name.to_string()],
                sources: vec![source.clone()],
            },
            // INVARIANT (scope checks of `mapcheck-grammar`): every variable used is in scope.
            // Should lowering ever break it, the name is kept as if it were a parameter.
            None => Translated::pure(term::Expr::var(Var::Source(name.into()), span), true),
        }
    }

    /// Two literal operands: the operation is a constant, computed in the arithmetic at hand.
    fn fold(&self, op: BinOp, a: &term::Expr, b: &term::Expr, span: Span) -> Option<term::Expr> {
        let (a, b) = (literal(a)?, literal(b)?);
        let v = self.arith.bin(op, a.into(), b.into()).ok()?;
        Some(term::Expr::int(i64::try_from(v).ok()?, span))
    }

    /// A bitwise operation `int` arithmetic cannot encode: a per-thread unknown (SPEC §4).
    fn inexact(
        &mut self,
        e: &Expr,
        operands: Translated<term::Expr>,
        hint: Option<&str>,
    ) -> Translated<term::Expr> {
        let text = e.to_string();
        let id = match hint {
            Some(var) => UnknownId::Of(var.to_string()),
            None => {
                self.anonymous += 1;
                UnknownId::Anonymous(self.anonymous)
            }
        };
        let id = self.fresh_unknown(id, UnknownOrigin::Inexact { text: text.clone() }, e.span);
        let mut out = Translated {
            value: term::Expr::var(Var::Unknown(id), e.span),
            data: true,
            uniform: false,
            culprits: vec![text.clone()],
            sources: vec![Source {
                kind: SourceKind::Inexact,
                span: e.span,
                message: format!(
                    "`{text}` is not exact in `int` arithmetic: each thread sees an unknown"
                ),
            }],
        };
        // The operands' own data dependencies stay part of the story.
        out.absorb(operands);
        out
    }

    /// `V ⊢ c`, as a translation (see [`Ctx::expr`]).
    pub fn cond(&mut self, c: &Cond) -> Translated<term::Cond> {
        match &c.kind {
            CondKind::Bool(b) => {
                Translated::pure(term::Cond::new(term::CondKind::Bool(*b), c.span), true)
            }
            CondKind::Cmp(op, a, b) => {
                let mut out = self.expr(a, None);
                let rhs = self.expr(b, None);
                let lhs = std::mem::replace(&mut out.value, term::Expr::int(0, c.span));
                let rhs = out.absorb(rhs);
                out.map(|_| term::Cond::new(term::CondKind::Cmp(*op, lhs, rhs), c.span))
            }
            CondKind::Not(inner) => self
                .cond(inner)
                .map(|v| term::Cond::new(term::CondKind::Not(Box::new(v)), c.span)),
            CondKind::And(a, b) | CondKind::Or(a, b) => {
                let mut out = self.cond(a);
                let rhs = self.cond(b);
                let lhs = std::mem::replace(
                    &mut out.value,
                    term::Cond::new(term::CondKind::Bool(true), c.span),
                );
                let rhs = out.absorb(rhs);
                let kind = match &c.kind {
                    CondKind::And(..) => term::CondKind::And(Box::new(lhs), Box::new(rhs)),
                    _ => term::CondKind::Or(Box::new(lhs), Box::new(rhs)),
                };
                out.map(|_| term::Cond::new(kind, c.span))
            }
        }
    }

    /// The three parts of a loop range, each translated on its own so that each offending
    /// part can be reported, and the step's operation.
    pub fn range(&mut self, r: &Range) -> (StepOp, [Translated<term::Expr>; 3]) {
        let start = self.expr(&r.start, None);
        let bound = self.expr(&r.bound, None);
        let (op, step) = self.step(&r.step);
        (op, [start, bound, step])
    }

    /// The step `x = x OP k`. In `int` arithmetic a shift by a non-constant `k` is not exact;
    /// it is rewritten to the multiplication or division by `1 << k` it equals, so that only
    /// the amount becomes an unknown and the loop keeps its shape.
    fn step(&mut self, s: &Step) -> (StepOp, Translated<term::Expr>) {
        let amount = self.expr(&s.amount, None);
        let exact =
            self.arith != Arith::Int || int_exact(s.op.bin_op(), None, literal(&amount.value));
        if exact {
            return (s.op, amount);
        }
        let op = match s.op {
            StepOp::Shl => StepOp::Mul,
            StepOp::Shr => StepOp::Div,
            other => other,
        };
        let power = Expr::new(
            ExprKind::Bin(
                BinOp::Shl,
                Box::new(Expr::int(1, s.span)),
                Box::new(s.amount.clone()),
            ),
            s.amount.span,
        );
        (op, self.expr(&power, None))
    }
}

/// The value of a literal operand, as `int_exact` wants it.
fn literal<V>(e: &mapcheck_core::ast::Expr<V>) -> Option<i64> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Neg(inner) => match inner.kind {
            ExprKind::Int(v) => v.checked_neg(),
            _ => None,
        },
        _ => None,
    }
}

/// Rebuilds a range from its translated parts.
pub(crate) fn range_from(
    r: &Range,
    op: StepOp,
    [start, bound, step]: [term::Expr; 3],
) -> term::Range {
    term::Range {
        start,
        bound,
        dir: r.dir,
        step: term::Step {
            op,
            amount: step,
            span: r.step.span,
        },
    }
}

impl Translated<term::Expr> {
    /// Marks this value as flowing through `let var = ...` at `span`, for diagnostics.
    pub fn through_let(mut self, var: &str, written: &Expr, span: Span) -> Self {
        if self.data {
            let label = Source {
                kind: SourceKind::Let,
                span,
                message: format!("`{var}` is bound to `{written}` here"),
            };
            self.sources.insert(0, label);
            self.culprits = vec![var.to_string()];
        }
        self
    }
}
