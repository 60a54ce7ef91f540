//! C's signed division and remainder, which truncate toward zero, written with the core's
//! Euclidean `/` and `%` (SPEC §3): the one place both the statement lowering and the closed
//! forms of loop-carried variables (`closed`) take them from.

use mapcheck_core::ast::{BinOp, Expr, ExprKind};
use mapcheck_core::span::Span;

/// C's truncating `a / b` (`rem`: `a % b`) over the core's Euclidean operators, for `a` and
/// `b` that may be copied (variables or literals); `b_nonneg` when `b` is known not negative.
/// The indicators are `min`/`max` terms: `neg` is 1 iff `a < 0` (`a >> 31` is negative iff
/// `a` is, in both arithmetic modes), `nz` is 1 iff the Euclidean remainder is not zero, and
/// `fix = max(neg + nz - 1, 0)` is their conjunction.
pub(crate) fn trunc_div(a: Expr, b: Expr, rem: bool, b_nonneg: bool, span: Span) -> Expr {
    let bin = |op, x: Expr, y: Expr| Expr::new(ExprKind::Bin(op, Box::new(x), Box::new(y)), span);
    let neg = |x: Expr| Expr::new(ExprKind::Neg(Box::new(x)), span);
    let one = || int(1, span);
    let zero = || int(0, span);
    // 1 iff x >= 1, for x an integer.
    let pos = |x: Expr| bin(BinOp::Min, bin(BinOp::Max, x, zero()), one());
    let q = bin(BinOp::Div, a.clone(), b.clone());
    let r = bin(BinOp::Rem, a.clone(), b.clone());
    let is_neg = pos(neg(bin(BinOp::Shr, a, int(31, span))));
    let nz = bin(BinOp::Min, r.clone(), one());
    let fix = bin(
        BinOp::Max,
        bin(BinOp::Sub, bin(BinOp::Add, is_neg, nz), one()),
        zero(),
    );
    let lit = match b.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    };
    if rem {
        // r - |b| * fix
        let scaled = match lit {
            Some(v) => bin(BinOp::Mul, fix, int(v.saturating_abs(), span)),
            None if b_nonneg => bin(BinOp::Mul, fix, b),
            None => bin(BinOp::Mul, fix, bin(BinOp::Max, b.clone(), neg(b))),
        };
        bin(BinOp::Sub, r, scaled)
    } else {
        // q + sign(b) * fix
        match lit {
            Some(0) => q,
            Some(v) if v > 0 => bin(BinOp::Add, q, fix),
            Some(_) => bin(BinOp::Sub, q, fix),
            None if b_nonneg => bin(BinOp::Add, q, fix),
            None => bin(
                BinOp::Sub,
                bin(BinOp::Add, q, bin(BinOp::Min, fix.clone(), pos(b.clone()))),
                bin(BinOp::Min, fix, pos(neg(b))),
            ),
        }
    }
}

fn int(v: i64, span: Span) -> Expr {
    Expr::int(v, span)
}
