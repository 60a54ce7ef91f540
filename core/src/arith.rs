//! The one definition of arithmetic (SPEC §4), shared by the interpreter and the SMT encoder.
//!
//! Two modes:
//!
//! * [`Arith::Int`] — mathematical integers (held in `i128`, every operation checked: a result
//!   outside `i128` is an [`ArithError::Overflow`], never a silent wrap). `A[tid - 1]` at
//!   `tid = 0` is cell −1. The signed and unsigned (`U…`) forms of an operator agree.
//! * [`Arith::Bv32`] — 32-bit machine words. A value is held as the `i32` its bits mean, so
//!   that small results read the same in both modes. Plain operators treat their operands as
//!   signed (C's `int`), the `U…` forms as unsigned (C's `unsigned`); `+ - *` wrap.
//! * [`Arith::Bv64`] — the same with 64-bit words (C's `long long`), held as the `i64` their
//!   bits mean. It is the default of `.cu` kernels: their lowering already applies C's
//!   conversions to narrower types (an `unsigned` sum is reduced modulo 2^32 by a mask), so in
//!   64-bit words every C integer type computes as C says, and every bitwise operation is exact.
//!
//! Division and remainder are Euclidean in every mode (the remainder is never negative), with
//! `x / 0 = 0` and `x % 0 = x`, so that every operation is total. Shifts: in `int` mode
//! `x << k = x·2^k` and `x >> k = ⌊x / 2^k⌋` for `k ≥ 0`, and both are 0 for `k < 0`; in
//! the word modes the amount is read as unsigned and amounts of the width or more give 0 (or the
//! sign, for `>>`), exactly as SMT-LIB's `bvshl`, `bvashr` and `bvlshr` define them. Bitwise
//! `& | ^` act on two's-complement representations in every mode.
//!
//! What the SMT encoder can express exactly in `int` mode is stated by [`int_exact`]: shifts by
//! constants and masks `& (2^k − 1)`. Any other bitwise operation is still *evaluated* here, but
//! the encoder treats its result as a per-thread unknown and the kernel as data-dependent.

use crate::ast::{BinOp, CmpOp};
use std::fmt;

/// A value in either mode; see the module doc for how `bv32` values are held.
pub type Value = i128;

/// The arithmetic a run or an encoding uses (`--arith int|bv32|bv64`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Arith {
    #[default]
    Int,
    Bv32,
    Bv64,
}

/// An `int`-mode result that does not fit the interpreter's 128-bit integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArithError {
    #[error("integer overflow beyond 128 bits")]
    Overflow,
}

/// A name that is none of the arithmetics (`--arith bv16`). Apart from [`ArithError`], which
/// the interpreter passes around by copy and which a name could not be part of.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown arithmetic `{0}`: expected `int`, `bv32` or `bv64`")]
pub struct UnknownArith(pub String);

impl fmt::Display for Arith {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Arith {
    type Err = UnknownArith;
    fn from_str(s: &str) -> Result<Self, UnknownArith> {
        match s {
            "int" => Ok(Arith::Int),
            "bv32" => Ok(Arith::Bv32),
            "bv64" => Ok(Arith::Bv64),
            _ => Err(UnknownArith(s.to_string())),
        }
    }
}

impl Arith {
    pub fn name(self) -> &'static str {
        match self {
            Arith::Int => "int",
            Arith::Bv32 => "bv32",
            Arith::Bv64 => "bv64",
        }
    }

    /// The width of a word, `None` for mathematical integers.
    pub fn bits(self) -> Option<u32> {
        match self {
            Arith::Int => None,
            Arith::Bv32 => Some(32),
            Arith::Bv64 => Some(64),
        }
    }

    /// The value a literal or an input (parameter, geometry) denotes in this mode.
    pub fn value(self, v: i128) -> Value {
        match self {
            Arith::Int => v,
            // Truncation to the low 32 bits, read as signed.
            Arith::Bv32 => v as u32 as i32 as i128,
            Arith::Bv64 => v as u64 as i64 as i128,
        }
    }

    pub fn neg(self, a: Value) -> Result<Value, ArithError> {
        match self {
            Arith::Int => a.checked_neg().ok_or(ArithError::Overflow),
            Arith::Bv32 => Ok(w(a).wrapping_neg() as i128),
            Arith::Bv64 => Ok(w64(a).wrapping_neg() as i128),
        }
    }

    /// `a OP b`.
    pub fn bin(self, op: BinOp, a: Value, b: Value) -> Result<Value, ArithError> {
        match self {
            Arith::Int => int_bin(op, a, b),
            Arith::Bv32 => Ok(bv32_bin(op, w(a), w(b)) as i128),
            Arith::Bv64 => Ok(bv64_bin(op, w64(a), w64(b)) as i128),
        }
    }

    /// `a OP b` for a comparison.
    pub fn cmp(self, op: CmpOp, a: Value, b: Value) -> bool {
        use std::cmp::Ordering::*;
        let ord = match (self, op) {
            (Arith::Bv32, CmpOp::ULt | CmpOp::ULe | CmpOp::UGt | CmpOp::UGe) => {
                (w(a) as u32).cmp(&(w(b) as u32))
            }
            (Arith::Bv32, _) => w(a).cmp(&w(b)),
            (Arith::Bv64, CmpOp::ULt | CmpOp::ULe | CmpOp::UGt | CmpOp::UGe) => {
                (w64(a) as u64).cmp(&(w64(b) as u64))
            }
            (Arith::Bv64, _) => w64(a).cmp(&w64(b)),
            (Arith::Int, _) => a.cmp(&b),
        };
        match op {
            CmpOp::Eq => ord == Equal,
            CmpOp::Ne => ord != Equal,
            CmpOp::Lt | CmpOp::ULt => ord == Less,
            CmpOp::Le | CmpOp::ULe => ord != Greater,
            CmpOp::Gt | CmpOp::UGt => ord == Greater,
            CmpOp::Ge | CmpOp::UGe => ord != Less,
        }
    }
}

/// The 32-bit word a `bv32` value stands for (values are kept normalised; this also
/// normalises anything that is not).
fn w(a: Value) -> i32 {
    a as u32 as i32
}

/// The 64-bit word a `bv64` value stands for.
fn w64(a: Value) -> i64 {
    a as u64 as i64
}

fn int_bin(op: BinOp, a: i128, b: i128) -> Result<i128, ArithError> {
    const OVERFLOW: ArithError = ArithError::Overflow;
    Ok(match op {
        BinOp::Add => a.checked_add(b).ok_or(OVERFLOW)?,
        BinOp::Sub => a.checked_sub(b).ok_or(OVERFLOW)?,
        BinOp::Mul => a.checked_mul(b).ok_or(OVERFLOW)?,
        BinOp::Div | BinOp::UDiv => {
            if b == 0 {
                0
            } else {
                a.checked_div_euclid(b).ok_or(OVERFLOW)?
            }
        }
        BinOp::Rem | BinOp::URem => {
            if b == 0 {
                a
            } else {
                a.checked_rem_euclid(b).ok_or(OVERFLOW)?
            }
        }
        BinOp::Shl => {
            if b < 0 || a == 0 {
                0
            } else {
                let k = u32::try_from(b).map_err(|_| OVERFLOW)?;
                let factor = 1i128.checked_shl(k).filter(|f| *f > 0).ok_or(OVERFLOW)?;
                a.checked_mul(factor).ok_or(OVERFLOW)?
            }
        }
        BinOp::Shr | BinOp::UShr => {
            if b < 0 {
                0
            } else {
                // An arithmetic shift is floor division by 2^b; past 127 only the sign is left.
                a >> b.min(127)
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Min | BinOp::UMin => a.min(b),
        BinOp::Max | BinOp::UMax => a.max(b),
    })
}

/// One operation on machine words of C's semantics, for both widths.
macro_rules! word_bin {
    ($name:ident, $s:ty, $u:ty) => {
        fn $name(op: BinOp, a: $s, b: $s) -> $s {
            let (ua, ub) = (a as $u, b as $u);
            match op {
                BinOp::Add => a.wrapping_add(b),
                BinOp::Sub => a.wrapping_sub(b),
                BinOp::Mul => a.wrapping_mul(b),
                BinOp::Div => {
                    if b == 0 {
                        0
                    } else {
                        a.wrapping_div_euclid(b)
                    }
                }
                BinOp::Rem => {
                    if b == 0 {
                        a
                    } else {
                        a.wrapping_rem_euclid(b)
                    }
                }
                BinOp::UDiv => ua.checked_div(ub).unwrap_or(0) as $s,
                BinOp::URem => ua.checked_rem(ub).unwrap_or(ua) as $s,
                BinOp::Shl => amount(ub).and_then(|k| ua.checked_shl(k)).unwrap_or(0) as $s,
                BinOp::Shr => amount(ub)
                    .and_then(|k| a.checked_shr(k))
                    .unwrap_or(if a < 0 { -1 } else { 0 }),
                BinOp::UShr => amount(ub).and_then(|k| ua.checked_shr(k)).unwrap_or(0) as $s,
                BinOp::And => a & b,
                BinOp::Or => a | b,
                BinOp::Xor => a ^ b,
                BinOp::Min => a.min(b),
                BinOp::Max => a.max(b),
                BinOp::UMin => ua.min(ub) as $s,
                BinOp::UMax => ua.max(ub) as $s,
            }
        }
    };
}

/// A shift amount as Rust's shifts take it (`None` past `u32`, which every width exceeds).
fn amount(k: impl TryInto<u32>) -> Option<u32> {
    k.try_into().ok()
}

word_bin!(bv32_bin, i32, u32);
word_bin!(bv64_bin, i64, u64);

/// Shifts by a literal below this are encoded exactly in `int` mode (as products and quotients
/// by `2^k`, built from 62-bit factors); beyond it the constant would only bloat the query.
pub const MAX_EXACT_SHIFT: i64 = 4096;

/// Whether `lhs OP rhs` has an exact encoding in `int` mode's linear-integer-arithmetic
/// world, given the operands' values when they are literals. Everything but the bitwise
/// operators is exact; shifts are exact by a constant amount below [`MAX_EXACT_SHIFT`], `&` with a constant mask
/// `2^k − 1` on either side (it is `x mod 2^k`); `|`, `^` and other masks are not.
pub fn int_exact(op: BinOp, lhs: Option<i64>, rhs: Option<i64>) -> bool {
    let is_mask =
        |c: Option<i64>| c.is_some_and(|c| c >= 0 && (c as u64).wrapping_add(1).is_power_of_two());
    match op {
        BinOp::Shl | BinOp::Shr | BinOp::UShr => rhs.is_some_and(|k| k < MAX_EXACT_SHIFT),
        BinOp::And => is_mask(lhs) || is_mask(rhs),
        BinOp::Or | BinOp::Xor => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinOp::*;

    fn int(op: BinOp, a: i128, b: i128) -> i128 {
        Arith::Int.bin(op, a, b).unwrap()
    }
    fn bv(op: BinOp, a: i128, b: i128) -> i128 {
        Arith::Bv32.bin(op, a, b).unwrap()
    }

    #[test]
    fn euclidean_division_and_remainder_in_int() {
        assert_eq!((int(Div, 7, 2), int(Rem, 7, 2)), (3, 1));
        assert_eq!((int(Div, -7, 2), int(Rem, -7, 2)), (-4, 1));
        assert_eq!((int(Div, 7, -2), int(Rem, 7, -2)), (-3, 1));
        assert_eq!((int(Div, -7, -2), int(Rem, -7, -2)), (4, 1));
        // x = (x / y) * y + x % y and 0 <= x % y < |y|.
        for x in -20..20 {
            for y in -6i128..6 {
                if y != 0 {
                    assert_eq!(int(Div, x, y) * y + int(Rem, x, y), x);
                    assert!((0..y.abs()).contains(&int(Rem, x, y)));
                }
            }
        }
    }

    #[test]
    fn division_by_zero_is_total() {
        for arith in [Arith::Int, Arith::Bv32, Arith::Bv64] {
            for op in [Div, UDiv] {
                assert_eq!(arith.bin(op, 9, 0), Ok(0));
                assert_eq!(arith.bin(op, -9, 0), Ok(0));
            }
            for op in [Rem, URem] {
                assert_eq!(arith.bin(op, 9, 0), Ok(9));
                assert_eq!(arith.bin(op, -9, 0), Ok(-9));
            }
        }
    }

    #[test]
    fn int_overflow_is_reported_not_wrapped() {
        assert_eq!(Arith::Int.bin(Add, i128::MAX, 1), Err(ArithError::Overflow));
        assert_eq!(Arith::Int.bin(Mul, i128::MAX, 2), Err(ArithError::Overflow));
        assert_eq!(
            Arith::Int.bin(Div, i128::MIN, -1),
            Err(ArithError::Overflow)
        );
        assert_eq!(Arith::Int.bin(Shl, 1, 127), Err(ArithError::Overflow));
        assert_eq!(Arith::Int.bin(Shl, 1, 200), Err(ArithError::Overflow));
        assert_eq!(Arith::Int.neg(i128::MIN), Err(ArithError::Overflow));
        assert_eq!(int(Shl, 0, 1000), 0);
    }

    #[test]
    fn int_shifts_are_multiplication_and_floor_division() {
        assert_eq!(int(Shl, 3, 4), 48);
        assert_eq!(int(Shl, -3, 1), -6);
        assert_eq!(int(Shr, 7, 1), 3);
        assert_eq!(int(Shr, -7, 1), -4);
        assert_eq!(int(Shr, -7, 500), -1);
        assert_eq!(int(Shr, 7, -1), 0);
        assert_eq!(int(Shl, 7, -1), 0);
        // A mask is a Euclidean remainder, negative numbers included.
        for x in -40..40 {
            assert_eq!(int(And, x, 7), int(Rem, x, 8));
        }
    }

    #[test]
    fn bv32_wraps_around() {
        let max = i32::MAX as i128;
        let min = i32::MIN as i128;
        assert_eq!(bv(Add, max, 1), min);
        assert_eq!(bv(Sub, min, 1), max);
        assert_eq!(bv(Mul, 0x10000, 0x10000), 0);
        assert_eq!(Arith::Bv32.neg(min), Ok(min));
        assert_eq!(Arith::Bv32.value(1 << 32), 0);
        assert_eq!(Arith::Bv32.value(0xFFFF_FFFF), -1);
        assert_eq!(bv(Sub, 0, 1), -1);
    }

    #[test]
    fn bv32_signedness() {
        // -7 / 2 is Euclidean when signed; as unsigned, -7 is 2^32 - 7.
        assert_eq!(bv(Div, -7, 2), -4);
        assert_eq!(bv(Rem, -7, 2), 1);
        assert_eq!(bv(UDiv, -7, 2), ((u32::MAX - 6) / 2) as i128);
        assert_eq!(bv(URem, -7, 2), 1);
        assert_eq!(bv(Div, i32::MIN as i128, -1), i32::MIN as i128);
        assert_eq!(bv(Rem, i32::MIN as i128, -1), 0);
        assert_eq!(bv(Shr, -8, 1), -4);
        assert_eq!(bv(UShr, -8, 1), (u32::MAX / 2 - 3) as i128);
        assert_eq!(bv(Min, -1, 1), -1);
        assert_eq!(bv(UMin, -1, 1), 1);
        assert_eq!(bv(UMax, -1, 1), -1);
        assert!(Arith::Bv32.cmp(CmpOp::Lt, -1, 0));
        assert!(!Arith::Bv32.cmp(CmpOp::ULt, -1, 0));
        assert!(Arith::Bv32.cmp(CmpOp::UGe, -1, 0));
        assert!(Arith::Int.cmp(CmpOp::ULt, -1, 0));
    }

    #[test]
    fn bv32_shift_amounts_past_the_width() {
        assert_eq!(bv(Shl, 1, 31), i32::MIN as i128);
        assert_eq!(bv(Shl, 1, 32), 0);
        assert_eq!(bv(Shl, 1, -1), 0);
        assert_eq!(bv(Shr, -5, 40), -1);
        assert_eq!(bv(Shr, 5, 40), 0);
        assert_eq!(bv(UShr, -5, 32), 0);
    }

    #[test]
    fn bv64_is_the_same_words_twice_as_wide() {
        let b64 = |op, a, b| Arith::Bv64.bin(op, a, b).unwrap();
        let max = i128::from(i64::MAX);
        assert_eq!(b64(Add, max, 1), i128::from(i64::MIN));
        // What wraps in 32 bits does not in 64: `row * n` of a 2^30-wide matrix.
        assert_eq!(b64(Mul, 1 << 30, 4), 1 << 32);
        assert_eq!(bv(Mul, 1 << 30, 4), 0);
        assert_eq!(Arith::Bv64.value(u64::MAX.into()), -1);
        assert_eq!(b64(UDiv, -2, 2), i128::from(i64::MAX));
        assert_eq!(b64(UShr, -1, 60), 15);
        assert_eq!(b64(Shl, 1, 64), 0);
        assert_eq!(b64(Shr, -5, 64), -1);
        assert!(!Arith::Bv64.cmp(CmpOp::ULt, -1, 0));
        assert_eq!(Arith::Bv64.bits(), Some(64));
        assert_eq!(Arith::Int.bits(), None);
    }

    #[test]
    fn small_values_agree_across_modes() {
        for op in BinOp::ALL {
            for a in -9..9 {
                for b in -3..6 {
                    if matches!(op, UDiv | URem | UShr | UMin | UMax) && (a < 0 || b < 0) {
                        continue;
                    }
                    if matches!(op, Shl | Shr) && b < 0 {
                        continue;
                    }
                    assert_eq!(int(op, a, b), bv(op, a, b), "{op:?} {a} {b}");
                    assert_eq!(int(op, a, b), Arith::Bv64.bin(op, a, b).unwrap());
                }
            }
        }
    }

    #[test]
    fn what_int_mode_encodes_exactly() {
        assert!(int_exact(Add, None, None));
        assert!(int_exact(Shl, None, Some(3)));
        assert!(int_exact(Shl, None, Some(200)));
        assert!(!int_exact(Shl, None, Some(MAX_EXACT_SHIFT)));
        assert!(!int_exact(Shl, Some(3), None));
        assert!(int_exact(And, None, Some(255)));
        assert!(int_exact(And, Some(0), None));
        assert!(!int_exact(And, None, Some(6)));
        assert!(!int_exact(Or, Some(1), Some(1)));
    }
}
