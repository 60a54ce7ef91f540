//! Expressions as values (rvalues): the dispatch over clang's expression kinds, literals,
//! casts, `sizeof`, addresses of places, and the geometry built-ins.

use super::*;

/// The component names of the geometry built-ins.
pub(super) fn builtin_component(var: &str, member: &str) -> Option<String> {
    let base = match var {
        "threadIdx" => "tid",
        "blockIdx" => "bid",
        "blockDim" => "ntid",
        "gridDim" => "nbid",
        _ => return None,
    };
    matches!(member, "x" | "y" | "z").then(|| format!("{base}.{member}"))
}

impl Lower<'_, '_> {
    pub(super) fn node_type(&self, n: &Node) -> CType {
        CType::parse(n.qual_type())
    }

    /// The value of an expression.
    pub(super) fn rvalue(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Val {
        let span = self.span(n);
        let ty = self.node_type(n);
        match &n.kind {
            Kind::IntegerLiteral | Kind::CharacterLiteral => match (n.int_value(), ty.scalar()) {
                (Some(v), Some(s)) => match i64::try_from(v) {
                    Ok(v) => Val::Num(int(v, span), s),
                    // Beyond `i64` (an `unsigned long long` from 2^63): `K + K + (v - 2K)` with
                    // K = 2^63 - 1, the number in `int`, its bits in words (2K + 2 = 2^64).
                    Err(_) if (0..1i128 << 64).contains(&v) => {
                        let k = i128::from(i64::MAX);
                        match i64::try_from(v - 2 * k) {
                            Ok(rest) => {
                                let kk =
                                    Expr::bin(BinOp::Add, int(i64::MAX, span), int(i64::MAX, span));
                                Val::Num(Expr::bin(BinOp::Add, kk, int(rest, span)), s)
                            }
                            Err(_) => self.unknown_val("large_literal", &ty, span, out),
                        }
                    }
                    Err(_) => self.unknown_val("large_literal", &ty, span, out),
                },
                _ => self.unknown_val("literal", &ty, span, out),
            },
            Kind::CXXBoolLiteralExpr => {
                let b = matches!(n.value, Some(serde_json::Value::Bool(true)));
                Val::Bool(Cond::new(CondKind::Bool(b), span))
            }
            Kind::FloatingLiteral => {
                // The payload of a float value is the bit pattern of the `float` it equals, so
                // that equal payloads are equal values (what a benign race rests on) in every
                // arithmetic, `bv32` included, and a `float` stored through an `int *` view
                // (same bytes) has the payload of the same bits: a `double` literal that a
                // `float` holds exactly (`1.0`, `0.5`) has the payload of that `float` (and
                // `1.0f` widened to `double` keeps its own), any other (`0.1`, `1.0000000001`)
                // is a `?`. clang prints the literal with the digits of its own type, so the
                // text reads back exactly.
                let scalar = ty.scalar().unwrap_or(Scalar::Float(32));
                let value = n
                    .value
                    .as_ref()
                    .and_then(|v| v.as_str())
                    .and_then(|s| s.parse::<f64>().ok());
                let single = match (value, scalar) {
                    (Some(f), Scalar::Float(32)) => Some(f as f32),
                    (Some(f), Scalar::Float(64)) if f64::from(f as f32) == f => Some(f as f32),
                    _ => None,
                };
                match single {
                    Some(f) => Val::Num(int(i64::from(f.to_bits()), span), scalar),
                    None => self.unknown_val("float_literal", &ty, span, out),
                }
            }
            Kind::ConstantExpr => match (n.int_value(), ty.scalar()) {
                (Some(v), Some(s)) if !matches!(s, Scalar::Float(_)) => match i64::try_from(v) {
                    Ok(v) if s == Scalar::Bool => {
                        Val::Bool(Cond::new(CondKind::Bool(v != 0), span))
                    }
                    Ok(v) => Val::Num(int(v, span), s),
                    Err(_) => self.unknown_val("large_constant", &ty, span, out),
                },
                _ => self.first(n, out),
            },
            Kind::CXXBindTemporaryExpr => {
                // clang binds a temporary whose destructor is not trivial.
                self.class_code_error(&ty, ClassCode::Destructor, span);
                self.first(n, out)
            }
            Kind::ParenExpr | Kind::ExprWithCleanups | Kind::MaterializeTemporaryExpr => {
                self.first(n, out)
            }
            Kind::SubstNonTypeTemplateParmExpr => match n.exprs().last() {
                Some(c) => self.rvalue(c, out),
                None => self.unknown_val("template_argument", &ty, span, out),
            },
            // A default member initialiser (`struct S { int a = 3; }`) used by an aggregate
            // initialisation: clang hands over the initialiser, rewritten for this use. One
            // that reads the object being built (`this`) is refused: the lowering does not
            // follow a half-built object.
            Kind::Other(k) if k == "CXXDefaultInitExpr" => match n.exprs().next() {
                Some(c) if !mentions_this(c) => self.rvalue(c, out),
                _ => {
                    self.error(
                        span,
                        "a default member initialiser mapcheck cannot follow",
                        "it reads the object being initialised",
                    );
                    Val::Opaque
                }
            },
            Kind::CXXDefaultArgExpr => match n.exprs().next() {
                Some(c) => self.rvalue(c, out),
                None => {
                    self.error(span, "a default argument mapcheck cannot see", "here");
                    Val::Opaque
                }
            },
            Kind::ImplicitCastExpr
            | Kind::CStyleCastExpr
            | Kind::CXXStaticCastExpr
            | Kind::CXXFunctionalCastExpr
            | Kind::CXXReinterpretCastExpr
            | Kind::CXXConstCastExpr => self.cast(n, &ty, span, out),
            Kind::DeclRefExpr => {
                let decl = n.referenced_decl.as_ref();
                match decl.and_then(|d| d.kind.clone()) {
                    Some(Kind::EnumConstantDecl) => {
                        let v = decl.and_then(|d| self.g.enumerators.get(d.id.as_str()).copied());
                        let v = v.and_then(|v| i64::try_from(v).ok());
                        // An unscoped enumerator's type is its enum (`enum { TILE = 16 }`), a
                        // type the lowering has no scalar for: its value is what every
                        // conversion of it to an integer type reads, so it is taken as an
                        // integer wide enough to hold it, the conversion's input.
                        let wide = |v: i64| Scalar::Int {
                            bits: if i32::try_from(v).is_ok() { 32 } else { 64 },
                            signed: true,
                        };
                        match (v, ty.scalar()) {
                            (Some(v), Some(s)) => Val::Num(int(v, span), s),
                            (Some(v), None) => Val::Num(int(v, span), wide(v)),
                            _ => self.unknown_val("enumerator", &ty, span, out),
                        }
                    }
                    Some(Kind::FunctionDecl | Kind::CXXMethodDecl) => Val::Opaque,
                    Some(Kind::Other(k)) if k == "NonTypeTemplateParmDecl" => {
                        // A kernel read from its template's pattern binds its value
                        // parameters as kernel parameters (`pattern.rs`).
                        match decl.and_then(|d| self.env.get(&d.id)) {
                            Some(Binding::Val(v)) => v.clone(),
                            _ => self.unknown_val("template_parameter", &ty, span, out),
                        }
                    }
                    _ if n.is_lvalue() && matches!(ty, CType::Array(..) | CType::Other(_)) => {
                        // An array or a function designator used as a value.
                        let p = self.place(n, out);
                        self.address(p)
                    }
                    _ if n.is_lvalue() => {
                        if let Some(v) = self.builtin_value(n, span) {
                            return v;
                        }
                        let p = self.place(n, out);
                        self.read(p, span, out)
                    }
                    _ => self.unknown_val("name", &ty, span, out),
                }
            }
            Kind::BinaryOperator => self.binary(n, &ty, span, out),
            Kind::CompoundAssignOperator => self.compound_assign(n, span, out),
            Kind::UnaryOperator => self.unary(n, &ty, span, out),
            Kind::ConditionalOperator => self.conditional(n, &ty, span, out),
            Kind::CallExpr | Kind::CXXOperatorCallExpr => self.call(n, &ty, span, out),
            Kind::CXXMemberCallExpr => self.member_call(n, &ty, span, out),
            Kind::UnaryExprOrTypeTraitExpr => {
                let of = n
                    .arg_type
                    .as_ref()
                    .map(|t| CType::parse(t.canonical()))
                    .or_else(|| n.exprs().next().map(|e| self.node_type(e)));
                let size = of.and_then(|t| self.size_of(&t));
                match (n.name.as_deref(), size, ty.scalar()) {
                    (Some("sizeof"), Some(b), Some(s)) => Val::Num(int(b as i64, span), s),
                    _ => self.unknown_val("sizeof", &ty, span, out),
                }
            }
            Kind::CXXConstructExpr
            | Kind::CXXTemporaryObjectExpr
            | Kind::InitListExpr
            | Kind::ImplicitValueInitExpr => {
                if matches!(
                    n.kind,
                    Kind::CXXConstructExpr | Kind::CXXTemporaryObjectExpr
                ) {
                    // A constructor written by the user, inlined on a fresh object.
                    if let Some(def) = self.inlined_ctor(n, &ty) {
                        return self.run_constructor(n, def, &ty, out);
                    }
                }
                let unseen = match n.kind {
                    Kind::CXXConstructExpr | Kind::CXXTemporaryObjectExpr => {
                        self.g.constructing(n, &ty)
                    }
                    _ => self.g.holding(&ty),
                };
                if let Some(code) = unseen {
                    self.class_code_error(&ty, code, span);
                }
                // A struct holding pointers, copied or built from braces: its fields.
                if let Some(v) = self.constructed_record(n, &ty, out) {
                    return v;
                }
                // A struct or vector value built from its arguments: they are evaluated (their
                // reads and effects happen), the value itself is not followed. An lvalue
                // bound to a reference member is not read (`S s{x}` with `int &r;`).
                let binds = self.reference_bindings(n, &ty);
                for (k, c) in n.exprs().enumerate() {
                    if binds.contains(&k) {
                        self.place(c, out);
                    } else if c.is_lvalue() {
                        let p = self.place(c, out);
                        self.read(p, span, out);
                    } else {
                        self.rvalue(c, out);
                    }
                }
                match ty {
                    CType::Scalar(_) | CType::Pointer(_) => {
                        self.unknown_val("constructed", &ty, span, out)
                    }
                    _ => Val::Opaque,
                }
            }
            Kind::CXXNullPtrLiteralExpr => Val::Ptr(Ptr::Unknown),
            Kind::CXXThisExpr => match self.this.clone() {
                Some(v) => v,
                None => {
                    self.error(span, "`this` outside an inlined method", "here");
                    Val::Ptr(Ptr::Unknown)
                }
            },
            Kind::StringLiteral => Val::Ptr(Ptr::Private),
            Kind::ArraySubscriptExpr | Kind::MemberExpr => {
                // A template's pattern reads `threadIdx.x` without a conversion node.
                if let Some(v) = self.builtin_value(n, span) {
                    return v;
                }
                // An lvalue of array or record type used as a value (decay is a cast).
                let p = self.place(n, out);
                self.read(p, span, out)
            }
            Kind::CUDAKernelCallExpr => {
                self.error(
                    span,
                    "a kernel launch from device code is not supported",
                    "dynamic parallelism",
                );
                Val::Opaque
            }
            Kind::Other(k) if k == pattern::UNKNOWN => {
                let why = n.name.clone().unwrap_or_default();
                self.unknown_val(&why, &ty, span, out)
            }
            Kind::Other(k) if k == pattern::SHARED_VIEW => Val::Ptr(self.template_shared(span)),
            Kind::Other(k) if k == pattern::REFUSED => {
                let why = n.name.clone().unwrap_or_default();
                self.error(span, why, "in a template kernel clang never instantiated");
                Val::Opaque
            }
            other => {
                let name = match other {
                    Kind::Other(k) => k.clone(),
                    k => format!("{k:?}"),
                };
                self.error(
                    span,
                    format!("mapcheck cannot lower this expression (`{name}`)"),
                    "not supported by the CUDA lowering",
                );
                Val::Opaque
            }
        }
    }

    pub(super) fn first(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Val {
        match n.exprs().next() {
            Some(c) => self.rvalue(c, out),
            None => Val::Opaque,
        }
    }

    /// The size in bytes of a type, for `sizeof`.
    pub(super) fn size_of(&self, t: &CType) -> Option<u64> {
        // Scalars (`half`, `float` and `double` too), arrays of them and structs laid out by
        // C's rules (`byte_size`, which leaves out pointers: a pointer is 8 bytes, but a
        // struct holding one is not laid out there).
        match t {
            CType::Pointer(_) => Some(8),
            CType::Array(e, Some(n)) => self.size_of(e)?.checked_mul(*n),
            t => self.g.byte_size(t, 0).map(|(size, _)| size),
        }
    }

    /// The sub-array a pointer to the first element of the array place at cell `off` of
    /// `array`, of type `ty`, points into (`Within`): the place itself, with the subscripts
    /// that led to it, when it is an array of a fixed size that is not the whole declared
    /// object (a row `a[y]`, a field `s.v`); `None` for the declared object (its extent is
    /// `Lower::extents`'), for a place reached through a pointer (a view, `whole`: its
    /// subscripts are no dimensions of the object) and for anything but an array.
    fn sub_array(
        &self,
        array: &str,
        off: &Expr,
        ty: &CType,
        bounds: Vec<Bound>,
        whole: bool,
    ) -> Option<Box<Within>> {
        let CType::Array(elem, Some(n)) = ty else {
            return None;
        };
        let extent = i64::try_from(*n).ok().filter(|n| *n > 0)?;
        let declared = bounds.is_empty()
            && off.kind == ExprKind::Int(0)
            && self
                .extents
                .get(array)
                .is_some_and(|(e, t)| *e == extent && **elem == *t);
        if whole || declared || !self.extents.contains_key(array) {
            return None;
        }
        Some(Box::new(Within {
            bounds,
            index: int(0, off.span),
            extent,
        }))
    }

    /// The address of a member call's object, `this` in the inlined method: the object's
    /// place, or a thread's own temporary for a prvalue (`S(i).get()`).
    pub(super) fn object_address(&mut self, object: &Node, out: &mut Vec<Stmt>) -> Val {
        if object.is_lvalue() {
            let p = self.place(object, out);
            self.address(p)
        } else {
            self.rvalue(object, out);
            Val::Ptr(Ptr::Private)
        }
    }

    /// A pointer to a place (`&x`, an array's decay).
    pub(super) fn address(&mut self, p: Place) -> Val {
        let elem = |t: &CType| match t {
            CType::Array(e, _) => (**e).clone(),
            t => t.clone(),
        };
        match p {
            Place::Mem {
                array,
                off,
                ty,
                bounds,
                whole,
            } => {
                let within = self.sub_array(&array, &off, &ty, bounds, whole);
                Val::Ptr(Ptr::To {
                    array,
                    off,
                    pointee: elem(&ty),
                    within,
                })
            }
            Place::Many(arrays, _) => Val::Ptr(Ptr::Many(arrays)),
            Place::Private(_) => Val::Ptr(Ptr::Private),
            Place::Local(id, ty) => match self.env.get(&id).cloned() {
                Some(Binding::Private) => Val::Ptr(Ptr::Private),
                Some(Binding::Ref(p)) => self.address(p),
                Some(Binding::Record(_)) => Val::Ptr(Ptr::Local(id)),
                _ if matches!(ty, CType::Array(..) | CType::Record(_)) => Val::Ptr(Ptr::Private),
                _ => Val::Ptr(Ptr::Local(id)),
            },
            // A followed array's element has no address: the array is followed only when
            // none is taken (`Globals::escaped`); nor has a bit-field (C++ [expr.unary.op]/5).
            // A followed union's bytes have none either: it is followed only when no use of
            // it takes one (`Globals::member_only`).
            Place::Builtin
            | Place::Unknown(_)
            | Place::Element { .. }
            | Place::Bits { .. }
            | Place::UnionBytes { .. } => Val::Ptr(Ptr::Unknown),
            Place::Sel(c, a, b) => {
                let (a, b) = (ptr_of(self.address(*a)), ptr_of(self.address(*b)));
                Val::Ptr(Ptr::select(*c, a, b))
            }
        }
    }

    pub(super) fn cast(&mut self, n: &Node, ty: &CType, span: Span, out: &mut Vec<Stmt>) -> Val {
        let Some(inner) = n.exprs().next() else {
            return Val::Opaque;
        };
        if let (CType::Pointer(to), Some((p, e, minus))) = (ty, byte_offset(n)) {
            return self.byte_offset_pointer(p, e, minus, to, span, out);
        }
        match n.cast_kind.unwrap_or("NoOp") {
            "LValueToRValue" => {
                if let Some(v) = self.builtin_value(inner, span) {
                    return v;
                }
                if let Some(v) = self.slot_read(inner, out) {
                    return v;
                }
                let bare = strip_parens(inner);
                if bare.kind == Kind::ConditionalOperator {
                    // `c ? x : y` of two lvalues, read: the value of the branch taken.
                    return self.conditional(bare, ty, span, out);
                }
                if matches!(
                    bare.kind,
                    Kind::CallExpr | Kind::CXXMemberCallExpr | Kind::CXXOperatorCallExpr
                ) && bare.is_lvalue()
                    && matches!(ty, CType::Scalar(_))
                {
                    // A call returning a reference, read at once: nothing runs between its
                    // `return` and the read, so the value its `return` names is the value read
                    // (`Lower::read_at_once`).
                    self.read_at_once = true;
                    let v = self.rvalue(bare, out);
                    self.read_at_once = false;
                    // A callee inlined by reference after all gives its place; one not
                    // inlined (no body) gives none, as `Lower::place` of the call would.
                    let place = match v {
                        Val::Ptr(p) => self.deref(p, ty.clone(), span),
                        Val::Opaque => Place::Unknown(ty.clone()),
                        v => return v,
                    };
                    return self.read(place, span, out);
                }
                let p = self.place(inner, out);
                self.read(p, span, out)
            }
            "ArrayToPointerDecay" | "FunctionToPointerDecay" | "BuiltinFnToFnPtr" => {
                if inner.is_lvalue() {
                    let p = self.place(inner, out);
                    self.address(p)
                } else {
                    self.rvalue(inner, out)
                }
            }
            "NoOp" | "AtomicToNonAtomic" | "NonAtomicToAtomic" => {
                if inner.is_lvalue() && !n.is_lvalue() {
                    let p = self.place(inner, out);
                    self.read(p, span, out)
                } else {
                    self.rvalue(inner, out)
                }
            }
            // The base's part of an object (a copy of it, or a pointer to it), where the
            // layout puts it (`Lower::base_place`); a pointer back to the derived object.
            kind @ ("UncheckedDerivedToBase" | "DerivedToBase" | "BaseToDerived") => {
                if inner.is_lvalue() && !n.is_lvalue() {
                    let p = self.place(inner, out);
                    let p = self.base_place(p, Some(kind), ty, span);
                    return self.read(p, span, out);
                }
                match self.rvalue(inner, out) {
                    Val::Ptr(Ptr::To {
                        array,
                        off,
                        pointee,
                        within,
                    }) => {
                        let to = match ty {
                            CType::Pointer(t) => (**t).clone(),
                            t => t.clone(),
                        };
                        match self.base_shift(&array, Some(kind), &pointee, &to) {
                            Some(0) => Val::Ptr(Ptr::To {
                                array,
                                off,
                                pointee: to,
                                within,
                            }),
                            Some(k) => Val::Ptr(Ptr::To {
                                array,
                                off: Expr::bin(BinOp::Add, off, int(k, span)),
                                pointee: to,
                                within: None,
                            }),
                            None => Val::Ptr(Ptr::Many(vec![array])),
                        }
                    }
                    v => v,
                }
            }
            "ToVoid" => {
                self.rvalue_or_place(inner, out);
                Val::Opaque
            }
            "NullToPointer" => Val::Ptr(Ptr::Unknown),
            "IntegralCast"
            | "IntegralToBoolean"
            | "FloatingToIntegral"
            | "IntegralToFloating"
            | "FloatingCast"
            | "FloatingToBoolean"
            | "BooleanToSignedIntegral"
            | "PointerToBoolean"
            | "BitCast"
            | "IntegralToPointer"
            | "PointerToIntegral" => {
                let v = self.rvalue(inner, out);
                match n.cast_kind {
                    Some("BooleanToSignedIntegral") => {
                        // `true` is -1.
                        match v {
                            Val::Bool(c) => match self.indicator(&c, 0) {
                                Some(e) => Val::Num(
                                    Expr::bin(BinOp::Sub, int(0, span), e),
                                    ty.scalar().unwrap_or(Scalar::INT),
                                ),
                                None => self.unknown_val("bool_to_int", ty, span, out),
                            },
                            _ => self.unknown_val("bool_to_int", ty, span, out),
                        }
                    }
                    Some("IntegralToPointer") => Val::Ptr(Ptr::Unknown),
                    Some("PointerToIntegral") => self.unknown_val("pointer_value", ty, span, out),
                    _ => self.convert(v, ty, span, out),
                }
            }
            // A conversion operator's call is the child: its value is the conversion's.
            "UserDefinedConversion" => {
                let v = self.rvalue(inner, out);
                match (v, ty) {
                    (v @ Val::Ptr(_), CType::Pointer(_)) => v,
                    (v, CType::Scalar(_)) => self.convert(v, ty, span, out),
                    _ => self.unknown_val("conversion", ty, span, out),
                }
            }
            "ConstructorConversion" => match self.rvalue(inner, out) {
                // `P(i)`: the object its constructor built.
                v @ Val::Fields(_) if matches!(ty, CType::Record(_)) => v,
                _ => self.unknown_val("conversion", ty, span, out),
            },
            other => {
                let v = self.rvalue(inner, out);
                let _ = v;
                let other = other.to_string();
                self.unknown_val(&format!("cast_{other}"), ty, span, out)
            }
        }
    }

    /// `(U *)((char *)p + e)` (a pitched row, a byte offset): `p` moved by `e / sizeof(U)`
    /// cells when `p` and `U` have cells of one size and `e` is a multiple of it (the
    /// lowering sees the factor: `y * pitch` with a constant pitch); otherwise what C does
    /// step by step, where the `char *` is any cell of its array.
    ///
    /// A factor that is an integer kernel parameter (`y * pitch`, `pitch` a `size_t`) is
    /// assumed a multiple of `sizeof(U)`: `assume pitch % 4 == 0;` opens the kernel. CUDA
    /// gives no other meaning to such a cast: a `U` at an address that is not a multiple of
    /// its size is a misaligned access, which faults, and the pitch of `cudaMallocPitch` is a
    /// multiple of the device's alignment (hundreds of bytes). The assumption is stated in
    /// `--emit core` and in the README; a kernel whose byte offset is not a multiple for
    /// another reason (`+ 2`) stays any cell of its array.
    fn byte_offset_pointer(
        &mut self,
        p: &Node,
        e: &Node,
        minus: bool,
        to: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let pv = self.rvalue(p, out);
        let ev = self.rvalue(e, out);
        if let (
            Val::Ptr(Ptr::To {
                array,
                off,
                pointee,
                ..
            }),
            Val::Num(x, xs),
        ) = (&pv, &ev)
        {
            let cell = self.uniform_cell(pointee);
            let plain = self.byte_array(array).is_none()
                && self.dynamic_shared.as_deref() != Some(array.as_str());
            let mut assumed = Vec::new();
            if let Some(c) = cell.filter(|c| {
                plain
                    && !matches!(xs, Scalar::Float(_))
                    && Some(*c) == self.uniform_cell(to)
                    && matches!(c, 1 | 2 | 4 | 8 | 16)
                    && (divisible(x, *c as i64)
                        || divisible_assuming(x, *c as i64, &self.int_params, &mut assumed))
            }) {
                for p in assumed {
                    let k = self.assumed_multiples.entry(p).or_insert(1);
                    *k = (*k).max(c as i64);
                }
                let cells = Expr::bin(BinOp::Div, x.clone(), int(c as i64, span));
                let op = if minus { BinOp::Sub } else { BinOp::Add };
                return Val::Ptr(Ptr::To {
                    array: array.clone(),
                    off: Expr::bin(op, off.clone(), cells),
                    pointee: to.clone(),
                    within: None,
                });
            }
        }
        let bytes = CType::Scalar(Scalar::Int {
            bits: 8,
            signed: true,
        });
        let c = self.recast(ptr_of(pv), &bytes, span);
        let moved = self.pointer_arith(if minus { "-" } else { "+" }, c, ev, span, out);
        Val::Ptr(self.recast(ptr_of(moved), to, span))
    }

    /// `threadIdx.x` and the like, and `warpSize`: values, not memory.
    pub(super) fn builtin_value(&mut self, n: &Node, span: Span) -> Option<Val> {
        match n.kind {
            Kind::MemberExpr => {
                let base = n.exprs().next()?;
                let name = base.referenced_decl.as_ref()?.name.as_deref()?;
                if base.kind != Kind::DeclRefExpr || !self.is_prelude_var(base) {
                    return None;
                }
                let comp = builtin_component(name, n.name.as_deref()?)?;
                Some(Val::Num(Expr::var(comp, span), Scalar::UINT))
            }
            Kind::DeclRefExpr => {
                let d = n.referenced_decl.as_ref()?;
                let name = d.name.as_deref()?;
                if !self.is_prelude_var(n) {
                    return None;
                }
                if name == "warpSize" {
                    return Some(Val::Num(int(32, span), Scalar::INT));
                }
                // The whole struct (`uint3 t = threadIdx`, `dim3 b = blockDim`): its three
                // components, as `threadIdx.x` reads each.
                let fields = ["x", "y", "z"].into_iter().map(|m| {
                    let comp = builtin_component(name, m)?;
                    Some((m.to_string(), Val::Num(Expr::var(comp, span), Scalar::UINT)))
                });
                Some(Val::Fields(fields.collect::<Option<_>>()?))
            }
            Kind::ParenExpr | Kind::ImplicitCastExpr if n.cast_kind.is_none_or(|k| k == "NoOp") => {
                n.exprs().next().and_then(|c| self.builtin_value(c, span))
            }
            _ => None,
        }
    }

    /// Whether a `DeclRefExpr` names a variable of mapcheck's headers (not a user variable that
    /// happens to be called `threadIdx`).
    pub(super) fn is_prelude_var(&self, n: &Node) -> bool {
        n.referenced_decl
            .as_ref()
            .and_then(|d| self.g.memory.get(d.id.as_str()))
            .is_some_and(|(decl, _)| {
                !decl.is_in_main_file() && decl.file().is_some_and(is_prelude_file)
            })
    }
}

/// `(U *)((char *)p + e)` or `(U *)((char *)p - e)`, an explicit cast: `p`, `e` and whether
/// the offset is subtracted.
fn byte_offset(n: &Node) -> Option<(&Node, &Node, bool)> {
    if !matches!(
        n.kind,
        Kind::CStyleCastExpr | Kind::CXXReinterpretCastExpr | Kind::CXXStaticCastExpr
    ) {
        return None;
    }
    let sum = strip_parens(n.exprs().next()?);
    let op = sum.opcode?;
    if sum.kind != Kind::BinaryOperator || !matches!(op, "+" | "-") {
        return None;
    }
    let is_bytes = |m: &Node| {
        matches!(
            CType::parse(m.qual_type()),
            CType::Pointer(t) if matches!(*t, CType::Scalar(Scalar::Int { bits: 8, .. }))
        )
    };
    if !is_bytes(sum) {
        return None;
    }
    let (a, b) = (child(sum, 0)?, child(sum, 1)?);
    let (ptr, off) = if is_bytes(a) {
        (a, b)
    } else if op == "+" && is_bytes(b) {
        (b, a)
    } else {
        return None;
    };
    let cast = strip_parens(ptr);
    if !matches!(
        cast.kind,
        Kind::CStyleCastExpr | Kind::CXXReinterpretCastExpr | Kind::CXXStaticCastExpr
    ) || cast.cast_kind != Some("BitCast")
    {
        return None;
    }
    Some((cast.exprs().next()?, off, op == "-"))
}

/// Whether the value of `e` is a multiple of `k` (a power of two) by its shape: a product
/// with such a factor, sums of such, and C's reductions modulo 2^n (n at least `k`'s bits).
fn divisible(e: &Expr, k: i64) -> bool {
    divisible_assuming(e, k, &HashSet::new(), &mut Vec::new())
}

/// [`divisible`], where a variable of `params` is a multiple of `k` by assumption (recorded
/// in `assumed`; a proof that needs none is preferred).
fn divisible_assuming(
    e: &Expr,
    k: i64,
    params: &HashSet<String>,
    assumed: &mut Vec<String>,
) -> bool {
    if let Some(c) = constant(e) {
        return c % i128::from(k) == 0;
    }
    let go = |x: &Expr, assumed: &mut Vec<String>| divisible_assuming(x, k, params, assumed);
    match &e.kind {
        ExprKind::Var(v) if params.contains(v) => {
            assumed.push(v.clone());
            true
        }
        ExprKind::Neg(a) => go(a, assumed),
        ExprKind::Bin(BinOp::Mul, a, b) => {
            let (mut x, mut y) = (Vec::new(), Vec::new());
            let (ta, tb) = (go(a, &mut x), go(b, &mut y));
            if ta && x.is_empty() || tb && y.is_empty() {
                return true;
            }
            assumed.extend(if ta { x } else { y });
            ta || tb
        }
        ExprKind::Bin(BinOp::Add | BinOp::Sub, a, b) => go(a, assumed) && go(b, assumed),
        ExprKind::Bin(BinOp::And, a, m) => {
            matches!(m.kind,
            ExprKind::Int(m) if m > 0 && (m + 1) % k == 0 && ((m + 1) & m) == 0)
                && go(a, assumed)
        }
        // C's reduction modulo 2^64 (`e % (K + K + 2)`, see `convert_int`): a multiple of `k`
        // in `int`; in machine words the modulus wraps to 0 and `e % 0` is `e`.
        ExprKind::Bin(BinOp::Rem, a, m) => {
            constant(m).is_some_and(|m| m != 0 && m % i128::from(k) == 0) && go(a, assumed)
        }
        _ => false,
    }
}

/// The value of a constant expression of literals, `+`, `-` and `*` (128-bit, unwrapped).
pub(super) fn constant(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(n) => Some(i128::from(*n)),
        ExprKind::Neg(a) => constant(a)?.checked_neg(),
        ExprKind::Bin(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let (a, b) = (constant(a)?, constant(b)?);
            match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                _ => a.checked_mul(b),
            }
        }
        _ => None,
    }
}

impl Lower<'_, '_> {
    /// The located refusal of a class whose code C++ would run without a call in the source.
    pub(super) fn class_code_error(&mut self, ty: &CType, code: ClassCode, span: Span) {
        let name = match ty {
            CType::Record(n) => resolve::shown(n).to_string(),
            CType::Array(t, _) => match t.as_ref() {
                CType::Record(n) => resolve::shown(n).to_string(),
                _ => "object".into(),
            },
            _ => "object".into(),
        };
        let message = match code {
            ClassCode::Ambiguous => format!(
                "`{name}` has {}: mapcheck cannot tell which one this is",
                code.describe()
            ),
            _ => format!(
                "`{name}` has {}: code C++ runs without a call in the source, which mapcheck \
                 does not follow",
                code.describe()
            ),
        };
        // A declaration and its construction name the same class: say it once.
        if !self.errors.iter().any(|d| d.message == message) {
            self.error(span, message, "here");
        }
    }
}
