//! Atomics and integer intrinsics (`__popc`, `__mul24`, `__byte_perm`, `abs`, ...): exact
//! where CUDA's definition is expressible in the core, folded on constants, tabulated over
//! the few values of one variable, else `?` with a reason.

use super::*;

impl Lower<'_, '_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn atomic(
        &mut self,
        target: Ptr,
        op: AtomicOp,
        value: Expr,
        elem: &CType,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let targets: Vec<(String, Expr, Vec<Bound>)> = match target.coarse() {
            // Byte-addressed: the atomic covers every cell of its bytes.
            Ptr::To { array, off, .. } if self.byte_array(&array).is_some() => {
                match self.cells_in(&array, elem) {
                    Some(1) => {
                        let bounds = self.access_bounds(&array, &off, 1, Vec::new(), true);
                        vec![(array, off, bounds)]
                    }
                    Some(n) => {
                        let off = self.bound("at", off, out);
                        let bounds = self.access_bounds(&array, &off, n, Vec::new(), true);
                        (0..n)
                            .map(|j| {
                                let i = Expr::bin(BinOp::Add, off.clone(), int(j as i64, span));
                                (array.clone(), i, bounds.clone())
                            })
                            .collect()
                    }
                    None => {
                        let i = self.unknown("unknown_cell", None, span, out);
                        vec![(array, i, Vec::new())]
                    }
                }
            }
            // The address is a pointer: the atomic must stay within the whole object it
            // points into (`Lower::object_bounds`).
            Ptr::To { array, off, .. } => {
                let bounds = self.access_bounds(&array, &off, 1, Vec::new(), true);
                vec![(array, off, bounds)]
            }
            Ptr::Many(arrays) => arrays
                .into_iter()
                .map(|a| {
                    let i = self.unknown("unknown_cell", None, span, out);
                    (a, i, Vec::new())
                })
                .collect(),
            Ptr::Private => Vec::new(),
            Ptr::Local(_) | Ptr::Unknown | Ptr::Sel(..) => {
                self.error(
                    span,
                    "an atomic on a pointer mapcheck cannot follow",
                    "the lowering does not know which memory this is",
                );
                Vec::new()
            }
        };
        let single = targets.len() == 1;
        let mut result = None;
        for (array, off, bounds) in targets {
            let bounds = self.open_bounds(bounds);
            let var = if single && ty.scalar().is_some() {
                let name = self.fresh("old");
                if let Some(r) = ty.scalar().and_then(|s| s.range()) {
                    self.ranges.insert(name.clone(), r);
                }
                result = Some(Expr::var(name.clone(), span));
                Some(Ident::new(name, span))
            } else {
                None
            };
            self.emit(
                out,
                stmt(
                    StmtKind::Atomic {
                        var,
                        target: Access {
                            array: Ident::new(array, span),
                            index: vec![off],
                            span,
                            bounds,
                        },
                        op,
                        value: value.clone(),
                    },
                    span,
                ),
            );
        }
        match (result, ty.scalar()) {
            (Some(e), Some(s)) => Val::Num(e, s),
            _ => self.unknown_val("atomic_result", ty, span, out),
        }
    }

    /// A function of mapcheck's headers that the lowering does not model by name: math,
    /// warp exchanges, texture fetches, curand. Its value is not followed; memory it can
    /// reach through a non-`const` pointer argument is read and written.
    /// CUDA's integer intrinsics (issue 20, item 5): exact where the core's arithmetic
    /// computes them in both modes — `__mul24`/`__umul24` always (the product of the
    /// operands' low 24 bits, masked where they may not fit; issue 38 item 6), `__mulhi`/`__umulhi` of a
    /// product within `0..2^31` (0), `__sad`/`__usad` and `abs` where the difference stays
    /// within 32-bit signed range, and every one of them on constant operands (folded);
    /// otherwise a `?` named after the intrinsic, within the range of its result.
    pub(super) fn int_intrinsic(
        &mut self,
        name: &str,
        vals: Vec<Val>,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let s = ty.scalar().unwrap_or(Scalar::INT);
        let nums: Vec<Expr> = vals
            .into_iter()
            .filter_map(|v| match v {
                Val::Num(e, Scalar::Int { .. }) => Some(e),
                _ => None,
            })
            .collect();
        let point = |me: &Self, e: &Expr| match me.range(e) {
            Some((a, b)) if a == b => Some(a),
            _ => None,
        };
        let consts: Option<Vec<i128>> = nums.iter().map(|e| point(self, e)).collect();
        let i32r = (i128::from(i32::MIN), i128::from(i32::MAX));
        let exact: Option<Expr> = match (name, nums.as_slice(), consts) {
            (_, _, Some(c)) => fold_intrinsic(name, &c).map(|v| int(v, span)),
            // CUDA's definition: the product of the operands' low 24 bits (sign-extended for
            // `__mul24`), its low 32 bits. Each operand's low 24 bits are C's conversion to a
            // 24-bit integer, which `convert_int` writes as a mask (nothing when the operand
            // provably fits, where this is the plain product): exact in every arithmetic.
            ("__mul24" | "__umul24", [a, b], _) => {
                let half = Scalar::Int {
                    bits: 24,
                    signed: name == "__mul24",
                };
                let a = self.convert_int(a.clone(), half, out);
                let b = self.convert_int(b.clone(), half, out);
                Some(self.convert_int(Expr::bin(BinOp::Mul, a, b), s, out))
            }
            ("__mulhi" | "__umulhi", [a, b], _)
                if self.within(&Expr::bin(BinOp::Mul, a.clone(), b.clone()), 0, i32r.1) =>
            {
                Some(int(0, span))
            }
            ("__sad" | "__usad", [a, b, c], _)
                if self.within(
                    &Expr::bin(BinOp::Sub, a.clone(), b.clone()),
                    i32r.0 + 1,
                    i32r.1,
                ) && (name == "__sad"
                    || (self.within(a, 0, i32r.1) && self.within(b, 0, i32r.1))) =>
            {
                let (a, b) = (
                    self.bound("sad_a", a.clone(), out),
                    self.bound("sad_b", b.clone(), out),
                );
                let d = Expr::bin(
                    BinOp::Max,
                    Expr::bin(BinOp::Sub, a.clone(), b.clone()),
                    Expr::bin(BinOp::Sub, b, a),
                );
                Some(self.convert_int(Expr::bin(BinOp::Add, d, c.clone()), s, out))
            }
            ("abs" | "labs" | "llabs", [a], _) if self.within(a, i32r.0 + 1, i32r.1) => {
                let a = self.bound("abs", a.clone(), out);
                Some(Expr::bin(
                    BinOp::Max,
                    a.clone(),
                    Expr::new(ExprKind::Neg(Box::new(a)), span),
                ))
            }
            _ => None,
        };
        let exact = exact
            .or_else(|| self.intrinsic_table(name, &nums, span))
            .or_else(|| self.intrinsic_by_value(name, &nums, span, out))
            .or_else(|| self.intrinsic_by_words(name, &nums, s, span, out));
        if let Some(e) = exact {
            return Val::Num(Expr { span, ..e }, s);
        }
        let range = match name {
            "__popc" | "__clz" | "__ffs" => Some((0, 32)),
            "__popcll" | "__clzll" | "__ffsll" => Some((0, 64)),
            _ => s.range(),
        };
        let what = name.trim_start_matches('_');
        Val::Num(self.unknown(what, range, span, out), s)
    }

    /// `__umulhi`, `__mulhi` and `__brev` of any 32-bit operands by a formula on 16-bit halves
    /// whose every intermediate value lies in `0..2^32` (Hacker's Delight's `mulhu`), so that
    /// all three arithmetic modes compute C's result: products and shifts by constants are
    /// exact in `int` too; `__brev`'s masks are not (its kernel is then decided in 64-bit
    /// words, SPEC §4). The signed high product is the unsigned one less `b` when `a < 0` and
    /// `a` when `b < 0`, modulo 2^32. `__byte_perm` is its bytes moved by shifts and masks
    /// `2^8 - 1` (exact in `int`), a byte chosen by a selector the lowering does not know being
    /// the selection among the eight.
    pub(super) fn intrinsic_by_words(
        &mut self,
        name: &str,
        nums: &[Expr],
        s: Scalar,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let k = |v: i64| int(v, span);
        let bin = Expr::bin;
        let word = |me: &mut Self, base: &str, e: &Expr, out: &mut Vec<Stmt>| {
            // The operand's 32 bits as an unsigned number.
            let e = me.convert_int(e.clone(), Scalar::UINT, out);
            me.bound(base, e, out)
        };
        match (name, nums) {
            ("__umulhi" | "__mulhi", [a, b]) => {
                let (au, bu) = (word(self, "hi_a", a, out), word(self, "hi_b", b, out));
                let half = |me: &mut Self, base: &str, x: &Expr, out: &mut Vec<Stmt>| {
                    let hi = bin(BinOp::UShr, x.clone(), k(16));
                    let lo = bin(BinOp::And, x.clone(), k(0xFFFF));
                    (
                        me.bound(&format!("{base}_hi"), hi, out),
                        me.bound(&format!("{base}_lo"), lo, out),
                    )
                };
                let (ah, al) = half(self, "hi_a", &au, out);
                let (bh, bl) = half(self, "hi_b", &bu, out);
                let low = bin(BinOp::Mul, al.clone(), bl.clone());
                let mid1 = bin(
                    BinOp::Add,
                    bin(BinOp::Mul, ah.clone(), bl),
                    bin(BinOp::UShr, low, k(16)),
                );
                let mid1 = self.bound("hi_mid", mid1, out);
                let mid2 = bin(
                    BinOp::Add,
                    bin(BinOp::Mul, al, bh.clone()),
                    bin(BinOp::And, mid1.clone(), k(0xFFFF)),
                );
                let mid2 = self.bound("hi_mid", mid2, out);
                let high = bin(
                    BinOp::Add,
                    bin(
                        BinOp::Add,
                        bin(BinOp::Mul, ah, bh),
                        bin(BinOp::UShr, mid1, k(16)),
                    ),
                    bin(BinOp::UShr, mid2, k(16)),
                );
                if name == "__umulhi" {
                    return Some(high);
                }
                let high = self.bound("hi_u", high, out);
                let neg = |x: &Expr| cmp(CmpOp::Lt, x.clone(), k(0));
                let fix = bin(
                    BinOp::Add,
                    select(neg(a), bu.clone(), k(0), span),
                    select(neg(b), au.clone(), k(0), span),
                );
                Some(self.convert_int(bin(BinOp::Sub, high, fix), s, out))
            }
            ("__byte_perm", [x, y, sel]) => {
                // Byte n of the result is byte `(sel >> 4n) & 7` of the 8 bytes `{y, x}` (x
                // the low word): CUDA's definition reads 3 bits of each selector nibble. Each
                // byte is `(w >>> 8j) & 0xFF` and is placed by `<< 8n`; the placed bytes
                // are disjoint, so their sum is their `|` — every step exact in `int` too.
                let words = [word(self, "perm_x", x, out), word(self, "perm_y", y, out)];
                let byte = |j: i64| {
                    let w = words[(j / 4) as usize].clone();
                    if let ExprKind::Int(v) = w.kind {
                        return k((v >> (8 * (j % 4))) & 0xFF);
                    }
                    let w = match j % 4 {
                        0 => w,
                        b => bin(BinOp::UShr, w, k(8 * b)),
                    };
                    bin(BinOp::And, w, k(0xFF))
                };
                let chosen = self.range(sel).filter(|(a, b)| a == b).map(|(c, _)| c);
                let mut bytes: Vec<Expr> = Vec::new();
                let sw = match chosen {
                    Some(_) => None,
                    None => {
                        for j in 0..8 {
                            let b = self.bound("perm_byte", byte(j), out);
                            bytes.push(b);
                        }
                        Some(word(self, "perm_s", sel, out))
                    }
                };
                let mut r: Option<Expr> = None;
                for n in 0..4i64 {
                    let b = match (chosen, &sw) {
                        (Some(c), _) => byte(((c >> (4 * n)) & 7) as i64),
                        (None, Some(sw)) => {
                            let sn = bin(BinOp::And, bin(BinOp::UShr, sw.clone(), k(4 * n)), k(7));
                            let sn = self.bound("perm_sel", sn, out);
                            let mut b = bytes[7].clone();
                            for j in (0..7).rev() {
                                let c = cmp(CmpOp::Eq, sn.clone(), k(j));
                                b = select(c, bytes[j as usize].clone(), b, span);
                            }
                            b
                        }
                        (None, None) => return None,
                    };
                    let placed = match n {
                        0 => b,
                        n => bin(BinOp::Shl, b, k(8 * n)),
                    };
                    r = Some(match r {
                        None => placed,
                        Some(r) => bin(BinOp::Add, r, placed),
                    });
                }
                r
            }
            ("__brev", [x]) => {
                let mut x = word(self, "brev", x, out);
                for (shift, mask) in [
                    (1, 0x5555_5555),
                    (2, 0x3333_3333),
                    (4, 0x0F0F_0F0F),
                    (8, 0x00FF_00FF),
                    (16, 0x0000_FFFF),
                ] {
                    // Masked before the left shift, so that nothing passes bit 31.
                    let swapped = bin(
                        BinOp::Or,
                        bin(BinOp::And, bin(BinOp::UShr, x.clone(), k(shift)), k(mask)),
                        bin(BinOp::Shl, bin(BinOp::And, x, k(mask)), k(shift)),
                    );
                    x = self.bound("brev", swapped, out);
                }
                Some(x)
            }
            _ => None,
        }
    }

    /// A 32-bit intrinsic whose operands depend on one variable of at most 64 values (a lane
    /// number, a thread id of a small block) as the table of its results:
    /// `select(v == lo, r0, select(v == lo + 1, r1, ...))`, each operand evaluated in both
    /// arithmetic modes (which must agree modulo 2^32) and the intrinsic folded.
    pub(super) fn intrinsic_table(&self, name: &str, nums: &[Expr], span: Span) -> Option<Expr> {
        if name.ends_with("ll") || nums.is_empty() {
            return None;
        }
        let (v, values) = self.one_variable(nums, span)?;
        let rows = values
            .into_iter()
            .map(|(k, args)| Some((k, fold_intrinsic(name, &args)?)))
            .collect::<Option<Vec<_>>>()?;
        select_table(&Expr::var(v, span), rows, span)
    }

    /// `e`, a function of one variable of at most 64 values, as the table of its values
    /// (each computed in both arithmetic modes, which must agree modulo 2^32).
    pub(super) fn table(&self, e: &Expr, span: Span) -> Option<Expr> {
        let (v, values) = self.one_variable(std::slice::from_ref(e), span)?;
        if self.closed_starts.contains(&v) {
            return None;
        }
        let rows = values
            .into_iter()
            .map(|(k, value)| Some((k, i64::try_from(value[0]).ok()?)))
            .collect::<Option<Vec<_>>>()?;
        select_table(&Expr::var(v, span), rows, span)
    }

    /// The one variable `exprs` mention, when its range has at most 64 values, and at each of
    /// them the values of `exprs`, computed in both arithmetic modes (which must agree modulo
    /// 2^32, or there is no table).
    pub(super) fn one_variable(
        &self,
        exprs: &[Expr],
        span: Span,
    ) -> Option<(String, Vec<ValuesAt>)> {
        let mut vars = HashSet::new();
        for e in exprs {
            e.for_each_var(&mut |n, _| {
                vars.insert(n.to_string());
            });
        }
        let mut vars = vars.into_iter();
        let (Some(v), None) = (vars.next(), vars.next()) else {
            return None;
        };
        let (lo, hi) = self.range(&Expr::var(v.clone(), span))?;
        if hi - lo >= 64 {
            return None;
        }
        let mut values = Vec::new();
        for k in lo..=hi {
            let mut at = Vec::new();
            for e in exprs {
                let a = eval_at(e, &v, k, Arith::Int)?;
                let b = eval_at(e, &v, k, Arith::Bv32)?;
                if a as u32 != b as u32 {
                    return None;
                }
                at.push(a);
            }
            values.push((k, at));
        }
        Some((v, values))
    }

    /// A one-operand 32-bit intrinsic whose operand has at most 64 values: the table of its
    /// results over the operand's values.
    pub(super) fn intrinsic_by_value(
        &mut self,
        name: &str,
        nums: &[Expr],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let [a] = nums else {
            return None;
        };
        let (lo, hi) = self.range(a)?;
        if name.ends_with("ll")
            || hi - lo >= 64
            || lo < i128::from(i32::MIN)
            || hi > i128::from(u32::MAX)
        {
            return None;
        }
        let mut rows = Vec::new();
        for k in lo..=hi {
            rows.push((k, fold_intrinsic(name, &[k])?));
        }
        let x = self.bound(name.trim_start_matches('_'), a.clone(), out);
        select_table(&x, rows, span)
    }
}

/// An integer intrinsic of constant operands, as CUDA defines it (`None`: not computed).
fn fold_intrinsic(name: &str, c: &[i128]) -> Option<i64> {
    let u = |v: i128| v as u32;
    let i = |v: i128| v as i32;
    let r: i128 = match (name, c) {
        ("__popc", [x]) => u(*x).count_ones().into(),
        ("__popcll", [x]) => (*x as u64).count_ones().into(),
        ("__clz", [x]) => u(*x).leading_zeros().into(),
        ("__clzll", [x]) => (*x as u64).leading_zeros().into(),
        ("__ffs", [x]) => match u(*x) {
            0 => 0,
            v => (v.trailing_zeros() + 1).into(),
        },
        ("__ffsll", [x]) => match *x as u64 {
            0 => 0,
            v => (v.trailing_zeros() + 1).into(),
        },
        ("__brev", [x]) => u(*x).reverse_bits().into(),
        ("__mul24", [a, b]) => {
            let s24 = |v: i128| (((v as i64) << 40) >> 40) as i128;
            i(s24(*a) * s24(*b)).into()
        }
        ("__umul24", [a, b]) => u((*a & 0xff_ffff) * (*b & 0xff_ffff)).into(),
        ("__mulhi", [a, b]) => ((i128::from(i(*a)) * i128::from(i(*b))) >> 32) as i32 as i128,
        ("__umulhi", [a, b]) => ((i128::from(u(*a)) * i128::from(u(*b))) >> 32) as u32 as i128,
        ("__sad", [a, b, z]) => {
            u((i128::from(i(*a)) - i128::from(i(*b))).abs() + i128::from(u(*z))).into()
        }
        ("__usad", [a, b, z]) => {
            u((i128::from(u(*a)) - i128::from(u(*b))).abs() + i128::from(u(*z))).into()
        }
        ("abs", [a]) if i(*a) != i32::MIN => i128::from(i(*a).abs()),
        ("__byte_perm", [x, y, s]) => {
            let bytes = (u64::from(u(*y)) << 32 | u64::from(u(*x))).to_le_bytes();
            let mut r = 0u32;
            for k in 0..4 {
                let sel = (u(*s) >> (4 * k)) & 7;
                r |= u32::from(bytes[sel as usize]) << (8 * k);
            }
            r.into()
        }
        _ => return None,
    };
    i64::try_from(r).ok()
}
