//! The stages of a decision as values (Faial's numbered passes), each the output of one step
//! and the input of the next, kept in the [`crate::Decision`] so that `--emit phases`,
//! `mapcheck bench` and repair read them instead of running the passes again:
//!
//! 1. [`Split`] — the phases of the kernel's protocol ([`crate::phases`]).
//!
//! The later stages (the pairs, the queries, their outcomes, the witnesses and their
//! certification) are still steps inside [`crate::decide`].

use crate::options::mutated;
use crate::phases;
use crate::query::{self, KernelFacts};
use crate::solve::{self, Outcome};
use crate::{kept, split_body, Asked, Options};
use mapcheck_typeck::term::Cond;
use mapcheck_typeck::{Checked, SyncProto};

/// Stage 1: the phase split of a kernel's protocol.
#[derive(Clone, Debug, Default)]
pub struct Split {
    /// At every barrier (`sync`, and `syncwarp` as a barrier for two lanes of one warp): the
    /// phases any two threads of a block run between the same two barrier events.
    pub block: phases::Split,
    /// With `syncwarp`s, the split at block barriers alone, for two threads of different
    /// warps ([`crate::warp`]); `None` without `syncwarp`s.
    pub apart: Option<phases::Split>,
    /// The feasibility queries the splits sent to the solver.
    pub queries: usize,
}

impl Split {
    /// Whether a split dropped barriers (see [`phases`]): alarms are potential until replayed.
    pub fn approximate(&self) -> bool {
        self.block.approximate || self.apart.as_ref().is_some_and(|s| s.approximate)
    }

    /// The split of the threads `apart` in different warps, or not.
    pub fn level(&self, apart: bool) -> Option<&phases::Split> {
        if apart {
            self.apart.as_ref()
        } else {
            Some(&self.block)
        }
    }
}

/// Stage 1 alone, in a z3 context of its own: the split a decision of `checked` with
/// `options` makes (`--emit phases`).
pub fn split(checked: &Checked, options: &Options) -> Split {
    solve::context(options.limits, || {
        let facts = KernelFacts::new(&checked.protocol, options);
        split_here(&facts, &split_body(&checked.protocol, options), options)
    })
}

/// [`split`] of the protocol `body` in the current thread's z3 context.
pub(crate) fn split_here(facts: &KernelFacts<'_>, body: &SyncProto, options: &Options) -> Split {
    let queries = std::cell::Cell::new(0);
    let forget_zero_trip = mutated!(options, ForgetZeroTrip);
    let block = split_with(facts, body, options, forget_zero_trip, &queries);
    let warps_apart = body.has_syncwarp() && !mutated!(options, SyncwarpOrdersAllWarps);
    let apart = warps_apart.then(|| {
        split_with(
            facts,
            &body.without_warps(),
            options,
            forget_zero_trip,
            &queries,
        )
    });
    Split {
        block,
        apart,
        queries: queries.get(),
    }
}

fn split_with(
    facts: &KernelFacts<'_>,
    body: &SyncProto,
    options: &Options,
    forget_zero_trip: bool,
    queries: &std::cell::Cell<usize>,
) -> phases::Split {
    let limits = options.limits;
    let feasible = |conds: &[Cond]| {
        queries.set(queries.get() + 1);
        let built = query::feasibility(facts, conds);
        let asked = || Asked::Feasibility {
            conditions: conds.iter().map(ToString::to_string).collect(),
        };
        kept::keep(asked, &built.constraints);
        !matches!(
            solve::solve(&built.constraints, &[], &[], limits, |v| built.enc.lit(v)),
            Outcome::Unsat
        )
    };
    phases::split(body, facts.arith, &feasible, forget_zero_trip)
}
