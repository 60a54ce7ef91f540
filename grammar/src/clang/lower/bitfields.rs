//! Bit-fields, as C++ defines them (issue 32). Adjacent bit-fields of nonzero width are one
//! memory location ([intro.memory]/3): a maximal run of them is one core cell, so two threads
//! writing different bit-fields of one run race, while a zero-width bit-field, or any member
//! that is not a bit-field, between two runs makes them two cells, which do not. Where each
//! field's bits lie is clang's layout (`resolve::Member::bits`, from the same clang run),
//! never derived here.
//!
//! * **In memory** (an element of a `__shared__` or global array of structs), a run's cell
//!   holds the run's bits as an unsigned word, bit 0 the run's first bit. A read of a
//!   bit-field reads the cell and extracts the field's bits, sign-extended for a signed field;
//!   a write reads the cell and writes it back with the field's bits replaced — the
//!   read-modify-write of the storage unit the GPU performs, and the only way C++ lets a
//!   bit-field change. The extra read creates no race of its own: any other thread's access
//!   it conflicts with is a write of the same location, which the write conflicts with too.
//!   Shifts by constants, masks `2^k - 1`, `+` and `-` are exact in both arithmetic modes, so
//!   the values read back are C's. A run wider than 32 bits keeps its cell and its accesses;
//!   its values are `?` (named `bit_field_word`). A whole-struct copy covers every cell, runs
//!   included (`Globals::cells` counts a run as one cell).
//! * **A thread's own struct** with bit-fields is followed field by field (`records.rs`): each
//!   named bit-field a local of the field's width (`Scalar::Int { bits: width }`, a `bool`
//!   field a `bool`), so that an assignment wraps as C's conversion to a bit-field does
//!   (two's complement, as C++20 and every CUDA compiler); a kernel parameter's bit-field
//!   ranges over its width's values. Its cells are not one per field, so a copy between such
//!   a struct and memory is not followed value by value (its cells are written `?`, its
//!   fields read `?`: sound).
//! * **Byte-addressed memory** (`memory.rs`: a union of a word and a struct of bit-fields, a
//!   struct of bit-fields viewed through another type): a location's cells are the bytes its
//!   bits touch (`location_bytes`: from the byte of its first bit to the byte of its last,
//!   at most four), read and rewritten as one unsigned word of 8 to 32 bits, the field's
//!   position counted from that word's first byte. A location wider than four bytes has no
//!   byte layout (its record's accesses are of an unknown cell of the array: sound).

use super::*;

/// A bit-field as clang laid it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct BitField {
    /// The field's name (empty for an unnamed bit-field, which only pads).
    pub(super) name: String,
    /// Its first bit, from the first bit of its memory location.
    pub(super) pos: u32,
    pub(super) width: u32,
    /// Its declared type (`int`, `unsigned`, `bool`, an enumeration's integer).
    pub(super) ty: CType,
}

impl BitField {
    /// The type of the field's values: its declared integer type cut to its width (a
    /// `bool` stays a `bool`; a field as wide as its type is of that type).
    pub(super) fn value_type(&self) -> CType {
        match &self.ty {
            CType::Scalar(Scalar::Int { bits, signed }) if self.width < *bits => {
                CType::Scalar(Scalar::Int {
                    bits: self.width,
                    signed: *signed,
                })
            }
            t => t.clone(),
        }
    }
}

/// A memory location among a record's fields, in order.
#[derive(Clone, Debug)]
pub(super) enum Slot<'a> {
    /// A field that is not a bit-field: its name and type text.
    Field(&'a str, &'a str),
    /// A maximal run of adjacent bit-fields of nonzero width, `bits` wide from its first
    /// field's first bit (bit `start` of the record) to its last field's last: one memory
    /// location, one core cell.
    Bits {
        fields: Vec<BitField>,
        start: u64,
        bits: u32,
    },
}

/// The bytes a memory location of bit-fields from bit `start`, `bits` wide, touches: its
/// first byte and their number in bits (a word of 8, 16, 24 or 32 bits); `None` beyond 32.
pub(super) fn location_bytes(start: u64, bits: u32) -> Option<(u64, u32)> {
    let first = start / 8;
    let end = (start + u64::from(bits)).div_ceil(8);
    let n = end.checked_sub(first)?;
    (1..=4).contains(&n).then(|| (first, 8 * n as u32))
}

/// Whether the width of a word of `bits` bits lets its values be followed (the core's 32-bit
/// words hold it).
pub(super) fn word_followed(bits: u32) -> bool {
    bits <= 32
}

impl<'a> Globals<'a> {
    /// Whether `record` declares a bit-field of its own.
    pub(super) fn has_bit_fields(&self, record: &str) -> bool {
        self.record_named(record).is_some_and(|r| {
            r.inner
                .iter()
                .any(|f| f.kind == Kind::FieldDecl && f.is_bitfield == Some(true))
        })
    }

    /// The memory locations of `record`'s fields (its bases' first), in order: each field
    /// that is not a bit-field, and each run of adjacent bit-fields of nonzero width with
    /// their bits from clang's layout. `None` when the fields are not known, or the record
    /// has bit-fields and clang's layout of it is not known or does not match its fields (a
    /// union with bit-fields has no cells either).
    pub(super) fn slots(&self, record: &str) -> Option<Vec<Slot<'a>>> {
        let fields = self.fields(record)?;
        if !self.has_bit_fields(record) {
            return Some(fields.into_iter().map(|(n, t)| Slot::Field(n, t)).collect());
        }
        if self.is_union(record) {
            return None;
        }
        let r = self.record_named(record)?;
        let decls: Vec<&Node> = (r.inner.iter())
            .filter(|f| f.kind == Kind::FieldDecl)
            .collect();
        let layout = self.layouts.get(record)?;
        let laid: Vec<(&resolve::Member, &str)> = layout.fields().collect();
        let inherited = fields.len().checked_sub(decls.len())?;
        if laid.len() != decls.len() {
            return None;
        }
        let mut slots: Vec<Slot<'a>> = (fields[..inherited].iter())
            .map(|&(n, t)| Slot::Field(n, t))
            .collect();
        // The run being gathered: its first bit in the record, its fields.
        let mut run: Option<(u64, Vec<BitField>)> = None;
        let close = |run: &mut Option<(u64, Vec<BitField>)>, slots: &mut Vec<Slot<'a>>| {
            if let Some((start, fields)) = run.take() {
                let bits = fields.iter().map(|f| f.pos + f.width).max().unwrap_or(0);
                slots.push(Slot::Bits {
                    fields,
                    start,
                    bits,
                });
            }
        };
        for ((f, (m, name)), &(fname, fty)) in decls.iter().zip(laid).zip(&fields[inherited..]) {
            if f.name.as_deref().unwrap_or("") != name || fname != name {
                return None;
            }
            if f.is_bitfield != Some(true) {
                if m.bits.is_some() || m.zero_width {
                    return None;
                }
                close(&mut run, &mut slots);
                slots.push(Slot::Field(fname, fty));
                continue;
            }
            if m.zero_width {
                // Ends the memory location before it, holds nothing.
                close(&mut run, &mut slots);
                continue;
            }
            let (first, last) = m.bits?;
            let at = m.offset.checked_mul(8)?.checked_add(first)?;
            let width = u32::try_from(last.checked_sub(first)? + 1).ok()?;
            let (start, members) = run.get_or_insert_with(|| (at, Vec::new()));
            members.push(BitField {
                name: name.to_string(),
                pos: u32::try_from(at.checked_sub(*start)?).ok()?,
                width,
                ty: CType::parse(fty),
            });
        }
        close(&mut run, &mut slots);
        Some(slots)
    }

    /// Bit-field `field` of `record`: the cell of its memory location from the record's first
    /// cell, the field, and the width of the location in bits.
    pub(super) fn bit_field_at(&self, record: &str, field: &str) -> Option<(u64, BitField, u32)> {
        let mut off = 0u64;
        for slot in self.slots(record)? {
            match slot {
                Slot::Field(_, fty) => off = off.checked_add(self.cells(&CType::parse(fty), 0)?)?,
                Slot::Bits { fields, bits, .. } => {
                    if let Some(f) = fields.into_iter().find(|f| f.name == field) {
                        return Some((off, f, bits));
                    }
                    off += 1;
                }
            }
        }
        None
    }

    /// Bit-field `field` of `record` in byte-addressed memory: the first byte of the bytes
    /// its memory location touches, their width in bits (`location_bytes`), and the field
    /// with its position counted from that byte's bit 0.
    pub(super) fn bit_field_bytes(
        &self,
        record: &str,
        field: &str,
    ) -> Option<(u64, u32, BitField)> {
        for slot in self.slots(record)? {
            if let Slot::Bits {
                fields,
                start,
                bits,
            } = slot
            {
                if let Some(mut f) = fields.into_iter().find(|f| f.name == field) {
                    let (byte, word) = location_bytes(start, bits)?;
                    f.pos += u32::try_from(start - 8 * byte).ok()?;
                    return Some((byte, word, f));
                }
            }
        }
        None
    }

    /// The byte offset and type of field `field` (not a bit-field) of `record`
    /// ([`Globals::byte_fields`], whose fields come in the order of `fields`, bit-fields left
    /// out).
    pub(super) fn byte_field(&self, record: &str, field: &str) -> Option<(u64, CType)> {
        let (laid, _, _) = self.byte_fields(record, 0)?;
        let all = self.fields(record)?;
        let r = self.record_named(record)?;
        let own: Vec<&Node> = (r.inner.iter())
            .filter(|f| f.kind == Kind::FieldDecl)
            .collect();
        let inherited = all.len().checked_sub(own.len())?;
        let names = (all[..inherited].iter().map(|(n, _)| *n)).chain(
            own.iter()
                .filter(|f| f.is_bitfield != Some(true))
                .map(|f| f.name.as_deref().unwrap_or("")),
        );
        names
            .zip(laid)
            .find(|(name, _)| *name == field)
            .map(|(_, f)| f)
    }
}

/// Whether `bits` is the width of one of C's integer types (any other width is a bit-field's).
pub(super) fn is_c_width(bits: u32) -> bool {
    matches!(bits, 8 | 16 | 32 | 64)
}

/// The type of the cell of a memory location of `bits` bits: the unsigned word of its bits.
pub(super) fn word_type(bits: u32) -> CType {
    CType::Scalar(Scalar::Int {
        bits: if bits <= 32 { 32 } else { 64 },
        signed: false,
    })
}

impl Lower<'_, '_> {
    /// A read of bit-field `field` of the memory location `word` (`run_bits` wide): the
    /// location's cell is read, the field's bits extracted and converted to its type.
    pub(super) fn read_bits(
        &mut self,
        word: Place,
        field: &BitField,
        run_bits: u32,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let w = self.read(word, span, out);
        match w {
            Val::Num(w, _) if word_followed(run_bits) => {
                let v = self.extract(w, field, span, out);
                Val::of_scalar(v, value_scalar(field), span)
            }
            _ => self.unknown_val("bit_field_word", &field.value_type(), span, out),
        }
    }

    /// A write of `v` into bit-field `field` of the memory location `word`: the location's
    /// cell is read and written back with the field's bits replaced by `v`'s low bits.
    pub(super) fn write_bits(
        &mut self,
        word: Place,
        field: &BitField,
        run_bits: u32,
        v: Val,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let old = self.read(word.clone(), span, out);
        let new = match (old, v) {
            (Val::Num(old, _), v) if word_followed(run_bits) => {
                let v = match v {
                    Val::Bool(c) => Val::Num(self.payload(Val::Bool(c), span, out), Scalar::UINT),
                    v => v,
                };
                match v {
                    Val::Num(e, Scalar::Int { .. } | Scalar::Bool) => {
                        Some(self.insert(old, e, field, span, out))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let new = match new {
            Some(e) => e,
            None => self.unknown("bit_field_word", None, span, out),
        };
        self.write(word, Val::Num(new, Scalar::UINT), span, out);
    }

    /// The bits of `field` in the word `w`, as a value of its type:
    /// `(w >> pos) & (2^width - 1)`, sign-extended when the field is signed.
    fn extract(&mut self, w: Expr, field: &BitField, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let bits = self.field_bits(w, field, span);
        match value_scalar(field) {
            s @ Scalar::Int { signed: true, .. } => self.convert_int(bits, s, out),
            _ => bits,
        }
    }

    /// `(w >> pos) & (2^width - 1)`: the field's bits as an unsigned number. The shift is
    /// the core's arithmetic one, a floor division in `int` (so that the bits are right for
    /// any integer a cell holds); in a 32-bit word the bits it fills are above the mask
    /// (`pos + width <= 32`).
    fn field_bits(&self, w: Expr, field: &BitField, span: Span) -> Expr {
        let shifted = match field.pos {
            0 => w,
            p => Expr::bin(BinOp::Shr, w, int(i64::from(p), span)),
        };
        Expr::bin(BinOp::And, shifted, int(mask(field.width), span))
    }

    /// The word `old` with `field`'s bits replaced by the low bits of `v`:
    /// `old - (((old >> pos) & m) << pos) + ((v & m) << pos)`, `m = 2^width - 1` — written
    /// without `~`, which is exact in `int` arithmetic only as this difference.
    fn insert(
        &mut self,
        old: Expr,
        v: Expr,
        field: &BitField,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let old = self.bound("word", old, out);
        let shl = |e: Expr| match field.pos {
            0 => e,
            p => Expr::bin(BinOp::Shl, e, int(i64::from(p), span)),
        };
        let had = shl(self.field_bits(old.clone(), field, span));
        let low = self.convert_int(
            v,
            Scalar::Int {
                bits: field.width,
                signed: false,
            },
            out,
        );
        Expr::bin(BinOp::Add, Expr::bin(BinOp::Sub, old, had), shl(low))
    }
}

/// `2^width - 1`.
fn mask(width: u32) -> i64 {
    if width >= 63 {
        i64::MAX
    } else {
        (1i64 << width) - 1
    }
}

/// The scalar of a bit-field's values (`BitField::value_type`).
fn value_scalar(field: &BitField) -> Scalar {
    match field.value_type() {
        CType::Scalar(s) => s,
        _ => Scalar::UINT,
    }
}
