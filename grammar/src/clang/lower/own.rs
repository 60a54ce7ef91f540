//! A thread's own objects of a fixed size (session 22): local arrays and structs that are not
//! followed element by element or field by field (`int a[4]` whose address is taken or cast,
//! `short b[16]` passed to a helper, `struct S { int v[4]; } s`, a struct passed by value).
//!
//! Their cells are the thread's own, never shared, so nothing about them can race; but an
//! index that leaves one is undefined behaviour like any other (C17 6.5.6p8), and must be
//! reported (`notes/out-of-bounds.md`). Before this module such an object was `Place::Private`
//! and a pointer into it `Ptr::Private`: no array and no offset, so an access through a cast
//! view (`((unsigned char *)a)[i]`), a pointer into it (`p = &a[2]; p[i]`) or a helper's
//! pointer parameter (`get(a, i)`) could not be checked, and was not.
//!
//! Now each such object has a core array that stands for it (its **stand-in**, declared
//! `shared`, named as the object, with the object's layout), and the object is an ordinary
//! place of that array (`Place::Mem`), a pointer into it an ordinary `Ptr::To`: pointer
//! arithmetic, casts and their byte-addressed views, helpers, row pointers and fields reach it
//! exactly as they reach a `__shared__` array, and each access gets the same bounds (declared
//! subscripts, or the whole object through a pointer: `Lower::access_bounds`). What differs is
//! what an access emits:
//!
//! * a read or write of a stand-in's place ([`Lower::own_access`]) emits only the **check**:
//!   a read of the stand-in at the access's first cell carrying the bounds the lowering's
//!   intervals do not settle, which `map-smt` asks about and the interpreter checks (nothing
//!   when every bound is settled). A read's value is `?` (`private`), as a thread's own memory
//!   was before: the stand-in's contents are shared by all threads and are not the object's;
//! * any other statement that would touch a stand-in ([`Lower::own_instead`], applied by
//!   `Lower::emit` to every statement: a write of unknown cells by a callee without a body, an
//!   atomic on a local, `memset`) is replaced by its check (a write or atomic with bounds
//!   becomes the read of its first cell with them, a value it binds becomes `?`), so that no
//!   stand-in is ever written: it races with nothing, and the kernel's race questions are
//!   what they were.
//!
//! Objects whose layout the cell model has no place for (a bit-field, more than
//! `MAX_STRUCT_CELLS` cells in a struct, a type the lowering cannot read) stay
//! `Place::Private`, unchecked: a gap, written down in the notes.

use super::*;

impl Lower<'_, '_> {
    /// The place of the thread's own object `id` (named `name`, of type `ty`): cell 0 of its
    /// stand-in, made the first time it is named; `None` for an object not laid out in cells.
    pub(super) fn own_place(
        &mut self,
        id: &str,
        name: &str,
        ty: &CType,
        span: Span,
    ) -> Option<Place> {
        let extent = match ty {
            CType::Array(_, Some(n)) => i64::try_from(*n).ok().filter(|n| *n > 0)?,
            CType::Array(..) => return None,
            CType::Record(_) => 1,
            _ => return None,
        };
        if !self.plain_layout(ty, 0) || self.g.cells(ty, 0).is_none() {
            return None;
        }
        let array = match self.local_checks.get(id) {
            Some(a) => a.clone(),
            None => {
                let a = self.fresh(name);
                self.local_checks.insert(id.to_string(), a.clone());
                a
            }
        };
        let elem = match ty {
            CType::Array(e, _) => (**e).clone(),
            t => t.clone(),
        };
        let layout = self.g.layout(ty, 0);
        self.declare(&array, Space::Shared, span, layout);
        self.view(&array, &elem);
        self.extents.insert(array.clone(), (extent, elem));
        self.own_objects.insert(array.clone());
        Some(Place::Mem {
            array,
            off: int(0, span),
            ty: ty.clone(),
            bounds: Vec::new(),
            whole: false,
        })
    }

    /// Whether `ty` is made of scalars, pointers, arrays of a fixed size and structs of them,
    /// with no bit-field: the types whose every field and element the cell model places
    /// (`Globals::field` has no cell for a bit-field, and a member of one in memory is
    /// refused, which a thread's own struct must not be).
    fn plain_layout(&self, ty: &CType, depth: usize) -> bool {
        if depth > 16 {
            return false;
        }
        match ty {
            CType::Scalar(_) | CType::Pointer(_) => true,
            CType::Array(e, Some(_)) => self.plain_layout(e, depth + 1),
            CType::Record(r) => self.g.fields(r).is_some_and(|fields| {
                fields.iter().all(|(f, fty)| {
                    !self.g.bit_field(r, f) && self.plain_layout(&CType::parse(fty), depth + 1)
                })
            }),
            _ => false,
        }
    }

    /// Whether `array` is the stand-in of a thread's own object.
    pub(super) fn is_own(&self, array: &str) -> bool {
        self.own_objects.contains(array)
    }

    /// An access of a value of `ty` at cell `off` of the stand-in `array` (`bounds` and
    /// `whole` as the place's): the check of its bounds the intervals do not settle, as a read
    /// of its first cell (nothing when all are settled). The access itself touches only the
    /// thread's own memory.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn own_access(
        &mut self,
        array: &str,
        off: Expr,
        ty: &CType,
        bounds: Vec<Bound>,
        whole: bool,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        // The cells the value covers: its bytes over the cell size when the stand-in is
        // byte-addressed (a view through `unsigned char *`), else one per scalar.
        let n = match self.byte_array(array) {
            Some(unit) => self
                .g
                .byte_size(ty, 0)
                .map(|(size, _)| size.div_ceil(unit.max(1))),
            None => self.g.cells(ty, 0),
        }
        .unwrap_or(1)
        .max(1);
        let bounds = self.access_bounds(array, &off, n, bounds, whole);
        let open = self.open_bounds(bounds);
        if open.is_empty() {
            return;
        }
        let value = self.emit_read_within(array, off, open, span, out);
        if let ExprKind::Var(name) = &value.kind {
            self.outside_values.insert(name.clone());
        }
    }

    /// What a statement that touches a stand-in becomes (`None`: the statement as it is). A
    /// stand-in is never written: a write or an atomic becomes the read of its cell with its
    /// bounds (nothing without bounds), the value an atomic binds `?`; a read without bounds
    /// (of an unknown cell: a callee without a body, `memcpy`) binds `?`. A read with bounds
    /// is a check and stays.
    pub(super) fn own_instead(&mut self, s: &Stmt) -> Option<Vec<Stmt>> {
        let span = s.span;
        let (check, var) = match &s.kind {
            StmtKind::Write { target, .. } if self.is_own(&target.array.name) => {
                (Some(target), None)
            }
            StmtKind::Atomic { var, target, .. } if self.is_own(&target.array.name) => {
                (Some(target), var.clone())
            }
            StmtKind::Read { var, source }
                if self.is_own(&source.array.name) && source.bounds.is_empty() =>
            {
                (None, Some(var.clone()))
            }
            _ => return None,
        };
        let mut stmts = Vec::new();
        if let Some(target) = check.filter(|t| !t.bounds.is_empty()) {
            let name = self.fresh(&format!("{}_v", target.array.name));
            self.outside_values.insert(name.clone());
            stmts.push(stmt(
                StmtKind::Read {
                    var: Ident::new(name, span),
                    source: target.clone(),
                },
                span,
            ));
        }
        if let Some(var) = var {
            // A thread's own memory holds any value of its type, per thread (the range the
            // variable was given is its type's).
            stmts.push(stmt(StmtKind::Unknown { var }, span));
        }
        Some(stmts)
    }
}
