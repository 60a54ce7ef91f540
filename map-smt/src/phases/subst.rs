//! Substitution of an expression for a variable in expressions, conditions, ranges and
//! protocols: how the phase split instantiates a barrier loop's variable at an iteration.

use mapcheck_core::ast::{Cond, CondKind, Expr, ExprKind, Range};
use mapcheck_typeck::Proto;
use mapcheck_typeck::Var;

/// `e` with `value` for the variable `x` (a name as written, or a MAP term's variable).
pub fn subst_expr<V, Q>(e: &Expr<V>, x: &Q, value: &Expr<V>) -> Expr<V>
where
    V: Clone + PartialEq<Q>,
    Q: ?Sized,
{
    match &e.kind {
        ExprKind::Var(name) if *name == *x => Expr::new(value.kind.clone(), e.span),
        ExprKind::Int(_) | ExprKind::Var(_) => e.clone(),
        ExprKind::Neg(a) => Expr::new(ExprKind::Neg(Box::new(subst_expr(a, x, value))), e.span),
        ExprKind::Bin(op, a, b) => Expr::new(
            ExprKind::Bin(
                *op,
                Box::new(subst_expr(a, x, value)),
                Box::new(subst_expr(b, x, value)),
            ),
            e.span,
        ),
        ExprKind::Select(c, a, b) => Expr::new(
            ExprKind::Select(
                Box::new(subst_cond(c, x, value)),
                Box::new(subst_expr(a, x, value)),
                Box::new(subst_expr(b, x, value)),
            ),
            e.span,
        ),
    }
}

/// [`subst_expr`] in a condition.
pub fn subst_cond<V, Q>(c: &Cond<V>, x: &Q, value: &Expr<V>) -> Cond<V>
where
    V: Clone + PartialEq<Q>,
    Q: ?Sized,
{
    let kind = match &c.kind {
        CondKind::Bool(b) => CondKind::Bool(*b),
        CondKind::Cmp(op, a, b) => {
            CondKind::Cmp(*op, subst_expr(a, x, value), subst_expr(b, x, value))
        }
        CondKind::Not(a) => CondKind::Not(Box::new(subst_cond(a, x, value))),
        CondKind::And(a, b) => CondKind::And(
            Box::new(subst_cond(a, x, value)),
            Box::new(subst_cond(b, x, value)),
        ),
        CondKind::Or(a, b) => CondKind::Or(
            Box::new(subst_cond(a, x, value)),
            Box::new(subst_cond(b, x, value)),
        ),
    };
    Cond::new(kind, c.span)
}

fn subst_range<Q>(r: &Range<Var>, x: &Q, value: &Expr<Var>) -> Range<Var>
where
    Var: PartialEq<Q>,
    Q: ?Sized,
{
    let mut r = r.clone();
    r.start = subst_expr(&r.start, x, value);
    r.bound = subst_expr(&r.bound, x, value);
    r.step.amount = subst_expr(&r.step.amount, x, value);
    r
}

/// [`subst_expr`] in a protocol.
pub fn subst_proto<Q>(p: &Proto, x: &Q, value: &Expr<Var>) -> Proto
where
    Var: PartialEq<Q>,
    Q: ?Sized,
{
    match p {
        Proto::Skip => Proto::Skip,
        Proto::Acc(a) => {
            let mut a = a.clone();
            a.index = a.index.iter().map(|i| subst_expr(i, x, value)).collect();
            a.value = a.value.as_ref().map(|v| subst_expr(v, x, value));
            for b in &mut a.bounds {
                b.index = subst_expr(&b.index, x, value);
            }
            Proto::Acc(a)
        }
        Proto::Seq(parts) => Proto::Seq(parts.iter().map(|q| subst_proto(q, x, value)).collect()),
        Proto::If {
            cond,
            then_branch,
            else_branch,
            span,
        } => Proto::If {
            cond: subst_cond(cond, x, value),
            then_branch: Box::new(subst_proto(then_branch, x, value)),
            else_branch: Box::new(subst_proto(else_branch, x, value)),
            span: *span,
        },
        Proto::For {
            var,
            range,
            body,
            span,
        } => Proto::For {
            var: var.clone(),
            range: subst_range(range, x, value),
            body: Box::new(subst_proto(body, x, value)),
            span: *span,
        },
        Proto::Assume { cond, span } => Proto::Assume {
            cond: subst_cond(cond, x, value),
            span: *span,
        },
    }
}
