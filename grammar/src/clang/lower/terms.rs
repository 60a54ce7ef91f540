//! Building and inspecting core terms: constructors of statements and conditions, their
//! folding, substitution of a branch's `let`s, the variables a term uses, its size, and its
//! evaluation with a variable fixed to a constant.

use super::*;

/// The value of an integer literal, negated or not.
pub(super) fn literal(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(c) => Some(i128::from(*c)),
        ExprKind::Neg(inner) => literal(inner).map(|c| -c),
        _ => None,
    }
}

/// The greatest common divisor.
pub(super) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The value of a constant integer expression of C (`TILE + 1`, `2 * BLOCK`,
/// `static_cast<int>(Dim::TILE)`), as the initializer of a file-scope `const` or `constexpr`
/// needs it: clang's JSON gives no value for such an initializer. `named` is the value of a
/// constant or enumerator a `DeclRefExpr` names. Each step is computed exactly and must fit the
/// type clang gives its node, so no wrap, truncation or undefined behaviour is ever evaluated:
/// an expression where one would happen (`0u - 1`, a division by zero, a shift by the width) has
/// no value here, and the variable stays what it was (memory, whose value is unknown).
pub(super) fn const_int_expr(n: &Node, named: &dyn Fn(&str) -> Option<i128>) -> Option<i128> {
    let typed = |v: i128| match CType::parse(n.qual_type()) {
        CType::Scalar(Scalar::Int { bits, signed }) if bits <= 64 => {
            let (lo, hi) = if signed {
                (-(1i128 << (bits - 1)), 1i128 << (bits - 1))
            } else {
                (0, 1i128 << bits)
            };
            (lo..hi).contains(&v).then_some(v)
        }
        _ => None,
    };
    let arg = |k: usize| n.exprs().nth(k).and_then(|c| const_int_expr(c, named));
    match n.kind {
        Kind::ConstantExpr | Kind::IntegerLiteral | Kind::CharacterLiteral => n.int_value(),
        Kind::ParenExpr => arg(0),
        // A template argument substituted into the instance: its value is the replacement.
        Kind::SubstNonTypeTemplateParmExpr => {
            const_int_expr(n.exprs().last()?, named).and_then(typed)
        }
        Kind::ImplicitCastExpr
        | Kind::CStyleCastExpr
        | Kind::CXXStaticCastExpr
        | Kind::CXXFunctionalCastExpr => typed(arg(0)?),
        Kind::DeclRefExpr => {
            // Only what cannot change: an enumerator or a `const` variable.
            let d = n.referenced_decl.as_ref()?;
            let fixed =
                d.kind == Some(Kind::EnumConstantDecl) || n.qual_type().starts_with("const ");
            named(d.id.as_str()).filter(|_| fixed)
        }
        Kind::UnaryOperator => match n.opcode? {
            "-" => typed(-arg(0)?),
            "+" => typed(arg(0)?),
            _ => None,
        },
        Kind::BinaryOperator => {
            let (a, b) = (arg(0)?, arg(1)?);
            let v = match n.opcode? {
                "+" => a + b,
                "-" => a - b,
                "*" => a.checked_mul(b)?,
                "/" if b != 0 => a / b,
                "%" if b != 0 => a % b,
                "<<" if a >= 0 && (0..64).contains(&b) => a.checked_shl(b as u32)?,
                ">>" if a >= 0 && (0..64).contains(&b) => a >> b,
                "&" => a & b,
                "|" => a | b,
                "^" => a ^ b,
                _ => return None,
            };
            typed(v)
        }
        _ => None,
    }
}

pub(super) fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt {
        kind,
        span,
        ann: (),
    }
}

pub(super) fn int(v: i64, span: Span) -> Expr {
    Expr::int(v, span)
}

/// `if cond { stmts }`, the block spanning `span`.
pub(super) fn if_then(cond: Cond, stmts: Vec<Stmt>, span: Span) -> Stmt {
    stmt(
        StmtKind::If {
            cond,
            then_branch: Block { stmts, span },
            else_branch: None,
        },
        span,
    )
}

pub(super) fn cmp(op: CmpOp, a: Expr, b: Expr) -> Cond {
    let span = a.span.to(b.span);
    Cond::new(CondKind::Cmp(op, a, b), span)
}

pub(super) fn not(c: Cond) -> Cond {
    let span = c.span;
    match c.kind {
        CondKind::Bool(b) => Cond::new(CondKind::Bool(!b), span),
        CondKind::Not(inner) => *inner,
        kind => Cond::new(CondKind::Not(Box::new(Cond::new(kind, span))), span),
    }
}

pub(super) fn and(a: Cond, b: Cond) -> Cond {
    match (&a.kind, &b.kind) {
        (CondKind::Bool(true), _) => b,
        (_, CondKind::Bool(true)) => a,
        _ => {
            let span = a.span.to(b.span);
            Cond::new(CondKind::And(Box::new(a), Box::new(b)), span)
        }
    }
}

pub(super) fn or(a: Cond, b: Cond) -> Cond {
    match (&a.kind, &b.kind) {
        (CondKind::Bool(false), _) => b,
        (_, CondKind::Bool(false)) => a,
        _ => {
            let span = a.span.to(b.span);
            Cond::new(CondKind::Or(Box::new(a), Box::new(b)), span)
        }
    }
}

/// The names `stmts` bind, in nested blocks too: out of scope after them.
pub(super) fn bound_names(stmts: &[Stmt]) -> HashSet<String> {
    let mut out = HashSet::new();
    walk_stmts(stmts, &mut |s| {
        out.extend(s.kind.declared().map(|v| v.name.clone()))
    });
    out
}

pub(super) fn expr_uses(e: &Expr, names: &HashSet<String>) -> bool {
    let mut found = false;
    e.for_each_var(&mut |n, _| found |= names.contains(n));
    found
}

pub(super) fn cond_uses(c: &Cond, names: &HashSet<String>) -> bool {
    let mut found = false;
    c.for_each_var(&mut |n, _| found |= names.contains(n));
    found
}

/// The pure `let`s a branch runs whenever it runs (those at its top level).
pub(super) fn top_lets(stmts: &[Stmt]) -> Vec<Stmt> {
    stmts
        .iter()
        .filter(|s| matches!(s.kind, StmtKind::Let { .. }))
        .cloned()
        .collect()
}

/// Each top-level pure `let` of a branch with its value in terms of what is bound before the
/// branch (earlier `let`s of the branch substituted).
pub(super) fn branch_lets(stmts: &[Stmt]) -> HashMap<String, Expr> {
    let mut lets = HashMap::new();
    for s in stmts {
        if let StmtKind::Let { var, value } = &s.kind {
            let value = subst_vars(value, &lets);
            lets.insert(var.name.clone(), value);
        }
    }
    lets
}

/// `e` with the variables of `map` replaced by their values.
pub(super) fn subst_vars(e: &Expr, map: &HashMap<String, Expr>) -> Expr {
    if map.is_empty() {
        return e.clone();
    }
    let kind = match &e.kind {
        ExprKind::Var(n) => match map.get(n) {
            Some(v) => return v.clone(),
            None => e.kind.clone(),
        },
        ExprKind::Int(_) => e.kind.clone(),
        ExprKind::Neg(x) => ExprKind::Neg(Box::new(subst_vars(x, map))),
        ExprKind::Bin(op, x, y) => ExprKind::Bin(
            *op,
            Box::new(subst_vars(x, map)),
            Box::new(subst_vars(y, map)),
        ),
        ExprKind::Select(c, x, y) => ExprKind::Select(
            Box::new(subst_cond_vars(c, map)),
            Box::new(subst_vars(x, map)),
            Box::new(subst_vars(y, map)),
        ),
    };
    Expr::new(kind, e.span)
}

/// The number of nodes [`subst_vars`] would give `e` with each variable of `sizes` replaced by
/// a term of that many nodes (comparisons' expressions counted whole), saturating: computed
/// without building the term, so that a caller can refuse a substitution before it grows
/// (a chain of `let`s each using the previous ones twice doubles with every `let`).
pub(super) fn subst_size(e: &Expr, sizes: &HashMap<String, usize>) -> usize {
    match &e.kind {
        ExprKind::Var(n) => sizes.get(n).copied().unwrap_or(1),
        ExprKind::Int(_) => 1,
        ExprKind::Neg(x) => subst_size(x, sizes).saturating_add(1),
        ExprKind::Bin(_, x, y) => subst_size(x, sizes)
            .saturating_add(subst_size(y, sizes))
            .saturating_add(1),
        ExprKind::Select(c, x, y) => subst_cond_size(c, sizes)
            .saturating_add(subst_size(x, sizes))
            .saturating_add(subst_size(y, sizes))
            .saturating_add(1),
    }
}

/// [`subst_size`] of a condition.
fn subst_cond_size(c: &Cond, sizes: &HashMap<String, usize>) -> usize {
    match &c.kind {
        CondKind::Bool(_) => 1,
        CondKind::Cmp(_, x, y) => subst_size(x, sizes)
            .saturating_add(subst_size(y, sizes))
            .saturating_add(1),
        CondKind::Not(x) => subst_cond_size(x, sizes).saturating_add(1),
        CondKind::And(x, y) | CondKind::Or(x, y) => subst_cond_size(x, sizes)
            .saturating_add(subst_cond_size(y, sizes))
            .saturating_add(1),
    }
}

pub(super) fn subst_cond_vars(c: &Cond, map: &HashMap<String, Expr>) -> Cond {
    let kind = match &c.kind {
        CondKind::Bool(b) => CondKind::Bool(*b),
        CondKind::Cmp(op, x, y) => CondKind::Cmp(*op, subst_vars(x, map), subst_vars(y, map)),
        CondKind::Not(x) => CondKind::Not(Box::new(subst_cond_vars(x, map))),
        CondKind::And(x, y) => CondKind::And(
            Box::new(subst_cond_vars(x, map)),
            Box::new(subst_cond_vars(y, map)),
        ),
        CondKind::Or(x, y) => CondKind::Or(
            Box::new(subst_cond_vars(x, map)),
            Box::new(subst_cond_vars(y, map)),
        ),
    };
    Cond::new(kind, c.span)
}

/// `select(c, x, y)`.
/// A value of a variable and the values of some expressions there ([`Lower::one_variable`]).
pub(super) type ValuesAt = (i128, Vec<i128>);

/// `select(x == k0, r0, select(x == k1, r1, ...))` over `rows`, the last row's value the
/// default; `None` when `rows` is empty or a key (but the last) does not fit 64 bits.
pub(super) fn select_table(x: &Expr, mut rows: Vec<(i128, i64)>, span: Span) -> Option<Expr> {
    let (_, last) = rows.pop()?;
    let mut t = int(last, span);
    for (k, r) in rows.into_iter().rev() {
        let c = cmp(CmpOp::Eq, x.clone(), int(i64::try_from(k).ok()?, span));
        t = select(c, int(r, span), t, span);
    }
    Some(t)
}

/// `0..trips step +1`: the range of a loop that counts its iterations.
pub(super) fn iterations(trips: Expr, span: Span) -> Range {
    Range {
        start: int(0, span),
        bound: trips,
        dir: Direction::Up,
        step: Step {
            op: StepOp::Add,
            amount: int(1, span),
            span,
        },
    }
}

pub(super) fn select(c: Cond, x: Expr, y: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Select(Box::new(c), Box::new(x), Box::new(y)),
        span,
    )
}

/// Whether every value of the integer type `from` is a value of `to`.
pub(super) fn widens(from: Scalar, to: Scalar) -> bool {
    match (from, to) {
        (
            Scalar::Int {
                bits: fb,
                signed: fs,
            },
            Scalar::Int {
                bits: tb,
                signed: ts,
            },
        ) => (fs == ts && fb <= tb) || (!fs && ts && fb < tb),
        _ => false,
    }
}

/// The number of nodes of an expression.
pub(super) fn expr_nodes(e: &Expr) -> usize {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => 1,
        ExprKind::Neg(x) => 1 + expr_nodes(x),
        ExprKind::Bin(_, x, y) => 1 + expr_nodes(x) + expr_nodes(y),
        ExprKind::Select(c, x, y) => 1 + cond_size(c) + expr_nodes(x) + expr_nodes(y),
    }
}

/// The number of nodes of a condition (its comparisons' expressions counted as one).
pub(super) fn cond_size(c: &Cond) -> usize {
    match &c.kind {
        CondKind::Bool(_) | CondKind::Cmp(..) => 1,
        CondKind::Not(x) => 1 + cond_size(x),
        CondKind::And(x, y) | CondKind::Or(x, y) => 1 + cond_size(x) + cond_size(y),
    }
}

pub(super) fn val_uses(v: &Val, names: &HashSet<String>) -> bool {
    match v {
        Val::Num(e, _) => expr_uses(e, names),
        Val::Bool(c) => cond_uses(c, names),
        Val::Ptr(p) => ptr_uses(p, names),
        Val::Fields(f) => f.iter().any(|(_, v)| val_uses(v, names)),
        _ => false,
    }
}

pub(super) fn ptr_uses(p: &Ptr, names: &HashSet<String>) -> bool {
    match p {
        Ptr::To { off, within, .. } => {
            expr_uses(off, names)
                || within.as_ref().is_some_and(|w| {
                    expr_uses(&w.index, names)
                        || w.bounds.iter().any(|b| expr_uses(&b.index, names))
                })
        }
        Ptr::Sel(c, a, b) => cond_uses(c, names) || ptr_uses(a, names) || ptr_uses(b, names),
        _ => false,
    }
}

/// The pointer with the `let`s of a branch substituted in its offsets and conditions.
pub(super) fn subst_ptr(p: &Ptr, lets: &HashMap<String, Expr>) -> Ptr {
    match p {
        Ptr::To {
            array,
            off,
            pointee,
            within,
        } => Ptr::To {
            array: array.clone(),
            off: subst_vars(off, lets),
            pointee: pointee.clone(),
            within: within.as_ref().map(|w| {
                Box::new(Within {
                    bounds: w
                        .bounds
                        .iter()
                        .map(|b| Bound {
                            index: subst_vars(&b.index, lets),
                            ..b.clone()
                        })
                        .collect(),
                    index: subst_vars(&w.index, lets),
                    extent: w.extent,
                })
            }),
        },
        Ptr::Sel(c, a, b) => Ptr::Sel(
            Box::new(subst_cond_vars(c, lets)),
            Box::new(subst_ptr(a, lets)),
            Box::new(subst_ptr(b, lets)),
        ),
        p => p.clone(),
    }
}

/// The size of a pointer's offsets and conditions.
pub(super) fn ptr_size(p: &Ptr) -> usize {
    match p {
        Ptr::To { off, within, .. } => {
            expr_nodes(off)
                + within.as_ref().map_or(0, |w| {
                    expr_nodes(&w.index)
                        + w.bounds.iter().map(|b| expr_nodes(&b.index)).sum::<usize>()
                })
        }
        Ptr::Sel(c, a, b) => cond_size(c) + ptr_size(a) + ptr_size(b),
        _ => 1,
    }
}

pub(super) fn is_true(c: &Cond) -> bool {
    matches!(c.kind, CondKind::Bool(true))
}

pub(super) fn is_false(c: &Cond) -> bool {
    matches!(c.kind, CondKind::Bool(false))
}

pub(super) fn tt(span: Span) -> Cond {
    Cond::new(CondKind::Bool(true), span)
}

pub(super) fn ff(span: Span) -> Cond {
    Cond::new(CondKind::Bool(false), span)
}

/// `c && true`, `c || false` and the like, folded.
pub(super) fn simplify(c: Cond) -> Cond {
    let span = c.span;
    match c.kind {
        CondKind::And(a, b) => {
            let (a, b) = (simplify(*a), simplify(*b));
            if is_false(&a) || is_false(&b) {
                ff(span)
            } else {
                and(a, b)
            }
        }
        CondKind::Or(a, b) => {
            let (a, b) = (simplify(*a), simplify(*b));
            if is_true(&a) || is_true(&b) {
                tt(span)
            } else {
                or(a, b)
            }
        }
        CondKind::Not(a) => not(simplify(*a)),
        k => Cond::new(k, span),
    }
}

/// The value of `e` with `v = k` in the arithmetic `a`, when `e` has no other variable.
pub(super) fn eval_at(e: &Expr, v: &str, k: i128, a: Arith) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(x) => a.bin(BinOp::Add, i128::from(*x), 0).ok(),
        ExprKind::Var(n) if n == v => a.bin(BinOp::Add, k, 0).ok(),
        ExprKind::Var(_) => None,
        ExprKind::Neg(x) => a.neg(eval_at(x, v, k, a)?).ok(),
        ExprKind::Bin(op, x, y) => a.bin(*op, eval_at(x, v, k, a)?, eval_at(y, v, k, a)?).ok(),
        ExprKind::Select(c, x, y) => {
            if eval_cond_at(c, v, k, a)? {
                eval_at(x, v, k, a)
            } else {
                eval_at(y, v, k, a)
            }
        }
    }
}

pub(super) fn eval_cond_at(c: &Cond, v: &str, k: i128, a: Arith) -> Option<bool> {
    Some(match &c.kind {
        CondKind::Bool(b) => *b,
        CondKind::Cmp(op, x, y) => a.cmp(*op, eval_at(x, v, k, a)?, eval_at(y, v, k, a)?),
        CondKind::Not(x) => !eval_cond_at(x, v, k, a)?,
        CondKind::And(x, y) => eval_cond_at(x, v, k, a)? && eval_cond_at(y, v, k, a)?,
        CondKind::Or(x, y) => eval_cond_at(x, v, k, a)? || eval_cond_at(y, v, k, a)?,
    })
}

/// Whether `int` mode encodes every operation of `e` exactly (see `mapcheck_core::arith`).
pub(super) fn int_exact_expr(e: &Expr) -> bool {
    let lit = |x: &Expr| match x.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    };
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => true,
        ExprKind::Neg(x) => int_exact_expr(x),
        ExprKind::Bin(op, a, b) => {
            mapcheck_core::arith::int_exact(*op, lit(a), lit(b))
                && int_exact_expr(a)
                && int_exact_expr(b)
        }
        ExprKind::Select(_, a, b) => int_exact_expr(a) && int_exact_expr(b),
    }
}
