//! Inlining: device functions and methods with a body are lowered in place, their parameters
//! bound (reference parameters to places), their `return`s collected into the call's value.

use super::*;

/// The order in which an inlined call evaluates its operands. C++17 sequences the right
/// operand of an assignment (`=`, `+=`, ...) before the left one, also for an overloaded
/// operator written as an operator ([expr.ass]/1, [over.match.oper]/2); any other call's
/// arguments are evaluated here left to right (C++ leaves their order unspecified).
#[derive(Clone, Copy, Debug)]
pub(super) enum Order<'n> {
    LeftToRight,
    /// A member assignment operator (`a = b` calling `A::operator=`): its argument, then
    /// the object, made `this` (the caller restores `this`).
    ObjectLast(&'n Node),
    /// A free assignment operator (`operator+=(a, b)` written `a += b`): right to left.
    RightToLeft,
}

impl Lower<'_, '_> {
    /// Inlines the body of `def` with `args` (and the object of a member call, if any),
    /// evaluated in `order`.
    pub(super) fn inline(
        &mut self,
        def: &Node,
        args: &[&Node],
        order: Order<'_>,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let read_at_once = std::mem::take(&mut self.read_at_once);
        if self.frames.len() >= MAX_INLINE_DEPTH {
            self.error(
                span,
                "calls nested too deeply (or recursion)",
                format!("more than {MAX_INLINE_DEPTH} inlined calls"),
            );
            return Val::Opaque;
        }
        let params: Vec<&Node> = def
            .inner
            .iter()
            .filter(|p| p.kind == Kind::ParmVarDecl)
            .collect();
        // Evaluate the arguments in the caller, bind them to the parameters afterwards.
        let mut bindings = Vec::new();
        let mut records = Vec::new();
        let mut positions: Vec<usize> = (0..params.len()).collect();
        if let Order::RightToLeft = order {
            positions.reverse();
        }
        for i in positions {
            let p = params[i];
            let pty = CType::parse(p.qual_type());
            let arg = args.get(i).copied().or_else(|| p.exprs().next());
            let Some(arg) = arg else {
                self.error(span, "a call with a missing argument", "here");
                return Val::Opaque;
            };
            let b = match &pty {
                CType::Reference(_) => Binding::Ref(self.place(arg, out)),
                // A struct holding pointers, passed by value: a copy of its fields.
                CType::Record(_) if self.followed_record(&pty).is_some() => {
                    let v = match self.constructed_record(arg, &pty, out) {
                        Some(v) => v,
                        None => self.record_operand(arg, out),
                    };
                    records.push((p.id.clone(), pty.clone(), v));
                    Binding::Record(pty.clone())
                }
                CType::Record(_) | CType::Array(..) => {
                    self.rvalue(arg, out);
                    Binding::Private
                }
                _ => {
                    let v = self.rvalue(arg, out);
                    let v = self.convert(v, &pty, span, out);
                    let v = match v {
                        Val::Num(e, s) => {
                            Val::Num(self.bound(p.name.as_deref().unwrap_or("arg"), e, out), s)
                        }
                        v => v,
                    };
                    Binding::Val(v)
                }
            };
            bindings.push((p.id.clone(), p.name.clone().unwrap_or_default(), b));
        }
        if let Order::ObjectLast(object) = order {
            let this = self.object_address(object, out);
            self.this = Some(this);
        }
        // The callee's own declarations shadow nothing of the caller: save what their ids
        // were bound to (recursion reuses ids) and restore it after.
        let mut own = Vec::new();
        collect_decl_ids(def, &mut own);
        // The fields of followed structs (`ID.f`) go with their struct's id.
        let owns = |key: &str| {
            own.iter().any(|id| {
                key == id
                    || key
                        .strip_prefix(id.as_str())
                        .is_some_and(|r| r.starts_with('.'))
            })
        };
        let saved: Vec<(String, Option<Binding>)> = own
            .iter()
            .map(|id| (id.clone(), self.env.get(id).cloned()))
            .chain(
                self.env
                    .iter()
                    .filter(|(k, _)| !own.contains(*k) && owns(k))
                    .map(|(k, b)| (k.clone(), Some(b.clone()))),
            )
            .collect();
        for (id, name, b) in bindings {
            self.local_names.insert(id.clone(), name.clone());
            self.display_name(&name, name.clone());
            match records.iter().position(|(r, _, _)| *r == id) {
                Some(k) => {
                    let (_, ty, v) = records.swap_remove(k);
                    self.bind_record(&id, &name, &ty, v, span, out);
                }
                None => {
                    self.env.insert(id, b);
                }
            }
        }
        // The declared type `R (params)`: a reference `R` makes each `return` a place.
        let declared = def.qual_type();
        let by_ref = !read_at_once
            && declared
                .split('(')
                .next()
                .is_some_and(|r| r.trim_end().ends_with('&'));
        self.frames.push(Frame {
            returns: Vec::new(),
            ret_ty: ty.clone(),
            by_ref,
            path_base: self.path.len(),
            site: span,
            implicit: def.is_implicit == Some(true),
        });
        let start = out.len();
        // Whether control may reach the end of the body without a `return`.
        let mut falls_off = true;
        if matches!(&def.kind, Kind::Other(k) if k == "CXXConstructorDecl") {
            self.member_inits(def, span, out);
        }
        if let Some(body) = def.inner.iter().find(|c| c.kind == Kind::CompoundStmt) {
            let body_nodes: Vec<&Node> = body.exprs().collect();
            let base = std::mem::replace(&mut self.function_base, self.loop_exits.len());
            self.loop_exits.push(HashSet::new());
            falls_off = !is_false(&simplify(self.block(&body_nodes, out)));
            self.loop_exits.pop();
            self.function_base = base;
        }
        let frame = self.frames.pop();
        let inner: Vec<String> = self.env.keys().filter(|k| owns(k)).cloned().collect();
        for k in inner {
            self.env.remove(&k);
        }
        for (id, b) in saved {
            match b {
                Some(b) => self.env.insert(id, b),
                None => self.env.remove(&id),
            };
        }
        let Some(frame) = frame else {
            return Val::Opaque;
        };
        // Names bound inside nested blocks of the inlined body are out of scope here.
        let top: HashSet<String> = out[start..]
            .iter()
            .flat_map(|s| s.kind.binder().map(|v| v.name.clone()))
            .collect();
        let nested: HashSet<String> = bound_names(&out[start..])
            .difference(&top)
            .cloned()
            .collect();
        let returns = frame.returns;
        match (returns.first(), frame.ret_ty) {
            (None, _) | (_, CType::Void) => Val::Opaque,
            (Some((_, first)), rty) => {
                let all_same = returns.iter().all(|(_, v)| v.same_shape(first));
                if all_same && !val_uses(first, &nested) {
                    return first.clone();
                }
                match self.returns_by_cases(&returns, falls_off, &nested, &rty, span, out) {
                    Some(v) => v,
                    // Values computed inside a branch, a `return` inside a loop or `switch`,
                    // values of another kind than integers: the call's value is not followed.
                    None => self.unknown_val("returned", &rty, span, out),
                }
            }
        }
    }

    /// The value of a call whose `return`s give different values: the selection, by the
    /// condition under which each `return` runs, of their values, innermost last. The
    /// conditions are the guards the lowering emitted around each `return`, so at most one of
    /// them holds per call (a `return` guards what follows it by its negation) and they use
    /// only names still bound after the call; a body that may end without a `return` (C++
    /// leaves the value undefined) ends the selection with a `?`. `None` when a condition or a
    /// value is not expressible here.
    fn returns_by_cases(
        &mut self,
        returns: &[(Option<Cond>, Val)],
        falls_off: bool,
        nested: &HashSet<String>,
        rty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Val> {
        const MAX_SELECTED: usize = 96;
        let CType::Scalar(s) = rty else {
            return None;
        };
        if matches!(s, Scalar::Float(_)) {
            return None;
        }
        let mut cases = Vec::new();
        let mut size = 0;
        for (guard, v) in returns {
            let c = guard.clone()?;
            let e = match v {
                Val::Num(e, _) => e.clone(),
                Val::Bool(b) => select(b.clone(), int(1, span), int(0, span), span),
                _ => return None,
            };
            if cond_uses(&c, nested) || expr_uses(&e, nested) {
                return None;
            }
            size += cond_size(&c) + expr_nodes(&e);
            cases.push((c, e));
        }
        if size > MAX_SELECTED {
            return None;
        }
        let mut value = if falls_off {
            match self.unknown_val("returned_undefined", rty, span, out) {
                Val::Num(e, _) => e,
                Val::Bool(b) => select(b, int(1, span), int(0, span), span),
                _ => return None,
            }
        } else {
            cases.pop()?.1
        };
        for (c, e) in cases.into_iter().rev() {
            value = if is_true(&c) {
                e
            } else {
                select(c, e, value, span)
            };
        }
        Some(Val::of_scalar(value, *s, span))
    }

    pub(super) fn member_call(
        &mut self,
        n: &Node,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let Some(callee) = n.exprs().next() else {
            return Val::Opaque;
        };
        let method = callee.name.clone().unwrap_or_default();
        let object = callee.exprs().next();
        let object_ty = object
            .map(|o| o.qual_type().to_string())
            .unwrap_or_default();
        let method_id = callee.referenced_member_decl.clone().unwrap_or_default();
        // A method of a class with virtual methods may be overridden: the body the call runs
        // depends on the object's dynamic type, which the lowering does not follow.
        if let Some(o) = object {
            let class = match self.node_type(o) {
                CType::Pointer(t) | CType::Reference(t) => *t,
                t => t,
            };
            if self.g.holding(&class) == Some(ClassCode::Virtual) {
                self.class_code_error(&class, ClassCode::Virtual, span);
                return Val::Opaque;
            }
        }
        let is_cg = object_ty.contains("cooperative_groups::");
        if is_cg {
            if let Some(o) = object {
                self.rvalue_or_place(o, out);
            }
            let group = object_ty
                .trim_start_matches("const ")
                .trim_start_matches("cooperative_groups::");
            return match (method.as_str(), group) {
                ("sync", g)
                    if g.starts_with("thread_block") && !g.starts_with("thread_block_tile") =>
                {
                    self.emit(out, stmt(StmtKind::Sync, span));
                    Val::Opaque
                }
                ("sync", g) if g.starts_with("grid_group") => {
                    self.error(
                        span,
                        "grid-wide synchronisation (`grid_group::sync`) is not supported",
                        "the core has no grid barrier yet",
                    );
                    Val::Opaque
                }
                ("sync", _) => {
                    self.error(
                        span,
                        "synchronisation of a tile or coalesced group is not modelled",
                        "only whole-block `sync` is a barrier",
                    );
                    Val::Opaque
                }
                ("thread_rank", g)
                    if g.starts_with("thread_block") && !g.starts_with("thread_block_tile") =>
                {
                    Val::Num(
                        Expr::var("tid", span),
                        Scalar::Int {
                            bits: 64,
                            signed: false,
                        },
                    )
                }
                ("size" | "num_threads", g)
                    if g.starts_with("thread_block") && !g.starts_with("thread_block_tile") =>
                {
                    Val::Num(
                        Expr::var("ntid", span),
                        Scalar::Int {
                            bits: 64,
                            signed: false,
                        },
                    )
                }
                _ => self.unknown_val(&method, ty, span, out),
            };
        }
        // A user method with a body: inlined with `this` bound to the object's address (its
        // fields are the memory the method can read and write).
        if let Some(def) = self.g.functions.get(method_id.as_str()).copied() {
            let this = match object {
                Some(o) if callee.is_arrow == Some(true) => self.rvalue(o, out),
                // A temporary (`P(i).get()`) is materialised, followed when its struct is.
                Some(o) if o.is_lvalue() || o.value_category == Some("xvalue") => {
                    let p = self.place(o, out);
                    self.address(p)
                }
                Some(o) => {
                    self.rvalue(o, out);
                    Val::Ptr(Ptr::Private)
                }
                None => Val::Ptr(Ptr::Unknown),
            };
            let args = self.args(n);
            let saved = self.this.replace(this);
            let v = self.inline(def, &args, Order::LeftToRight, ty, span, out);
            self.this = saved;
            return v;
        }
        if let Some(o) = object {
            self.rvalue_or_place(o, out);
        }
        self.unknown_call(n, ty, &format!("call of method `{method}`"), span, out)
    }

    pub(super) fn rvalue_or_place(&mut self, n: &Node, out: &mut Vec<Stmt>) {
        if n.is_lvalue() {
            self.place(n, out);
        } else {
            self.rvalue(n, out);
        }
    }
}
