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
//! [`stage`] holds what the first passes give as values ([`stage::Split`], [`stage::Pairs`]),
//! which the [`Decision`] keeps.
#![forbid(unsafe_code)]

pub mod benign;
pub mod confirm;
pub mod decode;
pub mod encode;
pub mod fast;
pub mod kept;
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

pub use decode::{ThreadWitness, Witness};
pub use kept::{Again, Asked, Query};
#[cfg(feature = "mutation")]
use options::mutated;
#[cfg(feature = "mutation")]
pub use options::Mutation;
pub use options::{theories, Options};
pub use pairs::Conflict;
pub use query::Fixed;
pub use solve::Limits;
use verdict::verdict;
pub use verdict::{Certainty, Finding, Kind, Verdict};

use mapcheck_core::ast::Kernel;
use mapcheck_core::Span;
use mapcheck_typeck::{Checked, Class};
use pairs::PathAccess;
use query::KernelFacts;
use replay::Replay;
use solve::Outcome;
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
    /// The phase split dropped barriers (see [`phases`]): alarms are potential until replayed.
    pub approximate: bool,
    /// Stage 1: the phase split ([`stage::Split`]).
    pub split: stage::Split,
    /// Stage 2: the accesses and pairs of each phase and of the grid ([`stage::Pairs`]).
    pub pairs: stage::Pairs,
    /// Solver queries run (feasibility, race and divergence), for `mapcheck bench`.
    pub queries: usize,
    /// Race pairs settled without the solver ([`fast`]).
    pub settled: usize,
    /// Under `Options::warp_sync`: the warp-only races left out as ordered by lockstep
    /// execution (pairs of source locations).
    pub warp_ordered: Vec<(Span, Span)>,
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

/// [`decide`] in the current thread's z3 context (its queries kept when [`kept::keeping`]).
fn decide_here<T>(kernel: &Kernel<T>, checked: &Checked, options: &Options) -> Decision {
    let map = &checked.protocol;
    let facts = KernelFacts::new(map, options);
    let body = split_body(map, options);
    // With `syncwarp`s, the split at every barrier holds for any two threads, and the split at
    // block barriers alone for threads of different warps ([`warp`]).
    let split = stage::split_here(&facts, &body, options);
    let paired = stage::pairs(map, &split);
    let approximate = split.approximate();
    let basis = Basis {
        class: checked.class,
        approximate,
    };
    let mut decision = Decision {
        class: checked.class,
        verdict: Verdict::Drf,
        findings: Vec::new(),
        undecided_races: Vec::new(),
        undecided_divergence: Vec::new(),
        approximate,
        queries: split.queries,
        // Moved in at the end, when the block-level pairs no longer borrow it.
        split: stage::Split::default(),
        pairs: stage::Pairs::default(),
        settled: 0,
        warp_ordered: Vec::new(),
    };
    let mut decided: BTreeSet<(pairs::PairKey, bool)> = BTreeSet::new();
    // Pairs found benign so far, with their finding: a pair benign in one phase is asked again
    // in the later ones, where it may be a data race.
    let mut benign: HashMap<(pairs::PairKey, bool), usize> = HashMap::new();
    let mut runs = replay::Runs::new(kernel, options.arith, options.unknowns_approximate)
        .with_warp_size(options.warp_size)
        .with_warp_sync(options.warp_sync);
    let kernel_accesses = map.accesses();
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
    // phase of the split at block barriers, with the threads in different warps.
    let warp_size = options.warp_lanes();
    for (n, phase, at, apart) in paired.phases(&split) {
        let accs = &at.accesses;
        for &(i, j, conflict) in &at.pairs {
            let key = (pairs::key(accs[i].acc.span, accs[j].acc.span), false);
            if decided.contains(&key) {
                continue;
            }
            if let Some(rule) = fast::settle(&facts, &phase.shared, &accs[i], &accs[j]) {
                decision.settled += 1;
                kept::keep_settled(|| Asked::Settled {
                    phase: Some((n, phase.from.clone(), phase.to.clone())),
                    array: accs[i].acc.array.name.clone(),
                    conflict,
                    locations: (accs[i].acc.span, accs[j].acc.span),
                    rule,
                });
                continue;
            }
            let mut built = query::race(&facts, Some(phase), &accs[i], &accs[j]);
            if apart {
                let c = warp::different_warps(&mut built.enc, &facts, warp_size);
                built.constraints.push(c);
            }
            let asked = || Asked::Race {
                phase: Some((n, phase.from.clone(), phase.to.clone())),
                array: accs[i].acc.array.name.clone(),
                conflict,
                locations: (accs[i].acc.span, accs[j].acc.span),
            };
            kept::keep(asked, &built.constraints);
            let scope = Scope {
                accesses: accs,
                kernel: &kernel_accesses,
                apart,
            };
            if let Some(f) = race_query(
                map,
                options,
                &facts,
                basis,
                built,
                (&accs[i], &accs[j]),
                conflict,
                Some(phase),
                scope,
                &mut decision,
                &mut runs,
            ) {
                record(&mut decision, &mut decided, key, f);
            }
        }
    }

    // Grid level: global arrays, threads of different blocks, anywhere in the kernel.
    let all = &paired.grid.accesses;
    for &(i, j, conflict) in &paired.grid.pairs {
        let key = (pairs::key(all[i].acc.span, all[j].acc.span), true);
        if decided.contains(&key) {
            continue;
        }
        if let Some(rule) = fast::settle_grid(&facts, &all[i], &all[j]) {
            decision.settled += 1;
            kept::keep_settled(|| Asked::Settled {
                phase: None,
                array: all[i].acc.array.name.clone(),
                conflict,
                locations: (all[i].acc.span, all[j].acc.span),
                rule,
            });
            continue;
        }
        let built = query::race(&facts, None, &all[i], &all[j]);
        let scope = Scope {
            accesses: all,
            kernel: &kernel_accesses,
            apart: false,
        };
        let asked = || Asked::Race {
            phase: None,
            array: all[i].acc.array.name.clone(),
            conflict,
            locations: (all[i].acc.span, all[j].acc.span),
        };
        kept::keep(asked, &built.constraints);
        if let Some(f) = race_query(
            map,
            options,
            &facts,
            basis,
            built,
            (&all[i], &all[j]),
            conflict,
            None,
            scope,
            &mut decision,
            &mut runs,
        ) {
            record(&mut decision, &mut decided, key, f);
        }
    }

    // Barrier divergence: every `sync` under control that is not uniform; every `syncwarp`
    // likewise, between two lanes of one warp.
    for barrier in &checked.barriers {
        let mut built = query::divergence(&facts, barrier);
        if barrier.warp {
            let apart = warp::different_warps(&mut built.enc, &facts, warp_size);
            built.constraints.push(apart.not());
        }
        let asked = || Asked::Divergence { sync: barrier.sync };
        kept::keep(asked, &built.constraints);
        let subject = kept::last();
        decision.queries += 1;
        match built.solve(options.limits) {
            Outcome::Unsat => {}
            Outcome::Unknown(why) => decision.undecided_divergence.push(why),
            Outcome::Sat(model) => {
                let decode = |m: &z3::Model| decode::witness(m, &built.enc, &facts, &[]);
                let first = decode(&model);
                let replayed = replay::divergence(&mut runs, &first, replay::STEP_BUDGET);
                let found = search::finishing(
                    &built,
                    subject.as_ref(),
                    options.limits,
                    (first, replayed),
                    decode,
                    |w, budget| replay::divergence(&mut runs, w, budget),
                );
                decision.queries += found.queries;
                let mut witness = found.witness;
                if let Replay::Reproduced { seed, .. } = found.replay {
                    witness.random_memory = seed;
                }
                // The divergence query does not go through the phase split.
                let here = Basis {
                    class: checked.class,
                    approximate: false,
                };
                let (certainty, internal_error, note) = certify(found.replay, here);
                decision.findings.push(Finding {
                    kind: Kind::BarrierDivergence,
                    certainty,
                    array: None,
                    access: None,
                    locations: vec![barrier.sync],
                    grid: false,
                    phase: None,
                    witness,
                    internal_error,
                    note,
                    warp_only: false,
                });
            }
        }
    }

    decision.findings.sort_by_key(|f| {
        (
            f.kind == Kind::BarrierDivergence,
            f.locations
                .iter()
                .map(|s| (s.start, s.end))
                .collect::<Vec<_>>(),
            f.grid,
        )
    });
    decision.queries += facts.pin_queries();
    decision.verdict = verdict(&decision);
    decision.split = split;
    decision.pairs = paired;
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

/// The accesses a race query's pair is among: those of its phase in order (at grid level,
/// of the whole kernel), and every access of the kernel ([`benign::stored`]).
#[derive(Clone, Copy)]
struct Scope<'a, 'b> {
    accesses: &'a [PathAccess],
    kernel: &'a [&'b mapcheck_typeck::Acc],
    /// The query has its two threads in different warps already ([`warp`]).
    apart: bool,
}

/// The limits of a race's follow-up questions (benign? warp-only?): a tenth of the resource
/// limit. Their `unknown` is sound either way (a data race, not warp-only), and on non-linear
/// races (`step *K`) they were the costliest queries of the decision: the warp question alone
/// ran for minutes and gigabytes under the full limit.
fn follow_up(limits: Limits) -> Limits {
    Limits {
        rlimit: limits.rlimit / 10,
        ..limits
    }
}

/// Solves one race query; on a race, decodes and replays the witness into a finding. A
/// write-write race is asked once more with the stored values apart ([`benign`]), unless
/// `Options::strict`.
#[allow(clippy::too_many_arguments)]
fn race_query<T>(
    map: &mapcheck_typeck::Map,
    options: &Options,
    facts: &KernelFacts<'_>,
    basis: Basis,
    built: query::Built,
    (a, b): (&PathAccess, &PathAccess),
    conflict: Conflict,
    phase: Option<&phases::Phase>,
    scope: Scope<'_, '_>,
    decision: &mut Decision,
    runs: &mut replay::Runs<'_, T>,
) -> Option<Finding> {
    decision.queries += 1;
    // The race query itself, kept last by the caller (`--emit smt`): the witness search asks it
    // again.
    let subject = kept::last();
    match built.solve(options.limits) {
        Outcome::Unsat => None,
        Outcome::Unknown(why) => {
            decision.undecided_races.push(why);
            None
        }
        Outcome::Sat(model) => {
            let mut built = built;
            let mut model = model;
            let grid = phase.is_none();
            let mut kind = Kind::DataRace;
            let mut want = replay::Stores::Any;
            let mut note = None;
            let mut read_memory = None;
            if conflict == Conflict::WriteWrite && !options.strict {
                let stored = benign::stored(
                    &mut built,
                    options.arith,
                    scope.accesses,
                    scope.kernel,
                    grid,
                    a,
                    b,
                );
                if let Some(stored) = stored {
                    decision.queries += 1;
                    let differ = stored.differ();
                    let mut extra = stored.links.clone();
                    extra.push(differ);
                    let asked = || Asked::Differ {
                        array: a.acc.array.name.clone(),
                        locations: (a.acc.span, b.acc.span),
                    };
                    let mut all = built.constraints.clone();
                    all.extend(extra.iter().cloned());
                    kept::keep(asked, &all);
                    match built.solve_and(&extra, follow_up(options.limits)) {
                        Outcome::Unsat => {
                            kind = Kind::BenignRace;
                            want = replay::Stores::Equal;
                            built.constraints.extend(stored.links.iter().cloned());
                            note = Some(
                                "both threads store the same value in every run that reaches \
                                 this race (proven by the solver): advice, not a defect; \
                                 `--strict` counts it as a data race"
                                    .to_string(),
                            );
                        }
                        Outcome::Sat(differing) => {
                            // The witness shows two different values.
                            model = differing;
                            want = replay::Stores::Different;
                            built.constraints.extend(extra);
                            read_memory = Some(stored.reads);
                        }
                        // Never hide a race on an undecided question: a data race.
                        Outcome::Unknown(_) => {}
                    }
                }
            }
            // Warp-only: no witness with the two threads in different warps (asked of data
            // races only: a benign race is no defect either way).
            let mut warp_only = false;
            if !grid && !scope.apart && kind == Kind::DataRace {
                let size = options.warp_lanes();
                let apart = warp::different_warps(&mut built.enc, facts, size);
                decision.queries += 1;
                let asked = || Asked::ApartWarps {
                    array: a.acc.array.name.clone(),
                    locations: (a.acc.span, b.acc.span),
                    warp: size,
                };
                let mut all = built.constraints.clone();
                all.push(apart.clone());
                kept::keep(asked, &all);
                let across = built.solve_and(&[apart], follow_up(options.limits));
                warp_only = matches!(across, Outcome::Unsat);
                let one_statement = conflict == Conflict::WriteWrite && a.acc.span == b.acc.span;
                if options.warp_sync.is_some() && !one_statement {
                    match across {
                        Outcome::Unsat => {
                            decision.warp_ordered.push((a.acc.span, b.acc.span));
                            return None;
                        }
                        // In lockstep only threads of different warps race here: the witness
                        // is one of those. Lockstep orders no lanes of different warps, so
                        // the replay shows its race with or without it.
                        Outcome::Sat(m) => model = m,
                        Outcome::Unknown(_) => {}
                    }
                }
            }
            let index: Vec<encode::Val> = a
                .acc
                .index
                .iter()
                .map(|e| built.enc.expr(e, encode::Side::One))
                .collect();
            let enc = &built.enc;
            let decode = |m: &z3::Model| decode::witness(m, enc, facts, &index);
            let (a_span, b_span) = (a.acc.span, b.acc.span);
            let first = decode(&model);
            // The memory the differing model read from, tried first (else zero and random).
            let chosen = read_memory.map(|reads| {
                let mut memory = confirm::CellMemory::default();
                for (array, index, value) in reads {
                    let cell: Option<Vec<i128>> =
                        index.iter().map(|v| encode::value_of(&model, v)).collect();
                    if let (Some(cell), Some(v)) = (cell, encode::value_of(&model, &value)) {
                        memory.cells.insert((array, cell), v);
                    }
                }
                memory
            });
            let chosen_memory = chosen
                .as_ref()
                .map(|m| m as &dyn mapcheck_core::interp::InitialMemory);
            let spans = (a_span, b_span);
            let replayed = replay::race(
                runs,
                &first,
                spans,
                grid,
                want,
                chosen_memory,
                replay::STEP_BUDGET,
            );
            let found = search::finishing(
                &built,
                subject.as_ref(),
                options.limits,
                (first, replayed),
                decode,
                |w, budget| replay::race(runs, w, spans, grid, want, chosen_memory, budget),
            );
            decision.queries += found.queries;
            let (mut witness, mut replayed) = (found.witness, found.replay);
            let mut chosen = chosen;
            if !basis.exact() && matches!(replayed, Replay::NotReproduced(_)) {
                // Data-dependent: try again with the reads tied to an initial memory.
                decision.queries += 1;
                if let Some((w, memory)) =
                    confirm::with_memory(facts, map, phase, a, b, options.limits)
                {
                    let again = replay::race(
                        runs,
                        &w,
                        spans,
                        grid,
                        want,
                        Some(&memory),
                        replay::STEP_BUDGET,
                    );
                    if matches!(again, Replay::Reproduced { .. }) {
                        chosen = None;
                        witness = w;
                        witness.memory = memory
                            .cells
                            .iter()
                            .map(|((array, index), v)| {
                                let cell: String = index.iter().map(|i| format!("[{i}]")).collect();
                                (format!("{array}{cell}"), *v)
                            })
                            .collect();
                        replayed = again;
                    }
                }
            }
            if let Replay::Reproduced { seed, given } = replayed {
                witness.random_memory = seed;
                if let Some(memory) = &chosen {
                    if given {
                        witness.memory = memory
                            .cells
                            .iter()
                            .map(|((array, index), v)| {
                                let cell: String = index.iter().map(|i| format!("[{i}]")).collect();
                                (format!("{array}{cell}"), *v)
                            })
                            .collect();
                    }
                }
            }
            let (certainty, internal_error, why) = certify(replayed, basis);
            Some(Finding {
                kind,
                certainty,
                array: Some(a.acc.array.name.clone()),
                access: Some(conflict),
                locations: vec![a.acc.span, b.acc.span],
                grid,
                phase: phase.map(|p| (p.from.clone(), p.to.clone())),
                witness,
                internal_error,
                note: why.or(note),
                warp_only,
            })
        }
    }
}

/// What a finding's certainty rests on besides its replay: the kernel's class, and whether the
/// phase split over-approximated the MAP (`Decision::approximate`).
#[derive(Clone, Copy, Debug)]
struct Basis {
    class: Class,
    approximate: bool,
}

impl Basis {
    /// The pairs of the query are exactly those of the runs (Theorem 1): a witness that does
    /// not replay is a bug of mapcheck.
    fn exact(self) -> bool {
        self.class == Class::Exact && !self.approximate
    }
}

/// The certainty of a finding whose witness replayed as `replayed` (SPEC §7): `proven` for an
/// exact kernel, `confirmed` for a data-dependent one, `potential` with the reason otherwise.
/// A replay shows a run of the kernel itself, so a witness of an exact kernel that replays is
/// `proven` also when the phase split over-approximated; a witness that does not replay is a
/// possible false alarm of the approximation that made it, named in the note.
fn certify(replayed: Replay, basis: Basis) -> (Certainty, Option<String>, Option<String>) {
    let exact_class = basis.class == Class::Exact;
    match replayed {
        Replay::Reproduced { .. } if exact_class => (Certainty::Proven, None, None),
        Replay::Reproduced { .. } => (Certainty::Confirmed, None, None),
        Replay::NotReproduced(why) if basis.exact() => (
            Certainty::Potential,
            Some(format!(
                "the witness of an exact kernel did not replay in the interpreter ({why})"
            )),
            None,
        ),
        Replay::NotReproduced(why) if basis.approximate && exact_class => (
            Certainty::Potential,
            None,
            Some(format!(
                "the phase split over-approximates the kernel (a loop whose body can be run \
                 through without a barrier — a barrier under a condition, or in an inner loop \
                 that may run zero times — is split as if it had none) and the witness did \
                 not replay ({why}): this may be a false alarm"
            )),
        ),
        Replay::NotReproduced(why) => (
            Certainty::Potential,
            None,
            Some(format!(
                "the MAP over-approximates the kernel and the witness did not replay ({why}): this may be a false alarm"
            )),
        ),
        // An exact kernel's `?` values are payloads, which no access depends on (Theorem 1);
        // but whether two writes store different values — a data race rather than a benign
        // one — does, when the front end could not follow a stored value.
        Replay::ThroughUnknowns if exact_class => (
            Certainty::Potential,
            None,
            Some("the two threads store different values only in runs that use values the front end could not follow (`?`): they may store the same value, which is a benign race".into()),
        ),
        Replay::ThroughUnknowns => (
            Certainty::Potential,
            None,
            Some("the witness replays only in runs that use values the front end could not follow (`?`): the race may exist in the lowered kernel and not in the source".into()),
        ),
        // SPEC §7: `proven` needs a replay that reached the race. An exact kernel's MAP is
        // exact about the accesses of the runs that exist, but says nothing about whether a
        // run ends: a witness whose run cannot finish may name a race no run reaches (an
        // endless loop before it). Not a bug of mapcheck either, so no internal error.
        Replay::Unfinished { why, .. } if exact_class => (
            Certainty::Potential,
            None,
            Some(format!(
                "the race is not proven: the witness's run does not finish ({why})"
            )),
        ),
        Replay::Unfinished { why, .. } => (
            Certainty::Potential,
            None,
            Some(format!(
                "the witness was not replayed ({why}): this may be a false alarm"
            )),
        ),
        // The witness's configuration stops at a barrier divergence before the race: the
        // divergence is reported on its own, and the race cannot be shown past it.
        Replay::Diverged => (
            Certainty::Potential,
            None,
            Some("the witness's configuration stops at a barrier divergence first, so the interpreter cannot show this race".into()),
        ),
    }
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
