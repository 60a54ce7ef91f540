//! Counted loops: lowering the shapes `loop_shapes.rs` recognises (`for (i = a; i CMP b;
//! i STEP k)` and kin) to core `for` loops that keep their step.

use super::*;

/// A counted loop's bound and step amount, its offset and its further steps' amounts, as
/// values ([`Lower::loop_parts`]), nested in pairs so that they compare by
/// [`Structural::same_shape`].
type LoopParts = ((Val, Val), (Option<Val>, Vec<Option<Val>>));

/// A loop [`Lower::by_arrivals`] gives back as it was: its range and body.
type Unchanged = (Range, Vec<Stmt>);

impl Lower<'_, '_> {
    /// The values of a counted loop's bound, step amount, offset and further steps, read in
    /// the current environment (the statements the reads lower to are dropped: only the values
    /// are compared, before the loop and after its body).
    fn loop_parts(&mut self, c: &Counted<'_>, span: Span) -> LoopParts {
        let mut scratch = Vec::new();
        let bound = self.rvalue(c.bound, &mut scratch);
        let amount = match c.amount {
            Some(a) => self.rvalue(a, &mut scratch),
            None => Val::Num(int(1, span), Scalar::INT),
        };
        let offset = c.offset.map(|o| self.rvalue(o, &mut scratch));
        let mut extra: Vec<Option<Val>> = (c.extra.iter())
            .map(|(_, e)| e.map(|e| self.rvalue(e, &mut scratch)))
            .collect();
        if let Some(k) = c.until {
            extra.push(Some(self.rvalue(k, &mut scratch)));
        }
        ((bound, amount), (offset, extra))
    }

    /// A canonical counted loop as a core `for`, when its bounds and step are loop-invariant
    /// and pure; `None` (nothing emitted, the environment and the errors as they were)
    /// otherwise.
    pub(super) fn counted_loop(
        &mut self,
        c: &Counted<'_>,
        body: &[&Node],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Cond> {
        let saved_env = self.env.clone();
        let saved_errors = self.errors.len();
        let lowered = self.counted_loop_from(c, body, &saved_env, span, out);
        if lowered.is_none() {
            self.env = saved_env;
            self.errors.truncate(saved_errors);
        }
        lowered
    }

    /// [`Self::counted_loop`] from the environment `saved_env` it started in; on `None` the
    /// caller restores that environment and drops the errors reported since.
    fn counted_loop_from(
        &mut self,
        c: &Counted<'_>,
        body: &[&Node],
        saved_env: &Env,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Cond> {
        let mut pre = Vec::new();
        // The start value (evaluated once, before the loop).
        let start = match c.start {
            Some(s) => self.rvalue(s, &mut pre),
            None => match self.env.get(&c.var) {
                Some(Binding::Val(v)) => v.clone(),
                _ => Val::Opaque,
            },
        };
        let start = self.convert(start, &CType::Scalar(c.var_ty), span, &mut pre);
        let Val::Num(start, _) = start else {
            return None;
        };
        // Bound and step must be pure: evaluated into a scratch list that must stay empty.
        let mut scratch = Vec::new();
        let bound = self.rvalue(c.bound, &mut scratch);
        let amount = match c.amount {
            Some(a) => self.rvalue(a, &mut scratch),
            None => Val::Num(int(1, span), Scalar::INT),
        };
        let offset = c.offset.map(|o| self.rvalue(o, &mut scratch));
        let until = match c.until.map(|k| self.rvalue(k, &mut scratch)) {
            None => None,
            Some(Val::Num(k, _)) => Some(k),
            Some(_) => {
                return None;
            }
        };
        let (Val::Num(bound, bs), Val::Num(amount, _)) = (bound, amount) else {
            return None;
        };
        // `i + o < b` in a signed type (no wrap) is `i < b - o`.
        let (bound, bs) = match offset {
            None => (bound, bs),
            // Only where `b - o` stays within the type: C never computes it, and a core
            // `b - o` that wrapped in words would change the trip count.
            Some(Val::Num(o, os))
                if !bs.is_unsigned()
                    && !os.is_unsigned()
                    && bs.range().is_some_and(|(lo, hi)| {
                        self.within(&Expr::bin(BinOp::Sub, bound.clone(), o.clone()), lo, hi)
                    }) =>
            {
                (Expr::bin(BinOp::Sub, bound, o), bs)
            }
            Some(_) => {
                return None;
            }
        };
        // Several steps an iteration: the loop moves by their sum (in the loop's direction).
        let mut amount = amount;
        if !c.extra.is_empty() && !matches!(c.step, StepOp::Add | StepOp::Sub) {
            return None;
        }
        for (op, a) in &c.extra {
            let v = match a {
                Some(a) => self.rvalue(a, &mut scratch),
                None => Val::Num(int(1, span), Scalar::INT),
            };
            let Val::Num(e, _) = v else {
                return None;
            };
            let with = if *op == c.step {
                BinOp::Add
            } else {
                BinOp::Sub
            };
            amount = Expr::bin(with, amount, e);
        }
        if !scratch.is_empty() || matches!(bs, Scalar::Float(_)) {
            return None;
        }
        // The comparison's type: C compares in the common type of `i` and the bound.
        let unsigned_cmp = c.var_ty.is_unsigned() || bs.is_unsigned();
        // `i != 0` on a natural `i` that shrinks by division or shifting is `i > 0`.
        let shrinks = matches!(c.step, StepOp::Div | StepOp::Shr);
        if c.cmp == "!="
            && !(shrinks && self.within(&bound, 0, 0) && self.within(&start, 0, i128::MAX))
        {
            return None;
        }
        let (dir, bound) = match c.cmp.as_str() {
            "!=" => (Direction::Down, bound),
            "<" => (Direction::Up, bound),
            "<=" => (Direction::Up, Expr::bin(BinOp::Add, bound, int(1, span))),
            ">" => (Direction::Down, bound),
            _ => (Direction::Down, Expr::bin(BinOp::Sub, bound, int(1, span))),
        };
        // An unsigned `i += K` with `K` a constant above half the type's range is C's
        // `i -= d`, `d = 2^bits - K`: the counter goes down from the start while `i < B`, and
        // the step past 0 wraps it to `2^bits + i - d`, which is not below `B` when
        // `B + d <= 2^bits`: the loop is `start, start - d, ..., >= 0`, ending at that wrap
        // (`loop_unsigned_wrap_step.cu`), and no iteration when the start is not below `B`.
        // The counter's value after the loop would be the wrapped one: only a counter
        // declared by the loop, which ends with it.
        let orig_bound = bound.clone();
        let (dir, bound, amount, step_op, wraps) = match (c.var_ty, c.step, dir) {
            (
                Scalar::Int {
                    bits,
                    signed: false,
                },
                StepOp::Add,
                Direction::Up,
            ) if c.declared && c.extra.is_empty() && c.until.is_none() => {
                let top = 1i128 << bits;
                match (self.range(&amount), self.range(&bound)) {
                    (Some((k, k2)), Some((_, bhi)))
                        if k == k2 && 2 * k > top && k < top && bhi + (top - k) <= top =>
                    {
                        let d = i64::try_from(top - k).unwrap_or(i64::MAX);
                        let runs = cmp(CmpOp::Lt, start.clone(), bound.clone());
                        let end = match self.decided(&runs) {
                            Some(true) => int(-1, span),
                            Some(false) => start.clone(),
                            None => select(runs, int(-1, span), start.clone(), span),
                        };
                        (Direction::Down, end, int(d, span), StepOp::Sub, true)
                    }
                    _ => (dir, bound, amount, c.step, false),
                }
            }
            _ => (dir, bound, amount, c.step, false),
        };
        let amount_ok = match step_op {
            StepOp::Add | StepOp::Sub | StepOp::Shl | StepOp::Shr => {
                self.within(&amount, 1, 1 << 40)
            }
            StepOp::Mul | StepOp::Div => self.within(&amount, 2, 1 << 40),
        };
        let start_ok = match step_op {
            StepOp::Mul | StepOp::Shl => self.within(&start, 1, i128::MAX),
            StepOp::Div | StepOp::Shr => self.within(&start, 0, i128::MAX),
            _ => true,
        };
        // Unsigned comparisons agree with the core's signed ones only on values below 2^31:
        // `0 ..= 2^31 - 1`, the edge included (issue 38 item 1: `s = n >> 1` of an unsigned
        // `n` is up to 2^31 - 1, which a signed 32-bit word still reads as C does).
        let small = |e: &Expr, me: &Self| me.within(e, 0, i128::from(i32::MAX));
        // (A wrapping counter's core loop compares its values, in `0..=start`, with -1 or the
        // start; its `start < B` is C's when both are small.)
        let cmp_ok = !unsigned_cmp || (small(&start, self) && small(&orig_bound, self));
        let wrap_ok = wraps || self.no_unsigned_wrap(c, dir, &bound, &amount);
        // `i >= 0` on an unsigned `i` never fails.
        let fits = step_op.moves(dir) && amount_ok && start_ok;
        // An unsigned comparison or a last step the core cannot follow: the loop counted by
        // its iteration count instead (`trip_count.rs`).
        let by_trips = fits
            && !(cmp_ok && wrap_ok)
            && !wraps
            && self.counts_by_trips(c, [&start, &bound, &amount], wrap_ok, body);
        if !(by_trips || fits && cmp_ok && wrap_ok) {
            let low = self.range(&amount).map(|(lo, _)| lo);
            self.loop_why = if !amount_ok && low == Some(0) {
                Some("step_may_be_0")
            } else if !amount_ok && low.is_some_and(|lo| lo < 0) {
                Some("step_may_be_negative")
            } else if fits && !wrap_ok {
                Some("step_may_wrap")
            } else if fits && !cmp_ok {
                Some("unsigned_bound")
            } else {
                None
            };
            return None;
        }
        // `if (i == K) break;` first in a loop stepping by one: the loop runs up to `K`
        // (excluded) when `K` is one of its values, else to its own bound; with `K` the
        // counter's value when it breaks, as the loop's end value is.
        // With `K`, the bound is `K` or the loop's own: within the start and the bound.
        let until_range = until.as_ref().and_then(|_| {
            let ((sl, sh), (bl, bh)) = (self.range(&start)?, self.range(&bound)?);
            Some(match dir {
                Direction::Up => (sl.min(bl), bh.max(sl)),
                Direction::Down => (bl.min(sh), bh.max(sh)),
            })
        });
        let mut breaks: Option<(Expr, Cond, Option<bool>)> = None;
        let bound = match until {
            None => bound,
            // An unsigned `K` compares in the core as in C below 2^31 (as `cmp_ok` asks of
            // the start and the bound).
            Some(k)
                if self.within(&amount, 1, 1)
                    && c.extra.is_empty()
                    && (!unsigned_cmp || small(&k, self)) =>
            {
                let hit = match dir {
                    Direction::Up => and(
                        cmp(CmpOp::Le, start.clone(), k.clone()),
                        cmp(CmpOp::Lt, k.clone(), bound.clone()),
                    ),
                    Direction::Down => and(
                        cmp(CmpOp::Lt, bound.clone(), k.clone()),
                        cmp(CmpOp::Le, k.clone(), start.clone()),
                    ),
                };
                let at = self.decided(&hit);
                breaks = Some((k.clone(), hit.clone(), at));
                match at {
                    Some(true) => k,
                    Some(false) => bound,
                    None => select(hit, k, bound, span),
                }
            }
            Some(_) => {
                return None;
            }
        };
        let loop_name = self
            .local_names
            .get(&c.var)
            .or(c.name.as_ref())
            .cloned()
            .unwrap_or_else(|| "i".into());
        let var = self.fresh(&loop_name);
        // The loop variable stays within the start and the bound.
        // (Counted by trips, the core variable is the iteration count: its range is set below.)
        if let (Some((sl, sh)), Some((bl, bh)), false) =
            (self.range(&start), self.range(&bound), by_trips)
        {
            let (lo, hi) = (sl.min(bl).min(bh), sh.max(bh).max(bl));
            // Ascending, the body runs while the variable is below the bound: its last value
            // there is `bound - 1` (so that `loc[k]` in `for k in 0..4` is known to stay in
            // `int loc[4]`, `slots.rs`).
            let hi = match dir {
                Direction::Up => hi.min(bh - 1).max(lo),
                Direction::Down => hi,
            };
            self.ranges.insert(var.clone(), (lo, hi));
        }
        let start = self.bound(&format!("{loop_name}_start"), start, &mut pre);
        let bound = self.bound(&format!("{loop_name}_bound"), bound, &mut pre);
        if let (ExprKind::Var(b), Some(r)) = (&bound.kind, until_range) {
            self.ranges.insert(b.clone(), r);
        }
        let amount = self.bound(&format!("{loop_name}_step"), amount, &mut pre);
        self.local_names
            .entry(c.var.clone())
            .or_insert_with(|| loop_name.clone());
        // Counted by its iteration count: the core loop is `j` in `0..T` step 1, and each
        // iteration starts with `let i = start + j * amount;` (below `bound`).
        let mut counter_let: Option<(String, Expr)> = None;
        let (core_start, core_bound, core_amount) = if by_trips {
            let t = self.trips_of(&start, &bound, &amount, span);
            let t = self.bound(&format!("{loop_name}_trips"), t, &mut pre);
            if let Some((_, th)) = self.range(&t) {
                self.ranges.insert(var.clone(), (0, (th - 1).max(0)));
            }
            let value = self.fresh(&format!("{loop_name}_at"));
            if let (Some((sl, _)), Some((_, bh))) = (self.range(&start), self.range(&bound)) {
                self.ranges.insert(value.clone(), (sl, (bh - 1).max(sl)));
            }
            let at = Expr::bin(
                BinOp::Add,
                start.clone(),
                Expr::bin(BinOp::Mul, Expr::var(var.clone(), span), amount.clone()),
            );
            self.env.insert(
                c.var.clone(),
                Binding::Val(Val::Num(Expr::var(value.clone(), span), c.var_ty)),
            );
            counter_let = Some((value, at));
            (int(0, span), t, int(1, span))
        } else {
            self.env.insert(
                c.var.clone(),
                Binding::Val(Val::Num(Expr::var(var.clone(), span), c.var_ty)),
            );
            if self.is_uniform(&start) && self.is_uniform(&amount) {
                self.uniform.insert(var.clone());
            }
            (start.clone(), bound.clone(), amount.clone())
        };
        let prefix = |me: &mut Self, stmts: &mut Vec<Stmt>| {
            if let Some((name, at)) = &counter_let {
                let s = StmtKind::Let {
                    var: Ident::new(name.clone(), span),
                    value: at.clone(),
                };
                me.emit(stmts, stmt(s, span));
            }
        };
        let body_nodes: Vec<&Node> = body.to_vec();
        // The steps in the body change the variable within an iteration only: each iteration
        // starts at the loop's own counter.
        let fixed: HashSet<String> = if !c.extra.is_empty() {
            HashSet::from([c.var.clone()])
        } else {
            HashSet::new()
        };
        // Lowered until the closed forms of its carried variables settle (see `closed.rs`):
        // first with every carried variable `?`, then with those that have a closed form bound
        // to it, which must come out of the body in the same shape.
        let x = Expr::var(var.clone(), span);
        let inside = self.inner_counter(&x, &core_start, &core_amount, dir, step_op);
        let entry = self.env.clone();
        let entry_errors = self.errors.len();
        let mut presets: HashMap<String, Expr> = HashMap::new();
        let mut banned: HashSet<String> = HashSet::new();
        let mut previous: HashMap<String, closed::Closed> = HashMap::new();
        let mut lowered;
        let mut forms;
        let mut attempt = 0;
        loop {
            self.env = entry.clone();
            self.errors.truncate(entry_errors);
            lowered = self.loop_body(&prefix, &body_nodes, &|_, _| {}, &fixed, &presets, span);
            forms = self.closed_forms(&lowered, &entry, &c.var, &var);
            for (id, (f, _)) in forms.iter_mut() {
                if let Some(old) = previous.get(id).filter(|old| closed::unwrapped_of(old, f)) {
                    *f = old.clone();
                }
            }
            previous = forms
                .iter()
                .map(|(id, (f, _))| (id.clone(), f.clone()))
                .collect();
            let next: HashMap<String, Expr> = forms
                .iter()
                .filter_map(|(id, (f, v0))| Some((id.clone(), closed::value(f, v0, &inside)?)))
                .collect();
            if next.same_shape(&presets) {
                break;
            }
            // A preset whose update no longer has its shape is not tried again.
            for (id, e) in &presets {
                if !next.get(id).is_some_and(|n| n.same_shape(e)) {
                    banned.insert(id.clone());
                }
            }
            let next: HashMap<String, Expr> = next
                .into_iter()
                .filter(|(id, _)| !banned.contains(id))
                .collect();
            if next.same_shape(&presets) {
                break;
            }
            attempt += 1;
            presets = if attempt < 3 { next } else { HashMap::new() };
            if attempt > 3 {
                forms.clear();
                break;
            }
        }
        // Two pointers swapped in each iteration: each is a selection by the iteration's
        // parity, kept when the body, lowered with those, swaps them again.
        let mut swapped = HashMap::new();
        if let (Some(even), false) = (inside.even.clone(), forms.is_empty() && attempt > 3) {
            if let Some(swap) = self.pointer_swap(&lowered, &entry, &even) {
                let relower = |me: &mut Self, ptrs: HashMap<String, Ptr>| {
                    me.env = entry.clone();
                    me.errors.truncate(entry_errors);
                    me.ptr_presets = ptrs;
                    me.loop_body(&prefix, &body_nodes, &|_, _| {}, &fixed, &presets, span)
                };
                let again = relower(self, swap.clone());
                let holds = swap.iter().all(|(id, p)| {
                    let other = swap.iter().find(|(o, _)| *o != id).map(|(_, q)| q);
                    matches!((again.at_end.get(id), other),
                        (Some(Binding::Val(Val::Ptr(e))), Some(q)) if e == q)
                        && matches!(again.at_start.get(id),
                            Some(Binding::Val(Val::Ptr(s))) if s == p)
                });
                let same_forms = {
                    let f = self.closed_forms(&again, &entry, &c.var, &var);
                    let next: HashMap<String, Expr> = f
                        .iter()
                        .filter_map(|(id, (f, v0))| {
                            Some((id.clone(), closed::value(f, v0, &inside)?))
                        })
                        .collect();
                    presets.iter().all(|(id, e)| next.get(id) == Some(e))
                };
                lowered = if holds && same_forms {
                    swapped = swap;
                    again
                } else {
                    relower(self, HashMap::new())
                };
            }
        }
        let LoopBody {
            stmts,
            carried,
            exits,
            ..
        } = lowered;
        forms.retain(|id, _| presets.contains_key(id));
        // The loop variable must not change in the body, nor the bound's and step's values.
        let mut moving = HashSet::new();
        moving.extend(carried.iter().cloned());
        let loop_var_changed = moving.contains(&c.var);
        // Bounds were evaluated from the environment before the loop, and the environment's
        // values are immutable core names: a C variable the body changes gets a new name, so
        // the bound computed before the loop is what C reads only if no variable it reads
        // changes. Check that by re-reading the bound after the body.
        let after = self.loop_parts(c, span);
        let before = self.with_env(saved_env.clone(), |me| me.loop_parts(c, span));
        let invariant = after.same_shape(&before);
        // With several steps an iteration the body changes the variable, by its steps only
        // (`for_stmt` checked that nothing else in it may write the variable).
        let loop_var_changed = loop_var_changed && c.extra.is_empty();
        // The breaking iteration runs after the loop only for threads that did not leave it
        // otherwise: with another exit the shape is not this one.
        let other_exit = exits.contains(&ExitKind::Break) || exits.contains(&ExitKind::Return);
        if loop_var_changed || !invariant || (!c.peel.is_empty() && other_exit) {
            return None;
        }
        for mut s in pre {
            // The start, bound and step are evaluated before the loop, where `mapcheck fix`
            // must see them (their expressions may be spelled in a macro's definition).
            s.span = span;
            self.emit(out, s);
        }
        let stmts = self.guard_exits(stmts, &exits, span);
        // The body's span is its text when it is one statement (`{ ... }`), for `mapcheck fix`.
        let body_span = match body {
            [one] => self.statement_span(one),
            _ => span,
        };
        let range = Range {
            start: core_start.clone(),
            bound: core_bound.clone(),
            dir,
            step: Step {
                op: step_op,
                amount: core_amount.clone(),
                span,
            },
        };
        let (var, range, stmts) = match self.by_arrivals(&var, &loop_name, range, stmts, out) {
            Ok(by_trip) => by_trip,
            Err((range, stmts)) => (var, range, stmts),
        };
        self.emit(
            out,
            stmt(
                StmtKind::For {
                    var: Ident::new(var, span),
                    range,
                    body: Block {
                        stmts,
                        span: body_span,
                    },
                },
                span,
            ),
        );
        let mut carried = carried;
        carried.remove(&c.var);
        // A loop every thread runs to its end leaves its closed forms at the trip count.
        let runs_all = !(exits.contains(&ExitKind::Break) || exits.contains(&ExitKind::Return));
        let end = if runs_all {
            self.end_counter(&core_start, &core_bound, &core_amount, dir, step_op)
        } else {
            None
        };
        if let Some((at_end, last)) = &end {
            let mut ids: Vec<&String> = forms.keys().collect();
            ids.sort();
            for id in ids {
                let (f, v0) = &forms[id];
                let Some(v) = closed::value(f, v0, at_end) else {
                    continue;
                };
                let Some(Binding::Val(old)) = self.env.get(id).cloned() else {
                    continue;
                };
                let new = match old {
                    Val::Num(_, s) => Val::Num(self.bound("after", v, out), s),
                    Val::Ptr(Ptr::To { array, pointee, .. }) => Val::Ptr(Ptr::To {
                        array,
                        off: self.bound("after_offset", v, out),
                        pointee,
                        within: None,
                    }),
                    _ => continue,
                };
                self.env.insert(id.clone(), Binding::Val(new));
                carried.remove(id);
            }
            // The swapped pointers after the last iteration: by the parity of the trip count.
            if let Some(even) = &at_end.even {
                let mut ids: Vec<&String> = swapped.keys().collect();
                ids.sort();
                for id in ids {
                    if let Ptr::Sel(_, a, b) = &swapped[id] {
                        let p = Ptr::Sel(Box::new(even.clone()), a.clone(), b.clone());
                        self.env.insert(id.clone(), Binding::Val(Val::Ptr(p)));
                        carried.remove(id);
                    }
                }
            }
            if !c.declared {
                // Counted by trips, the counter ends at `start + T * amount` (C's value when
                // the last step does not wrap).
                let last = if by_trips {
                    let e = Expr::bin(
                        BinOp::Add,
                        start.clone(),
                        Expr::bin(BinOp::Mul, last.clone(), amount.clone()),
                    );
                    self.convert_int(e, c.var_ty, out)
                } else {
                    last.clone()
                };
                let v = self.bound(&format!("{loop_name}_end"), last, out);
                self.env
                    .insert(c.var.clone(), Binding::Val(Val::Num(v, c.var_ty)));
            }
        }
        if c.declared {
            self.env.remove(&c.var);
        } else if end.is_none() {
            carried.insert(c.var.clone());
        }
        let stay = self.after_loop(&carried, &exits, span, out);
        // The breaking iteration: the statements before the `break`, at `i = K`, when the
        // counter reaches `K`; the counter's end value (`K` then) is kept.
        if let (Some((k, hit, at)), false) = (breaks, c.peel.is_empty()) {
            let kept = self.env.get(&c.var).cloned();
            let at_k = Binding::Val(Val::Num(k, c.var_ty));
            match at {
                Some(false) => {}
                Some(true) => {
                    self.env.insert(c.var.clone(), at_k);
                    self.block(&c.peel, out);
                }
                None => {
                    let before = self.env.clone();
                    self.env.insert(c.var.clone(), at_k);
                    let mut inner = Vec::new();
                    self.path.push(Some(hit.clone()));
                    self.block(&c.peel, &mut inner);
                    self.path.pop();
                    let after = std::mem::replace(&mut self.env, before.clone());
                    let bound = bound_names(&inner);
                    let lets = branch_lets(&top_lets(&inner));
                    self.emit(
                        out,
                        stmt(
                            StmtKind::If {
                                cond: hit.clone(),
                                then_branch: Block { stmts: inner, span },
                                else_branch: None,
                            },
                            span,
                        ),
                    );
                    let none = HashMap::new();
                    self.join_if(&hit, [(after, &lets), (before, &none)], &bound, span, out);
                }
            }
            match kept {
                Some(b) => {
                    self.env.insert(c.var.clone(), b);
                }
                None => {
                    self.env.remove(&c.var);
                }
            }
        }
        Some(stay)
    }
}

impl Lower<'_, '_> {
    /// The value of `c` when the intervals of its comparisons' operands (or, for a closed
    /// condition, its evaluation in every arithmetic) decide it.
    /// A loop with a barrier inside whose variable may start, or step, differently in the
    /// threads of a block (`for (i = threadIdx.x; i < n; i += blockDim.x) { ...;
    /// __syncthreads(); }`), over its iteration count: `for t in 0..T { let i = start + t *
    /// step; ... }`. CUDA matches the barriers of such a loop by arrival — the `k`-th
    /// `__syncthreads()` of every thread is one barrier —, the core by the values of the
    /// enclosing loops' variables (SPEC §4, BabyCUDA's alignment): over `i` itself, thread 0's
    /// `i = 0` and thread 1's `i = 1` would be different barriers (a false divergence, and the
    /// accesses of one CUDA phase split into two). Over `t` the two agree: every thread's
    /// `t`-th iteration ends at the same barrier, and the loop diverges exactly when CUDA's
    /// does (some thread runs an iteration another does not). `Err` gives the loop back
    /// unchanged: no barrier inside, a uniform start and step (values and arrivals agree),
    /// a multiplicative step, or an iteration count beyond the core's 32-bit loops.
    fn by_arrivals(
        &mut self,
        var: &str,
        loop_name: &str,
        range: Range,
        stmts: Vec<Stmt>,
        out: &mut Vec<Stmt>,
    ) -> Result<(String, Range, Vec<Stmt>), Unchanged> {
        let mut barrier = false;
        walk_stmts(&stmts, &mut |s| {
            barrier |= matches!(s.kind, StmtKind::Sync | StmtKind::SyncWarp);
        });
        let Range {
            start,
            bound,
            dir,
            step,
        } = &range;
        let additive = matches!(
            (dir, step.op),
            (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub)
        );
        if !barrier
            || !additive
            || (self.is_uniform(start) && self.is_uniform(&step.amount))
            || !self.within(&step.amount, 1, 1 << 40)
        {
            return Err((range, stmts));
        }
        let span = step.span;
        // `T = (distance - 1) / step + 1` where the loop runs at all: the distance is positive
        // there, and C computes no value of `i` beyond the bound, so no term wraps.
        let (near, far, runs) = match dir {
            Direction::Up => (start, bound, cmp(CmpOp::Lt, start.clone(), bound.clone())),
            Direction::Down => (bound, start, cmp(CmpOp::Gt, start.clone(), bound.clone())),
        };
        let distance = Expr::bin(BinOp::Sub, far.clone(), near.clone());
        // At most this many iterations; the core's loops count in signed 32-bit words.
        let most = match (self.range(&distance), self.range(&step.amount)) {
            (Some((dl, dh)), Some((al, _))) if dl >= -(1 << 62) && dh <= 1 << 62 && al >= 1 => {
                if dh >= 1 {
                    (dh - 1) / al + 1
                } else {
                    0
                }
            }
            _ => return Err((range, stmts)),
        };
        if most > i128::from(i32::MAX) {
            return Err((range, stmts));
        }
        let unit = matches!(step.amount.kind, ExprKind::Int(1));
        let count = if unit {
            distance
        } else {
            Expr::bin(
                BinOp::Add,
                Expr::bin(
                    BinOp::Div,
                    Expr::bin(BinOp::Sub, distance, int(1, span)),
                    step.amount.clone(),
                ),
                int(1, span),
            )
        };
        let trips = select(runs, count, int(0, span), span);
        let trips = self.bound(&format!("{loop_name}_trips"), trips, out);
        if let ExprKind::Var(name) = &trips.kind {
            self.ranges.insert(name.clone(), (0, most));
        }
        let t = self.fresh(&format!("{loop_name}_trip"));
        self.ranges.insert(t.clone(), (0, (most - 1).max(0)));
        let moved = if unit {
            Expr::var(t.clone(), span)
        } else {
            Expr::bin(BinOp::Mul, Expr::var(t.clone(), span), step.amount.clone())
        };
        let at = match dir {
            Direction::Up => Expr::bin(BinOp::Add, start.clone(), moved),
            Direction::Down => Expr::bin(BinOp::Sub, start.clone(), moved),
        };
        let mut body = Vec::with_capacity(stmts.len() + 1);
        body.push(stmt(
            StmtKind::Let {
                var: Ident::new(var, span),
                value: at,
            },
            span,
        ));
        body.extend(stmts);
        Ok((t, iterations(trips, span), body))
    }

    pub(super) fn decided(&self, c: &Cond) -> Option<bool> {
        let all: Vec<Option<bool>> = [Arith::Int, Arith::Bv32, Arith::Bv64]
            .iter()
            .map(|a| eval_cond_at(c, "", 0, *a))
            .collect();
        if let Some(v) = all[0].filter(|_| all.iter().all(|x| *x == all[0])) {
            return Some(v);
        }
        match &c.kind {
            CondKind::Bool(b) => Some(*b),
            CondKind::Not(x) => self.decided(x).map(|v| !v),
            CondKind::And(x, y) => match (self.decided(x), self.decided(y)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
            CondKind::Or(x, y) => match (self.decided(x), self.decided(y)) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            },
            CondKind::Cmp(op, x, y) => {
                // `x - y` as a linear form: the same names cancel (`m - 1 < m`), when no
                // subterm leaves 32-bit signed words (where every arithmetic agrees).
                let exact = |e: &Expr| self.fits_words(e);
                let folded = match (linear(x), linear(y)) {
                    (Some((fx, cx)), Some((fy, cy))) if exact(x) && exact(y) => {
                        let mut f = fx;
                        for (n, k) in fy {
                            let e = f.entry(n).or_insert(0);
                            *e = e.saturating_sub(k);
                        }
                        let d = cx.checked_sub(cy).and_then(|d| i64::try_from(d).ok());
                        d.filter(|_| f.values().all(|k| *k == 0))
                            .map(|d| int(d, c.span))
                    }
                    _ => None,
                };
                let diff = folded.unwrap_or_else(|| Expr::bin(BinOp::Sub, x.clone(), y.clone()));
                let (lo, hi) = self.range(&diff)?;
                let (t, f) = match op {
                    CmpOp::Lt => (hi < 0, lo >= 0),
                    CmpOp::Le => (hi <= 0, lo > 0),
                    CmpOp::Gt => (lo > 0, hi <= 0),
                    CmpOp::Ge => (lo >= 0, hi < 0),
                    CmpOp::Eq => (lo == 0 && hi == 0, lo > 0 || hi < 0),
                    CmpOp::Ne => (lo > 0 || hi < 0, lo == 0 && hi == 0),
                    // Unsigned comparisons of the core: not read off a difference.
                    _ => (false, false),
                };
                if t {
                    Some(true)
                } else if f {
                    Some(false)
                } else {
                    None
                }
            }
        }
    }

    /// Whether every subterm of `e` has an interval within 32-bit signed words.
    fn fits_words(&self, e: &Expr) -> bool {
        let here = self.within(e, i128::from(i32::MIN), i128::from(i32::MAX));
        here && match &e.kind {
            ExprKind::Int(_) | ExprKind::Var(_) => true,
            ExprKind::Neg(x) => self.fits_words(x),
            ExprKind::Bin(_, x, y) => self.fits_words(x) && self.fits_words(y),
            ExprKind::Select(_, x, y) => self.fits_words(x) && self.fits_words(y),
        }
    }

    /// Whether an unsigned counter provably never wraps on its last step. C computes an
    /// unsigned `i += k` modulo 2^bits, the core's counter does not: from 8, `i += 0xFFFFFFFCu`
    /// is 4 in C and 0x100000004 in the core, so a loop `i < 16` runs three times in C and once
    /// in the core (`loop_unsigned_wrap_step_racy.cu`). The core loop stops at the first value
    /// past the bound (`bound` is exclusive: `i < bound` going up, `i > bound` going down), so
    /// it is C's loop when that value is still a value of the type. A signed counter's
    /// overflow is undefined behaviour and is assumed not to happen, as for every signed
    /// operation of the lowering.
    fn no_unsigned_wrap(
        &self,
        c: &Counted<'_>,
        dir: Direction,
        bound: &Expr,
        amount: &Expr,
    ) -> bool {
        let Scalar::Int {
            bits,
            signed: false,
        } = c.var_ty
        else {
            return true;
        };
        let top = (1i128 << bits) - 1;
        let (Some((blo, bhi)), Some((_, khi))) = (self.range(bound), self.range(amount)) else {
            return matches!(c.step, StepOp::Div | StepOp::Shr);
        };
        match (dir, c.step) {
            (_, StepOp::Div | StepOp::Shr) => true,
            // The last value in the loop is at most `bound - 1`.
            (Direction::Up, StepOp::Add) => bhi - 1 + khi <= top,
            (Direction::Up, StepOp::Mul) => (bhi - 1).saturating_mul(khi) <= top,
            (Direction::Up, StepOp::Shl) => {
                khi < i128::from(bits) && (bhi - 1).saturating_mul(1i128 << khi) <= top
            }
            // The last value in the loop is at least `bound + 1`.
            (Direction::Down, StepOp::Sub) => blo + 1 - khi >= 0,
            _ => false,
        }
    }
}

/// `e` as `sum of k * name + c` (additions, subtractions, negations and products by a
/// literal), with its coefficients.
fn linear(e: &Expr) -> Option<(BTreeMap<String, i128>, i128)> {
    Some(match &e.kind {
        ExprKind::Int(k) => (BTreeMap::new(), i128::from(*k)),
        ExprKind::Var(n) => (BTreeMap::from([(n.clone(), 1)]), 0),
        ExprKind::Neg(x) => {
            let (f, c) = linear(x)?;
            (f.into_iter().map(|(n, k)| (n, -k)).collect(), -c)
        }
        ExprKind::Bin(op @ (BinOp::Add | BinOp::Sub), x, y) => {
            let ((mut f, cx), (g, cy)) = (linear(x)?, linear(y)?);
            let s = if *op == BinOp::Add { 1 } else { -1 };
            for (n, k) in g {
                let e = f.entry(n).or_insert(0);
                *e = e.checked_add(s * k)?;
            }
            (f, cx.checked_add(s * cy)?)
        }
        ExprKind::Bin(BinOp::Mul, x, y) => {
            let ((f, cx), (g, cy)) = (linear(x)?, linear(y)?);
            let (f, c, k) = if f.is_empty() {
                (g, cy, cx)
            } else if g.is_empty() {
                (f, cx, cy)
            } else {
                return None;
            };
            let f: Option<BTreeMap<String, i128>> = f
                .into_iter()
                .map(|(n, m)| Some((n, m.checked_mul(k)?)))
                .collect();
            (f?, c.checked_mul(k)?)
        }
        _ => return None,
    })
}
