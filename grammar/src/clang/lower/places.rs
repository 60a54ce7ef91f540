//! Lvalues as places: declarations (locals, parameters, file-scope memory), dereferenced
//! pointers, members of records and vectors, and conditional lvalues.

use super::*;

impl Lower<'_, '_> {
    /// The place an lvalue designates.
    pub(super) fn place(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Place {
        let span = self.span(n);
        let ty = self.node_type(n);
        match &n.kind {
            Kind::ParenExpr | Kind::MaterializeTemporaryExpr | Kind::ExprWithCleanups => {
                match n.exprs().next() {
                    Some(c) if c.is_lvalue() => self.place(c, out),
                    Some(c) => {
                        // A temporary: thread-private; a followed struct's fields are kept
                        // (`f(P(i))` for `f(const P &)`, `P(i).get()`).
                        match self.rvalue(c, out) {
                            v @ Val::Fields(_) if self.followed_record(&ty).is_some() => {
                                let tmp = self.fresh("temporary");
                                self.bind_record(&tmp, &tmp, &ty, v, span, out);
                                Place::Local(tmp, ty)
                            }
                            // A number (`std::min(t, 63)` binds `63` to a `const int &`):
                            // a local holding its value.
                            v @ Val::Num(..) => {
                                let tmp = self.fresh("temporary");
                                self.local_names.insert(tmp.clone(), "temporary".into());
                                self.env.insert(tmp.clone(), Binding::Val(v));
                                Place::Local(tmp, ty)
                            }
                            _ => Place::Private(ty),
                        }
                    }
                    None => Place::Private(ty),
                }
            }
            Kind::ImplicitCastExpr
            | Kind::CStyleCastExpr
            | Kind::CXXStaticCastExpr
            | Kind::CXXReinterpretCastExpr
            | Kind::CXXConstCastExpr
                if n.is_lvalue() || n.value_category == Some("xvalue") =>
            {
                match n.exprs().next() {
                    Some(c) => {
                        let p = self.place(c, out);
                        let p = self.base_place(p, n.cast_kind, &ty, span);
                        match p {
                            Place::Mem {
                                array,
                                off,
                                bounds,
                                whole,
                                ..
                            } => Place::Mem {
                                array,
                                off,
                                ty,
                                bounds,
                                whole,
                            },
                            p @ Place::Sel(..) => p.coarse(ty),
                            other => other,
                        }
                    }
                    None => Place::Private(ty),
                }
            }
            Kind::DeclRefExpr => self.decl_place(n, &ty, span, out),
            Kind::ArraySubscriptExpr => {
                if let Some(p) = self.slot_place(n, out) {
                    return p;
                }
                let (Some(a), Some(b)) = (child(n, 0), child(n, 1)) else {
                    return Place::Private(ty);
                };
                let (base, index) = if self.node_type(a).is_pointer_like() {
                    (a, b)
                } else {
                    (b, a)
                };
                if let Some((array, extent)) = self.decayed_array(base) {
                    return self.subscript_within(array, extent, index, ty, span, out);
                }
                let p = self.rvalue(base, out);
                let i = self.rvalue(index, out);
                match self.pointer_arith("+", ptr_of(p), i, span, out) {
                    Val::Ptr(p) => self.deref(p, ty, span),
                    _ => Place::Unknown(ty),
                }
            }
            Kind::UnaryOperator if n.opcode == Some("*") => {
                let p = match n.exprs().next() {
                    Some(c) => self.rvalue(c, out),
                    None => Val::Opaque,
                };
                self.deref(ptr_of(p), ty, span)
            }
            Kind::MemberExpr => self.member_place(n, ty, span, out),
            Kind::CallExpr | Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr => {
                // A call returning a reference designates the place its `return` named (an
                // inlined body gives its address, `Frame::by_ref`); any other call's place
                // (several returns of different places, a callee without a body) is not
                // followed, and accesses through it are refused (`Place::Unknown`).
                match self.rvalue(n, out) {
                    Val::Ptr(p) if n.is_lvalue() => self.deref(p, ty, span),
                    _ => Place::Unknown(ty),
                }
            }
            Kind::ConditionalOperator => {
                // `(c ? a : b) = v`: either place.
                self.conditional_place(n, &ty, span, out)
            }
            // An assignment or a prefix increment used as an lvalue designates the place it
            // wrote: its operand is evaluated once.
            Kind::CompoundAssignOperator => {
                self.last_place = None;
                self.compound_assign(n, span, out);
                self.last_place.take().unwrap_or(Place::Unknown(ty))
            }
            Kind::BinaryOperator if n.opcode == Some("=") => {
                self.last_place = None;
                self.binary(n, &ty, span, out);
                self.last_place.take().unwrap_or(Place::Unknown(ty))
            }
            Kind::UnaryOperator if matches!(n.opcode, Some("++" | "--")) => {
                self.last_place = None;
                self.unary(n, &ty, span, out);
                self.last_place.take().unwrap_or(Place::Unknown(ty))
            }
            Kind::StringLiteral | Kind::CXXTemporaryObjectExpr | Kind::CXXConstructExpr => {
                self.rvalue(n, out);
                Place::Private(ty)
            }
            _ if !n.is_lvalue() => {
                // A prvalue used where a place is expected: a temporary of the thread.
                self.rvalue(n, out);
                Place::Private(ty)
            }
            _ => {
                self.rvalue(n, out);
                Place::Unknown(ty)
            }
        }
    }

    /// The array a subscript's base decays from, when it is an lvalue of a fixed size
    /// (`tile` and `tile[y]` of `float tile[32][33]`, a local `int a[4]`, a field `s.v[3]`),
    /// with that size: the subscript must lie in `0..size` (C17 6.5.6p8: a pointer into an
    /// array may not leave it; the element one past the end has no object).
    pub(super) fn decayed_array<'n>(&self, base: &'n Node) -> Option<(&'n Node, i64)> {
        let bare = strip_parens(base);
        if bare.kind != Kind::ImplicitCastExpr || bare.cast_kind != Some("ArrayToPointerDecay") {
            return None;
        }
        let array = bare.exprs().next()?;
        if !array.is_lvalue() {
            return None;
        }
        match self.node_type(array) {
            CType::Array(_, Some(n)) => {
                i64::try_from(n).ok().filter(|n| *n > 0).map(|n| (array, n))
            }
            _ => None,
        }
    }

    /// `array[index]` for an array of `extent` elements: the element's place, as the pointer
    /// arithmetic of any subscript gives it, carrying the bounds that led to `array` and
    /// `index < extent` in the next dimension (`Place::Mem::bounds`). A place that is not a
    /// cell of a core array (unknown memory, a followed local) carries none; a sub-array
    /// reached through a pointer adds none (`whole`: the access is checked against the whole
    /// object). A thread's own array is the place of its stand-in (`own.rs`), checked as any
    /// other; one the stand-ins cannot lay out (`Place::Private`) is checked by a read of its
    /// own (`Lower::local_check`).
    fn subscript_within(
        &mut self,
        array: &Node,
        extent: i64,
        index: &Node,
        ty: CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let outer = self.place(array, out);
        // A sub-array reached through a pointer (`rows[y]` of `int (*rows)[8]` cast from
        // `int s[256]`) is a view: its extent is not a dimension of the declared object, and
        // the access is checked against the whole object instead (`whole`).
        let (mut bounds, whole) = match &outer {
            Place::Mem { bounds, whole, .. } => (bounds.clone(), *whole),
            _ => (Vec::new(), false),
        };
        let private = matches!(outer, Place::Private(_));
        if let Place::UnionBytes { .. } = outer {
            let i = self.rvalue(index, out);
            return self.union_element(outer, i, span, out);
        }
        let p = self.address(outer);
        let i = self.rvalue(index, out);
        // An array member of a struct is an array object of its own, whatever the memory
        // holding the struct (`p->d[i]` of `struct D { int d[16]; }` behind a pointer): its
        // index is checked against its extent even in a view (probe round 8, F4).
        let member = strip_parens(array).kind == Kind::MemberExpr;
        let within = match &i {
            Val::Num(e, _) if !whole || member => Some(Bound {
                dim: bounds.len(),
                index: e.clone(),
                extent,
            }),
            _ => None,
        };
        if private {
            // A thread's own array with no stand-in (`own.rs`: a layout the cells do not
            // model): its cells are not modelled, but its index is checked as any other.
            if let Some(b) = &within {
                self.local_check(array, b.clone(), span, out);
            }
        }
        match self.pointer_arith("+", ptr_of(p), i, span, out) {
            Val::Ptr(p) => match self.deref(p, ty, span) {
                Place::Mem { array, off, ty, .. } => {
                    bounds.extend(within);
                    Place::Mem {
                        array,
                        off,
                        ty,
                        bounds,
                        whole,
                    }
                }
                other => other,
            },
            _ => Place::Unknown(ty),
        }
    }

    pub(super) fn deref(&mut self, p: Ptr, ty: CType, span: Span) -> Place {
        let _ = span;
        match p {
            // Into a sub-array (a row), dereferenced as its element: the row's subscripts and
            // the element's index in the row (`Within`).
            Ptr::To {
                array,
                off,
                pointee,
                within: Some(w),
            } if pointee == ty => {
                let mut bounds = w.bounds;
                bounds.push(Bound {
                    dim: bounds.len(),
                    index: w.index,
                    extent: w.extent,
                });
                Place::Mem {
                    array,
                    off,
                    ty,
                    bounds,
                    whole: false,
                }
            }
            Ptr::To { array, off, .. } => match self.element_bound(&array, &off, &ty) {
                Some(bound) => Place::Mem {
                    array,
                    off,
                    ty,
                    bounds: vec![bound],
                    whole: false,
                },
                None => Place::Mem {
                    array,
                    off,
                    ty,
                    bounds: Vec::new(),
                    whole: true,
                },
            },
            Ptr::Many(arrays) => Place::Many(arrays, ty),
            Ptr::Private => Place::Private(ty),
            Ptr::Local(id) => Place::Local(id, ty),
            Ptr::Unknown => Place::Unknown(ty),
            Ptr::Sel(c, a, b) => {
                let a = self.deref(*a, ty.clone(), span);
                let b = self.deref(*b, ty, span);
                Place::Sel(c, Box::new(a), Box::new(b))
            }
        }
    }

    /// A pointer into the fixed-size object `array` dereferenced as `ty`, the type of the
    /// object's elements (`int *p = s` of `int s[64]`, `float (*r)[33] = tile` of
    /// `float tile[32][33]`, a helper's `float4 *` into `float4 v[16]`): the element it
    /// designates, whose index in the object's dimension 0 is its cell over the cells of an
    /// element, so that the element's own subscripts are the object's next dimensions
    /// (`r[y][x]` checks `x < 33` in dimension 1). `None` for a view of another type (its
    /// subscripts are no dimension of the object: the whole object is checked, `whole`), a
    /// byte-addressed array, or memory of no fixed size.
    fn element_bound(&self, array: &str, off: &Expr, ty: &CType) -> Option<Bound> {
        let (extent, elem) = self.extents.get(array)?;
        if elem != ty || self.byte_array(array).is_some() {
            return None;
        }
        let per = i64::try_from(self.cells_in(array, elem)?).ok()?;
        let index = match per {
            1 => off.clone(),
            per => Expr::bin(BinOp::Div, off.clone(), int(per, off.span)),
        };
        Some(Bound {
            dim: 0,
            index,
            extent: *extent,
        })
    }

    pub(super) fn decl_place(
        &mut self,
        n: &Node,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let Some(d) = n.referenced_decl.as_ref() else {
            return Place::Unknown(ty.clone());
        };
        if matches!(d.kind, Some(Kind::FunctionDecl | Kind::CXXMethodDecl)) {
            // A function designator: calls through a pointer to it are unknown calls.
            return Place::Private(ty.clone());
        }
        if n.qual_type()
            .trim_start_matches("const ")
            .starts_with("texture<")
        {
            // A texture reference: an opaque handle whose fetches are values not followed.
            return Place::Private(ty.clone());
        }
        if let Some(p) = self.union_place(&d.id, ty, span) {
            return p;
        }
        if let Some(b) = self.env.get(&d.id).cloned() {
            return match b {
                Binding::Val(_) => Place::Local(d.id.clone(), ty.clone()),
                Binding::Ref(p) => p,
                Binding::Private if self.slot_escape(&d.id, span) => Place::Unknown(ty.clone()),
                // A thread's own array or struct: the place of its stand-in, so that every
                // access of it, through any pointer, is checked (`own.rs`); a followed array
                // is reached through its elements only.
                Binding::Private if !self.slot_arrays.contains_key(&d.id) => {
                    let name = d.name.clone().unwrap_or_else(|| "local".into());
                    self.own_place(&d.id, &name, ty, span)
                        .unwrap_or_else(|| Place::Private(ty.clone()))
                }
                Binding::Private => Place::Private(ty.clone()),
                Binding::Record(_) => Place::Local(d.id.clone(), ty.clone()),
            };
        }
        if let Some((decl, space)) = self.g.memory.get(d.id.as_str()).copied() {
            if self.is_prelude_var(n) {
                return Place::Builtin;
            }
            if self.g.constant_object(decl) {
                // Its contents are the program's, not an input a run may choose: read as
                // values not followed (`?`), never as memory a replay fills at will.
                return Place::Private(ty.clone());
            }
            return self
                .memory_array(decl, space, span)
                .unwrap_or(Place::Unknown(ty.clone()));
        }
        if let Some(decl) = self.g.initialised.get(d.id.as_str()).copied() {
            let v = self.initialised_constant(decl);
            self.env.insert(d.id.clone(), Binding::Val(v));
            return Place::Local(d.id.clone(), ty.clone());
        }
        if let Some(v) = self.g.constants.get(d.id.as_str()).copied() {
            if let (Ok(v), Some(s)) = (i64::try_from(v), ty.scalar()) {
                self.env
                    .insert(d.id.clone(), Binding::Val(Val::Num(int(v, span), s)));
                return Place::Local(d.id.clone(), ty.clone());
            }
        }
        let _ = out;
        let name = d.name.clone().unwrap_or_default();
        self.error(
            span,
            format!("mapcheck does not know what `{name}` is here"),
            "a variable that is neither a parameter, a local, nor device or shared memory",
        );
        Place::Unknown(ty.clone())
    }

    pub(super) fn member_place(
        &mut self,
        n: &Node,
        ty: CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let Some(base) = n.exprs().next() else {
            return Place::Unknown(ty);
        };
        let field = n.name.clone().unwrap_or_default();
        let base_place = if n.is_arrow == Some(true) {
            let p = self.rvalue(base, out);
            let bty = match self.node_type(base) {
                CType::Pointer(t) => *t,
                t => t,
            };
            self.deref(ptr_of(p), bty, span)
        } else if base.is_lvalue() {
            self.place(base, out)
        } else {
            self.rvalue(base, out);
            Place::Private(self.node_type(base))
        };
        // A union whose members cut its bytes into scalars of different sizes (a word and its
        // bytes, `union { unsigned u; unsigned char b[4]; }`) has no cells: memory holding one
        // is byte-addressed (`Lower::needed_units`), where each member is a view of the
        // element's bytes. Where it is not (memory the lowering could not byte-address, a
        // first lowering before it knew), a member is refused, never accessed at unknown cells
        // in silence. (A thread's own union is private: its members' values are `?`.)
        let record = match self.node_type(base) {
            CType::Pointer(t) if n.is_arrow == Some(true) => *t,
            t => t,
        };
        if let CType::Record(r) = &record {
            let in_memory = match &base_place {
                Place::Mem { array, .. } => self.byte_array(array).is_none(),
                Place::Many(..) => true,
                _ => false,
            };
            if in_memory && self.g.is_union(r) && self.g.union_cell_bytes(r).is_none() {
                let r = resolve::shown(r);
                self.error(
                    span,
                    format!(
                        "union `{r}` in memory: its members cut its bytes into scalars of \
                         different sizes, which mapcheck's cells (one per scalar) do not model"
                    ),
                    "member of this union",
                );
                return Place::Unknown(ty);
            }
        }
        // A reference member: the object holds where it refers (a pointer field, as
        // `record_fields` follows it); the member is the object referred to.
        if self.reference_member(&record, &field) {
            let holder = self.field_of(
                base_place,
                &field,
                CType::Pointer(Box::new(ty.clone())),
                span,
                out,
            );
            let v = self.read(holder, span, out);
            return self.deref(ptr_of(v), ty, span);
        }
        self.field_of(base_place, &field, ty, span, out)
    }

    /// Field `field` of the object at `base_place`, of type `ty`.
    fn field_of(
        &mut self,
        base_place: Place,
        field: &str,
        ty: CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let field = field.to_string();
        match base_place {
            Place::Mem {
                array,
                off,
                ty: CType::Record(r),
                bounds,
                whole,
            } if self.byte_array(&array).is_some() => {
                let unit = self.byte_array(&array).unwrap_or(1);
                if self.g.bit_field(&r, &field) {
                    // The bytes of the bit-field's memory location, as one word.
                    return match self.g.bit_field_bytes(&r, &field) {
                        Some((byte, bits, f)) if byte.is_multiple_of(unit) => Place::Bits {
                            word: Box::new(Place::Mem {
                                array,
                                off: if byte == 0 {
                                    off
                                } else {
                                    Expr::bin(BinOp::Add, off, int((byte / unit) as i64, span))
                                },
                                ty: CType::Scalar(Scalar::Int {
                                    bits,
                                    signed: false,
                                }),
                                bounds,
                                whole,
                            }),
                            field: f,
                            bits,
                        },
                        _ => Place::Many(vec![array], ty),
                    };
                }
                let found = self
                    .g
                    .byte_field(&r, &field)
                    .filter(|(foff, _)| foff.is_multiple_of(unit));
                match found {
                    Some((foff, fty)) => Place::Mem {
                        array,
                        off: if foff == 0 {
                            off
                        } else {
                            Expr::bin(BinOp::Add, off, int((foff / unit) as i64, span))
                        },
                        ty: fty,
                        bounds,
                        whole,
                    },
                    None => Place::Many(vec![array], ty),
                }
            }
            // A field of an element keeps the bounds that led to the element (`p[i].x`).
            Place::Mem {
                array,
                off,
                ty: CType::Record(r),
                bounds,
                whole,
            } => match self.g.field(&r, &field) {
                Some((foff, fty)) => Place::Mem {
                    array,
                    off: if foff == 0 {
                        off
                    } else {
                        Expr::bin(BinOp::Add, off, int(foff as i64, span))
                    },
                    ty: fty,
                    bounds,
                    whole,
                },
                // A bit-field: its memory location's cell (`bitfields.rs`).
                None if self.g.bit_field(&r, &field) => match self.g.bit_field_at(&r, &field) {
                    Some((cell, field, bits)) => Place::Bits {
                        word: Box::new(Place::Mem {
                            array,
                            off: if cell == 0 {
                                off
                            } else {
                                Expr::bin(BinOp::Add, off, int(cell as i64, span))
                            },
                            ty: bitfields::word_type(bits),
                            bounds,
                            whole,
                        }),
                        field,
                        bits,
                    },
                    None => {
                        let r = resolve::shown(&r);
                        self.error(
                            span,
                            format!(
                                "bit-field `{field}` of `{r}`: clang's layout of `{r}` is not \
                                 known to mapcheck, so the memory location the bit-field shares \
                                 with its neighbours cannot be placed"
                            ),
                            "not supported",
                        );
                        Place::Unknown(ty)
                    }
                },
                None if self.g.is_union(&r) => {
                    let r = resolve::shown(&r);
                    self.error(
                        span,
                        format!(
                            "union `{r}`: its members cut its bytes into scalars of different \
                             sizes, which mapcheck's cells (one per scalar) do not model"
                        ),
                        "member of this union",
                    );
                    Place::Unknown(ty)
                }
                None => {
                    let r = resolve::shown(&r);
                    self.error(
                        span,
                        format!("the layout of `{r}` is not known to mapcheck"),
                        "field of this struct",
                    );
                    Place::Unknown(ty)
                }
            },
            Place::Mem { array, .. } => Place::Many(vec![array], ty),
            Place::Many(arrays, _) => Place::Many(arrays, ty),
            Place::Local(id, _) => match self.env.get(&id) {
                Some(Binding::Record(_)) => self.field_place(&id, &field, ty),
                _ => Place::Private(ty),
            },
            Place::Private(_) => Place::Private(ty),
            Place::Builtin => Place::Builtin,
            p @ Place::UnionBytes { .. } => self.union_member(p, &field, span, out),
            // An integer has no fields.
            Place::Unknown(_) | Place::Element { .. } | Place::Bits { .. } => Place::Unknown(ty),
            p @ Place::Sel(..) => p.coarse(ty),
        }
    }

    /// The place a derived-to-base (or base-to-derived) conversion of `p` designates: the
    /// base's part of the object, which starts where clang's layout puts it — for the first
    /// base at the object's start, for `B` in `struct C : A, B` after `A`'s fields. A base
    /// whose place is not known is any cell of the array (sound: it is in the object).
    pub(super) fn base_place(&self, p: Place, cast: Option<&str>, to: &CType, span: Span) -> Place {
        let Place::Mem {
            array,
            off,
            ty,
            bounds,
            whole,
        } = p
        else {
            return p;
        };
        match self.base_shift(&array, cast, &ty, to) {
            Some(0) => Place::Mem {
                array,
                off,
                ty: to.clone(),
                bounds,
                whole,
            },
            Some(k) => Place::Mem {
                array,
                off: Expr::bin(BinOp::Add, off, int(k, span)),
                ty: to.clone(),
                bounds,
                whole,
            },
            None => Place::Many(vec![array], to.clone()),
        }
    }

    /// How far a derived-to-base conversion (`cast`) from a `from` object to its base `to`
    /// moves in `array` (in its cells), negative from a base to its derived record; `Some(0)`
    /// for any other conversion. `None` when the base's place is not known.
    pub(super) fn base_shift(
        &self,
        array: &str,
        cast: Option<&str>,
        from: &CType,
        to: &CType,
    ) -> Option<i64> {
        let (CType::Record(from), CType::Record(to)) = (from, to) else {
            return Some(0);
        };
        if from == to {
            return Some(0);
        }
        let unit = self.byte_array(array);
        match cast {
            Some("DerivedToBase" | "UncheckedDerivedToBase") => {
                i64::try_from(self.g.base_offset(from, to, unit)?).ok()
            }
            Some("BaseToDerived") => i64::try_from(self.g.base_offset(to, from, unit)?)
                .ok()
                .map(|k| -k),
            _ => Some(0),
        }
    }

    pub(super) fn conditional_place(
        &mut self,
        n: &Node,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let (Some(c), Some(a), Some(b)) = (child(n, 0), child(n, 1), child(n, 2)) else {
            return Place::Unknown(ty.clone());
        };
        let cv = self.rvalue(c, out);
        let cond = self.as_cond(cv, span, out);
        // Only the chosen arm is evaluated (`c ? (s[0] = 5) : (s[t] = 6)` as a statement
        // stores once): each arm's statements run under its side of the condition, as
        // `conditional` runs a value's arms.
        let (pa, pb, bound) =
            self.conditional_arms(&cond, (a, b), span, out, |l, e, o| l.place(e, o));
        let arrays = |p: &Place| p.arrays().unwrap_or_default();
        if matches!(pa, Place::Local(..)) || matches!(pb, Place::Local(..)) {
            self.error(
                span,
                "an assignment to a conditional choice of local variables",
                "not supported",
            );
            return Place::Unknown(ty.clone());
        }
        let plain = |p: &Place| matches!(p, Place::Mem { off, .. } if !expr_uses(off, &bound));
        if plain(&pa) && plain(&pb) {
            return Place::Sel(Box::new(cond), Box::new(pa), Box::new(pb));
        }
        let mut all = arrays(&pa);
        all.extend(arrays(&pb));
        all.sort();
        all.dedup();
        if all.is_empty() {
            Place::Private(ty.clone())
        } else {
            Place::Many(all, ty.clone())
        }
    }
}

/// The pointer a value holds (anything else points nowhere the lowering knows).
pub(super) fn ptr_of(v: Val) -> Ptr {
    match v {
        Val::Ptr(p) => p,
        _ => Ptr::Unknown,
    }
}

impl<'a> Lower<'_, 'a> {
    /// The value of the initialised constant `decl` (`Globals::initialised`): its
    /// initialiser, lowered once per kernel into the kernel's prologue, as a constant
    /// expression is evaluated (`__builtin_is_constant_evaluated()` true).
    fn initialised_constant(&mut self, decl: &'a Node) -> Val {
        if let Some(v) = self.initialised.get(&decl.id) {
            return v.clone();
        }
        let Some(init) = decl.exprs().next() else {
            return Val::Opaque;
        };
        let mut prologue = std::mem::take(&mut self.prologue);
        let evaluated = std::mem::replace(&mut self.constant_evaluated, true);
        let v = self.rvalue(init, &mut prologue);
        self.constant_evaluated = evaluated;
        let v = match v {
            Val::Num(e, s) => {
                let name = decl.name.clone().unwrap_or_else(|| "constant".to_string());
                let x = self.bound(&name, e, &mut prologue);
                Val::Num(x, s)
            }
            other => other,
        };
        self.prologue = prologue;
        self.initialised.insert(decl.id.clone(), v.clone());
        v
    }
}
