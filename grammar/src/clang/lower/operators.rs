//! C's operators: binary arithmetic and comparisons (of integers and of pointers), `&&` and
//! `||` with their short circuit, unary operators and increments, compound assignments, and
//! `?:`.

use super::*;

impl Lower<'_, '_> {
    pub(super) fn binary(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let op = n.opcode.unwrap_or_default().to_string();
        let (Some(a), Some(b)) = (child(n, 0), child(n, 1)) else {
            return Val::Opaque;
        };
        match op.as_str() {
            "=" => {
                // C++17 ([expr.ass]/1): the right operand is sequenced before the left one
                // (`A[i] = i++` stores into the incremented `i`'s cell).
                let v = self.rvalue(b, out);
                let p = self.place(a, out);
                self.write(p.clone(), v.clone(), span, out);
                self.last_place = Some(p.clone());
                // The value of an assignment is the (converted) value stored.
                match p {
                    Place::Local(id, _) => match self.env.get(&id) {
                        Some(Binding::Val(v)) => v.clone(),
                        _ => v,
                    },
                    _ => v,
                }
            }
            "," => {
                self.rvalue(a, out);
                self.rvalue(b, out)
            }
            "&&" | "||" => {
                let mut left = Vec::new();
                let ca = self.rvalue(a, &mut left);
                let ca = self.as_cond(ca, span, &mut left);
                // Read consistency (issue 38 item 4): with no side effect and no `volatile`
                // object in the whole expression, nothing writes between the operands' reads
                // but other threads, whose write would be a race of its own (reported: a
                // plain read races with any write of the phase). So a cell the left operand
                // read at its top level (in scope for the rest of this block, where the right
                // operand's statements go) has the same value in the right operand: one read,
                // one value, instead of a second read whose value the guard would hide
                // (`buf[k] == 0 && buf[k] != 0` is false, not `guarded_value != 0`).
                let saved = self.shared_reads.len();
                if !has_side_effects(n) && !mentions_volatile(n) {
                    for s in &left {
                        if let StmtKind::Read { var, source } = &s.kind {
                            if let [index] = source.index.as_slice() {
                                self.shared_reads.push((
                                    source.array.name.clone(),
                                    index.clone(),
                                    Expr::var(var.name.clone(), var.span),
                                ));
                            }
                        }
                    }
                }
                for s in left {
                    self.emit(out, s);
                }
                // The right operand runs only when the left one does not decide.
                let guard = if op == "&&" {
                    ca.clone()
                } else {
                    not(ca.clone())
                };
                let cb = self.guarded(guard, b, span, out);
                self.shared_reads.truncate(saved);
                Val::Bool(if op == "&&" { and(ca, cb) } else { or(ca, cb) })
            }
            "==" | "!=" | "<" | "<=" | ">" | ">=" => {
                let va = self.rvalue(a, out);
                let vb = self.rvalue(b, out);
                self.compare(&op, va, vb, span, out)
            }
            _ => {
                let va = self.rvalue(a, out);
                let vb = self.rvalue(b, out);
                self.arith(&op, va, vb, ty, span, out)
            }
        }
    }

    pub(super) fn compare(
        &mut self,
        op: &str,
        a: Val,
        b: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        if let (Val::Ptr(pa), Val::Ptr(pb)) = (&a, &b) {
            if let (
                Ptr::To {
                    array: x, off: ox, ..
                },
                Ptr::To {
                    array: y, off: oy, ..
                },
            ) = (pa, pb)
            {
                if x == y {
                    return self.compare(
                        op,
                        Val::Num(ox.clone(), Scalar::INT),
                        Val::Num(oy.clone(), Scalar::INT),
                        span,
                        out,
                    );
                }
            }
            let u = self.unknown("pointer_comparison", Some((0, 1)), span, out);
            return Val::Bool(cmp(CmpOp::Ne, u, int(0, span)));
        }
        if let (Val::Bool(x), Val::Bool(y)) = (&a, &b) {
            if matches!(op, "==" | "!=") {
                // (x && y) || (!x && !y)
                let eq = or(
                    and(x.clone(), y.clone()),
                    and(not(x.clone()), not(y.clone())),
                );
                return Val::Bool(if op == "==" { eq } else { not(eq) });
            }
        }
        let float = matches!(a, Val::Num(_, Scalar::Float(_)))
            || matches!(b, Val::Num(_, Scalar::Float(_)));
        if float {
            let u = self.unknown("float_comparison", Some((0, 1)), span, out);
            return Val::Bool(cmp(CmpOp::Ne, u, int(0, span)));
        }
        let (x, xs) = self.as_expr(a, span, out);
        let (y, ys) = self.as_expr(b, span, out);
        let unsigned = xs.is_unsigned() || ys.is_unsigned();
        let cop = match (op, unsigned) {
            ("==", _) => CmpOp::Eq,
            ("!=", _) => CmpOp::Ne,
            ("<", false) => CmpOp::Lt,
            ("<=", false) => CmpOp::Le,
            (">", false) => CmpOp::Gt,
            (">=", false) => CmpOp::Ge,
            ("<", true) => CmpOp::ULt,
            ("<=", true) => CmpOp::ULe,
            (">", true) => CmpOp::UGt,
            _ => CmpOp::UGe,
        };
        // Unsigned comparisons of values known to be below 2^31 are the signed ones: simpler
        // terms for the solver, the same meaning in both modes.
        let small = |e: &Expr| self.within(e, 0, i128::from(i32::MAX));
        let cop = match cop {
            CmpOp::ULt if small(&x) && small(&y) => CmpOp::Lt,
            CmpOp::ULe if small(&x) && small(&y) => CmpOp::Le,
            CmpOp::UGt if small(&x) && small(&y) => CmpOp::Gt,
            CmpOp::UGe if small(&x) && small(&y) => CmpOp::Ge,
            c => c,
        };
        if let (ExprKind::Int(a), ExprKind::Int(b)) = (&x.kind, &y.kind) {
            let (a, b) = (i128::from(*a), i128::from(*b));
            // The common type of the usual arithmetic conversions: 64 bits if either is.
            let bits = |s: Scalar| match s {
                Scalar::Int { bits, .. } => bits,
                _ => 32,
            };
            let width = bits(xs).max(bits(ys)).max(32);
            let unsigned = |v: i128| v.rem_euclid(1i128 << width);
            let r = match cop {
                CmpOp::Eq => a == b,
                CmpOp::Ne => a != b,
                CmpOp::Lt => a < b,
                CmpOp::Le => a <= b,
                CmpOp::Gt => a > b,
                CmpOp::Ge => a >= b,
                CmpOp::ULt => unsigned(a) < unsigned(b),
                CmpOp::ULe => unsigned(a) <= unsigned(b),
                CmpOp::UGt => unsigned(a) > unsigned(b),
                CmpOp::UGe => unsigned(a) >= unsigned(b),
            };
            return Val::Bool(Cond::new(CondKind::Bool(r), span));
        }
        Val::Bool(Cond::new(CondKind::Cmp(cop, x, y), span))
    }

    /// The condition of `n`, evaluated only under `guard`: its statements (reads, calls) go
    /// under `if guard { ... }`, and a value that needs them is `?` outside.
    pub(super) fn guarded(
        &mut self,
        guard: Cond,
        n: &Node,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Cond {
        let before = self.env.clone();
        let mut inner = Vec::new();
        let v = self.rvalue(n, &mut inner);
        let c = self.as_cond(v, span, &mut inner);
        if inner.is_empty() {
            return c;
        }
        let bound = bound_names(&inner);
        let after = std::mem::replace(&mut self.env, before.clone());
        self.emit(
            out,
            stmt(
                StmtKind::If {
                    cond: guard,
                    then_branch: Block { stmts: inner, span },
                    else_branch: None,
                },
                span,
            ),
        );
        self.join_env(before, after, &bound, span, out);
        // What a read outside a local array or a table gives (`Lower::checked_read`) is any
        // value: a fresh unknown outside the guard stands for it, and the rest of the
        // condition (the elements' cases) stays as it was.
        let mut outside: Vec<&String> = bound.intersection(&self.outside_values).collect();
        outside.sort();
        let rest: HashSet<String> = bound.difference(&self.outside_values).cloned().collect();
        if !outside.is_empty() && !cond_uses(&c, &rest) {
            let mut map = HashMap::new();
            for name in outside.into_iter().cloned().collect::<Vec<_>>() {
                let one: HashSet<String> = [name.clone()].into_iter().collect();
                if cond_uses(&c, &one) {
                    let u = self.unknown("outside", None, span, out);
                    map.insert(name, u);
                }
            }
            return subst_cond_vars(&c, &map);
        }
        if cond_uses(&c, &bound) {
            let u = self.unknown("guarded_value", Some((0, 1)), span, out);
            cmp(CmpOp::Ne, u, int(0, span))
        } else {
            c
        }
    }

    pub(super) fn unary(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let op = n.opcode.unwrap_or_default().to_string();
        let Some(a) = child(n, 0) else {
            return Val::Opaque;
        };
        match op.as_str() {
            "++" | "--" => {
                let p = self.place(a, out);
                let old = self.read(p.clone(), span, out);
                let one = Val::Num(int(1, span), Scalar::INT);
                let new = if matches!(old, Val::Ptr(_)) {
                    self.pointer_arith(
                        if op == "++" { "+" } else { "-" },
                        ptr_of(old.clone()),
                        one,
                        span,
                        out,
                    )
                } else {
                    let t = self.node_type(a);
                    let v = self.arith(
                        if op == "++" { "+" } else { "-" },
                        old.clone(),
                        one,
                        &t,
                        span,
                        out,
                    );
                    self.convert(v, &t, span, out)
                };
                self.write(p.clone(), new.clone(), span, out);
                self.last_place = Some(p.clone());
                if n.is_postfix == Some(true) {
                    old
                } else {
                    match p {
                        Place::Local(id, _) => match self.env.get(&id) {
                            Some(Binding::Val(v)) => v.clone(),
                            _ => new,
                        },
                        _ => new,
                    }
                }
            }
            "&" => {
                // `&x[i]` of an array `x` is `x + i` (C17 6.5.3.2p3): the pointer points into
                // `x`, which may be a row of the declared object (`&a[y][0]`, `Within`).
                let bare = strip_parens(a);
                if bare.kind == Kind::ArraySubscriptExpr {
                    if let (Some(x), Some(i)) = (child(bare, 0), child(bare, 1)) {
                        if self.decayed_array(x).is_some() {
                            let p = self.rvalue(x, out);
                            let i = self.rvalue(i, out);
                            return self.pointer_arith("+", ptr_of(p), i, span, out);
                        }
                    }
                }
                let p = self.place(a, out);
                self.address(p)
            }
            "*" => {
                let p = self.place(n, out);
                self.read(p, span, out)
            }
            "!" => {
                let v = self.rvalue(a, out);
                Val::Bool(not(self.as_cond(v, span, out)))
            }
            "-" | "+" | "~" => {
                let v = self.rvalue(a, out);
                match (op.as_str(), v) {
                    ("+", v) => v,
                    (_, Val::Num(_, Scalar::Float(_))) => self.unknown_val("float", ty, span, out),
                    ("-", Val::Num(e, s)) => {
                        let e = Expr::new(ExprKind::Neg(Box::new(e)), span);
                        let e = if s.is_unsigned() {
                            self.convert_int(e, s, out)
                        } else {
                            e
                        };
                        Val::Num(e, s)
                    }
                    ("~", Val::Num(e, s)) => {
                        // ~x = -x - 1
                        let e = Expr::bin(
                            BinOp::Sub,
                            Expr::new(ExprKind::Neg(Box::new(e)), span),
                            int(1, span),
                        );
                        let e = if s.is_unsigned() {
                            self.convert_int(e, s, out)
                        } else {
                            e
                        };
                        Val::Num(e, s)
                    }
                    (_, _) => self.unknown_val("operand", ty, span, out),
                }
            }
            "__extension__" => self.rvalue(a, out),
            _ => {
                self.error(span, format!("unary `{op}` is not supported"), "here");
                Val::Opaque
            }
        }
    }

    pub(super) fn compound_assign(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Val {
        let op = n.opcode.unwrap_or_default().to_string();
        let op = op.trim_end_matches('=').to_string();
        let (Some(a), Some(b)) = (child(n, 0), child(n, 1)) else {
            return Val::Opaque;
        };
        // The right operand first, as for `=` (C++17 [expr.ass]/1).
        let rhs = self.rvalue(b, out);
        let p = self.place(a, out);
        let old = self.read(p.clone(), span, out);
        let lty = self.node_type(a);
        let new = if matches!(old, Val::Ptr(_)) {
            self.pointer_arith(&op, ptr_of(old), rhs, span, out)
        } else {
            // C computes in the type `computeLHSType` names (the usual arithmetic
            // conversions of both operands), then converts back to the left operand's type.
            let cty = n
                .compute_lhs_type
                .as_ref()
                .map(|t| CType::parse(t.canonical()))
                .unwrap_or_else(|| lty.clone());
            let old = self.convert(old, &cty, span, out);
            let v = if matches!(op.as_str(), "<<" | ">>") {
                self.arith(&op, old, rhs, &cty, span, out)
            } else {
                let rhs = self.convert(rhs, &cty, span, out);
                self.arith(&op, old, rhs, &cty, span, out)
            };
            self.convert(v, &lty, span, out)
        };
        self.write(p.clone(), new.clone(), span, out);
        self.last_place = Some(p.clone());
        match p {
            Place::Local(id, _) => match self.env.get(&id) {
                Some(Binding::Val(v)) => v.clone(),
                _ => new,
            },
            _ => new,
        }
    }

    /// The two arms of `c ? a : b`, each lowered by `arm` with only its own side's effects:
    /// the arms' statements run under their side of `cond` (an `If`), the locals they assign
    /// are joined after it. Returns both results and the names the arms bind, which are not in
    /// scope after the `If`.
    pub(super) fn conditional_arms<R>(
        &mut self,
        cond: &Cond,
        (a, b): (&Node, &Node),
        span: Span,
        out: &mut Vec<Stmt>,
        mut arm: impl FnMut(&mut Self, &Node, &mut Vec<Stmt>) -> R,
    ) -> (R, R, HashSet<String>) {
        let before = self.env.clone();
        let mut ta = Vec::new();
        let ra = arm(self, a, &mut ta);
        let env_a = std::mem::replace(&mut self.env, before.clone());
        let mut tb = Vec::new();
        let rb = arm(self, b, &mut tb);
        let env_b = std::mem::replace(&mut self.env, before);
        let (alets, blets) = (branch_lets(&ta), branch_lets(&tb));
        let bound: HashSet<String> = bound_names(&ta).union(&bound_names(&tb)).cloned().collect();
        if !(ta.is_empty() && tb.is_empty()) {
            self.emit(
                out,
                stmt(
                    StmtKind::If {
                        cond: cond.clone(),
                        then_branch: Block { stmts: ta, span },
                        else_branch: Some(Block { stmts: tb, span }),
                    },
                    span,
                ),
            );
        }
        self.join_if(cond, [(env_a, &alets), (env_b, &blets)], &bound, span, out);
        (ra, rb, bound)
    }

    pub(super) fn conditional(
        &mut self,
        n: &Node,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let (Some(c), Some(a), Some(b)) = (child(n, 0), child(n, 1), child(n, 2)) else {
            return Val::Opaque;
        };
        let cv = self.rvalue(c, out);
        let cond = self.as_cond(cv, span, out);
        let (va, vb, bound) =
            self.conditional_arms(&cond, (a, b), span, out, |l, e, o| l.rvalue(e, o));
        if va.same_shape(&vb) && !val_uses(&va, &bound) {
            return va;
        }
        // `a < b ? a : b` and its mirror images are `min`/`max`.
        if let (Val::Num(x, s), Val::Num(y, _), CondKind::Cmp(cop, l, r)) = (&va, &vb, &cond.kind) {
            if !expr_uses(x, &bound) && !expr_uses(y, &bound) && !matches!(s, Scalar::Float(_)) {
                let u = s.is_unsigned();
                let pick = match cop {
                    CmpOp::Lt | CmpOp::Le | CmpOp::ULt | CmpOp::ULe => Some(true),
                    CmpOp::Gt | CmpOp::Ge | CmpOp::UGt | CmpOp::UGe => Some(false),
                    _ => None,
                };
                let direct = l.same_shape(x) && r.same_shape(y);
                let mirror = l.same_shape(y) && r.same_shape(x);
                let signed_cmp = matches!(cop, CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge);
                let small = self.within(x, 0, i128::from(i32::MAX))
                    && self.within(y, 0, i128::from(i32::MAX));
                if let Some(less) =
                    pick.filter(|_| (direct || mirror) && (signed_cmp != u || small))
                {
                    let min = less == direct;
                    let op = match (min, u) {
                        (true, false) => BinOp::Min,
                        (true, true) => BinOp::UMin,
                        (false, false) => BinOp::Max,
                        (false, true) => BinOp::UMax,
                    };
                    return Val::Num(Expr::bin(op, x.clone(), y.clone()), *s);
                }
            }
        }
        match (&va, &vb) {
            (Val::Bool(x), Val::Bool(y)) if !cond_uses(x, &bound) && !cond_uses(y, &bound) => {
                Val::Bool(or(and(cond.clone(), x.clone()), and(not(cond), y.clone())))
            }
            // A pointer chosen by the condition: by cases (issue 14 item 2).
            (Val::Ptr(pa), Val::Ptr(pb))
                if !val_uses(&va, &bound)
                    && !val_uses(&vb, &bound)
                    && !cond_uses(&cond, &bound) =>
            {
                Val::Ptr(Ptr::select(cond, pa.clone(), pb.clone()))
            }
            (Val::Ptr(pa), Val::Ptr(pb)) => Val::Ptr(join_ptr(pa.clone(), pb.clone())),
            // Any other `c ? x : y` of integers is the core's selection, exact (issue 20).
            (Val::Num(x, sx), Val::Num(y, sy))
                if sx == sy
                    && !matches!(sx, Scalar::Float(_))
                    && !expr_uses(x, &bound)
                    && !expr_uses(y, &bound)
                    && !cond_uses(&cond, &bound) =>
            {
                Val::Num(select(cond, x.clone(), y.clone(), span), *sx)
            }
            _ => self.unknown_val("select", ty, span, out),
        }
    }
}

/// The pointer that may be either of two.
pub(super) fn join_ptr(a: Ptr, b: Ptr) -> Ptr {
    if a.same_shape(&b) {
        return a;
    }
    match (a.arrays(), b.arrays()) {
        (Some(mut x), Some(y)) => {
            x.extend(y);
            x.sort();
            x.dedup();
            if x.is_empty() {
                Ptr::Private
            } else {
                Ptr::Many(x)
            }
        }
        _ => Ptr::Unknown,
    }
}
