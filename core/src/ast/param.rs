//! Kernel parameters and the integers each ranges over, per arithmetic mode.

use crate::span::Span;
use std::fmt;

/// A kernel parameter: its name and the integers it ranges over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    pub span: Span,
    pub ty: ParamType,
}

impl Param {
    /// A natural-number parameter, as `.bcu` declares them by default.
    pub fn natural(name: impl Into<String>, span: Span) -> Self {
        Param {
            name: name.into(),
            span,
            ty: ParamType::Natural,
        }
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        match self.ty {
            ParamType::Natural => Ok(()),
            ty => write!(f, ": {ty}"),
        }
    }
}

/// The values a parameter ranges over (SPEC §3). `.bcu` parameters are natural numbers
/// unless declared with a C integer type (`n: i32`); the CUDA front end gives each parameter
/// the range of its C type, so that a signed `int` may be negative and an `unsigned` may
/// exceed 2^31 — assuming naturals there would leave out runs the kernel has (a branch on
/// `n < 0` that no run would take) and so miss races.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamType {
    /// 0, 1, 2, ...: below 2^62 in `int` mode (which keeps the unrolling of geometric loops
    /// complete) and below 2^31 in `bv32` mode.
    Natural,
    /// A C integer of `bits` bits (1 for `bool`), two's complement when `signed`.
    Int { bits: u32, signed: bool },
}

/// How the values of a parameter are bounded in one arithmetic mode (values as
/// [`crate::arith`] holds them: a `bv32` value is the `i32` its bits mean).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamBounds {
    /// `lo <= v <= hi`, compared as signed.
    Signed(i128, i128),
    /// Every value of the mode: a 32-bit `unsigned` (or a wider type, truncated) in `bv32`.
    Any,
}

impl ParamType {
    pub const INT: ParamType = ParamType::Int {
        bits: 32,
        signed: true,
    };
    pub const UNSIGNED: ParamType = ParamType::Int {
        bits: 32,
        signed: false,
    };

    /// The type a `.bcu` kernel names: `nat`, `iN`/`uN` for N in 8, 16, 32, 64, `bool`, and
    /// C's `int` and `unsigned`.
    pub fn from_name(name: &str) -> Option<ParamType> {
        let int = |bits, signed| Some(ParamType::Int { bits, signed });
        match name {
            "nat" => Some(ParamType::Natural),
            "bool" => int(1, false),
            "int" => Some(ParamType::INT),
            "unsigned" => Some(ParamType::UNSIGNED),
            _ => {
                let (signed, bits) = match name.split_at_checked(1)? {
                    ("i", bits) => (true, bits),
                    ("u", bits) => (false, bits),
                    _ => return None,
                };
                match bits {
                    "8" | "16" | "32" | "64" => int(bits.parse().ok()?, signed),
                    _ => None,
                }
            }
        }
    }

    /// The least and greatest value of the type as C (or, for naturals, `.bcu`) reads it:
    /// what `-p NAME=VALUE` may give.
    pub fn range(self, arith: crate::Arith) -> (i128, i128) {
        match self {
            ParamType::Natural => match arith {
                crate::Arith::Int => (0, (1 << 62) - 1),
                crate::Arith::Bv32 => (0, i128::from(i32::MAX)),
                crate::Arith::Bv64 => (0, i128::from(i64::MAX)),
            },
            ParamType::Int { bits, signed: true } => {
                let h = 1i128 << (bits - 1);
                (-h, h - 1)
            }
            ParamType::Int {
                bits,
                signed: false,
            } => (0, (1i128 << bits) - 1),
        }
    }

    /// The bounds on the parameter's value in `arith` mode.
    pub fn bounds(self, arith: crate::Arith) -> ParamBounds {
        let (lo, hi) = self.range(arith);
        match arith {
            crate::Arith::Int => ParamBounds::Signed(lo, hi),
            crate::Arith::Bv32 if lo >= i128::from(i32::MIN) && hi <= i128::from(i32::MAX) => {
                ParamBounds::Signed(lo, hi)
            }
            crate::Arith::Bv64 if lo >= i128::from(i64::MIN) && hi <= i128::from(i64::MAX) => {
                ParamBounds::Signed(lo, hi)
            }
            // A 32-bit `unsigned` takes every bit pattern, as do wider types cut to 32 bits (and
            // a 64-bit `unsigned` in 64-bit words).
            crate::Arith::Bv32 | crate::Arith::Bv64 => ParamBounds::Any,
        }
    }

    /// The value C reads in a parameter that `arith` holds as `v`: an `unsigned` held as a
    /// negative word is the number 2^width above it.
    pub fn c_value(self, arith: crate::Arith, v: i128) -> i128 {
        match (arith.bits(), self) {
            (Some(bits), ParamType::Int { signed: false, .. }) if v < 0 => v + (1 << bits),
            _ => v,
        }
    }

    /// Whether small witnesses bound the value from both sides (`-b <= v <= b`) rather than
    /// from above: a type with negative values.
    pub fn signed(self) -> bool {
        matches!(self, ParamType::Int { signed: true, .. })
    }
}

impl fmt::Display for ParamType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamType::Natural => f.write_str("nat"),
            ParamType::Int {
                bits: 1,
                signed: false,
            } => f.write_str("bool"),
            ParamType::Int { bits, signed } => {
                write!(f, "{}{bits}", if *signed { 'i' } else { 'u' })
            }
        }
    }
}
