//! Statements: blocks and the condition under which control reaches their end, joins of
//! the environments of two branches (`select`s), local declarations, and `if`.

use super::*;

impl Lower<'_, '_> {
    /// Lowers a statement list; returns the condition under which control reaches its end.
    pub(super) fn block(&mut self, stmts: &[&Node], out: &mut Vec<Stmt>) -> Cond {
        // Statements that always fall through are lowered in a loop (a long list must not
        // grow the stack); the rest after a conditional exit is lowered under its condition.
        let mut stmts = stmts;
        let (span, stay, rest) = loop {
            let Some((first, rest)) = stmts.split_first() else {
                return tt(self.kernel_span);
            };
            let span = self.span(first);
            let stay = self.stmt(first, out);
            if !is_true(&stay) {
                break (span, stay, rest);
            }
            stmts = rest;
        };
        if is_false(&stay) || rest.is_empty() {
            // What follows an unconditional exit never runs.
            return stay;
        }
        // The rest runs when control stays.
        let before = self.env.clone();
        let mut inner = Vec::new();
        self.path.push(Some(stay.clone()));
        let rest_stay = self.block(rest, &mut inner);
        self.path.pop();
        let bound = bound_names(&inner);
        let after = std::mem::replace(&mut self.env, before.clone());
        self.emit(
            out,
            stmt(
                StmtKind::If {
                    cond: stay.clone(),
                    then_branch: Block { stmts: inner, span },
                    else_branch: None,
                },
                span,
            ),
        );
        self.join_env(before, after, &bound, span, out);
        if cond_uses(&rest_stay, &bound) {
            let u = self.unknown("reached", Some((0, 1)), span, out);
            and(stay, cmp(CmpOp::Ne, u, int(0, span)))
        } else {
            and(stay, rest_stay)
        }
    }

    /// The environment after `if c { A }` (no else): a variable keeps its value when both
    /// paths agree on it and the value is still in scope, else it is `?`.
    pub(super) fn join_env(
        &mut self,
        before: Env,
        after: Env,
        bound: &HashSet<String>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        self.join_two(before, after, bound, span, out);
    }

    /// The environment after `if (cond) A else B`, both branches falling through (`a` and `b`
    /// the environments at their ends). A `bool` local the branches leave different is C's
    /// value of it, `cond && x || !cond && y`, exactly (a repair's flag `f = (c1);` assigned in
    /// one branch stays a condition, not a `?`), when both sides and `cond` use only names in
    /// scope and the condition stays small; the other locals join as in [`Self::join_two`].
    pub(super) fn join_if(
        &mut self,
        cond: &Cond,
        // Each branch's environment at its end, and its top-level `let`s (`branch_lets`).
        [(mut a, a_lets), (mut b, b_lets)]: [(Env, &HashMap<String, Expr>); 2],
        bound: &HashSet<String>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        const MAX_JOINED: usize = 64;
        let mut ids: Vec<String> = a.keys().filter(|k| b.contains_key(*k)).cloned().collect();
        ids.sort();
        for id in ids {
            // An integer assigned on both branches (or on one, keeping its value on the other)
            // is the selection of its two values: a phi, exact (issue 20).
            if let (Some(Binding::Val(Val::Num(x, sx))), Some(Binding::Val(Val::Num(y, sy)))) =
                (a.get(&id), b.get(&id))
            {
                // A value named by a `let` of its branch is that let's definition.
                let (x, y) = (&subst_vars(x, a_lets), &subst_vars(y, b_lets));
                // Both branches compute the same value (each in a `let` of its own): that
                // value, when it is still in scope.
                if x.same_shape(y) && sx == sy && !expr_uses(x, bound) {
                    let v = Binding::Val(Val::Num(x.clone(), *sx));
                    a.insert(id.clone(), v.clone());
                    b.insert(id, v);
                    continue;
                }
                if !x.same_shape(y)
                    && sx == sy
                    && !matches!(sx, Scalar::Float(_))
                    && !expr_uses(x, bound)
                    && !expr_uses(y, bound)
                    && !cond_uses(cond, bound)
                    && expr_nodes(x) + expr_nodes(y) + cond_size(cond) <= MAX_JOINED
                {
                    let v = Binding::Val(Val::Num(
                        select(cond.clone(), x.clone(), y.clone(), span),
                        *sx,
                    ));
                    a.insert(id.clone(), v.clone());
                    b.insert(id, v);
                }
                continue;
            }
            // A pointer re-pointed on a branch: the selection of the two, by cases (issue 14
            // item 2), when both name their memory.
            if let (Some(Binding::Val(Val::Ptr(x))), Some(Binding::Val(Val::Ptr(y)))) =
                (a.get(&id), b.get(&id))
            {
                let (x, y) = (subst_ptr(x, a_lets), subst_ptr(y, b_lets));
                let (vx, vy) = (Val::Ptr(x.clone()), Val::Ptr(y.clone()));
                if !x.same_shape(&y)
                    && !val_uses(&vx, bound)
                    && !val_uses(&vy, bound)
                    && !cond_uses(cond, bound)
                    && ptr_size(&x) + ptr_size(&y) + cond_size(cond) <= MAX_JOINED
                {
                    let v = Binding::Val(Val::Ptr(Ptr::select(cond.clone(), x, y)));
                    a.insert(id.clone(), v.clone());
                    b.insert(id, v);
                }
                continue;
            }
            let (Some(Binding::Val(Val::Bool(x))), Some(Binding::Val(Val::Bool(y)))) =
                (a.get(&id), b.get(&id))
            else {
                continue;
            };
            if x.same_shape(y)
                || cond_uses(x, bound)
                || cond_uses(y, bound)
                || cond_uses(cond, bound)
            {
                continue;
            }
            let joined = simplify(or(
                and(cond.clone(), x.clone()),
                and(not(cond.clone()), y.clone()),
            ));
            if cond_size(&joined) > MAX_JOINED {
                continue;
            }
            let v = Binding::Val(Val::Bool(joined));
            a.insert(id.clone(), v.clone());
            b.insert(id, v);
        }
        self.join_two(a, b, bound, span, out);
    }

    /// The environment after two paths: `a` and `b` are the environments at their ends.
    pub(super) fn join_two(
        &mut self,
        a: Env,
        b: Env,
        bound: &HashSet<String>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let mut joined = Env::new();
        let mut ids: Vec<&String> = a.keys().filter(|k| b.contains_key(*k)).collect();
        ids.sort();
        for id in ids {
            let (x, y) = (&a[id], &b[id]);
            let v = match (x, y) {
                (Binding::Val(vx), Binding::Val(vy)) => {
                    if vx.same_shape(vy) && !val_uses(vx, bound) {
                        Binding::Val(vx.clone())
                    } else {
                        let name = self
                            .local_names
                            .get(id)
                            .cloned()
                            .unwrap_or_else(|| "joined".into());
                        Binding::Val(self.join_val(vx, vy, &name, span, out))
                    }
                }
                (b, _) => b.clone(),
            };
            joined.insert(id.clone(), v);
        }
        self.env = joined;
    }

    pub(super) fn join_val(
        &mut self,
        x: &Val,
        y: &Val,
        name: &str,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        match (x, y) {
            (Val::Num(_, s), _) => Val::Num(self.unknown(name, s.range(), span, out), *s),
            (Val::Bool(_), _) => {
                let u = self.unknown(name, Some((0, 1)), span, out);
                Val::Bool(cmp(CmpOp::Ne, u, int(0, span)))
            }
            (Val::Ptr(p), Val::Ptr(q)) => match (p, q) {
                (
                    Ptr::To {
                        array: a, pointee, ..
                    },
                    Ptr::To { array: b, .. },
                ) if a == b => Val::Ptr(Ptr::To {
                    array: a.clone(),
                    off: self.unknown(&format!("{name}_offset"), None, span, out),
                    pointee: pointee.clone(),
                    within: None,
                }),
                _ => Val::Ptr(join_ptr(p.clone(), q.clone())),
            },
            _ => Val::Opaque,
        }
    }

    /// Lowers one statement; returns the condition under which control falls through it.
    pub(super) fn stmt(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Cond {
        let outer = self.statement.replace(self.span(n));
        let stay = self.stmt_here(n, out);
        self.statement = outer;
        stay
    }

    fn stmt_here(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Cond {
        let span = self.span(n);
        match &n.kind {
            Kind::CompoundStmt => {
                let stmts: Vec<&Node> = n.exprs().collect();
                self.block(&stmts, out)
            }
            Kind::NullStmt => tt(span),
            Kind::AttributedStmt => {
                // `[[assume(e)]]`: `e` holds from here on, as `__builtin_assume(e)`. The other
                // statement attributes have no effect (`attributes.rs`; checked per kernel).
                let assumptions = n
                    .inner
                    .iter()
                    .filter(|a| matches!(&a.kind, Kind::Other(k) if k == "CXXAssumeAttr"));
                for a in assumptions {
                    if let Some(e) = a.exprs().next() {
                        self.assume_here(e, span, out);
                    }
                }
                match n.exprs().next() {
                    Some(s) => self.stmt(s, out),
                    None => tt(span),
                }
            }
            Kind::DeclStmt => {
                for d in n.exprs() {
                    self.local_decl(d, out);
                }
                tt(span)
            }
            Kind::IfStmt => self.if_stmt(n, span, out),
            // A loop whose values are all constants is run here (`evaluate.rs`).
            Kind::ForStmt | Kind::WhileStmt | Kind::DoStmt if self.evaluated_loop(n, span) => {
                tt(span)
            }
            Kind::ForStmt | Kind::WhileStmt | Kind::DoStmt | Kind::SwitchStmt => {
                // Their parts run under guards (iterations, cases) the path does not name.
                self.path.push(None);
                self.loop_why = None;
                let stay = match &n.kind {
                    Kind::ForStmt => self.for_stmt(n, span, out),
                    Kind::WhileStmt => self.while_stmt(n, span, out),
                    Kind::DoStmt => self.do_stmt(n, span, out),
                    _ => self.switch(n, span, out),
                };
                self.loop_why = None;
                self.path.pop();
                stay
            }
            Kind::ReturnStmt => {
                if let Some(e) = n.exprs().next() {
                    let v = match self.frames.last() {
                        // `return a[i];` from `T &f()`: the place, not its contents.
                        Some(f) if f.by_ref => {
                            let p = self.place(e, out);
                            self.address(p)
                        }
                        Some(f) => {
                            let rty = f.ret_ty.clone();
                            let v = self.rvalue(e, out);
                            self.convert(v, &rty, span, out)
                        }
                        None => self.rvalue(e, out),
                    };
                    if let Some(f) = self.frames.last() {
                        let guard = self.path[f.path_base.min(self.path.len())..]
                            .iter()
                            .try_fold(tt(span), |g, c| c.clone().map(|c| and(g, c)));
                        if let Some(f) = self.frames.last_mut() {
                            f.returns.push((guard.map(simplify), v));
                        }
                    }
                }
                for exits in self.loop_exits.iter_mut().skip(self.function_base) {
                    exits.insert(ExitKind::Return);
                }
                ff(span)
            }
            Kind::BreakStmt => {
                if let Some(e) = self.loop_exits.last_mut() {
                    e.insert(ExitKind::Break);
                }
                ff(span)
            }
            Kind::ContinueStmt => {
                if let Some(e) = self.loop_exits.last_mut() {
                    e.insert(ExitKind::Continue);
                }
                ff(span)
            }
            Kind::GCCAsmStmt => self.asm(n, span, out),
            // A label alone changes nothing; the `goto` that jumps to it is refused (once).
            Kind::LabelStmt => match n.exprs().next() {
                Some(s) => self.stmt(s, out),
                None => tt(span),
            },
            Kind::GotoStmt => {
                self.error(
                    span,
                    "`goto` is not supported",
                    "mapcheck lowers structured control flow only",
                );
                tt(span)
            }
            Kind::CaseStmt | Kind::DefaultStmt => {
                self.error(
                    span,
                    "a `case` label outside the statement list of its `switch`",
                    "not supported",
                );
                tt(span)
            }
            _ if n.is_meta() || n.is_null() => tt(span),
            Kind::Other(k) if k.ends_with("Decl") => tt(span),
            _ => {
                // An expression statement.
                if n.is_lvalue() {
                    self.place(n, out);
                } else {
                    self.rvalue(n, out);
                }
                tt(span)
            }
        }
    }

    /// The value of a `static` local that is a `const` (or `constexpr`) integer initialised by a
    /// constant expression (`static constexpr int K = 2 * TILE;`): it is never written, so its
    /// value is that constant. `None` for any other local.
    fn static_constant(&self, d: &Node, span: Span) -> Option<Val> {
        let plain = !d.has_attr("CUDADeviceAttr") && !d.has_attr("CUDAConstantAttr");
        let constant = d.qual_type().starts_with("const ")
            || d.is_constexpr == Some(true)
            || d.constexpr == Some(true);
        if d.storage_class.as_deref() != Some("static") || !plain || !constant {
            return None;
        }
        let CType::Scalar(s @ Scalar::Int { .. }) = CType::parse(d.qual_type()) else {
            return None;
        };
        // A constant of the file, an enumerator, or a local bound to a literal (an earlier
        // static constant).
        let named = |id: &str| {
            let v = self.g.constants.get(id).or(self.g.enumerators.get(id));
            v.copied().or_else(|| match self.env.get(id) {
                Some(Binding::Val(Val::Num(e, _))) => literal(e),
                _ => None,
            })
        };
        let v = const_int_expr(d.exprs().next()?, &named)?;
        Some(Val::Num(int(i64::try_from(v).ok()?, span), s))
    }

    pub(super) fn local_decl(&mut self, d: &Node, out: &mut Vec<Stmt>) {
        // A `constexpr` variable's initialiser is manifestly constant-evaluated (C++
        // [expr.const]): `__builtin_is_constant_evaluated()` is true in it.
        let constexpr =
            d.kind == Kind::VarDecl && (d.constexpr == Some(true) || d.is_constexpr == Some(true));
        let evaluated = self.constant_evaluated;
        self.constant_evaluated |= constexpr;
        self.local_decl_here(d, out);
        self.constant_evaluated = evaluated;
    }

    fn local_decl_here(&mut self, d: &Node, out: &mut Vec<Stmt>) {
        let span = self.span(d);
        match &d.kind {
            Kind::VarDecl => {}
            // Declarations of names and types, which run nothing (a local function
            // declaration names a function declared elsewhere; a call of it is resolved by
            // clang to that function).
            Kind::CXXRecordDecl
            | Kind::RecordDecl
            | Kind::TypedefDecl
            | Kind::TypeAliasDecl
            | Kind::EnumDecl
            | Kind::StaticAssertDecl
            | Kind::UsingDirectiveDecl
            | Kind::NamespaceAliasDecl
            | Kind::FunctionDecl => return,
            Kind::Other(k)
                if matches!(
                    k.as_str(),
                    "UsingDecl" | "UsingShadowDecl" | "UsingEnumDecl" | "EmptyDecl"
                ) =>
            {
                return
            }
            Kind::Other(k) if k == "DecompositionDecl" => {
                self.error(
                    span,
                    "structured bindings are not supported",
                    "write the members out: `auto x = p.a;`",
                );
                return;
            }
            other => {
                let kind = match other {
                    Kind::Other(k) => k.clone(),
                    k => format!("{k:?}"),
                };
                self.error(
                    span,
                    format!("a local `{kind}` is not supported"),
                    "a declaration mapcheck has no rule for",
                );
                return;
            }
        }
        let name = d.name.clone().unwrap_or_else(|| "v".into());
        self.local_names.insert(d.id.clone(), name.clone());
        self.display_name(&name, name.clone());
        if d.has_attr("CUDASharedAttr") {
            // A `__shared__` variable of the kernel: the place is its memory.
            if let Some(p) = self.memory_array(d, Space::Shared, span) {
                self.env.insert(d.id.clone(), Binding::Ref(p));
            }
            return;
        }
        // A `static const` / `static constexpr` integer is one constant for every thread.
        if let Some(v) = self.static_constant(d, span) {
            self.env.insert(d.id.clone(), Binding::Val(v));
            return;
        }
        if d.storage_class.as_deref() == Some("static")
            || d.has_attr("CUDADeviceAttr")
            || d.has_attr("CUDAConstantAttr")
        {
            self.error(
                span,
                "a `static` or `__device__` local variable is not supported",
                "here",
            );
            return;
        }
        let ty = CType::parse(d.qual_type());
        if let Some(code) = self.g.holding(&ty) {
            self.class_code_error(&ty, code, span);
        }
        let init = d.exprs().next();
        match &ty {
            CType::Reference(_) => match init {
                Some(i) => {
                    let p = self.place(i, out);
                    self.env.insert(d.id.clone(), Binding::Ref(p));
                }
                None => self.error(span, "a reference without an initialiser", "here"),
            },
            CType::Record(_) if self.followed_record(&ty).is_some() => {
                // A struct holding pointers: followed field by field (`records.rs`).
                let v = match init {
                    Some(i) => match self.constructed_record(i, &ty, out) {
                        Some(v) => v,
                        // A struct returned by an inlined call is its fields.
                        None => self.record_operand(i, out),
                    },
                    None => Val::Opaque,
                };
                self.bind_record(&d.id, &name, &ty, v, span, out);
            }
            // A local array of pointers: one local per element (`slots.rs`).
            CType::Array(..) if self.slot_array(d, &ty, init, span, out) => {}
            // A union used only through its members: one local per byte (`unions.rs`).
            CType::Record(_) if self.union_local(d, &ty, init, span, out) => {}
            // A reference or pointer whose type the lowering cannot read would be taken for
            // an object of the thread, and the accesses through it dropped: refused.
            CType::Other(t) if designates_memory(t) => self.error(
                span,
                format!("a local of type `{t}`, which mapcheck cannot read"),
                "a reference or pointer of this type may designate shared or global memory",
            ),
            CType::Array(..) | CType::Record(_) | CType::Other(_) => {
                if let Some(i) = init {
                    self.rvalue_or_place(i, out);
                }
                self.env.insert(d.id.clone(), Binding::Private);
            }
            _ => {
                let v = match init {
                    Some(i) => {
                        let v = self.rvalue(i, out);
                        self.convert(v, &ty, span, out)
                    }
                    // An uninitialised local holds an indeterminate value.
                    None => self.unknown_val(&format!("{name}_uninit"), &ty, span, out),
                };
                let v = match v {
                    Val::Num(e, s) => Val::Num(self.bound(&name, e, out), s),
                    Val::Ptr(Ptr::To {
                        array,
                        off,
                        pointee,
                        within,
                    }) => Val::Ptr(Ptr::To {
                        array,
                        off: self.bound(&format!("{name}_off"), off, out),
                        pointee,
                        within,
                    }),
                    v => v,
                };
                self.env.insert(d.id.clone(), Binding::Val(v));
            }
        }
    }

    pub(super) fn if_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n.inner.iter().filter(|c| !c.is_meta()).collect();
        let mut i = 0;
        if n.has_init == Some(true) {
            if let Some(init) = kids.first() {
                self.stmt(init, out);
            }
            i += 1;
        }
        if n.has_var == Some(true) {
            if let Some(v) = kids.get(i) {
                self.stmt(v, out);
            }
            i += 1;
        }
        let (Some(c), Some(then)) = (kids.get(i), kids.get(i + 1)) else {
            return tt(span);
        };
        let els = if n.has_else == Some(true) {
            kids.get(i + 2)
        } else {
            None
        };
        let cv = self.rvalue(c, out);
        let cond = self.as_cond(cv, span, out);
        // A condition clang's constants decide (template arguments, `sizeof`): only the branch
        // that runs is lowered.
        match cond.kind {
            CondKind::Bool(true) => return self.stmt(then, out),
            CondKind::Bool(false) => {
                return match els {
                    Some(e) => self.stmt(e, out),
                    None => tt(span),
                }
            }
            _ => {}
        }
        let before = self.env.clone();
        let mut tstmts = Vec::new();
        self.path.push(Some(cond.clone()));
        let tstay = self.stmt(then, &mut tstmts);
        self.path.pop();
        let tenv = std::mem::replace(&mut self.env, before.clone());
        let mut estmts = Vec::new();
        self.path.push(Some(not(cond.clone())));
        let estay = match els {
            Some(e) => self.stmt(e, &mut estmts),
            None => tt(span),
        };
        self.path.pop();
        let eenv = std::mem::replace(&mut self.env, before);
        let bound: HashSet<String> = bound_names(&tstmts)
            .union(&bound_names(&estmts))
            .cloned()
            .collect();
        let has_else = !estmts.is_empty();
        let (tlets, elets) = (top_lets(&tstmts), top_lets(&estmts));
        // A branch's span is its text (`{ ... }` or the one statement), where `mapcheck fix`
        // finds the statement boundaries of the branch.
        let (tspan, espan) = (
            self.statement_span(then),
            els.map_or(span, |e| self.statement_span(e)),
        );
        let last = els.unwrap_or(then);
        let span = Span::new(span.start, span.end.max(self.statement_span(last).end));
        self.emit(
            out,
            stmt(
                StmtKind::If {
                    cond: cond.clone(),
                    then_branch: Block {
                        stmts: tstmts,
                        span: tspan,
                    },
                    else_branch: has_else.then_some(Block {
                        stmts: estmts,
                        span: espan,
                    }),
                },
                span,
            ),
        );
        // A branch that never falls through contributes nothing to what follows.
        if is_false(&tstay) {
            self.join_two(eenv.clone(), eenv, &bound, span, out);
        } else if is_false(&estay) {
            self.join_two(tenv.clone(), tenv, &bound, span, out);
        } else {
            let (tlets, elets) = (branch_lets(&tlets), branch_lets(&elets));
            let branches = [(tenv, &tlets), (eenv, &elets)];
            self.join_if(&cond, branches, &bound, span, out);
        }
        let stay = if tstay.same_shape(&estay) {
            tstay
        } else {
            simplify(or(and(cond.clone(), tstay), and(not(cond), estay)))
        };
        if cond_uses(&stay, &bound) {
            let u = self.unknown("reached", Some((0, 1)), span, out);
            cmp(CmpOp::Ne, u, int(0, span))
        } else {
            stay
        }
    }
}

/// Whether a type's text has a reference or an object pointer outside its template arguments
/// (`Box<int *>` has not; `int (&)[4]`, `Row *` have; a function pointer `void (*)(int)`, whose
/// calls `calls.rs` follows, is not counted).
fn designates_memory(text: &str) -> bool {
    let mut depth = 0i32;
    let mut found = false;
    for c in text.chars() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            '&' | '*' if depth == 0 => found = true,
            _ => {}
        }
    }
    found && !text.contains(")(")
}
