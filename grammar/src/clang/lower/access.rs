//! Reading and writing places: locals from the environment, cells of one array (cell for
//! cell or byte-addressed), any cell of several arrays, thread-private memory; the core reads
//! and writes they emit.

use super::*;

/// Whether the core value of a scalar of this type is the word of its bytes: integers (as
/// unsigned words in byte-addressed memory) and `float`s (a literal's payload is its bit
/// pattern), not `double`s or `half`s (their literals carry a `float`'s bits).
pub(super) fn payload_is_bytes(s: Scalar) -> bool {
    matches!(s, Scalar::Int { .. } | Scalar::Bool | Scalar::Float(32))
}

impl Lower<'_, '_> {
    /// The cells of the `const` table (`Globals::const_tables`) the core array `array` is.
    fn const_table(&self, array: &str) -> Option<&Vec<i128>> {
        let (id, _) = self.array_names.iter().find(|(_, n)| n.as_str() == array)?;
        self.g.const_tables.get(id.as_str())
    }

    /// A read of a `const` table's cell: the initialiser's value — a literal at a constant
    /// index, the selection among the cells by the index for a small table, else a value in
    /// the table's range (a `?` of the lowering, which a replay does not take as memory it
    /// may choose). No access is emitted for an index in the table: nobody writes a `const`
    /// object, so its reads race with nothing.
    ///
    /// An index the lowering's intervals do not settle within the table is checked: the read
    /// of the table is then emitted with its bounds (`bounds`, `whole` as the place's), as any
    /// access of an array of fixed size, so that `map-smt` asks whether it leaves the table;
    /// the value of a read outside is what that read gives (memory, any value), never an
    /// entry of the table.
    #[allow(clippy::too_many_arguments)]
    fn read_const_table(
        &mut self,
        array: &str,
        off: Expr,
        s: Scalar,
        bounds: Vec<Bound>,
        whole: bool,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        const MAX_SELECTED: usize = 64;
        let Some(cells) = self.const_table(array).cloned() else {
            return Val::Opaque;
        };
        let value = |v: i128| i64::try_from(v).ok().map(|v| int(v, span));
        if let Some(k) = literal(&off).and_then(|k| usize::try_from(k).ok()) {
            if let Some(v) = cells.get(k).copied().and_then(value) {
                return Val::Num(v, s);
            }
        }
        let off = self.bound("at", off, out);
        let bounds = self.access_bounds(array, &off, 1, bounds, whole);
        let outside = match self.open_bounds(bounds) {
            open if open.is_empty() => None,
            open => {
                let value = self.emit_read_within(array, off.clone(), open, span, out);
                if let ExprKind::Var(name) = &value.kind {
                    self.outside_values.insert(name.clone());
                }
                Some(value)
            }
        };
        if cells.len() <= MAX_SELECTED {
            let exprs: Option<Vec<Expr>> = cells.iter().map(|v| value(*v)).collect();
            if let Some(mut exprs) = exprs {
                // Each cell guarded by its index, the last one too when the index may leave
                // the table (the value outside is the checked read's).
                let mut e = match outside {
                    Some(o) => o,
                    None => exprs.pop().unwrap_or_else(|| int(0, span)),
                };
                for (k, v) in exprs.into_iter().enumerate().rev() {
                    let at = cmp(CmpOp::Eq, off.clone(), int(k as i64, span));
                    e = select(at, v, e, span);
                }
                return Val::Num(e, s);
            }
        }
        // A large table: a value in the table's range, or any value where the index may leave
        // the table.
        let range = match outside {
            Some(_) => None,
            None => Some(cells.iter().fold((i128::MAX, i128::MIN), |(lo, hi), v| {
                (lo.min(*v), hi.max(*v))
            })),
        };
        Val::Num(self.unknown(&format!("{array}_entry"), range, span, out), s)
    }

    /// A value stored through a view of `array` that differs from its first view (its
    /// declared type) only in signedness — `reinterpret_cast<unsigned *>(a)[i] = v` into an
    /// `int *a` — as the first view's integer of the same bytes (`0xffffffffu` is the `int`
    /// `-1`): a cell holds one payload per bit pattern, so that two stores of the same bytes
    /// are the same value (SPEC §7's benign race), whichever view wrote them.
    fn as_first_view(
        &mut self,
        array: &str,
        ty: &CType,
        v: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let first = self
            .views
            .get(array)
            .and_then(|views| views.first())
            .cloned();
        match (ty, first) {
            (
                CType::Scalar(Scalar::Int { bits, signed }),
                Some(first @ CType::Scalar(Scalar::Int { bits: b, signed: s })),
            ) if *bits == b && *signed != s => self.convert(v, &first, span, out),
            _ => v,
        }
    }

    // ---- reading and writing places ----

    pub(super) fn read(&mut self, p: Place, span: Span, out: &mut Vec<Stmt>) -> Val {
        match p {
            Place::Local(id, ty) => match self.env.get(&id).cloned() {
                Some(Binding::Val(v)) => v,
                Some(Binding::Ref(p)) => self.read(p, span, out),
                Some(Binding::Private) => self.unknown_val("private", &ty, span, out),
                Some(Binding::Record(_)) => self.record_value(&id, span, out),
                None => {
                    self.error(span, "internal error: a variable without a value", "here");
                    Val::Num(int(0, span), Scalar::INT)
                }
            },
            // A thread's own object: its check, and any value (`own.rs`).
            Place::Mem {
                array,
                off,
                ty,
                bounds,
                whole,
            } if self.is_own(&array) => {
                self.own_access(&array, off, &ty, bounds, whole, span, out);
                self.unknown_val("private", &ty, span, out)
            }
            Place::Mem {
                array,
                off,
                ty: CType::Scalar(s),
                bounds,
                whole,
            } if self.const_table(&array).is_some() => {
                self.read_const_table(&array, off, s, bounds, whole, span, out)
            }
            Place::Mem {
                array,
                off,
                ty,
                bounds,
                whole,
            } if self.byte_array(&array).is_some() => {
                let bounds = (!whole).then_some(bounds);
                self.read_bytes(array, off, ty, bounds, span, out)
            }
            Place::Mem {
                array,
                off,
                ty,
                bounds,
                whole,
            } => match self.g.cells(&ty, 0) {
                Some(1) if !matches!(ty, CType::Array(..)) => {
                    let bounds = self.access_bounds(&array, &off, 1, bounds, whole);
                    let e = self.emit_read_within(&array, off, bounds, span, out);
                    if let (Some(r), ExprKind::Var(name)) =
                        (ty.scalar().and_then(|s| s.range()), &e.kind)
                    {
                        self.ranges.insert(name.clone(), r);
                    }
                    match ty {
                        CType::Scalar(Scalar::Bool) => Val::Bool(cmp(CmpOp::Ne, e, int(0, span))),
                        CType::Scalar(s) => Val::Num(e, s),
                        CType::Pointer(_) => Val::Ptr(Ptr::Unknown),
                        _ => Val::Opaque,
                    }
                }
                Some(n) => {
                    // A whole struct or array element: every cell is read; a followed struct
                    // takes its fields from them.
                    let off = self.bound("at", off, out);
                    let bounds = self.access_bounds(&array, &off, n, bounds, whole);
                    let mut cells = Vec::new();
                    for k in 0..n {
                        let index = Expr::bin(BinOp::Add, off.clone(), int(k as i64, span));
                        let within = bounds.clone();
                        cells.push(self.emit_read_within(&array, index, within, span, out));
                    }
                    self.record_from_cells(&ty, cells).unwrap_or(Val::Opaque)
                }
                None => {
                    let t = format!("{ty:?}");
                    self.error(
                        span,
                        format!("a value of type `{t}` in memory is not supported"),
                        "read here",
                    );
                    Val::Opaque
                }
            },
            Place::Many(arrays, ty) => {
                for a in arrays {
                    let idx = self.unknown("unknown_cell", None, span, out);
                    self.emit_read(&a, idx, span, out);
                }
                self.unknown_val("through_pointer", &ty, span, out)
            }
            Place::Private(ty) => self.unknown_val("private", &ty, span, out),
            Place::Element { id, len, index, ty } => {
                self.read_element(&id, len, index, ty, span, out)
            }
            Place::Bits { word, field, bits } => self.read_bits(*word, &field, bits, span, out),
            Place::UnionBytes { id, off, ty } => self.read_union(&id, off, ty, span, out),
            Place::Sel(c, a, b) => {
                // Each case reads under its condition; the two values are bound inside the
                // branches, so the value read is a `?` unless both cases give the same one.
                let ty = a.ty();
                let (mut ta, mut tb) = (Vec::new(), Vec::new());
                let va = self.read(*a, span, &mut ta);
                let vb = self.read(*b, span, &mut tb);
                let bound: HashSet<String> =
                    bound_names(&ta).union(&bound_names(&tb)).cloned().collect();
                self.emit_cases(*c, ta, tb, span, out);
                if va.same_shape(&vb) && !val_uses(&va, &bound) {
                    va
                } else {
                    self.unknown_val("selected_read", &ty, span, out)
                }
            }
            Place::Builtin => Val::Opaque,
            // A read of memory the lowering cannot name could be a read of any array: refused
            // rather than dropped.
            Place::Unknown(ty) => {
                self.error(
                    span,
                    "a read through a pointer or reference mapcheck cannot follow",
                    "the lowering does not know which memory this is",
                );
                self.unknown_val("unknown_memory", &ty, span, out)
            }
        }
    }

    pub(super) fn write(&mut self, p: Place, v: Val, span: Span, out: &mut Vec<Stmt>) {
        match p {
            Place::Local(id, ty) => match self.env.get(&id).cloned() {
                Some(Binding::Ref(p)) => self.write(p, v, span, out),
                Some(Binding::Private) => {}
                Some(Binding::Record(_)) => self.assign_record(&id, v, span, out),
                _ => {
                    // A followed struct's bit-field (`field_place`) keeps the low bits of what
                    // is stored in it, as C's conversion to its width.
                    let v = match &ty {
                        CType::Scalar(Scalar::Int { bits, .. })
                            if *bits < 64 && !is_c_width(*bits) =>
                        {
                            self.convert(v, &ty, span, out)
                        }
                        _ => v,
                    };
                    let v = match v {
                        Val::Num(e, s) => {
                            let base = self.local_name(&id);
                            Val::Num(self.bound(&base, e, out), s)
                        }
                        Val::Ptr(Ptr::To {
                            array,
                            off,
                            pointee,
                            within,
                        }) => {
                            let base = self.local_name(&id);
                            Val::Ptr(Ptr::To {
                                array,
                                off: self.bound(&base, off, out),
                                pointee,
                                within,
                            })
                        }
                        other => other,
                    };
                    let _ = ty;
                    self.env.insert(id, Binding::Val(v));
                }
            },
            // A thread's own object: only its check (`own.rs`).
            Place::Mem {
                array,
                off,
                ty,
                bounds,
                whole,
            } if self.is_own(&array) => {
                let _ = v;
                self.own_access(&array, off, &ty, bounds, whole, span, out)
            }
            Place::Mem {
                array,
                off,
                ty,
                bounds,
                whole,
            } if self.byte_array(&array).is_some() => {
                let bounds = (!whole).then_some(bounds);
                self.write_bytes(array, off, ty, v, bounds, span, out)
            }
            Place::Mem {
                array,
                off,
                ty,
                bounds,
                whole,
            } => {
                let cells = self.g.cells(&ty, 0);
                match cells {
                    Some(1) if !matches!(ty, CType::Array(..)) => {
                        let bounds = self.access_bounds(&array, &off, 1, bounds, whole);
                        let bounds = self.open_bounds(bounds);
                        let v = self.as_first_view(&array, &ty, v, span, out);
                        let value = self.payload(v, span, out);
                        self.emit(
                            out,
                            stmt(
                                StmtKind::Write {
                                    target: Access {
                                        array: Ident::new(array, span),
                                        index: vec![off],
                                        span,
                                        bounds,
                                    },
                                    value,
                                },
                                span,
                            ),
                        );
                    }
                    Some(n) => {
                        let off = self.bound("at", off, out);
                        let bounds = self.access_bounds(&array, &off, n, bounds, whole);
                        let bounds = self.open_bounds(bounds);
                        // A followed struct's fields are stored cell by cell; any other value
                        // (or a field it does not give) is `?` in its cells.
                        let mut given = self.record_cells(&ty, &v).unwrap_or_default();
                        given.resize(n as usize, None);
                        for (k, field) in given.into_iter().enumerate() {
                            let value = match field {
                                Some(f) => self.payload(f, span, out),
                                None => self.unknown("field", None, span, out),
                            };
                            let index = Expr::bin(BinOp::Add, off.clone(), int(k as i64, span));
                            self.emit(
                                out,
                                stmt(
                                    StmtKind::Write {
                                        target: Access {
                                            array: Ident::new(array.clone(), span),
                                            index: vec![index],
                                            span,
                                            bounds: bounds.clone(),
                                        },
                                        value,
                                    },
                                    span,
                                ),
                            );
                        }
                    }
                    None => self.error(
                        span,
                        "a write of a value of this type to memory is not supported",
                        "written here",
                    ),
                }
            }
            Place::Many(arrays, _) => {
                for a in arrays {
                    let idx = self.unknown("unknown_cell", None, span, out);
                    let value = self.unknown("value", None, span, out);
                    self.emit(
                        out,
                        stmt(
                            StmtKind::Write {
                                target: Access {
                                    array: Ident::new(a, span),
                                    index: vec![idx],
                                    span,
                                    bounds: Vec::new(),
                                },
                                value,
                            },
                            span,
                        ),
                    );
                }
            }
            Place::Sel(c, a, b) => {
                let (mut ta, mut tb) = (Vec::new(), Vec::new());
                self.write(*a, v.clone(), span, &mut ta);
                self.write(*b, v, span, &mut tb);
                self.emit_cases(*c, ta, tb, span, out);
            }
            // Thread-private memory never races.
            Place::Private(_) => {}
            Place::Element { id, len, index, .. } => {
                self.write_element(&id, len, index, v, span, out)
            }
            Place::Bits { word, field, bits } => self.write_bits(*word, &field, bits, v, span, out),
            Place::UnionBytes { id, off, ty } => self.write_union(&id, off, ty, v, span, out),
            Place::Builtin => self.error(span, "a built-in variable cannot be assigned", "here"),
            Place::Unknown(_) => self.error(
                span,
                "a write through a pointer mapcheck cannot follow",
                "the lowering does not know which memory this pointer points to",
            ),
        }
    }

    /// `if c { a } else { b }`: the two cases of an access through a selected pointer.
    fn emit_cases(&mut self, c: Cond, a: Vec<Stmt>, b: Vec<Stmt>, span: Span, out: &mut Vec<Stmt>) {
        self.emit(
            out,
            stmt(
                StmtKind::If {
                    cond: c,
                    then_branch: Block { stmts: a, span },
                    else_branch: Some(Block { stmts: b, span }),
                },
                span,
            ),
        );
    }

    /// `let var = array[index];`, the variable's name made from the array's.
    pub(super) fn emit_read(
        &mut self,
        array: &str,
        index: Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        self.emit_read_within(array, index, Vec::new(), span, out)
    }

    /// The bounds of `bounds` that C's types do not settle: a subscript whose every value lies
    /// in its dimension (`Te0[s >> 24]` of `uint Te0[256]`, `s` a `uint`; `buf[i & 63]`) by
    /// the lowering's intervals (`ranges.rs`, which know the range of a `?` standing for a
    /// value of a C type, where the core does not) can never leave it, and needs no question.
    pub(super) fn open_bounds(&self, bounds: Vec<Bound>) -> Vec<Bound> {
        bounds
            .into_iter()
            .filter(|b| {
                !self
                    .range(&b.index)
                    .is_some_and(|(lo, hi)| lo >= 0 && hi < i128::from(b.extent))
            })
            .collect()
    }

    /// The bounds an access of `n` cells from cell `first` of `array` must stay within: the
    /// subscripts that led to the place (`bounds`), or, for a place reached through a pointer
    /// (`whole`) or without subscripts, the extent of the whole object
    /// ([`Lower::object_bounds`]).
    pub(super) fn access_bounds(
        &self,
        array: &str,
        first: &Expr,
        n: u64,
        bounds: Vec<Bound>,
        whole: bool,
    ) -> Vec<Bound> {
        if whole || bounds.is_empty() {
            // A view's own subscripts are no dimensions of the object, but an array member's
            // index is checked against the member's extent (`Lower::subscript_within`): the
            // only bounds a view's place carries, checked after the object's dimension 0.
            let mut all = self.object_bounds(array, first, n);
            all.extend((bounds.into_iter().enumerate()).map(|(k, b)| Bound { dim: 1 + k, ..b }));
            all
        } else {
            bounds
        }
    }

    /// An access of `n` cells from cell `first` of `array` through a pointer (a cast view
    /// `((float *)s)[t]`, `p = s + 60; p[t]`, an array passed to a helper that indexes it)
    /// must stay within the object the pointer points into (C17 6.5.6p8), when that object
    /// has a fixed size (`Lower::extents`): its first and its last cell, as indices of the
    /// object's outermost dimension (`cell / cells per element`, Euclidean, so that a cell
    /// before the start is an index below 0). A view's own subscripts are not the object's
    /// dimensions (`(int (*)[8])s` over `int s[256]`), so only the whole object is checked;
    /// empty for memory of no fixed size (a pointer parameter's, `extern __shared__`).
    fn object_bounds(&self, array: &str, first: &Expr, n: u64) -> Vec<Bound> {
        let Some((extent, elem)) = self.extents.get(array) else {
            return Vec::new();
        };
        let Some(per) = self
            .cells_in(array, elem)
            .and_then(|c| i64::try_from(c).ok())
        else {
            return Vec::new();
        };
        let span = first.span;
        let at = |k: u64| {
            let cell = match k {
                0 => first.clone(),
                k => Expr::bin(BinOp::Add, first.clone(), int(k as i64, span)),
            };
            match per {
                1 => cell,
                per => Expr::bin(BinOp::Div, cell, int(per, span)),
            }
        };
        let mut bounds = vec![Bound {
            dim: 0,
            index: at(0),
            extent: *extent,
        }];
        if n > 1 {
            bounds.push(Bound {
                dim: 0,
                index: at(n - 1),
                extent: *extent,
            });
        }
        bounds
    }

    /// [`Lower::emit_read`] of an access that must stay within `bounds`.
    pub(super) fn emit_read_within(
        &mut self,
        array: &str,
        index: Expr,
        bounds: Vec<Bound>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        if let Some((_, _, value)) = self
            .shared_reads
            .iter()
            .rev()
            .find(|(a, i, _)| a == array && i.same_shape(&index))
        {
            // The same cell, read by the left operand of the `&&`/`||` this read is in the
            // right operand of: its value (`Lower::shared_reads`).
            return Expr {
                span,
                ..value.clone()
            };
        }
        let bounds = self.open_bounds(bounds);
        let name = self.fresh(&format!("{array}_v"));
        self.emit(
            out,
            stmt(
                StmtKind::Read {
                    var: Ident::new(name.clone(), span),
                    source: Access {
                        array: Ident::new(array, span),
                        index: vec![index],
                        span,
                        bounds,
                    },
                },
                span,
            ),
        );
        Expr::var(name, span)
    }

    /// `array[index] := value;`, an access that must stay within `bounds`.
    pub(super) fn emit_write(
        &mut self,
        array: &str,
        index: Expr,
        value: Expr,
        bounds: Vec<Bound>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        self.emit(
            out,
            stmt(
                StmtKind::Write {
                    target: Access {
                        array: Ident::new(array, span),
                        index: vec![index],
                        span,
                        bounds,
                    },
                    value,
                },
                span,
            ),
        );
    }

    /// A read of a value of `ty` at cell `off` of a byte-addressed array:
    /// every cell its bytes cover is read. A scalar of one cell has the cell's word converted
    /// to its type; an integer or `float` of at most 32 bits spread over several cells (a
    /// word of a union read after its bytes were written) is put back together from their
    /// little-endian pieces, each cut to its cell's bits (the inverse of `byte_pieces`); the
    /// value of anything else over several cells (a `double`, whose payload is not its bytes)
    /// is `?` named `bytes_value`.
    pub(super) fn read_bytes(
        &mut self,
        array: String,
        off: Expr,
        ty: CType,
        bounds: Option<Vec<Bound>>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let Some(cells) = self.byte_cells(&array, &ty) else {
            return self.read(Place::Many(vec![array], ty), span, out);
        };
        let unit = self.byte_array(&array).unwrap_or(1);
        let off = self.bound("at", off, out);
        let bounds = self.byte_bounds(&array, &off, &cells, bounds);
        let mut single = None;
        for &(first, n, s) in &cells {
            let mut pieces = Vec::new();
            for j in first..first + n {
                let index = if j == 0 {
                    off.clone()
                } else {
                    Expr::bin(BinOp::Add, off.clone(), int(j as i64, span))
                };
                let v = self.emit_read_within(&array, index, bounds.clone(), span, out);
                pieces.push(v);
            }
            if cells.len() != 1 {
                continue;
            }
            let bits = match s {
                Scalar::Int { bits, .. } => bits,
                Scalar::Float(32) => 32,
                // Never put back together from several cells (`payload_is_bytes`).
                _ => u32::MAX,
            };
            if n == 1 {
                // The cell holds the unsigned word of its bytes (`write_bytes`), or
                // anything where nothing wrote it: C's value of the type is the
                // conversion of that word.
                single = pieces.pop().map(|v| match s {
                    Scalar::Int { .. } => self.convert_int(v, s, out),
                    _ => v,
                });
            } else if bits <= 32 && n * 8 * unit == u64::from(bits) {
                // The word of the pieces: piece j, cut to its cell's bits, at bit
                // `8 * unit * j`; then C's value of the type (a signed integer's sign).
                let piece_bits = 8 * unit as u32;
                let mask = (1i64 << piece_bits) - 1;
                let mut word: Option<Expr> = None;
                for (j, p) in pieces.into_iter().enumerate() {
                    let p = Expr::bin(BinOp::And, p, int(mask, span));
                    let p = match j {
                        0 => p,
                        j => Expr::bin(BinOp::Shl, p, int(i64::from(piece_bits) * j as i64, span)),
                    };
                    word = Some(match word {
                        None => p,
                        Some(w) => Expr::bin(BinOp::Add, w, p),
                    });
                }
                single = word.map(|w| match s {
                    Scalar::Int { signed: true, .. } => self.convert_int(w, s, out),
                    _ => w,
                });
            }
        }
        match (ty, single) {
            (CType::Scalar(Scalar::Bool), Some(e)) => Val::Bool(cmp(CmpOp::Ne, e, int(0, span))),
            (CType::Scalar(s), Some(e)) => Val::Num(e, s),
            (ty @ CType::Scalar(_), None) => self.unknown_val("bytes_value", &ty, span, out),
            _ => Val::Opaque,
        }
    }

    /// A write of `v`, of type `ty`, at cell `off` of a byte-addressed array: every cell its
    /// bytes cover is written. The values written are what makes two writes of the same
    /// bytes a benign race, so they must be those bytes, as unsigned words: an integer of one
    /// cell stores its value modulo 2^bits, a `float` its payload (its bit pattern); an
    /// integer or `float` over several cells stores the little-endian pieces of that word
    /// (`byte_pieces`); a followed struct value (`make_float4(...)`) stores each field so;
    /// anything else (a `double` or `half`, whose payload is not its bytes; a struct copy
    /// whose fields are not known) stores `?` in each cell.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn write_bytes(
        &mut self,
        array: String,
        off: Expr,
        ty: CType,
        v: Val,
        bounds: Option<Vec<Bound>>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let Some(cells) = self.byte_cells(&array, &ty) else {
            return self.write(Place::Many(vec![array], ty), v, span, out);
        };
        let unit = self.byte_array(&array).unwrap_or(1);
        let off = self.bound("at", off, out);
        let bounds = self.byte_bounds(&array, &off, &cells, bounds);
        let bounds = self.open_bounds(bounds);
        // The value of each scalar: the value itself, or a followed struct's fields (a
        // `float4` from `make_float4`), one per scalar in order.
        let values: Vec<Option<Val>> = match &ty {
            CType::Scalar(_) => vec![Some(v)],
            _ => self
                .record_cells(&ty, &v)
                .filter(|given| given.len() == cells.len())
                .unwrap_or_else(|| vec![None; cells.len()]),
        };
        for (&(first, n, s), value) in cells.iter().zip(values) {
            let pieces = match value {
                Some(v) if payload_is_bytes(s) => self.byte_pieces(&v, n, unit, span, out),
                _ => None,
            };
            for j in 0..n {
                let index = if first + j == 0 {
                    off.clone()
                } else {
                    Expr::bin(BinOp::Add, off.clone(), int((first + j) as i64, span))
                };
                let value = match &pieces {
                    Some(p) => p[j as usize].clone(),
                    None => self.unknown("bytes_piece", None, span, out),
                };
                self.emit_write(&array, index, value, bounds.clone(), span, out);
            }
        }
    }

    /// The bounds of an access of a byte-addressed array covering `cells` (`byte_cells`) from
    /// cell `off`: the subscripts that led to it (`declared`, `None` through a pointer), else
    /// the whole object's extent from its first to its last cell.
    fn byte_bounds(
        &self,
        array: &str,
        off: &Expr,
        cells: &[(u64, u64, Scalar)],
        declared: Option<Vec<Bound>>,
    ) -> Vec<Bound> {
        let n = cells
            .iter()
            .map(|&(first, n, _)| first + n)
            .max()
            .unwrap_or(1);
        match declared {
            Some(bounds) => self.access_bounds(array, off, n, bounds, false),
            None => self.access_bounds(array, off, n, Vec::new(), true),
        }
    }

    /// The values the `n` cells of `unit` bytes of a scalar `v` (an integer or a `float`)
    /// hold: the little-endian pieces of the unsigned word of its bytes; `None` when they are
    /// not known (a value wider than 32 bits that is not a constant).
    fn byte_pieces(
        &mut self,
        v: &Val,
        n: u64,
        unit: u64,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Vec<Expr>> {
        match v {
            // The unsigned word of the value's bytes: a `char` -1 and an `unsigned char`
            // 255 store the same byte, and a read converts the word to its own type.
            Val::Num(e, Scalar::Int { bits, .. }) if n == 1 => Some(vec![match literal(e) {
                Some(c) if *bits < 64 => int(c.rem_euclid(1i128 << bits) as i64, span),
                _ => self.convert_int(
                    e.clone(),
                    Scalar::Int {
                        bits: *bits,
                        signed: false,
                    },
                    out,
                ),
            }]),
            _ if n == 1 => Some(vec![self.payload(v.clone(), span, out)]),
            // A value of at most 32 bits, as the unsigned word of its bytes, cut into
            // pieces by shifts of constants and a mask (exact in both arithmetic modes).
            Val::Num(e, word @ (Scalar::Int { bits: 1..=32, .. } | Scalar::Float(32)))
                if literal(e).is_none() =>
            {
                let bits = match word {
                    Scalar::Int { bits, .. } => *bits,
                    _ => 32,
                };
                let w = self.convert_int(
                    e.clone(),
                    Scalar::Int {
                        bits,
                        signed: false,
                    },
                    out,
                );
                let w = self.bound("word", w, out);
                let piece_bits = 8 * unit as u32;
                let mask = int((1i64 << piece_bits) - 1, span);
                Some(
                    (0..n)
                        .map(|j| {
                            let shifted = match j {
                                0 => w.clone(),
                                _ => Expr::bin(
                                    BinOp::UShr,
                                    w.clone(),
                                    int(i64::from(piece_bits) * j as i64, span),
                                ),
                            };
                            Expr::bin(BinOp::And, shifted, mask.clone())
                        })
                        .collect(),
                )
            }
            Val::Num(e, word @ (Scalar::Int { .. } | Scalar::Float(32))) => {
                let c = literal(e)?;
                // A `float` literal's payload is its bit pattern.
                let bits = match word {
                    Scalar::Int { bits, .. } => *bits,
                    _ => 32,
                };
                let word = c.rem_euclid(1i128 << bits);
                let piece_bits = 8 * unit as u32;
                Some(
                    (0..n)
                        .map(|j| {
                            let p = (word >> (piece_bits * j as u32)) & ((1i128 << piece_bits) - 1);
                            int(p as i64, span)
                        })
                        .collect(),
                )
            }
            _ => None,
        }
    }

    /// The value a write stores, as a core expression.
    pub(super) fn payload(&mut self, v: Val, span: Span, out: &mut Vec<Stmt>) -> Expr {
        match v {
            Val::Num(e, _) => e,
            Val::Bool(c) => match c.kind {
                CondKind::Bool(b) => int(i64::from(b), span),
                _ => self.unknown("bool_value", Some((0, 1)), span, out),
            },
            _ => self.unknown("value", None, span, out),
        }
    }

    pub(super) fn local_name(&self, id: &str) -> String {
        self.local_names
            .get(id)
            .cloned()
            .unwrap_or_else(|| "v".into())
    }
}
