//! Pass 4 — solving: one z3 solver per query, bounded by a deterministic resource limit and a
//! wall-clock timeout as a backstop; `unknown` is kept as such, never read as "no race". A
//! satisfiable query is solved again under growing bounds on the parameters and the geometry,
//! so that witnesses are small enough for a person to replay.

use crate::encode::{cmp, Val};
use mapcheck_core::ast::CmpOp;
use z3::ast::{Bool, Dynamic, Int, BV};
use z3::{Model, Params, PrepareSynchronized, SatResult, Solver};

/// Limits of one query.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// z3's `rlimit`: the same on every machine for the same query and Z3 version.
    pub rlimit: u32,
    /// Wall-clock backstop, in milliseconds.
    pub timeout_ms: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rlimit: 20_000_000,
            timeout_ms: 10_000,
        }
    }
}

/// What a query said.
#[derive(Debug)]
pub enum Outcome {
    Unsat,
    Sat(Model),
    Unknown(String),
}

/// Bounds tried, smallest first, on every free parameter and dimension of a witness.
const WITNESS_BOUNDS: [i128; 7] = [2, 4, 8, 16, 64, 256, 1024];

/// The first try of a query gets this fraction of the resource limit.
const FIRST_TRY_SHARE: u32 = 10;

/// Solves `constraints`; on a model, solves again under growing bounds on `sizes` (`lit`
/// builds a bound) so that the witness is small: one bound on all of them, else (when some
/// size must exceed the largest bound) a bound on each in turn.
///
/// A query is tried first in the caller's context with a tenth of the resource limit, then,
/// if that was `unknown`, in a fresh context with all of it (see [`context`] for why the
/// context matters). Z3's search depends on the terms its context already holds, and a query
/// that the history of earlier queries sends down a hopeless path is often decided in
/// milliseconds alone — measured: a grid-stride kernel's grid-level query, `unknown` after
/// 10 s as the third query of its kernel, `unsat` in 5 ms in a fresh context. Creating a
/// context costs about 4 ms, more than most queries, so only the queries that need it pay for
/// it. Both tries are bounded by the resource limit, so the answer stays deterministic; the
/// retry's model is translated back into the caller's context.
pub fn solve(
    constraints: &[Bool],
    sizes: &[Val],
    limits: Limits,
    lit: impl Fn(i128) -> Val,
) -> Outcome {
    let first = Limits {
        rlimit: limits.rlimit / FIRST_TRY_SHARE,
        ..limits
    };
    match solve_here(constraints, sizes, first, &lit) {
        Outcome::Unknown(_) => retry_fresh(constraints, sizes, limits),
        decided => decided,
    }
}

/// [`solve_here`] in a fresh context.
fn retry_fresh(constraints: &[Bool], sizes: &[Val], limits: Limits) -> Outcome {
    // One encoder has one sort; z3 objects cross contexts by translation.
    let bv = matches!(sizes.first(), Some(Val::B(_)));
    let sizes: Vec<Dynamic> = sizes.iter().map(Val::as_dynamic).collect();
    let (constraints, sizes) = (constraints.synchronized(), sizes.as_slice().synchronized());
    let answer = context(limits, move || {
        let constraints = constraints.recover();
        let sizes: Vec<Val> = sizes
            .recover()
            .iter()
            .filter_map(|d| {
                if bv {
                    d.as_bv().map(Val::B)
                } else {
                    d.as_int().map(Val::I)
                }
            })
            .collect();
        let lit = |v: i128| {
            if bv {
                Val::B(BV::from_i64(v as i64, 32))
            } else {
                Val::I(Int::from_i128(v))
            }
        };
        match solve_here(&constraints, &sizes, limits, &lit) {
            Outcome::Unsat => Ok(None),
            Outcome::Sat(model) => Ok(Some(model.synchronized())),
            Outcome::Unknown(why) => Err(why),
        }
    });
    match answer {
        Ok(None) => Outcome::Unsat,
        Ok(Some(model)) => Outcome::Sat(model.recover()),
        Err(why) => Outcome::Unknown(why),
    }
}

fn solve_here(
    constraints: &[Bool],
    sizes: &[Val],
    limits: Limits,
    lit: &dyn Fn(i128) -> Val,
) -> Outcome {
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit);
    // No `timeout` here: the wall-clock backstop is the context's (see [`context`]). Set on the
    // solver, Z3 5.4's combined solver takes another path, which spun to the timeout on linear
    // queries it otherwise decides in milliseconds (a grid-stride loop's grid-level query:
    // 10 s `unknown` against 5 ms `unsat`).
    solver.set_params(&params);
    for c in constraints {
        solver.assert(c);
    }
    match solver.check() {
        SatResult::Unsat => return Outcome::Unsat,
        SatResult::Unknown => {
            return Outcome::Unknown(
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "the solver gave up".into()),
            )
        }
        SatResult::Sat => {}
    }
    let Some(first) = solver.get_model() else {
        return Outcome::Unknown("the solver found no model".into());
    };
    if sizes.is_empty() {
        return Outcome::Sat(first);
    }
    for bound in WITNESS_BOUNDS {
        solver.push();
        let b = lit(bound);
        for s in sizes {
            solver.assert(cmp(CmpOp::Le, s, &b));
        }
        let found = match solver.check() {
            SatResult::Sat => solver.get_model(),
            _ => None,
        };
        solver.pop(1);
        if let Some(model) = found {
            return Outcome::Sat(model);
        }
    }
    // Some size must be large (a `bv32` race through a wrap-around needs a parameter near
    // 2^31): bound the sizes one at a time instead, each by the smallest bound that still
    // leaves a witness, keeping the bounds found for the earlier ones. Without this the
    // witness was the first model, whose every size was arbitrary (a grid of 2^30 blocks of
    // 1023 threads where 2 of 2 would do).
    let mut witness = first;
    for s in sizes {
        for bound in WITNESS_BOUNDS {
            solver.push();
            solver.assert(cmp(CmpOp::Le, s, &lit(bound)));
            let found = match solver.check() {
                SatResult::Sat => solver.get_model(),
                _ => None,
            };
            match found {
                // The bound stays asserted for the sizes after this one.
                Some(model) => {
                    witness = model;
                    break;
                }
                None => solver.pop(1),
            }
        }
    }
    Outcome::Sat(witness)
}

/// Runs `f` in a fresh z3 context whose every solver stops after `limits.timeout_ms` of wall
/// clock. Z3's answers (and models, hence witnesses) depend on the terms a context already
/// holds: with one context per thread, the verdict of a kernel could change with the kernels
/// decided before it in the same process (observed: a grid-stride kernel `unknown` alone and
/// `drf` after another file). Each decision in its own context answers as a function of the
/// kernel and the options only.
pub fn context<R: Send + Sync>(limits: Limits, f: impl FnOnce() -> R + Send + Sync) -> R {
    let mut config = z3::Config::new();
    config.set_timeout_msec(u64::from(limits.timeout_ms));
    z3::with_z3_config(&config, f)
}

/// The query as SMT-LIB text, for `--emit smt`.
pub fn smtlib(constraints: &[Bool]) -> String {
    let solver = Solver::new();
    for c in constraints {
        solver.assert(c);
    }
    solver.to_smt2()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::value_of;

    #[test]
    fn a_retry_in_a_fresh_context_minimises_and_translates_its_model_back() {
        for bv in [false, true] {
            let (x, lit): (Val, fn(i128) -> Val) = if bv {
                (Val::B(BV::new_const("x", 32)), |v| {
                    Val::B(BV::from_i64(v as i64, 32))
                })
            } else {
                (Val::I(Int::new_const("x")), |v| Val::I(Int::from_i128(v)))
            };
            // x > 1: the first model may be large, the bound 2 leaves x = 2.
            let positive = cmp(CmpOp::Gt, &x, &lit(1));
            let within = cmp(CmpOp::Lt, &x, &lit(1000));
            let Outcome::Sat(model) = retry_fresh(
                &[positive, within],
                std::slice::from_ref(&x),
                Limits::default(),
            ) else {
                panic!("expected a model");
            };
            assert_eq!(value_of(&model, &x), Some(2), "bv32: {bv}");
            let never = [cmp(CmpOp::Lt, &x, &lit(0)), cmp(CmpOp::Gt, &x, &lit(5))];
            assert!(matches!(
                retry_fresh(&never, &[], Limits::default()),
                Outcome::Unsat
            ));
        }
    }
}
