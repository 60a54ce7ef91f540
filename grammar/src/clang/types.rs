//! C types as clang prints them (`unsigned int`, `const float *`, `int[16][17]`, `P &`), read
//! into what the lowering needs: scalar kinds with their width and signedness, pointers,
//! arrays and references, and the number of core cells a value of the type occupies.

use mapcheck_core::ast::ParamType;

/// The kind of a scalar value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// An integer of `bits` bits.
    Int {
        bits: u32,
        signed: bool,
    },
    Bool,
    /// A floating-point number of this many bits (`half` 16, `float` 32, `double` 64).
    Float(u32),
}

impl Scalar {
    pub const INT: Scalar = Scalar::Int {
        bits: 32,
        signed: true,
    };
    pub const UINT: Scalar = Scalar::Int {
        bits: 32,
        signed: false,
    };

    pub fn is_unsigned(self) -> bool {
        matches!(self, Scalar::Int { signed: false, .. })
    }

    /// The range of a kernel parameter of this type in the core. A floating-point parameter
    /// is held as an integer that only payloads read (a conversion to an integer is `?`), so
    /// any value will do.
    pub fn param_type(self) -> ParamType {
        match self {
            Scalar::Int { bits, signed } => ParamType::Int { bits, signed },
            Scalar::Bool => ParamType::Int {
                bits: 1,
                signed: false,
            },
            Scalar::Float(_) => ParamType::Int {
                bits: 64,
                signed: true,
            },
        }
    }

    /// The values of an integer or `bool` (C's, whatever the arithmetic mode); `None` for a
    /// floating-point type.
    pub fn range(self) -> Option<(i128, i128)> {
        match self {
            Scalar::Float(_) => None,
            s => Some(s.param_type().range(mapcheck_core::Arith::Int)),
        }
    }
}

/// A C type, parsed from clang's printed form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CType {
    Scalar(Scalar),
    Void,
    Pointer(Box<CType>),
    Reference(Box<CType>),
    /// `T[N]` (`None`: `T[]`, an `extern` array of unknown size).
    Array(Box<CType>, Option<u64>),
    /// A struct, union or class, by the identity the resolve stage wrote into the type's text
    /// (`resolve.rs`): the key clang prints (`Cfg`, `geo::Key`) when one declaration prints so,
    /// `Key@ID` for one of several namesakes, `Key@?` when clang's facts do not decide which.
    Record(String),
    /// Anything else (function types, templates left dependent, ...), as printed.
    Other(String),
}

fn strip_qualifiers(mut s: &str) -> &str {
    loop {
        let t = s.trim();
        let next = t
            .strip_prefix("const ")
            .or_else(|| t.strip_prefix("volatile "))
            .or_else(|| t.strip_prefix("struct "))
            .or_else(|| t.strip_prefix("class "))
            .or_else(|| t.strip_prefix("union "))
            .or_else(|| t.strip_prefix("enum "))
            .or_else(|| t.strip_suffix(" const"))
            .or_else(|| t.strip_suffix(" volatile"))
            .or_else(|| t.strip_suffix("__restrict"))
            .or_else(|| t.strip_suffix(" restrict"));
        match next {
            Some(n) => s = n,
            None => return t,
        }
    }
}

fn scalar(name: &str) -> Option<Scalar> {
    let int = |bits, signed| Some(Scalar::Int { bits, signed });
    match name {
        "bool" | "_Bool" => Some(Scalar::Bool),
        "float" => Some(Scalar::Float(32)),
        "double" => Some(Scalar::Float(64)),
        "long double" => Some(Scalar::Float(128)),
        "__half" | "half" => Some(Scalar::Float(16)),
        "char" | "signed char" => int(8, true),
        "unsigned char" => int(8, false),
        "short" | "short int" | "signed short" => int(16, true),
        "unsigned short" | "unsigned short int" => int(16, false),
        "int" | "signed int" | "signed" => int(32, true),
        "unsigned int" | "unsigned" => int(32, false),
        "long" | "long int" | "long long" | "long long int" | "__int64" => int(64, true),
        "unsigned long" | "unsigned long int" | "unsigned long long" | "unsigned long long int" => {
            int(64, false)
        }
        _ => None,
    }
}

impl CType {
    /// Parses the canonical (desugared) form clang prints.
    pub fn parse(text: &str) -> CType {
        let t = strip_qualifiers(text);
        // A reference or pointer to an array, `T (&)[N]`, `T (*)[N][M]` (clang's spelling of
        // `int (&r)[64]`'s type): the declarator in parentheses applies to the array.
        for (declarator, reference) in [("(&)", true), ("(&&)", true), ("(*)", false)] {
            if let Some(k) = t.find(declarator) {
                let rest = t[k + declarator.len()..].trim_start();
                if rest.starts_with('[') {
                    let array = CType::parse(&format!("{}{rest}", t[..k].trim_end()));
                    return if reference {
                        CType::Reference(Box::new(array))
                    } else {
                        CType::Pointer(Box::new(array))
                    };
                }
            }
        }
        if let Some(inner) = t.strip_suffix('&') {
            let inner = inner.strip_suffix('&').unwrap_or(inner);
            return CType::Reference(Box::new(CType::parse(inner)));
        }
        if let Some(inner) = t.strip_suffix('*') {
            return CType::Pointer(Box::new(CType::parse(inner)));
        }
        if t.ends_with(']') {
            // `T[N][M]` is an array of N arrays of M: the first bracket is the outer array.
            if let Some(open) = t.find('[') {
                let close = t[open..].find(']').map(|c| open + c);
                if let Some(close) = close {
                    let n = t[open + 1..close].trim();
                    let rest = format!("{}{}", &t[..open], &t[close + 1..]);
                    let size = if n.is_empty() { None } else { n.parse().ok() };
                    if !n.is_empty() && size.is_none() {
                        return CType::Other(t.to_string());
                    }
                    return match CType::parse(&rest) {
                        // C++ has no arrays of references: clang prints the type `auto &r =
                        // s` deduces, a reference to `s`'s array, as `int &[64]`.
                        CType::Reference(e) => CType::Reference(Box::new(CType::Array(e, size))),
                        e => CType::Array(Box::new(e), size),
                    };
                }
            }
        }
        if t == "void" {
            return CType::Void;
        }
        if let Some(s) = scalar(t) {
            return CType::Scalar(s);
        }
        if t.contains('(') || t.contains('<') || t.contains(' ') && !t.contains("::") {
            return CType::Other(t.to_string());
        }
        CType::Record(t.to_string())
    }

    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            CType::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// The pointee of a pointer, or the element of an array (which decays to a pointer).
    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Pointer(t) | CType::Array(t, _) => Some(t),
            _ => None,
        }
    }

    pub fn is_pointer_like(&self) -> bool {
        matches!(self, CType::Pointer(_) | CType::Array(..))
    }

    pub fn without_reference(&self) -> &CType {
        match self {
            CType::Reference(t) => t,
            t => t,
        }
    }
}

/// The size in bytes of a scalar, for telling apart accesses of different widths.
pub fn scalar_bytes(s: Scalar) -> u64 {
    match s {
        Scalar::Int { bits, .. } => u64::from(bits / 8),
        Scalar::Bool => 1,
        Scalar::Float(bits) => u64::from(bits / 8),
    }
}

/// Whether `name` is one of CUDA's vector types (`int2`, `uchar4`, `double3`, ...).
pub fn is_cuda_vector(name: &str) -> bool {
    let base = name.trim_end_matches(['1', '2', '3', '4']);
    base.len() + 1 == name.len()
        && matches!(
            base,
            "char"
                | "uchar"
                | "short"
                | "ushort"
                | "int"
                | "uint"
                | "long"
                | "ulong"
                | "longlong"
                | "ulonglong"
                | "float"
                | "double"
        )
}

/// The identifiers of a printed type, with their byte ranges.
pub(crate) fn identifiers(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clang_types() {
        assert_eq!(
            CType::parse("const unsigned int"),
            CType::Scalar(Scalar::UINT)
        );
        assert_eq!(
            CType::parse("float *"),
            CType::Pointer(Box::new(CType::Scalar(Scalar::Float(32))))
        );
        assert_eq!(
            CType::parse("int[16][17]"),
            CType::Array(
                Box::new(CType::Array(Box::new(CType::Scalar(Scalar::INT)), Some(17))),
                Some(16)
            )
        );
        // References and pointers to arrays, and a function pointer left alone.
        let int_64 = CType::Array(Box::new(CType::Scalar(Scalar::INT)), Some(64));
        assert_eq!(
            CType::parse("int (&)[64]"),
            CType::Reference(Box::new(int_64.clone()))
        );
        assert_eq!(
            CType::parse("const int (&)[64]"),
            CType::Reference(Box::new(int_64.clone()))
        );
        assert_eq!(
            CType::parse("int (*)[64]"),
            CType::Pointer(Box::new(int_64))
        );
        assert_eq!(
            CType::parse("float (*)[4][8]"),
            CType::Pointer(Box::new(CType::Array(
                Box::new(CType::Array(
                    Box::new(CType::Scalar(Scalar::Float(32))),
                    Some(8)
                )),
                Some(4)
            )))
        );
        assert!(matches!(CType::parse("int (*)(int)"), CType::Other(_)));
        assert_eq!(
            CType::parse("int &[64]"),
            CType::parse("int (&)[64]"),
            "clang's spelling of a deduced `auto &` to an array"
        );
        assert_eq!(
            CType::parse("P &"),
            CType::Reference(Box::new(CType::Record("P".into())))
        );
        assert_eq!(
            CType::parse("int *&"),
            CType::Reference(Box::new(CType::Pointer(Box::new(CType::Scalar(
                Scalar::INT
            )))))
        );
        assert_eq!(
            CType::parse("const float *__restrict"),
            CType::Pointer(Box::new(CType::Scalar(Scalar::Float(32))))
        );
    }
}
