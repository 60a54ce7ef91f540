//! What a decision is asked to do: the arithmetic (and C's two, [`theories`]), fixed
//! parameters and geometry, the solver's limits, the reading of `?`, `--strict`,
//! `--warp-sync`, `--warp-size`, and (with the `mutation` feature only) the deliberate defects
//! the cross-check uses to test itself.

use crate::{Fixed, Limits};
use mapcheck_core::ast::{Access, BinOp, Cond, CondKind, Expr, ExprKind, Kernel, StmtKind};
use mapcheck_core::Arith;
use mapcheck_typeck::Checked;

/// Options of a decision.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub arith: Arith,
    /// C's integers (SPEC §4): the kernel is a lowered `.cu` one, whose lowering applied C's
    /// conversions, and no `--arith` was given. It is then decided in `int`, or in `bv64` when
    /// `int` cannot encode one of its operations ([`theories`]), and a kernel left undecided in
    /// the one is decided again in the other. `arith` is ignored.
    pub c_words: bool,
    pub fixed: Fixed,
    pub limits: Limits,
    /// Breaks the decision on purpose, for testing the tests (`tests/` cross-check). Exists
    /// only with the `mutation` feature, which the command line's build does not enable.
    #[cfg(feature = "mutation")]
    pub mutation: Option<Mutation>,
    /// The kernel's `let x = ?` stand for values a front end could not follow (the CUDA
    /// lowering's floats, unknown calls, reassigned locals), not for the program's own
    /// nondeterminism as in `.bcu`. A replay that evaluated one of them shows a race of the
    /// over-approximation, not of the kernel, so it does not confirm a data-dependent finding.
    pub unknowns_approximate: bool,
    /// Which write-write races are data races (SPEC §7): all of them (BabyCUDA's definition,
    /// `.bcu`'s and `--strict`'s), or all but those whose threads provably store the same
    /// bytes, which are `benign-race` advice (CUDA's convention, `.cu`'s and `--benign`'s).
    pub races: Races,
    /// The launch conventions of SPEC §8 ([`crate::launch`]): where `fixed` leaves the
    /// geometry open, dimensions the kernel never reads are 1 and its global ids do not wrap.
    /// Set for `.cu` inputs without `--any-launch` (`mapcheck::check::options_for`).
    pub conventions: bool,
    /// How far the conventions are loosened for a kernel whose preconditions contradict them
    /// (the decision sets it: [`crate::Decision::loosened`]).
    pub loosened: Loosened,
    /// The kernel's semantics is CUDA's: two blocks' atomics of one global cell are
    /// serialised, so an atomic counter's values differ between blocks too
    /// ([`crate::counters`]). Set for `.cu` inputs (`mapcheck::check::options_for`); `.bcu`'s
    /// reference, the interpreter, runs each block on its own memory, where they do not.
    pub gpu_atomics: bool,
    /// `--warp-sync[=N]`: the lanes of a warp of `N` threads run in lockstep, so warp-only
    /// races between different statements are not defects ([`crate::warp`]). `None`: races are
    /// reported, marked `warp_only` for warps of [`crate::warp::DEFAULT_WARP_SIZE`] threads.
    pub warp_sync: Option<u32>,
    /// `--warp-size N`: the lanes of a warp, which `syncwarp;` orders and `warp_only` speaks
    /// of (`None`: the size of `warp_sync`, else 32; see [`Options::warp_lanes`]).
    pub warp_size: Option<u32>,
}

/// The definition of a race a decision uses (SPEC §7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Races {
    /// The input language's convention, which the caller that knows the language resolves
    /// (`mapcheck::check::options_for`: strict for `.bcu`, benign for `.cu`). Left unresolved,
    /// the decision reads it as [`Races::Benign`].
    #[default]
    Convention,
    /// Any two conflicting accesses race, whatever the values (`--strict`; the paper's and the
    /// Coq model's definition).
    Strict,
    /// A write-write race whose two threads store the same bytes is `benign-race` advice, not
    /// a data race (`--benign`; GPUVerify's, Faial's and GKLEE's convention).
    Benign,
}

impl Options {
    /// Whether every write-write race is a data race ([`Races::Strict`]).
    pub fn strict(&self) -> bool {
        self.races == Races::Strict
    }

    /// The lanes of a warp in this decision, as the interpreter counts them
    /// ([`mapcheck_core::interp::warp_size`]).
    pub fn warp_lanes(&self) -> u32 {
        mapcheck_core::interp::warp_size(self.warp_size, self.warp_sync)
    }
}

/// The arithmetics to decide `kernel` in, in order (see [`Options::c_words`]); `int_typing` is
/// its typing in `int`. Both read a lowered `.cu` kernel as C does on every run without
/// signed overflow (undefined in C): its lowering reduces unsigned values modulo 2^32 or 2^64
/// with masks, and no value of such a run leaves 64 bits. `int` is the faster on products of
/// symbolic values, `bv64` the exact one for bitwise operations, and the fast one for a
/// product by a large constant wrapped to a machine word (`wraps_large_product`).
pub fn theories<T>(kernel: &Kernel<T>, int_typing: &Checked, options: &Options) -> Vec<Arith> {
    if !options.c_words {
        return vec![options.arith];
    }
    // An inexact operation that only feeds stored values leaves the kernel exact in `int`.
    let inexact = !int_typing.reasons.is_empty()
        && int_typing
            .protocol
            .unknowns
            .iter()
            .any(|u| matches!(u.origin, mapcheck_typeck::UnknownOrigin::Inexact { .. }));
    if inexact || wraps_large_product(kernel) {
        vec![Arith::Bv64, Arith::Int]
    } else {
        vec![Arith::Int, Arith::Bv64]
    }
}

/// Whether the deliberate defect `Mutation::$m` is switched on in `$x.mutation` (an
/// [`Options`] or a `KernelFacts`); `mutated!($x)`: whether any is. Always `false` without the
/// `mutation` feature, where neither the field nor [`Mutation`] exists.
macro_rules! mutated {
    ($x:expr, $m:ident) => {{
        #[cfg(feature = "mutation")]
        let on = $x.mutation == Some($crate::Mutation::$m);
        #[cfg(not(feature = "mutation"))]
        let on = {
            let _ = &$x;
            false
        };
        on
    }};
    ($x:expr) => {{
        #[cfg(feature = "mutation")]
        let on = $x.mutation.is_some();
        #[cfg(not(feature = "mutation"))]
        let on = {
            let _ = &$x;
            false
        };
        on
    }};
}
pub(crate) use mutated;

/// The least constant factor of a wrapped product that sends a kernel to `bv64` first.
const LARGE_FACTOR: i64 = 1 << 16;

/// Whether `kernel` reduces to a 32- or 64-bit word (the lowering's mask `& (2^32 - 1)`, or
/// `& (2^64 - 1)`, written `-1` in an `i64`) a product by a constant of at least
/// [`LARGE_FACTOR`]: a multiplicative hash (`key * 2654435761u`). In `int` such a remainder is
/// a linear equation with a quotient of 32 bits and a coefficient of 32 bits, which z3's
/// integer search cannot bound: `tests/cuda/uwrap_mul_hash.cu`'s race query, `(div (mod (*
/// tid.x 2654435761) 4294967296) 33554432)` equal for two threads below 64, takes 7.4 s in the
/// `z3` binary and runs to the limits in mapcheck, where `bv64` decides it in 0.1 s (a
/// product by a constant is shifts and adds to the bit-blaster).
fn wraps_large_product<T>(kernel: &Kernel<T>) -> bool {
    fn large_product(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Bin(BinOp::Mul, a, b) => [a, b].iter().any(|x| {
                matches!(x.kind, ExprKind::Int(c) if c.unsigned_abs() >= LARGE_FACTOR as u64)
                    || large_product(x)
            }),
            ExprKind::Bin(_, a, b) => large_product(a) || large_product(b),
            ExprKind::Neg(a) => large_product(a),
            ExprKind::Select(_, a, b) => large_product(a) || large_product(b),
            ExprKind::Int(_) | ExprKind::Var(_) => false,
        }
    }
    fn wrapped(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Bin(BinOp::And, a, b) => {
                let word = |x: &Expr| matches!(x.kind, ExprKind::Int(m) if m == u32::MAX as i64 || m == -1);
                (word(b) && large_product(a))
                    || (word(a) && large_product(b))
                    || wrapped(a)
                    || wrapped(b)
            }
            ExprKind::Bin(_, a, b) => wrapped(a) || wrapped(b),
            ExprKind::Neg(a) => wrapped(a),
            ExprKind::Select(c, a, b) => wrapped_cond(c) || wrapped(a) || wrapped(b),
            ExprKind::Int(_) | ExprKind::Var(_) => false,
        }
    }
    fn wrapped_cond(c: &Cond) -> bool {
        match &c.kind {
            CondKind::Bool(_) => false,
            CondKind::Cmp(_, a, b) => wrapped(a) || wrapped(b),
            CondKind::Not(a) => wrapped_cond(a),
            CondKind::And(a, b) | CondKind::Or(a, b) => wrapped_cond(a) || wrapped_cond(b),
        }
    }
    let mut found = false;
    kernel.body.walk(&mut |stmt| {
        let index = |a: &Access| a.index.iter().any(wrapped);
        found |= match &stmt.kind {
            StmtKind::Write { target, value } => index(target) || wrapped(value),
            StmtKind::Read { source, .. } => index(source),
            StmtKind::Let { value, .. } => wrapped(value),
            StmtKind::Atomic { target, value, .. } => index(target) || wrapped(value),
            StmtKind::If { cond, .. } | StmtKind::Assume { cond } => wrapped_cond(cond),
            StmtKind::For { range, .. } => wrapped(&range.start) || wrapped(&range.bound),
            StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp | StmtKind::Unknown { .. } => {
                false
            }
        };
    });
    found
}

/// A deliberate defect of the decision procedure. Each must be caught by the cross-check
/// properties; a mutation that survives them shows a gap in the tests.
#[cfg(feature = "mutation")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// Forget that the two threads of a query are distinct (`t1 != t2`, `b1 != b2`).
    SameThreadAllowed,
    /// Let both thread copies share their unsynchronised loop variables.
    SharedLoopVariables,
    /// Drop the first `sync` of the kernel, merging the two phases it separates.
    MergeAdjacentPhases,
    /// Forget that a barrier loop may run zero times.
    ForgetZeroTrip,
    /// Read `syncwarp` as a barrier of the whole block: drop the queries of threads in
    /// different warps ([`crate::warp`]).
    SyncwarpOrdersAllWarps,
}

#[cfg(feature = "mutation")]
impl Mutation {
    pub const ALL: [Mutation; 5] = [
        Mutation::SameThreadAllowed,
        Mutation::SharedLoopVariables,
        Mutation::MergeAdjacentPhases,
        Mutation::ForgetZeroTrip,
        Mutation::SyncwarpOrdersAllWarps,
    ];
}

/// How far the launch conventions give way to a kernel's own preconditions
/// (`__requires(gridDim.x == 1 << 30)` says its ids wrap; the conventions say they do not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Loosened {
    /// The conventions hold whole.
    #[default]
    Not,
    /// The ids may wrap: no bound on the grid's threads, nor on the block by the stride the
    /// code writes; the dimensions the kernel never reads are still 1.
    IdsMayWrap,
    /// No convention at all: every launch the preconditions allow.
    AnyLaunch,
}

impl Loosened {
    /// The next step of loosening, if there is one.
    pub fn looser(self) -> Option<Loosened> {
        match self {
            Loosened::Not => Some(Loosened::IdsMayWrap),
            Loosened::IdsMayWrap => Some(Loosened::AnyLaunch),
            Loosened::AnyLaunch => None,
        }
    }
}
