//! Intervals of core expressions, from C types, the geometry and the ranges of `let`s: where
//! an interval bound shows a value cannot leave its type's range, its wrap-around mask is
//! skipped. Also conditions as 0/1 integers.

use super::*;
use mapcheck_core::interval;

impl Lower<'_, '_> {
    // ---- intervals ----

    /// The limits of a geometry component: fixed by the options, else CUDA's.
    pub(super) fn component_range(&self, name: &str) -> Option<(i128, i128)> {
        let (base, comp) = name.split_once('.')?;
        let d = match comp {
            "x" => 0,
            "y" => 1,
            "z" => 2,
            _ => return None,
        };
        let fixed = |dims: Option<[u64; 3]>| dims.map(|v| i128::from(v[d]));
        let block_max = [1024, 1024, 64][d];
        let grid_max = [(1i128 << 31) - 1, 65535, 65535][d];
        Some(match base {
            "tid" => (0, fixed(self.options.block_dim).unwrap_or(block_max) - 1),
            "ntid" => fixed(self.options.block_dim).map_or((1, block_max), |v| (v, v)),
            "bid" => (0, fixed(self.options.grid_dim).unwrap_or(grid_max) - 1),
            "nbid" => fixed(self.options.grid_dim).map_or((1, grid_max), |v| (v, v)),
            _ => return None,
        })
    }

    /// An interval holding every value of `e` (in `int` mode), when one is known.
    pub(super) fn range(&self, e: &Expr) -> Option<(i128, i128)> {
        self.range_at(e, 0)
    }

    pub(super) fn range_at(&self, e: &Expr, depth: usize) -> Option<(i128, i128)> {
        if depth > 64 {
            return None;
        }
        let r = |x: &Expr| self.range_at(x, depth + 1);
        let big = 1i128 << 80;
        let clamp = |(a, b): (i128, i128)| (a >= -big && b <= big).then_some((a, b));
        match &e.kind {
            ExprKind::Int(v) => Some((i128::from(*v), i128::from(*v))),
            ExprKind::Var(n) => self
                .ranges
                .get(n)
                .copied()
                .or_else(|| self.component_range(n)),
            ExprKind::Neg(a) => {
                r(a).and_then(|(lo, hi)| Some((hi.checked_neg()?, lo.checked_neg()?)))
            }
            ExprKind::Bin(op, a, b) => {
                let (al, ah) = r(a)?;
                let (bl, bh) = r(b)?;
                match op {
                    // Checked: a parameter of 64 bits times another leaves `i128` (found by
                    // the conversions property test as an overflow panic).
                    BinOp::Add | BinOp::Sub | BinOp::Mul => {
                        clamp(interval::bin(*op, (al, ah), (bl, bh))?)
                    }
                    BinOp::Div | BinOp::UDiv if al >= 0 && bl >= 1 => Some((al / bh, ah / bl)),
                    BinOp::Rem | BinOp::URem if al >= 0 && bl >= 1 => Some((0, ah.min(bh - 1))),
                    BinOp::And if bl >= 0 && al >= 0 => Some((0, ah.min(bh))),
                    BinOp::And if bl >= 0 => Some((0, bh)),
                    // A floor division by 2^b, monotone in the shifted value.
                    BinOp::Shr | BinOp::UShr if bl == bh && (0..64).contains(&bl) && al >= 0 => {
                        Some((al >> bl, ah >> bl))
                    }
                    BinOp::Shr | BinOp::UShr if al >= 0 && bl >= 0 => Some((0, ah)),
                    BinOp::Shl if al >= 0 && bl >= 0 && bh < 64 => {
                        clamp((al.checked_mul(1i128 << bl)?, ah.checked_mul(1i128 << bh)?))
                    }
                    BinOp::Min | BinOp::UMin | BinOp::Max | BinOp::UMax => {
                        interval::bin(*op, (al, ah), (bl, bh))
                    }
                    _ => None,
                }
            }
            ExprKind::Select(_, a, b) => {
                let (al, ah) = r(a)?;
                let (bl, bh) = r(b)?;
                Some((al.min(bl), ah.max(bh)))
            }
        }
    }

    /// `c` as the integer 1 when it holds and 0 when not (C's conversion of a `bool`),
    /// written with `min`/`max` over differences of its operands, when every operand has a
    /// known interval within ±2^29 (so that the differences and the `+ 1` neither wrap in
    /// `bv32` nor leave the range where signed and unsigned comparisons agree).
    pub(super) fn indicator(&self, c: &Cond, depth: usize) -> Option<Expr> {
        const LIMIT: i128 = 1 << 29;
        if depth > 16 {
            return None;
        }
        let span = c.span;
        let one = || int(1, span);
        let zero = || int(0, span);
        let clamp = |e: Expr| Expr::bin(BinOp::Min, Expr::bin(BinOp::Max, e, zero()), one());
        let diff = |x: &Expr, y: &Expr| Expr::bin(BinOp::Sub, x.clone(), y.clone());
        Some(match &c.kind {
            CondKind::Bool(b) => int(i64::from(*b), span),
            CondKind::Cmp(op, a, b) => {
                let (al, ah) = self.range(a)?;
                let (bl, bh) = self.range(b)?;
                if al < -LIMIT || ah > LIMIT || bl < -LIMIT || bh > LIMIT {
                    return None;
                }
                let unsigned = matches!(op, CmpOp::ULt | CmpOp::ULe | CmpOp::UGt | CmpOp::UGe);
                if unsigned && (al < 0 || bl < 0) {
                    return None;
                }
                // |a - b|, clamped to 1: whether they differ.
                let differ = || {
                    Expr::bin(
                        BinOp::Min,
                        Expr::bin(BinOp::Max, diff(a, b), diff(b, a)),
                        one(),
                    )
                };
                match op {
                    CmpOp::Lt | CmpOp::ULt => clamp(diff(b, a)),
                    CmpOp::Le | CmpOp::ULe => clamp(Expr::bin(BinOp::Add, diff(b, a), one())),
                    CmpOp::Gt | CmpOp::UGt => clamp(diff(a, b)),
                    CmpOp::Ge | CmpOp::UGe => clamp(Expr::bin(BinOp::Add, diff(a, b), one())),
                    CmpOp::Ne => differ(),
                    CmpOp::Eq => Expr::bin(BinOp::Sub, one(), differ()),
                }
            }
            CondKind::Not(x) => Expr::bin(BinOp::Sub, one(), self.indicator(x, depth + 1)?),
            CondKind::And(x, y) => Expr::bin(
                BinOp::Min,
                self.indicator(x, depth + 1)?,
                self.indicator(y, depth + 1)?,
            ),
            CondKind::Or(x, y) => Expr::bin(
                BinOp::Max,
                self.indicator(x, depth + 1)?,
                self.indicator(y, depth + 1)?,
            ),
        })
    }

    /// `c` as 0 or 1: [`Self::indicator`], else a `?` in `0..=1` named `bool_to_int`.
    /// A `bool` used as an integer: 0 or 1. An arithmetic indicator when the operands' intervals
    /// give one (cheaper for the solver), else the selection `select(c, 1, 0)`.
    pub(super) fn bool_to_int(&mut self, c: &Cond, span: Span, _out: &mut Vec<Stmt>) -> Expr {
        match self.indicator(c, 0) {
            Some(e) => e,
            None => select(c.clone(), int(1, span), int(0, span), span),
        }
    }

    /// A launch precondition (`__requires(c)`) read at the kernel's top level, where every
    /// statement after it runs only in launches where it holds: its conjuncts `x CMP k` (a
    /// name, an integer literal) narrow the interval of `x` for what is lowered after it.
    /// Core names are bound once, so the fact holds wherever `x` is read after it.
    pub(super) fn assumed_ranges(&mut self, c: &Cond) {
        if !self.path.is_empty() || !self.frames.is_empty() {
            return;
        }
        match &c.kind {
            CondKind::And(a, b) => {
                self.assumed_ranges(a);
                self.assumed_ranges(b);
            }
            // `x == e` (or `(x & 0xFFFFFFFF) == e`, a 32-bit signed `x` seen unsigned, with
            // `e` below 2^31, so that `x` is `e`): `x` within `e`'s interval.
            CondKind::Cmp(CmpOp::Eq, x, y)
                if !matches!((&x.kind, &y.kind), (ExprKind::Var(_), ExprKind::Int(_)))
                    && !matches!((&x.kind, &y.kind), (ExprKind::Int(_), ExprKind::Var(_))) =>
            {
                for (a, e) in [(x, y), (y, x)] {
                    let name = match &a.kind {
                        ExprKind::Var(n) => Some(n),
                        ExprKind::Bin(BinOp::And, v, m)
                            if matches!(m.kind, ExprKind::Int(0xFFFF_FFFF)) =>
                        {
                            match &v.kind {
                                ExprKind::Var(n)
                                    if self.within(
                                        v,
                                        i128::from(i32::MIN),
                                        i128::from(i32::MAX),
                                    ) && self.within(e, 0, i128::from(i32::MAX)) =>
                                {
                                    Some(n)
                                }
                                _ => None,
                            }
                        }
                        _ => None,
                    };
                    let (Some(n), Some((el, eh))) = (name, self.range(e)) else {
                        continue;
                    };
                    let Some((lo, hi)) = self.range(&Expr::var(n.clone(), c.span)) else {
                        continue;
                    };
                    let (lo, hi) = (lo.max(el), hi.min(eh));
                    if lo <= hi {
                        self.ranges.insert(n.clone(), (lo, hi));
                    }
                    return;
                }
            }
            CondKind::Cmp(op, x, y) => {
                let (name, op, k) = match (&x.kind, &y.kind) {
                    (ExprKind::Var(n), ExprKind::Int(k)) => (n, *op, i128::from(*k)),
                    (ExprKind::Int(k), ExprKind::Var(n)) => (n, converse(*op), i128::from(*k)),
                    _ => return,
                };
                let Some((lo, hi)) = self.range(&Expr::var(name.clone(), c.span)) else {
                    return;
                };
                // An unsigned comparison (`e.width <= 4096` on a `size_t`) agrees with the
                // signed one for a nonnegative name and constant only.
                let unsigned = matches!(op, CmpOp::ULt | CmpOp::ULe | CmpOp::UGt | CmpOp::UGe);
                if unsigned && (lo < 0 || k < 0) {
                    return;
                }
                let (lo, hi) = match op {
                    CmpOp::Lt | CmpOp::ULt => (lo, hi.min(k - 1)),
                    CmpOp::Le | CmpOp::ULe => (lo, hi.min(k)),
                    CmpOp::Gt | CmpOp::UGt => (lo.max(k + 1), hi),
                    CmpOp::Ge | CmpOp::UGe => (lo.max(k), hi),
                    CmpOp::Eq => (lo.max(k), hi.min(k)),
                    CmpOp::Ne => return,
                };
                // An empty interval: no launch runs past the precondition; nothing to narrow.
                if lo <= hi {
                    self.ranges.insert(name.clone(), (lo, hi));
                }
            }
            _ => {}
        }
    }

    pub(super) fn within(&self, e: &Expr, lo: i128, hi: i128) -> bool {
        self.range(e).is_some_and(|(a, b)| a >= lo && b <= hi)
    }
}

/// `op` with its operands swapped: `k < n` is `n > k`.
fn converse(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        CmpOp::ULt => CmpOp::UGt,
        CmpOp::ULe => CmpOp::UGe,
        CmpOp::UGt => CmpOp::ULt,
        CmpOp::UGe => CmpOp::ULe,
        CmpOp::Eq | CmpOp::Ne => op,
    }
}
