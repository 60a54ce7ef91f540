//! Recognising counted loops in clang's tree, before any lowering: `for (i = a; i CMP b;
//! i STEP k)`, the `while` form whose step ends its body, further steps of the counter at the
//! body's top level, and a leading `if (i == K) break;` — the syntactic shapes
//! [`Counted`] records and `counted.rs` lowers to core `for` loops.

use super::*;

/// A canonical counted loop: `for (i = a; i CMP b; i STEP k)`.
pub(super) struct Counted<'n> {
    pub(super) var: String,
    /// The variable's name in the source, when the loop declares it (`for (unsigned stride =
    /// ...)`): what reports call the core loop variable.
    pub(super) name: Option<String>,
    pub(super) var_ty: Scalar,
    /// The start value; `None`: the variable's value before the loop (a `while` loop).
    pub(super) start: Option<&'n Node>,
    /// `i = a` is a declaration (the variable ends with the loop).
    pub(super) declared: bool,
    pub(super) cmp: String,
    pub(super) bound: &'n Node,
    pub(super) step: StepOp,
    pub(super) amount: Option<&'n Node>,
    /// The condition reads `i + offset CMP bound` (signed: the sum does not wrap), which is
    /// `i CMP bound - offset`.
    pub(super) offset: Option<&'n Node>,
    /// More steps of the variable an iteration, statements of the body's top level (`{ ...;
    /// i += k; ...; i += k2; }`): the loop moves by all of them.
    pub(super) extra: Vec<(StepOp, Option<&'n Node>)>,
    /// The body starts with `if (i == K) break;` (dropped from the body lowered): the loop
    /// ends at `K` when the counter reaches it, which a bound of `K` says exactly.
    pub(super) until: Option<&'n Node>,
    /// With `until`: the statements before the `if (i == K) break;` (the body then being
    /// those and the ones after it), which the breaking iteration runs at `i = K`.
    pub(super) peel: Vec<&'n Node>,
}

/// `if (i == K) break;` as a statement of `body`'s top level, with `K` pure, not reading `i`,
/// and both sides of `==` of `i`'s own type (so that C compares the values the core compares),
/// the statements before it without an exit of their own (the breaking iteration runs them,
/// then leaves): `K`, the statements before it and the body without it.
pub(super) fn break_at<'n>(
    body: &[&'n Node],
    var: &str,
    var_ty: Scalar,
) -> Option<(&'n Node, Vec<&'n Node>, Vec<&'n Node>)> {
    (0..body.len()).find_map(|at| {
        let (before, rest) = body.split_at(at);
        let (k, after) = break_first(rest, var, var_ty)?;
        if before.iter().any(|s| has_exit(s)) {
            return None;
        }
        Some((k, before.to_vec(), [before, &after[..]].concat()))
    })
}

/// [`break_at`] at the first statement: `K` and the statements after it.
fn break_first<'n>(
    body: &[&'n Node],
    var: &str,
    var_ty: Scalar,
) -> Option<(&'n Node, Vec<&'n Node>)> {
    let (first, rest) = body.split_first()?;
    if first.kind != Kind::IfStmt
        || first.has_init == Some(true)
        || first.has_var == Some(true)
        || first.has_else == Some(true)
    {
        return None;
    }
    let kids: Vec<&Node> = first.exprs().collect();
    let [cond, then] = kids.as_slice() else {
        return None;
    };
    let only_break = match then.kind {
        Kind::BreakStmt => true,
        Kind::CompoundStmt => {
            let s: Vec<&Node> = then.exprs().collect();
            matches!(s.as_slice(), [b] if b.kind == Kind::BreakStmt)
        }
        _ => false,
    };
    let cond = strip_parens(cond);
    if !only_break || cond.kind != Kind::BinaryOperator || cond.opcode != Some("==") {
        return None;
    }
    let (l, r) = (child(cond, 0)?, child(cond, 1)?);
    let own = |n: &Node| CType::parse(n.qual_type()).scalar() == Some(var_ty);
    let k = if reads_var(l, var) {
        r
    } else if reads_var(r, var) {
        l
    } else {
        return None;
    };
    (own(l) && own(r) && !mentions_var(k, var) && !has_side_effects(k)).then(|| (k, rest.to_vec()))
}

/// `i++`, `i -= k`, ...: the step of the local `var` that `inc` is.
pub(super) fn step_of<'n>(inc: &'n Node, var: &str) -> Option<(StepOp, Option<&'n Node>)> {
    let target = |n: &Node| {
        n.kind == Kind::DeclRefExpr && n.referenced_decl.as_ref().is_some_and(|d| d.id == var)
    };
    match inc.kind {
        Kind::UnaryOperator if child(inc, 0).is_some_and(target) => match inc.opcode? {
            "++" => Some((StepOp::Add, None)),
            "--" => Some((StepOp::Sub, None)),
            _ => None,
        },
        Kind::CompoundAssignOperator if child(inc, 0).is_some_and(target) => {
            let op = match inc.opcode? {
                "+=" => StepOp::Add,
                "-=" => StepOp::Sub,
                "*=" => StepOp::Mul,
                "/=" => StepOp::Div,
                "<<=" => StepOp::Shl,
                ">>=" => StepOp::Shr,
                _ => return None,
            };
            let amount = child(inc, 1)?;
            (!mentions_var(amount, var)).then_some((op, Some(amount)))
        }
        _ => None,
    }
}

/// Whether `n` names the local `id` anywhere.
pub(super) fn mentions_var(n: &Node, id: &str) -> bool {
    n.referenced_decl.as_ref().is_some_and(|d| d.id == id)
        || n.inner.iter().any(|c| mentions_var(c, id))
}

/// Whether `n` may change the local `id`: any use of it other than a read of its value.
pub(super) fn may_write_var(n: &Node, id: &str) -> bool {
    match n.kind {
        Kind::ImplicitCastExpr if n.cast_kind == Some("LValueToRValue") => {
            let c = n.exprs().next().map(strip_parens);
            match c {
                Some(c) if c.kind == Kind::DeclRefExpr => false,
                _ => n.inner.iter().any(|c| may_write_var(c, id)),
            }
        }
        Kind::DeclRefExpr => n.referenced_decl.as_ref().is_some_and(|d| d.id == id),
        _ => n.inner.iter().any(|c| may_write_var(c, id)),
    }
}

/// The statements of `body`'s top level that step the variable `var` by adding or
/// subtracting (`{ ...; i += k; ... }`), when nothing else in the body may write it.
pub(super) fn body_steps<'n>(
    body: &[&'n Node],
    var: &str,
) -> Option<Vec<(StepOp, Option<&'n Node>)>> {
    let mut steps = Vec::new();
    for s in body {
        match step_of(s, var) {
            Some(st @ (StepOp::Add | StepOp::Sub, _)) => steps.push(st),
            _ if may_write_var(s, var) => return None,
            _ => {}
        }
    }
    Some(steps)
}

/// A GPUVerify annotation mapcheck ignores (`__invariant(c)`: `__mapcheck_ignored`) whose
/// arguments have no side effects.
fn is_pure_annotation(n: &Node) -> bool {
    let mut n = strip_parens(n);
    while n.kind == Kind::ImplicitCastExpr {
        match n.exprs().next() {
            Some(c) => n = strip_parens(c),
            None => return false,
        }
    }
    if n.kind == Kind::BinaryOperator && n.opcode == Some(",") {
        return n.exprs().all(is_pure_annotation);
    }
    if n.kind != Kind::CallExpr {
        return false;
    }
    let mut args = n.exprs();
    let Some(mut callee) = args.next() else {
        return false;
    };
    while callee.kind == Kind::ImplicitCastExpr {
        match callee.exprs().next() {
            Some(c) => callee = c,
            None => return false,
        }
    }
    callee
        .referenced_decl
        .as_ref()
        .is_some_and(|d| d.name.as_deref() == Some("__mapcheck_ignored"))
        && !args.any(has_side_effects)
}

/// `i + c` with `c` not reading `i`, in a signed type: `c`.
fn plus_offset<'n>(n: &'n Node, var: &str) -> Option<&'n Node> {
    let n = strip_parens(n);
    if n.kind != Kind::BinaryOperator || n.opcode != Some("+") {
        return None;
    }
    if !matches!(
        CType::parse(n.qual_type()).scalar(),
        Some(Scalar::Int { signed: true, .. })
    ) {
        return None;
    }
    let (a, b) = (child(n, 0)?, child(n, 1)?);
    if reads_var(a, var) && !mentions_var(b, var) {
        Some(b)
    } else if reads_var(b, var) && !mentions_var(a, var) {
        Some(a)
    } else {
        None
    }
}

/// Whether `n` reads the local `id` directly (`i`, through implicit casts that keep its value,
/// or an integral conversion to a type at least as wide: `int i` compared with an `unsigned`
/// bound, whose values `counted_loop` then holds below 2^31, where the conversion keeps them).
pub(super) fn reads_var(n: &Node, id: &str) -> bool {
    match n.kind {
        Kind::ImplicitCastExpr if matches!(n.cast_kind, Some("LValueToRValue" | "NoOp")) => {
            n.exprs().next().is_some_and(|c| reads_var(c, id))
        }
        Kind::ImplicitCastExpr if n.cast_kind == Some("IntegralCast") => {
            let width = |m: &Node| match CType::parse(m.qual_type()).scalar() {
                Some(Scalar::Int { bits, .. }) => Some(bits),
                _ => None,
            };
            n.exprs().next().is_some_and(|c| {
                matches!((width(n), width(c)), (Some(to), Some(from)) if to >= from)
                    && reads_var(c, id)
            })
        }
        Kind::ParenExpr => n.exprs().next().is_some_and(|c| reads_var(c, id)),
        Kind::DeclRefExpr => n.referenced_decl.as_ref().is_some_and(|d| d.id == id),
        _ => false,
    }
}

pub(super) fn counted<'n>(init: &'n Node, cond: &'n Node, inc: &'n Node) -> Option<Counted<'n>> {
    let mut name = None;
    let (var, var_ty, start, declared) = match init.kind {
        Kind::DeclStmt => {
            let mut decls = init.exprs();
            let d = decls.next()?;
            if decls.next().is_some() || d.kind != Kind::VarDecl {
                return None;
            }
            let s = CType::parse(d.qual_type()).scalar()?;
            name = d.name.clone();
            (d.id.clone(), s, Some(d.exprs().next()?), true)
        }
        Kind::BinaryOperator if init.opcode == Some("=") => {
            let (id, s) = scalar_local(child(init, 0)?)?;
            (id.to_string(), s, Some(child(init, 1)?), false)
        }
        _ => return None,
    };
    let mut c = counted_parts(&var, var_ty, cond, inc)?;
    c.start = start;
    c.declared = declared;
    c.name = name;
    Some(c)
}

/// The condition and step of a counted loop on the variable `var`.
pub(super) fn counted_parts<'n>(
    var: &str,
    var_ty: Scalar,
    cond: &'n Node,
    inc: &'n Node,
) -> Option<Counted<'n>> {
    let var = var.to_string();
    if !matches!(var_ty, Scalar::Int { .. }) {
        return None;
    }
    let mut cond = match cond.kind {
        Kind::ExprWithCleanups | Kind::ParenExpr => cond.exprs().next()?,
        _ => cond,
    };
    // `__invariant(..), .., i < n`: GPUVerify's loop invariants are comma operands of the
    // condition that mapcheck reads as nothing (like the annotation itself, `calls.rs`).
    while cond.kind == Kind::BinaryOperator
        && cond.opcode == Some(",")
        && child(cond, 0).is_some_and(is_pure_annotation)
    {
        cond = strip_parens(child(cond, 1)?);
    }
    if cond.kind != Kind::BinaryOperator {
        return None;
    }
    let op = cond.opcode?.to_string();
    let (l, r) = (child(cond, 0)?, child(cond, 1)?);
    let flip = |op: &str| {
        Some(match op {
            "<" => ">",
            "<=" => ">=",
            ">" => "<",
            ">=" => "<=",
            _ => return None,
        })
    };
    let (cmp, bound, offset) = if reads_var(l, &var) {
        (op, r, None)
    } else if reads_var(r, &var) {
        (flip(&op)?.to_string(), l, None)
    } else if let Some(o) = plus_offset(l, &var).filter(|_| !mentions_var(r, &var)) {
        (op, r, Some(o))
    } else if let Some(o) = plus_offset(r, &var).filter(|_| !mentions_var(l, &var)) {
        (flip(&op)?.to_string(), l, Some(o))
    } else {
        return None;
    };
    // `i + c != b` is left to the general loop: only the orderings move with the offset.
    if offset.is_some() && cmp == "!=" {
        return None;
    }
    if !matches!(cmp.as_str(), "<" | "<=" | ">" | ">=" | "!=") {
        return None;
    }
    let (step, amount) = step_of(inc, &var)?;
    Some(Counted {
        var,
        name: None,
        var_ty,
        start: None,
        declared: false,
        cmp,
        bound,
        step,
        amount,
        offset,
        extra: Vec::new(),
        until: None,
        peel: Vec::new(),
    })
}

/// The variable `n` names (a `DeclRefExpr`) and its scalar type.
fn scalar_local(n: &Node) -> Option<(&str, Scalar)> {
    let d = n
        .referenced_decl
        .as_ref()
        .filter(|_| n.kind == Kind::DeclRefExpr)?;
    Some((&d.id, CType::parse(n.qual_type()).scalar()?))
}

/// The counted form of `while (cond) { ...; inc; }`.
pub(super) fn counted_while<'n>(cond: &'n Node, inc: &'n Node) -> Option<Counted<'n>> {
    // The variable is the one the step assigns; `counted` reads it from an assignment.
    let (id, s) = scalar_local(child(inc, 0)?)?;
    // Reuse `counted` with a synthetic initialiser: only its condition and step are read.
    let mut c = counted_parts(id, s, cond, inc)?;
    c.start = None;
    c.declared = false;
    Some(c)
}
