//! The stages of a decision as values (Faial's numbered passes), each the output of one step
//! and the input of the next, kept in the [`crate::Decision`] so that `--emit phases`,
//! `mapcheck bench` and repair read them instead of running the passes again:
//!
//! 1. [`Split`] — the phases of the kernel's protocol ([`crate::phases`]);
//! 2. [`Pairs`] — in each phase, and at grid level, the accesses with their paths and the
//!    pairs of them that could race ([`crate::pairs`]);
//! 3. [`Queries`] — every pair in the decision's order, with the rule of [`crate::fast`] that
//!    settles it when one does, and the barriers asked about;
//! 4. [`Outcomes`] — what each query said (and which were not asked: settled, or a pair
//!    already found racing in an earlier phase);
//! 5. [`Witnesses`] — each finding's witness after the replay search ([`crate::search`]);
//! 6. [`Certified`] — the findings with their certainty after the replay and the confirmation
//!    with a memory ([`crate::confirm`]).
//!
//! Stages 1–3 are computed whole, each from the one before. Stages 4–6 ([`asked`]) are
//! computed per query, each from the one before, one query at a time: whether a pair is asked
//! depends on what the earlier ones said, and the order of the solver's queries is part of
//! its answers and of `--emit smt`. Stages 1–2 are also in [`crate::Decision::split`] and
//! [`crate::Decision::pairs`], stages 3–6 in [`crate::Decision::stages`].

pub mod asked;
pub use asked::{queries, Certified, Outcomes, Queries, Stages, Witnesses};

use crate::options::mutated;
use crate::pairs::{self, Conflict, PathAccess};
use crate::phases;
use crate::query::{self, KernelFacts};
use crate::solve::{self, Outcome};
use crate::{kept, split_body, Asked, Options};
use mapcheck_typeck::term::Cond;
use mapcheck_typeck::{Checked, Map, Proto, SyncProto};

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

/// Stage 2: the accesses that could race, and the pairs of them the decision asks about.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    /// Block level: for each phase of [`Split::block`], in order, its accesses and pairs.
    // INVARIANT: as long as `Split::block.phases`, and `apart` as `Split::apart`'s.
    pub block: Vec<Accesses>,
    /// Likewise for each phase of [`Split::apart`] (threads of different warps).
    pub apart: Option<Vec<Accesses>>,
    /// Grid level: the accesses of the whole kernel (its barriers dropped, [`phases::erase`])
    /// and their pairs on global arrays, for threads of different blocks.
    pub grid: Accesses,
}

/// Accesses with their paths, and the pairs of them that could race.
#[derive(Clone, Debug, Default)]
pub struct Accesses {
    /// In protocol order ([`pairs::accesses`]).
    pub accesses: Vec<PathAccess>,
    /// `(i, j, conflict)`: the accesses `i <= j` could race ([`pairs::candidates`]).
    pub pairs: Vec<(usize, usize, Conflict)>,
}

impl Accesses {
    fn of(body: &Proto, grid: bool) -> Accesses {
        let accesses = pairs::accesses(body);
        let pairs = pairs::candidates(&accesses, grid);
        Accesses { accesses, pairs }
    }
}

impl Pairs {
    /// The accesses and pairs of phase `n` of the split at every barrier, or with `apart` of
    /// the split of threads of different warps.
    pub fn at(&self, apart: bool, n: usize) -> &Accesses {
        match (apart, &self.apart) {
            (true, Some(apart)) => &apart[n],
            _ => &self.block[n],
        }
    }

    /// Each phase of `split` (whose pairs these are) with its accesses and pairs, and whether
    /// its two threads are in different warps: the block split's phases first.
    pub fn phases<'a>(
        &'a self,
        split: &'a Split,
    ) -> impl Iterator<Item = (usize, &'a phases::Phase, &'a Accesses, bool)> + 'a {
        let block = split
            .block
            .phases
            .iter()
            .zip(&self.block)
            .map(|p| (p, false));
        let apart = split
            .apart
            .iter()
            .zip(&self.apart)
            .flat_map(|(s, a)| s.phases.iter().zip(a))
            .map(|p| (p, true));
        block
            .enumerate()
            .chain(apart.enumerate())
            .map(|(n, ((phase, accesses), apart))| (n, phase, accesses, apart))
    }
}

/// Stage 2 of the protocol `map` split as `split`.
pub fn pairs(map: &Map, split: &Split) -> Pairs {
    let of = |split: &phases::Split| -> Vec<Accesses> {
        split
            .phases
            .iter()
            .map(|phase| Accesses::of(&phase.body, false))
            .collect()
    };
    Pairs {
        block: of(&split.block),
        apart: split.apart.as_ref().map(of),
        grid: Accesses::of(&phases::erase(&map.body), true),
    }
}
