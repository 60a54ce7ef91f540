//! Random well-formed `.bcu` programs for property tests: the proptest strategies and the
//! [`GenSettings`] struct that drives them (depth, width, arrays, parameters, exact-only,
//! barriers, strided loops, atomics, ...), as cedar-spec's generators take their `settings.rs`.
//!
//! # How programs stay well-formed, also while shrinking
//!
//! The strategies do not build [`Program`]s directly. They build a *shape*: a tree of private
//! `G…` types in which a variable use is only a number (`GExpr::Var(k)`), an access names its
//! array by a number, and a binder has no name at all. A deterministic pass, `Lower`, then
//! turns the shape into a [`Program`]: it walks the shape in source order, names binders by
//! position (`x0`, `x1`, ... for `let`s, `i0`, ... for loop variables, never reused in a
//! kernel), keeps the list of variables in scope, and resolves `Var(k)` to the `k mod n`-th
//! of the `n` variables that are in scope *and allowed at that place* (see `Class`). The
//! built-ins are always in scope, so the list is never empty.
//!
//! proptest shrinks the shape (dropping statements, simplifying expressions) and maps every
//! shrunk shape through the same pass, so a use can never dangle: a statement that bound a
//! variable and is dropped takes the variable out of the lists the later uses resolve against.
//! This is the "resolve after shrinking" choice; neither a post-pass that patches dangling
//! uses nor a restriction on what can be shrunk is needed.
//!
//! # What the lowering pass guarantees
//!
//! * Scope (`mapcheck_grammar::scope`): distinct binders not named like built-ins, parameters
//!   or arrays; every use in scope; arrays declared and always indexed with their own arity.
//! * Only non-negative literals (a negative literal prints as a negation and would come back as
//!   `Neg`, so the round trip would not be the identity).
//! * Termination with few iterations at small parameter values: every loop is one of the
//!   shapes of `GLoop` — `S..H step +k`, `H downto S step -k`, `c..H step *f` or `<<s`,
//!   `H downto c step /f` or `>>s`, and grid-stride `tid + bid * ntid..H step +ntid * nbid` —
//!   with `S >= 0` (a literal `<= 4`, `tid`, or `max(e, 0)`), `H` a literal `<= 4`, a
//!   parameter, `ntid`, or `min(e, ...)` of those, `k, f, s, c` small positive literals. So a
//!   loop makes at most `max(H) - S` iterations, or `log2(H)` for the multiplicative steps,
//!   whatever the data read from arrays.
//! * Exactness (`exact_only`): indices, conditions, loop parts and `assume`s use only
//!   variables that do not depend on reads, `?` or atomics, and no bitwise operator other than
//!   a shift by a literal or a mask `& (2^k - 1)` appears anywhere (`Or` is lowered to `+`,
//!   `Xor` to `-`, the right operand of a shift or `&` to a literal). Payloads of writes may
//!   still carry read values: they do not make a kernel data-dependent.
//! * Barriers: `syncwarp` (with `warp_barriers`) is placed as `sync` is. Without
//!   `divergent_barriers`, every `if` and loop that contains a `sync` gets a
//!   *uniform* condition or range — over parameters, `ntid`, `bid`, `nbid` and variables bound
//!   from those only, with exact operators — so a `sync` is only ever reached by all threads of
//!   a block or by none. With `divergent_barriers`, such conditions may also depend on `tid`
//!   (and, when not `exact_only`, on data).
//! * `assume`s come first in a kernel body and only mention parameters, `ntid` and `nbid`;
//!   with `inner_assumes` (and not `exact_only`) they may also stand anywhere, over uniform
//!   variables, also under control (where mapcheck makes them a reason,
//!   `ReasonKind::AssumePerThread`).

use mapcheck_core::arith::int_exact;
use mapcheck_core::ast::*;
use mapcheck_core::span::Span;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::Union;

mod lower;
mod shape;

use lower::{lower_expr, Cand, Facts, Lower};
use shape::*;

/// What the generators produce. Every field is an upper bound or a switch; build variants with
/// struct update syntax, `GenSettings { atomics: false, ..GenSettings::small_exact() }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenSettings {
    /// Deepest nesting of `if` and `for` statements (0: straight-line kernels).
    pub max_depth: u32,
    /// Most statements per block (the kernel body and every nested block).
    pub max_width: usize,
    /// Deepest nesting of operators in one expression or condition.
    pub max_expr_depth: u32,
    /// Most kernels per program (at least one is always generated).
    pub max_kernels: usize,
    /// Most arrays per kernel (each kernel has at least one when this is positive).
    pub arrays: usize,
    /// Most indices per array (`A[i][j]` has two).
    pub max_dims: usize,
    /// Most parameters per kernel.
    pub params: usize,
    /// Generate only exact kernels: no index, condition, loop part or `assume` depends on a
    /// read, `?` or an atomic, and only the bitwise operations that `int` mode encodes exactly.
    pub exact_only: bool,
    /// Generate `sync` (at top level, in loops, under uniform conditions).
    pub barriers: bool,
    /// Also put `sync` under conditions and loops that depend on `tid` (or on data).
    pub divergent_barriers: bool,
    /// Also generate `syncwarp` wherever `sync` may go (when `barriers`), placed by the same
    /// rules (`divergent_barriers` puts it under `tid`-dependent control too).
    pub warp_barriers: bool,
    /// Loops other than `a..b` with step 1: additive, multiplicative, descending, grid-stride.
    pub strided_loops: bool,
    /// Generate `atomic A[i] OP v;` and `let x = atomic ...;`.
    pub atomics: bool,
    /// Let kernels declare `global` arrays besides `shared` ones.
    pub global_arrays: bool,
    /// Generate `assume c;` at the start of kernels.
    pub assumes: bool,
    /// Also generate `assume c;` anywhere in a kernel, also under control, over uniform
    /// variables (not when `exact_only`: mapcheck makes an `assume` under control a reason,
    /// `ReasonKind::AssumePerThread`).
    pub inner_assumes: bool,
    /// Largest ordinary literal in expressions (loop bounds use their own small literals).
    pub max_literal: i64,
    /// Also generate literals at the edges of the `.bcu` range: `0`, `2^31`, `2^32 - 1`,
    /// `2^62`, `2^63 - 1` and random 63-bit values. Off in the presets meant for the
    /// interpreter, where products of such literals leave `int` mode's 128 bits.
    pub edge_literals: bool,
    /// Generate pure bindings `let x = e;`.
    pub lets: bool,
    /// Generate `let x = ?;`.
    pub havocs: bool,
    /// Generate unary negation `-e`.
    pub negation: bool,
    /// Generate the unsigned operators (`udiv urem ushr umin umax`) and comparisons (`ult ule
    /// ugt uge`).
    pub unsigned_ops: bool,
    /// Let some kernels read the components of the geometry (`tid.x`, `ntid.y`, ...) instead of
    /// its linear forms.
    pub components: bool,
    /// Generate selections `select(a OP b, c, d)`.
    pub selects: bool,
    /// Let some parameters be signed (`p: i32`, negative values allowed) instead of natural.
    pub signed_params: bool,
}

impl GenSettings {
    /// Small exact kernels with barriers (`sync` and `syncwarp`) only under uniform control:
    /// the cross-check's default (every run is quick).
    pub fn small_exact() -> Self {
        GenSettings {
            max_depth: 2,
            max_width: 4,
            max_expr_depth: 2,
            max_kernels: 1,
            arrays: 2,
            max_dims: 2,
            params: 2,
            exact_only: true,
            barriers: true,
            divergent_barriers: false,
            warp_barriers: true,
            strided_loops: true,
            atomics: true,
            global_arrays: true,
            assumes: false,
            inner_assumes: false,
            max_literal: 8,
            edge_literals: false,
            lets: true,
            havocs: true,
            negation: true,
            unsigned_ops: true,
            components: true,
            selects: true,
            signed_params: true,
        }
    }

    /// Exact kernels with a little more nesting; barriers only under uniform control.
    pub fn exact() -> Self {
        GenSettings {
            max_depth: 3,
            ..GenSettings::small_exact()
        }
    }

    /// Exact kernels that may also put `sync` under `tid`-dependent control: for the
    /// barrier-divergence checks.
    pub fn exact_divergent() -> Self {
        GenSettings {
            divergent_barriers: true,
            ..GenSettings::exact()
        }
    }

    /// Exact kernels without barriers: the unsynchronised fragment of the paper.
    pub fn unsynchronised() -> Self {
        GenSettings {
            barriers: false,
            divergent_barriers: false,
            warp_barriers: false,
            ..GenSettings::small_exact()
        }
    }

    /// Everything on: data-dependent indices, conditions and loop bounds, every operator,
    /// divergent barriers, atomics, global arrays, `assume`s, several kernels. Literals stay
    /// below `max_literal` so the interpreter can run what this generates.
    pub fn any() -> Self {
        GenSettings {
            max_depth: 3,
            max_width: 4,
            max_expr_depth: 3,
            max_kernels: 2,
            arrays: 3,
            max_dims: 3,
            params: 3,
            exact_only: false,
            barriers: true,
            divergent_barriers: true,
            warp_barriers: true,
            strided_loops: true,
            atomics: true,
            global_arrays: true,
            assumes: true,
            inner_assumes: false,
            max_literal: 16,
            edge_literals: false,
            lets: true,
            havocs: true,
            negation: true,
            unsigned_ops: true,
            components: true,
            selects: true,
            signed_params: true,
        }
    }

    /// The language `proofs/` mechanises (`Syntax.v`) and the differential test covers: one
    /// block, two arrays (`shared` or `global`) indexed in one or two dimensions, parameters
    /// natural or of a C type, the linear built-ins or their components, loops with any step
    /// (ascending or descending), reads, writes, atomics, `let x = ?`, `if`, `sync` (also
    /// under `tid`- or data-dependent control; never `syncwarp`, which Coq does not know),
    /// `skip`, `assume` (at the start, and anywhere over uniform variables); expressions over
    /// non-negative literals with the signed and unsigned operators and comparisons, negation
    /// (Coq's `0 - e`), `select` (Coq's selections on one comparison), `let x = e`. Kernels
    /// may be data-dependent (see `exact_only`): for the differential test of the Rust
    /// checker against the checker extracted from Coq.
    pub fn mechanised() -> Self {
        GenSettings {
            max_depth: 3,
            max_width: 4,
            max_expr_depth: 2,
            max_kernels: 1,
            arrays: 2,
            max_dims: 2,
            params: 2,
            exact_only: false,
            barriers: true,
            divergent_barriers: true,
            warp_barriers: false,
            strided_loops: true,
            atomics: true,
            global_arrays: true,
            assumes: true,
            inner_assumes: true,
            max_literal: 8,
            edge_literals: false,
            lets: true,
            havocs: true,
            negation: true,
            unsigned_ops: true,
            components: true,
            selects: true,
            signed_params: true,
        }
    }

    /// [`GenSettings::any`] with edge-case literals and deeper trees: for tests of the syntax
    /// only (printing, parsing), which never evaluate what they generate.
    pub fn syntax() -> Self {
        GenSettings {
            max_depth: 4,
            max_expr_depth: 4,
            max_kernels: 3,
            edge_literals: true,
            ..GenSettings::any()
        }
    }
}

/// Well-formed programs (one or more kernels) as `settings` describes them.
pub fn program(settings: &GenSettings) -> impl Strategy<Value = Program> {
    let s = settings.clone();
    vec(gkernel(settings), 1..=settings.max_kernels.max(1)).prop_map(move |kernels| Program {
        kernels: kernels
            .iter()
            .enumerate()
            .map(|(i, k)| Lower::new(&s).kernel(i, k))
            .collect(),
    })
}

/// Well-formed single kernels named `k0`.
pub fn kernel(settings: &GenSettings) -> impl Strategy<Value = Kernel> {
    let s = settings.clone();
    gkernel(settings).prop_map(move |k| Lower::new(&s).kernel(0, &k))
}

/// Expressions over the variables `vars` (which must be non-empty), with the operators
/// `settings` allows (every one unless `exact_only`) and literals up to `max_literal`: for
/// properties of the arithmetic, which evaluate an expression under a valuation of `vars`.
pub fn expr_over(settings: &GenSettings, vars: Vec<String>) -> impl Strategy<Value = Expr> {
    let exact = settings.exact_only;
    gexpr(settings).prop_map(move |g| {
        let names: Vec<Cand> = vars
            .iter()
            .map(|v| Cand {
                name: v.clone(),
                facts: Facts::CONST,
            })
            .collect();
        lower_expr(&g, &names, exact).0
    })
}
