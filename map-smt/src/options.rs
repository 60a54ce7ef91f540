//! What a decision is asked to do: the arithmetic (and C's two, [`theories`]), fixed
//! parameters and geometry, the solver's limits, the reading of `?`, `--strict`,
//! `--warp-sync`, `--warp-size`, and (with the `mutation` feature only) the deliberate defects
//! the cross-check uses to test itself.

use crate::{Fixed, Limits};
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
    /// `--strict`: a write-write race is a data race whatever the values stored (BabyCUDA's
    /// definition); without it one whose threads provably store the same value is a
    /// `benign-race` (SPEC §7).
    pub strict: bool,
    /// `--warp-sync[=N]`: the lanes of a warp of `N` threads run in lockstep, so warp-only
    /// races between different statements are not defects ([`crate::warp`]). `None`: races are
    /// reported, marked `warp_only` for warps of [`crate::warp::DEFAULT_WARP_SIZE`] threads.
    pub warp_sync: Option<u32>,
    /// `--warp-size N`: the lanes of a warp, which `syncwarp;` orders and `warp_only` speaks
    /// of (`None`: the size of `warp_sync`, else 32; see [`Options::warp_lanes`]).
    pub warp_size: Option<u32>,
}

impl Options {
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
/// symbolic values, `bv64` the exact one for bitwise operations.
pub fn theories(int_typing: &Checked, options: &Options) -> Vec<Arith> {
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
    if inexact {
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
