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
//! * `assume`s come first in a kernel body and only mention parameters, `ntid` and `nbid`.

use mapcheck_core::arith::int_exact;
use mapcheck_core::ast::*;
use mapcheck_core::span::Span;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::Union;

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
    /// block, two shared arrays indexed in one or two dimensions, loops with any step
    /// (ascending or descending), reads, writes, atomics, `let x = ?`, `if`, `sync` (also
    /// under `tid`- or data-dependent control; never `syncwarp`, which Coq does not know),
    /// `skip`; expressions over non-negative
    /// literals with the signed and unsigned operators and comparisons, negation (Coq's
    /// `0 - e`), `select` (Coq's selections on one comparison), `let x = e`. No `assume`
    /// (mechanised, but mapcheck also asks it to be under no control). Kernels may be
    /// data-dependent (see `exact_only`): for the differential test of the Rust checker
    /// against the checker extracted from Coq.
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
            global_arrays: false,
            assumes: false,
            max_literal: 8,
            edge_literals: false,
            lets: true,
            havocs: true,
            negation: true,
            unsigned_ops: true,
            components: false,
            selects: true,
            signed_params: false,
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

// ---------------------------------------------------------------------------------------------
// Shapes: what proptest generates and shrinks.

#[derive(Clone, Debug)]
enum GExpr {
    Lit(i64),
    /// The `k mod n`-th of the `n` variables allowed at the place of use.
    Var(u8),
    Neg(Box<GExpr>),
    Bin(BinOp, Box<GExpr>, Box<GExpr>),
    /// `select(a OP b, c, d)`, from `[a, b, c, d]`.
    Select(CmpOp, Box<[GExpr; 4]>),
}

#[derive(Clone, Debug)]
enum GCond {
    Bool(bool),
    Cmp(CmpOp, GExpr, GExpr),
    Not(Box<GCond>),
    And(Box<GCond>, Box<GCond>),
    Or(Box<GCond>, Box<GCond>),
}

/// A cell: the array by number (mod the kernel's arrays), and indices, padded with `0` or cut
/// to the array's arity when lowered.
#[derive(Clone, Debug)]
struct GAccess {
    array: u8,
    index: Vec<GExpr>,
}

#[derive(Clone, Debug)]
enum GStmt {
    Skip,
    Sync,
    SyncWarp,
    Write(GAccess, GExpr),
    Read(GAccess),
    Let(GExpr),
    Unknown,
    Atomic {
        bind: bool,
        target: GAccess,
        op: AtomicOp,
        value: GExpr,
    },
    If {
        /// Ask for a uniform condition even when the branches hold no `sync`.
        uniform: bool,
        cond: GCond,
        then_branch: Vec<GStmt>,
        else_branch: Option<Vec<GStmt>>,
    },
    For {
        uniform: bool,
        range: GLoop,
        body: Vec<GStmt>,
    },
}

/// A non-negative, small loop start (or descending bound).
#[derive(Clone, Debug)]
enum GLow {
    Lit(u8),
    Tid,
    /// `max(e, 0)`
    Max0(GExpr),
}

/// A loop bound (or descending start) no larger than a parameter, `ntid` or 4.
#[derive(Clone, Debug)]
enum GHigh {
    Lit(u8),
    Param(u8),
    Ntid,
    /// `min(e, c)` with `c <= 4`
    MinLit(GExpr, u8),
    /// `min(e, P)`
    MinParam(GExpr, u8),
}

#[derive(Clone, Debug)]
enum GLoop {
    /// `S..H step +k`
    Up { start: GLow, bound: GHigh, step: u8 },
    /// `H downto S step -k`
    Down { start: GHigh, bound: GLow, step: u8 },
    /// `c..H step *f` or `c..H step <<s`
    Mul {
        start: u8,
        bound: GHigh,
        shl: bool,
        amount: u8,
    },
    /// `H downto c step /f` or `H downto c step >>s`
    Div {
        start: GHigh,
        bound: u8,
        shr: bool,
        amount: u8,
    },
    /// `tid (+ bid * ntid)..H step +ntid (* nbid)`
    Grid { bound: GHigh, grid: bool },
}

#[derive(Clone, Debug)]
struct GKernel {
    /// Whether each parameter is signed (`i32`) rather than natural.
    params: Vec<bool>,
    /// Space and arity of each array.
    arrays: Vec<(Space, usize)>,
    assumes: Vec<GCond>,
    body: Vec<GStmt>,
    /// The kernel reads the geometry's components (`tid.x`, `ntid.y`, ...), not its linear forms.
    components: bool,
}

fn literal(s: &GenSettings) -> BoxedStrategy<i64> {
    let small = 0..=s.max_literal.max(0);
    if s.edge_literals {
        prop_oneof![
            4 => small,
            1 => select(vec![0, 1 << 31, (1 << 32) - 1, 1 << 62, i64::MAX]),
            1 => 0..=i64::MAX,
        ]
        .boxed()
    } else {
        small.boxed()
    }
}

/// The operators `s` allows.
fn binops(s: &GenSettings) -> Vec<BinOp> {
    let unsigned = [
        BinOp::UDiv,
        BinOp::URem,
        BinOp::UShr,
        BinOp::UMin,
        BinOp::UMax,
    ];
    BinOp::ALL
        .into_iter()
        .filter(|op| s.unsigned_ops || !unsigned.contains(op))
        .collect()
}

/// The comparisons `s` allows.
fn cmpops(s: &GenSettings) -> Vec<CmpOp> {
    let unsigned = [CmpOp::ULt, CmpOp::ULe, CmpOp::UGt, CmpOp::UGe];
    CmpOp::ALL
        .into_iter()
        .filter(|op| s.unsigned_ops || !unsigned.contains(op))
        .collect()
}

fn gexpr(s: &GenSettings) -> BoxedStrategy<GExpr> {
    let leaf = prop_oneof![
        literal(s).prop_map(GExpr::Lit),
        any::<u8>().prop_map(GExpr::Var),
    ];
    let ops = binops(s);
    let cmps = cmpops(s);
    let (negation, selects) = (s.negation, s.selects);
    leaf.prop_recursive(s.max_expr_depth, 16, 2, move |inner| {
        let bin = (select(ops.clone()), inner.clone(), inner.clone())
            .prop_map(|(op, a, b)| GExpr::Bin(op, Box::new(a), Box::new(b)));
        let neg = inner.clone().prop_map(|e| GExpr::Neg(Box::new(e)));
        let sel = (
            select(cmps.clone()),
            [inner.clone(), inner.clone(), inner.clone(), inner],
        )
            .prop_map(|(op, parts)| GExpr::Select(op, Box::new(parts)));
        prop_oneof![
            u32::from(negation) => neg,
            6 => bin,
            u32::from(selects) => sel,
        ]
        .boxed()
    })
    .boxed()
}

fn gcond(s: &GenSettings) -> BoxedStrategy<GCond> {
    let e = gexpr(s);
    let leaf = prop_oneof![
        1 => any::<bool>().prop_map(GCond::Bool),
        6 => (select(cmpops(s)), e.clone(), e).prop_map(|(op, a, b)| GCond::Cmp(op, a, b)),
    ];
    leaf.prop_recursive(s.max_expr_depth.min(3), 8, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| GCond::Not(Box::new(c))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| GCond::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| GCond::Or(Box::new(a), Box::new(b))),
        ]
    })
    .boxed()
}

fn gaccess(s: &GenSettings) -> BoxedStrategy<GAccess> {
    (any::<u8>(), vec(gexpr(s), 1..=s.max_dims.max(1)))
        .prop_map(|(array, index)| GAccess { array, index })
        .boxed()
}

fn glow(s: &GenSettings) -> BoxedStrategy<GLow> {
    prop_oneof![
        (0u8..=4).prop_map(GLow::Lit),
        Just(GLow::Tid),
        gexpr(s).prop_map(GLow::Max0),
    ]
    .boxed()
}

fn ghigh(s: &GenSettings) -> BoxedStrategy<GHigh> {
    prop_oneof![
        (0u8..=4).prop_map(GHigh::Lit),
        any::<u8>().prop_map(GHigh::Param),
        Just(GHigh::Ntid),
        (gexpr(s), 0u8..=4).prop_map(|(e, c)| GHigh::MinLit(e, c)),
        (gexpr(s), any::<u8>()).prop_map(|(e, p)| GHigh::MinParam(e, p)),
    ]
    .boxed()
}

fn gloop(s: &GenSettings) -> BoxedStrategy<GLoop> {
    let unit = (glow(s), ghigh(s)).prop_map(|(start, bound)| GLoop::Up {
        start,
        bound,
        step: 1,
    });
    if !s.strided_loops {
        return unit.boxed();
    }
    prop_oneof![
        3 => unit,
        1 => (glow(s), ghigh(s), 1u8..=3).prop_map(|(start, bound, step)| GLoop::Up { start, bound, step }),
        2 => (ghigh(s), glow(s), 1u8..=3).prop_map(|(start, bound, step)| GLoop::Down { start, bound, step }),
        2 => (1u8..=4, ghigh(s), any::<bool>(), any::<u8>()).prop_map(|(start, bound, shl, amount)| {
            GLoop::Mul { start, bound, shl, amount }
        }),
        2 => (ghigh(s), 0u8..=1, any::<bool>(), any::<u8>()).prop_map(|(start, bound, shr, amount)| {
            GLoop::Div { start, bound, shr, amount }
        }),
        1 => (ghigh(s), any::<bool>()).prop_map(|(bound, grid)| GLoop::Grid { bound, grid }),
    ]
    .boxed()
}

fn gstmt(s: &GenSettings) -> BoxedStrategy<GStmt> {
    let mut leaves: Vec<(u32, BoxedStrategy<GStmt>)> = vec![(1, Just(GStmt::Skip).boxed())];
    if s.lets {
        leaves.push((2, gexpr(s).prop_map(GStmt::Let).boxed()));
    }
    if s.havocs {
        leaves.push((1, Just(GStmt::Unknown).boxed()));
    }
    if s.arrays > 0 {
        leaves.push((
            4,
            (gaccess(s), gexpr(s))
                .prop_map(|(a, v)| GStmt::Write(a, v))
                .boxed(),
        ));
        leaves.push((3, gaccess(s).prop_map(GStmt::Read).boxed()));
        if s.atomics {
            let ops = vec![
                AtomicOp::Add,
                AtomicOp::Sub,
                AtomicOp::And,
                AtomicOp::Or,
                AtomicOp::Xor,
                AtomicOp::Exch,
            ];
            leaves.push((
                1,
                (any::<bool>(), gaccess(s), select(ops), gexpr(s))
                    .prop_map(|(bind, target, op, value)| GStmt::Atomic {
                        bind,
                        target,
                        op,
                        value,
                    })
                    .boxed(),
            ));
        }
    }
    if s.barriers {
        leaves.push((2, Just(GStmt::Sync).boxed()));
        if s.warp_barriers {
            leaves.push((1, Just(GStmt::SyncWarp).boxed()));
        }
    }
    let leaf = Union::new_weighted(leaves);
    let width = s.max_width;
    let cond = gcond(s);
    let range = gloop(s);
    leaf.prop_recursive(s.max_depth, 64, width.max(1) as u32, move |inner| {
        let block = vec(inner, 0..=width);
        prop_oneof![
            (
                any::<bool>(),
                cond.clone(),
                block.clone(),
                proptest::option::of(block.clone())
            )
                .prop_map(|(uniform, cond, then_branch, else_branch)| GStmt::If {
                    uniform,
                    cond,
                    then_branch,
                    else_branch,
                }),
            (any::<bool>(), range.clone(), block).prop_map(|(uniform, range, body)| GStmt::For {
                uniform,
                range,
                body,
            }),
        ]
    })
    .boxed()
}

fn gkernel(s: &GenSettings) -> BoxedStrategy<GKernel> {
    let space = if s.global_arrays {
        prop_oneof![3 => Just(Space::Shared), 2 => Just(Space::Global)].boxed()
    } else {
        Just(Space::Shared).boxed()
    };
    let arrays = vec((space, 1..=s.max_dims.max(1)), s.arrays.min(1)..=s.arrays);
    let assumes = if s.assumes {
        vec(gcond(s), 0..=2).boxed()
    } else {
        Just(Vec::new()).boxed()
    };
    // One kernel in four reads the components instead of the linear forms: decided over six
    // symbolic dimensions instead of two, such a kernel costs the cross-check more.
    let components = if s.components {
        proptest::bool::weighted(0.25).boxed()
    } else {
        Just(false).boxed()
    };
    // One parameter in four is signed, when the settings allow it.
    let signed = if s.signed_params { 0.25 } else { 0.0 };
    (
        vec(proptest::bool::weighted(signed), 0..=s.params),
        arrays,
        assumes,
        vec(gstmt(s), 0..=s.max_width),
        components,
    )
        .prop_map(|(params, arrays, assumes, body, components)| GKernel {
            params,
            arrays,
            assumes,
            body,
            components,
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// Lowering: shape → program.

/// What a value depends on, as the type checker sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Facts {
    /// Depends on a read, `?`, an atomic, or a bitwise operation `int` mode cannot encode.
    data: bool,
    /// The same for every thread of a block: no `tid`, no data.
    uniform: bool,
}

impl Facts {
    const CONST: Facts = Facts {
        data: false,
        uniform: true,
    };
    const DATA: Facts = Facts {
        data: true,
        uniform: false,
    };

    fn join(self, other: Facts) -> Facts {
        Facts {
            data: self.data || other.data,
            uniform: self.uniform && other.uniform,
        }
    }
}

/// Which variables a place may mention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Any variable in scope.
    Any,
    /// No variable that depends on data.
    Exact,
    /// Only variables uniform within a block (and not data).
    Uniform,
    /// Parameters, `ntid` and `nbid` (what an `assume` may constrain).
    Pre,
}

/// A variable that can be used, with what it depends on.
#[derive(Clone, Debug)]
struct Cand {
    name: String,
    facts: Facts,
}

struct Lower<'s> {
    s: &'s GenSettings,
    params: Vec<String>,
    /// Name and arity of each array.
    arrays: Vec<(String, usize)>,
    /// `let` and loop variables in scope, innermost last.
    locals: Vec<Cand>,
    next_let: usize,
    next_loop: usize,
    /// The kernel being lowered reads the geometry's components, not its linear forms.
    components: bool,
}

fn sp() -> Span {
    Span::default()
}

fn int(v: i64) -> Expr {
    Expr::int(v, sp())
}

fn var(name: &str) -> Expr {
    Expr::var(name, sp())
}

fn call(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

/// A literal operand's value, as `int_exact` wants it.
fn lit_value(g: &GExpr) -> Option<i64> {
    match g {
        GExpr::Lit(v) => Some(*v),
        _ => None,
    }
}

/// Lowers an expression, mentioning only `cands`; with `exact_ops`, rewrites every bitwise
/// operation `int` mode cannot encode exactly into one it can (see the module doc).
fn lower_expr(g: &GExpr, cands: &[Cand], exact_ops: bool) -> (Expr, Facts) {
    match g {
        GExpr::Lit(v) => (int(*v), Facts::CONST),
        GExpr::Var(k) => match cands.get(usize::from(*k) % cands.len().max(1)) {
            Some(c) => (var(&c.name), c.facts),
            None => (int(i64::from(*k)), Facts::CONST),
        },
        GExpr::Neg(a) => {
            let (a, f) = lower_expr(a, cands, exact_ops);
            (Expr::new(ExprKind::Neg(Box::new(a)), sp()), f)
        }
        GExpr::Bin(op, a, b) => {
            let (op, b) = if exact_ops {
                let amount = lit_value(b).unwrap_or(1).rem_euclid(64);
                match op {
                    BinOp::Or => (BinOp::Add, (**b).clone()),
                    BinOp::Xor => (BinOp::Sub, (**b).clone()),
                    // `x & (2^k - 1)` is `x mod 2^k`.
                    BinOp::And => (BinOp::And, GExpr::Lit((1i64 << (amount % 9)) - 1)),
                    BinOp::Shl | BinOp::Shr | BinOp::UShr => (*op, GExpr::Lit(amount % 5)),
                    other => (*other, (**b).clone()),
                }
            } else {
                (*op, (**b).clone())
            };
            let exact = int_exact(op, lit_value(a), lit_value(&b));
            let (a, fa) = lower_expr(a, cands, exact_ops);
            let (b, fb) = lower_expr(&b, cands, exact_ops);
            let mut facts = fa.join(fb);
            if !exact {
                facts = facts.join(Facts::DATA);
            }
            (call(op, a, b), facts)
        }
        GExpr::Select(op, parts) => {
            let mut facts = Facts::CONST;
            let [a, b, c, d] = (**parts).clone().map(|g| {
                let (e, f) = lower_expr(&g, cands, exact_ops);
                facts = facts.join(f);
                e
            });
            let cond = Cond::new(CondKind::Cmp(*op, a, b), sp());
            let e = ExprKind::Select(Box::new(cond), Box::new(c), Box::new(d));
            (Expr::new(e, sp()), facts)
        }
    }
}

impl<'s> Lower<'s> {
    fn new(s: &'s GenSettings) -> Self {
        Lower {
            s,
            params: Vec::new(),
            arrays: Vec::new(),
            locals: Vec::new(),
            next_let: 0,
            next_loop: 0,
            components: false,
        }
    }

    fn kernel(mut self, index: usize, g: &GKernel) -> Kernel {
        self.components = g.components;
        self.params = (0..g.params.len()).map(|i| format!("p{i}")).collect();
        self.arrays = g
            .arrays
            .iter()
            .enumerate()
            .map(|(i, (space, dims))| {
                let prefix = match space {
                    Space::Shared => "S",
                    Space::Global => "G",
                };
                (format!("{prefix}{i}"), *dims)
            })
            .collect();
        let mut stmts: Vec<Stmt> = g
            .assumes
            .iter()
            .map(|c| {
                let cond = self.cond(c, Class::Pre).0;
                stmt(StmtKind::Assume { cond })
            })
            .collect();
        stmts.extend(self.block(&g.body, true).stmts);
        Kernel {
            name: Ident::new(format!("k{index}"), sp()),
            params: self
                .params
                .iter()
                .zip(&g.params)
                .map(|(p, signed)| Param {
                    name: p.clone(),
                    span: sp(),
                    ty: if *signed {
                        ParamType::INT
                    } else {
                        ParamType::Natural
                    },
                })
                .collect(),
            arrays: g
                .arrays
                .iter()
                .zip(&self.arrays)
                .map(|((space, _), (name, _))| ArrayDecl {
                    name: Ident::new(name, sp()),
                    space: *space,
                    span: sp(),
                    layout: None,
                })
                .collect(),
            body: Block { stmts, span: sp() },
            span: sp(),
            ann: (),
        }
    }

    /// The variables `class` allows here: parameters, then built-ins, then locals.
    fn cands(&self, class: Class) -> Vec<Cand> {
        let mut out: Vec<Cand> = self
            .params
            .iter()
            .map(|p| Cand {
                name: p.clone(),
                facts: Facts::CONST,
            })
            .collect();
        for b in Builtin::ALL {
            // A kernel reads the linear forms or the components, as a CUDA kernel reads only
            // components: a kernel that mixes them has its linear ids defined by products of
            // symbolic sizes, which `bv32` queries bit-blast (one such generated kernel took
            // 240 s). Mixing is covered by the examples and the interpreter's tests.
            if b.dim.is_some() != self.components {
                continue;
            }
            let allowed = match class {
                Class::Any | Class::Exact => true,
                Class::Uniform => !b.is_thread_id(),
                Class::Pre => matches!(b.geometry, Geometry::Ntid | Geometry::Nbid),
            };
            if allowed {
                out.push(Cand {
                    name: b.name().to_string(),
                    facts: Facts {
                        data: false,
                        uniform: !b.is_thread_id(),
                    },
                });
            }
        }
        out.extend(
            self.locals
                .iter()
                .filter(|l| match class {
                    Class::Any => true,
                    Class::Exact => !l.facts.data,
                    Class::Uniform => l.facts.uniform && !l.facts.data,
                    Class::Pre => false,
                })
                .cloned(),
        );
        out
    }

    fn expr(&self, g: &GExpr, class: Class) -> (Expr, Facts) {
        let exact_ops = self.s.exact_only || matches!(class, Class::Uniform | Class::Pre);
        lower_expr(g, &self.cands(class), exact_ops)
    }

    fn cond(&self, g: &GCond, class: Class) -> (Cond, Facts) {
        let (kind, facts) = match g {
            GCond::Bool(b) => (CondKind::Bool(*b), Facts::CONST),
            GCond::Cmp(op, a, b) => {
                let (a, fa) = self.expr(a, class);
                let (b, fb) = self.expr(b, class);
                (CondKind::Cmp(*op, a, b), fa.join(fb))
            }
            GCond::Not(c) => {
                let (c, f) = self.cond(c, class);
                (CondKind::Not(Box::new(c)), f)
            }
            GCond::And(a, b) | GCond::Or(a, b) => {
                let (a, fa) = self.cond(a, class);
                let (b, fb) = self.cond(b, class);
                let (a, b) = (Box::new(a), Box::new(b));
                let kind = match g {
                    GCond::And(..) => CondKind::And(a, b),
                    _ => CondKind::Or(a, b),
                };
                (kind, fa.join(fb))
            }
        };
        (Cond::new(kind, sp()), facts)
    }

    /// The class of indices, and of control that need not be uniform.
    fn plain(&self) -> Class {
        if self.s.exact_only {
            Class::Exact
        } else {
            Class::Any
        }
    }

    /// The class of a condition or loop range around `body`.
    fn control(&self, want_uniform: bool, body: &[&[GStmt]]) -> Class {
        let must =
            self.s.barriers && !self.s.divergent_barriers && body.iter().any(|b| contains_sync(b));
        if want_uniform || must {
            Class::Uniform
        } else {
            self.plain()
        }
    }

    fn access(&self, g: &GAccess) -> Option<Access> {
        let (name, dims) = self
            .arrays
            .get(usize::from(g.array) % self.arrays.len().max(1))?;
        let class = self.plain();
        let index = (0..*dims)
            .map(|i| match g.index.get(i) {
                Some(e) => self.expr(e, class).0,
                None => int(0),
            })
            .collect();
        Some(Access {
            array: Ident::new(name, sp()),
            index,
            span: sp(),
        })
    }

    fn bind_let(&mut self, facts: Facts) -> Ident {
        let name = format!("x{}", self.next_let);
        self.next_let += 1;
        self.locals.push(Cand {
            name: name.clone(),
            facts,
        });
        Ident::new(name, sp())
    }

    fn block(&mut self, stmts: &[GStmt], uniform_ctx: bool) -> Block {
        let mark = self.locals.len();
        let stmts = stmts
            .iter()
            .map(|g| stmt(self.stmt(g, uniform_ctx)))
            .collect();
        self.locals.truncate(mark);
        Block { stmts, span: sp() }
    }

    fn stmt(&mut self, g: &GStmt, uniform_ctx: bool) -> StmtKind {
        match g {
            GStmt::Skip => StmtKind::Skip,
            GStmt::Sync => {
                if self.s.barriers && (uniform_ctx || self.s.divergent_barriers) {
                    StmtKind::Sync
                } else {
                    StmtKind::Skip
                }
            }
            GStmt::SyncWarp => {
                if self.s.barriers
                    && self.s.warp_barriers
                    && (uniform_ctx || self.s.divergent_barriers)
                {
                    StmtKind::SyncWarp
                } else {
                    StmtKind::Skip
                }
            }
            GStmt::Write(target, value) => match self.access(target) {
                Some(target) => StmtKind::Write {
                    target,
                    value: self.expr(value, Class::Any).0,
                },
                None => StmtKind::Skip,
            },
            GStmt::Read(source) => match self.access(source) {
                Some(source) => StmtKind::Read {
                    var: self.bind_let(Facts::DATA),
                    source,
                },
                None => StmtKind::Skip,
            },
            GStmt::Let(value) => {
                let (value, facts) = self.expr(value, Class::Any);
                StmtKind::Let {
                    var: self.bind_let(facts),
                    value,
                }
            }
            GStmt::Unknown => StmtKind::Unknown {
                var: self.bind_let(Facts::DATA),
            },
            GStmt::Atomic {
                bind,
                target,
                op,
                value,
            } => match self.access(target) {
                Some(target) => {
                    let value = self.expr(value, Class::Any).0;
                    StmtKind::Atomic {
                        var: bind.then(|| self.bind_let(Facts::DATA)),
                        target,
                        op: *op,
                        value,
                    }
                }
                None => StmtKind::Skip,
            },
            GStmt::If {
                uniform,
                cond,
                then_branch,
                else_branch,
            } => {
                let mut bodies: Vec<&[GStmt]> = vec![then_branch];
                if let Some(e) = else_branch {
                    bodies.push(e);
                }
                let class = self.control(*uniform, &bodies);
                let (cond, facts) = self.cond(cond, class);
                let inner = uniform_ctx && facts.uniform;
                StmtKind::If {
                    cond,
                    then_branch: self.block(then_branch, inner),
                    else_branch: else_branch.as_ref().map(|b| self.block(b, inner)),
                }
            }
            GStmt::For {
                uniform,
                range,
                body,
            } => {
                let class = self.control(*uniform, &[body]);
                let (range, facts) = self.range(range, class);
                let name = format!("i{}", self.next_loop);
                self.next_loop += 1;
                let mark = self.locals.len();
                self.locals.push(Cand {
                    name: name.clone(),
                    facts,
                });
                let body = self.block(body, uniform_ctx && facts.uniform);
                self.locals.truncate(mark);
                StmtKind::For {
                    var: Ident::new(name, sp()),
                    range,
                    body,
                }
            }
        }
    }

    fn low(&self, g: &GLow, class: Class) -> (Expr, Facts) {
        match g {
            GLow::Lit(v) => (int(i64::from(*v % 5)), Facts::CONST),
            GLow::Tid if matches!(class, Class::Uniform) => (int(0), Facts::CONST),
            GLow::Tid => (
                var("tid"),
                Facts {
                    data: false,
                    uniform: false,
                },
            ),
            GLow::Max0(e) => {
                let (e, f) = self.expr(e, class);
                (call(BinOp::Max, e, int(0)), f)
            }
        }
    }

    fn param_or_lit(&self, k: u8) -> Expr {
        match self.params.get(usize::from(k) % self.params.len().max(1)) {
            Some(p) => var(p),
            None => int(i64::from(k % 5)),
        }
    }

    fn high(&self, g: &GHigh, class: Class) -> (Expr, Facts) {
        match g {
            GHigh::Lit(v) => (int(i64::from(*v % 5)), Facts::CONST),
            GHigh::Param(k) => (self.param_or_lit(*k), Facts::CONST),
            GHigh::Ntid => (var("ntid"), Facts::CONST),
            GHigh::MinLit(e, c) => {
                let (e, f) = self.expr(e, class);
                (call(BinOp::Min, e, int(i64::from(*c % 5))), f)
            }
            GHigh::MinParam(e, k) => {
                let (e, f) = self.expr(e, class);
                (call(BinOp::Min, e, self.param_or_lit(*k)), f)
            }
        }
    }

    /// A range and what its variable depends on.
    fn range(&self, g: &GLoop, class: Class) -> (Range, Facts) {
        let step = |op: StepOp, amount: i64| Step {
            op,
            amount: int(amount),
            span: sp(),
        };
        let (start, bound, dir, step) = match g {
            GLoop::Up {
                start,
                bound,
                step: k,
            } => (
                self.low(start, class),
                self.high(bound, class),
                Direction::Up,
                step(StepOp::Add, i64::from((*k).clamp(1, 3))),
            ),
            GLoop::Down {
                start,
                bound,
                step: k,
            } => (
                self.high(start, class),
                self.low(bound, class),
                Direction::Down,
                step(StepOp::Sub, i64::from((*k).clamp(1, 3))),
            ),
            GLoop::Mul {
                start,
                bound,
                shl,
                amount,
            } => (
                (int(i64::from((*start).clamp(1, 4))), Facts::CONST),
                self.high(bound, class),
                Direction::Up,
                if *shl {
                    step(StepOp::Shl, i64::from(amount % 2 + 1))
                } else {
                    step(StepOp::Mul, i64::from(amount % 2 + 2))
                },
            ),
            GLoop::Div {
                start,
                bound,
                shr,
                amount,
            } => (
                self.high(start, class),
                (int(i64::from(*bound % 2)), Facts::CONST),
                Direction::Down,
                if *shr {
                    step(StepOp::Shr, i64::from(amount % 2 + 1))
                } else {
                    step(StepOp::Div, i64::from(amount % 2 + 2))
                },
            ),
            GLoop::Grid { bound, grid } => {
                let uniform = matches!(class, Class::Uniform);
                let (start, facts) = match (uniform, grid) {
                    (true, _) => (int(0), Facts::CONST),
                    (false, false) => (var("tid"), self.tid_facts()),
                    (false, true) => (
                        call(
                            BinOp::Add,
                            var("tid"),
                            call(BinOp::Mul, var("bid"), var("ntid")),
                        ),
                        self.tid_facts(),
                    ),
                };
                let amount = if *grid {
                    call(BinOp::Mul, var("ntid"), var("nbid"))
                } else {
                    var("ntid")
                };
                (
                    (start, facts),
                    self.high(bound, class),
                    Direction::Up,
                    Step {
                        op: StepOp::Add,
                        amount,
                        span: sp(),
                    },
                )
            }
        };
        let facts = start.1.join(bound.1);
        (
            Range {
                start: start.0,
                bound: bound.0,
                dir,
                step,
            },
            facts,
        )
    }

    fn tid_facts(&self) -> Facts {
        Facts {
            data: false,
            uniform: false,
        }
    }
}

fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: sp(),
        ann: (),
    }
}

fn contains_sync(stmts: &[GStmt]) -> bool {
    stmts.iter().any(|s| match s {
        GStmt::Sync | GStmt::SyncWarp => true,
        GStmt::If {
            then_branch,
            else_branch,
            ..
        } => contains_sync(then_branch) || else_branch.as_deref().is_some_and(contains_sync),
        GStmt::For { body, .. } => contains_sync(body),
        _ => false,
    })
}
