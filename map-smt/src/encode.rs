//! Pass 3 — encoding: expressions, conditions and access paths of one thread copy as z3 terms,
//! in `int` (mathematical integers) or `bv32` (32-bit words) arithmetic.
//!
//! The meaning of every operator is `mapcheck_core::arith`'s — Euclidean division and
//! remainder with `x / 0 = 0` and `x % 0 = x`, shifts as there, signed and unsigned forms in
//! `bv32` — and the cross-check tests hold the two definitions against each other.
//!
//! **What is trusted here.** That z3 decides the quantifier-free queries built here correctly;
//! that this file encodes each operator as `core::arith` evaluates it (tested on random
//! values); and that symbols keep the two thread copies apart: a variable is *shared* (one z3
//! constant) when the query says so — parameters, geometry, the block id of a block-level
//! query, barrier-loop variables of the phase — and otherwise *per copy* ([`Symbol::side`]).
//! Per-thread unknowns are per-copy constants: each copy encodes one access, so an unknown is
//! evaluated at one point per copy and a constant is as free as a function of the loop
//! variables. A constant's z3 name is made from its [`Symbol`] by [`z3_name`] alone (`name`,
//! `name@1`, `name@2`) and never read back: the encoder keeps the symbol of every name.
//!
//! In `int` mode the bitwise operations the arithmetic cannot express exactly (SPEC §4) were
//! replaced by unknowns in the MAP; if one reaches this file anyway it is encoded as a fresh
//! unconstrained value, which over-approximates.

use crate::pairs::Step;
use crate::phases::iteration;
use mapcheck_core::arith::MAX_EXACT_SHIFT;
use mapcheck_core::ast::{BinOp, Builtin, CmpOp};
use mapcheck_core::interval;
use mapcheck_core::Arith;
use mapcheck_typeck::term::{Cond, CondKind, Expr, ExprKind};
use mapcheck_typeck::Var;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use z3::ast::{Ast, Bool, Dynamic, Int, BV};

/// A z3 term of the mode's sort.
#[derive(Clone, Debug)]
pub enum Val {
    I(Int),
    B(BV),
}

/// Which of the two threads of a query a term belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    One,
    Two,
}

/// A constant of a query: a variable, and the thread copy it belongs to (`None` when the two
/// copies share it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Symbol {
    pub var: Var,
    pub side: Option<Side>,
}

/// The z3 name of a constant: the variable as printed, then `@1` or `@2` for a per-copy one
/// (the only place a name is made; nothing parses it).
pub fn z3_name(symbol: &Symbol) -> String {
    let base = match &symbol.var {
        Var::Fresh(n) => format!("inexact!{n}"),
        var => var.to_string(),
    };
    match symbol.side {
        None => base,
        Some(Side::One) => format!("{base}@1"),
        Some(Side::Two) => format!("{base}@2"),
    }
}

/// Builds terms and remembers every constant it declared, for decoding models.
#[derive(Debug)]
pub struct Encoder {
    pub arith: Arith,
    /// Variables shared by both copies (source names and barrier-loop variables' copies for
    /// the next iteration).
    pub shared: BTreeSet<Var>,
    /// Every constant declared, by z3 name (the order in which models are made canonical and
    /// witnesses read): its symbol and its term.
    consts: BTreeMap<String, (Symbol, Val)>,
    fresh: usize,
    /// Bounds of `int` terms that every query made of this encoder's terms asserts
    /// ([`Encoder::assert_range`]), and those derived from them ([`Encoder::range`]).
    ranges: HashMap<Dynamic, Range>,
}

/// The least and greatest value an `int` term can take in a model of its query.
type Range = interval::Interval;

/// The fewest rows of a `select` chain [`Encoder::table`] encodes as a function: below, the
/// chain's `ite`s cost z3 little.
const TABLE_MIN: usize = 8;

/// The widest domain [`Encoder::table`] defines a table on: one ground fact per value.
const TABLE_MAX: i128 = 4096;

impl Encoder {
    pub fn new(arith: Arith, shared: BTreeSet<Var>) -> Self {
        Encoder {
            arith,
            shared,
            consts: BTreeMap::new(),
            fresh: 0,
            ranges: HashMap::new(),
        }
    }

    /// The symbol of `var` in `side`: shared when it is a shared variable.
    pub fn symbol(&self, var: &Var, side: Side) -> Symbol {
        let shared = self.shared.contains(var);
        Symbol {
            var: var.clone(),
            side: (!shared).then_some(side),
        }
    }

    /// The term of `var` in `side`, if it was declared (or defined).
    pub fn get(&self, var: &Var, side: Side) -> Option<&Val> {
        self.declared(&self.symbol(var, side))
    }

    /// The term of `symbol`, if it was declared (or defined).
    pub fn declared(&self, symbol: &Symbol) -> Option<&Val> {
        self.consts.get(&z3_name(symbol)).map(|(_, v)| v)
    }

    /// [`Encoder::get`] of a source name (a parameter, a built-in, a loop variable).
    pub fn get_source(&self, name: &str, side: Side) -> Option<&Val> {
        self.get(&Var::from(name), side)
    }

    /// The one term of the source name `name` when the two copies share it and it was
    /// declared (a parameter, a size, a barrier-loop variable of the phase).
    pub fn get_shared(&self, name: &str) -> Option<&Val> {
        self.get_shared_var(&Var::from(name))
    }

    /// The constant of the shared variable `var` (a barrier-loop variable, primed or not), if
    /// declared.
    pub fn get_shared_var(&self, var: &Var) -> Option<&Val> {
        self.declared(&Symbol {
            var: var.clone(),
            side: None,
        })
    }

    /// The constants of `side` a witness shows per thread (loop variables, values read,
    /// unknowns; not the built-ins nor the encoder's own fresh values), by z3 name.
    pub fn per_thread(&self, side: Side) -> impl Iterator<Item = (&Var, &Val)> {
        self.consts.values().filter_map(move |(symbol, v)| {
            let shown = match &symbol.var {
                Var::Source(name) => Builtin::from_name(name).is_none(),
                Var::Unknown(_) | Var::Next(_) => true,
                Var::Fresh(_) => false,
            };
            (symbol.side == Some(side) && shown).then_some((&symbol.var, v))
        })
    }

    /// The constant for `var` in `side`, declared on first use.
    pub fn var(&mut self, var: &Var, side: Side) -> Val {
        let symbol = self.symbol(var, side);
        let name = z3_name(&symbol);
        if let Some((known, v)) = self.consts.get(&name) {
            // Distinct symbols have distinct names: a source name has no `?`, `!`, `@` or `'`.
            debug_assert_eq!(*known, symbol, "two symbols named {name}");
            return v.clone();
        }
        let v = match self.arith {
            Arith::Int => Val::I(Int::new_const(name.as_str())),
            Arith::Bv32 | Arith::Bv64 => Val::B(BV::new_const(name.as_str(), self.width())),
        };
        self.consts.insert(name, (symbol, v.clone()));
        v
    }

    /// [`Encoder::var`] of a source name (a parameter, a built-in, a loop variable).
    pub fn source(&mut self, name: &str, side: Side) -> Val {
        self.var(&Var::from(name), side)
    }

    /// Makes the source name `name` in `side` stand for `value` instead of a constant of its
    /// own: a fixed geometry is a literal in every term, so that `bid.x * 128` stays linear
    /// for the solver.
    pub fn define(&mut self, name: &str, side: Side, value: Val) {
        self.define_var(&Var::from(name), side, value);
    }

    /// [`Encoder::define`] of any variable (a barrier-loop variable, primed or not).
    pub fn define_var(&mut self, var: &Var, side: Side, value: Val) {
        let symbol = self.symbol(var, side);
        self.consts.insert(z3_name(&symbol), (symbol, value));
    }

    /// Records that `lo <= v <= hi` holds in every model of every query built from this
    /// encoder's terms: the caller asserts it in the query (a thread id below its block's
    /// size, a parameter within its type). `int` mode only; the words of `bv32`/`bv64` wrap.
    ///
    /// The terms built afterwards are simplified by these bounds ([`Encoder::expr`]): a
    /// division or remainder whose dividend lies within one multiple of the divisor becomes
    /// its value or its dividend, a comparison the bounds decide becomes its truth value. Each
    /// is equal to the term it replaces in every model of the query, so no answer changes; the
    /// query z3 sees is smaller. Without it, `__mulhi(t, 0x55555556)` on a block of 96 threads
    /// (`tests/cuda/intrin_mulhi_magic_div.cu`; the lowering's 16-bit halves, exact for any
    /// operands) kept `(div t 65536)`, `(mod t 65536)` and `(< t 0)` for `0 <= t < 96`, and z3's
    /// simplex spent 0.2–1.5 s on each `unsat` check in big rationals, how long depending on the
    /// order the terms were made in (papers/benchmarks.md, "Issue 15: session 14").
    ///
    /// Recorded only for the ids of a fixed geometry: with the symbolic bounds (`tid < 1024`)
    /// as well, the non-linear queries of a loop `step *K` took minutes instead of seconds —
    /// not wrong, but z3's search on them depends on the terms' shape, and with the ranges
    /// of a symbolic geometry left out their terms are what they were.
    pub fn assert_range(&mut self, v: &Val, lo: i128, hi: i128) {
        if let Val::I(x) = v {
            let known = self.range(x);
            let (lo, hi) = match known {
                Some((a, b)) => (lo.max(a), hi.min(b)),
                None => (lo, hi),
            };
            if lo <= hi && int_value(x).is_none() {
                self.ranges.insert(Dynamic::from_ast(x), (lo, hi));
            }
        }
    }

    /// The bounds of `x` known to this encoder: a numeral's value, or what
    /// [`Encoder::assert_range`] recorded or the encoding derived.
    fn range(&self, x: &Int) -> Option<Range> {
        match int_value(x) {
            Some(v) => Some((v, v)),
            None => self.ranges.get(&Dynamic::from_ast(x)).copied(),
        }
    }

    /// `v` with its derived range recorded (when there is one).
    fn ranged(&mut self, v: Int, range: Option<Range>) -> Val {
        if let Some((lo, hi)) = range {
            if lo == hi {
                return Val::I(int_lit(lo));
            }
            self.ranges.insert(Dynamic::from_ast(&v), (lo, hi));
        }
        Val::I(v)
    }

    fn fresh(&mut self, side: Side) -> Val {
        self.fresh += 1;
        self.var(&Var::Fresh(self.fresh), side)
    }

    /// The width of a word (only asked in the word modes).
    fn width(&self) -> u32 {
        self.arith.bits().unwrap_or(32)
    }

    pub fn lit(&self, value: i128) -> Val {
        let value = self.arith.value(value);
        match self.arith {
            Arith::Int => Val::I(int_lit(value)),
            Arith::Bv32 | Arith::Bv64 => Val::B(BV::from_i64(value as i64, self.width())),
        }
    }

    pub fn expr(&mut self, e: &Expr, side: Side) -> Val {
        match &e.kind {
            ExprKind::Int(v) => self.lit(i128::from(*v)),
            ExprKind::Var(name) => self.var(name, side),
            ExprKind::Neg(a) => match self.expr(a, side) {
                Val::I(a) => {
                    let range = self
                        .range(&a)
                        .and_then(|(lo, hi)| Some((hi.checked_neg()?, lo.checked_neg()?)));
                    self.ranged(a.unary_minus(), range)
                }
                Val::B(a) => Val::B(a.bvneg()),
            },
            ExprKind::Bin(op, a, b) => {
                let literal = |e: &Expr| match e.kind {
                    ExprKind::Int(v) => Some(v),
                    _ => None,
                };
                let (la, lb) = (literal(a), literal(b));
                let (x, y) = (self.expr(a, side), self.expr(b, side));
                match (x, y) {
                    (Val::I(x), Val::I(y)) => self.int_bin(*op, x, y, la, lb, side),
                    (Val::B(x), Val::B(y)) => {
                        Val::B(by_power_of_two(*op, &x, lb).unwrap_or_else(|| bv_bin(*op, &x, &y)))
                    }
                    // Unreachable: one encoder has one sort.
                    (x, _) => x,
                }
            }
            ExprKind::Select(c, a, b) => {
                if let Some(v) = self.table(e, side) {
                    return v;
                }
                let c = self.cond(c, side);
                match c.as_bool() {
                    Some(true) => return self.expr(a, side),
                    Some(false) => return self.expr(b, side),
                    None => {}
                }
                match (self.expr(a, side), self.expr(b, side)) {
                    (Val::I(x), Val::I(y)) => {
                        let range = self
                            .range(&x)
                            .zip(self.range(&y))
                            .map(|((a, b), (c, d))| (a.min(c), b.max(d)));
                        self.ranged(c.ite(&x, &y), range)
                    }
                    (Val::B(x), Val::B(y)) => Val::B(c.ite(&x, &y)),
                    // Unreachable: one encoder has one sort.
                    (x, _) => x,
                }
            }
        }
    }

    /// A lookup table `select(x == k0, v0, select(x == k1, v1, ... vd))` (literal keys and
    /// entries, one `x`, at least [`TABLE_MIN`] rows) over an `int` term `x` whose range the
    /// encoder knows and is at most [`TABLE_MAX`] wide, as the application `T(x)` of a function
    /// symbol defined on that range (`solve::lemmas`, which says why and why it is sound);
    /// `None` for any other term, which [`Encoder::expr`] encodes as `ite`s.
    fn table(&mut self, e: &Expr, side: Side) -> Option<Val> {
        let literal = |e: &Expr| match e.kind {
            ExprKind::Int(v) => Some(i128::from(v)),
            _ => None,
        };
        let mut rows: Vec<(i128, i128)> = Vec::new();
        let mut key: Option<&Expr> = None;
        let mut at = e;
        let default = loop {
            match &at.kind {
                ExprKind::Select(c, a, b) => {
                    let CondKind::Cmp(CmpOp::Eq, x, k) = &c.kind else {
                        return None;
                    };
                    let (x, k) = match (literal(x), literal(k)) {
                        (None, Some(v)) => (x, v),
                        (Some(v), None) => (k, v),
                        _ => return None,
                    };
                    if key.is_some_and(|y| y != x) {
                        return None;
                    }
                    key = Some(x);
                    rows.push((k, literal(a)?));
                    at = b;
                }
                ExprKind::Int(v) => break i128::from(*v),
                _ => return None,
            }
        };
        if rows.len() < TABLE_MIN || self.arith != Arith::Int {
            return None;
        }
        let Val::I(x) = self.expr(key?, side) else {
            return None;
        };
        let (lo, hi) = self.range(&x)?;
        if hi < lo || hi - lo >= TABLE_MAX {
            return None;
        }
        let entries: Vec<i128> = (lo..=hi)
            .map(|v| {
                rows.iter()
                    .find(|(k, _)| *k == v)
                    .map_or(default, |(_, e)| *e)
            })
            .collect();
        let (min, max) = (entries.iter().min()?, entries.iter().max()?);
        let t = crate::solve::lemmas::table(lo, &entries);
        let at = crate::solve::lemmas::apply(&t, &x, (lo, hi), (*min, *max))?;
        Some(self.ranged(at, Some((*min, *max))))
    }

    fn int_bin(
        &mut self,
        op: BinOp,
        x: Int,
        y: Int,
        lx: Option<i64>,
        ly: Option<i64>,
        side: Side,
    ) -> Val {
        let (rx, ry) = (self.range(&x), self.range(&y));
        if let Some(v) = fold(op, &x, &y, rx, ry, ly) {
            let range = self.range(&v);
            return self.ranged(v, range);
        }
        let range = bin_range(op, rx, ry, ly);
        let zero = Int::from_i64(0);
        let is_zero = y.eq(&zero);
        let v = match op {
            BinOp::Add => Int::add(&[x, y]),
            BinOp::Sub => Int::sub(&[x, y]),
            BinOp::Mul => Int::mul(&[x, y]),
            BinOp::Div | BinOp::UDiv => is_zero.ite(&zero, &x.div(&y)),
            BinOp::Rem | BinOp::URem => is_zero.ite(&x, &x.modulo(&y)),
            BinOp::Shl => match ly {
                Some(k) if k < 0 => zero,
                Some(k) if k < MAX_EXACT_SHIFT => Int::mul(&[x, pow2(k)]),
                _ => return self.fresh(side),
            },
            // Floor division by a positive power of two, which is what `>>` is.
            BinOp::Shr | BinOp::UShr => match ly {
                Some(k) if k < 0 => zero,
                Some(k) if k < MAX_EXACT_SHIFT => x.div(pow2(k)),
                _ => return self.fresh(side),
            },
            BinOp::And => {
                let mask = |c: Option<i64>| {
                    c.filter(|c| *c >= 0 && (*c as u64).wrapping_add(1).is_power_of_two())
                };
                match (mask(lx), mask(ly)) {
                    (_, Some(m)) => x.modulo(int_lit(i128::from(m) + 1)),
                    (Some(m), _) => y.modulo(int_lit(i128::from(m) + 1)),
                    _ => return self.fresh(side),
                }
            }
            BinOp::Or | BinOp::Xor => return self.fresh(side),
            BinOp::Min | BinOp::UMin => x.lt(&y).ite(&x, &y),
            BinOp::Max | BinOp::UMax => x.gt(&y).ite(&x, &y),
        };
        self.ranged(v, range)
    }

    pub fn cond(&mut self, c: &Cond, side: Side) -> Bool {
        match &c.kind {
            CondKind::Bool(b) => Bool::from_bool(*b),
            CondKind::Not(a) => self.cond(a, side).not(),
            CondKind::And(a, b) => Bool::and(&[self.cond(a, side), self.cond(b, side)]),
            CondKind::Or(a, b) => Bool::or(&[self.cond(a, side), self.cond(b, side)]),
            CondKind::Cmp(op, a, b) => {
                let (x, y) = (self.expr(a, side), self.expr(b, side));
                if let (Val::I(i), Val::I(j)) = (&x, &y) {
                    if let Some(truth) = decided(*op, self.range(i), self.range(j)) {
                        return Bool::from_bool(truth);
                    }
                }
                cmp(*op, &x, &y)
            }
        }
    }

    /// The conditions under which `side` follows `path`: every condition taken holds, and each
    /// loop variable is one of its loop's iterations.
    pub fn path(&mut self, path: &[Step], side: Side) -> Vec<Bool> {
        path.iter()
            .map(|step| match step {
                Step::Cond(c) => self.cond(c, side),
                Step::Loop { var, range } => {
                    let v = Expr::var(var.as_str(), range.start.span);
                    let c = iteration(&v, range, self.arith);
                    self.cond(&c, side)
                }
            })
            .collect()
    }

    /// `x == y` for equal-length index vectors.
    pub fn same_cell(&self, xs: &[Val], ys: &[Val]) -> Bool {
        let eqs: Vec<Bool> = xs.iter().zip(ys).map(|(x, y)| eq(x, y)).collect();
        Bool::and(&eqs)
    }
}

/// The numeral `v`, made from a machine integer where it fits: the z3 crate's `Int::from_i128`
/// (and `as_i128`) go through decimal text, and with the thousands of numerals of unrolled
/// geometric loops that round trip was 60% of the CPU time of `tests/cuda/scan_blelloch.cu`
/// (papers/benchmarks.md, "Issue 15: slow queries, session 15"). The term is the same.
pub(crate) fn int_lit(v: i128) -> Int {
    match i64::try_from(v) {
        Ok(small) => Int::from_i64(small),
        Err(_) => Int::from_i128(v),
    }
}

/// The value of `x` when it is a numeral (see [`int_lit`]).
pub(crate) fn int_value(x: &Int) -> Option<i128> {
    if x.kind() != z3::AstKind::Numeral {
        return None;
    }
    x.as_i64().map(i128::from).or_else(|| x.as_i128())
}

/// `2^k` as a numeral, for `0 <= k < MAX_EXACT_SHIFT`, not a product folded by z3's `simplify`
/// (a rewriter per call: 69% of the CPU of `examples/cuda/warp_reduce_header.cu`).
fn pow2(k: i64) -> Int {
    if (0..127).contains(&k) {
        return int_lit(1i128 << k);
    }
    // Decimal digits, least significant first, doubled `k` times.
    let mut digits = vec![1u8];
    for _ in 0..k.max(0) {
        let mut carry = 0;
        for d in &mut digits {
            let twice = *d * 2 + carry;
            *d = twice % 10;
            carry = twice / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    let text: String = digits.iter().rev().map(|d| char::from(b'0' + d)).collect();
    text.parse().unwrap_or_else(|()| {
        // z3 reads every decimal numeral; the product of 62-bit factors means the same.
        let mut factors = vec![int_lit(1i128 << (k % 62))];
        factors.extend((0..k / 62).map(|_| int_lit(1i128 << 62)));
        Int::mul(&factors)
    })
}

/// The positive literal divisor of a division, remainder, shift or mask in `int` mode, as the
/// encoding above divides by it: `y` for `/` and `%`, `2^k` for `>> k`, `m + 1` for `& m`
/// with `m + 1` a power of two.
fn divisor(op: BinOp, ly: Option<i64>) -> Option<(i128, bool)> {
    // (divisor, whether the operation is the remainder)
    let shift = |k: Option<i64>| k.filter(|k| (0..127).contains(k)).map(|k| 1i128 << k);
    let mask = |c: Option<i64>| {
        c.filter(|c| *c >= 0 && (*c as u64).wrapping_add(1).is_power_of_two())
            .map(|c| i128::from(c) + 1)
    };
    match op {
        BinOp::Div | BinOp::UDiv => ly.filter(|k| *k > 0).map(|k| (i128::from(k), false)),
        BinOp::Rem | BinOp::URem => ly.filter(|k| *k > 0).map(|k| (i128::from(k), true)),
        BinOp::Shr | BinOp::UShr => shift(ly).map(|k| (k, false)),
        BinOp::And => mask(ly).map(|k| (k, true)),
        _ => None,
    }
}

/// `x OP y` as a simpler term when the ranges of its operands decide it (see
/// [`Encoder::assert_range`]): two numerals as the numeral `core::arith` computes, a quotient
/// whose dividend lies within one multiple of the divisor as that quotient, a remainder whose
/// dividend lies in `0..divisor` as the dividend, a minimum or maximum of ordered ranges as the
/// lesser or greater operand. `None` when nothing simplifies, and for the operations `int` mode
/// does not encode exactly (`|`, `^`, `&` but by a mask, shifts past `MAX_EXACT_SHIFT`).
fn fold(
    op: BinOp,
    x: &Int,
    y: &Int,
    rx: Option<Range>,
    ry: Option<Range>,
    ly: Option<i64>,
) -> Option<Int> {
    let exact = match op {
        BinOp::Or | BinOp::Xor => false,
        BinOp::And => divisor(op, ly).is_some(),
        BinOp::Shl | BinOp::Shr | BinOp::UShr => ly.is_some_and(|k| k < MAX_EXACT_SHIFT),
        _ => true,
    };
    if !exact {
        return None;
    }
    if let (Some((a, b)), Some((c, d))) = (rx, ry) {
        if a == b && c == d {
            return Arith::Int.bin(op, a, c).ok().map(int_lit);
        }
    }
    let (lo, hi) = rx?;
    if let Some((k, remainder)) = divisor(op, ly) {
        let (q_lo, q_hi) = (lo.div_euclid(k), hi.div_euclid(k));
        return match remainder {
            false if q_lo == q_hi => Some(int_lit(q_lo)),
            true if q_lo == 0 && q_hi == 0 => Some(x.clone()),
            _ => None,
        };
    }
    let (c, d) = ry?;
    match op {
        BinOp::Min | BinOp::UMin if hi <= c => Some(x.clone()),
        BinOp::Min | BinOp::UMin if d <= lo => Some(y.clone()),
        BinOp::Max | BinOp::UMax if hi <= c => Some(y.clone()),
        BinOp::Max | BinOp::UMax if d <= lo => Some(x.clone()),
        _ => None,
    }
}

/// The range of `x OP y` in `int` mode from those of its operands, where interval arithmetic
/// gives one without overflowing `i128`.
fn bin_range(op: BinOp, rx: Option<Range>, ry: Option<Range>, ly: Option<i64>) -> Option<Range> {
    if let Some((k, remainder)) = divisor(op, ly) {
        return match (remainder, rx) {
            (true, Some((a, b))) if a >= 0 && b < k => Some((a, b)),
            (true, _) => Some((0, k - 1)),
            (false, Some((a, b))) => Some((a.div_euclid(k), b.div_euclid(k))),
            (false, None) => None,
        };
    }
    let ((a, b), (c, d)) = (rx?, ry?);
    match op {
        BinOp::Shl if c == d && (0..MAX_EXACT_SHIFT.min(126) as i128).contains(&c) => {
            let f = 1i128 << c;
            Some((a.checked_mul(f)?, b.checked_mul(f)?))
        }
        _ => interval::bin(op, (a, b), (c, d)),
    }
}

/// The truth of `x OP y` when the ranges of `x` and `y` decide it (`int` mode, where the
/// unsigned comparisons are the signed ones).
fn decided(op: CmpOp, rx: Option<Range>, ry: Option<Range>) -> Option<bool> {
    let ((a, b), (c, d)) = (rx?, ry?);
    let lt = |hi: i128, lo: i128| hi < lo;
    match op {
        CmpOp::Lt | CmpOp::ULt if lt(b, c) => Some(true),
        CmpOp::Lt | CmpOp::ULt if a >= d => Some(false),
        CmpOp::Le | CmpOp::ULe if b <= c => Some(true),
        CmpOp::Le | CmpOp::ULe if lt(d, a) => Some(false),
        CmpOp::Gt | CmpOp::UGt if lt(d, a) => Some(true),
        CmpOp::Gt | CmpOp::UGt if b <= c => Some(false),
        CmpOp::Ge | CmpOp::UGe if d <= a => Some(true),
        CmpOp::Ge | CmpOp::UGe if lt(b, c) => Some(false),
        CmpOp::Eq if a == b && c == d && a == c => Some(true),
        CmpOp::Eq | CmpOp::Ne if lt(b, c) || lt(d, a) => Some(op == CmpOp::Ne),
        CmpOp::Ne if a == b && c == d && a == c => Some(false),
        _ => None,
    }
}

/// `x + y` in the terms' sort (wrapping in `bv32`).
pub fn add(x: &Val, y: &Val) -> Val {
    match (x, y) {
        (Val::I(x), Val::I(y)) => Val::I(Int::add(&[x, y])),
        (Val::B(x), Val::B(y)) => Val::B(x.bvadd(y)),
        // Unreachable: one encoder has one sort.
        (x, _) => x.clone(),
    }
}

/// `x * y` in the terms' sort (wrapping in `bv32`).
pub fn mul(x: &Val, y: &Val) -> Val {
    match (x, y) {
        (Val::I(x), Val::I(y)) => Val::I(Int::mul(&[x, y])),
        (Val::B(x), Val::B(y)) => Val::B(x.bvmul(y)),
        (x, _) => x.clone(),
    }
}

pub fn eq(x: &Val, y: &Val) -> Bool {
    match (x, y) {
        (Val::I(x), Val::I(y)) => x.eq(y),
        (Val::B(x), Val::B(y)) => x.eq(y),
        _ => Bool::from_bool(false),
    }
}

pub fn cmp(op: CmpOp, x: &Val, y: &Val) -> Bool {
    match (x, y) {
        (Val::I(x), Val::I(y)) => match op {
            CmpOp::Eq => x.eq(y),
            CmpOp::Ne => x.eq(y).not(),
            CmpOp::Lt | CmpOp::ULt => x.lt(y),
            CmpOp::Le | CmpOp::ULe => x.le(y),
            CmpOp::Gt | CmpOp::UGt => x.gt(y),
            CmpOp::Ge | CmpOp::UGe => x.ge(y),
        },
        (Val::B(x), Val::B(y)) => match op {
            CmpOp::Eq => x.eq(y),
            CmpOp::Ne => x.eq(y).not(),
            CmpOp::Lt => x.bvslt(y),
            CmpOp::Le => x.bvsle(y),
            CmpOp::Gt => x.bvsgt(y),
            CmpOp::Ge => x.bvsge(y),
            CmpOp::ULt => x.bvult(y),
            CmpOp::ULe => x.bvule(y),
            CmpOp::UGt => x.bvugt(y),
            CmpOp::UGe => x.bvuge(y),
        },
        _ => Bool::from_bool(false),
    }
}

/// A division or remainder of a word `x` by the literal `2^k` (`divisor`, positive in the word's
/// signed reading) as a shift or a mask: Euclidean division by a positive divisor is floor
/// division, which is the arithmetic shift, and its remainder is the low `k` bits; the unsigned
/// forms are the logical shift and the same mask. Equal to [`bv_bin`]'s general forms on every
/// word, but z3 bit-blasts `bvsdiv`/`bvsrem` by a constant as a full divider: a loop `step /2`
/// unrolled over 64-bit words put 132 of them in each query of
/// `tests/cuda/bitonic_sort_shared.cu` (0.6 s per query in the `z3` binary).
fn by_power_of_two(op: BinOp, x: &BV, divisor: Option<i64>) -> Option<BV> {
    let width = x.get_size();
    let d = divisor.filter(|d| *d > 0 && (*d as u64).is_power_of_two())?;
    let k = d.trailing_zeros();
    if k + 1 >= width {
        return None;
    }
    // Each literal made only where used (see `bv_bin`).
    let shift = || BV::from_i64(i64::from(k), width);
    match op {
        BinOp::Div => Some(x.bvashr(shift())),
        BinOp::UDiv => Some(x.bvlshr(shift())),
        BinOp::Rem | BinOp::URem => Some(x.bvand(BV::from_i64(d - 1, width))),
        _ => None,
    }
}

/// `core::arith`'s word operations on z3 bit-vectors (of either width).
fn bv_bin(op: BinOp, x: &BV, y: &BV) -> BV {
    // Only the divisions make these: 16% of `bitonic_sort_shared.cu`'s CPU went into the
    // literals of `+`, `^`, `&` that never used them.
    let zero = || BV::from_i64(0, x.get_size());
    let (one, y_zero) = (|| BV::from_i64(1, x.get_size()), || y.eq(zero()));
    match op {
        BinOp::Add => x.bvadd(y),
        BinOp::Sub => x.bvsub(y),
        BinOp::Mul => x.bvmul(y),
        BinOp::Div => {
            // Euclidean from truncating: when the truncated remainder is negative, step the
            // quotient away from zero on the divisor's side.
            let q = x.bvsdiv(y);
            let r = x.bvsrem(y);
            let fix = r
                .bvslt(zero())
                .ite(&y.bvsgt(zero()).ite(&q.bvsub(one()), &q.bvadd(one())), &q);
            y_zero().ite(&zero(), &fix)
        }
        BinOp::Rem => {
            let r = x.bvsrem(y);
            let fix = r
                .bvslt(zero())
                .ite(&y.bvsgt(zero()).ite(&r.bvadd(y), &r.bvsub(y)), &r);
            y_zero().ite(x, &fix)
        }
        BinOp::UDiv => y_zero().ite(&zero(), &x.bvudiv(y)),
        BinOp::URem => y_zero().ite(x, &x.bvurem(y)),
        BinOp::Shl => x.bvshl(y),
        BinOp::Shr => x.bvashr(y),
        BinOp::UShr => x.bvlshr(y),
        BinOp::And => x.bvand(y),
        BinOp::Or => x.bvor(y),
        BinOp::Xor => x.bvxor(y),
        BinOp::Min => x.bvslt(y).ite(x, y),
        BinOp::Max => x.bvsgt(y).ite(x, y),
        BinOp::UMin => x.bvult(y).ite(x, y),
        BinOp::UMax => x.bvugt(y).ite(x, y),
    }
}

/// The value of a term in a model, as `core::arith` holds it (a word as the signed number its
/// bits mean).
pub fn value_of(model: &z3::Model, v: &Val) -> Option<i128> {
    match v {
        Val::I(x) => int_value(&model.eval(x, true)?),
        Val::B(x) => {
            let u = model.eval(x, true)?.as_u64()?;
            Some(match x.get_size() {
                32 => i128::from(u as u32 as i32),
                _ => i128::from(u as i64),
            })
        }
    }
}

impl Val {
    pub fn as_dynamic(&self) -> z3::ast::Dynamic {
        match self {
            Val::I(x) => z3::ast::Dynamic::from_ast(x),
            Val::B(x) => z3::ast::Dynamic::from_ast(x),
        }
    }

    pub fn simplify(&self) -> Val {
        match self {
            Val::I(x) => Val::I(x.simplify()),
            Val::B(x) => Val::B(x.simplify()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape of the lowering's `__mulhi` on a thread id below 96: with `0 <= t < 96`
    /// recorded, `t / 65536` is 0, `t % 65536` and `t & 65535` are `t`, `t >> 16` is 0 and
    /// `t < 0` is false, all because `96 <= 65536`; `t / 64` and `t % 64` keep their terms
    /// (`t` spans two multiples of 64), with ranges `0..=1` and `0..=63`. Without the range
    /// nothing folds.
    /// A lookup table of the lowering (a `select` chain over a ranged thread id) is encoded as
    /// a defined function: two threads of a permutation table never meet (`unsat` from the
    /// inverse), a table with a repeated entry gives a model whose entries are the table's,
    /// and a thread id outside the recorded range still reads the chain's default.
    #[test]
    fn lookup_tables_are_functions_with_their_entries() {
        use crate::solve::{self, Limits, Outcome};
        let span = mapcheck_core::Span::default();
        let chain = |entries: &[i64]| {
            let (last, rows) = entries.split_last().expect("rows");
            rows.iter().enumerate().rev().fold(
                Expr::new(ExprKind::Int(*last), span),
                |rest, (k, v)| {
                    let c = Cond::new(
                        CondKind::Cmp(
                            CmpOp::Eq,
                            Expr::var("t", span),
                            Expr::new(ExprKind::Int(k as i64), span),
                        ),
                        span,
                    );
                    Expr::new(
                        ExprKind::Select(
                            Box::new(c),
                            Box::new(Expr::new(ExprKind::Int(*v), span)),
                            Box::new(rest),
                        ),
                        span,
                    )
                },
            )
        };
        // t -> 4 (t mod 16) + t / 16 over 0..63, the histogram64 kernel's thread position.
        let perm: Vec<i64> = (0..64).map(|t| 4 * (t % 16) + t / 16).collect();
        let mut repeated = perm.clone();
        repeated[5] = repeated[9];
        for (entries, injective) in [(perm, true), (repeated, false)] {
            solve::context(Limits::default(), || {
                let mut enc = Encoder::new(Arith::Int, BTreeSet::new());
                let (t1, t2) = (enc.source("t", Side::One), enc.source("t", Side::Two));
                enc.assert_range(&t1, 0, 63);
                enc.assert_range(&t2, 0, 63);
                let e = chain(&entries);
                let (v1, v2) = (enc.expr(&e, Side::One), enc.expr(&e, Side::Two));
                let (Val::I(a), Val::I(b)) = (&v1, &v2) else {
                    panic!("int mode")
                };
                assert!(a.to_string().contains("table#"), "{a}");
                let query = [
                    cmp(CmpOp::Ge, &t1, &enc.lit(0)),
                    cmp(CmpOp::Le, &t1, &enc.lit(63)),
                    cmp(CmpOp::Ge, &t2, &enc.lit(0)),
                    cmp(CmpOp::Le, &t2, &enc.lit(63)),
                    cmp(CmpOp::Ne, &t1, &t2),
                    a.eq(b),
                ];
                let answer = solve::solve(&query, &[], &[], Limits::default(), |v| enc.lit(v));
                match (answer, injective) {
                    (Outcome::Unsat, true) => {}
                    (Outcome::Sat(model), false) => {
                        for (t, v) in [(&t1, &v1), (&t2, &v2)] {
                            let t = value_of(&model, t).expect("t");
                            let entry = entries[usize::try_from(t).expect("an id")];
                            assert_eq!(value_of(&model, v), Some(i128::from(entry)));
                        }
                    }
                    (other, _) => panic!("injective {injective}: {other:?}"),
                }
            });
        }
        // Without a recorded range the chain stays a chain.
        solve::context(Limits::default(), || {
            let mut enc = Encoder::new(Arith::Int, BTreeSet::new());
            let e = chain(&(0..16).collect::<Vec<i64>>());
            let Val::I(x) = enc.expr(&e, Side::One) else {
                panic!("int mode")
            };
            assert!(!x.to_string().contains("table#"), "{x}");
        });
    }

    #[test]
    fn a_recorded_range_folds_what_it_decides() {
        let span = mapcheck_core::Span::default();
        let t = || Expr::var("t", span);
        let k = |v: i64| Expr::new(ExprKind::Int(v), span);
        let bin = |op, a, b| Expr::bin(op, a, b);
        for ranged in [false, true] {
            let mut enc = Encoder::new(Arith::Int, BTreeSet::new());
            let var = enc.source("t", Side::One);
            if ranged {
                enc.assert_range(&var, 0, 95);
            }
            let Val::I(tv) = var.clone() else {
                panic!("int mode")
            };
            let mut int = |e: Expr| match enc.expr(&e, Side::One) {
                Val::I(x) => x,
                Val::B(_) => panic!("int mode"),
            };
            let quotient = int(bin(BinOp::Div, t(), k(65536)));
            let remainder = int(bin(BinOp::Rem, t(), k(65536)));
            let masked = int(bin(BinOp::And, t(), k(65535)));
            let shifted = int(bin(BinOp::Shr, t(), k(16)));
            let by_64 = int(bin(BinOp::Div, t(), k(64)));
            let mod_64 = int(bin(BinOp::Rem, t(), k(64)));
            assert_eq!(quotient.as_i128(), ranged.then_some(0));
            assert_eq!(shifted.as_i128(), ranged.then_some(0));
            assert_eq!(remainder == tv, ranged);
            assert_eq!(masked == tv, ranged);
            assert_eq!(by_64.as_i128(), None);
            assert_eq!(mod_64.as_i128(), None);
            if ranged {
                assert_eq!(enc.range(&by_64), Some((0, 1)));
                assert_eq!(enc.range(&mod_64), Some((0, 63)));
            }
            let negative = Cond::new(CondKind::Cmp(CmpOp::Lt, t(), k(0)), span);
            let below = Cond::new(CondKind::Cmp(CmpOp::Le, t(), k(95)), span);
            assert_eq!(
                enc.cond(&negative, Side::One).as_bool(),
                ranged.then_some(false)
            );
            assert_eq!(
                enc.cond(&below, Side::One).as_bool(),
                ranged.then_some(true)
            );
        }
    }

    #[test]
    fn numerals_from_machine_integers_are_the_decimal_ones() {
        let edges = [i64::MAX, i64::MIN].map(i128::from);
        for v in [0, 1, -1, 96, 1 << 80, -(1 << 70)].into_iter().chain(edges) {
            assert_eq!(int_lit(v), Int::from_i128(v), "{v}");
            assert_eq!(int_value(&Int::from_i128(v)), Some(v), "{v}");
        }
        assert_eq!(int_value(&Int::new_const("t")), None);
    }

    #[test]
    fn pow2_is_the_numeral_two_to_the_k() {
        for k in [
            0,
            1,
            2,
            31,
            62,
            63,
            100,
            126,
            127,
            128,
            200,
            1000,
            MAX_EXACT_SHIFT - 1,
        ] {
            // 2^k as the product of 62-bit factors it used to be, folded by z3.
            let mut factors = vec![Int::from_i128(1i128 << (k % 62))];
            factors.extend((0..k / 62).map(|_| Int::from_i128(1i128 << 62)));
            let product = Int::mul(&factors).simplify();
            let numeral = pow2(k);
            assert!(numeral.is_const(), "2^{k} is a numeral, not a term");
            assert_eq!(
                numeral.eq(&product).simplify().as_bool(),
                Some(true),
                "2^{k}"
            );
        }
    }
}
