//! Loops of every shape: the locals a body carries (havocked, or bound to closed forms), the
//! lowering of a body and of the exits it takes, `for` and `while` dispatch, and the general
//! loop that runs an unknown number of times.

use super::*;

impl Lower<'_, '_> {
    /// Havocs the locals `carried` (their values at the top of a loop iteration, which an
    /// earlier round found assigned in the body), in a fixed order.
    pub(super) fn havoc_carried(
        &mut self,
        carried: &HashSet<String>,
        span: Span,
        stmts: &mut Vec<Stmt>,
    ) {
        self.havoc_locals(carried, "carried", span, stmts);
    }

    /// Like [`Self::havoc_carried`], except that a local of `presets` is bound to its closed
    /// form (the value, or a pointer's offset, at the iteration's start: see `closed.rs`).
    pub(super) fn start_iteration(
        &mut self,
        carried: &HashSet<String>,
        presets: &HashMap<String, Expr>,
        ptrs: &HashMap<String, Ptr>,
        span: Span,
        stmts: &mut Vec<Stmt>,
    ) {
        let mut rest = carried.clone();
        for (id, p) in ptrs {
            if rest.remove(id) {
                self.env
                    .insert(id.clone(), Binding::Val(Val::Ptr(p.clone())));
            }
        }
        let mut ids: Vec<&String> = carried
            .iter()
            .filter(|id| presets.contains_key(*id))
            .collect();
        ids.sort();
        for id in ids {
            let (Some(e), Some(Binding::Val(v))) = (presets.get(id), self.env.get(id).cloned())
            else {
                continue;
            };
            let base = self
                .local_names
                .get(id)
                .cloned()
                .unwrap_or_else(|| "carried".into());
            let name = self.fresh(&base);
            // The value of a C variable of its type (as the havoc it replaces assumes).
            let typed = match &v {
                Val::Num(_, s) => s.range(),
                _ => None,
            };
            if let Some(r) = self.range(e).or(typed) {
                self.ranges.insert(name.clone(), r);
            }
            self.emit(
                stmts,
                stmt(
                    StmtKind::Let {
                        var: Ident::new(name.clone(), span),
                        value: e.clone(),
                    },
                    span,
                ),
            );
            self.closed_starts.insert(name.clone());
            let x = Expr::var(name, span);
            let v = match v {
                Val::Num(_, s) => Val::Num(x, s),
                Val::Ptr(Ptr::To { array, pointee, .. }) => Val::Ptr(Ptr::To {
                    array,
                    off: x,
                    pointee,
                    within: None,
                }),
                _ => continue,
            };
            self.env.insert(id.clone(), Binding::Val(v));
            rest.remove(id);
        }
        self.havoc_carried(&rest, span, stmts);
    }

    /// Havocs the locals `ids` in a fixed order, each unknown named after its local (else
    /// `fallback`).
    pub(super) fn havoc_locals(
        &mut self,
        ids: &HashSet<String>,
        fallback: &str,
        span: Span,
        stmts: &mut Vec<Stmt>,
    ) {
        let mut ids: Vec<&String> = ids.iter().collect();
        ids.sort();
        for id in ids {
            if let Some(Binding::Val(v)) = self.env.get(id).cloned() {
                let name = self
                    .local_names
                    .get(id)
                    .cloned()
                    .unwrap_or_else(|| fallback.into());
                let u = self.havoc(&v, &name, span, stmts);
                self.env.insert(id.clone(), Binding::Val(u));
            }
        }
    }

    /// Lowers a loop body with the loop-carried variables made `?` at the start of each
    /// iteration. The body is lowered, the variables it changes are found, and it is lowered
    /// again with those as unknowns, until no new variable changes. Returns the statements,
    /// the set of carried ids, and the exits seen.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn loop_body(
        &mut self,
        prefix: &dyn Fn(&mut Self, &mut Vec<Stmt>),
        body: &[&Node],
        suffix: &dyn Fn(&mut Self, &mut Vec<Stmt>),
        fixed: &HashSet<String>,
        presets: &HashMap<String, Expr>,
        span: Span,
    ) -> LoopBody {
        let mut entry = self.env.clone();
        let errors = self.errors.len();
        let ptrs = std::mem::take(&mut self.ptr_presets);
        let mut carried: HashSet<String> = presets.keys().cloned().collect();
        carried.extend(ptrs.keys().cloned());
        for _round in 0..6 {
            self.errors.truncate(errors);
            self.env = entry.clone();
            let mut stmts = Vec::new();
            self.start_iteration(&carried, presets, &ptrs, span, &mut stmts);
            let at_start = self.env.clone();
            self.loop_exits.push(HashSet::new());
            prefix(self, &mut stmts);
            let mut inner = Vec::new();
            let stay = self.block(body, &mut inner);
            let _ = stay;
            stmts.extend(inner);
            // `continue` ends the iteration early, but the step still runs: the guards of the
            // body above cover only the body.
            suffix(self, &mut stmts);
            let exits = self.loop_exits.pop().unwrap_or_default();
            let changed: HashSet<String> = self
                .env
                .iter()
                .filter(|(id, b)| {
                    !fixed.contains(*id)
                        && match (at_start.get(*id), b) {
                            (Some(Binding::Val(x)), Binding::Val(y)) => !x.same_shape(y),
                            _ => false,
                        }
                })
                .map(|(id, _)| id.clone())
                .collect();
            // A pointer the body re-points into other memory than it started in: its value at
            // an iteration's start may be either, so the next round starts it as any cell of
            // all of them (a havoc keeps a pointer's memory and forgets only its offset).
            let mut widened = false;
            for id in changed.iter().filter(|id| !ptrs.contains_key(*id)) {
                if let (Some(Binding::Val(Val::Ptr(p0))), Some(Binding::Val(Val::Ptr(p1)))) =
                    (entry.get(id), self.env.get(id))
                {
                    // What the havoc of `p0` covers: any pointer for `Unknown`, itself for a
                    // local's address, else any cell of its arrays (private memory too: an
                    // access of an array there is only one access more).
                    let covers = match (p0, p0.arrays(), p1.arrays()) {
                        (Ptr::Unknown, _, _) => true,
                        (_, Some(a0), Some(a1)) => a1.iter().all(|a| a0.contains(a)),
                        _ => p0 == p1,
                    };
                    if !covers {
                        let w = operators::join_ptr(p0.clone().coarse(), p1.clone().coarse());
                        entry.insert(id.clone(), Binding::Val(Val::Ptr(w)));
                        widened = true;
                    }
                }
            }
            let new: Vec<&String> = changed.difference(&carried).collect();
            if new.is_empty() && !widened {
                // Locals declared in the body end with it; the carried ones are `?` after.
                let at_end = self.env.clone();
                let mut env = entry.clone();
                for id in &carried {
                    if let Some(b) = self.env.get(id) {
                        env.insert(id.clone(), b.clone());
                    }
                }
                self.env = env;
                return LoopBody {
                    stmts,
                    carried,
                    exits,
                    at_start,
                    at_end,
                };
            }
            carried.extend(changed);
        }
        self.error(
            span,
            "internal error: the loop's variables did not settle",
            "in this loop",
        );
        LoopBody {
            stmts: Vec::new(),
            carried,
            exits: HashSet::new(),
            at_start: Env::new(),
            at_end: Env::new(),
        }
    }

    /// A fresh unknown of the kind of `v`.
    pub(super) fn havoc(&mut self, v: &Val, name: &str, span: Span, out: &mut Vec<Stmt>) -> Val {
        match v {
            Val::Num(_, s) => Val::Num(self.unknown(name, s.range(), span, out), *s),
            Val::Bool(_) => {
                let u = self.unknown(name, Some((0, 1)), span, out);
                Val::Bool(cmp(CmpOp::Ne, u, int(0, span)))
            }
            Val::Ptr(Ptr::To { array, pointee, .. }) => Val::Ptr(Ptr::To {
                array: array.clone(),
                off: self.unknown(&format!("{name}_offset"), None, span, out),
                pointee: pointee.clone(),
                within: None,
            }),
            // A selection's cases have fixed offsets: any cell of its arrays.
            Val::Ptr(p @ Ptr::Sel(..)) => Val::Ptr(p.clone().coarse()),
            other => other.clone(),
        }
    }

    /// After a loop: the carried variables are `?`; a `return` inside makes what follows
    /// run for an unknown set of threads.
    pub(super) fn after_loop(
        &mut self,
        carried: &HashSet<String>,
        exits: &HashSet<ExitKind>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Cond {
        self.havoc_locals(carried, "after", span, out);
        if exits.contains(&ExitKind::Return) {
            let u = self.unknown("returned_in_loop", Some((0, 1)), span, out);
            cmp(CmpOp::Eq, u, int(0, span))
        } else {
            tt(span)
        }
    }

    /// A body from which a thread may `break` or `return`: later iterations run only while
    /// it has not, which the lowering does not follow: each iteration runs under `?`.
    pub(super) fn guard_exits(
        &mut self,
        stmts: Vec<Stmt>,
        exits: &HashSet<ExitKind>,
        span: Span,
    ) -> Vec<Stmt> {
        if !(exits.contains(&ExitKind::Break) || exits.contains(&ExitKind::Return)) {
            return stmts;
        }
        let mut out = Vec::new();
        let u = self.unknown("still_looping", Some((0, 1)), span, &mut out);
        out.push(if_then(cmp(CmpOp::Ne, u, int(0, span)), stmts, span));
        out
    }

    pub(super) fn for_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n.inner.iter().collect();
        let (Some(init), Some(cond), Some(inc), Some(body)) =
            (kids.first(), kids.get(2), kids.get(3), kids.get(4))
        else {
            return self.general_loop(n, span, out);
        };
        if !init.is_null() && !cond.is_null() && !inc.is_null() {
            if let Some(mut c) = counted(init, cond, inc) {
                // The step repeated in the body (`for (..; ..; i += k) { ..; i += k; .. }`):
                // the loop moves by all of them.
                let stmts: Vec<&Node> = match body.kind {
                    Kind::CompoundStmt => body.exprs().collect(),
                    _ => vec![*body],
                };
                if let Some((k, peel, rest)) = break_at(&stmts, &c.var, c.var_ty) {
                    c.until = Some(k);
                    c.peel = peel;
                    if let Some(stay) = self.counted_loop(&c, &rest, span, out) {
                        return stay;
                    }
                    c.until = None;
                    c.peel = Vec::new();
                }
                let repeats = body_steps(&stmts, &c.var).filter(|k| !k.is_empty());
                let stay = match repeats {
                    Some(k) if !stmts.iter().any(|s| has_continue(s)) => {
                        c.extra = k;
                        self.counted_loop(&c, &stmts, span, out)
                    }
                    _ => self.counted_loop(&c, &[*body], span, out),
                };
                if let Some(stay) = stay {
                    return stay;
                }
            }
        }
        // `for (int a = .., b = ..; a CMP n; a += k, b += k2)`: counted on one variable,
        // the others declared before it and stepped at the end of the body.
        if let Some(stay) = self.several_variables(init, cond, inc, body, span, out) {
            return stay;
        }
        // `for (; i < n; i += k)`: counted from `i`'s current value, as a `while`.
        if init.is_null() && !cond.is_null() && !inc.is_null() {
            if let Some(c) = counted_while(cond, inc) {
                if matches!(self.env.get(&c.var), Some(Binding::Val(Val::Num(..)))) {
                    if let Some(stay) = self.counted_loop(&c, &[*body], span, out) {
                        return stay;
                    }
                }
            }
        }
        // `for (i = a; i < n;) { ...; i += k; }`: the step is the body's last statement,
        // which every iteration reaches when no `continue` skips it.
        if !init.is_null() && !cond.is_null() && inc.is_null() && body.kind == Kind::CompoundStmt {
            let stmts: Vec<&Node> = body.exprs().collect();
            if let Some((step, rest)) = stmts.split_last() {
                if !rest.iter().any(|s| has_continue(s)) {
                    if let Some(mut c) = counted(init, cond, step) {
                        // `{ ..; i += k; ..; i += k; }`: stepped several times an iteration.
                        c.extra = body_steps(rest, &c.var).unwrap_or_default();
                        if let Some(stay) = self.counted_loop(&c, rest, span, out) {
                            return stay;
                        }
                    }
                }
            }
        }
        self.general_loop(n, span, out)
    }

    /// `for (T a = a0, b = b0, ..; c; s1, s2, ..)` (the comma steps in any order): C runs it
    /// as `T b = b0; ..; for (T a = a0; c; a STEP k) { B; s2; .. }` when `a` is the counter
    /// of a counted loop on `c` and one of the steps, no initialiser reads another of the
    /// declared variables, the condition and the counter's step read no other one (so that
    /// the other steps, moved before the counter's, change nothing they read), the other
    /// steps do not read the counter, and the body has no `continue` (which would skip the
    /// moved steps). The other variables then follow as any local a counted loop updates
    /// (a closed form for `b += k2`). `None`, nothing emitted, otherwise.
    fn several_variables(
        &mut self,
        init: &Node,
        cond: &Node,
        inc: &Node,
        body: &Node,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Cond> {
        if init.kind != Kind::DeclStmt || cond.is_null() || has_continue(body) {
            return None;
        }
        let decls: Vec<&Node> = init.exprs().collect();
        if decls.len() < 2 || decls.iter().any(|d| d.kind != Kind::VarDecl) {
            return None;
        }
        let mut steps = Vec::new();
        let mut pending = vec![strip_parens(inc)];
        while let Some(e) = pending.pop() {
            if e.kind == Kind::BinaryOperator && e.opcode == Some(",") {
                pending.push(strip_parens(child(e, 1)?));
                pending.push(strip_parens(child(e, 0)?));
            } else {
                steps.push(e);
            }
        }
        let ids: Vec<&str> = decls.iter().map(|d| d.id.as_str()).collect();
        let reads_other =
            |n: &Node, me: &str| ids.iter().any(|id| *id != me && mentions_var(n, id));
        if decls
            .iter()
            .any(|d| d.exprs().next().is_none_or(|e| reads_other(e, &d.id)))
        {
            return None;
        }
        for (j, d) in decls.iter().enumerate() {
            let Some(s) = CType::parse(d.qual_type()).scalar() else {
                continue;
            };
            let Some(k) = steps.iter().position(|st| step_of(st, &d.id).is_some()) else {
                continue;
            };
            let Some(mut c) = counted_parts(&d.id, s, cond, steps[k]) else {
                continue;
            };
            let others: Vec<&Node> = (steps.iter().enumerate())
                .filter(|(i, _)| *i != k)
                .map(|(_, st)| *st)
                .collect();
            if reads_other(cond, &d.id)
                || reads_other(steps[k], &d.id)
                || others.iter().any(|st| mentions_var(st, &d.id))
            {
                return None;
            }
            c.start = d.exprs().next();
            c.declared = true;
            let (env, errors, emitted) = (self.env.clone(), self.errors.len(), self.emitted);
            let mut pre = Vec::new();
            for (i, other) in decls.iter().enumerate() {
                if i != j {
                    self.local_decl(other, &mut pre);
                }
            }
            let mut nodes = vec![body];
            nodes.extend(others);
            if let Some(stay) = self.counted_loop(&c, &nodes, span, &mut pre) {
                out.extend(pre);
                return Some(stay);
            }
            self.env = env;
            self.errors.truncate(errors);
            self.emitted = emitted;
            return None;
        }
        None
    }

    /// `while (i CMP b) { ...; i STEP k; }`: a counted loop from `i`'s current value, when
    /// the step is the body's last statement.
    pub(super) fn while_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        match self.counted_while_stmt(n, span, out) {
            Some(stay) => stay,
            None => self.general_loop(n, span, out),
        }
    }

    /// `do B while (c)`, which C runs as `B; while (c) B` (issue 20 item 2): the first `B`
    /// is lowered as straight-line code, then the condition. When the condition is then a
    /// constant `false` (`do { ... } while (0)`, a counter already past its bound) the loop
    /// ends there; when the `while` is a counted loop it follows as one. Otherwise, or when
    /// `B` may `break`, `continue` or `return` (which in the first `B` would leave or restart
    /// the loop), the whole statement is a general loop, as before.
    pub(super) fn do_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let kids: Vec<&Node> = n.inner.iter().filter(|c| !c.is_meta()).collect();
        let (Some(body), Some(cond), None) = (kids.first(), kids.get(1), kids.get(2)) else {
            return self.general_loop(n, span, out);
        };
        if body.is_null() || cond.is_null() || has_exit(body) {
            return self.general_loop(n, span, out);
        }
        let (env, errors, emitted) = (self.env.clone(), self.errors.len(), self.emitted);
        let mut peeled = Vec::new();
        let stay = self.stmt(body, &mut peeled);
        if is_true(&stay) {
            // The condition's value, read without its side effects (they run below): a
            // constant only when it names no value at all.
            let test = self.with_env(self.env.clone(), |me| {
                let mut scratch = Vec::new();
                let v = me.rvalue(cond, &mut scratch);
                me.as_cond(v, span, &mut scratch)
            });
            let never = Some(test).is_some_and(|c| {
                [Arith::Int, Arith::Bv32, Arith::Bv64]
                    .iter()
                    .all(|a| eval_cond_at(&c, "", 0, *a) == Some(false))
            });
            if never {
                let _ = self.rvalue(cond, &mut peeled);
                out.extend(peeled);
                return tt(span);
            }
            let mut rest = Vec::new();
            let mut again = n.clone();
            again.kind = Kind::WhileStmt;
            again.inner = vec![(*cond).clone(), (*body).clone()];
            if let Some(stay) = self.counted_while_stmt(&again, span, &mut rest) {
                out.extend(peeled);
                out.extend(rest);
                return stay;
            }
        }
        self.env = env;
        self.errors.truncate(errors);
        self.emitted = emitted;
        self.general_loop(n, span, out)
    }

    /// [`Self::while_stmt`]'s counted loop; `None` (nothing emitted) for another shape.
    fn counted_while_stmt(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Option<Cond> {
        let kids: Vec<&Node> = n
            .inner
            .iter()
            .filter(|c| !c.is_meta() && !c.is_null())
            .collect();
        if let (Some(cond), Some(body), None) = (kids.first(), kids.get(1), kids.get(2)) {
            let stmts: Vec<&Node> = if body.kind == Kind::CompoundStmt {
                body.exprs().collect()
            } else {
                vec![body]
            };
            if let Some((inc, rest)) = stmts.split_last() {
                // A `continue` would skip the step, which the counted form runs every time.
                let skips = rest.iter().any(|s| has_continue(s));
                if let Some(mut c) = counted_while(cond, inc).filter(|_| !skips) {
                    c.extra = body_steps(rest, &c.var).unwrap_or_default();
                    if matches!(self.env.get(&c.var), Some(Binding::Val(Val::Num(..)))) {
                        if let Some(stay) = self.counted_loop(&c, rest, span, out) {
                            return Some(stay);
                        }
                    }
                }
            }
        }
        None
    }

    pub(super) fn with_env<R>(&mut self, env: Env, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = std::mem::replace(&mut self.env, env);
        let errors = self.errors.len();
        let r = f(self);
        self.errors.truncate(errors);
        self.env = saved;
        r
    }

    /// `while`, `do` and `for` loops of other shapes: an unknown number of iterations, each
    /// evaluating the condition and running the body while it holds.
    pub(super) fn general_loop(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        // The trip count's name says why no counted form was taken, when that is known.
        let trips_name = match self.loop_why.take() {
            Some(why) => format!("trips_{why}"),
            None => "trips".to_string(),
        };
        let kids: Vec<&Node> = n.inner.iter().filter(|c| !c.is_meta()).collect();
        let (init, cond, inc, body, cond_first) = match n.kind {
            Kind::ForStmt => (
                kids.first().copied(),
                kids.get(2).copied(),
                kids.get(3).copied(),
                kids.get(4).copied(),
                true,
            ),
            Kind::WhileStmt => {
                let k: Vec<&Node> = kids.iter().copied().filter(|c| !c.is_null()).collect();
                (None, k.first().copied(), None, k.get(1).copied(), true)
            }
            _ => (
                None,
                kids.get(1).copied(),
                None,
                kids.first().copied(),
                false,
            ),
        };
        if let Some(i) = init.filter(|i| !i.is_null()) {
            self.stmt(i, out);
        }
        let cond = cond.filter(|c| !c.is_null());
        let inc = inc.filter(|c| !c.is_null());
        let Some(body) = body else {
            return tt(span);
        };
        // The condition guards the body: `while (c) B` is `loop { if c { B } }`, `do B while
        // (c)` is `loop { B; c }`.
        let guard_body = |me: &mut Self, stmts: &mut Vec<Stmt>, body: &Node| {
            if cond_first {
                if let Some(c) = cond {
                    let v = me.rvalue(c, stmts);
                    let cc = me.as_cond(v, span, stmts);
                    let before = me.env.clone();
                    let mut inner = Vec::new();
                    me.stmt(body, &mut inner);
                    if let Some(i) = inc {
                        me.rvalue_or_place(i, &mut inner);
                    }
                    let bound = bound_names(&inner);
                    let after = std::mem::replace(&mut me.env, before.clone());
                    stmts.push(stmt(
                        StmtKind::If {
                            cond: cc,
                            then_branch: Block { stmts: inner, span },
                            else_branch: None,
                        },
                        span,
                    ));
                    me.join_two(before, after, &bound, span, stmts);
                    return;
                }
            }
            me.stmt(body, stmts);
            if let Some(i) = inc {
                me.rvalue_or_place(i, stmts);
            }
            if !cond_first {
                if let Some(c) = cond {
                    let v = me.rvalue(c, stmts);
                    me.as_cond(v, span, stmts);
                }
            }
        };
        // Lowered through `loop_body` with the body wrapped, so that carried variables are
        // found.
        let entry = self.env.clone();
        let errors = self.errors.len();
        let mut carried: HashSet<String> = HashSet::new();
        let mut result = None;
        for _round in 0..4 {
            self.errors.truncate(errors);
            self.env = entry.clone();
            let mut stmts = Vec::new();
            self.havoc_carried(&carried, span, &mut stmts);
            let at_start = self.env.clone();
            self.loop_exits.push(HashSet::new());
            guard_body(self, &mut stmts, body);
            let exits = self.loop_exits.pop().unwrap_or_default();
            let changed: HashSet<String> = self
                .env
                .iter()
                .filter(|(id, b)| match (at_start.get(*id), b) {
                    (Some(Binding::Val(x)), Binding::Val(y)) => !x.same_shape(y),
                    _ => false,
                })
                .map(|(id, _)| id.clone())
                .collect();
            if changed.is_subset(&carried) {
                result = Some((stmts, exits));
                break;
            }
            carried.extend(changed);
        }
        let Some((stmts, exits)) = result else {
            self.error(
                span,
                "internal error: the loop's variables did not settle",
                "in this loop",
            );
            return tt(span);
        };
        let mut env = entry;
        for id in &carried {
            if let Some(b) = self.env.get(id) {
                env.insert(id.clone(), b.clone());
            }
        }
        self.env = env;
        let mut all_exits = exits.clone();
        // A loop of unknown length behaves as one a thread may leave at any iteration.
        all_exits.insert(ExitKind::Break);
        let stmts = self.guard_exits(stmts, &all_exits, span);
        let trips = self.unknown(&trips_name, Some((0, i128::from(i32::MAX))), span, out);
        let var = self.fresh("iteration");
        self.emit(
            out,
            stmt(
                StmtKind::For {
                    var: Ident::new(var, span),
                    range: iterations(trips, span),
                    body: Block { stmts, span },
                },
                span,
            ),
        );
        self.after_loop(&carried, &exits, span, out)
    }
}
