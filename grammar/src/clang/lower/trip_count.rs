//! Unsigned counted loops the core counts by their iteration count (issue 20): `for (unsigned
//! i = S; i < N; i += K)` whose bound may be 2^31 or more (where the core's signed loop
//! comparison is not C's unsigned one in 32-bit words) or whose step may wrap past 2^32 (the
//! grid-stride loops of the CUDA samples' reductions, `n` any `unsigned`). The core loop runs
//! `j` over `0..T`, `T = S < N ? (N - S - 1) / K + 1 : 0` in unsigned arithmetic, and the
//! counter is `S + j * K` in each iteration: C's values while they stay below 2^32.
//!
//! A step that may wrap: with `K` a power of two (which divides 2^32), the values the counter
//! takes are those of `S`'s class modulo `K`, and none of them between `N` and 2^32 when the
//! step wraps (the loop would have stopped there first): once it wraps, the loop never ends,
//! going over the same values again. C++'s forward-progress rule ([intro.progress]) makes a
//! loop that never ends and performs no I/O, volatile access, synchronisation or atomic
//! operation undefined behaviour, so the body is required to have none of these (no call, no
//! `volatile`, no `asm`). Without the rule the encoding is still sound for `drf`: it runs the
//! same first pass over the values (the accesses of the endless loop), then what follows the
//! loop, which the endless loop never reaches — accesses added, none lost.

use super::*;

impl Lower<'_, '_> {
    /// Whether the counted loop `c`, whose core parts are `start`, `bound` and `amount`, is
    /// counted by its iteration count (see the module doc); `wrap_ok` when its last step is
    /// known not to wrap.
    pub(super) fn counts_by_trips(
        &self,
        c: &Counted<'_>,
        parts: [&Expr; 3],
        wrap_ok: bool,
        body: &[&Node],
    ) -> bool {
        let [start, bound, amount] = parts;
        let word = |e: &Expr| self.within(e, 0, (1i128 << 32) - 1);
        let unsigned32 = c.var_ty
            == Scalar::Int {
                bits: 32,
                signed: false,
            };
        let shape = unsigned32
            && c.step == StepOp::Add
            && c.cmp == "<"
            && c.extra.is_empty()
            && c.until.is_none()
            && c.offset.is_none();
        // `K >= 4`: `T` stays below 2^30 + 2, within the core's signed 32-bit loop.
        let Some((k, k2)) = self.range(amount) else {
            return false;
        };
        if !shape || k < 4 || k2 >= 1i128 << 32 || !word(start) || !word(bound) {
            return false;
        }
        wrap_ok
            || (k == k2
                && k <= 1i128 << 31
                && k & (k - 1) == 0
                && !body.iter().any(|n| progresses(n)))
    }

    /// `T`, the iteration count of the loop from `start` below `bound` by `amount` (all
    /// unsigned 32-bit values, `amount >= 4`), in unsigned operations: exact in every
    /// arithmetic.
    pub(super) fn trips_of(&self, start: &Expr, bound: &Expr, amount: &Expr, span: Span) -> Expr {
        let span_gap = Expr::bin(
            BinOp::Sub,
            Expr::bin(BinOp::Sub, bound.clone(), start.clone()),
            int(1, span),
        );
        let count = Expr::bin(
            BinOp::Add,
            Expr::bin(BinOp::UDiv, span_gap, amount.clone()),
            int(1, span),
        );
        select(
            cmp(CmpOp::ULt, start.clone(), bound.clone()),
            count,
            int(0, span),
            span,
        )
    }
}

/// Whether `n` may do what C++'s forward-progress rule counts as progress: a call (I/O, a
/// barrier, an atomic), a `volatile` access, inline assembly.
fn progresses(n: &Node) -> bool {
    matches!(
        n.kind,
        Kind::CallExpr
            | Kind::CXXMemberCallExpr
            | Kind::CXXOperatorCallExpr
            | Kind::CUDAKernelCallExpr
            | Kind::CXXConstructExpr
            | Kind::CXXTemporaryObjectExpr
            | Kind::GCCAsmStmt
    ) || n.qual_type().contains("volatile")
        || n.inner.iter().any(progresses)
}
