//! Unsigned counted loops the core counts by their iteration count (issue 20): `for (unsigned
//! i = S; i < N; i += K)` whose bound may be 2^31 or more (where the core's signed loop
//! comparison is not C's unsigned one in 32-bit words) or whose step may wrap past 2^32 (the
//! grid-stride loops of the CUDA samples' reductions, `n` any `unsigned`). The core loop runs
//! `j` over `0..T`, `T = S < N ? (N - S - 1) / K + 1 : 0` in unsigned arithmetic, and the
//! counter is `S + j * K` in each iteration: C's values while they stay below 2^32.
//!
//! A step that may wrap: with `K` a power of two (which divides 2^32), the counter only takes
//! values of `S`'s class modulo `K`, and none of them lies between `N` and 2^32 when the step
//! wraps (the first pass would have stopped there). Once it wraps, the loop never ends: it goes
//! over the values of the class below `N` again and again. C++'s forward-progress rule
//! ([intro.progress]) makes a loop that never ends and performs no I/O, `volatile` access,
//! synchronisation or atomic operation undefined behaviour, which the lowering assumes does not
//! happen, as it does a signed overflow: so the body is required to have none of these (no
//! call, no `volatile`, no `asm`) and no exit of its own (a `break` or `return` after the wrap
//! would end the loop having visited values below `S` that the first pass did not). The
//! executions left are those that never wrap, where `T` is exact.

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
                && !body.iter().any(|n| progresses(self.g, n, 0) || has_exit(n)))
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
/// barrier, an atomic) other than of a function defined in the file whose body does none of
/// these, a `volatile` access, inline assembly.
fn progresses(g: &Globals<'_>, n: &Node, depth: usize) -> bool {
    if depth > MAX_INLINE_DEPTH {
        return true;
    }
    match n.kind {
        Kind::CallExpr => {
            let decl = n.exprs().next().and_then(callee_decl);
            let defined = decl.and_then(|d| g.definition(&d.id));
            match defined {
                Some(f) if f.is_in_main_file() => {
                    f.inner.iter().any(|c| progresses(g, c, depth + 1))
                        || n.inner.iter().any(|c| progresses(g, c, depth))
                }
                None if decl.is_some_and(|d| pure_library_function(g, d)) => {
                    n.inner.iter().any(|c| progresses(g, c, depth))
                }
                _ => true,
            }
        }
        Kind::CXXMemberCallExpr
        | Kind::CXXOperatorCallExpr
        | Kind::CUDAKernelCallExpr
        | Kind::CXXConstructExpr
        | Kind::CXXTemporaryObjectExpr
        | Kind::GCCAsmStmt => true,
        _ => n.qual_type().contains("volatile") || n.inner.iter().any(|c| progresses(g, c, depth)),
    }
}

/// Whether `d` is a body-less function of mapcheck's headers that computes a value from its
/// arguments alone (issue 38 item 6: `__logf`, `sqrtf`, `__float2int_rn`, `__popc`, ...): it
/// returns, and does nothing C++'s forward-progress rule counts — no I/O, no `volatile`
/// access, no synchronisation, no atomic. Read off its type: a value returned, no pointer or
/// reference among its parameters (so no memory through them); and off its name: the warp
/// functions (synchronisation among the lanes), clocks and timers (special registers read
/// with `asm volatile`), barriers, fences, atomics and mapcheck's own annotations are left
/// out, which keeps them progress. The prelude declares only such functions under these
/// shapes (`__mapcheck_device_api.h`: "these functions compute values ... and store only
/// through their out-parameters").
fn pure_library_function(g: &Globals<'_>, d: &crate::clang::ast::DeclRef) -> bool {
    const NOT_PURE: [&str; 17] = [
        "__shfl",
        "__all",
        "__any",
        "__ballot",
        "__activemask",
        "__match",
        "__reduce",
        "__lanemask",
        "__syncthreads",
        "__syncwarp",
        "__threadfence",
        "__nanosleep",
        "__mapcheck",
        "__trap",
        "clock",
        "__globaltimer",
        "atomic",
    ];
    let Some(name) = d.name.as_deref() else {
        return false;
    };
    let in_prelude = g
        .decls
        .get(d.id.as_str())
        .is_some_and(|n| n.file().is_some_and(is_prelude_file));
    let ty = d.ty.as_ref().map_or("", |t| t.canonical());
    // `float (float)`: the result before the parameters.
    let Some((result, params)) = ty.split_once('(') else {
        return false;
    };
    in_prelude
        && !result.trim().is_empty()
        && result.trim() != "void"
        && !ty.contains('*')
        && !ty.contains('&')
        && !params.contains("...")
        && !NOT_PURE.iter().any(|p| name.starts_with(p))
}
