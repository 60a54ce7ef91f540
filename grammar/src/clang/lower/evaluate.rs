//! Loops run outright at lowering time (issue 20 item 2): a loop whose every value is a
//! constant the lowering knows — it reads no memory, no thread or block id, no parameter and
//! calls nothing, and each local it reads holds a constant on entry — has one run, the same
//! for every thread. It is run here, in C's arithmetic of its variables' types, and its effect
//! is the constants it leaves in the locals it assigns: exact where no closed form is (a
//! product that wraps, a signed halving of a negative value, a value carried through another).
//!
//! C's semantics, not the core's: unsigned arithmetic wraps modulo 2^bits, a conversion to a
//! narrower type keeps the low bits (two's complement, as C++20 and every CUDA compiler do),
//! `/` and `%` truncate toward zero, `>>` of a negative value is arithmetic (what nvcc and
//! clang do; C++20 defines it so). A signed overflow, a division by zero, a shift by a
//! negative amount or by the width or more, and a left shift of a negative value are undefined
//! behaviour: the loop is then not run here but lowered as any other loop. So is a loop that
//! runs more than [`MAX_ITERATIONS`] iterations (counting those of nested loops), or that
//! reads an uninitialised local.

use super::*;

/// The iterations run at lowering time, over a loop and the loops it nests, before it is left
/// to the general lowering.
const MAX_ITERATIONS: u32 = 4096;

/// How a statement run here ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    Next,
    Break,
    Continue,
}

/// The state of one run: the locals read or written (outer ones loaded on first use), with
/// their values and types.
#[derive(Default)]
struct Run {
    values: HashMap<String, (i128, Scalar)>,
    declared: HashSet<String>,
    written: HashSet<String>,
    iterations: u32,
}

/// `v` as a value of type `s`: its low `bits` bits, read as signed or not; a `bool` is whether
/// it is non-zero.
fn wrap(v: i128, s: Scalar) -> Option<i128> {
    match s {
        Scalar::Bool => Some(i128::from(v != 0)),
        Scalar::Int { bits, signed } if (1..=64).contains(&bits) => {
            let m = v.rem_euclid(1i128 << bits);
            Some(if signed && m >= 1i128 << (bits - 1) {
                m - (1i128 << bits)
            } else {
                m
            })
        }
        _ => None,
    }
}

/// `v` when it is a value of type `s` (a signed result outside it is an overflow: undefined).
fn fits(v: i128, s: Scalar) -> Option<i128> {
    let (lo, hi) = s.range()?;
    (lo <= v && v <= hi).then_some(v)
}

/// `a OP b` computed in type `s` (the operands already converted by clang's casts), `None`
/// where C leaves it undefined.
fn binary(op: &str, a: i128, b: i128, s: Scalar) -> Option<i128> {
    let Scalar::Int { bits, signed } = s else {
        return match op {
            "==" => Some(i128::from(a == b)),
            "!=" => Some(i128::from(a != b)),
            "&" => Some(a & b),
            "|" => Some(a | b),
            "^" => Some(a ^ b),
            _ => None,
        };
    };
    let exact = |r: Option<i128>| {
        let r = r?;
        if signed {
            fits(r, s)
        } else {
            wrap(r, s)
        }
    };
    match op {
        "+" => exact(a.checked_add(b)),
        "-" => exact(a.checked_sub(b)),
        "*" => exact(a.checked_mul(b)),
        "/" if b != 0 => exact(Some(a / b)),
        "%" if b != 0 => exact(Some(a % b)),
        "<<" if (0..i128::from(bits)).contains(&b) && !(signed && a < 0) => {
            exact(a.checked_mul(1i128 << b))
        }
        ">>" if (0..i128::from(bits)).contains(&b) => Some(a >> b),
        "&" => wrap(a & b, s),
        "|" => wrap(a | b, s),
        "^" => wrap(a ^ b, s),
        _ => None,
    }
}

fn compare(op: &str, a: i128, b: i128) -> Option<i128> {
    let r = match op {
        "<" => a < b,
        "<=" => a <= b,
        ">" => a > b,
        ">=" => a >= b,
        "==" => a == b,
        "!=" => a != b,
        _ => return None,
    };
    Some(i128::from(r))
}

fn scalar_of(n: &Node) -> Option<Scalar> {
    CType::parse(n.qual_type())
        .scalar()
        .filter(|s| !matches!(s, Scalar::Float(_)))
}

impl Lower<'_, '_> {
    /// Runs the loop `n` at lowering time when every value it computes is a constant (see the
    /// module doc) and binds the locals it assigns to their final values; `false`, nothing
    /// changed, otherwise.
    pub(super) fn evaluated_loop(&mut self, n: &Node, span: Span) -> bool {
        let mut run = Run::default();
        if run.stmt(self, n) != Some(Flow::Next) {
            return false;
        }
        let mut bound = Vec::new();
        for id in &run.written {
            if run.declared.contains(id) {
                continue;
            }
            let Some(&(v, s)) = run.values.get(id) else {
                return false;
            };
            let Ok(v) = i64::try_from(v) else {
                return false;
            };
            bound.push((id.clone(), Val::of_scalar(int(v, span), s, span)));
        }
        for (id, v) in bound {
            self.env.insert(id, Binding::Val(v));
        }
        true
    }

    /// The constant an outer local (or a global constant of type `s`) holds, when the
    /// lowering knows one.
    fn constant_local(&self, id: &str, s: Scalar) -> Option<(i128, Scalar)> {
        match self.env.get(id) {
            Some(Binding::Val(Val::Num(e, s))) if !matches!(s, Scalar::Float(_)) => {
                let (lo, hi) = self.range(e)?;
                (lo == hi).then_some(())?;
                Some((fits(lo, *s)?, *s))
            }
            Some(Binding::Val(Val::Bool(c))) => {
                let modes = [Arith::Int, Arith::Bv32, Arith::Bv64];
                let b = eval_cond_at(c, "", 0, Arith::Int)?;
                (modes.iter().all(|a| eval_cond_at(c, "", 0, *a) == Some(b)))
                    .then_some((i128::from(b), Scalar::Bool))
            }
            Some(_) => None,
            None => Some((fits(*self.g.constants.get(id)?, s)?, s)),
        }
    }
}

impl Run {
    fn stmt(&mut self, me: &Lower<'_, '_>, n: &Node) -> Option<Flow> {
        match &n.kind {
            Kind::CompoundStmt => {
                for s in n.exprs() {
                    match self.stmt(me, s)? {
                        Flow::Next => {}
                        f => return Some(f),
                    }
                }
                Some(Flow::Next)
            }
            Kind::NullStmt => Some(Flow::Next),
            Kind::BreakStmt => Some(Flow::Break),
            Kind::ContinueStmt => Some(Flow::Continue),
            Kind::DeclStmt => {
                for d in n.exprs() {
                    if d.kind != Kind::VarDecl || d.storage_class.is_some() {
                        return None;
                    }
                    let s = scalar_of(d)?;
                    // An uninitialised local: its value is indeterminate.
                    let v = self.rvalue(me, d.exprs().next()?)?;
                    self.declared.insert(d.id.clone());
                    self.values.insert(d.id.clone(), (wrap(v, s)?, s));
                }
                Some(Flow::Next)
            }
            Kind::IfStmt => {
                if n.has_init == Some(true) || n.has_var == Some(true) {
                    return None;
                }
                let kids: Vec<&Node> = n.exprs().collect();
                let c = self.rvalue(me, kids.first()?)?;
                if c != 0 {
                    self.stmt(me, kids.get(1)?)
                } else if n.has_else == Some(true) {
                    self.stmt(me, kids.get(2)?)
                } else {
                    Some(Flow::Next)
                }
            }
            Kind::ForStmt => {
                let kids: Vec<&Node> = n.inner.iter().collect();
                let (init, var, cond, inc, body) = (
                    kids.first()?,
                    kids.get(1)?,
                    kids.get(2)?,
                    kids.get(3)?,
                    kids.get(4)?,
                );
                if !var.is_null() {
                    return None;
                }
                if !init.is_null() {
                    self.stmt(me, init)?;
                }
                self.repeat(
                    me,
                    Some(cond).filter(|c| !c.is_null()),
                    body,
                    Some(inc),
                    true,
                )
            }
            Kind::WhileStmt => {
                if n.has_var == Some(true) {
                    return None;
                }
                let kids: Vec<&Node> = n.exprs().filter(|c| !c.is_null()).collect();
                let (cond, body) = (kids.first()?, kids.get(1)?);
                self.repeat(me, Some(cond), body, None, true)
            }
            Kind::DoStmt => {
                let kids: Vec<&Node> = n.exprs().collect();
                let (body, cond) = (kids.first()?, kids.get(1)?);
                self.repeat(me, Some(cond), body, None, false)
            }
            Kind::ReturnStmt
            | Kind::SwitchStmt
            | Kind::GotoStmt
            | Kind::LabelStmt
            | Kind::GCCAsmStmt
            | Kind::AttributedStmt => None,
            _ => {
                self.effect(me, n)?;
                Some(Flow::Next)
            }
        }
    }

    /// A loop: `cond` tested before (`test_first`) or after each run of `body`, `inc` after
    /// it.
    fn repeat(
        &mut self,
        me: &Lower<'_, '_>,
        cond: Option<&&Node>,
        body: &Node,
        inc: Option<&&Node>,
        test_first: bool,
    ) -> Option<Flow> {
        let inc = inc.filter(|i| !i.is_null());
        let mut first = true;
        loop {
            if test_first || !first {
                if let Some(c) = cond {
                    if self.rvalue(me, c)? == 0 {
                        return Some(Flow::Next);
                    }
                }
            }
            first = false;
            self.iterations += 1;
            if self.iterations > MAX_ITERATIONS {
                return None;
            }
            if self.stmt(me, body)? == Flow::Break {
                return Some(Flow::Next);
            }
            if let Some(i) = inc {
                self.effect(me, i)?;
            }
        }
    }

    /// An expression evaluated for its effects.
    fn effect(&mut self, me: &Lower<'_, '_>, n: &Node) -> Option<()> {
        if n.is_lvalue() {
            self.place(me, n).map(|_| ())
        } else {
            self.rvalue(me, n).map(|_| ())
        }
    }

    /// The value of local `id`, loaded from the lowering's environment on first use.
    fn load(&mut self, me: &Lower<'_, '_>, id: &str, s: Scalar) -> Option<(i128, Scalar)> {
        if let Some(v) = self.values.get(id) {
            return Some(*v);
        }
        let v = me.constant_local(id, s)?;
        self.values.insert(id.to_string(), v);
        Some(v)
    }

    fn store(&mut self, id: &str, v: i128, s: Scalar) -> Option<i128> {
        let v = wrap(v, s)?;
        self.values.insert(id.to_string(), (v, s));
        self.written.insert(id.to_string());
        Some(v)
    }

    /// The local an lvalue designates (running its effects), with its type.
    fn place(&mut self, me: &Lower<'_, '_>, n: &Node) -> Option<(String, Scalar)> {
        match &n.kind {
            Kind::ParenExpr => self.place(me, child(n, 0)?),
            Kind::DeclRefExpr => {
                let d = n.referenced_decl.as_ref()?;
                if !matches!(d.kind, Some(Kind::VarDecl | Kind::ParmVarDecl)) {
                    return None;
                }
                let (_, s) = self.load(me, &d.id, scalar_of(n)?)?;
                Some((d.id.clone(), s))
            }
            Kind::BinaryOperator | Kind::CompoundAssignOperator | Kind::UnaryOperator => {
                self.rvalue_of_op(me, n)?;
                self.place(me, child(n, 0)?)
            }
            _ => None,
        }
    }

    fn rvalue(&mut self, me: &Lower<'_, '_>, n: &Node) -> Option<i128> {
        match &n.kind {
            Kind::IntegerLiteral | Kind::CharacterLiteral | Kind::CXXBoolLiteralExpr => {
                wrap(n.int_value()?, scalar_of(n)?)
            }
            Kind::ConstantExpr => match n.int_value() {
                Some(v) => wrap(v, scalar_of(n)?),
                None => self.rvalue(me, child(n, 0)?),
            },
            Kind::ParenExpr => self.rvalue(me, child(n, 0)?),
            Kind::ImplicitCastExpr
            | Kind::CStyleCastExpr
            | Kind::CXXStaticCastExpr
            | Kind::CXXFunctionalCastExpr => {
                let inner = child(n, 0)?;
                match n.cast_kind? {
                    "LValueToRValue" => {
                        let (id, _) = self.place(me, inner)?;
                        Some(self.values.get(&id)?.0)
                    }
                    "IntegralCast" | "IntegralToBoolean" | "NoOp" => {
                        let v = self.rvalue(me, inner)?;
                        wrap(v, scalar_of(n)?)
                    }
                    _ => None,
                }
            }
            Kind::DeclRefExpr if !n.is_lvalue() => None,
            Kind::BinaryOperator | Kind::CompoundAssignOperator | Kind::UnaryOperator => {
                self.rvalue_of_op(me, n)
            }
            Kind::ConditionalOperator => {
                let c = self.rvalue(me, child(n, 0)?)?;
                self.rvalue(me, child(n, if c != 0 { 1 } else { 2 })?)
            }
            _ => None,
        }
    }

    /// The value of an operator expression (an assignment's being the value stored).
    fn rvalue_of_op(&mut self, me: &Lower<'_, '_>, n: &Node) -> Option<i128> {
        let op = n.opcode?;
        let s = scalar_of(n)?;
        match (&n.kind, op) {
            (Kind::BinaryOperator, "=") => {
                let v = self.rvalue(me, child(n, 1)?)?;
                let (id, ty) = self.place(me, child(n, 0)?)?;
                self.store(&id, v, ty)
            }
            (Kind::BinaryOperator, ",") => {
                self.effect(me, child(n, 0)?)?;
                self.rvalue(me, child(n, 1)?)
            }
            (Kind::BinaryOperator, "&&" | "||") => {
                let a = self.rvalue(me, child(n, 0)?)? != 0;
                if a == (op == "||") {
                    return Some(i128::from(a));
                }
                Some(i128::from(self.rvalue(me, child(n, 1)?)? != 0))
            }
            (Kind::BinaryOperator, "<" | "<=" | ">" | ">=" | "==" | "!=") => {
                let a = self.rvalue(me, child(n, 0)?)?;
                let b = self.rvalue(me, child(n, 1)?)?;
                compare(op, a, b)
            }
            (Kind::BinaryOperator, _) => {
                let a = self.rvalue(me, child(n, 0)?)?;
                let b = self.rvalue(me, child(n, 1)?)?;
                binary(op, a, b, s)
            }
            (Kind::CompoundAssignOperator, _) => {
                let ct = n
                    .compute_lhs_type
                    .as_ref()
                    .and_then(|t| CType::parse(t.canonical()).scalar())?;
                let b = self.rvalue(me, child(n, 1)?)?;
                let (id, ty) = self.place(me, child(n, 0)?)?;
                let a = wrap(self.values.get(&id)?.0, ct)?;
                let r = binary(op.strip_suffix('=')?, a, b, ct)?;
                self.store(&id, r, ty)
            }
            (Kind::UnaryOperator, "++" | "--") => {
                let (id, ty) = self.place(me, child(n, 0)?)?;
                let old = self.values.get(&id)?.0;
                let Scalar::Int { bits, signed } = ty else {
                    return None;
                };
                let new = old + if op == "++" { 1 } else { -1 };
                // A narrow type is promoted to `int` and converted back; `int` and wider
                // overflow.
                let new = if signed && bits >= 32 {
                    fits(new, ty)?
                } else {
                    new
                };
                let new = self.store(&id, new, ty)?;
                Some(if n.is_postfix == Some(true) { old } else { new })
            }
            (Kind::UnaryOperator, "-") => {
                let a = self.rvalue(me, child(n, 0)?)?;
                binary("-", 0, a, s)
            }
            (Kind::UnaryOperator, "+") => self.rvalue(me, child(n, 0)?),
            (Kind::UnaryOperator, "~") => wrap(!self.rvalue(me, child(n, 0)?)?, s),
            (Kind::UnaryOperator, "!") => Some(i128::from(self.rvalue(me, child(n, 0)?)? == 0)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UCHAR: Scalar = Scalar::Int {
        bits: 8,
        signed: false,
    };
    const SHORT: Scalar = Scalar::Int {
        bits: 16,
        signed: true,
    };

    #[test]
    fn conversions_keep_the_low_bits() {
        assert_eq!(wrap(256, UCHAR), Some(0));
        assert_eq!(wrap(-1, UCHAR), Some(255));
        assert_eq!(wrap(90000, SHORT), Some(24464));
        assert_eq!(wrap(1 << 32, Scalar::UINT), Some(0));
        assert_eq!(wrap(0x8000_0000, Scalar::INT), Some(-0x8000_0000));
        assert_eq!(wrap(7, Scalar::Bool), Some(1));
    }

    #[test]
    fn unsigned_operations_wrap() {
        assert_eq!(binary("*", 3 << 31, 2, Scalar::UINT), Some(0));
        assert_eq!(binary("<<", 1 << 31, 1, Scalar::UINT), Some(0));
        assert_eq!(binary("-", 0, 1, Scalar::UINT), Some(0xFFFF_FFFF));
    }

    #[test]
    fn signed_operations_truncate_and_shift_arithmetically() {
        assert_eq!(binary("/", -25, 2, Scalar::INT), Some(-12));
        assert_eq!(binary("%", -25, 2, Scalar::INT), Some(-1));
        assert_eq!(binary(">>", -25, 1, Scalar::INT), Some(-13));
    }

    #[test]
    fn undefined_behaviour_is_refused() {
        let max = i128::from(i32::MAX);
        assert_eq!(binary("+", max, 1, Scalar::INT), None);
        assert_eq!(binary("*", 1 << 16, 1 << 16, Scalar::INT), None);
        assert_eq!(binary("/", 1, 0, Scalar::UINT), None);
        assert_eq!(binary("/", -max - 1, -1, Scalar::INT), None);
        assert_eq!(binary("<<", 1, 32, Scalar::UINT), None);
        assert_eq!(binary("<<", -1, 1, Scalar::INT), None);
        assert_eq!(binary(">>", 1, -1, Scalar::INT), None);
    }
}
