//! clang's own builtins called from device code (`__builtin_expect`, `__builtin_unreachable`,
//! `__builtin_memcpy`, `__builtin_popcount`, `__nvvm_*`, ...: functions clang declares itself,
//! with no location). clang has said what the callee is, so each has an explicit rule
//! ([`rule`]): its exact meaning, a value mapcheck does not follow (with the C library's rule
//! for pointer arguments: written through when not `const`), or a located refusal. None of them
//! falls to the rule for an unknown user callee (which havocs what the arguments reach): that
//! rule is for code mapcheck cannot see, and it would keep `__builtin_expect(c, 1)`'s value
//! from being `c`, and a thread running past `__builtin_unreachable()`.

use super::*;

/// What a call of one of clang's builtins does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// The first argument's value; the others are hints, evaluated for their effects:
    /// `__builtin_expect(e, c)`, `__builtin_expect_with_probability`,
    /// `__builtin_assume_aligned(p, a)`, `__builtin_launder(p)`.
    FirstArgument,
    /// `__builtin_addressof(x)`: `&x`, whatever `operator&` does.
    AddressOf,
    /// The thread stops: `__builtin_unreachable()` (no run reaches it), `__builtin_trap()`,
    /// `__builtin_abort()`.
    Stop,
    /// `__builtin_is_constant_evaluated()`: false in code that runs.
    False,
    /// A value mapcheck does not follow, with no effect on memory but through its non-`const`
    /// pointer arguments (math, bit counting, classification, overflow checks).
    Value,
    /// `__builtin_memcpy`, `__builtin_memset`, `__builtin_memmove`: the C library's function
    /// of that name.
    Library(&'static str),
    /// A hint with no effect on memory or values: `__builtin_prefetch`.
    NoEffect,
    /// A value mapcheck does not follow, computed without evaluating the arguments (C
    /// leaves them unevaluated, as `sizeof`'s): `__builtin_constant_p(e)`,
    /// `__builtin_classify_type(e)`, `__builtin_object_size(p, k)`. An access written in
    /// one is no access (probe round 5, F2: it was lowered as one, a false proven race).
    Unevaluated,
    /// Refused, with the reason.
    Refused(&'static str),
}

/// The C library's math functions clang also provides as `__builtin_NAME` (with `f` and `l`
/// forms): pure but for `frexp`, `modf`, `remquo`, `sincos`'s pointer out-parameters.
const MATH: &[&str] = &[
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "cbrt",
    "ceil",
    "copysign",
    "cos",
    "cosh",
    "erf",
    "erfc",
    "exp",
    "exp10",
    "exp2",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "frexp",
    "hypot",
    "ilogb",
    "ldexp",
    "lgamma",
    "llrint",
    "llround",
    "log",
    "log10",
    "log1p",
    "log2",
    "logb",
    "lrint",
    "lround",
    "modf",
    "nearbyint",
    "nextafter",
    "nexttoward",
    "pow",
    "remainder",
    "remquo",
    "rint",
    "round",
    "roundeven",
    "scalbln",
    "scalbn",
    "sin",
    "sincos",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "tgamma",
    "trunc",
    "huge_val",
    "inf",
];

/// Value-only builtins that are not math functions: integers and bits, classification,
/// overflow arithmetic (whose result goes through its pointer argument).
const VALUES: &[&str] = &[
    "abs",
    "labs",
    "llabs",
    "clz",
    "clzl",
    "clzll",
    "clzs",
    "ctz",
    "ctzl",
    "ctzll",
    "ctzs",
    "popcount",
    "popcountl",
    "popcountll",
    "parity",
    "parityl",
    "parityll",
    "ffs",
    "ffsl",
    "ffsll",
    "clrsb",
    "clrsbl",
    "clrsbll",
    "bswap16",
    "bswap32",
    "bswap64",
    "bitreverse8",
    "bitreverse16",
    "bitreverse32",
    "bitreverse64",
    "rotateleft8",
    "rotateleft16",
    "rotateleft32",
    "rotateleft64",
    "rotateright8",
    "rotateright16",
    "rotateright32",
    "rotateright64",
    "isnan",
    "isinf",
    "isfinite",
    "isnormal",
    "isinf_sign",
    "issignaling",
    "issubnormal",
    "iszero",
    "signbit",
    "signbitf",
    "signbitl",
    "fpclassify",
    "isgreater",
    "isgreaterequal",
    "isless",
    "islessequal",
    "islessgreater",
    "isunordered",
    "dynamic_object_size",
    "add_overflow",
    "sub_overflow",
    "mul_overflow",
    "sadd_overflow",
    "saddl_overflow",
    "saddll_overflow",
    "uadd_overflow",
    "uaddl_overflow",
    "uaddll_overflow",
    "ssub_overflow",
    "ssubl_overflow",
    "ssubll_overflow",
    "usub_overflow",
    "usubl_overflow",
    "usubll_overflow",
    "smul_overflow",
    "smull_overflow",
    "smulll_overflow",
    "umul_overflow",
    "umull_overflow",
    "umulll_overflow",
    "elementwise_abs",
    "elementwise_max",
    "elementwise_min",
    "readcyclecounter",
    "readsteadycounter",
];

/// The rule for clang's builtin `name`.
pub(super) fn rule(name: &str) -> Rule {
    use Rule::*;
    if name.starts_with("__nvvm_") || name.starts_with("__nv_") {
        return Refused(
            "NVVM's builtins are not modelled: use the CUDA function that wraps this one \
             (`__syncthreads`, `atomicAdd`, `__shfl_sync`, ...)",
        );
    }
    let Some(base) = name.strip_prefix("__builtin_") else {
        // clang's library builtins the headers did not declare (`abs`, `memcpy` as plain
        // names) are declared by mapcheck's headers; one reached here was not.
        return Refused("a function clang knows but mapcheck's headers do not declare");
    };
    match base {
        "expect" | "expect_with_probability" | "assume_aligned" | "launder" => FirstArgument,
        "addressof" => AddressOf,
        "unreachable" | "trap" | "abort" => Stop,
        "is_constant_evaluated" => False,
        "prefetch" => NoEffect,
        "constant_p" | "classify_type" | "object_size" => Unevaluated,
        "memcpy" | "memcpy_inline" => Library("memcpy"),
        "memset" | "memset_inline" => Library("memset"),
        "memmove" => Library("memmove"),
        "memcmp" | "bcmp" | "strlen" | "strcmp" | "strncmp" | "memchr" | "strchr" | "wcslen" => {
            Refused("it reads memory through its `const` pointer arguments, which mapcheck does not model for this function")
        }
        "alloca" | "alloca_with_align" | "operator_new" | "operator_delete" | "malloc" | "free" => {
            Refused("memory allocated by the thread is not modelled")
        }
        "nan" | "nanf" | "nanl" | "nans" | "nansf" | "nansl" => Value,
        _ if VALUES.contains(&base) => Value,
        _ => {
            let stem = base
                .strip_suffix('f')
                .or_else(|| base.strip_suffix('l'))
                .filter(|s| MATH.contains(s))
                .unwrap_or(base);
            if MATH.contains(&stem) {
                Value
            } else {
                Refused("a clang builtin mapcheck has no rule for")
            }
        }
    }
}

impl Lower<'_, '_> {
    /// A call `n` of clang's builtin `name` (declared by clang, with no location), by
    /// [`rule`].
    pub(super) fn clang_builtin(
        &mut self,
        n: &Node,
        name: &str,
        ty: &CType,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Val {
        let args = self.args(n);
        match rule(name) {
            Rule::FirstArgument if !args.is_empty() => {
                let v = self.rvalue(args[0], out);
                for a in &args[1..] {
                    self.rvalue(a, out);
                }
                self.convert(v, ty, span, out)
            }
            Rule::AddressOf if args.len() == 1 && args[0].is_lvalue() => {
                let p = self.place(args[0], out);
                self.address(p)
            }
            Rule::Stop => {
                for a in &args {
                    self.rvalue(a, out);
                }
                self.stop_here(span, out);
                Val::Opaque
            }
            Rule::False if self.constant_evaluated => Val::Bool(tt(span)),
            Rule::False => Val::Bool(ff(span)),
            Rule::NoEffect => {
                for a in &args {
                    self.rvalue(a, out);
                }
                Val::Opaque
            }
            Rule::Unevaluated => match ty {
                CType::Scalar(s) if !matches!(s, Scalar::Float(_)) => {
                    let plain = name.strip_prefix("__builtin_").unwrap_or(name);
                    let v = self.unknown(plain, s.range(), span, out);
                    Val::Num(v, *s)
                }
                _ => Val::Opaque,
            },
            Rule::Value => {
                // A `const char *` argument (`__builtin_nan("")`) is read by the builtin: only
                // a string literal, which no thread writes, is followed.
                let reads_memory = args.iter().any(|a| {
                    let t = a.qual_type();
                    t.contains('*') && t.starts_with("const ") && !is_string_literal(a)
                });
                if reads_memory {
                    self.error(
                        span,
                        format!("`{name}` reads memory through a pointer"),
                        "only a string literal is followed as this argument",
                    );
                    return Val::Opaque;
                }
                // Named after the C function (`sqrtf`), as the report shows the value.
                let plain = name.strip_prefix("__builtin_").unwrap_or(name);
                self.library_call(n, plain, ty, span, out)
            }
            Rule::Library(library) => self.library_call(n, library, ty, span, out),
            Rule::Refused(why) => {
                self.error(span, format!("`{name}` is not supported"), why);
                Val::Opaque
            }
            Rule::FirstArgument | Rule::AddressOf => {
                self.error(
                    span,
                    format!("`{name}` with these arguments is not supported"),
                    "mapcheck's rule for it needs its usual arguments",
                );
                Val::Opaque
            }
        }
    }
}

/// Whether `e` is a string literal, through casts and parentheses.
fn is_string_literal(e: &Node) -> bool {
    match e.kind {
        Kind::StringLiteral => true,
        Kind::ImplicitCastExpr | Kind::ParenExpr | Kind::CStyleCastExpr => {
            e.exprs().next().is_some_and(is_string_literal)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_keep_their_meaning() {
        assert_eq!(rule("__builtin_expect"), Rule::FirstArgument);
        assert_eq!(rule("__builtin_assume_aligned"), Rule::FirstArgument);
        assert_eq!(rule("__builtin_unreachable"), Rule::Stop);
        assert_eq!(rule("__builtin_trap"), Rule::Stop);
        assert_eq!(rule("__builtin_is_constant_evaluated"), Rule::False);
        assert_eq!(rule("__builtin_memcpy"), Rule::Library("memcpy"));
        assert_eq!(rule("__builtin_sqrtf"), Rule::Value);
        assert_eq!(rule("__builtin_popcountll"), Rule::Value);
        assert!(matches!(rule("__builtin_strlen"), Rule::Refused(_)));
        assert!(matches!(rule("__nvvm_bar_sync"), Rule::Refused(_)));
        assert!(matches!(rule("__builtin_debugtrap"), Rule::Refused(_)));
        assert!(matches!(rule("__builtin_something_new"), Rule::Refused(_)));
    }
}
