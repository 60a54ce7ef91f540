//! The well-definedness check of a generated kernel: every name bound, every operation free of
//! undefined behaviour, every index in bounds, every loop short, every assertion true.
//!
//! It evaluates each expression to an interval of values of its C++ type (after the integral
//! promotions and the usual arithmetic conversions), for the kernel's fixed launch and scalar
//! values, over every thread. A signed operation whose interval leaves its type is undefined
//! behaviour and is refused; an unsigned one wraps (the interval becomes the wrapped one, or
//! the whole type). The generator asks it for the range of what it builds (and casts to an
//! unsigned type when a signed operation could overflow); the minimiser runs it on every
//! candidate, so a shrunk kernel is as well-defined as the generated one — the oracle's run of
//! it stays meaningful.

use super::ast::*;
use std::collections::HashMap;

/// Largest loop bound (and start) the check accepts, and the largest number of iterations of
/// one thread's loop nest.
pub const LOOP_LIMIT: i128 = 256;
pub const ITERATION_LIMIT: i128 = 4096;

/// What the check knows about a name: its type, its interval and whether it may be assigned.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub ty: Ty,
    pub lo: i128,
    pub hi: i128,
    pub mutable: bool,
    /// The method helper whose struct this object is an instance of.
    pub object_of: Option<usize>,
    /// A name that is not an integer value: a reference to an array, a `Cfg` object.
    pub special: Option<Special>,
}

/// What a name that is no integer value stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// A reference to array `array` (to one of its rows when `row`).
    Ref { array: usize, row: bool },
    /// A `Cfg` object with these field values.
    Cfg { mul: i128, off: i128 },
}

impl Var {
    /// Whether the name can be used as an integer value.
    pub fn is_value(&self) -> bool {
        self.object_of.is_none() && self.special.is_none()
    }
}

/// A value's type and interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub ty: Ty,
    pub lo: i128,
    pub hi: i128,
}

impl Range {
    pub fn full(ty: Ty) -> Range {
        Range {
            ty,
            lo: ty.min_value(),
            hi: ty.max_value(),
        }
    }

    /// The interval after an implicit or explicit conversion to `to` (modular, as C++20
    /// defines it and every compiler did before).
    pub fn convert(self, to: Ty) -> Range {
        let (lo, hi) = (self.lo, self.hi);
        if lo >= to.min_value() && hi <= to.max_value() {
            return Range { ty: to, lo, hi };
        }
        let m = 1i128 << to.bits();
        if hi - lo < m {
            let lo2 = (lo - to.min_value()).rem_euclid(m) + to.min_value();
            let hi2 = lo2 + (hi - lo);
            if hi2 <= to.max_value() {
                return Range {
                    ty: to,
                    lo: lo2,
                    hi: hi2,
                };
            }
        }
        Range::full(to)
    }

    fn promoted(self) -> Range {
        self.convert(self.ty.promoted())
    }
}

/// The scope of names while checking.
#[derive(Clone, Debug, Default)]
pub struct Env {
    pub vars: HashMap<String, Var>,
    /// In the kernel's body (its local tables are in scope), not a helper's.
    pub kernel: bool,
}

impl Env {
    pub fn get(&self, name: &str) -> Result<&Var, String> {
        self.vars
            .get(name)
            .ok_or_else(|| format!("`{name}` is not in scope"))
    }
}

/// Where a `break` or `continue` would go, and how long the enclosing loops run.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// Inside a loop or a switch: `break` is fine.
    pub can_break: bool,
    /// The innermost loop steps in its header: `continue` is fine.
    pub can_continue: bool,
    /// Iterations of the enclosing loops, multiplied.
    pub iterations: i128,
}

impl Ctx {
    /// The kernel body's context.
    pub fn top() -> Ctx {
        Ctx {
            can_break: false,
            can_continue: false,
            iterations: 1,
        }
    }
}

#[derive(Debug)]
pub struct Checker<'a> {
    pub k: &'a Kernel,
}

fn bitlen(v: i128) -> u32 {
    128 - v.leading_zeros()
}

impl<'a> Checker<'a> {
    pub fn new(k: &'a Kernel) -> Checker<'a> {
        Checker { k }
    }

    /// The names in scope at the top of the kernel body: the scalar parameters.
    pub fn entry_env(&self) -> Env {
        let mut env = Env {
            kernel: true,
            ..Env::default()
        };
        for (n, t, v) in &self.k.scalars {
            env.vars.insert(
                n.clone(),
                Var {
                    ty: *t,
                    lo: *v,
                    hi: *v,
                    mutable: false,
                    object_of: None,
                    special: None,
                },
            );
        }
        env
    }

    /// Checks the whole kernel.
    pub fn kernel(&self) -> Result<(), String> {
        let k = self.k;
        if !k.block.is_power_of_two() || k.grid == 0 {
            return Err("bad launch".into());
        }
        for (n, t, v) in &k.scalars {
            if *v < t.min_value() || *v > t.max_value() {
                return Err(format!("scalar `{n}` out of its type"));
            }
        }
        for a in &k.arrays {
            if a.dims.is_empty() || a.dims.iter().any(|d| !d.is_power_of_two()) {
                return Err(format!("array `{}` has bad dimensions", a.name));
            }
        }
        for t in &k.tables {
            if t.dims.is_empty()
                || t.dims.len() > 2
                || t.dims.iter().any(|d| !d.is_power_of_two())
                || t.init.len() > t.dims[0] as usize
                || (t.dims.len() == 1 && t.init.len() != 1)
                || t.init
                    .iter()
                    .any(|r| r.len() > *t.dims.last().unwrap_or(&0) as usize)
                || t.values()
                    .iter()
                    .any(|v| *v < t.ty.min_value() || *v > t.ty.max_value())
            {
                return Err(format!("table `{}` is malformed", t.name));
            }
        }
        let locals: Vec<bool> = k
            .body
            .iter()
            .filter_map(|s| match s {
                Stmt::CfgObj { local, .. } => Some(*local),
                _ => None,
            })
            .collect();
        if locals.iter().any(|l| *l != locals[0]) {
            return Err("objects of both `Cfg`s in the kernel".into());
        }
        let mut env = self.entry_env();
        self.block(&k.body, &mut env, Ctx::top())
    }

    /// Checks a block in its own scope (`env` is as before afterwards).
    pub fn block(&self, stmts: &[Stmt], env: &mut Env, ctx: Ctx) -> Result<(), String> {
        let saved = env.vars.clone();
        for s in stmts {
            self.stmt(s, env, ctx)?;
        }
        env.vars = saved;
        Ok(())
    }

    fn fresh(&self, env: &Env, name: &str) -> Result<(), String> {
        if env.vars.contains_key(name) {
            Err(format!("`{name}` declared twice"))
        } else {
            Ok(())
        }
    }

    pub fn bind(env: &mut Env, name: &str, r: Range, mutable: bool) {
        let r = if mutable { Range::full(r.ty) } else { r };
        env.vars.insert(
            name.to_string(),
            Var {
                ty: r.ty,
                lo: r.lo,
                hi: r.hi,
                mutable,
                object_of: None,
                special: None,
            },
        );
    }

    pub fn stmt(&self, s: &Stmt, env: &mut Env, ctx: Ctx) -> Result<(), String> {
        match s {
            Stmt::Decl {
                name,
                ty,
                init,
                mutable,
            } => {
                let r = self.expr(init, env)?.convert(*ty);
                self.fresh(env, name)?;
                Self::bind(env, name, r, *mutable);
            }
            Stmt::Assign { name, op, value } => {
                let v = env.get(name)?.clone();
                if !v.mutable {
                    return Err(format!("`{name}` is not mutable"));
                }
                let target = Range::full(v.ty);
                self.compound(target, *op, value, env)?;
            }
            Stmt::Store { place, op, value } => {
                let t = self.place(place, env)?;
                self.compound(Range::full(t), *op, value, env)?;
            }
            Stmt::Atomic {
                op,
                place,
                value,
                value2,
                result,
            } => {
                let t = self.place(place, env)?;
                if place.via.is_some() {
                    return Err("an atomic through an accessor".into());
                }
                match t {
                    Ty::UInt => {}
                    Ty::Int if op.signed_ok() => {}
                    _ => return Err(format!("{} on {}", op.name(), t.name())),
                }
                self.expr(value, env)?;
                match (op, value2) {
                    (AtomicOp::Cas, Some(v2)) => {
                        self.expr(v2, env)?;
                    }
                    (AtomicOp::Cas, None) | (_, Some(_)) => {
                        return Err("atomicCAS takes two values".into())
                    }
                    _ => {}
                }
                if let Some(r) = result {
                    self.fresh(env, r)?;
                    Self::bind(env, r, Range::full(t), false);
                }
            }
            Stmt::Put {
                accessor,
                array,
                index,
                value,
            } => {
                let acc = self.k.accessors.get(*accessor).ok_or("no such accessor")?;
                let a = self.k.arrays.get(*array).ok_or("no such array")?;
                if !acc.store
                    || a.elem != Elem::Int(acc.elem)
                    || a.dims.len() != 1
                    || acc.by_ref.is_some_and(|n| a.dims[0] != n)
                {
                    return Err("accessor does not fit".into());
                }
                self.index(index, a.dims[0], env)?;
                self.expr(value, env)?;
            }
            Stmt::If { cond, then, els } => {
                self.cond(cond, env)?;
                self.block(then, env, ctx)?;
                self.block(els, env, ctx)?;
            }
            Stmt::Loop(l) => self.looped(l, env, ctx)?,
            Stmt::Switch {
                scrut,
                cases,
                default,
            } => {
                let r = self.expr(scrut, env)?.promoted();
                let mut seen = Vec::new();
                let inner = Ctx {
                    can_break: true,
                    ..ctx
                };
                for c in cases {
                    if c.value < r.ty.min_value()
                        || c.value > r.ty.max_value()
                        || seen.contains(&c.value)
                    {
                        return Err("bad case value".into());
                    }
                    seen.push(c.value);
                    self.block(&c.body, env, inner)?;
                }
                self.block(default, env, inner)?;
            }
            Stmt::Sync => {}
            Stmt::Break => {
                if !ctx.can_break {
                    return Err("`break` outside a loop".into());
                }
            }
            Stmt::Continue => {
                if !ctx.can_continue {
                    return Err("`continue` where it would skip a step".into());
                }
            }
            Stmt::Guard { cond, .. } => {
                if self.cond(cond, env)? != Some(true) {
                    return Err("an assertion not provably true".into());
                }
            }
            Stmt::Object { name, helper, base } => {
                let h = self.k.helpers.get(*helper).ok_or("no such helper")?;
                if !matches!(h.home, Home::Method { .. }) {
                    return Err("an object of a helper that is no method".into());
                }
                let r = self.expr(base, env)?.convert(Ty::UInt);
                self.fresh(env, name)?;
                env.vars.insert(
                    name.clone(),
                    Var {
                        ty: Ty::UInt,
                        lo: r.lo,
                        hi: r.hi,
                        mutable: false,
                        object_of: Some(*helper),
                        special: None,
                    },
                );
            }
            Stmt::CallOut { name, call, out } => {
                let h = self.k.helpers.get(call.helper).ok_or("no such helper")?;
                let Some((_, out_ty, _)) = &h.out else {
                    return Err("a call with an out argument of a helper without".into());
                };
                let v = env.get(out)?;
                if !v.mutable || v.ty != *out_ty {
                    return Err("out argument does not bind".into());
                }
                let r = self.call(call, env, true)?;
                self.fresh(env, name)?;
                Self::bind(env, name, r, false);
            }
            Stmt::Ref {
                name, array, row, ..
            } => {
                let a = self.k.arrays.get(*array).ok_or("no such array")?;
                if a.space == Space::Global {
                    return Err("a reference to a pointer parameter".into());
                }
                if let Some(ix) = row {
                    if a.dims.len() != 2 {
                        return Err("a row of a 1-D array".into());
                    }
                    self.index(ix, a.dims[0], env)?;
                }
                self.fresh(env, name)?;
                Self::special(
                    env,
                    name,
                    Special::Ref {
                        array: *array,
                        row: row.is_some(),
                    },
                );
            }
            Stmt::CfgObj { name, mul, off, .. } => {
                if !env.kernel {
                    return Err("a Cfg object outside the kernel".into());
                }
                self.fresh(env, name)?;
                Self::special(
                    env,
                    name,
                    Special::Cfg {
                        mul: *mul,
                        off: *off,
                    },
                );
            }
        }
        Ok(())
    }

    pub fn special(env: &mut Env, name: &str, sp: Special) {
        env.vars.insert(
            name.to_string(),
            Var {
                ty: Ty::Int,
                lo: 0,
                hi: 0,
                mutable: false,
                object_of: None,
                special: Some(sp),
            },
        );
    }

    /// `target op value`, converted back to the target's type.
    fn compound(&self, target: Range, op: AssignOp, value: &Expr, env: &Env) -> Result<(), String> {
        let v = self.expr(value, env)?;
        match op {
            AssignOp::Set | AssignOp::Xor | AssignOp::Or | AssignOp::And => Ok(()),
            AssignOp::Add => self.arith(BinOp::Add, target, v).map(|_| ()),
        }
    }

    fn looped(&self, l: &Loop, env: &mut Env, ctx: Ctx) -> Result<(), String> {
        let (var, inner) = self.loop_head(l, env, ctx)?;
        let saved = env.vars.clone();
        env.vars.insert(l.var.clone(), var);
        let r = self.block(&l.body, env, inner);
        env.vars = saved;
        r
    }

    /// A loop's counter (its interval in the body) and the body's context; its body is not
    /// looked at.
    pub fn loop_head(&self, l: &Loop, env: &Env, ctx: Ctx) -> Result<(Var, Ctx), String> {
        let t = l.ty;
        let small = |r: Range| r.lo >= 0 && r.hi <= LOOP_LIMIT;
        let step_ok = |s: i128| (1..=16).contains(&s);
        // (lowest, highest value in the body, iterations at most, continue allowed)
        let (lo, hi, trips, cont) = match &l.shape {
            LoopShape::Up { from, to, step }
            | LoopShape::While { from, to, step }
            | LoopShape::DoWhile { from, to, step } => {
                let (f, e) = (self.expr(from, env)?, self.expr(to, env)?);
                if !small(f) || !small(e) || !step_ok(*step) || t.max_value() < LOOP_LIMIT + step {
                    return Err("loop bounds".into());
                }
                let hi = f.hi.max(e.hi - 1).max(f.lo);
                let trips = (e.hi - f.lo).max(0) / step + 1;
                (f.lo, hi, trips, matches!(l.shape, LoopShape::Up { .. }))
            }
            LoopShape::Down { from, to, step } => {
                let (f, e) = (self.expr(from, env)?, self.expr(to, env)?);
                if !small(f) || !small(e) || !step_ok(*step) || t.max_value() < LOOP_LIMIT {
                    return Err("loop bounds".into());
                }
                if !t.signed() && e.lo + 1 < *step {
                    return Err("descending unsigned counter would wrap".into());
                }
                let lo = e.lo + 1;
                ((lo), f.hi.max(lo), (f.hi - e.lo).max(0) / step + 1, true)
            }
            LoopShape::Double { to } => {
                let e = self.expr(to, env)?;
                if !small(e) || t.max_value() < 2 * LOOP_LIMIT {
                    return Err("loop bounds".into());
                }
                (1, (e.hi - 1).max(1), 10, true)
            }
            LoopShape::Halve { from } => {
                let f = self.expr(from, env)?;
                if !small(f) || t.max_value() < LOOP_LIMIT {
                    return Err("loop bounds".into());
                }
                (1, f.hi.max(1), 10, true)
            }
            LoopShape::Wrapping { from, to } => {
                if t.signed()
                    || *from < 0
                    || *from > t.max_value()
                    || *to < 0
                    || *to > t.max_value()
                {
                    return Err("wrapping loop over a signed type".into());
                }
                let trips = (to - from).rem_euclid(1i128 << t.bits());
                if !(1..=16).contains(&trips) {
                    return Err("wrapping loop too long".into());
                }
                let (lo, hi) = if from < to {
                    (*from, to - 1)
                } else {
                    (0, t.max_value())
                };
                (lo, hi, trips, true)
            }
        };
        let iterations = ctx.iterations.saturating_mul(trips);
        if iterations > ITERATION_LIMIT {
            return Err("loop nest too long".into());
        }
        self.fresh(env, &l.var)?;
        let var = Var {
            ty: t,
            lo,
            hi,
            mutable: false,
            object_of: None,
            special: None,
        };
        let inner = Ctx {
            can_break: true,
            can_continue: cont,
            iterations,
        };
        Ok((var, inner))
    }

    /// The type of the cell, after checking its indices.
    pub fn place(&self, p: &Place, env: &Env) -> Result<Ty, String> {
        let a = self.k.arrays.get(p.array).ok_or("no such array")?;
        let dims = match &p.alias {
            Some(r) => match env.get(r)?.special {
                Some(Special::Ref { array, row }) if array == p.array => {
                    &a.dims[usize::from(row)..]
                }
                _ => return Err(format!("`{r}` is no reference to `{}`", a.name)),
            },
            None => &a.dims[..],
        };
        if p.index.len() != dims.len() {
            return Err(format!("`{}` indexed with the wrong arity", a.name));
        }
        for (ix, n) in p.index.iter().zip(dims) {
            self.index(ix, *n, env)?;
        }
        if let Some(v) = p.via {
            let acc = self.k.accessors.get(v).ok_or("no such accessor")?;
            if acc.store
                || a.elem != Elem::Int(acc.elem)
                || p.field.is_some()
                || acc.by_ref.is_some_and(|n| dims.last() != Some(&n))
            {
                return Err("accessor does not fit".into());
            }
        }
        match (a.elem, &p.field) {
            (Elem::Int(t), None) => Ok(t),
            (Elem::Record(r), Some((f, ix))) => {
                let field = self
                    .k
                    .records
                    .get(r)
                    .and_then(|r| r.fields.get(*f))
                    .ok_or("no such field")?;
                match (field.count, ix) {
                    (None, None) => {}
                    (Some(n), Some(ix)) => self.index(ix, n, env)?,
                    _ => return Err("field indexed with the wrong arity".into()),
                }
                Ok(field.ty)
            }
            _ => Err("a record accessed whole, or an integer by field".into()),
        }
    }

    pub fn index(&self, ix: &Index, n: u32, env: &Env) -> Result<(), String> {
        let r = self.expr(&ix.expr, env)?;
        let n = i128::from(n);
        let ok = match ix.wrap {
            Wrap::None => r.lo >= 0 && r.hi < n,
            Wrap::Mask => true,
            Wrap::Mod => r.lo >= 0,
        };
        if ok {
            Ok(())
        } else {
            Err("an index out of bounds".into())
        }
    }

    fn builtin(&self, b: Builtin) -> Range {
        let (block, grid) = (i128::from(self.k.block), i128::from(self.k.grid));
        let (lo, hi) = match b {
            Builtin::Tid => (0, block - 1),
            Builtin::Bid => (0, grid - 1),
            Builtin::BDim => (block, block),
            Builtin::GDim => (grid, grid),
        };
        Range {
            ty: Ty::UInt,
            lo,
            hi,
        }
    }

    /// `a op b` in C++: the operands promoted and converted, undefined behaviour refused.
    pub fn arith(&self, op: BinOp, a: Range, b: Range) -> Result<Range, String> {
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            let a = a.promoted();
            let t = a.ty;
            if b.lo != b.hi || b.lo < 0 || b.lo >= i128::from(t.bits()) {
                return Err("a shift by a non-literal or too far".into());
            }
            let s = u32::try_from(b.lo).map_err(|_| "shift")?;
            return match op {
                BinOp::Shl => {
                    let (lo, hi) = (a.lo.checked_shl(s), a.hi.checked_shl(s));
                    if t.signed() {
                        match (lo, hi) {
                            (Some(lo), Some(hi)) if a.lo >= 0 && hi <= t.max_value() => {
                                Ok(Range { ty: t, lo, hi })
                            }
                            _ => Err("signed left shift out of range".into()),
                        }
                    } else {
                        match (lo, hi) {
                            (Some(lo), Some(hi)) => Ok(Range { ty: t, lo, hi }.convert(t)),
                            _ => Ok(Range::full(t)),
                        }
                    }
                }
                _ => Ok(Range {
                    ty: t,
                    lo: a.lo >> s,
                    hi: a.hi >> s,
                }),
            };
        }
        let t = Ty::common(a.ty, b.ty);
        let (a, b) = (a.convert(t), b.convert(t));
        let wide = |lo: Option<i128>, hi: Option<i128>| -> Result<Range, String> {
            match (lo, hi) {
                (Some(lo), Some(hi)) if lo >= t.min_value() && hi <= t.max_value() => {
                    Ok(Range { ty: t, lo, hi })
                }
                (Some(lo), Some(hi)) if !t.signed() => Ok(Range { ty: t, lo, hi }.convert(t)),
                _ if t.signed() => Err(format!("signed overflow in `{}`", op.text())),
                _ => Ok(Range::full(t)),
            }
        };
        match op {
            BinOp::Add => wide(a.lo.checked_add(b.lo), a.hi.checked_add(b.hi)),
            BinOp::Sub => wide(a.lo.checked_sub(b.hi), a.hi.checked_sub(b.lo)),
            BinOp::Mul => {
                let ps = [
                    a.lo.checked_mul(b.lo),
                    a.lo.checked_mul(b.hi),
                    a.hi.checked_mul(b.lo),
                    a.hi.checked_mul(b.hi),
                ];
                if ps.iter().any(Option::is_none) {
                    return wide(None, None);
                }
                let ps: Vec<i128> = ps.iter().flatten().copied().collect();
                wide(ps.iter().min().copied(), ps.iter().max().copied())
            }
            BinOp::Div | BinOp::Rem => {
                if b.lo != b.hi || b.lo <= 0 {
                    return Err("a division by a non-literal".into());
                }
                let d = b.lo;
                if op == BinOp::Div {
                    Ok(Range {
                        ty: t,
                        lo: a.lo / d,
                        hi: a.hi / d,
                    })
                } else {
                    let lo = if a.lo < 0 { a.lo.max(1 - d) } else { 0 };
                    let hi = if a.hi > 0 { a.hi.min(d - 1) } else { 0 };
                    Ok(Range { ty: t, lo, hi })
                }
            }
            BinOp::And | BinOp::Or | BinOp::Xor => {
                if a.lo >= 0 && b.lo >= 0 {
                    let hi = if op == BinOp::And {
                        a.hi.min(b.hi)
                    } else {
                        (1i128 << bitlen(a.hi.max(b.hi))) - 1
                    };
                    Ok(Range { ty: t, lo: 0, hi })
                } else if op == BinOp::And && (a.lo >= 0 || b.lo >= 0) {
                    let hi = if a.lo >= 0 { a.hi } else { b.hi };
                    Ok(Range { ty: t, lo: 0, hi })
                } else {
                    Ok(Range::full(t))
                }
            }
            BinOp::Shl | BinOp::Shr => Err("unreachable".into()),
        }
    }

    pub fn expr(&self, e: &Expr, env: &Env) -> Result<Range, String> {
        match e {
            Expr::Lit(v, t) => {
                if *v < t.min_value() || *v > t.max_value() {
                    return Err("literal out of its type".into());
                }
                Ok(Range {
                    ty: *t,
                    lo: *v,
                    hi: *v,
                })
            }
            Expr::Builtin(b) => Ok(self.builtin(*b)),
            Expr::Var(n) => {
                let v = env.get(n)?;
                if !v.is_value() {
                    return Err(format!("object `{n}` used as a value"));
                }
                Ok(Range {
                    ty: v.ty,
                    lo: v.lo,
                    hi: v.hi,
                })
            }
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.expr(a, env)?, self.expr(b, env)?);
                self.arith(*op, a, b)
            }
            Expr::Cast(t, _, a) => Ok(self.expr(a, env)?.convert(*t)),
            Expr::Cond(c, a, b) => {
                self.cond(c, env)?;
                let (a, b) = (self.expr(a, env)?, self.expr(b, env)?);
                let t = Ty::common(a.ty, b.ty);
                let (a, b) = (a.convert(t), b.convert(t));
                Ok(Range {
                    ty: t,
                    lo: a.lo.min(b.lo),
                    hi: a.hi.max(b.hi),
                })
            }
            Expr::Load(p) => Ok(Range::full(self.place(p, env)?)),
            Expr::Call(c) => self.call(c, env, false),
            Expr::Const { item, arg } => {
                let c = self.k.constants.get(*item).ok_or("no such constant")?;
                match c {
                    Constant::Enum { values, .. } => {
                        if usize::try_from(*arg).map_or(true, |i| i >= values.len()) {
                            return Err("no such enumerator".into());
                        }
                    }
                    Constant::Member { .. } | Constant::Func { .. } => {
                        if !(0..=64).contains(arg) {
                            return Err("constant argument".into());
                        }
                    }
                    Constant::Pow { base, .. } => {
                        if !(0..=8).contains(arg) || !(2..=3).contains(base) {
                            return Err("constant argument".into());
                        }
                    }
                    Constant::Var { .. } => {}
                }
                let (ty, v) = c.value(*arg);
                Ok(Range { ty, lo: v, hi: v })
            }
            Expr::Table { table, index } => {
                let t = self.k.tables.get(*table).ok_or("no such table")?;
                if matches!(t.home, TableHome::Local { .. }) && !env.kernel {
                    return Err("a local table outside the kernel".into());
                }
                if index.len() != t.dims.len() {
                    return Err(format!("`{}` indexed with the wrong arity", t.name));
                }
                for (ix, n) in index.iter().zip(&t.dims) {
                    self.index(ix, *n, env)?;
                }
                let v = t.values();
                Ok(Range {
                    ty: t.ty,
                    lo: v.iter().copied().min().unwrap_or(0),
                    hi: v.iter().copied().max().unwrap_or(0),
                })
            }
            Expr::Field { obj, mul } => match env.get(obj)?.special {
                Some(Special::Cfg { mul: m, off }) => {
                    let v = if *mul { m } else { off };
                    Ok(Range {
                        ty: Ty::Int,
                        lo: v,
                        hi: v,
                    })
                }
                _ => Err(format!("`{obj}` is no Cfg object")),
            },
        }
    }

    /// A helper's result for these arguments (its body checked in a scope of its own).
    fn call(&self, c: &Call, env: &Env, with_out: bool) -> Result<Range, String> {
        let h = self.k.helpers.get(c.helper).ok_or("no such helper")?;
        if h.out.is_some() != with_out {
            return Err("a helper with an out parameter used as a value, or the reverse".into());
        }
        if c.args.len() != h.params.len() {
            return Err("wrong number of arguments".into());
        }
        let mut inner = Env::default();
        for ((n, t), a) in h.params.iter().zip(&c.args) {
            let r = self.expr(a, env)?.convert(*t);
            Self::bind(&mut inner, n, r, false);
        }
        match (&h.home, c.targ, &c.object) {
            (Home::Template, Some(k), None) => {
                if !(0..=64).contains(&k) {
                    return Err("template argument".into());
                }
                Self::bind(
                    &mut inner,
                    "K",
                    Range {
                        ty: Ty::Int,
                        lo: k,
                        hi: k,
                    },
                    false,
                );
            }
            (Home::Method { .. }, None, Some(o)) => {
                let v = env.get(o)?;
                if v.object_of != Some(c.helper) {
                    return Err(format!("`{o}` is not an object of this struct"));
                }
                Self::bind(
                    &mut inner,
                    "base",
                    Range {
                        ty: Ty::UInt,
                        lo: v.lo,
                        hi: v.hi,
                    },
                    false,
                );
            }
            (Home::Free { .. } | Home::Static { .. }, None, None) => {}
            _ => return Err("a call that does not fit its helper".into()),
        }
        if let Some((_, mul, off)) = h.cfg {
            Self::special(&mut inner, "c", Special::Cfg { mul, off });
        }
        if let Some((_, t, e)) = &h.out {
            self.expr(e, &inner)?.convert(*t);
        }
        Ok(self.expr(&h.body, &inner)?.convert(h.ret))
    }

    /// Whether the condition holds for every thread (`Some(true)`), for none, or is unknown.
    pub fn cond(&self, c: &Cond, env: &Env) -> Result<Option<bool>, String> {
        Ok(match c {
            Cond::Lit(b) => Some(*b),
            Cond::Cmp(op, a, b) => {
                let (a, b) = (self.expr(a, env)?, self.expr(b, env)?);
                let t = Ty::common(a.ty, b.ty);
                let (a, b) = (a.convert(t), b.convert(t));
                let (always, never) = match op {
                    CmpOp::Lt => (a.hi < b.lo, a.lo >= b.hi),
                    CmpOp::Le => (a.hi <= b.lo, a.lo > b.hi),
                    CmpOp::Gt => (a.lo > b.hi, a.hi <= b.lo),
                    CmpOp::Ge => (a.lo >= b.hi, a.hi < b.lo),
                    CmpOp::Eq => (
                        a.lo == a.hi && b.lo == b.hi && a.lo == b.lo,
                        a.hi < b.lo || b.hi < a.lo,
                    ),
                    CmpOp::Ne => (
                        a.hi < b.lo || b.hi < a.lo,
                        a.lo == a.hi && b.lo == b.hi && a.lo == b.lo,
                    ),
                };
                if always {
                    Some(true)
                } else if never {
                    Some(false)
                } else {
                    None
                }
            }
            Cond::And(a, b) => match (self.cond(a, env)?, self.cond(b, env)?) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
            Cond::Or(a, b) => match (self.cond(a, env)?, self.cond(b, env)?) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            },
            Cond::Not(a) => self.cond(a, env)?.map(|b| !b),
        })
    }
}
