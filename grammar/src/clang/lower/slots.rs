//! Local arrays followed element by element (issue 20 item 2): `float *bufs[2] = {a, b};` and
//! `const int offs[2] = {0, 32};` are not thread-private memory but one local per element,
//! `ID.k` in the environment (as a followed struct's fields are), so that `bufs[k][tid]` is an
//! access of the array `bufs[k]` points into and `s[offs[t % 2] + t / 2]` a cell the lowering
//! knows. Elements are locals like any other: joins after an `if` and loop-carried values
//! treat them as they treat scalars.
//!
//! * An element read at an index the lowering knows (a constant) is that element; at any other
//!   index, the selection by the index of the elements (`Ptr::select` for pointers, a core
//!   `select` chain for integers: exact when each names its memory or value). An index the
//!   lowering's intervals do not settle within the array is checked as an access of an array
//!   of fixed size is (`Lower::local_check`, session 21: a read of a core array standing for
//!   the local, with the bound, so that `map-smt` asks whether it leaves the array and reports
//!   an `out-of-bounds` finding); every element of the chain is then guarded by its index, the
//!   last one too, and an integer read outside takes the check's value (any value), never an
//!   element. (A chain of pointers keeps the last element for an index outside: no pointer
//!   can stand for it, and the check's finding keeps the verdict from `drf`.)
//! * An element written at a known index is that local assigned. An array of pointers written
//!   at an index the lowering does not know, or used otherwise than by indexing it (its
//!   address passed on, `*bufs`, `bufs + 1`), is refused with a located error: an alias could
//!   change an element behind the lowering's back.
//! * An array of integers (or `bool`s) is followed only when its declaration is named nowhere
//!   but as `a[i]` read or assigned (`Globals::escaped`, a scan of the whole file before
//!   lowering, so that no later alias is missed): any other array stays thread-private memory
//!   read as `?`. A write at an index the lowering does not know updates every element by
//!   cases, `a_k = select(i == k, v, a_k)`: exact for an index in bounds, and no write is
//!   dropped; an index the intervals do not settle is checked as a read's is.
//!
//! The element count is bounded ([`MAX_SLOTS`]): a read at an unknown index is a chain of
//! one selection per element and a write one `let` per element, so a large array (a
//! per-thread buffer of hundreds of values) would multiply the kernel's size for values that
//! are seldom constants; such arrays stay thread-private `?`s.

use super::records::field_id;
use super::*;

/// How many elements a followed array has at most.
const MAX_SLOTS: u64 = 64;

impl Lower<'_, '_> {
    /// Declares the local `d` of type `ty` as a followed array of pointers when it is one;
    /// whether it did.
    pub(super) fn slot_array(
        &mut self,
        d: &Node,
        ty: &CType,
        init: Option<&Node>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> bool {
        let CType::Array(elem, Some(n)) = ty else {
            return false;
        };
        let scalar = matches!(
            elem.as_ref(),
            CType::Scalar(Scalar::Int { .. } | Scalar::Bool)
        );
        if !(matches!(elem.as_ref(), CType::Pointer(_)) || scalar)
            || *n == 0
            || *n > MAX_SLOTS
            || (scalar && self.g.escaped.contains(d.id.as_str()))
        {
            return false;
        }
        let items: Vec<&Node> = match init.map(strip_parens) {
            Some(i) if i.kind == Kind::InitListExpr => i.exprs().collect(),
            // A string literal or another array copied: not followed.
            Some(_) if scalar => return false,
            Some(i) => {
                // Not a brace list (a copy of another array): its elements are not followed.
                self.rvalue_or_place(i, out);
                Vec::new()
            }
            None => Vec::new(),
        };
        let name = d.name.clone().unwrap_or_else(|| "v".into());
        for k in 0..*n as usize {
            let v = match items.get(k) {
                Some(i) if i.kind != Kind::ImplicitValueInitExpr => {
                    let v = self.rvalue(i, out);
                    self.convert(v, elem, span, out)
                }
                // An integer left out of the braces is 0.
                _ if scalar && init.is_some() => {
                    self.convert(Val::Num(int(0, span), Scalar::INT), elem, span, out)
                }
                // Indeterminate (no initialiser).
                _ if scalar => self.unknown_val(&format!("{name}_uninit"), elem, span, out),
                // Null (left out of the braces) or indeterminate (no initialiser).
                _ => Val::Ptr(Ptr::Unknown),
            };
            let id = field_id(&d.id, &k.to_string());
            self.local_names.insert(id.clone(), format!("{name}_{k}"));
            let display = format!("{}[{k}]", self.display_of(&name));
            self.display_name(&format!("{name}_{k}"), display);
            self.env.insert(id, Binding::Val(v));
        }
        self.slot_arrays
            .insert(d.id.clone(), ((**elem).clone(), *n as usize));
        self.local_names.insert(d.id.clone(), name);
        self.env.insert(d.id.clone(), Binding::Private);
        true
    }

    /// `bufs[e]` for a followed array of pointers `bufs` in scope: its id, element type,
    /// length and the index expression.
    fn slot_subscript<'n>(&self, n: &'n Node) -> Option<(String, CType, usize, &'n Node)> {
        let n = strip_parens(n);
        if n.kind != Kind::ArraySubscriptExpr {
            return None;
        }
        let (a, i) = (child(n, 0)?, child(n, 1)?);
        let mut base = a;
        while matches!(base.kind, Kind::ImplicitCastExpr | Kind::ParenExpr) {
            base = base.exprs().next()?;
        }
        if base.kind != Kind::DeclRefExpr {
            return None;
        }
        let id = &base.referenced_decl.as_ref()?.id;
        let (elem, len) = self.slot_arrays.get(id)?.clone();
        matches!(self.env.get(id), Some(Binding::Private)).then(|| (id.clone(), elem, len, i))
    }

    /// The place of `bufs[e]` when `n` is such an element: the element's local at a known
    /// index, refused at any other.
    pub(super) fn slot_place(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Option<Place> {
        let (id, elem, len, index) = self.slot_subscript(n)?;
        let span = self.span(n);
        let i = self.rvalue(index, out);
        match self.known_slot(i, len, span, out) {
            Ok(k) => Some(Place::Local(field_id(&id, &k.to_string()), elem)),
            Err(Some(e)) if !matches!(elem, CType::Pointer(_)) => {
                let index = self.bound("slot", e, out);
                // A write out of the array changes no element: the check says it happens.
                self.slot_check(&id, len, &index, span, out);
                Some(Place::Element {
                    id,
                    len,
                    index,
                    ty: elem,
                })
            }
            Err(None) if !matches!(elem, CType::Pointer(_)) => {
                let index = self.unknown("slot_index", None, span, out);
                Some(Place::Element {
                    id,
                    len,
                    index,
                    ty: elem,
                })
            }
            Err(_) => {
                self.error(
                    span,
                    "an element of a local array of pointers at an index mapcheck does not know, \
                     used otherwise than read",
                    "only reads at any index, and writes at a constant index, are followed",
                );
                Some(Place::Unknown(elem))
            }
        }
    }

    /// The value of `bufs[e]` read, when `n` is such an element: the element's pointer at a
    /// known index, else the selection by the index of every element's.
    pub(super) fn slot_read(&mut self, n: &Node, out: &mut Vec<Stmt>) -> Option<Val> {
        let (id, elem, len, index) = self.slot_subscript(n)?;
        let span = self.span(n);
        let i = self.rvalue(index, out);
        if !matches!(elem, CType::Pointer(_)) {
            return Some(match self.known_slot(i, len, span, out) {
                Ok(k) => self.read(Place::Local(field_id(&id, &k.to_string()), elem), span, out),
                Err(Some(e)) => {
                    let index = self.bound("slot", e, out);
                    self.read_element(&id, len, index, elem, span, out)
                }
                Err(None) => self.unknown_val("slot_index", &elem, span, out),
            });
        }
        let slot = |l: &Self, k: usize| match l.env.get(&field_id(&id, &k.to_string())) {
            Some(Binding::Val(Val::Ptr(p))) => p.clone(),
            _ => Ptr::Unknown,
        };
        match self.known_slot(i, len, span, out) {
            Ok(k) => Some(Val::Ptr(slot(self, k))),
            Err(None) => Some(self.unknown_val("slot_index", &elem, span, out)),
            Err(Some(e)) => {
                let e = self.bound("slot", e, out);
                // An index outside the array reads no element: the check says it happens, and
                // the verdict is then not `drf` whatever pointer the last case stands for.
                self.slot_check(&id, len, &e, span, out);
                let mut p = slot(self, len - 1);
                for k in (0..len - 1).rev() {
                    let c = cmp(CmpOp::Eq, e.clone(), int(k as i64, span));
                    p = Ptr::select(c, slot(self, k), p);
                }
                Some(Val::Ptr(p))
            }
        }
    }

    /// The index `i` as a constant in `0..len`; else the index expression (`None` when it is
    /// no integer), a constant out of bounds refused.
    fn known_slot(
        &mut self,
        i: Val,
        len: usize,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Result<usize, Option<Expr>> {
        let _ = out;
        let Val::Num(e, _) = i else {
            return Err(None);
        };
        if let Some(k) = rvalue::constant(&e) {
            return match usize::try_from(k).ok().filter(|k| *k < len) {
                Some(k) => Ok(k),
                None => {
                    self.error(span, "a constant index outside a local array", "here");
                    Err(None)
                }
            };
        }
        Err(Some(e))
    }

    /// Element `index` (a variable or constant, not known to be one of `0..len`) of the
    /// followed array of integers `id`: the selection by the index of its elements.
    pub(super) fn read_element(
        &mut self,
        id: &str,
        len: usize,
        index: Expr,
        ty: CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let elems: Vec<Option<Val>> = (0..len)
            .map(|k| match self.env.get(&field_id(id, &k.to_string())) {
                Some(Binding::Val(v @ (Val::Num(..) | Val::Bool(_)))) => Some(v.clone()),
                _ => None,
            })
            .collect();
        let Some(elems) = elems.into_iter().collect::<Option<Vec<Val>>>() else {
            self.slot_check(id, len, &index, span, out);
            return self.unknown_val("element", &ty, span, out);
        };
        // Each case is guarded by its index, the last one too: an index the lowering cannot
        // settle within the array is checked (`slot_check`) and the value outside is the
        // check's read, never an element.
        let (mut v, cases) = match self.slot_check(id, len, &index, span, out) {
            None => (elems[len - 1].clone(), len - 1),
            Some(outside) => match &elems[len - 1] {
                Val::Bool(_) => (Val::Bool(cmp(CmpOp::Ne, outside, int(0, span))), len),
                Val::Num(_, s) => (Val::Num(outside, *s), len),
                _ => return self.unknown_val("element", &ty, span, out),
            },
        };
        for k in (0..cases).rev() {
            let c = cmp(CmpOp::Eq, index.clone(), int(k as i64, span));
            v = match (&elems[k], v) {
                (Val::Num(x, s), Val::Num(y, t)) if *s == t => {
                    Val::Num(select(c, x.clone(), y, span), t)
                }
                (Val::Bool(x), Val::Bool(y)) => {
                    Val::Bool(or(and(c.clone(), x.clone()), and(not(c), y)))
                }
                _ => return self.unknown_val("element", &ty, span, out),
            };
        }
        v
    }

    /// `a[index] = v` for the followed array of integers `id` at an index the lowering does not
    /// know: every element updated by cases, `a_k = select(index == k, v, a_k)`.
    pub(super) fn write_element(
        &mut self,
        id: &str,
        len: usize,
        index: Expr,
        v: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let v = match v {
            Val::Num(e, s) => Val::Num(self.bound("element", e, out), s),
            v => v,
        };
        for k in 0..len {
            let eid = field_id(id, &k.to_string());
            let c = cmp(CmpOp::Eq, index.clone(), int(k as i64, span));
            let old = match self.env.get(&eid) {
                Some(Binding::Val(x)) => x.clone(),
                _ => Val::Opaque,
            };
            let new = match (&v, old) {
                (Val::Num(x, s), Val::Num(y, t)) if *s == t => {
                    Val::Num(select(c, x.clone(), y, span), t)
                }
                (Val::Bool(x), Val::Bool(y)) => {
                    Val::Bool(or(and(c.clone(), x.clone()), and(not(c), y)))
                }
                // Values of other shapes: the element is any value of its type after the
                // write (it may have been the one written).
                (_, old) => {
                    let name = self.local_name(&eid);
                    match old {
                        Val::Num(_, s) => self.unknown_val(&name, &CType::Scalar(s), span, out),
                        Val::Bool(_) => {
                            self.unknown_val(&name, &CType::Scalar(Scalar::Bool), span, out)
                        }
                        _ => Val::Opaque,
                    }
                }
            };
            self.write(
                Place::Local(eid, CType::Scalar(Scalar::INT)),
                new,
                span,
                out,
            );
        }
    }

    /// `index` of the followed array `id` of `len` elements, when the lowering's intervals do
    /// not settle it within `0..len`: checked as an access of an array of fixed size is
    /// ([`Lower::local_check`]); the value the check reads, which a read outside the array
    /// takes (`None` when the index is settled and no check is needed).
    fn slot_check(
        &mut self,
        id: &str,
        len: usize,
        index: &Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let bound = Bound {
            dim: 0,
            index: index.clone(),
            extent: i64::try_from(len).ok()?,
        };
        let name = self.local_name(id);
        let ty = CType::Array(Box::new(CType::Scalar(Scalar::INT)), Some(len as u64));
        self.checked_read(id, &name, &ty, bound, span, out)
    }

    /// The index `bound` of the thread-private array `array` (an lvalue of a local array of
    /// fixed size, or an element of one: `loc[i][j]` checks `j` in dimension 1 of `loc`)
    /// checked as an access of an array of fixed size is ([`Lower::checked_read`]). A local
    /// array is no core array (its cells are the thread's own, never shared), so the check
    /// is the read of a core array that stands for it. Since session 22 a thread's own array
    /// or struct is the place of its stand-in (`own.rs`) and is checked as any array is; this
    /// is left for the objects with no stand-in (a layout the cells do not model), reached
    /// from their declaration by subscripts only.
    pub(super) fn local_check(
        &mut self,
        array: &Node,
        bound: Bound,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let mut root = strip_parens(array);
        let mut dim = 0;
        loop {
            match root.kind {
                Kind::ArraySubscriptExpr => {
                    let Some(base) = child(root, 0) else { return };
                    let base = strip_parens(base);
                    if base.kind != Kind::ImplicitCastExpr
                        || base.cast_kind != Some("ArrayToPointerDecay")
                    {
                        return;
                    }
                    let Some(inner) = base.exprs().next() else {
                        return;
                    };
                    root = strip_parens(inner);
                    dim += 1;
                }
                Kind::DeclRefExpr => break,
                _ => return,
            }
        }
        let Some(d) = root.referenced_decl.as_ref() else {
            return;
        };
        let name = d.name.clone().unwrap_or_else(|| "local".into());
        let ty = self.node_type(root);
        let bound = Bound { dim, ..bound };
        self.checked_read(&d.id.clone(), &name, &ty, bound, span, out);
    }

    /// A read, at `bound`'s index, of the core array standing for the thread-private array
    /// `id` (named `name`, of type `ty`), carrying `bound`, when the lowering's intervals do
    /// not settle it: a bound like any other, which `map-smt` asks about (an `out-of-bounds`
    /// finding, `notes/out-of-bounds.md`) and the interpreter checks. The array is only ever
    /// read, so it races with nothing. The read's value (any value: what memory outside the
    /// array holds) when emitted.
    fn checked_read(
        &mut self,
        id: &str,
        name: &str,
        ty: &CType,
        bound: Bound,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        let bounds = self.open_bounds(vec![bound]);
        let index = bounds.first()?.index.clone();
        let array = match self.local_checks.get(id) {
            Some(a) => a.clone(),
            None => {
                let a = self.fresh(name);
                self.local_checks.insert(id.to_string(), a.clone());
                a
            }
        };
        let layout = self.g.layout(ty, 0);
        self.declare(&array, Space::Shared, span, layout);
        let value = self.emit_read_within(&array, index, bounds, span, out);
        if let ExprKind::Var(name) = &value.kind {
            self.outside_values.insert(name.clone());
        }
        Some(value)
    }

    /// A use of the followed array of pointers `id` other than indexing it: refused.
    pub(super) fn slot_escape(&mut self, id: &str, span: Span) -> bool {
        if !self.slot_arrays.contains_key(id) || !matches!(self.env.get(id), Some(Binding::Private))
        {
            return false;
        }
        self.error(
            span,
            "a local array of pointers used otherwise than by an index (its address passed on or \
             moved)",
            "mapcheck follows its elements only through `a[i]`",
        );
        true
    }
}
