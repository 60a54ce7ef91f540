//! Closed forms of loop-carried variables (issue 20, item 2): a local that a counted loop's
//! body updates once per iteration by `v = f(v)`, with `f` one of the shapes below and its
//! other operands loop-invariant, has at the start of iteration `j` the value `f^j(v0)`, which
//! these shapes write as an expression of `j` (or of `F^j`, or of `j`'s parity):
//!
//! | update (as lowered) | value at iteration `j` | valid because |
//! |---|---|---|
//! | `v = K - v`, `v = v ^ K`, `v = (K - v) & M` | `select(j even, v0, f(v0))` | `f` is an involution (the mask's on `0..=M`, where `v0` must lie) |
//! | `v = v + K`, `v = v - K` (`& M`) | `v0 ± j * K` (`& M`) | `+` commutes with reduction modulo `2^b` |
//! | `v = v * F`, `v = v << s` (`& M`) | `v0 * F^j` (`& M`) | likewise `*` |
//! | `v = v / F`, `v >> s` (floor, `udiv`, `ushr`) | `v0 / F^j` | `⌊⌊x/a⌋/b⌋ = ⌊x/(ab)⌋` for `a, b ≥ 1` |
//! | `v = trunc_div(v, F)` (C's signed `/`) | `trunc_div(v0, F^j)` | truncation composes alike |
//!
//! A pointer `p += K` is the second row on its offset. The lowering (`lower/`) knows `j`
//! only as an expression of its core loop variable: `(x - a) / k` for an additive loop,
//! `F^j = x / a` for a loop multiplying by `F`, `F^j = a / x` for a loop dividing a constant
//! power of `F` — so a scaled variable needs a loop of the same factor. Anything else stays a
//! loop-carried `?` (the havoc of `lower/loops.rs`).

use super::truncdiv::trunc_div;
use mapcheck_core::ast::*;
use mapcheck_core::span::Span;
use mapcheck_core::Structural;

/// How C's division of the variable rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Round {
    /// The core's `/` or `>>` (floor, for a positive divisor).
    Floor,
    /// `udiv` / `ushr` (floor on naturals).
    UFloor,
    /// C's signed `/` (toward zero), written by `trunc_div`.
    Trunc,
}

/// The shape of a once-per-iteration update `v = f(v)`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Closed {
    /// `f` is an involution; the other value is `f(v0)` with `v0` for `v`: `other` holds
    /// [`HOLE`] where `v` was.
    Toggle { other: Expr, mask: Option<Wrap> },
    /// `v ± K` (`neg`: `-`), reduced by `mask`.
    Linear {
        k: Expr,
        neg: bool,
        mask: Option<Wrap>,
    },
    /// `v * F`, reduced by `mask`.
    Grow { f: i64, mask: Option<Wrap> },
    /// `v / F`, rounded as `round`; a reduction after it changes nothing on start values
    /// within it (a quotient of such a value is one), so it is only checked.
    Shrink {
        f: i64,
        round: Round,
        wrap: Option<Wrap>,
    },
}

impl Structural for Closed {
    fn erase_spans(&mut self) {
        match self {
            Closed::Toggle { other: e, .. } | Closed::Linear { k: e, .. } => e.erase_spans(),
            Closed::Grow { .. } | Closed::Shrink { .. } => {}
        }
    }
}

/// C's reduction of a result to its type, as the lowering writes it (`convert_int`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wrap {
    /// `e & (2^b - 1)` (unsigned).
    Mask(i64),
    /// `((e + 2^(b-1)) & (2^b - 1)) - 2^(b-1)` (signed), by `2^(b-1)`.
    Signed(i64),
}

impl Wrap {
    /// The values the reduction keeps unchanged (where the variable's start value must lie).
    pub(crate) fn range(self) -> (i128, i128) {
        match self {
            Wrap::Mask(m) => (0, i128::from(m)),
            Wrap::Signed(h) => (-i128::from(h), i128::from(h) - 1),
        }
    }

    /// The width it reduces to.
    fn bits(self) -> u32 {
        match self {
            Wrap::Mask(m) => (m as u64 + 1).trailing_zeros(),
            Wrap::Signed(h) => (h as u64).trailing_zeros() + 1,
        }
    }

    fn apply(self, e: Expr) -> Expr {
        let span = e.span;
        match self {
            Wrap::Mask(m) => Expr::bin(BinOp::And, e, Expr::int(m, span)),
            Wrap::Signed(h) => Expr::bin(
                BinOp::Sub,
                Expr::bin(
                    BinOp::And,
                    Expr::bin(BinOp::Add, e, Expr::int(h, span)),
                    Expr::int(2 * h - 1, span),
                ),
                Expr::int(h, span),
            ),
        }
    }
}

/// The stand-in for the variable in [`Closed::Toggle`]'s `other`.
pub(crate) const HOLE: &str = "\u{0}v";

/// What is known of the iteration count `j` at some point (inside the loop, or at its end).
#[derive(Clone, Debug, Default)]
pub(crate) struct Counter {
    /// `j`.
    pub j: Option<Expr>,
    /// The loop's factor `F` and `F^j`.
    pub pow: Option<(i64, Expr)>,
    /// `j` is even.
    pub even: Option<Cond>,
}

fn lit(e: &Expr) -> Option<i64> {
    match e.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    }
}

fn is_var(e: &Expr, v: &str) -> bool {
    matches!(&e.kind, ExprKind::Var(n) if n == v)
}

fn uses(e: &Expr, v: &str) -> bool {
    let mut hit = false;
    e.for_each_var(&mut |n, _| hit |= n == v);
    hit
}

/// `2^b - 1` for the widths C's integer types reduce by.
fn is_mask(m: i64) -> bool {
    matches!(m, 0xff | 0xffff | 0xffff_ffff)
}

/// The update `v = e` as one of the shapes of the module doc, `v` being the core name `h`.
/// `invariant` says whether an operand is the same in every iteration.
pub(crate) fn derive(e: &Expr, h: &str, invariant: &dyn Fn(&Expr) -> bool) -> Option<Closed> {
    let ok = |k: &Expr| !uses(k, h) && invariant(k);
    // Reductions of one width nest into the outermost (they agree modulo 2^b), and the
    // variable reduced to that width inside is the variable (its start value is within the
    // outermost's range, checked by the caller, and so is every later value) — for the ring
    // operations, not for a quotient.
    let (mut inner, mask) = unwrap(e);
    let mut nested = false;
    while let (x, Some(w)) = unwrap(inner) {
        if Some(w.bits()) != mask.map(Wrap::bits) {
            break;
        }
        inner = x;
        nested = true;
    }
    let stripped;
    let inner = match mask {
        Some(w) => {
            let (x, n) = strip_var(inner, h, w.bits());
            nested |= n;
            stripped = x;
            &stripped
        }
        None => inner,
    };
    let f = derive_bare(inner, h, mask, &ok, e.span)?;
    if nested && matches!(f, Closed::Shrink { .. }) {
        return None;
    }
    Some(f)
}

/// `e` with `h` reduced to `bits` replaced by `h`, and whether any was.
fn strip_var(e: &Expr, h: &str, bits: u32) -> (Expr, bool) {
    if let (x, Some(w)) = unwrap(e) {
        if w.bits() == bits && is_var(x, h) {
            return (x.clone(), true);
        }
    }
    match &e.kind {
        ExprKind::Bin(op, a, b) => {
            let (a, x) = strip_var(a, h, bits);
            let (b, y) = strip_var(b, h, bits);
            (
                Expr::new(ExprKind::Bin(*op, Box::new(a), Box::new(b)), e.span),
                x || y,
            )
        }
        _ => (e.clone(), false),
    }
}

fn derive_bare(
    inner: &Expr,
    h: &str,
    mask: Option<Wrap>,
    ok: &dyn Fn(&Expr) -> bool,
    span: Span,
) -> Option<Closed> {
    let ExprKind::Bin(op, a, b) = &inner.kind else {
        return None;
    };
    let shift = |s: &Expr| lit(s).filter(|s| (1..=30).contains(s)).map(|s| 1i64 << s);
    let factor = |f: &Expr| lit(f).filter(|f| (2..=i64::from(i32::MAX)).contains(f));
    let hole = || Expr::var(HOLE, span);
    Some(match op {
        BinOp::Sub if is_var(b, h) && ok(a) => Closed::Toggle {
            other: Expr::bin(BinOp::Sub, (**a).clone(), hole()),
            mask,
        },
        // A reduction keeps the low bits, which `^` acts on bit by bit: still an involution.
        BinOp::Xor if is_var(a, h) && ok(b) => Closed::Toggle {
            other: Expr::bin(BinOp::Xor, hole(), (**b).clone()),
            mask,
        },
        BinOp::Xor if is_var(b, h) && ok(a) => Closed::Toggle {
            other: Expr::bin(BinOp::Xor, (**a).clone(), hole()),
            mask,
        },
        BinOp::Add if is_var(a, h) && ok(b) => Closed::Linear {
            k: (**b).clone(),
            neg: false,
            mask,
        },
        BinOp::Add if is_var(b, h) && ok(a) => Closed::Linear {
            k: (**a).clone(),
            neg: false,
            mask,
        },
        BinOp::Sub if is_var(a, h) && ok(b) => Closed::Linear {
            k: (**b).clone(),
            neg: true,
            mask,
        },
        BinOp::Mul if is_var(a, h) => Closed::Grow {
            f: factor(b)?,
            mask,
        },
        BinOp::Mul if is_var(b, h) => Closed::Grow {
            f: factor(a)?,
            mask,
        },
        BinOp::Shl if is_var(a, h) => Closed::Grow { f: shift(b)?, mask },
        BinOp::Div if is_var(a, h) => Closed::Shrink {
            f: factor(b)?,
            round: Round::Floor,
            wrap: mask,
        },
        BinOp::UDiv if is_var(a, h) => Closed::Shrink {
            f: factor(b)?,
            round: Round::UFloor,
            wrap: mask,
        },
        BinOp::Shr if is_var(a, h) => Closed::Shrink {
            f: shift(b)?,
            round: Round::Floor,
            wrap: mask,
        },
        BinOp::UShr if is_var(a, h) => Closed::Shrink {
            f: shift(b)?,
            round: Round::UFloor,
            wrap: mask,
        },
        _ => {
            // C's signed `/` by a positive constant, as `trunc_div` writes it.
            let f = (2..=64)
                .chain([128, 256, 512, 1024])
                .find(|f| inner.same_shape(&trunc_by(h, *f, span)))?;
            Closed::Shrink {
                f,
                round: Round::Trunc,
                wrap: mask,
            }
        }
    })
}

/// `e` without C's reduction to its type, and the reduction.
fn unwrap(e: &Expr) -> (&Expr, Option<Wrap>) {
    if let ExprKind::Bin(BinOp::And, x, m) = &e.kind {
        if let Some(m) = lit(m).filter(|m| is_mask(*m)) {
            return (x, Some(Wrap::Mask(m)));
        }
    }
    if let ExprKind::Bin(BinOp::Sub, x, h) = &e.kind {
        if let (ExprKind::Bin(BinOp::And, y, m), Some(h)) = (&x.kind, lit(h)) {
            if let (ExprKind::Bin(BinOp::Add, z, h2), Some(m)) = (&y.kind, lit(m)) {
                if lit(h2) == Some(h) && is_mask(m) && m == 2 * h - 1 {
                    return (z, Some(Wrap::Signed(h)));
                }
            }
        }
    }
    (e, None)
}

fn trunc_by(h: &str, f: i64, span: Span) -> Expr {
    trunc_div(Expr::var(h, span), Expr::int(f, span), false, true, span)
}

/// The reduction a closed form applies, which the start value must already satisfy.
pub(crate) fn mask_of(c: &Closed) -> Option<Wrap> {
    match c {
        Closed::Toggle { mask, .. } | Closed::Linear { mask, .. } | Closed::Grow { mask, .. } => {
            *mask
        }
        Closed::Shrink { wrap, .. } => *wrap,
    }
}

/// Whether `new` is `old` without its reduction: the lowering leaves a reduction out where
/// the value provably fits the type, so a body lowered with `old`'s values computes `old`'s
/// next value either way.
pub(crate) fn unwrapped_of(old: &Closed, new: &Closed) -> bool {
    let bare = |c: &Closed| match c.clone() {
        Closed::Toggle { other, .. } => Closed::Toggle { other, mask: None },
        Closed::Linear { k, neg, .. } => Closed::Linear { k, neg, mask: None },
        Closed::Grow { f, .. } => Closed::Grow { f, mask: None },
        Closed::Shrink { f, round, .. } => Closed::Shrink {
            f,
            round,
            wrap: None,
        },
    };
    mask_of(new).is_none() && mask_of(old).is_some() && bare(old).same_shape(new)
}

/// `e` with [`HOLE`] replaced by `v0`.
fn fill(e: &Expr, v0: &Expr) -> Expr {
    let kind = match &e.kind {
        ExprKind::Var(n) if n == HOLE => return v0.clone(),
        ExprKind::Bin(op, a, b) => ExprKind::Bin(*op, Box::new(fill(a, v0)), Box::new(fill(b, v0))),
        ExprKind::Neg(a) => ExprKind::Neg(Box::new(fill(a, v0))),
        k => k.clone(),
    };
    Expr::new(kind, e.span)
}

/// Folds an operation on two literals when both arithmetic modes agree on it (every value
/// involved within 32-bit signed range, bitwise operations on naturals).
pub(crate) fn fold(e: Expr) -> Expr {
    // A reduction of a literal is the literal's value in the type.
    if let (inner, Some(w)) = unwrap(&e) {
        if let Some(v) = lit(&fold(inner.clone())) {
            let v = i128::from(v);
            let r = match w {
                Wrap::Mask(m) => v.rem_euclid(i128::from(m) + 1),
                Wrap::Signed(h) => {
                    let h = i128::from(h);
                    (v + h).rem_euclid(2 * h) - h
                }
            };
            if let Ok(r) = i64::try_from(r) {
                return Expr::int(r, e.span);
            }
        }
    }
    let ExprKind::Bin(op, a, b) = &e.kind else {
        return e;
    };
    let (a, b) = (fold((**a).clone()), fold((**b).clone()));
    let small = |v: i64| i64::from(i32::MIN) <= v && v <= i64::from(i32::MAX);
    if let (Some(x), Some(y)) = (lit(&a), lit(&b)) {
        let r = match op {
            BinOp::Add => x.checked_add(y),
            BinOp::Sub => x.checked_sub(y),
            BinOp::Mul => x.checked_mul(y),
            BinOp::Xor if x >= 0 && y >= 0 => Some(x ^ y),
            BinOp::And if x >= 0 && y >= 0 => Some(x & y),
            BinOp::Or if x >= 0 && y >= 0 => Some(x | y),
            _ => None,
        };
        if let Some(r) = r.filter(|r| small(x) && small(y) && small(*r)) {
            return Expr::int(r, e.span);
        }
    }
    Expr::new(ExprKind::Bin(*op, Box::new(a), Box::new(b)), e.span)
}

/// The variable's value where the counter is `at`, from its value `v0` before the loop;
/// `None` when `at` lacks what the shape needs.
pub(crate) fn value(c: &Closed, v0: &Expr, at: &Counter) -> Option<Expr> {
    let span = v0.span;
    let masked = |e: Expr, mask: Option<Wrap>| match mask {
        Some(w) => w.apply(e),
        None => e,
    };
    Some(match c {
        Closed::Toggle { other, mask } => {
            let even = at.even.clone()?;
            let other = fold(masked(fill(other, v0), *mask));
            match even.kind {
                CondKind::Bool(true) => v0.clone(),
                CondKind::Bool(false) => other,
                _ => Expr::new(
                    ExprKind::Select(Box::new(even), Box::new(v0.clone()), Box::new(other)),
                    span,
                ),
            }
        }
        Closed::Linear { k, neg, mask } => {
            let j = at.j.clone()?;
            let step = match (lit(&j), lit(k)) {
                (Some(0), _) => return Some(v0.clone()),
                (Some(1), _) => k.clone(),
                (_, Some(1)) => j,
                _ => Expr::bin(BinOp::Mul, j, k.clone()),
            };
            let op = if *neg { BinOp::Sub } else { BinOp::Add };
            fold(masked(Expr::bin(op, v0.clone(), step), *mask))
        }
        Closed::Grow { f, mask } => {
            let (g, p) = at.pow.clone()?;
            if g != *f {
                return None;
            }
            fold(masked(Expr::bin(BinOp::Mul, v0.clone(), p), *mask))
        }
        Closed::Shrink { f, round, .. } => {
            let (g, p) = at.pow.clone()?;
            if g != *f {
                return None;
            }
            match round {
                Round::Floor => Expr::bin(BinOp::Div, v0.clone(), p),
                Round::UFloor => Expr::bin(BinOp::UDiv, v0.clone(), p),
                // `trunc_div` repeats its operands: pure, so only the size grows.
                Round::Trunc => trunc_div(v0.clone(), p, false, true, span),
            }
        }
    })
}
