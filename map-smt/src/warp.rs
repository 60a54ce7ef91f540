//! Warp-synchronous races (SPEC §7, `warp_only`; issue 16 item 2).
//!
//! Older kernels (the CUDA samples' `reduce4`–`reduce6`, many scans) let the threads of one
//! warp share `volatile` shared memory without a barrier, relying on the warp's lanes executing
//! in lockstep. Since Volta's independent thread scheduling that no longer holds, so such a
//! race is reported by default — but marked `warp_only` when every witness of it has its two
//! threads in one warp (same block, same linear thread id divided by the warp size). That is
//! decided by asking the race query once more with the two threads in *different* warps:
//! `unsat` makes the race warp-only, anything else (`sat`, `unknown`) leaves it unmarked.
//!
//! Under `--warp-sync[=N]` (or a GPUVerify header's `--warp-sync=N`) the lanes of a warp of `N`
//! threads are taken to run in lockstep: accesses of different statements of one warp are
//! ordered, so a warp-only race between two statements (or a read and a write) is not a
//! defect and is not reported. Two lanes writing one cell in *one* statement still race in
//! lockstep (which lane wins is undefined), so a warp-only write-write race of a statement with
//! itself stays a data race.
//!
//! `syncwarp;` (CUDA's `__syncwarp()`) orders the lanes of one warp and nobody else. Two
//! accesses race when they are in one block phase and either their threads are in different
//! warps or nothing orders them within the warp, i.e. they are also in one phase of the split
//! at both `sync`s and `syncwarp`s. [`crate::decide`] asks exactly that as two sets of
//! queries: the split of [`SyncProto::without_warps`](mapcheck_typeck::SyncProto) with the
//! threads in [`different_warps`], and the split at both kinds of barrier with any two
//! threads. The second also meets threads of different warps, but only in phases that lie
//! within one of their block phases (when every warp reaches its `syncwarp`s alike, which the
//! divergence queries check with the two threads in one warp), so it adds no false race.

use crate::encode::{cmp, Encoder, Side};
use crate::query::KernelFacts;
use mapcheck_core::ast::{BinOp, Builtin, CmpOp, Dim, Geometry};
use mapcheck_core::Span;
use mapcheck_typeck::term::{Expr, ExprKind};
use z3::ast::Bool;

/// The warp size of CUDA's GPUs, the default of `--warp-size` and `--warp-sync`.
pub const DEFAULT_WARP_SIZE: u32 = mapcheck_core::interp::DEFAULT_WARP_SIZE;

/// The two thread copies of a block-level query are in different warps of `size` lanes.
pub fn different_warps(enc: &mut Encoder, facts: &KernelFacts<'_>, size: u32) -> Bool {
    let at = Span::default();
    let var = |b: Builtin| Expr::var(b.name(), at);
    let bin = |op, a: Expr, b: Expr| Expr::new(ExprKind::Bin(op, Box::new(a), Box::new(b)), at);
    // The linear thread id, from the components when the query has them (then `tid` itself
    // may not be defined in it).
    let linear = if facts.components.threads {
        let c = |g: Geometry, d: Dim| var(Builtin::component(g, d));
        let inner = bin(
            BinOp::Add,
            c(Geometry::Tid, Dim::Y),
            bin(
                BinOp::Mul,
                c(Geometry::Ntid, Dim::Y),
                c(Geometry::Tid, Dim::Z),
            ),
        );
        bin(
            BinOp::Add,
            c(Geometry::Tid, Dim::X),
            bin(BinOp::Mul, c(Geometry::Ntid, Dim::X), inner),
        )
    } else {
        var(Builtin::linear(Geometry::Tid))
    };
    let warp = bin(BinOp::Div, linear, Expr::int(i64::from(size.max(1)), at));
    let w1 = enc.expr(&warp, Side::One);
    let w2 = enc.expr(&warp, Side::Two);
    cmp(CmpOp::Ne, &w1, &w2)
}
