//! `mapcheck-smt`: decides data-race freedom and barrier divergence of a kernel from its
//! memory access protocol, with z3 (SPEC §6), and certifies every alarm in the interpreter.
//!
//! The passes, in order (one file each; see also `README.md`):
//!
//! 1. [`phases`] — split the synchronised protocol into phases;
//! 2. [`pairs`] — collect each phase's accesses with their paths, and pair them;
//! 3. [`encode`] — encode paths, indices and guards for two thread copies;
//! 4. [`solve`] — solve each query under a resource limit; find small witnesses;
//! 5. [`decode`] — read a witness off each model;
//! 6. [`replay`] — replay each witness in the reference interpreter; when a replay cannot
//!    finish, [`search`] asks for a witness whose run does.
//!
//! [`query`] assembles the constraints of one query from the encoder's terms, and [`decide`]
//! runs the passes over a kernel and turns their results into findings and a verdict
//! (SPEC §7).
//!
//! [`stage`] holds what the passes give as values: [`stage::Split`] → [`stage::Pairs`] →
//! [`stage::Queries`] → [`stage::Outcomes`] → [`stage::Witnesses`] → [`stage::Certified`],
//! which the [`Decision`] keeps.
#![forbid(unsafe_code)]

pub mod benign;
pub mod bounds;
pub mod confirm;
pub mod counters;
pub mod decode;
pub mod encode;
pub mod fast;
pub mod kept;
pub mod launch;
mod options;
pub mod pairs;
pub mod phases;
pub mod query;
pub mod redundant;
pub mod replay;
pub mod search;
pub mod solve;
pub mod stage;
pub mod taint;
mod verdict;
pub mod warp;

pub use decode::{Cell, ThreadWitness, Witness};
pub use kept::{Again, Asked, Query};
#[cfg(feature = "mutation")]
use options::mutated;
#[cfg(feature = "mutation")]
pub use options::Mutation;
pub use options::{theories, Loosened, Options, Races};
pub use pairs::Conflict;
pub use query::Fixed;
pub use solve::Limits;
use verdict::verdict;
pub use verdict::{BoundBroken, Certainty, Finding, Kind, Note, Verdict};

use mapcheck_core::ast::Kernel;
use mapcheck_core::Span;
use mapcheck_typeck::{Checked, Class};
use query::KernelFacts;
use stage::asked::{self, Basis};
use std::collections::{BTreeSet, HashMap};

/// The version of the Z3 library mapcheck is linked against, e.g. `5.4.0.0`.
pub fn z3_version() -> String {
    z3::full_version().to_string()
}

/// Everything decided about one kernel.
#[derive(Clone, Debug)]
pub struct Decision {
    pub class: Class,
    pub verdict: Verdict,
    pub findings: Vec<Finding>,
    /// Race queries the solver could not decide, with its reason.
    pub undecided_races: Vec<String>,
    /// Divergence queries the solver could not decide.
    pub undecided_divergence: Vec<String>,
    /// Out-of-bounds queries the solver could not decide ([`bounds`]).
    pub undecided_bounds: Vec<String>,
    /// The phase split dropped barriers (see [`phases`]): alarms are potential until replayed.
    pub approximate: bool,
    /// Stage 1: the phase split ([`stage::Split`]).
    pub split: stage::Split,
    /// Stage 2: the accesses and pairs of each phase and of the grid ([`stage::Pairs`]).
    pub pairs: stage::Pairs,
    /// Stages 3–6: the queries, what they said, the witnesses and the certified findings
    /// ([`stage::Stages`]).
    pub stages: stage::Stages,
    /// Solver queries run (feasibility, race and divergence), for `mapcheck bench`.
    pub queries: usize,
    /// Race pairs settled without the solver ([`fast`]).
    pub settled: usize,
    /// Under `Options::warp_sync`: the warp-only races left out as ordered by lockstep
    /// execution (pairs of source locations).
    pub warp_ordered: Vec<(Span, Span)>,
    /// A query asserted that an atomic counter's values are distinct under the assumption
    /// that it gets fewer than 2^32 updates ([`counters`]): the report states it.
    pub assumes_counters: bool,
    /// No launch satisfies the kernel's preconditions (`__requires`, `__launch_bounds__`, a
    /// header's bounds) together with the geometry and parameters given: the kernel has no
    /// run, so the decision asked nothing else and any verdict would be vacuous. The command
    /// line reports it as an input error, as `mapcheck run` does for a false `assume`.
    pub no_launch: bool,
    /// How far the launch conventions were loosened because the kernel's preconditions
    /// contradict them ([`Loosened`]): the options the decision was made under are
    /// [`Decision::options`].
    pub loosened: Loosened,
}

impl Decision {
    /// A decision of a kernel of class `class` that has found nothing yet: `drf`.
    fn empty(class: Class, loosened: Loosened) -> Decision {
        Decision {
            class,
            verdict: Verdict::Drf,
            findings: Vec::new(),
            undecided_races: Vec::new(),
            undecided_divergence: Vec::new(),
            undecided_bounds: Vec::new(),
            approximate: false,
            split: stage::Split::default(),
            pairs: stage::Pairs::default(),
            stages: stage::Stages::default(),
            queries: 0,
            settled: 0,
            warp_ordered: Vec::new(),
            assumes_counters: false,
            no_launch: false,
            loosened,
        }
    }

    /// The options this decision was made under: `options` with the launch conventions
    /// loosened as the kernel's preconditions required ([`Decision::loosened`]). What reuses
    /// the decision (advice, the report's assumptions) reads these.
    pub fn options(&self, options: &Options) -> Options {
        Options {
            loosened: self.loosened,
            ..options.clone()
        }
    }
}

/// Decides `kernel`, whose type checking gave `checked`, in a z3 context of its own
/// ([`solve::context`]): the answer depends on the kernel and the options only.
pub fn decide<T: Sync>(kernel: &Kernel<T>, checked: &Checked, options: &Options) -> Decision {
    solve::context(options.limits, || decide_here(kernel, checked, options))
}

/// [`decide`], keeping every query it sends to the solver, in order (`--emit smt`). The
/// re-solving of a satisfiable query under bounds (for small witnesses) and its retry in a
/// fresh context are the same query, kept once.
pub fn decide_keeping_queries<T: Sync>(
    kernel: &Kernel<T>,
    checked: &Checked,
    options: &Options,
) -> (Decision, Vec<Query>) {
    solve::context(options.limits, || {
        kept::keeping(|| decide_here(kernel, checked, options))
    })
}

/// [`decide`] in the current thread's z3 context (its queries kept when [`kept::keeping`]):
/// stages 1 to 3 whole, then stages 4 to 6 one query at a time ([`stage::asked`] says why).
fn decide_here<T>(kernel: &Kernel<T>, checked: &Checked, options: &Options) -> Decision {
    let map = &checked.protocol;
    let mut facts = KernelFacts::new(map, options);
    facts.counters = counters::Counters::of(kernel, map, options, &facts.fixed);
    // A kernel-entry precondition the launch contradicts leaves no run to ask about: every
    // query would be unsatisfiable, and `drf` would certify a launch CUDA refuses.
    if let solve::Outcome::Unsat = query::launchable(&facts).solve(options.limits) {
        // The conventions are mapcheck's reading of a launch the code does not state; a
        // kernel whose own preconditions contradict them is decided without them: first
        // without the ids' no-wrap bounds, then over every launch its preconditions allow.
        let looser = options.loosened.looser().filter(|_| options.conventions);
        if let Some(loosened) = looser {
            let looser = Options {
                loosened,
                ..options.clone()
            };
            let mut decision = decide_here(kernel, checked, &looser);
            decision.queries += 1;
            return decision;
        }
        return Decision {
            queries: 1,
            no_launch: true,
            ..Decision::empty(checked.class, options.loosened)
        };
    }
    let body = split_body(map, options);
    // With `syncwarp`s, the split at every barrier holds for any two threads, and the split at
    // block barriers alone for threads of different warps ([`warp`]).
    let split = stage::split_here(&facts, &body, options);
    let paired = stage::pairs(map, &split);
    let planned = stage::queries(&facts, &split, &paired, checked.barriers.len());
    let approximate = split.approximate();
    let basis = Basis {
        class: checked.class,
        approximate,
    };
    // The split and the pairs are moved in at the end, when the block-level pairs no longer
    // borrow them.
    let mut decision = Decision {
        approximate,
        queries: split.queries,
        ..Decision::empty(checked.class, options.loosened)
    };

    let mut outcomes = stage::Outcomes::default();
    let mut witnesses = stage::Witnesses::default();
    let mut certified = stage::Certified::default();
    let mut decided: BTreeSet<(pairs::PairKey, bool)> = BTreeSet::new();
    // Pairs found benign so far, with their finding: a pair benign in one phase is asked again
    // in the later ones, where it may be a data race.
    let mut benign: HashMap<(pairs::PairKey, bool), usize> = HashMap::new();
    let mut runs = replay::Runs::new(kernel, options.arith, options.unknowns_approximate)
        .with_exact(checked.class == mapcheck_typeck::Class::Exact)
        .with_warp_size(options.warp_size)
        .with_warp_sync(options.warp_sync);
    let kernel_accesses = map.accesses();
    let mut cx = asked::Ctx {
        map,
        options,
        facts: &facts,
        kernel: &kernel_accesses,
        runs: &mut runs,
        queries: 0,
    };
    let mut record = |decision: &mut Decision,
                      decided: &mut BTreeSet<(pairs::PairKey, bool)>,
                      key: (pairs::PairKey, bool),
                      f: Finding| {
        match (f.kind, benign.get(&key)) {
            (Kind::BenignRace, Some(_)) => {}
            (Kind::BenignRace, None) => {
                benign.insert(key, decision.findings.len());
                decision.findings.push(f);
            }
            (_, Some(&at)) => {
                decided.insert(key);
                decision.findings[at] = f;
            }
            (_, None) => {
                decided.insert(key);
                decision.findings.push(f);
            }
        }
    };

    // Block level: every phase, every pair of accesses in it; then, with `syncwarp`s, every
    // phase of the split at block barriers, with the threads in different warps. Grid level:
    // global arrays, threads of different blocks, anywhere in the kernel.
    let warp_size = options.warp_lanes();
    for (k, p) in planned.races.iter().enumerate() {
        let (at, phase, apart) = match p.level {
            asked::Level::Phase { n, apart } => {
                let phase = split.level(apart).map(|s| &s.phases[n]);
                (paired.at(apart, n), phase, apart)
            }
            asked::Level::Grid => (&paired.grid, None, false),
        };
        let accs = &at.accesses;
        let (a, b, conflict) = (&accs[p.i], &accs[p.j], p.conflict);
        let place = match p.level {
            asked::Level::Phase { n, .. } => phase.map(|ph| (n, ph.from.clone(), ph.to.clone())),
            asked::Level::Grid => None,
        };
        let key = (pairs::key(a.acc.span, b.acc.span), phase.is_none());
        if decided.contains(&key) {
            outcomes.races.push(asked::Said::Decided);
            continue;
        }
        if let Some(rule) = p.settled {
            decision.settled += 1;
            kept::keep_settled(|| Asked::Settled {
                phase: place,
                array: a.acc.array.name.clone(),
                conflict,
                locations: (a.acc.span, b.acc.span),
                rule,
            });
            outcomes.races.push(asked::Said::Settled(rule));
            continue;
        }
        let mut built = query::race(&facts, phase, a, b);
        if apart {
            let c = warp::different_warps(&mut built.enc, &facts, warp_size);
            built.constraints.push(c);
        }
        let asked = || Asked::Race {
            phase: place,
            array: a.acc.array.name.clone(),
            conflict,
            locations: (a.acc.span, b.acc.span),
        };
        kept::keep(asked, &built.constraints);
        let pair = asked::Pair {
            accesses: accs,
            a,
            b,
            conflict,
            phase,
            apart,
        };
        let (said, sat) = asked::outcome(&mut cx, built, pair);
        match &said {
            asked::Said::Unknown(why) => decision.undecided_races.push(why.clone()),
            asked::Said::WarpOrdered => decision.warp_ordered.push((a.acc.span, b.acc.span)),
            _ => {}
        }
        outcomes.races.push(said);
        if let Some(sat) = sat {
            let subject = asked::Subject::Race(k);
            let ((witness, replay), f) = asked::race_finding(&mut cx, sat, pair, basis);
            witnesses.found.push(asked::Witnessed {
                subject,
                witness,
                replay,
            });
            certified.findings.push((subject, f.clone()));
            record(&mut decision, &mut decided, key, f);
        }
    }

    // Barrier divergence: every `sync` under control that is not uniform; every `syncwarp`
    // likewise, between two lanes of one warp.
    for (k, barrier) in checked.barriers.iter().enumerate() {
        let mut built = query::divergence(&facts, barrier);
        if barrier.warp {
            let apart = warp::different_warps(&mut built.enc, &facts, warp_size);
            built.constraints.push(apart.not());
        }
        let asked = || Asked::Divergence { sync: barrier.sync };
        kept::keep(asked, &built.constraints);
        let subject = kept::last();
        let (said, model) = asked::divergence_outcome(&mut cx, &built);
        if let asked::Said::Unknown(why) = &said {
            decision.undecided_divergence.push(why.clone());
        }
        outcomes.barriers.push(said);
        if let Some(model) = model {
            let at = asked::Subject::Barrier(k);
            let ((witness, replay), f) = asked::divergence_finding(
                &mut cx,
                &built,
                subject.as_ref(),
                &model,
                barrier.sync,
                checked.class,
            );
            witnesses.found.push(asked::Witnessed {
                subject: at,
                witness,
                replay,
            });
            certified.findings.push((at, f.clone()));
            decision.findings.push(f);
        }
    }

    // Out of bounds: every access of the kernel with bounds, for one thread.
    bounds::decide(&mut cx, &paired.grid.accesses, checked.class, &mut decision);

    decision.queries += cx.queries;
    decision.findings.sort_by_key(|f| {
        (
            f.kind == Kind::OutOfBounds,
            f.kind == Kind::BarrierDivergence,
            f.locations
                .iter()
                .map(|s| (s.start, s.end))
                .collect::<Vec<_>>(),
            f.grid,
        )
    });
    decision.queries += facts.pin_queries();
    decision.assumes_counters = facts.counters.assumed_used();
    decision.verdict = verdict(&decision);
    decision.split = split;
    decision.pairs = paired;
    decision.stages = stage::Stages {
        queries: planned,
        outcomes,
        witnesses,
        certified,
    };
    decision
}

/// The protocol a decision splits into phases: the MAP's (with the `mutation` feature, less
/// its first `sync` under `Mutation::MergeAdjacentPhases`). The redundant-barrier advice
/// reuses the decision's split, so it splits the same.
pub(crate) fn split_body(
    map: &mapcheck_typeck::Map,
    options: &Options,
) -> mapcheck_typeck::SyncProto {
    #[cfg(feature = "mutation")]
    if mutated!(options, MergeAdjacentPhases) {
        return phases::drop_first_sync(&map.body);
    }
    #[cfg(not(feature = "mutation"))]
    let _ = options;
    map.body.clone()
}

#[cfg(test)]
mod tests {
    use z3::ast::Int;
    use z3::{SatResult, Solver};

    /// Smoke test of the toolchain: the pinned Z3 links, loads and answers a query with a model.
    #[test]
    fn z3_answers_a_query() {
        let solver = Solver::new();
        let x = Int::new_const("x");
        let y = Int::new_const("y");
        solver.assert((&x + &y).eq(Int::from_i64(10)));
        solver.assert(x.gt(Int::from_i64(7)));
        solver.assert(y.gt(Int::from_i64(0)));
        assert_eq!(solver.check(), SatResult::Sat);
        let model = solver.get_model().unwrap();
        let xv = model.eval(&x, true).unwrap().as_i64().unwrap();
        let yv = model.eval(&y, true).unwrap().as_i64().unwrap();
        assert_eq!(xv + yv, 10);
        assert!(xv > 7 && yv > 0);
        assert!(
            super::z3_version().starts_with("5.4"),
            "{}",
            super::z3_version()
        );
    }
}
