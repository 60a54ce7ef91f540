//! Out of bounds (issue 34, item 4; `notes/out-of-bounds.md`): an index outside a dimension
//! of fixed size is a defect of its own, and races are decided among the accesses that stay
//! in bounds.
//!
//! The front end records, on each access of an array whose source declares its size, one
//! bound per subscript of such a dimension (`mapcheck_core::ast::Bound`: `tile[ty][tx]` of
//! `float tile[32][33]` is the flat cell `ty * 33 + tx` with `0 <= ty < 32` and
//! `0 <= tx < 33`); the type checker carries them into the MAP (`Acc::bounds`). Here:
//!
//! * **The question.** For each access with bounds (the kernel's accesses with their paths,
//!   barriers dropped: `Pairs::grid`), and each of its bounds in order, one query: a thread of
//!   some block reaches the access with that index outside `0..extent`
//!   ([`query::out_of_bounds`]). The first dimension found broken is the access's finding;
//!   its witness's `index` is the value the thread computed.
//! * **Races among in-bounds accesses.** Every race query asserts the bounds of both of its
//!   accesses ([`query::race`]). That is sound because every bound so assumed is also asked
//!   about here: either no run breaks it (the assumption removes nothing), or one does and the
//!   kernel has an `out-of-bounds` finding, or the solver could not tell (`undecided_bounds`);
//!   in the last two cases the verdict is not `drf` (`verdict.rs`). An access that leaves its
//!   array touches another cell of the flattened memory, possibly one another thread uses:
//!   that is reported as the out-of-bounds defect, not as a race between unrelated threads.
//! * **Certainty** as for a barrier divergence: the query does not go through the phase
//!   split, so an exact kernel's witness that the interpreter replays (it checks every bound of
//!   every access it runs, `interp::OutOfBounds`) is `proven`, a data-dependent kernel's is
//!   `confirmed`, and one that does not replay stays `potential` with the reason.

use crate::kept::{self, Asked};
use crate::pairs::PathAccess;
use crate::stage::asked::{self, Basis, Ctx};
use crate::{decode, query, replay, BoundBroken, Decision, Finding, Kind};
use mapcheck_typeck::Class;
use std::collections::BTreeSet;

/// Asks the bounds of every access of `accesses` (the kernel's, in protocol order) and adds
/// the findings and the undecided questions to `decision`.
pub(crate) fn decide<T>(
    cx: &mut Ctx<'_, '_, '_, T>,
    accesses: &[PathAccess],
    class: Class,
    decision: &mut Decision,
) {
    // A struct copied cell by cell is several accesses of one place, one path and one bound:
    // asked once. Only exact repeats are skipped: every bound a race query assumes must be
    // asked under every path that reaches it (the two cases of a selected place share a
    // span, not their arrays or paths).
    let mut asked: BTreeSet<String> = BTreeSet::new();
    // A value of several cells (a `float4` stored through a view, an `int` over four bytes)
    // is one access per cell with the same bounds: after the first, every question it would
    // ask was asked (or a finding already stands for them), so one finding per source access.
    let mut accesses_seen: BTreeSet<String> = BTreeSet::new();
    for a in accesses {
        let whole_key = format!(
            "{:?} {} {:?} {:?}",
            a.acc.span, a.acc.array.name, a.acc.bounds, a.path
        );
        if !accesses_seen.insert(whole_key) {
            continue;
        }
        for bound in &a.acc.bounds {
            let key = format!(
                "{:?} {} {} {} {:?} {:?}",
                a.acc.span, a.acc.array.name, bound.dim, bound.extent, bound.index, a.path
            );
            if !asked.insert(key) {
                continue;
            }
            let (built, index) = query::out_of_bounds(cx.facts, a, bound);
            let subject = || Asked::OutOfBounds {
                array: a.acc.array.name.clone(),
                location: a.acc.span,
                dim: bound.dim,
                extent: bound.extent,
            };
            kept::keep(subject, &built.constraints);
            let kept_subject = kept::last();
            cx.queries += 1;
            let model = match built.solve(cx.options.limits) {
                crate::solve::Outcome::Unsat => continue,
                crate::solve::Outcome::Unknown(why) => {
                    decision.undecided_bounds.push(why);
                    continue;
                }
                crate::solve::Outcome::Sat(model) => model,
            };
            let index = [index];
            let facts = cx.facts;
            let decode = |m: &z3::Model| decode::witness(m, &built.enc, facts, &index);
            let span = a.acc.span;
            let dim = bound.dim;
            let runs = &mut *cx.runs;
            let found = asked::witnessed(
                &built,
                kept_subject.as_ref(),
                &mut cx.queries,
                cx.options.limits,
                &model,
                decode,
                |w, budget| replay::out_of_bounds(runs, w, span, dim, budget),
            );
            let basis = Basis {
                class,
                approximate: false,
            };
            let (witness, certainty, internal_error, note) =
                asked::certified(found, basis, None, None, &mut cx.queries);
            decision.findings.push(Finding {
                kind: Kind::OutOfBounds,
                certainty,
                array: Some(a.acc.array.name.clone()),
                access: None,
                locations: vec![span],
                modes: vec![a.acc.mode],
                grid: false,
                phase: None,
                witness,
                internal_error,
                note,
                warp_only: false,
                bound: Some(BoundBroken {
                    dim,
                    extent: bound.extent,
                    text: bound.index.to_string(),
                }),
            });
            // One finding per access: its first dimension found broken.
            break;
        }
    }
}
