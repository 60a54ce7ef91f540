//! The normal form in which the two checkers' MAPs are compared ([`Norm`]; the module doc
//! of [`super`] says what it identifies), built from the driver's answer and from mapcheck's.

use super::*;

/// A loop's step: guard, operator and amount (`Mapcheck.Syntax.Step`).
pub type LoopStep = (CmpOp, BinOp, Expr);

/// A step in normal form: the amount folded, and `Step Lt Add 1` (Coq's `unit_step`) as
/// `None`.
pub(super) fn norm_step(guard: CmpOp, op: BinOp, amount: &Expr) -> Option<LoopStep> {
    let amount = fold(amount);
    if guard == CmpOp::Lt && op == BinOp::Add && amount.kind == ExprKind::Int(1) {
        None
    } else {
        Some((guard, op, amount))
    }
}

/// A MAP in normal form (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Norm {
    Skip,
    Sync,
    /// An access: its mode, array and index.
    Acc(Mode, String, Vec<Expr>),
    /// At least two elements, none a `Seq` or `Skip`.
    Seq(Vec<Norm>),
    If(Cond, Box<Norm>, Box<Norm>),
    /// A loop: its variable, start, bound, step (`None` for stride 1) and body.
    For(String, Expr, Expr, Option<LoopStep>, Box<Norm>),
    /// `assume c` (Coq's `UAssume`): no access, but part of the MAP on both sides.
    Assume(Cond),
}

impl Structural for Norm {
    fn erase_spans(&mut self) {
        match self {
            Norm::Skip | Norm::Sync => {}
            Norm::Acc(_, _, index) => index.erase_spans(),
            Norm::Assume(c) => c.erase_spans(),
            Norm::Seq(parts) => parts.erase_spans(),
            Norm::If(c, a, b) => {
                c.erase_spans();
                a.erase_spans();
                b.erase_spans();
            }
            Norm::For(_, lo, hi, step, body) => {
                lo.erase_spans();
                hi.erase_spans();
                if let Some((_, _, amount)) = step {
                    amount.erase_spans();
                }
                body.erase_spans();
            }
        }
    }
}

impl Norm {
    fn seq(parts: impl IntoIterator<Item = Norm>) -> Norm {
        let mut flat = Vec::new();
        for p in parts {
            match p {
                Norm::Skip => {}
                Norm::Seq(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Norm::Skip,
            1 => flat.pop().unwrap_or(Norm::Skip),
            _ => Norm::Seq(flat),
        }
    }

    /// The normal form of mapcheck's MAP, or why it is outside the mechanised fragment. The
    /// driver's answers carry no positions, so neither does the normal form.
    pub fn of_rust(p: &SyncProto) -> Result<Norm, CoqError> {
        let mut n = Norm::of_sproto(p)?;
        n.erase_spans();
        Ok(n)
    }

    /// mapcheck's `if cond {then_branch} else {else_branch}`, its condition folded.
    fn branch(cond: &mapcheck_typeck::term::Cond, then_branch: Norm, else_branch: Norm) -> Norm {
        Norm::If(
            fold_cond(&cond.map_vars(&mut named)),
            Box::new(then_branch),
            Box::new(else_branch),
        )
    }

    /// mapcheck's `for var in range {body}`, its range in normal form.
    fn counted(var: &str, range: &mapcheck_typeck::term::Range, body: Norm) -> Norm {
        let (lo, hi, st) = rust_range(&range.map_vars(&mut named));
        Norm::For(var.to_string(), lo, hi, st, Box::new(body))
    }

    fn of_sproto(p: &SyncProto) -> Result<Norm, CoqError> {
        Ok(match p {
            SyncProto::U(u) => Norm::of_proto(u)?,
            SyncProto::Sync(_) => Norm::Sync,
            SyncProto::SyncWarp(_) => return Err(SYNCWARP.into()),
            SyncProto::Seq(parts) => Norm::seq(
                parts
                    .iter()
                    .map(Norm::of_sproto)
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            SyncProto::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => Norm::branch(
                cond,
                Norm::of_sproto(then_branch)?,
                Norm::of_sproto(else_branch)?,
            ),
            SyncProto::For {
                var, range, body, ..
            } => Norm::counted(&var.name, range, Norm::of_sproto(body)?),
        })
    }

    fn of_proto(u: &Proto) -> Result<Norm, CoqError> {
        Ok(match u {
            Proto::Skip => Norm::Skip,
            Proto::Acc(a) => Norm::Acc(
                a.mode,
                a.array.name.clone(),
                a.index
                    .iter()
                    .map(|e| fold(&e.map_vars(&mut named)))
                    .collect(),
            ),
            Proto::Seq(parts) => Norm::seq(
                parts
                    .iter()
                    .map(Norm::of_proto)
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Proto::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => Norm::branch(
                cond,
                Norm::of_proto(then_branch)?,
                Norm::of_proto(else_branch)?,
            ),
            Proto::For {
                var, range, body, ..
            } => Norm::counted(&var.name, range, Norm::of_proto(body)?),
            Proto::Assume { cond, .. } => Norm::Assume(fold_cond(&cond.map_vars(&mut named))),
        })
    }

    /// `self` with `x` replaced by `v` (mapcheck substitutes a `let` where Coq's protocol
    /// binds it, `ULet`/`MLet`), refolded. Binders are distinct (SPEC §3); a loop on `x`
    /// would shadow it all the same.
    fn subst(self, x: &str, v: &Expr) -> Norm {
        let e = |n: &Expr| fold(&subst_expr(n, x, v));
        match self {
            Norm::Skip | Norm::Sync => self,
            Norm::Acc(m, a, idx) => Norm::Acc(m, a, idx.iter().map(e).collect()),
            Norm::Assume(c) => Norm::Assume(fold_cond(&subst_cond(&c, x, v))),
            Norm::Seq(parts) => Norm::Seq(parts.into_iter().map(|p| p.subst(x, v)).collect()),
            Norm::If(c, a, b) => Norm::If(
                fold_cond(&subst_cond(&c, x, v)),
                Box::new(a.subst(x, v)),
                Box::new(b.subst(x, v)),
            ),
            Norm::For(y, lo, hi, st, body) => {
                let st = st.map(|(g, o, k)| (g, o, e(&k)));
                let body = if y == x { *body } else { body.subst(x, v) };
                Norm::For(y, e(&lo), e(&hi), st, Box::new(body))
            }
        }
    }

    /// The normal form of the driver's `sproto`.
    pub(super) fn sproto(s: &Sexp) -> Result<Norm, CoqError> {
        let (head, args) = s.split();
        Ok(match (head, args) {
            ("MU", [u]) => Norm::proto(u)?,
            ("MSync", []) => Norm::Sync,
            ("MLet", [x, e, p]) => Norm::sproto(p)?.subst(x.atom()?, &fold(&coq_expr(e)?)),
            ("MSeq", [a, b]) => Norm::seq([Norm::sproto(a)?, Norm::sproto(b)?]),
            ("MFor", [x, n, m, p]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                None,
                Box::new(Norm::sproto(p)?),
            ),
            ("MFor", [x, n, m, st, p]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                coq_step(st)?,
                Box::new(Norm::sproto(p)?),
            ),
            ("MIf", [c, a, b]) => Norm::If(
                fold_cond(&coq_cond(c)?),
                Box::new(Norm::sproto(a)?),
                Box::new(Norm::sproto(b)?),
            ),
            _ => return Err(CoqError(format!("not an sproto: {s:?}"))),
        })
    }

    fn proto(s: &Sexp) -> Result<Norm, CoqError> {
        let (head, args) = s.split();
        Ok(match (head, args) {
            ("USkip", []) => Norm::Skip,
            ("ULet", [x, e, u]) => Norm::proto(u)?.subst(x.atom()?, &fold(&coq_expr(e)?)),
            ("UAcc", [o, a, n]) => {
                let mode = match o.atom()? {
                    "Rd" => Mode::Rd,
                    "Wr" => Mode::Wr,
                    "At" => Mode::At,
                    other => return Err(CoqError(format!("unknown mode {other}"))),
                };
                let index = match n.split() {
                    ("Idx", es) => es
                        .iter()
                        .map(|e| Ok(fold(&coq_expr(e)?)))
                        .collect::<Result<Vec<_>, CoqError>>()?,
                    _ => vec![fold(&coq_expr(n)?)],
                };
                Norm::Acc(mode, a.atom()?.to_string(), index)
            }
            ("USeq", [a, b]) => Norm::seq([Norm::proto(a)?, Norm::proto(b)?]),
            ("UAssume", [c]) => Norm::Assume(fold_cond(&coq_cond(c)?)),
            ("UIf", [c, a, b]) => Norm::If(
                fold_cond(&coq_cond(c)?),
                Box::new(Norm::proto(a)?),
                Box::new(Norm::proto(b)?),
            ),
            ("UFor", [x, n, m, u]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                None,
                Box::new(Norm::proto(u)?),
            ),
            ("UFor", [x, n, m, st, u]) => Norm::For(
                x.atom()?.to_string(),
                fold(&coq_expr(n)?),
                fold(&coq_expr(m)?),
                coq_step(st)?,
                Box::new(Norm::proto(u)?),
            ),
            _ => return Err(CoqError(format!("not a proto: {s:?}"))),
        })
    }

    /// Parses the protocol part of a driver answer, for tests that write one by hand.
    pub fn parse_coq(text: &str) -> Result<Norm, CoqError> {
        Norm::sproto(&parse_sexp(text)?)
    }
}

/// A MAP variable by the name it prints as: the Coq fragment has source names only.
fn named(v: &mapcheck_typeck::Var) -> String {
    v.to_string()
}

pub(super) fn rust_range(r: &mapcheck_core::ast::Range) -> (Expr, Expr, Option<LoopStep>) {
    let (guard, op) = step_ops(r);
    (
        fold(&r.start),
        fold(&r.bound),
        norm_step(guard, op, &r.step.amount),
    )
}

/// The normal form of the driver's `(Step CMP OP k)`.
pub(super) fn coq_step(s: &Sexp) -> Result<Option<LoopStep>, CoqError> {
    match s.split() {
        ("Step", [g, o, k]) => {
            let (g, o) = (g.atom()?, o.atom()?);
            let guard = CMPOPS
                .iter()
                .find(|(_, n)| *n == g)
                .map(|(c, _)| *c)
                .ok_or_else(|| format!("unknown guard {g}"))?;
            let op = BINOPS
                .iter()
                .find(|(_, n)| *n == o)
                .map(|(b, _)| *b)
                .ok_or_else(|| format!("unknown step operator {o}"))?;
            Ok(norm_step(guard, op, &coq_expr(k)?))
        }
        _ => Err(CoqError(format!("not a step: {s:?}"))),
    }
}

pub(super) fn coq_expr(s: &Sexp) -> Result<Expr, CoqError> {
    let sp = Span::default();
    let (head, args) = s.split();
    Ok(match (head, args) {
        ("ELit", [k]) => Expr::int(
            k.atom()?
                .parse()
                .map_err(|e| CoqError(format!("bad literal {k:?}: {e}")))?,
            sp,
        ),
        ("EVar", [x]) => Expr::var(x.atom()?, sp),
        ("EBin", [o, a, b]) => {
            let o = o.atom()?;
            let op = BINOPS
                .iter()
                .find(|(_, n)| *n == o)
                .map(|(op, _)| *op)
                .ok_or_else(|| format!("unknown operator {o}"))?;
            Expr::bin(op, coq_expr(a)?, coq_expr(b)?)
        }
        ("ESel", [c, a, b, x, y]) => {
            let c = c.atom()?;
            let op = CMPOPS
                .iter()
                .find(|(_, n)| *n == c)
                .map(|(op, _)| *op)
                .ok_or_else(|| format!("unknown comparison {c}"))?;
            let cond = Cond::new(CondKind::Cmp(op, coq_expr(a)?, coq_expr(b)?), sp);
            Expr::new(
                ExprKind::Select(
                    Box::new(cond),
                    Box::new(coq_expr(x)?),
                    Box::new(coq_expr(y)?),
                ),
                sp,
            )
        }
        _ => return Err(CoqError(format!("not an expr: {s:?}"))),
    })
}

pub(super) fn coq_cond(s: &Sexp) -> Result<Cond, CoqError> {
    let sp = Span::default();
    let (head, args) = s.split();
    let kind = match (head, args) {
        ("CTrue", []) => CondKind::Bool(true),
        ("CFalse", []) => CondKind::Bool(false),
        ("CCmp", [o, a, b]) => {
            let o = o.atom()?;
            let op = CMPOPS
                .iter()
                .find(|(_, n)| *n == o)
                .map(|(op, _)| *op)
                .ok_or_else(|| format!("unknown comparison {o}"))?;
            CondKind::Cmp(op, coq_expr(a)?, coq_expr(b)?)
        }
        ("CNot", [c]) => CondKind::Not(Box::new(coq_cond(c)?)),
        ("CAnd", [a, b]) => CondKind::And(Box::new(coq_cond(a)?), Box::new(coq_cond(b)?)),
        ("COr", [a, b]) => CondKind::Or(Box::new(coq_cond(a)?), Box::new(coq_cond(b)?)),
        _ => return Err(CoqError(format!("not a cond: {s:?}"))),
    };
    Ok(Cond::new(kind, sp))
}

/// Replaces every operation on two literals by its value in `int` arithmetic, bottom up,
/// when it has one that fits a literal; a negation `-e` becomes `0 - e`, and a selection
/// nested selections on one comparison each, as Coq writes them.
pub fn fold(e: &Expr) -> Expr {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Var(_) => e.clone(),
        // Coq writes `-e` as `0 - e`.
        ExprKind::Neg(a) => fold(&Expr::bin(BinOp::Sub, Expr::int(0, e.span), (**a).clone())),
        ExprKind::Bin(op, a, b) => {
            let (a, b) = (fold(a), fold(b));
            if let (ExprKind::Int(x), ExprKind::Int(y)) = (&a.kind, &b.kind) {
                let value = Arith::Int
                    .bin(*op, i128::from(*x), i128::from(*y))
                    .ok()
                    .and_then(|v| i64::try_from(v).ok());
                if let Some(v) = value {
                    return Expr::int(v, e.span);
                }
            }
            Expr::new(ExprKind::Bin(*op, Box::new(a), Box::new(b)), e.span)
        }
        ExprKind::Select(c, a, b) => select_on_comparisons(&fold_cond(c), fold(a), fold(b)),
    }
}

/// `e` with the variable `x` replaced by `v`.
pub(super) fn subst_expr(e: &Expr, x: &str, v: &Expr) -> Expr {
    let kind = match &e.kind {
        ExprKind::Var(y) if y == x => return v.clone(),
        ExprKind::Int(_) | ExprKind::Var(_) => return e.clone(),
        ExprKind::Neg(a) => ExprKind::Neg(Box::new(subst_expr(a, x, v))),
        ExprKind::Bin(op, a, b) => ExprKind::Bin(
            *op,
            Box::new(subst_expr(a, x, v)),
            Box::new(subst_expr(b, x, v)),
        ),
        ExprKind::Select(c, a, b) => ExprKind::Select(
            Box::new(subst_cond(c, x, v)),
            Box::new(subst_expr(a, x, v)),
            Box::new(subst_expr(b, x, v)),
        ),
    };
    Expr::new(kind, e.span)
}

pub(super) fn subst_cond(c: &Cond, x: &str, v: &Expr) -> Cond {
    let kind = match &c.kind {
        CondKind::Bool(b) => CondKind::Bool(*b),
        CondKind::Cmp(op, a, b) => CondKind::Cmp(*op, subst_expr(a, x, v), subst_expr(b, x, v)),
        CondKind::Not(a) => CondKind::Not(Box::new(subst_cond(a, x, v))),
        CondKind::And(a, b) => {
            CondKind::And(Box::new(subst_cond(a, x, v)), Box::new(subst_cond(b, x, v)))
        }
        CondKind::Or(a, b) => {
            CondKind::Or(Box::new(subst_cond(a, x, v)), Box::new(subst_cond(b, x, v)))
        }
    };
    Cond::new(kind, c.span)
}

/// A selection as nested selections on one comparison each, as Coq has them (`ESel`).
pub(super) fn select_on_comparisons(c: &Cond, x: Expr, y: Expr) -> Expr {
    match &c.kind {
        CondKind::Bool(true) => x,
        CondKind::Bool(false) => y,
        CondKind::Cmp(..) => Expr::new(
            ExprKind::Select(Box::new(c.clone()), Box::new(x), Box::new(y)),
            c.span,
        ),
        CondKind::Not(c) => select_on_comparisons(c, y, x),
        CondKind::And(c1, c2) => {
            let inner = select_on_comparisons(c2, x, y.clone());
            select_on_comparisons(c1, inner, y)
        }
        CondKind::Or(c1, c2) => {
            let inner = select_on_comparisons(c2, x.clone(), y);
            select_on_comparisons(c1, x, inner)
        }
    }
}

pub(super) fn fold_cond(c: &Cond) -> Cond {
    let kind = match &c.kind {
        CondKind::Bool(b) => CondKind::Bool(*b),
        CondKind::Cmp(op, a, b) => CondKind::Cmp(*op, fold(a), fold(b)),
        CondKind::Not(a) => CondKind::Not(Box::new(fold_cond(a))),
        CondKind::And(a, b) => CondKind::And(Box::new(fold_cond(a)), Box::new(fold_cond(b))),
        CondKind::Or(a, b) => CondKind::Or(Box::new(fold_cond(a)), Box::new(fold_cond(b))),
    };
    Cond::new(kind, c.span)
}

/// The paper's notation, on one line (for failure messages).
impl fmt::Display for Norm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Norm::Skip => f.write_str("skip"),
            Norm::Sync => f.write_str("sync"),
            Norm::Acc(mode, a, n) => {
                write!(f, "{} {a}", mode.keyword())?;
                n.iter().try_for_each(|e| write!(f, "[{e}]"))
            }
            Norm::Assume(c) => write!(f, "assume {c}"),
            Norm::Seq(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            Norm::If(c, a, b) => write!(f, "if {c} {{{a}}} else {{{b}}}"),
            Norm::For(x, lo, hi, None, body) => write!(f, "for {x} in {lo}..{hi} {{{body}}}"),
            Norm::For(x, lo, hi, Some((g, o, k)), body) => {
                write!(
                    f,
                    "for {x} = {lo}; {x} {g:?} {hi}; {x} {o:?}= {k} {{{body}}}"
                )
            }
        }
    }
}
