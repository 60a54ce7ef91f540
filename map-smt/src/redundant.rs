//! Redundant barriers (SPEC §7, `redundant-barrier`): a `sync` is redundant when the kernel
//! without it is still data-race free and free of barrier divergence, for every parameter and
//! geometry the options leave free. Simulee finds such barriers by sampling inputs; here each
//! candidate is decided by the whole SMT stage, so a reported barrier is redundant for all
//! inputs (on an exact kernel), not just for the ones tried.
//!
//! The method is the definition, applied literally: for each `sync` statement of the kernel,
//! replace that one statement by `skip`, type the result again and [`decide`] it with the same
//! [`Options`]. Retyping rather than editing the MAP keeps this pass independent of how the
//! type checker and the phase split treat barriers (a barrier loop whose only `sync` goes away
//! stops being a barrier loop, for instance); it costs one decision per barrier.
//!
//! Only kernels that are already DRF and free of divergence are examined: advice about a
//! barrier is meaningless while the kernel has defects, and a verdict that is `unknown` or an
//! undecided divergence query cannot be improved upon by removing synchronisation. Each
//! barrier is judged on its own: two barriers may each be redundant while removing both is
//! not, so the findings say "this one, alone".
//!
//! A redundant-barrier finding has no witness — it is a claim about every run, not a single
//! run. [`Finding::witness`] holds an empty placeholder the reports never show.

use crate::decode::Witness;
use crate::{decide, Certainty, Decision, Finding, Kind, Options, Verdict};
use mapcheck_core::ast::{Block, Kernel, Stmt, StmtKind};
use mapcheck_core::Span;
use mapcheck_typeck::Class;

/// Whether a decision is DRF, free of divergence and fully decided: the precondition for
/// looking for redundant barriers, and the test each barrier's removal must pass.
pub fn clean(d: &Decision) -> bool {
    d.verdict == Verdict::Drf
        && d.undecided_races.is_empty()
        && d.undecided_divergence.is_empty()
        && !d
            .findings
            .iter()
            .any(|f| matches!(f.kind, Kind::DataRace | Kind::BarrierDivergence))
}

/// The `redundant-barrier` findings of `kernel`, whose decision (with `options`) was
/// `decision`; in source order. Empty unless `decision` is [`clean`].
pub fn redundant_barriers<T: Clone + Sync>(
    kernel: &Kernel<T>,
    decision: &Decision,
    options: &Options,
) -> Vec<Finding> {
    if !clean(decision) {
        return Vec::new();
    }
    let mut findings = Vec::new();
    for span in syncs(&kernel.body) {
        let without = without_sync(kernel, span);
        let checked = mapcheck_typeck::check(&without, options.arith);
        let after = decide(&without, &checked, options);
        if !clean(&after) {
            continue;
        }
        // SPEC §7 calls a finding proven when it was decided on an exact kernel. On an
        // over-approximation "DRF" is still sound, so the barrier is redundant there too, but
        // the decision was not made on the kernel itself: the finding stays potential, like
        // every other finding decided on an over-approximation.
        let exact = decision.class == Class::Exact
            && !decision.approximate
            && after.class == Class::Exact
            && !after.approximate;
        findings.push(Finding {
            kind: Kind::RedundantBarrier,
            certainty: if exact {
                Certainty::Proven
            } else {
                Certainty::Potential
            },
            array: None,
            access: None,
            locations: vec![span],
            grid: false,
            phase: None,
            witness: no_witness(),
            internal_error: None,
            note: None,
        });
    }
    findings
}

/// The spans of the kernel's `sync` statements, in source order.
pub fn syncs<T>(block: &Block<T>) -> Vec<Span> {
    fn go<T>(block: &Block<T>, out: &mut Vec<Span>) {
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::Sync => out.push(stmt.span),
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    go(then_branch, out);
                    if let Some(e) = else_branch {
                        go(e, out);
                    }
                }
                StmtKind::For { body, .. } => go(body, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    go(block, &mut out);
    out
}

/// `kernel` with the `sync` at `span` replaced by `skip` (same span, so every other location
/// is unchanged).
pub fn without_sync<T: Clone>(kernel: &Kernel<T>, span: Span) -> Kernel<T> {
    fn go<T: Clone>(block: &Block<T>, span: Span) -> Block<T> {
        Block {
            stmts: block.stmts.iter().map(|s| stmt(s, span)).collect(),
            span: block.span,
        }
    }
    fn stmt<T: Clone>(s: &Stmt<T>, span: Span) -> Stmt<T> {
        let kind = match &s.kind {
            // Spans compare by range here: the syntax tree's equality ignores spans, so
            // `Span::same_range` is the identity of a statement.
            StmtKind::Sync if s.span.same_range(span) => StmtKind::Skip,
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond: cond.clone(),
                then_branch: go(then_branch, span),
                else_branch: else_branch.as_ref().map(|e| go(e, span)),
            },
            StmtKind::For { var, range, body } => StmtKind::For {
                var: var.clone(),
                range: range.clone(),
                body: go(body, span),
            },
            other => other.clone(),
        };
        Stmt {
            kind,
            span: s.span,
            ann: s.ann.clone(),
        }
    }
    Kernel {
        name: kernel.name.clone(),
        params: kernel.params.clone(),
        arrays: kernel.arrays.clone(),
        body: go(&kernel.body, span),
        span: kernel.span,
        ann: kernel.ann.clone(),
    }
}

/// The placeholder in [`Finding::witness`] of a finding about every run: the reports never
/// show it (`FindingReport` omits it, the human report has no table for advice).
fn no_witness() -> Witness {
    Witness::default()
}
