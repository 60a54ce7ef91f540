//! Local arrays of pointers (issue 20 item 2): `float *bufs[2] = {a, b};` is not thread-private
//! memory but one local per element, `ID.k` in the environment (as a followed struct's fields
//! are), so that `bufs[k][tid]` is an access of the array `bufs[k]` points into.
//!
//! * An element read at an index the lowering knows (a constant) is that element's pointer; at
//!   any other index, the selection by the index of the elements' pointers (`Ptr::select`:
//!   exact when each names its memory, any cell of their arrays otherwise). The last element
//!   is the case of every index outside the others: C++ leaves a read out of bounds undefined.
//! * An element written at a known index is that local assigned; a write at an index the
//!   lowering does not know, or any use of the array other than indexing it (its address
//!   passed on, `*bufs`, `bufs + 1`), is refused with a located error: an alias could change an
//!   element behind the lowering's back.

use super::records::field_id;
use super::*;

/// How many elements a followed array of pointers has at most.
const MAX_SLOTS: u64 = 16;

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
        if !matches!(elem.as_ref(), CType::Pointer(_)) || *n == 0 || *n > MAX_SLOTS {
            return false;
        }
        let items: Vec<&Node> = match init.map(strip_parens) {
            Some(i) if i.kind == Kind::InitListExpr => i.exprs().collect(),
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
                // Null (left out of the braces) or indeterminate (no initialiser).
                _ => Val::Ptr(Ptr::Unknown),
            };
            let id = field_id(&d.id, &k.to_string());
            self.local_names.insert(id.clone(), format!("{name}_{k}"));
            self.env.insert(id, Binding::Val(v));
        }
        self.slot_arrays
            .insert(d.id.clone(), ((**elem).clone(), *n as usize));
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
        let slot = |l: &Self, k: usize| match l.env.get(&field_id(&id, &k.to_string())) {
            Some(Binding::Val(Val::Ptr(p))) => p.clone(),
            _ => Ptr::Unknown,
        };
        match self.known_slot(i, len, span, out) {
            Ok(k) => Some(Val::Ptr(slot(self, k))),
            Err(None) => Some(self.unknown_val("slot_index", &elem, span, out)),
            Err(Some(e)) => {
                let e = self.bound("slot", e, out);
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
                    self.error(span, "an index outside a local array of pointers", "here");
                    Err(None)
                }
            };
        }
        Err(Some(e))
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
