//! Redundant barriers (SPEC §7, `redundant-barrier`): a `sync` is redundant when the kernel
//! without it is still data-race free and free of barrier divergence, for every parameter and
//! geometry the options leave free. Simulee finds such barriers by sampling inputs; here each
//! candidate is decided by the SMT stage, so a reported barrier is redundant for all inputs
//! (on an exact kernel), not just for the ones tried.
//!
//! Only kernels that are already DRF and free of divergence, with every query decided, are
//! examined ([`clean`]): advice about a barrier is meaningless while the kernel has defects,
//! and a verdict that is `unknown` cannot be improved upon by removing synchronisation. Each
//! barrier is judged on its own: two barriers may each be redundant while removing both is
//! not, so the findings say "this one, alone".
//!
//! The definition, applied literally, replaces the `sync` by `skip`, types the result again and
//! decides it: one whole decision per barrier, quadratic in the barriers of a kernel (a
//! 1000-phase kernel took 308 s). Most of that decision is the decision already made, and is
//! reused here:
//!
//! * **Grid level**: the grid-level queries pair accesses of the kernel with its barriers
//!   erased, the same with or without `s`: all were unsatisfiable.
//! * **Divergence**: the kernel without `s` has the barriers of the kernel but `s`, each under
//!   the same conditions and loops (a divergence query is about the controls around one
//!   barrier, never about the other barriers): its divergence queries are some of the
//!   decision's, all unsatisfiable. Removing a barrier never makes another one divergent.
//! * **Block level**: removing `s` merges the phases that end at `s` with those that start
//!   from it (in a loop, also across iterations; a loop that loses its last barrier, or that
//!   can now finish an iteration without one, becomes an unsynchronised loop inside a larger
//!   phase). [`phases::Memo::without`] finds exactly the phases of the kernel without `s` that
//!   the kernel with it does not have, each with the accesses on paths through `s`, from the
//!   decision's split and the protocol around `s` only. A pair of accesses of an old phase
//!   was decided (unsatisfiable), so only pairs with an access on a path through `s` are
//!   asked, and feasibility questions only about pieces through `s`; a pair the decision's
//!   rules settle without the solver ([`fast::settle`], e.g. `B[tid]` against itself) is
//!   settled here the same way.
//!
//! The MAP without `s` is the MAP with `Sync(s)` read as `skip` and a barrier loop whose last
//! barrier that was read as an unsynchronised loop, which is what the type checker gives the
//! kernel without the statement (the class cannot get worse: a `sync` only ever adds a
//! reason). So the advice is that of the definition — the test
//! `tests/tests/redundant_barriers.rs` compares the two on the examples and generated kernels
//! — at the cost of a few queries per barrier: the first satisfiable or undecided query ends
//! a barrier's examination, no witness is searched for, nothing is replayed.
//!
//! A redundant-barrier finding has no witness — it is a claim about every run, not a single
//! run. [`Finding::witness`] holds an empty placeholder the reports never show.

use crate::decode::Witness;
use crate::fast;
use crate::options::mutated;
use crate::query::{self, KernelFacts};
use crate::solve::{self, Outcome};
use crate::{
    benign, pairs, phases, split_body, Certainty, Decision, Finding, Kind, Options, Verdict,
};
use mapcheck_core::ast::{Block, Kernel, StmtKind};
use mapcheck_core::Span;
use mapcheck_typeck::{Checked, Class};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// Whether a decision is DRF, free of divergence and fully decided: the precondition for
/// looking for redundant barriers, and the test each barrier's removal must pass. A kernel no
/// launch can run is not clean: its `drf` is vacuous.
pub fn clean(d: &Decision) -> bool {
    !d.no_launch
        && d.verdict == Verdict::Drf
        && d.undecided_races.is_empty()
        && d.undecided_divergence.is_empty()
        && !d
            .findings
            .iter()
            .any(|f| matches!(f.kind, Kind::DataRace | Kind::BarrierDivergence))
}

/// The advice on a kernel's barriers, and what it cost.
#[derive(Clone, Debug, Default)]
pub struct Advice {
    /// The `redundant-barrier` findings, in source order.
    pub findings: Vec<Finding>,
    /// Solver queries run (feasibility and race), for `mapcheck bench`.
    pub queries: usize,
}

/// The `redundant-barrier` findings of `kernel`, whose decision (with `options`) was
/// `decision`; in source order. Empty unless `decision` is [`clean`]. Types the kernel again;
/// [`advise`] takes the type checker's answer.
pub fn redundant_barriers<T>(
    kernel: &Kernel<T>,
    decision: &Decision,
    options: &Options,
) -> Vec<Finding> {
    if !clean(decision) {
        return Vec::new();
    }
    let checked = mapcheck_typeck::check(kernel, options.arith);
    advise(kernel, &checked, decision, options).findings
}

/// The advice on `kernel`, which typed as `checked` and was decided (with `options`) as
/// `decision`: its redundant barriers, each alone. Empty unless `decision` is [`clean`].
pub fn advise<T>(
    kernel: &Kernel<T>,
    checked: &Checked,
    decision: &Decision,
    options: &Options,
) -> Advice {
    let spans = syncs(&kernel.body);
    // The reuse of the decision below knows one split; a kernel with `syncwarp`s was decided
    // on two (`crate::warp`). No advice rather than advice on the wrong split.
    if !clean(decision) || spans.is_empty() || checked.protocol.body.has_syncwarp() {
        return Advice::default();
    }
    let options = &decision.options(options);
    solve::context(options.limits, || {
        advise_here(checked, &spans, decision, options)
    })
}

/// [`advise`] in the current thread's z3 context.
fn advise_here(
    checked: &Checked,
    spans: &[Span],
    decision: &Decision,
    options: &Options,
) -> Advice {
    let map = &checked.protocol;
    let facts = KernelFacts::new(map, options);
    // The protocol the decision split.
    let body = split_body(map, options);
    let forget_zero_trip = mutated!(options, ForgetZeroTrip);
    let queries = Cell::new(0);
    // Whether a query is satisfiable or not, by its constraints: z3's terms are hash-consed
    // in one context, so a query built again from the same expressions is the same key. The
    // barriers of a repeated pattern ask one query again and again (issue 15's phase family:
    // `A[tid]` against `A[(tid + 1) % ntid]`, the same terms for every barrier removed).
    // An undecided answer is not kept: it is asked again.
    let answers: RefCell<HashMap<Vec<z3::ast::Bool>, bool>> = RefCell::new(HashMap::new());
    let unsat = |constraints: &[z3::ast::Bool], enc: &crate::encode::Encoder| -> bool {
        if let Some(&known) = answers.borrow().get(constraints) {
            return known;
        }
        queries.set(queries.get() + 1);
        // No witness is wanted: only whether the query is unsatisfiable.
        let answer = match solve::solve(constraints, &[], &[], options.limits, |v| enc.lit(v)) {
            Outcome::Unsat => true,
            Outcome::Sat(_) => false,
            Outcome::Unknown(_) => return false,
        };
        answers.borrow_mut().insert(constraints.to_vec(), answer);
        answer
    };
    let feasible = |conds: &[mapcheck_typeck::term::Cond]| {
        let built = query::feasibility(&facts, conds);
        !unsat(&built.constraints, &built.enc)
    };
    let (_, memo) = phases::split_memo(&body, options.arith, &feasible, forget_zero_trip);
    let kernel_accesses = map.accesses();
    // A write-write race both of whose threads provably store the same value is benign, no
    // defect (SPEC §7): a barrier whose removal makes only such races is redundant, as a
    // decision of the kernel without it says (`clean` allows benign races). Asked as the
    // decision asks it ([`crate::benign`]); undecided, or under `--strict`, it is a race.
    let benign = |built: &mut query::Built,
                  scope: &[pairs::PathAccess],
                  a: &pairs::PathAccess,
                  b: &pairs::PathAccess|
     -> bool {
        if options.strict() {
            return false;
        }
        let Some(stored) =
            benign::stored(built, options.arith, scope, &kernel_accesses, false, a, b)
        else {
            return false;
        };
        queries.set(queries.get() + 1);
        matches!(
            built.solve_and(
                &stored.apart(),
                crate::stage::asked::follow_up(options.limits)
            ),
            Outcome::Unsat
        )
    };
    let mut findings = Vec::new();
    for &span in spans {
        let Some(without) = memo.without(&body, span, options.arith, &feasible, forget_zero_trip)
        else {
            // No `sync` of the MAP is at `span`: the MAP without it is the MAP, clean.
            findings.push(finding(span, decision, decision.approximate));
            continue;
        };
        let mut redundant = true;
        'phases: for new in &without.phases {
            let accs = pairs::accesses(&new.phase.body);
            // Pairs come by their first access, and a pair of two old accesses was decided.
            for (i, j, conflict) in pairs::candidates(&accs, false) {
                if i >= new.fresh_accesses {
                    break;
                }
                // The decision's rule without the solver (`fast`): such a pair is unsat.
                if fast::settle(&facts, &new.phase.shared, &accs[i], &accs[j]).is_some() {
                    continue;
                }
                let mut built = query::race(&facts, Some(&new.phase), &accs[i], &accs[j]);
                let harmless = unsat(&built.constraints, &built.enc)
                    || (conflict == pairs::Conflict::WriteWrite
                        && benign(&mut built, &accs, &accs[i], &accs[j]));
                if !harmless {
                    redundant = false;
                    break 'phases;
                }
            }
        }
        if redundant {
            findings.push(finding(span, decision, without.approximate));
        }
    }
    Advice {
        findings,
        queries: queries.get() + facts.pin_queries(),
    }
}

/// The finding that the barrier at `span` is redundant, for a kernel decided as `decision`
/// whose split without the barrier is `approximate` or not.
fn finding(span: Span, decision: &Decision, approximate: bool) -> Finding {
    // SPEC §7 calls a finding proven when it was decided on an exact kernel. On an
    // over-approximation "DRF" is still sound, so the barrier is redundant there too, but the
    // decision was not made on the kernel itself: the finding stays potential, like every
    // other finding decided on an over-approximation. The kernel without a `sync` is exact
    // when the kernel is: a `sync` adds reasons, never removes them.
    let exact = decision.class == Class::Exact && !decision.approximate && !approximate;
    Finding {
        kind: Kind::RedundantBarrier,
        certainty: if exact {
            Certainty::Proven
        } else {
            Certainty::Potential
        },
        array: None,
        access: None,
        locations: vec![span],
        modes: Vec::new(),
        grid: false,
        phase: None,
        witness: no_witness(),
        internal_error: None,
        note: None,
        warp_only: false,
        bound: None,
    }
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

/// The placeholder in [`Finding::witness`] of a finding about every run: the reports never
/// show it (`FindingReport` omits it, the human report has no table for advice).
fn no_witness() -> Witness {
    Witness::default()
}
