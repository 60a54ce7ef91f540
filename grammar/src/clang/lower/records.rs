//! Structs followed field by field (issue 20 items 1 and 4): a struct parameter, local, or
//! by-value argument whose fields are scalars, pointers or such structs (at any depth of
//! nested structs) is not thread-private memory but one local per field. A field `b.out` is
//! the local `ID.out` of the environment (`ID` the declaration's id), so that everything the
//! lowering does for locals — joins by cases after an `if`, loop-carried values and their
//! closed forms, pointers to locals — holds for fields too, and an access through `b.out` is
//! an access of the array it points into.
//!
//! * A **kernel parameter** of such a type gives each pointer field an array of its own
//!   (`b_out`), distinct from every other parameter's and field's: the assumption the lowering
//!   makes for pointer parameters (README, "Distinct pointer parameters do not alias"), now
//!   for pointers passed inside a struct. Each scalar field is a kernel parameter of its own
//!   C type (`b_n: i32`): a `cudaExtent` bounds a volume by three parameters.
//! * A **local** takes its fields from an aggregate initialiser (`View v = {tile, 8}`), from
//!   a copy (`Args b = a;`, `c = b;`, a by-value argument of an inlined call), or is left
//!   indeterminate (`Args c;`: every field `?`, every pointer unknown, so an access through
//!   one is refused with a located error).
//! * A record with a **constructor written by the user**: each construction by it (`P p(i)`,
//!   `P p = P(i)`, a temporary, a delegating initialiser) inlines it on a fresh object
//!   (`run_constructor`):
//!   its fields indeterminate, then its member initialisers in order, then its body with
//!   `this` the object's address. A class whose objects run other code unseen (virtual
//!   methods, a destructor that is not trivial) or that is not followed (bases, arrays)
//!   keeps the located refusal of `ClassCode`.
//! * A **bit-field** is a field of its width (`bitfields.rs`): a value stored in it keeps its
//!   low bits, as C's conversion to a bit-field does; a kernel parameter's ranges over its
//!   width's values (an entry `assume`). A struct with bit-fields has no cell per field, so it
//!   is not copied to or from memory value by value (`?`).
//! * What may change a followed struct behind the lowering's back makes its fields unknown:
//!   its address passed to a function without a body, a write of a whole value the lowering
//!   does not follow (`*(int *)&b = 0`). Pointer arithmetic on `&b` is an unknown pointer
//!   (refused where used), as for any local.
//!
//! Records that cannot be followed this way (unions — a thread's own union is followed byte
//! by byte instead, `unions.rs` —, bases, array fields, nesting
//! deeper than [`MAX_RECORD_DEPTH`], more than [`MAX_RECORD_FIELDS`] fields) stay
//! thread-private memory: a field read from one is `?`, a pointer read from one is unknown,
//! and an access through it refused. Until session 14 only structs holding a pointer (or with
//! a written constructor) were followed, so a plain `struct Pos { int r, c; }` returned by a
//! helper made its reader data-dependent.

use super::*;

/// How deep structs nest inside a followed struct.
const MAX_RECORD_DEPTH: usize = 4;
/// How many fields, at every depth, a followed struct has at most.
const MAX_RECORD_FIELDS: usize = 64;

impl<'a> Lower<'_, 'a> {
    /// The fields of `ty` when it is a struct followed field by field: known, laid out
    /// plainly, with only scalar, pointer and such struct fields, not too many of them.
    pub(super) fn followed_record(&self, ty: &CType) -> Option<Vec<(String, CType)>> {
        let fields = self.record_fields(ty, 0)?;
        (self.field_count(ty, 0)? <= MAX_RECORD_FIELDS).then_some(fields)
    }

    fn record_fields(&self, ty: &CType, depth: usize) -> Option<Vec<(String, CType)>> {
        let CType::Record(name) = ty else {
            return None;
        };
        if depth > MAX_RECORD_DEPTH {
            return None;
        }
        let r = self.g.record_named(name.as_str())?;
        if r.tag_used.as_deref() == Some("union") || r.bases.is_some() {
            return None;
        }
        let mut fields = Vec::new();
        for f in r.inner.iter().filter(|f| f.kind == Kind::FieldDecl) {
            if f.is_bitfield == Some(true) {
                // A named bit-field is a local of its width (`bitfields.rs`); an unnamed one
                // only pads.
                let Some(field) = f.name.clone().filter(|n| !n.is_empty()) else {
                    continue;
                };
                let (_, bf, _) = self.g.bit_field_at(name, &field)?;
                fields.push((field, bf.value_type()));
                continue;
            }
            // An anonymous field has no name to reach; a default member initialiser (an
            // expression child) runs code the lowering does not follow.
            let name = f.name.clone().filter(|n| !n.is_empty())?;
            if f.exprs().next().is_some() {
                return None;
            }
            let fty = match CType::parse(f.qual_type()) {
                // A reference member holds where it refers: a pointer the member's uses go
                // through (`Globals::reference_field`, `Lower::member_place`).
                CType::Reference(t) => CType::Pointer(t),
                t => t,
            };
            match &fty {
                CType::Scalar(_) | CType::Pointer(_) => {}
                CType::Record(_) => {
                    self.record_fields(&fty, depth + 1)?;
                }
                _ => return None,
            }
            fields.push((name, fty));
        }
        Some(fields)
    }

    /// The positions of the braces `n` (an `InitListExpr` of the record type `ty`) that bind
    /// a reference member.
    pub(super) fn reference_bindings(&self, n: &Node, ty: &CType) -> Vec<usize> {
        let (Kind::InitListExpr, CType::Record(r)) = (&n.kind, ty) else {
            return Vec::new();
        };
        // An aggregate with bases lists their initialisers first.
        let Some(record) = self.g.record_named(r).filter(|r| r.bases.is_none()) else {
            return Vec::new();
        };
        (record.inner.iter())
            .filter(|f| f.kind == Kind::FieldDecl)
            .enumerate()
            .filter(|(_, f)| globals::is_reference_field(f))
            .map(|(k, _)| k)
            .collect()
    }

    /// Whether `field` of the record type `ty` is a reference member.
    pub(super) fn reference_member(&self, ty: &CType, field: &str) -> bool {
        matches!(ty, CType::Record(r) if self.g.reference_field(r, field))
    }

    /// How many fields a followable `ty` has, at every depth.
    fn field_count(&self, ty: &CType, depth: usize) -> Option<usize> {
        let mut count = 0;
        for (_, fty) in self.record_fields(ty, depth)? {
            count += 1;
            if let CType::Record(_) = fty {
                count += self.field_count(&fty, depth + 1)?;
            }
        }
        Some(count)
    }

    /// Binds the followed struct `id` (named `name` in lets) of type `ty` to `v`: the fields
    /// of a `Val::Fields`, each converted to its type; any field `v` does not give is `?` (an
    /// unknown pointer for a pointer field).
    pub(super) fn bind_record(
        &mut self,
        id: &str,
        name: &str,
        ty: &CType,
        v: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let fields = self.record_fields(ty, 0).unwrap_or_default();
        let mut given = match v {
            Val::Fields(f) => f,
            _ => Vec::new(),
        };
        self.env.insert(id.to_string(), Binding::Record(ty.clone()));
        self.local_names.insert(id.to_string(), name.to_string());
        for (field, fty) in fields {
            let fid = field_id(id, &field);
            let fname = format!("{name}_{field}");
            let display = format!("{}.{field}", self.display_of(name));
            self.display_name(&fname, display);
            let fv = given
                .iter()
                .position(|(f, _)| *f == field)
                .map(|k| given.swap_remove(k).1);
            if let CType::Record(_) = fty {
                self.bind_record(&fid, &fname, &fty, fv.unwrap_or(Val::Opaque), span, out);
                continue;
            }
            self.local_names.insert(fid.clone(), fname.clone());
            let fv = match fv {
                Some(v @ (Val::Num(..) | Val::Bool(_) | Val::Ptr(_))) => {
                    let v = self.convert(v, &fty, span, out);
                    match v {
                        Val::Num(e, s) => Val::Num(self.bound(&fname, e, out), s),
                        v => v,
                    }
                }
                _ => self.unknown_val(&format!("{fname}_unknown"), &fty, span, out),
            };
            self.env.insert(fid, Binding::Val(fv));
        }
    }

    /// The value of the followed struct `id`: its fields' values, nested structs as
    /// `Val::Fields` of theirs.
    pub(super) fn record_value(&mut self, id: &str, span: Span, out: &mut Vec<Stmt>) -> Val {
        let Some(Binding::Record(ty)) = self.env.get(id).cloned() else {
            return Val::Opaque;
        };
        let mut fields = Vec::new();
        for (field, fty) in self.record_fields(&ty, 0).unwrap_or_default() {
            let fid = field_id(id, &field);
            let v = match self.env.get(&fid).cloned() {
                Some(Binding::Record(_)) => self.record_value(&fid, span, out),
                Some(Binding::Val(v)) => v,
                _ => self.unknown_val("field", &fty, span, out),
            };
            fields.push((field, v));
        }
        Val::Fields(fields)
    }

    /// A followed struct read whole from memory (`float4 v = in[i]`), from the values of its
    /// cells in order: its scalar fields those values, its pointer fields unknown (a pointer
    /// loaded from memory is not followed); `None` when `ty` is not followed or its cells are
    /// not one per scalar and pointer field, in declaration order.
    pub(super) fn record_from_cells(&mut self, ty: &CType, cells: Vec<Expr>) -> Option<Val> {
        if self.cell_count(ty)? != cells.len() {
            return None;
        }
        self.record_of_cells(ty, &mut cells.into_iter(), 0)
    }

    fn record_of_cells(
        &mut self,
        ty: &CType,
        cells: &mut impl Iterator<Item = Expr>,
        depth: usize,
    ) -> Option<Val> {
        let mut fields = Vec::new();
        for (field, fty) in self.record_fields(ty, depth)? {
            if let CType::Record(_) = fty {
                fields.push((field, self.record_of_cells(&fty, cells, depth + 1)?));
                continue;
            }
            let e = cells.next()?;
            if let (Some(r), ExprKind::Var(name)) = (fty.scalar().and_then(|s| s.range()), &e.kind)
            {
                self.ranges.insert(name.clone(), r);
            }
            let v = match fty {
                CType::Scalar(Scalar::Bool) => {
                    let span = e.span;
                    Val::Bool(cmp(CmpOp::Ne, e, int(0, span)))
                }
                CType::Scalar(s) => Val::Num(e, s),
                CType::Pointer(_) => Val::Ptr(Ptr::Unknown),
                _ => return None,
            };
            fields.push((field, v));
        }
        Some(Val::Fields(fields))
    }

    /// The values a followed struct value `v` of type `ty` gives its cells, in order (`None`
    /// for a field it does not give); `None` when `v` is no such value or the cells of `ty` are
    /// not one per scalar and pointer field.
    pub(super) fn record_cells(&self, ty: &CType, v: &Val) -> Option<Vec<Option<Val>>> {
        let n = self.cell_count(ty)?;
        let mut out = Vec::new();
        self.cells_of_record(ty, v, 0, &mut out)?;
        (out.len() == n).then_some(out)
    }

    fn cells_of_record(
        &self,
        ty: &CType,
        v: &Val,
        depth: usize,
        out: &mut Vec<Option<Val>>,
    ) -> Option<()> {
        let Val::Fields(given) = v else {
            return None;
        };
        for (field, fty) in self.record_fields(ty, depth)? {
            let fv = given.iter().find(|(f, _)| *f == field).map(|(_, v)| v);
            match (&fty, fv) {
                (CType::Record(_), Some(fv @ Val::Fields(_))) => {
                    self.cells_of_record(&fty, fv, depth + 1, out)?
                }
                (CType::Record(_), _) => {
                    let n = self.cell_count(&fty)?;
                    out.extend(std::iter::repeat_n(None, n));
                }
                (_, fv) => out.push(fv.cloned()),
            }
        }
        Some(())
    }

    /// How many cells the followed struct `ty` has, when it has one per scalar and pointer
    /// field (nested structs inline) in declaration order, each at the offset the layout gives.
    fn cell_count(&self, ty: &CType) -> Option<usize> {
        self.followed_record(ty)?;
        let n = self.leaf_count(ty, 0)?;
        (self.g.cells(ty, 0)? == n as u64).then_some(n)
    }

    fn leaf_count(&self, ty: &CType, depth: usize) -> Option<usize> {
        let CType::Record(name) = ty else {
            return None;
        };
        let mut n = 0;
        for (field, fty) in self.record_fields(ty, depth)? {
            // The layout's own offset of the field, so that the order is the cells' order.
            if self.g.field(name, &field)?.0 != n as u64 {
                return None;
            }
            n += match &fty {
                CType::Record(_) => self.leaf_count(&fty, depth + 1)?,
                _ => 1,
            };
        }
        Some(n)
    }

    /// `id = v` for a followed struct: the fields of `v`, or every field unknown when `v` is
    /// not a struct value the lowering follows.
    pub(super) fn assign_record(&mut self, id: &str, v: Val, span: Span, out: &mut Vec<Stmt>) {
        let Some(Binding::Record(ty)) = self.env.get(id).cloned() else {
            return;
        };
        let name = self.local_name(id);
        self.bind_record(id, &name, &ty, v, span, out);
    }

    /// The place of field `field` of the followed struct `id`; a bit-field's is of its width
    /// (`BitField::value_type`), so that a value stored in it wraps to its bits
    /// (`Lower::write`).
    pub(super) fn field_place(&mut self, id: &str, field: &str, ty: CType) -> Place {
        let fid = field_id(id, field);
        let ty = match self.env.get(id) {
            Some(Binding::Record(CType::Record(r))) if self.g.bit_field(r, field) => self
                .g
                .bit_field_at(r, field)
                .map_or(ty, |(_, bf, _)| bf.value_type()),
            _ => ty,
        };
        match self.env.get(&fid) {
            Some(Binding::Val(_) | Binding::Record(_)) => Place::Local(fid, ty),
            _ => Place::Unknown(ty),
        }
    }

    /// A kernel parameter of a followed struct type: a distinct array per pointer field, a
    /// kernel parameter per scalar field. The kernel-entry assumptions it needs (the range of
    /// a bit-field's parameter) go to `entry`.
    pub(super) fn record_param(
        &mut self,
        id: &str,
        name: &str,
        ty: &CType,
        span: Span,
        entry: &mut Vec<Stmt>,
    ) {
        let v = self.param_fields(name, ty, span, entry);
        let mut out = Vec::new();
        self.bind_record(id, name, ty, v, span, &mut out);
        // Every field has a value: binding it emits nothing.
        debug_assert!(out.is_empty());
    }

    fn param_fields(&mut self, name: &str, ty: &CType, span: Span, entry: &mut Vec<Stmt>) -> Val {
        let mut fields = Vec::new();
        for (field, fty) in self.record_fields(ty, 0).unwrap_or_default() {
            let fname = format!("{name}_{field}");
            let display = format!("{}.{field}", self.display_of(name));
            self.display_name(&fname, display);
            let v = match &fty {
                CType::Record(_) => self.param_fields(&fname, &fty, span, entry),
                CType::Pointer(pointee) => self.pointer_param(&fname, pointee, span),
                // A bit-field of `w` bits: a parameter of the 32-bit type of its signedness
                // (the core's parameters have the widths of C's types), assumed within the
                // `w`-bit values from the kernel's entry.
                CType::Scalar(s @ Scalar::Int { bits, signed }) if !is_c_width(*bits) => {
                    let wide = Scalar::Int {
                        bits: 32,
                        signed: *signed,
                    };
                    let (core, v) = self.kernel_param(&fname, wide, None, span);
                    if let Some((lo, hi)) = s.range() {
                        self.ranges.insert(core.clone(), (lo, hi));
                        let x = Expr::var(core, span);
                        let within = and(
                            cmp(CmpOp::Ge, x.clone(), int(lo as i64, span)),
                            cmp(CmpOp::Le, x, int(hi as i64, span)),
                        );
                        entry.push(stmt(StmtKind::Assume { cond: within }, span));
                    }
                    match v {
                        Val::Num(e, _) => Val::Num(e, *s),
                        v => v,
                    }
                }
                CType::Scalar(s) => self.scalar_param(&fname, s, span),
                _ => Val::Opaque,
            };
            fields.push((field, v));
        }
        Val::Fields(fields)
    }

    /// The value of a construction of a followed struct: a copy of its argument, or an
    /// aggregate's fields in order; `None` for any other construction (a written constructor,
    /// a default one): the fields are then unknown.
    pub(super) fn constructed_record(
        &mut self,
        n: &Node,
        ty: &CType,
        out: &mut Vec<Stmt>,
    ) -> Option<Val> {
        self.followed_record(ty)?;
        self.construct(n, ty, 0, out)
    }

    fn construct(
        &mut self,
        n: &Node,
        ty: &CType,
        depth: usize,
        out: &mut Vec<Stmt>,
    ) -> Option<Val> {
        let fields = self.record_fields(ty, depth)?;
        let span = self.span(n);
        let n = strip_parens(n);
        let args: Vec<&Node> = n.exprs().collect();
        match n.kind {
            Kind::CXXConstructExpr | Kind::CXXTemporaryObjectExpr => {
                if let Some(def) = self.inlined_ctor(n, ty) {
                    return Some(self.run_constructor(n, def, ty, out));
                }
                // Any other constructor written by the user is not followed.
                if self.g.written_ctor(n, ty).is_some() || self.g.constructing(n, ty).is_some() {
                    return None;
                }
                let [a] = args.as_slice() else {
                    return None;
                };
                if CType::parse(a.qual_type()) != *ty {
                    return None;
                }
                // A copy of a geometry built-in (`uint3 t = threadIdx`): its components.
                if let Some(v) = self.builtin_value(a, span) {
                    return Some(v);
                }
                Some(if a.is_lvalue() {
                    let p = self.place(a, out);
                    self.read(p, span, out)
                } else {
                    self.rvalue(a, out)
                })
            }
            Kind::InitListExpr if args.len() == fields.len() => {
                let mut vals = Vec::new();
                for ((field, fty), a) in fields.into_iter().zip(args) {
                    if self.reference_member(ty, &field) {
                        // Binding a reference member: where it refers, nothing read.
                        let p = self.place(a, out);
                        vals.push((field, self.address(p)));
                        continue;
                    }
                    let v = match (&fty, a.kind.clone()) {
                        // A pointer field left out of the braces is null.
                        (CType::Pointer(_), Kind::ImplicitValueInitExpr) => Val::Ptr(Ptr::Unknown),
                        (CType::Scalar(s), Kind::ImplicitValueInitExpr)
                            if !matches!(s, Scalar::Float(_)) =>
                        {
                            Val::Num(int(0, span), *s)
                        }
                        (CType::Record(_), _) => match self.construct(a, &fty, depth + 1, out) {
                            Some(v) => v,
                            None => {
                                self.rvalue(a, out);
                                Val::Opaque
                            }
                        },
                        _ => {
                            let v = self.rvalue(a, out);
                            self.convert(v, &fty, span, out)
                        }
                    };
                    vals.push((field, v));
                }
                Some(Val::Fields(vals))
            }
            _ => None,
        }
    }

    /// The user-written constructor that the construction `n` of `ty` runs, when the lowering
    /// inlines it (issue 20): `ty` is a struct followed field by field whose objects run no
    /// other code unseen (no virtual methods, a trivial destructor), and the constructor's
    /// definition is visible.
    pub(super) fn inlined_ctor(&self, n: &Node, ty: &CType) -> Option<&'a Node> {
        let CType::Record(_) = ty else {
            return None;
        };
        if self.g.holding(ty).is_some() {
            return None;
        }
        self.followed_record(ty)?;
        self.g.written_ctor(n, ty)
    }

    /// The value of the construction `n` by the user-written constructor `def`: a fresh object
    /// of `ty` followed field by field (fields indeterminate until written, as in C++), `this`
    /// its address, the member initialisers then the body inlined on it, its fields the value.
    pub(super) fn run_constructor(
        &mut self,
        n: &Node,
        def: &Node,
        ty: &CType,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let span = self.span(n);
        let obj = self.fresh("obj");
        self.bind_record(&obj, &obj, ty, Val::Opaque, span, out);
        let args: Vec<&Node> = n.exprs().collect();
        let saved = self.this.replace(Val::Ptr(Ptr::Local(obj.clone())));
        self.inline(def, &args, Order::LeftToRight, &CType::Void, span, out);
        self.this = saved;
        let v = self.record_value(&obj, span, out);
        // The object is its value now: its fields leave the environment.
        let prefix = format!("{obj}.");
        self.env.retain(|k, _| *k != obj && !k.starts_with(&prefix));
        v
    }

    /// The member initialisers of the constructor `def` being inlined, in the order clang
    /// lists them (the order C++ runs them: the fields' declaration order), on the object
    /// `this` points to. A delegating initialiser (`P() : P(7) {}`) builds the whole object by
    /// the other constructor.
    pub(super) fn member_inits(&mut self, def: &Node, span: Span, out: &mut Vec<Stmt>) {
        let inits: Vec<&Node> = def
            .inner
            .iter()
            .filter(|c| matches!(&c.kind, Kind::Other(k) if k == "CXXCtorInitializer"))
            .collect();
        if inits.is_empty() {
            return;
        }
        let obj = match self.this.clone() {
            Some(Val::Ptr(Ptr::Local(obj))) => obj,
            _ => {
                self.error(
                    span,
                    "a constructor's initialisers on an object mapcheck does not follow",
                    "here",
                );
                return;
            }
        };
        let Some(Binding::Record(ty)) = self.env.get(&obj).cloned() else {
            self.error(
                span,
                "a constructor's initialisers on an object mapcheck does not follow",
                "here",
            );
            return;
        };
        let fields = self.record_fields(&ty, 0).unwrap_or_default();
        for init in inits {
            let Some(e) = init.exprs().next() else {
                continue;
            };
            let field = init
                .any_init
                .as_ref()
                .and_then(|f| f.get("name"))
                .and_then(|f| f.as_str());
            let fty = field.and_then(|f| fields.iter().find(|(name, _)| name == f));
            match (field, fty) {
                (Some(field), Some((_, fty))) => {
                    let fty = fty.clone();
                    let v = match &fty {
                        // Binding a reference member: where it refers, nothing read.
                        _ if self.reference_member(&ty, field) => {
                            let p = self.place(e, out);
                            self.address(p)
                        }
                        CType::Record(_) => match self.construct(e, &fty, 1, out) {
                            Some(v) => v,
                            None => self.record_operand(e, out),
                        },
                        _ => {
                            let v = self.rvalue(e, out);
                            self.convert(v, &fty, span, out)
                        }
                    };
                    let place = self.field_place(&obj, field, fty);
                    self.write(place, v, span, out);
                }
                (None, _) if CType::parse(e.qual_type()) == ty => {
                    let v = match self.construct(e, &ty, 0, out) {
                        Some(v) => v,
                        None => self.record_operand(e, out),
                    };
                    self.assign_record(&obj, v, span, out);
                }
                _ => self.error(
                    self.span(init),
                    "a constructor initialiser mapcheck does not lower (a base or an unnamed member)",
                    "here",
                ),
            }
        }
    }

    /// The struct value of an expression that is not a construction the lowering follows (a
    /// call returning a struct, a written constructor's): its fields when it gives them.
    pub(super) fn record_operand(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Val {
        let v = if n.is_lvalue() {
            let span = self.span(n);
            let p = self.place(n, out);
            self.read(p, span, out)
        } else {
            self.rvalue(n, out)
        };
        match v {
            v @ Val::Fields(_) => v,
            _ => Val::Opaque,
        }
    }

    /// Every field of the followed struct `id` unknown: something the lowering does not follow
    /// may have written it.
    pub(super) fn havoc_record(&mut self, id: &str, span: Span, out: &mut Vec<Stmt>) {
        self.assign_record(id, Val::Opaque, span, out);
    }

    /// The pointers a struct value holds, at every depth.
    pub(super) fn record_pointers(v: &Val, found: &mut Vec<Ptr>) {
        if let Val::Fields(fields) = v {
            for (_, f) in fields {
                match f {
                    Val::Ptr(p) => found.push(p.clone()),
                    f @ Val::Fields(_) => Self::record_pointers(f, found),
                    _ => {}
                }
            }
        }
    }
}

/// The environment id of field `field` of the followed struct `id`.
pub(super) fn field_id(id: &str, field: &str) -> String {
    format!("{id}.{field}")
}
