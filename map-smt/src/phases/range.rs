//! A loop's range in the phase split: its next value, its continuation test, and the
//! iteration predicate ("`v` is a value the loop variable takes") that the straddling phases
//! of a barrier loop and the queries use, with geometric loops unrolled.

use mapcheck_core::ast::{BinOp, CmpOp, Direction, StepOp};
use mapcheck_core::Arith;
use mapcheck_typeck::term::{Cond, CondKind, Expr, ExprKind, Range};

/// `v OP amount`: the loop's next value after `v`.
pub fn step(v: &Expr, range: &Range) -> Expr {
    Expr::bin(range.step.op.bin_op(), v.clone(), range.step.amount.clone())
}

/// Whether a value satisfies the loop's continuation test (`v < bound` up, `v > bound` down).
pub fn in_range(v: &Expr, range: &Range) -> Cond {
    let op = match range.dir {
        Direction::Up => CmpOp::Lt,
        Direction::Down => CmpOp::Gt,
    };
    Cond::new(CondKind::Cmp(op, v.clone(), range.bound.clone()), v.span)
}

/// How many iterations a geometric loop (`*k`, `/k`, `<<k`, `>>k`) is unrolled to in the
/// iteration predicate: past these, values repeat or leave the range for a start of 0 or more
/// and a factor other than an odd one in `bv32`. Where they may not (a negative start that
/// `*2` sends towards -∞ in `int` mode, `*3` cycling through 2^30 words in `bv32`), the loop
/// has not ended by then, and the predicate admits every value in range after the last one
/// unrolled (see [`iteration`]).
fn geometric_unroll(arith: Arith) -> usize {
    match arith {
        Arith::Int => 64,
        Arith::Bv32 => 33,
        Arith::Bv64 => 65,
    }
}

/// "`v` is a value the loop variable takes": `v` is the start stepped some number of times, and
/// it and every value before it passed the continuation test.
pub fn iteration(v: &Expr, range: &Range, arith: Arith) -> Cond {
    let span = v.span;
    let cmp = |op, a: Expr, b: Expr| Cond::new(CondKind::Cmp(op, a, b), span);
    let and = |a: Cond, b: Cond| Cond::new(CondKind::And(Box::new(a), Box::new(b)), span);
    match range.step.op {
        StepOp::Add | StepOp::Sub => {
            let (lo_ok, hi_ok, distance) = match range.dir {
                Direction::Up => (
                    cmp(CmpOp::Le, range.start.clone(), v.clone()),
                    in_range(v, range),
                    Expr::bin(BinOp::Sub, v.clone(), range.start.clone()),
                ),
                Direction::Down => (
                    cmp(CmpOp::Ge, range.start.clone(), v.clone()),
                    in_range(v, range),
                    Expr::bin(BinOp::Sub, range.start.clone(), v.clone()),
                ),
            };
            let mut c = and(lo_ok, hi_ok);
            // An ascending `+k` loop goes up only for k > 0; a descending `-k` one likewise.
            let positive = cmp(CmpOp::Gt, range.step.amount.clone(), Expr::int(0, span));
            if range.step.amount.kind != ExprKind::Int(1) {
                let on_grid = cmp(
                    CmpOp::Eq,
                    Expr::bin(BinOp::Rem, distance, range.step.amount.clone()),
                    Expr::int(0, span),
                );
                c = and(c, on_grid);
                c = and(c, positive);
            }
            c
        }
        StepOp::Mul | StepOp::Div | StepOp::Shl | StepOp::Shr => {
            // v_0 = start, v_{j+1} = step(v_j); v is an iteration when v = v_j for some j with
            // v_0 .. v_j all in range. Nested, so the term stays linear in the unrolling:
            // in(v_0) && (v == v_0 || in(v_1) && (v == v_1 || ...)).
            let mut values = vec![range.start.clone()];
            for _ in 1..geometric_unroll(arith) {
                let next = fold(&step(values.last().unwrap_or(&range.start), range), arith);
                values.push(next);
            }
            let or = |a: Cond, b: Cond| Cond::new(CondKind::Or(Box::new(a), Box::new(b)), span);
            // Still in range and still moving after the unrolled iterations: the loop goes on,
            // through values the unrolling does not name; any value in range over-approximates
            // them, so that no iteration is left out (a witness from here that no run has is
            // not replayed, and stays potential). A value its step leaves in place repeats
            // forever and names nothing new. For a start >= 0 in `int` mode, and for even
            // factors in `bv32`, this is unsatisfiable: by then the values have reached a fixed
            // point or passed any bound below 2^63.
            let last = values.last().unwrap_or(&range.start);
            let beyond = fold(&step(last, range), arith);
            let moving = cmp(CmpOp::Ne, beyond.clone(), last.clone());
            let mut acc = and(and(in_range(&beyond, range), moving), in_range(v, range));
            for value in values.iter().rev() {
                acc = and(
                    in_range(value, range),
                    or(cmp(CmpOp::Eq, v.clone(), value.clone()), acc),
                );
            }
            acc
        }
    }
}

/// `a OP b` computed when both are literals (as `core::arith` computes it), else unchanged.
fn fold(e: &Expr, arith: Arith) -> Expr {
    if let ExprKind::Bin(op, a, b) = &e.kind {
        if let (ExprKind::Int(x), ExprKind::Int(y)) = (&a.kind, &b.kind) {
            let value = arith.bin(
                *op,
                arith.value(i128::from(*x)),
                arith.value(i128::from(*y)),
            );
            if let Some(v) = value.ok().and_then(|v| i64::try_from(v).ok()) {
                return Expr::int(v, e.span);
            }
        }
    }
    e.clone()
}
