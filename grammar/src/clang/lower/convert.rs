//! C's integer semantics: conversions between scalar types, pointer casts, values as core
//! expressions and conditions, arithmetic that wraps as C's does, and pointer arithmetic.

use super::*;

impl Lower<'_, '_> {
    // ---- C integer semantics ----

    /// `e` reduced to the values of `to` (C's conversion), from a value of type `from`.
    pub(super) fn convert_int(&mut self, e: Expr, to: Scalar, out: &mut Vec<Stmt>) -> Expr {
        let Scalar::Int { bits, signed } = to else {
            return e;
        };
        let Some((lo, hi)) = to.range() else {
            return e;
        };
        if self.within(&e, lo, hi) {
            return e;
        }
        let span = e.span;
        if bits >= 64 {
            // 2^64 has no `i64` literal: it is written `K + K + 2` with K = 2^63 - 1, and
            // 2^63 as `K + 1`. In `int` the remainder by it is C's reduction; in 64-bit (and
            // 32-bit) words the sum wraps to 0 and `x % 0 = x`: the word is already reduced.
            let k = || int(i64::MAX, span);
            let two_64 = Expr::bin(BinOp::Add, Expr::bin(BinOp::Add, k(), k()), int(2, span));
            if !signed {
                return Expr::bin(BinOp::Rem, e, two_64);
            }
            let two_63 = || Expr::bin(BinOp::Add, k(), int(1, span));
            return Expr::bin(
                BinOp::Sub,
                Expr::bin(BinOp::Rem, Expr::bin(BinOp::Add, e, two_63()), two_64),
                two_63(),
            );
        }
        let m = (1i64 << bits) - 1;
        if !signed {
            return Expr::bin(BinOp::And, e, int(m, span));
        }
        // ((e + 2^(bits-1)) & (2^bits - 1)) - 2^(bits-1)
        let e = self.bound("w", e, out);
        let h = 1i64 << (bits - 1);
        Expr::bin(
            BinOp::Sub,
            Expr::bin(
                BinOp::And,
                Expr::bin(BinOp::Add, e, int(h, span)),
                int(m, span),
            ),
            int(h, span),
        )
    }

    /// A value converted to the scalar type `to`.
    pub(super) fn convert(&mut self, v: Val, to: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let CType::Scalar(to) = to else {
            return match (v, to) {
                (Val::Ptr(p), CType::Pointer(t)) => Val::Ptr(self.recast(p, t, span)),
                (v, _) => v,
            };
        };
        match (v, *to) {
            // A float's payload is the bits of the `float` it equals (`rvalue`'s literals): a
            // conversion between `float`, `double` and `long double` keeps the value of every
            // payload, one to `__half` rounds it.
            (Val::Num(_, Scalar::Float(from)), Scalar::Float(16)) if from != 16 => self
                .unknown_val(
                    "float_to_half",
                    &CType::Scalar(Scalar::Float(16)),
                    span,
                    out,
                ),
            (Val::Num(e, Scalar::Float(_)), f @ Scalar::Float(_)) => Val::Num(e, f),
            (Val::Num(_, Scalar::Float(_)), s) => {
                self.unknown_val("float_to_int", &CType::Scalar(s), span, out)
            }
            // A float's payload is its bit pattern (`rvalue`'s literals), which no term of the
            // integer computes: an integer converted to float is a `?`.
            (Val::Num(_, _), f @ Scalar::Float(_)) => {
                let v = self.unknown("int_to_float", None, span, out);
                Val::Num(v, f)
            }
            (Val::Num(e, _), Scalar::Bool) => Val::Bool(cmp(CmpOp::Ne, e, int(0, span))),
            // A conversion that keeps every value of its source (to a wider type of the same
            // signedness, or from unsigned to a wider signed type) writes nothing: no mask, no
            // remainder for the solver.
            (Val::Num(e, from), s) if widens(from, s) => Val::Num(e, s),
            (Val::Num(e, _), s) => Val::Num(self.convert_int(e, s, out), s),
            (Val::Bool(c), Scalar::Bool) => Val::Bool(c),
            (Val::Bool(c), s) => Val::Num(self.bool_to_int(&c, span, out), s),
            (Val::Ptr(_), Scalar::Bool) => {
                self.unknown_val("pointer_test", &CType::Scalar(Scalar::Bool), span, out)
            }
            (_, s) => self.unknown_val("converted", &CType::Scalar(s), span, out),
        }
    }

    /// The size of the scalars of a type made of scalars of one size laid end to end, with no
    /// padding (`float`, `float4`, `int[3]`): its cells are then the same bytes whatever such
    /// type views them (`float *` and `float4 *` name the same cells, four to a `float4`).
    pub(super) fn uniform_cell(&self, ty: &CType) -> Option<u64> {
        let mut scalars = Vec::new();
        self.g.byte_scalars(ty, 0, &mut scalars)?;
        let (size, _) = self.g.byte_size(ty, 0)?;
        let s = scalar_bytes(scalars.first()?.1);
        let end_to_end = scalars
            .iter()
            .enumerate()
            .all(|(i, (off, sc))| scalar_bytes(*sc) == s && *off == i as u64 * s);
        (s > 0 && end_to_end && size == scalars.len() as u64 * s).then_some(s)
    }

    /// Whether `a` and `b` lay their scalars at the same byte offsets with the same sizes, in
    /// values of the same size (C's layout; `None` — unknown — is not the same).
    fn same_bytes(&self, a: &CType, b: &CType) -> bool {
        let layout = |t: &CType| {
            let mut scalars = Vec::new();
            self.g.byte_scalars(t, 0, &mut scalars)?;
            let (size, _) = self.g.byte_size(t, 0)?;
            let shape: Vec<(u64, u64)> = scalars
                .iter()
                .map(|(off, s)| (*off, scalar_bytes(*s)))
                .collect();
            Some((size, shape))
        };
        matches!((layout(a), layout(b)), (Some(x), Some(y)) if x == y)
    }

    /// Whether a pointer to `a` and one to `b` index the same cells (see `uniform_cell`).
    fn same_cells(&self, a: &CType, b: &CType) -> bool {
        matches!((self.uniform_cell(a), self.uniform_cell(b)), (Some(x), Some(y)) if x == y)
    }

    /// A pointer cast to point to `to`: the same offset in a byte-addressed array, kept when
    /// the cells line up, else a pointer into an unknown cell of the same array (which the
    /// next lowering byte-addresses).
    /// Whether a pointer to `a` and one to `b` at the same cell address the same bytes, cell
    /// for cell, in an array addressed cell for cell.
    pub(super) fn lines_up(&self, a: &CType, b: &CType) -> bool {
        match (a, b) {
            (a, b) if a == b => true,
            (CType::Scalar(a), CType::Scalar(b)) => scalar_bytes(*a) == scalar_bytes(*b),
            // Records of as many cells: the same cells only when their bytes line up too (an
            // `__align__(16)` struct of one `int` is 16 bytes, so viewed as `int`s element k
            // is int 4k, not int k).
            _ => {
                (self.g.cells(a, 0).is_some()
                    && self.g.cells(a, 0) == self.g.cells(b, 0)
                    && self.same_bytes(a, b))
                    || self.same_cells(a, b)
            }
        }
    }

    pub(super) fn recast(&mut self, p: Ptr, to: &CType, _span: Span) -> Ptr {
        match p {
            Ptr::To {
                array,
                off,
                pointee,
                within,
            } => {
                // A cast that keeps the pointee keeps the sub-array it points into; a view of
                // another type is checked against the whole object (`Within`).
                let within = within.filter(|_| pointee == *to);
                let shared = self.dynamic_shared.as_deref() == Some(array.as_str());
                // A cast that keeps the pointee (`T *` to `volatile T *`) is no new view.
                if !shared || self.template_view.is_none() || pointee != *to {
                    self.view(&array, to);
                }
                if self.byte_array(&array).is_some() {
                    // Byte-addressed: the offset is in bytes (cells of them), whatever the
                    // view; each access covers the cells of its own bytes.
                    return Ptr::To {
                        array,
                        off,
                        pointee: to.clone(),
                        within,
                    };
                }
                let same = match (&pointee, to) {
                    // A `void *` keeps the cells of the type it was cast from; back from it,
                    // the cells line up only at the start of the array (cell 0 is byte 0 in
                    // every view), since the type it came from is not known here. Two views
                    // cast so from one `void *` (`(double *)p`, `(float *)p`) are compared
                    // when the lowering ends (`needed_units`).
                    (_, CType::Void) => true,
                    (CType::Void, _) => off.kind == ExprKind::Int(0),
                    (a, b) => self.lines_up(a, b),
                };
                if same && *to == CType::Void {
                    // The cells stay those of the type it was cast from.
                    Ptr::To {
                        array,
                        off,
                        pointee,
                        within: None,
                    }
                } else if same {
                    Ptr::To {
                        array,
                        off,
                        pointee: to.clone(),
                        within,
                    }
                } else {
                    // Until the next lowering byte-addresses the array (`Lower::kernel`), an
                    // access through this view is of an unknown cell of it.
                    if !shared {
                        self.mixed.insert(array.clone());
                    }
                    Ptr::Many(vec![array])
                }
            }
            Ptr::Sel(c, a, b) => {
                let a = self.recast(*a, to, _span);
                let b = self.recast(*b, to, _span);
                Ptr::select(*c, a, b)
            }
            other => other,
        }
    }

    pub(super) fn as_expr(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> (Expr, Scalar) {
        match v {
            Val::Num(e, s) => (e, s),
            Val::Bool(c) => (self.bool_to_int(&c, span, out), Scalar::INT),
            _ => (self.unknown("value", None, span, out), Scalar::INT),
        }
    }

    pub(super) fn as_cond(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> Cond {
        match v {
            Val::Bool(c) => c,
            Val::Num(e, Scalar::Float(_)) => {
                let _ = e;
                let u = self.unknown("float_test", Some((0, 1)), span, out);
                cmp(CmpOp::Ne, u, int(0, span))
            }
            Val::Num(e, _) => cmp(CmpOp::Ne, e, int(0, span)),
            _ => {
                let u = self.unknown("test", Some((0, 1)), span, out);
                cmp(CmpOp::Ne, u, int(0, span))
            }
        }
    }

    /// The C binary operator `op` on values of type `ty` (the operands already converted by
    /// clang's implicit casts).
    pub(super) fn arith(
        &mut self,
        op: &str,
        a: Val,
        b: Val,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let s = ty.scalar().unwrap_or(Scalar::INT);
        if let Val::Ptr(p) = &a {
            return self.pointer_arith(op, p.clone(), b, span, out);
        }
        if let (Val::Num(_, Scalar::Int { .. }), Val::Ptr(p)) = (&a, &b) {
            if op == "+" {
                return self.pointer_arith(op, p.clone(), a, span, out);
            }
        }
        if matches!(s, Scalar::Float(_)) {
            return self.unknown_val("float", ty, span, out);
        }
        let (x, xs) = self.as_expr(a, span, out);
        let (y, _) = self.as_expr(b, span, out);
        let unsigned = s.is_unsigned();
        let lhs_unsigned = xs.is_unsigned();
        let e = match op {
            "+" => Expr::bin(BinOp::Add, x, y),
            "-" => Expr::bin(BinOp::Sub, x, y),
            "*" => Expr::bin(BinOp::Mul, x, y),
            "/" | "%"
                if unsigned || (self.within(&x, 0, i128::MAX) && self.within(&y, 1, i128::MAX)) =>
            {
                let uop = match (op, unsigned) {
                    ("/", true) => BinOp::UDiv,
                    ("/", false) => BinOp::Div,
                    (_, true) => BinOp::URem,
                    _ => BinOp::Rem,
                };
                Expr::bin(uop, x, y)
            }
            "/" | "%" => {
                let x = self.bound("n", x, out);
                let y = self.bound("d", y, out);
                let y_nonneg = self.within(&y, 0, i128::MAX);
                trunc_div(x, y, op == "%", y_nonneg, span)
            }
            "<<" => Expr::bin(BinOp::Shl, x, y),
            ">>" if lhs_unsigned || self.within(&x, 0, i128::MAX) => {
                if self.within(&x, 0, i128::from(i32::MAX)) {
                    Expr::bin(BinOp::Shr, x, y)
                } else {
                    Expr::bin(BinOp::UShr, x, y)
                }
            }
            ">>" => Expr::bin(BinOp::Shr, x, y),
            "&" => Expr::bin(BinOp::And, x, y),
            "|" => Expr::bin(BinOp::Or, x, y),
            // A 0/1 flag toggled by `^ 1` (a ping-pong index) is `1 - flag`, exact in `int`
            // mode where `^` is not.
            "^" if y.kind == ExprKind::Int(1) && self.within(&x, 0, 1) => {
                Expr::bin(BinOp::Sub, int(1, span), x)
            }
            "^" if x.kind == ExprKind::Int(1) && self.within(&y, 0, 1) => {
                Expr::bin(BinOp::Sub, int(1, span), y)
            }
            "^" => Expr::bin(BinOp::Xor, x, y),
            _ => {
                self.error(span, format!("operator `{op}` is not supported"), "here");
                return Val::Num(int(0, span), s);
            }
        };
        let e = Expr { span, ..e };
        // Unsigned arithmetic wraps modulo 2^bits; signed overflow is undefined in C, so the
        // mathematical value is kept.
        // A signed `<<` whose result fits the unsigned type is that value converted back
        // (C++14 on): `2147483647 << 1` is -2.
        let e = if (unsigned && matches!(op, "+" | "-" | "*")) || op == "<<" {
            self.convert_int(e, s, out)
        } else {
            e
        };
        // A bitwise operation `int` mode cannot encode, on one variable of few values (a lane
        // number): the table of its values, exact in both modes.
        let e = if matches!(op, "&" | "|" | "^" | "<<" | ">>") && !int_exact_expr(&e) {
            self.table(&e, span).unwrap_or(e)
        } else {
            e
        };
        Val::Num(e, s)
    }

    pub(super) fn pointer_arith(
        &mut self,
        op: &str,
        p: Ptr,
        k: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        match (&p, op) {
            (
                Ptr::To {
                    array,
                    off,
                    pointee,
                    within,
                },
                "+" | "-",
            ) => {
                let (k, _) = self.as_expr(k, span, out);
                // GNU C's arithmetic on `void *` counts bytes.
                let cells = match (self.byte_array(array), pointee) {
                    (Some(1), CType::Void) => Some(1),
                    _ => self.cells_in(array, pointee),
                };
                let Some(cells) = cells else {
                    return Val::Ptr(Ptr::Many(vec![array.clone()]));
                };
                let k_elems = k.clone();
                let k = if cells == 1 {
                    k
                } else {
                    Expr::bin(BinOp::Mul, k, int(cells as i64, span))
                };
                let bop = if op == "+" { BinOp::Add } else { BinOp::Sub };
                let moved = |from: &Expr, by: Expr| match (&from.kind, bop) {
                    (ExprKind::Int(0), BinOp::Add) => by,
                    _ => Expr::bin(bop, from.clone(), by),
                };
                // The element the pointer points to moves within its sub-array by the amount,
                // in elements.
                let within = within.as_ref().map(|w| {
                    Box::new(Within {
                        index: moved(&w.index, k_elems.clone()),
                        ..(**w).clone()
                    })
                });
                Val::Ptr(Ptr::To {
                    array: array.clone(),
                    off: moved(off, k),
                    pointee: pointee.clone(),
                    within,
                })
            }
            (Ptr::Sel(c, a, b), "+" | "-") => {
                // The amount once, then each case moved by it.
                let k = match k {
                    Val::Num(e, s) => Val::Num(self.bound("step", e, out), s),
                    k => k,
                };
                let a = ptr_of(self.pointer_arith(op, (**a).clone(), k.clone(), span, out));
                let b = ptr_of(self.pointer_arith(op, (**b).clone(), k, span, out));
                Val::Ptr(Ptr::select((**c).clone(), a, b))
            }
            (Ptr::Sel(..), _) => self.pointer_arith(op, p.coarse(), k, span, out),
            (Ptr::Local(_), "+" | "-") => match self.as_expr(k, span, out).0.kind {
                ExprKind::Int(0) => Val::Ptr(p),
                _ => Val::Ptr(Ptr::Unknown),
            },
            (Ptr::To { .. }, _) => self.unknown_val(
                "pointer_difference",
                &CType::Scalar(Scalar::Int {
                    bits: 64,
                    signed: true,
                }),
                span,
                out,
            ),
            _ => Val::Ptr(p),
        }
    }
}
