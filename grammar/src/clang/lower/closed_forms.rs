//! Closed forms in counted loops (see `closed.rs`): the carried variables whose update has
//! one, the iteration count inside a loop's body, and the count and the loop variable's value
//! at its end (simulated when constant).

use super::*;

/// The largest update, in nodes once the body's `let`s are substituted, that [`Lower::closed_forms`]
/// looks at: a closed form is the variable and an invariant of at most 64 nodes under an
/// operator and C's reductions (`closed::derive`), far below this.
const CLOSED_NODES: usize = 4096;

impl Lower<'_, '_> {
    /// Two carried pointers a loop body swaps (`t = a; a = b; b = t;`), each pointing into
    /// named memory on entry: `a` is `even ? A : B` and `b` is `even ? B : A` at the start of
    /// each iteration (`A`, `B` their values on entry, `even` whether the iteration count is
    /// even), an induction the caller checks by lowering the body with these and finding them
    /// swapped at its end. The candidates are the first pair whose ends are each other's
    /// starts.
    pub(super) fn pointer_swap(
        &self,
        lowered: &LoopBody,
        entry: &Env,
        even: &Cond,
    ) -> Option<HashMap<String, Ptr>> {
        let ptr = |env: &Env, id: &String| match env.get(id) {
            Some(Binding::Val(Val::Ptr(p))) => Some(p.clone()),
            _ => None,
        };
        let mut ids: Vec<&String> = lowered
            .carried
            .iter()
            .filter(|id| matches!(ptr(entry, id), Some(Ptr::To { .. })))
            .collect();
        ids.sort();
        for (i, a) in ids.iter().enumerate() {
            for b in &ids[i + 1..] {
                let (pa, pb) = (ptr(entry, a)?, ptr(entry, b)?);
                if pa == pb {
                    continue;
                }
                let crossed = ptr(&lowered.at_end, a).is_some()
                    && ptr(&lowered.at_end, a) == ptr(&lowered.at_start, b)
                    && ptr(&lowered.at_end, b) == ptr(&lowered.at_start, a);
                if crossed {
                    let sa = Ptr::Sel(
                        Box::new(even.clone()),
                        Box::new(pa.clone()),
                        Box::new(pb.clone()),
                    );
                    let sb = Ptr::Sel(Box::new(even.clone()), Box::new(pb), Box::new(pa));
                    return Some(HashMap::from([((*a).clone(), sa), ((*b).clone(), sb)]));
                }
            }
        }
        None
    }

    /// The carried variables of a lowered counted loop whose update has a closed form (see
    /// `closed.rs`), with their values before the loop. `var` is the C loop variable, `x` its
    /// core name.
    pub(super) fn closed_forms(
        &self,
        lowered: &LoopBody,
        entry: &Env,
        var: &str,
        x: &str,
    ) -> HashMap<String, (closed::Closed, Expr)> {
        let mut out = HashMap::new();
        let bound = bound_names(&lowered.stmts);
        let start_name = |b: Option<&Binding>| match b {
            Some(Binding::Val(Val::Num(
                Expr {
                    kind: ExprKind::Var(h),
                    ..
                },
                _,
            ))) => Some(h.clone()),
            Some(Binding::Val(Val::Ptr(Ptr::To {
                off:
                    Expr {
                        kind: ExprKind::Var(h),
                        ..
                    },
                ..
            }))) => Some(h.clone()),
            _ => None,
        };
        // The top-level `let`s of the body, except the iteration's start values.
        let starts: HashSet<String> = lowered
            .carried
            .iter()
            .filter_map(|id| start_name(lowered.at_start.get(id)))
            .collect();
        // Each `let` with the earlier ones substituted, as long as that stays within
        // `CLOSED_NODES`; a larger one is left out of `lets` but its size is kept (saturating),
        // so that an update that uses it is refused below before it is built. Substituting
        // first and measuring after grew exponentially with rounds of rotate-and-add on
        // loop-carried state (each round reads the previous state twice): 6 rounds 6 s,
        // 8 rounds over 3 GB and 2 minutes (issue 37); no closed form is that large anyway.
        let mut lets = HashMap::new();
        let mut sizes: HashMap<String, usize> = HashMap::new();
        for s in &lowered.stmts {
            if let StmtKind::Let { var, value } = &s.kind {
                if !starts.contains(&var.name) {
                    let size = subst_size(value, &sizes);
                    if size <= CLOSED_NODES {
                        lets.insert(var.name.clone(), subst_vars(value, &lets));
                    } else {
                        lets.remove(&var.name);
                    }
                    sizes.insert(var.name.clone(), size);
                }
            }
        }
        let invariant = |k: &Expr| {
            let mut ok = true;
            k.for_each_var(&mut |n, _| ok &= n != x && !bound.contains(n));
            ok && expr_nodes(k) <= 64
        };
        for id in &lowered.carried {
            if id == var {
                continue;
            }
            let Some(h) = start_name(lowered.at_start.get(id)) else {
                continue;
            };
            let (Some(Binding::Val(v0)), Some(Binding::Val(end))) =
                (entry.get(id), lowered.at_end.get(id))
            else {
                continue;
            };
            let (v0, e) = match (v0, end) {
                (Val::Num(v0, _), Val::Num(e, _)) => (v0, e),
                (
                    Val::Ptr(Ptr::To {
                        array: a0,
                        off: v0,
                        pointee: p0,
                        ..
                    }),
                    Val::Ptr(Ptr::To {
                        array: a1,
                        off: e,
                        pointee: p1,
                        ..
                    }),
                ) if a0 == a1 && p0 == p1 => (v0, e),
                _ => continue,
            };
            if subst_size(e, &sizes) > CLOSED_NODES {
                continue;
            }
            let e = subst_vars(e, &lets);
            let Some(f) = closed::derive(&e, &h, &invariant) else {
                continue;
            };
            if matches!(lowered.at_end.get(id), Some(Binding::Val(Val::Ptr(_))))
                && !matches!(f, closed::Closed::Linear { mask: None, .. })
            {
                continue;
            }
            // Truncation is floor on naturals, which every later value is too.
            let f = match f {
                closed::Closed::Shrink {
                    f,
                    round: closed::Round::Trunc,
                    wrap,
                } if self.within(v0, 0, i128::MAX) => closed::Closed::Shrink {
                    f,
                    round: closed::Round::Floor,
                    wrap,
                },
                f => f,
            };
            if let Some(w) = closed::mask_of(&f) {
                let (lo, hi) = w.range();
                if !self.within(v0, lo, hi) {
                    continue;
                }
            }
            out.insert(id.clone(), (f, v0.clone()));
        }
        out
    }

    /// The iteration count `j` of a core loop `for x in start..bound step OP amount`, inside
    /// its body, as an expression of `x` (see `closed.rs`).
    pub(super) fn inner_counter(
        &self,
        x: &Expr,
        start: &Expr,
        amount: &Expr,
        dir: Direction,
        op: StepOp,
    ) -> closed::Counter {
        let span = x.span;
        let mut c = closed::Counter::default();
        let lit = |e: &Expr| match e.kind {
            ExprKind::Int(v) => Some(v),
            _ => None,
        };
        let parity = |p: Expr, f: i64| {
            // F^j = (-1)^j modulo F + 1: 1 when j is even, F when odd.
            cmp(
                CmpOp::Eq,
                Expr::bin(BinOp::Rem, p, int(f + 1, span)),
                int(1, span),
            )
        };
        match (dir, op) {
            (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub) => {
                let d = if dir == Direction::Up {
                    Expr::bin(BinOp::Sub, x.clone(), start.clone())
                } else {
                    Expr::bin(BinOp::Sub, start.clone(), x.clone())
                };
                // Within 32-bit signed range, so that `bv32` computes it as `int` does. (Inside
                // the body the count is never negative, as the counter moves away from the
                // start; an interval of `x - start` that loses that, from two separate
                // intervals, still shows that no word wraps.)
                if !self.within(&d, -i128::from(i32::MAX), i128::from(i32::MAX)) {
                    return c;
                }
                let j = if lit(amount) == Some(1) {
                    d
                } else {
                    Expr::bin(BinOp::Div, d, amount.clone())
                };
                c.even = Some(cmp(
                    CmpOp::Eq,
                    Expr::bin(BinOp::Rem, j.clone(), int(2, span)),
                    int(0, span),
                ));
                c.j = Some(j);
            }
            (Direction::Up, StepOp::Mul | StepOp::Shl) => {
                let f = match (op, lit(amount)) {
                    (StepOp::Mul, Some(f)) if (2..=i64::from(i32::MAX)).contains(&f) => f,
                    (StepOp::Shl, Some(s)) if (1..=30).contains(&s) => 1 << s,
                    _ => return c,
                };
                if !self.within(start, 1, i128::from(i32::MAX)) {
                    return c;
                }
                let p = if lit(start) == Some(1) {
                    x.clone()
                } else {
                    Expr::bin(BinOp::Div, x.clone(), start.clone())
                };
                c.even = Some(parity(p.clone(), f));
                c.pow = Some((f, p));
            }
            (Direction::Down, StepOp::Div | StepOp::Shr) => {
                let f = match (op, lit(amount)) {
                    (StepOp::Div, Some(f)) if (2..=i64::from(i32::MAX)).contains(&f) => f,
                    (StepOp::Shr, Some(s)) if (1..=30).contains(&s) => 1 << s,
                    _ => return c,
                };
                // From a constant power of F, x = F^(m - j) >= 1, so F^j = start / x.
                let Some((s0, s1)) = self.range(start) else {
                    return c;
                };
                let mut p = s0;
                while p > 1 && p % i128::from(f) == 0 {
                    p /= i128::from(f);
                }
                if s0 != s1 || p != 1 || s0 > i128::from(i32::MAX) {
                    return c;
                }
                let Ok(s0) = i64::try_from(s0) else {
                    return c;
                };
                let p = Expr::bin(BinOp::Div, int(s0, span), x.clone());
                c.even = Some(parity(p.clone(), f));
                c.pow = Some((f, p));
            }
            _ => {}
        }
        c
    }

    /// The iteration count at the end of a core loop that runs all its iterations, and the
    /// loop variable's value there: constant when the start, bound and step are; `⌈(b - a) /
    /// k⌉` (at least 0) for an additive loop whose difference stays within 32 bits.
    pub(super) fn end_counter(
        &self,
        start: &Expr,
        bound: &Expr,
        amount: &Expr,
        dir: Direction,
        op: StepOp,
    ) -> Option<(closed::Counter, Expr)> {
        let span = start.span;
        let point = |e: &Expr| match self.range(e) {
            Some((a, b)) if a == b && i64::try_from(a).is_ok() => Some(a),
            _ => None,
        };
        if let (Some(a), Some(b), Some(k)) = (point(start), point(bound), point(amount)) {
            let (trips, last) = simulate(a, b, k, dir, op)?;
            let factor = match op {
                StepOp::Mul | StepOp::Div => Some(k),
                StepOp::Shl | StepOp::Shr if (1..=30).contains(&k) => Some(1 << k),
                _ => None,
            };
            let pow = factor.and_then(|f| {
                let p = f.checked_pow(u32::try_from(trips).ok()?)?;
                Some((i64::try_from(f).ok()?, int(i64::try_from(p).ok()?, span)))
                    .filter(|_| p <= 1 << 62)
            });
            return Some((
                closed::Counter {
                    j: Some(int(i64::try_from(trips).ok()?, span)),
                    pow,
                    even: Some(Cond::new(CondKind::Bool(trips % 2 == 0), span)),
                },
                int(i64::try_from(last).ok()?, span),
            ));
        }
        let d = match (dir, op) {
            (Direction::Up, StepOp::Add) => Expr::bin(BinOp::Sub, bound.clone(), start.clone()),
            (Direction::Down, StepOp::Sub) => Expr::bin(BinOp::Sub, start.clone(), bound.clone()),
            _ => return None,
        };
        let limit = i128::from(i32::MAX);
        let (lo, hi) = self.range(&d)?;
        let (kl, kh) = self.range(amount)?;
        if lo < -limit || hi > limit || kl < 1 || kh > limit || hi + kh > limit {
            return None;
        }
        let d = Expr::bin(BinOp::Max, d, int(0, span));
        let trips = match amount.kind {
            ExprKind::Int(1) => d,
            _ => Expr::bin(
                BinOp::Div,
                Expr::bin(
                    BinOp::Sub,
                    Expr::bin(BinOp::Add, d, amount.clone()),
                    int(1, span),
                ),
                amount.clone(),
            ),
        };
        let moved = match amount.kind {
            ExprKind::Int(1) => trips.clone(),
            _ => Expr::bin(BinOp::Mul, trips.clone(), amount.clone()),
        };
        let last = match dir {
            Direction::Up => Expr::bin(BinOp::Add, start.clone(), moved),
            Direction::Down => Expr::bin(BinOp::Sub, start.clone(), moved),
        };
        Some((
            closed::Counter {
                even: Some(cmp(
                    CmpOp::Eq,
                    Expr::bin(BinOp::Rem, trips.clone(), int(2, span)),
                    int(0, span),
                )),
                j: Some(trips),
                pow: None,
            },
            last,
        ))
    }
}

/// The trip count and final value of the core loop `for x in a..b step OP k` (`downto` for
/// `dir` down) with constant operands, when it stops within 2^20 iterations and its values
/// stay within 32-bit signed range (where both arithmetic modes agree).
fn simulate(a: i128, b: i128, k: i128, dir: Direction, op: StepOp) -> Option<(i128, i128)> {
    let small = |v: i128| i128::from(i32::MIN) <= v && v <= i128::from(i32::MAX);
    if !(small(a) && small(b) && small(k)) || k < 1 {
        return None;
    }
    if matches!(
        (dir, op),
        (Direction::Up, StepOp::Add) | (Direction::Down, StepOp::Sub)
    ) {
        let d = if dir == Direction::Up { b - a } else { a - b };
        let trips = (d.max(0) + k - 1) / k;
        let last = if dir == Direction::Up {
            a + trips * k
        } else {
            a - trips * k
        };
        return small(last).then_some((trips, last));
    }
    let mut x = a;
    let mut trips = 0;
    let running = |x: i128| match dir {
        Direction::Up => x < b,
        Direction::Down => x > b,
    };
    while running(x) {
        x = match op {
            StepOp::Mul => x * k,
            StepOp::Div => x.div_euclid(k),
            StepOp::Shl if k <= 30 => x << k,
            StepOp::Shr if k <= 30 => x >> k,
            _ => return None,
        };
        trips += 1;
        if !small(x) || trips > 1 << 20 {
            return None;
        }
    }
    Some((trips, x))
}
