//! Intervals of integers: the least and greatest value a term can take, and the interval of a
//! sum, difference, product, minimum or maximum of two, computed in `i128` without overflow.
//! Two stages read them: the CUDA lowering (intervals from C types and the geometry, to skip
//! wrap-around masks a value cannot need) and the encoder (intervals from the bounds a query
//! asserts, to fold terms they decide).

use crate::ast::BinOp;

/// The least and the greatest value.
pub type Interval = (i128, i128);

/// The interval of `x OP y` for `x` in `(a, b)` and `y` in `(c, d)`, for `+ - * min max`
/// (the unsigned `min`/`max` as the signed ones: callers use them where values agree), when
/// no bound overflows `i128`; `None` for any other operator.
pub fn bin(op: BinOp, (a, b): Interval, (c, d): Interval) -> Option<Interval> {
    match op {
        BinOp::Add => Some((a.checked_add(c)?, b.checked_add(d)?)),
        BinOp::Sub => Some((a.checked_sub(d)?, b.checked_sub(c)?)),
        BinOp::Mul => {
            let products = [
                a.checked_mul(c)?,
                a.checked_mul(d)?,
                b.checked_mul(c)?,
                b.checked_mul(d)?,
            ];
            Some((*products.iter().min()?, *products.iter().max()?))
        }
        BinOp::Min | BinOp::UMin => Some((a.min(c), b.min(d))),
        BinOp::Max | BinOp::UMax => Some((a.max(c), b.max(d))),
        _ => None,
    }
}
