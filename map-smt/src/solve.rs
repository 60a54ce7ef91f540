//! Pass 4 — solving: one z3 solver per query, bounded by a deterministic resource limit and a
//! wall-clock timeout as a backstop; `unknown` is kept as such, never read as "no race". A
//! satisfiable query is solved again under growing bounds on the parameters and the geometry,
//! so that witnesses are small enough for a person to replay.

use crate::encode::{cmp, Val};
use mapcheck_core::ast::CmpOp;
use z3::ast::Bool;
use z3::{Model, Params, SatResult, Solver};

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

pub fn solve(
    constraints: &[Bool],
    sizes: &[Val],
    limits: Limits,
    lit: impl Fn(i128) -> Val,
) -> Outcome {
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit);
    params.set_u32("timeout", limits.timeout_ms);
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
    Outcome::Sat(first)
}

/// The query as SMT-LIB text, for `--emit smt`.
pub fn smtlib(constraints: &[Bool]) -> String {
    let solver = Solver::new();
    for c in constraints {
        solver.assert(c);
    }
    solver.to_smt2()
}
