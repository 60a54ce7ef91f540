//! A thread's own union followed byte by byte (issue 38 item 3). A union's members are views
//! of the same bytes (`union { unsigned u; unsigned char b[4]; }`): a local union whose
//! every use names a member (`w.u`, `w.b[i]`, `w.h.lo`: read, assigned, incremented — never
//! its address, a reference to it or the whole union) is one local per byte, `ID.#k` in the
//! environment, so that everything the lowering does for locals (joins after an `if`,
//! loop-carried values) holds for its bytes. A member's value is its bytes put together
//! (little-endian, as CUDA's), a write of a member sets its bytes to the pieces of its
//! value; both exact for integers and `float` payloads of at most 32 bits. The layout is
//! clang's (`Globals::byte_fields`).
//!
//! * A member at a byte offset the lowering does not know (`w.b[i]` with `i` not a
//!   constant) is read as the selection by the offset of the values at every offset it may
//!   take, and written by cases (each byte the selection of its new and old value), as
//!   `slots.rs` does for local arrays.
//! * What it does not follow is `?` with a reason: a member wider than 32 bits or of a type
//!   whose payload is not its bytes (`double`: `union_value`), a copy of the whole union
//!   (`union_copy`). A union used in any other way (its address taken, passed by reference,
//!   copied whole) stays thread-private memory, whose reads are `?` (`private`).

use super::*;

/// How many bytes a followed local union has at most.
const MAX_UNION_BYTES: u64 = 32;

/// The environment id of byte `k` of the followed union `id`.
fn byte_id(id: &str, k: u64) -> String {
    format!("{id}.#{k}")
}

/// The declarations of `root` every use of which names a member: the `DeclRefExpr`s of it
/// are the base of a `.` member access whose place is read, assigned (`=`, `op=`, `++`,
/// `--`) or, for an array member, subscripted and so used — or of a nested member of such.
pub(super) fn member_only_uses(root: &Node) -> HashSet<&str> {
    let mut seen = HashSet::new();
    let mut bad = HashSet::new();
    let mut stack: Vec<&Node> = Vec::new();
    walk(root, &mut stack, &mut seen, &mut bad);
    seen.retain(|id| !bad.contains(id));
    seen
}

fn walk<'a>(
    n: &'a Node,
    stack: &mut Vec<&'a Node>,
    seen: &mut HashSet<&'a str>,
    bad: &mut HashSet<&'a str>,
) {
    if n.kind == Kind::DeclRefExpr {
        if let Some(d) = &n.referenced_decl {
            seen.insert(d.id.as_str());
            if !member_use(n, stack) {
                bad.insert(d.id.as_str());
            }
        }
    }
    stack.push(n);
    for c in &n.inner {
        walk(c, stack, seen, bad);
    }
    stack.pop();
}

/// Whether the `DeclRefExpr` `n` (with its ancestors `stack`, innermost last) names a member
/// that is only read or assigned.
fn member_use(n: &Node, stack: &[&Node]) -> bool {
    // The place the use designates: the outermost member access (then subscript) of `n`.
    let mut at = n;
    let mut up = stack.iter().rev().copied().peekable();
    // `w.a.b`: at least one member access, `.` only.
    while let Some(p) = up.peek().copied() {
        if p.kind == Kind::MemberExpr && p.is_arrow != Some(true) {
            at = p;
            up.next();
        } else {
            break;
        }
    }
    if std::ptr::eq(at, n) {
        return false;
    }
    // `w.b[i]`: the array member decays and is subscripted (as the base), any number of
    // dimensions.
    loop {
        let Some(p) = up.peek().copied() else {
            return false;
        };
        if p.kind == Kind::ImplicitCastExpr && p.cast_kind == Some("ArrayToPointerDecay") {
            up.next();
            match up.next() {
                Some(s) if s.kind == Kind::ArraySubscriptExpr => {
                    if !child(s, 0).is_some_and(|b| std::ptr::eq(b, p)) {
                        return false;
                    }
                    at = s;
                    continue;
                }
                _ => return false,
            }
        }
        break;
    }
    let Some(p) = up.next() else {
        return false;
    };
    match &p.kind {
        Kind::ImplicitCastExpr => p.cast_kind == Some("LValueToRValue"),
        Kind::BinaryOperator if p.opcode == Some("=") => {
            child(p, 0).is_some_and(|l| std::ptr::eq(l, at))
        }
        Kind::CompoundAssignOperator => child(p, 0).is_some_and(|l| std::ptr::eq(l, at)),
        Kind::UnaryOperator => matches!(p.opcode, Some("++" | "--")),
        Kind::ParenExpr => false,
        _ => false,
    }
}

impl Lower<'_, '_> {
    /// Declares the local `d` of type `ty` as a union followed byte by byte when it is one
    /// (a union of known layout, of at most [`MAX_UNION_BYTES`] bytes, used only through its
    /// members); whether it did. Its bytes start indeterminate (`?`), or hold an aggregate
    /// initialiser's first member.
    pub(super) fn union_local(
        &mut self,
        d: &Node,
        ty: &CType,
        init: Option<&Node>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> bool {
        let CType::Record(r) = ty else {
            return false;
        };
        if !self.g.is_union(r) || !self.g.member_only.contains(d.id.as_str()) {
            return false;
        }
        let Some((size, _)) = self.g.byte_size(ty, 0) else {
            return false;
        };
        // Every member laid out (each one's bytes known), and not too many bytes.
        if size == 0
            || size > MAX_UNION_BYTES
            || self.g.byte_scalars(ty, 0, &mut Vec::new()).is_none()
        {
            return false;
        }
        let name = d.name.clone().unwrap_or_else(|| "u".into());
        let byte = CType::Scalar(Scalar::Int {
            bits: 8,
            signed: false,
        });
        for k in 0..size {
            let v = self.unknown_val(&format!("{name}_uninit"), &byte, span, out);
            let id = byte_id(&d.id, k);
            self.local_names.insert(id.clone(), format!("{name}_b{k}"));
            let display = format!("{} (byte {k})", self.display_of(&name));
            self.display_name(&format!("{name}_b{k}"), display);
            self.env.insert(id, Binding::Val(v));
        }
        self.union_locals.insert(d.id.clone(), size);
        self.env.insert(d.id.clone(), Binding::Private);
        let place = Place::UnionBytes {
            id: d.id.clone(),
            off: int(0, span),
            ty: ty.clone(),
        };
        match init.map(strip_parens) {
            // `W w = {x}`: the first member.
            Some(i) if i.kind == Kind::InitListExpr => {
                let first = self
                    .g
                    .fields(r)
                    .and_then(|f| f.first().map(|(n, _)| n.to_string()));
                if let (Some(field), Some(e)) = (first, i.exprs().next()) {
                    let v = self.rvalue(e, out);
                    let p = self.union_member(place, &field, span, out);
                    let fty = p.ty();
                    let v = self.convert(v, &fty, span, out);
                    self.write(p, v, span, out);
                }
            }
            Some(i) => {
                self.rvalue_or_place(i, out);
            }
            None => {}
        }
        true
    }

    /// The place of the followed union `id` when `id` is one in scope.
    pub(super) fn union_place(&self, id: &str, ty: &CType, span: Span) -> Option<Place> {
        self.union_locals.get(id)?;
        matches!(self.env.get(id), Some(Binding::Private)).then(|| Place::UnionBytes {
            id: id.to_string(),
            off: int(0, span),
            ty: ty.clone(),
        })
    }

    /// Member `field` of the bytes `base` of a followed union (a union, or a struct inside
    /// it): the bytes at the member's offset in clang's layout; a bit-field, the word of the
    /// bytes of its memory location (`bitfields.rs`).
    pub(super) fn union_member(
        &mut self,
        base: Place,
        field: &str,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let Place::UnionBytes { id, off: at, ty } = base else {
            return base;
        };
        if let CType::Record(r) = &ty {
            if self.g.bit_field(r, field) {
                if let Some((byte, bits, f)) = self.g.bit_field_bytes(r, field) {
                    let word = CType::Scalar(Scalar::Int {
                        bits,
                        signed: false,
                    });
                    return Place::Bits {
                        word: Box::new(Place::UnionBytes {
                            id,
                            off: add_const(at, byte, span),
                            ty: word,
                        }),
                        field: f,
                        bits,
                    };
                }
            } else if let Some((foff, fty)) = self.g.byte_field(r, field) {
                return Place::UnionBytes {
                    id,
                    off: add_const(at, foff, span),
                    ty: fty,
                };
            }
        }
        // Not laid out (the union's layout was checked whole at its declaration, so this is
        // not expected): the member is somewhere in the union — an offset nobody knows, so
        // that a write may change any byte and a read is `?`.
        let off = self.unknown("union_member", None, span, out);
        Place::UnionBytes {
            id,
            off,
            ty: self.node_type_of_field(&ty, field),
        }
    }

    /// The type of member `field` of the record `ty`, when known (else `ty`).
    fn node_type_of_field(&self, ty: &CType, field: &str) -> CType {
        let CType::Record(r) = ty else {
            return ty.clone();
        };
        self.g
            .fields(r)
            .and_then(|f| f.into_iter().find(|(n, _)| *n == field))
            .map_or(ty.clone(), |(_, t)| CType::parse(t))
    }

    /// Element `index` of the array of the followed union's bytes `base`.
    pub(super) fn union_element(
        &mut self,
        base: Place,
        index: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Place {
        let Place::UnionBytes {
            id,
            off,
            ty: CType::Array(elem, _),
        } = base
        else {
            return base;
        };
        // An element nobody can place (not expected: the union is laid out whole) is at an
        // offset nobody knows: a write may change any byte, a read is `?`.
        let nowhere = |l: &mut Self, id: String, elem: CType, out: &mut Vec<Stmt>| {
            let off = l.unknown("union_element", None, span, out);
            Place::UnionBytes { id, off, ty: elem }
        };
        let Some((size, _)) = self.g.byte_size(&elem, 0) else {
            return nowhere(self, id, *elem, out);
        };
        let Val::Num(i, _) = index else {
            return nowhere(self, id, *elem, out);
        };
        let scaled = match literal(&i) {
            Some(k) => match i64::try_from(k * i128::from(size)) {
                Ok(k) => int(k, span),
                Err(_) => return nowhere(self, id, *elem, out),
            },
            None if size == 1 => self.bound("at", i, out),
            None => {
                let i = self.bound("at", i, out);
                Expr::bin(BinOp::Mul, i, int(size as i64, span))
            }
        };
        let off = match literal(&off) {
            Some(0) => scaled,
            _ => Expr::bin(BinOp::Add, off, scaled),
        };
        Place::UnionBytes { id, off, ty: *elem }
    }

    /// A read of the bytes of a followed union: a scalar of at most 32 bits whose payload is
    /// its bytes is its bytes put together, at a known offset or as the selection by the
    /// offset of every offset within the union; anything else is `?`.
    pub(super) fn read_union(
        &mut self,
        id: &str,
        off: Expr,
        ty: CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let (Some(s), Some(&size)) = (ty.scalar(), self.union_locals.get(id)) else {
            let why = if matches!(ty, CType::Record(_) | CType::Array(..)) {
                "union_copy"
            } else {
                "union_value"
            };
            return self.unknown_val(why, &ty, span, out);
        };
        let n = scalar_bytes(s);
        if !payload_is_bytes(s) || n > 4 || n > size {
            return self.unknown_val("union_value", &ty, span, out);
        }
        let offsets: Vec<u64> = match literal(&off) {
            Some(k) => match u64::try_from(k) {
                Ok(k) if k + n <= size => vec![k],
                _ => return self.unknown_val("union_value", &ty, span, out),
            },
            None => (0..=size - n).collect(),
        };
        // An offset the intervals do not keep within the union reads what lies outside it
        // (C: undefined): `?`, never a byte of the union.
        let within = offsets.len() == 1
            || self
                .range(&off)
                .is_some_and(|(lo, hi)| lo >= 0 && hi <= i128::from(size - n));
        let mut e: Option<Expr> = match within {
            true => None,
            false => Some(self.unknown("union_offset", None, span, out)),
        };
        for &k in offsets.iter().rev() {
            let word = self.union_word(id, k, n, span);
            let word = match word {
                Some(w) => w,
                None => return self.unknown_val("union_value", &ty, span, out),
            };
            e = Some(match e {
                None => word,
                Some(rest) => select(
                    cmp(CmpOp::Eq, off.clone(), int(k as i64, span)),
                    word,
                    rest,
                    span,
                ),
            });
        }
        let Some(e) = e else {
            return self.unknown_val("union_value", &ty, span, out);
        };
        let e = match s {
            Scalar::Int { signed: true, .. } => self.convert_int(e, s, out),
            _ => e,
        };
        Val::of_scalar(e, s, span)
    }

    /// The unsigned word of bytes `k..k + n` of the followed union `id` (each byte a value in
    /// 0..256).
    fn union_word(&self, id: &str, k: u64, n: u64, span: Span) -> Option<Expr> {
        let mut word: Option<Expr> = None;
        for j in 0..n {
            let Some(Binding::Val(Val::Num(b, _))) = self.env.get(&byte_id(id, k + j)) else {
                return None;
            };
            let b = match j {
                0 => b.clone(),
                j => Expr::bin(BinOp::Shl, b.clone(), int(8 * j as i64, span)),
            };
            word = Some(match word {
                None => b,
                Some(w) => Expr::bin(BinOp::Add, w, b),
            });
        }
        word
    }

    /// A write of `v` into the bytes of a followed union: each byte the piece of `v`'s bytes
    /// (at a known offset), or by cases on the offset; a value whose bytes are not known
    /// makes every byte it may cover `?`.
    pub(super) fn write_union(
        &mut self,
        id: &str,
        off: Expr,
        ty: CType,
        v: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let Some(&size) = self.union_locals.get(id) else {
            return;
        };
        let name = self.local_name(id);
        let pieces = match ty.scalar() {
            Some(s) if payload_is_bytes(s) && scalar_bytes(s) <= 4 => {
                self.value_bytes(v, s, span, out)
            }
            _ => None,
        };
        let n = match ty.scalar() {
            Some(s) => scalar_bytes(s),
            None => self.g.byte_size(&ty, 0).map_or(size, |(b, _)| b),
        };
        let offsets: Vec<u64> = match literal(&off) {
            Some(k) => match u64::try_from(k) {
                Ok(k) if k + n <= size => vec![k],
                // Outside the union: no byte of it changes.
                _ => return,
            },
            None => (0..=size.saturating_sub(n)).collect(),
        };
        let known = offsets.len() == 1;
        for k in 0..size {
            let old = match self.env.get(&byte_id(id, k)) {
                Some(Binding::Val(Val::Num(b, _))) => b.clone(),
                _ => continue,
            };
            let mut new: Option<Expr> = None;
            for &o in offsets.iter().rev() {
                if !(o..o + n).contains(&k) {
                    continue;
                }
                let piece = match &pieces {
                    Some(p) => p[(k - o) as usize].clone(),
                    None => self.unknown(&format!("{name}_union_byte"), Some((0, 255)), span, out),
                };
                new = Some(match (known, new) {
                    (true, _) => piece,
                    (false, rest) => select(
                        cmp(CmpOp::Eq, off.clone(), int(o as i64, span)),
                        piece,
                        rest.unwrap_or_else(|| old.clone()),
                        span,
                    ),
                });
            }
            if let Some(e) = new {
                let base = self.local_name(&byte_id(id, k));
                let e = self.bound(&base, e, out);
                let byte = Scalar::Int {
                    bits: 8,
                    signed: false,
                };
                self.env
                    .insert(byte_id(id, k), Binding::Val(Val::Num(e, byte)));
            }
        }
    }

    /// The little-endian bytes of `v`, a value of `s` (an integer or a `float` of at most
    /// four bytes): `(w >> 8j) & 255` of its unsigned word `w`.
    fn value_bytes(
        &mut self,
        v: Val,
        s: Scalar,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Vec<Expr>> {
        let n = scalar_bytes(s);
        let e = match v {
            Val::Num(e, _) => e,
            Val::Bool(c) => self.payload(Val::Bool(c), span, out),
            _ => return None,
        };
        let bits = u32::try_from(8 * n).ok()?;
        if let Some(c) = literal(&e) {
            // A constant's bytes (a `float` literal's payload is its bit pattern).
            let w = c.rem_euclid(1i128 << bits);
            return Some(
                (0..n)
                    .map(|j| int(((w >> (8 * j)) & 255) as i64, span))
                    .collect(),
            );
        }
        let w = self.convert_int(
            e,
            Scalar::Int {
                bits,
                signed: false,
            },
            out,
        );
        let w = self.bound("word", w, out);
        Some(
            (0..n)
                .map(|j| {
                    let shifted = match j {
                        0 => w.clone(),
                        j => Expr::bin(BinOp::UShr, w.clone(), int(8 * j as i64, span)),
                    };
                    Expr::bin(BinOp::And, shifted, int(255, span))
                })
                .collect(),
        )
    }
}

/// `off + k`, folded when `off` is a literal.
fn add_const(off: Expr, k: u64, span: Span) -> Expr {
    match (literal(&off), i64::try_from(k)) {
        (_, Ok(0)) => off,
        (Some(a), Ok(k)) => match i64::try_from(a).ok().and_then(|a| a.checked_add(k)) {
            Some(s) => int(s, span),
            None => Expr::bin(BinOp::Add, off, int(k, span)),
        },
        (_, Ok(k)) => Expr::bin(BinOp::Add, off, int(k, span)),
        (_, Err(_)) => off,
    }
}
