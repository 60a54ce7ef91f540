//! The witness a satisfiable query gives: small (every size under one of the bounds
//! [`WITNESS_BOUNDS`], [`small`]), then canonical (the least model in a fixed order of its
//! constants, each ordered as [`Least`] says, [`canonical`]), so that the witness is a function
//! of the query's meaning and not of the path z3's search took.

use super::backstop::{check, expired};
use crate::encode::{cmp, Val};
use mapcheck_core::ast::CmpOp;
use z3::ast::{Ast, Bool};
use z3::{DeclKind, Model, Params, SatResult, Solver};

/// Each check of [`canonical`] gets this fraction of the resource limit, and it makes at
/// most [`CANONICAL_CHECKS`] of them: a witness is made canonical at a bounded cost, also when
/// its checks are non-linear (a loop `step *K` makes each one a question about powers of `K`).
const CANONICAL_SHARE: u32 = 10;
const CANONICAL_CHECKS: usize = 160;

/// How many checks of one [`canonical`] search that come back `unknown` under their share are
/// asked again under the whole resource limit. A search that stops at an undecided check
/// keeps the values of the model it has for every constant after that point, and that model
/// is the one z3's search happened to reach, which is not a function of the query alone: the
/// same check in the same context, after the same earlier checks, counted 507,676 resource
/// units in one run and 507,690 in another under load (z3 5.4 hashes clauses and
/// justifications by their address, `smt_clause.h`, so the allocation history can steer
/// it). Measured: `grid_stride_copy_2d_racy.cu`'s grid-level query, decided by the
/// same checks in every run, came out with `height = 9` or `height = 15` under load because
/// the first canonical check (`2 <= height <= 8`) exhausted its tenth of the limit; under the
/// whole limit it is `unsat` and every later check decided, so the witness is the least one
/// in every run. Bounded, so that a witness whose checks are all hard costs at most this many
/// full checks more.
const CANONICAL_ESCALATIONS: usize = 4;

/// How the canonical witness (`canonical`, after [`super::solve`] finds a model) orders the values of
/// one constant, least first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Least {
    /// By magnitude, then positive before negative: 0, 1, -1, 2, -2, ...
    Magnitude,
    /// 2, 3, ... up to the largest of the witness bounds first, then the others as
    /// [`Least::Magnitude`] orders them: a parameter, whose values 0 and 1 are the degenerate
    /// ones (a loop `step *K` that never moves, a size that leaves one thread), which the
    /// replay search would otherwise have to climb out of.
    ///
    /// Not for queries with a product of more than `GROBNER_MAX_DEGREE` factors (a loop
    /// `step *K` unrolled to `K^64`): there a parameter keeps the value of the model z3
    /// found, and the replay search climbs out of a degenerate witness. With every factor at
    /// 2 or more, z3's non-linear core refines such a product by lemmas over its
    /// factorisations (`nla::basics`, 2^(d-1) of them for degree d), checking neither the
    /// resource limit nor an interrupt: the canonical check `2 <= K <= 1024` of
    /// `for i in 1..N step *K { A[0] := tid; }` grew past 13 GB in 100 s under `--timeout 2`,
    /// the backstop's interrupt sent every 25 ms and never read; ordered by magnitude
    /// instead, the kernel's checks, each bounded, took more than 300 s in all.
    FromTwo,
}

/// Bounds tried, smallest first, on every free parameter and dimension of a witness.
const WITNESS_BOUNDS: [i128; 7] = [2, 4, 8, 16, 64, 256, 1024];

/// How the witness search keeps a size small (in `small`): by its magnitude, in the reading its
/// type gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// Never negative (a dimension, a natural parameter): `v <= b`.
    Natural,
    /// May be negative (a signed parameter): `-b <= v <= b`.
    Signed,
    /// Every `bv32` bit pattern is a value (an `unsigned` parameter), and the ones that read
    /// negative as signed are the large ones: `v <=u b`.
    Unsigned,
}

/// That `v` is at most `bound` in magnitude, as `sign` reads it.
fn within(v: &Val, sign: Sign, bound: i128, lit: &dyn Fn(i128) -> Val) -> Bool {
    let b = lit(bound);
    match sign {
        Sign::Natural => cmp(CmpOp::Le, v, &b),
        Sign::Signed => Bool::and(&[cmp(CmpOp::Le, v, &b), cmp(CmpOp::Ge, v, &lit(-bound))]),
        Sign::Unsigned => cmp(CmpOp::ULe, v, &b),
    }
}

/// A model of the assertions of `solver` (`first` is one) whose `sizes` are small: one bound
/// of [`WITNESS_BOUNDS`] on all of them, else each bounded in turn by the smallest bound that
/// still leaves a model. Leaves `solver` with the per-size bounds it found asserted.
pub(super) fn small(
    solver: &Solver,
    first: Model,
    sizes: &[(Val, Sign)],
    lit: &dyn Fn(i128) -> Val,
) -> Model {
    if sizes.is_empty() {
        return first;
    }
    let all = |bound: i128| -> Vec<Bool> {
        sizes
            .iter()
            .map(|(s, sign)| within(s, *sign, bound, lit))
            .collect()
    };
    if let Some(model) = least_bound(solver, &all) {
        solver.pop(1);
        return model;
    }
    // Some size must be large (a `bv32` race through a wrap-around needs a parameter near
    // 2^31): bound the sizes one at a time instead, each by the smallest bound that still
    // leaves a witness, keeping the bounds found for the earlier ones. Without this the
    // witness was the first model, whose every size was arbitrary (a grid of 2^30 blocks of
    // 1023 threads where 2 of 2 would do).
    let mut witness = first;
    for (s, sign) in sizes {
        let one = |bound: i128| vec![within(s, *sign, bound, lit)];
        // The bound stays asserted for the sizes after this one.
        if let Some(model) = least_bound(solver, &one) {
            witness = model;
        }
    }
    witness
}

/// The model of the least bound of [`WITNESS_BOUNDS`] under which `bounded(bound)` leaves one,
/// with those constraints asserted in a scope left open; `None`, with no scope left, when none
/// does.
///
/// The bounds are tried smallest first, but the largest right after the smallest: the
/// constraints of a larger bound are weaker, so when the largest leaves no model no bound
/// does, and the ones between need not be asked. A race that needs a large size (an
/// `unsigned` parameter near 2^32 for a wrap-around) asked all seven, each `unsat` and each
/// slow (`bv32` products): 42 of the 94 checks of `tests/cuda/param_unsigned_pad_racy.cu`
/// (papers/benchmarks.md, "Issue 15: slow queries, session 15"). Otherwise the same bound is
/// found, by the same check.
fn least_bound(solver: &Solver, bounded: &dyn Fn(i128) -> Vec<Bool>) -> Option<Model> {
    // The check under `bound`, its scope left open when it has a model.
    let ask = |bound: i128| {
        solver.push();
        for c in bounded(bound) {
            solver.assert(&c);
        }
        let answer = check(solver);
        let found = match answer {
            SatResult::Sat => solver.get_model(),
            _ => None,
        };
        if found.is_none() {
            solver.pop(1);
        }
        (answer, found)
    };
    let (least, rest) = WITNESS_BOUNDS.split_first()?;
    if let (_, Some(model)) = ask(*least) {
        return Some(model);
    }
    let (largest, between) = rest.split_last()?;
    let at_largest = match ask(*largest) {
        (SatResult::Unsat, _) => return None,
        (_, found) => found,
    };
    if at_largest.is_some() {
        // Closed while the bounds between are asked; opened again, without another check,
        // when its model is the least.
        solver.pop(1);
    }
    between.iter().find_map(|b| ask(*b).1).or_else(|| {
        let model = at_largest?;
        solver.push();
        for c in bounded(*largest) {
            solver.assert(&c);
        }
        Some(model)
    })
}

/// The least model of the assertions of `solver` (`model` is one) in the lexicographic order
/// of the values of `order`'s constants, each compared as its [`Least`] says: each constant in
/// turn gets the least value that leaves a model ([`least_measure`], from 0 or 2 up) and keeps
/// it for the ones after it.
///
/// Without this the witness was whichever model z3's search reached first, and that path
/// depends on more than the query: the snapshot of a write-write race printed threads 0 and 1
/// in one run and 1 and 0 in another, on the same binary and the same input, when other
/// processes shared the cores. With the sizes pinned first, the values of `order` in the least
/// model are a function of the query's meaning and of those sizes alone, and the ones a person
/// would pick (the threads with the smallest ids). A check that comes back `unknown`, or the [`CANONICAL_CHECKS`]-th
/// check, ends the search with the model found so far; the resource limit bounds each check,
/// so where that happens is deterministic too.
/// Terms of `order` that are not uninterpreted constants (a fixed dimension is a literal) are
/// skipped, as are repeats.
pub(super) fn canonical(
    solver: &Solver,
    mut model: Model,
    order: &[(Val, Least)],
    lit: &dyn Fn(i128) -> Val,
    rlimit: u32,
) -> Model {
    let mut seen = std::collections::BTreeSet::new();
    let mut checks = 0;
    let mut escalations = 0;
    let limited = |share: u32| {
        let mut params = Params::new();
        params.set_u32("rlimit", rlimit / share);
        solver.set_params(&params);
    };
    limited(CANONICAL_SHARE);
    let mut ask = |assertion: &Bool| {
        checks += 1;
        if checks > CANONICAL_CHECKS {
            return None;
        }
        solver.push();
        solver.assert(assertion);
        let mut answer = check(solver);
        if answer == SatResult::Unknown && escalations < CANONICAL_ESCALATIONS && !expired() {
            escalations += 1;
            limited(1);
            answer = check(solver);
            limited(CANONICAL_SHARE);
        }
        let found = (answer == SatResult::Sat)
            .then(|| solver.get_model())
            .flatten();
        solver.pop(1);
        match (answer, found) {
            (SatResult::Sat, Some(m)) => Some(Some(m)),
            (SatResult::Unsat, _) => Some(None),
            _ => None,
        }
    };
    for (v, least) in order {
        let d = v.as_dynamic();
        if !d.is_const()
            || d.decl().kind() != DeclKind::Uninterpreted
            || !seen.insert(d.to_string())
        {
            continue;
        }
        if crate::encode::value_of(&model, v).is_none() {
            continue;
        }
        if *least == Least::FromTwo {
            // Between 2 and `reach`, when some model has the constant there.
            let reach = WITNESS_BOUNDS[WITNESS_BOUNDS.len() - 1];
            let from_two = |high: i128| {
                Bool::and(&[cmp(CmpOp::Ge, v, &lit(2)), cmp(CmpOp::Le, v, &lit(high))])
            };
            match ask(&from_two(reach)) {
                Some(Some(m)) => {
                    model = m;
                    let found = least_measure(&mut ask, 2, Some(reach), from_two, &mut model);
                    let Some(found) = found else {
                        return model;
                    };
                    solver.assert(cmp(CmpOp::Eq, v, &lit(found)));
                    continue;
                }
                Some(None) => {}
                None => return model,
            }
        }
        let within = |bound: i128| {
            Bool::and(&[
                cmp(CmpOp::Le, v, &lit(bound)),
                cmp(CmpOp::Ge, v, &lit(-bound)),
            ])
        };
        let Some(magnitude) = least_measure(&mut ask, 0, None, within, &mut model) else {
            return model;
        };
        let mut value = crate::encode::value_of(&model, v).unwrap_or(magnitude);
        if value < 0 {
            match ask(&cmp(CmpOp::Eq, v, &lit(magnitude))) {
                Some(Some(m)) => {
                    value = magnitude;
                    model = m;
                }
                Some(None) => {}
                None => return model,
            }
        }
        solver.assert(cmp(CmpOp::Eq, v, &lit(value)));
    }
    model
}

/// The least measure of a constant from `low` up (to `high`, when given) that a model has,
/// where `fits(b)` says the measure is at most `b`; `model` ends as a model with that measure.
/// `None` when `ask` has no answer (a check unknown or over [`CANONICAL_CHECKS`]):
/// the search ends with the model found so far.
///
/// The checks asked are a function of their answers alone: bounds `low`, `low + 1`,
/// `low + 3`, `low + 7`, ... until one fits, then bisection between the last that did not and
/// the one that did. A search steered by the values of the models z3 returned (bisecting
/// between `low` and the current model's value) asked a different number of checks in each
/// run — z3's models are not a function of the query — and so reached the cap on checks at
/// different constants: probe round 4's `f07_2d_stencil_inplace_racy.cu` printed `gridDim.x`
/// 3, 31, 63 or 32767.
fn least_measure(
    ask: &mut impl FnMut(&Bool) -> Option<Option<Model>>,
    low: i128,
    high: Option<i128>,
    fits: impl Fn(i128) -> Bool,
    model: &mut Model,
) -> Option<i128> {
    // Invariant: no model (with the earlier constants fixed) has a measure in `low..lo`.
    let mut lo = low;
    let mut width: i128 = 1;
    let mut hi = loop {
        let mut bound = lo + width - 1;
        if let Some(h) = high {
            bound = bound.min(h);
        }
        match ask(&fits(bound))? {
            Some(m) => {
                *model = m;
                break bound;
            }
            None => {
                if high.is_some_and(|h| bound >= h) || width > 1 << 100 {
                    return None;
                }
                lo = bound + 1;
                width *= 2;
            }
        }
    };
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match ask(&fits(mid))? {
            Some(m) => {
                *model = m;
                hi = mid;
            }
            None => lo = mid + 1,
        }
    }
    Some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::value_of;
    use z3::ast::Int;

    /// The least bound that fits is found whether it is the smallest, one between or the
    /// largest; when none fits (the largest's `unsat` says so) nothing is left asserted, and
    /// when one does its bound stays asserted in one open scope.
    #[test]
    fn the_least_bound_is_found_and_the_largest_answers_for_those_between() {
        let x = Val::I(Int::new_const("x"));
        let lit = |v: i128| Val::I(Int::from_i128(v));
        for (least, expect) in [
            (1, Some(2)),
            (10, Some(16)),
            (300, Some(1024)),
            (5000, None),
        ] {
            let solver = Solver::new();
            solver.assert(cmp(CmpOp::Ge, &x, &lit(least)));
            let bounded = |bound: i128| vec![within(&x, Sign::Natural, bound, &lit)];
            let found = least_bound(&solver, &bounded);
            let value = found.as_ref().and_then(|m| value_of(m, &x));
            match expect {
                Some(bound) => {
                    let v = value.unwrap_or(-1);
                    assert!((least..=bound).contains(&v), "x >= {least}: {v}");
                    // Its bound is still asserted: nothing above it is left.
                    solver.push();
                    solver.assert(cmp(CmpOp::Gt, &x, &lit(bound)));
                    assert_eq!(solver.check(), SatResult::Unsat, "x >= {least}");
                    solver.pop(2);
                }
                None => assert!(found.is_none(), "x >= {least}: {value:?}"),
            }
            // No scope left open.
            solver.assert(cmp(CmpOp::Eq, &x, &lit(least.max(2000))));
            assert_eq!(solver.check(), SatResult::Sat, "x >= {least}");
        }
    }
}
