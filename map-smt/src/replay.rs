//! Pass 6 — replay: every witness is run in the reference interpreter (`mapcheck_core::interp`),
//! which certifies the finding. On an exact kernel the first replay must reproduce it — a
//! witness that does not is a bug in mapcheck; on a data-dependent kernel a reproduction makes
//! the finding *confirmed*, and without one it stays *potential*.
//!
//! The replay uses the witness's parameters and geometry, and for `let x = ?` the values the
//! model chose for each of the two threads; the initial memory is zero, then a few seeded
//! random memories, so that data read from arrays gets a chance to take the values the
//! alarm needs.
//!
//! What keeps replay cheap:
//!
//! * Only the one or two blocks the witness names are run: blocks never synchronise and each
//!   sees the initial contents plus its own writes, so the races and divergences among those
//!   blocks are the full run's (a witness in a grid of 2^31 blocks replays like one in a grid
//!   of two).
//! * The runs on the zero and random memories are kept in [`Runs`] for the whole decision,
//!   since the witnesses of one kernel often share parameters, geometry and blocks. A run is
//!   keyed by what it depends on, and no more: the `?` values of the `let x = ?` sites (those
//!   bound by reads come from memory), so two witnesses that differ only in their threads share
//!   a run; and for an exact kernel, a configuration whose run could not end is known not to
//!   end for every witness of it ([`Runs::with_exact`]).
//! * A run stops after [`STEP_BUDGET`] steps: a witness that needs more is left unreplayed
//!   ([`Replay::Unfinished`]), which is no evidence of a bug — and no evidence of the finding
//!   either ([`crate::search`] then looks for another witness).
//! * The interpreter keeps little per access: only the arrays the race is on are watched, no
//!   history is kept, and a phase keeps a summary per cell rather than every thread's touches
//!   (`mapcheck_core::interp`'s `touches`).
//!
//! # Why a replay runs to the end
//!
//! A replay could stop as soon as the interpreter records the race it asks about: a block of
//! 1024 threads that all update `s[j]` races at thread 1's first access, and the rest of the
//! run costs millions of steps. It does not, because `proven` and `confirmed` (SPEC §7) claim
//! that the interpreter produced the finding in a run, and a run that was cut after the race
//! has only shown it in a prefix of an execution that may not be a run at all:
//!
//! * an `assume` evaluated later — by a thread after the two in the same phase, or in a later
//!   phase — may be false, and then the configuration is not a run (SPEC §4: an input error).
//!   The query constrains the `assume`s of the witness's two threads only, so a witness can
//!   keep theirs while a third thread breaks its own (`assume tid < 2;` at `ntid = 3`): the
//!   prefix would certify a race on an input the kernel excludes, where the whole run refuses
//!   it and the search moves on;
//! * a thread may never end its phase (a loop that cannot move, or one beyond any budget):
//!   the big-step semantics then has no run, which is why an unfinished replay proves nothing
//!   ([`crate::search`]); likewise a value beyond `int`'s 128 bits stops the interpreter.
//!
//! Barrier divergence alone would not have been a reason: a run reports the races of the phase
//! a divergence cuts short (named `cut by barrier divergence`), and a replay accepts a race
//! in any phase, so a divergence after the race leaves it reported. But the first two are
//! enough: the cut is not exact, so the replay pays for whole runs and makes them cheap
//! instead.

use crate::decode::Witness;
use crate::taint::Taint;
use mapcheck_core::ast::{Kernel, Stmt, StmtKind};
use mapcheck_core::interp::{self, Config, RaceScope, RandomMemory, UnknownSite, ZeroMemory};
use mapcheck_core::{Arith, Span};
use mapcheck_typeck::{UnknownId, Var};
use std::collections::{BTreeMap, BTreeSet};

/// What replaying a witness showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay {
    /// The interpreter observed the same finding; `seed` names the random initial memory
    /// (`RandomMemory`) the run that showed it started from, `None` for the zero memory or the
    /// memory the caller gave; `given` says that the memory the caller gave did.
    Reproduced { seed: Option<u64>, given: bool },
    /// The runs went through without it; what the last of them showed instead.
    NotReproduced(Missed),
    /// The first run stopped at a barrier divergence before showing it.
    Diverged,
    /// A run showed it, but every run that did evaluated a `let x = ?` that stands for a value
    /// the front end could not follow (`Options::unknowns_approximate`), and the finding may
    /// depend on such a value ([`Taint`]).
    ThroughUnknowns,
    /// A race the replay cannot show through atomics' old values: a write-write race whose
    /// stored values derive from them, which every run showed equal (the runs take the
    /// atomics in one order only); or a race between blocks reached or indexed through them
    /// (the interpreter's blocks do not see each other's atomics).
    AtomicValues { between_blocks: bool },
    /// A write-write race that every run showed, always with equal stored values, where a
    /// data race needs different ones ([`Stores::Different`]): the solver's two values rest on
    /// reads it does not tie to one memory (values read in an earlier phase are each thread's
    /// own unknown), so they may always be equal — a benign race — and the race is not shown
    /// to be a data race.
    EqualStores,
    /// A run could not finish before it showed the finding: it spent [`STEP_BUDGET`], or met a
    /// loop whose step leaves its variable unchanged (`LoopStuck`: `step *2` from 0, `<< 2`
    /// wrapping to 0 in `bv32`), or computed a value beyond the 128 bits of `int` mode. The
    /// witness is not replayed, which is evidence neither way
    /// (`why` says where the run stopped; `stuck` names the loop variable and the value it
    /// stayed at, when that was the reason).
    Unfinished {
        why: Unfinished,
        stuck: Option<(String, i128)>,
    },
}

/// What the last run of a replay that did not show the finding showed instead (the command
/// line words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missed {
    /// No run was made.
    NoRun,
    /// A divergence's replay: the run was aligned.
    Aligned,
    /// A race's replay: the run had `races` other races on the arrays it watched.
    OtherRaces { races: usize, arrays: Vec<String> },
    /// The run stopped at a barrier divergence (on a memory after the first).
    Diverged,
    /// The configuration is not a run: the interpreter refused it (an `assume` that does not
    /// hold, a parameter outside its type, ...).
    Failed(interp::RunError),
}

/// Why a replay could not finish: where the run stopped, and how many other witnesses the
/// replay search ([`crate::search`]) tried whose runs did not finish either.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    pub error: interp::RunError,
    pub others_tried: usize,
}

/// The step budget of one replay run: statements, loop iterations and thread launches of the
/// witness's blocks. A witness can need a loop of 2^31 iterations (in `bv32`, a race that needs
/// a wrap-around needs a parameter near `i32::MAX`, and a loop up to that parameter runs that
/// long): with the interpreter's default budget of 50 million steps, one such replay took about
/// a minute in a debug build, per memory tried. A million steps is a few hundred iterations of
/// every thread of two blocks of 1024 threads, far more than a minimised witness needs.
pub const STEP_BUDGET: u64 = 1_000_000;

/// The budget of the one more try [`crate::search`] gives a witness whose runs spent
/// [`STEP_BUDGET`] without a loop that cannot move: a real kernel can need a few million steps
/// (PolyBench's `bicg` in `tests/cuda/`: 256 threads of two blocks, 1024 iterations each, 2.6
/// million steps). About a third of a second in a release build.
pub const LONG_STEP_BUDGET: u64 = 4_000_000;

/// The random memories tried after the zero memory.
const SEEDS: [u64; 3] = [1, 2, 3];

/// The interpreter runs made while deciding one kernel, by configuration. The witnesses of a
/// data-dependent kernel often share their parameters, geometry and blocks, and each is tried
/// on the same zero and random memories: a run is made once and its races and divergences
/// are looked up for every later witness. Runs on a memory the solver chose are not kept (each
/// belongs to one witness).
pub struct Runs<'k, T> {
    kernel: &'k Kernel<T>,
    arith: Arith,
    /// `Options::unknowns_approximate`.
    approximate: bool,
    /// Which findings depend on the kernel's `?`s (computed only when `approximate`).
    taint: Taint,
    done: BTreeMap<RunKey, Result<Made, Failed>>,
    /// The variables of the kernel's `let x = ?` sites: the only unknowns a run consults.
    unknown_sites: BTreeSet<String>,
    /// The kernel is exact ([`Runs::with_exact`]).
    exact: bool,
    /// Of an exact kernel: the configurations whose runs could not end, by what decides its
    /// control ([`Control`]), with why.
    stalled: BTreeMap<Control, Failed>,
    /// `Options::warp_size` (or `warp_sync`'s): the warps `syncwarp;` orders in the runs.
    warp_size: Option<u32>,
    /// `Options::warp_sync`: the runs execute each warp's lanes in lockstep, so that a finding
    /// decided under `--warp-sync` is replayed under the same execution model (a race that
    /// lockstep orders must not be certified by a run without it).
    warp_sync: Option<u32>,
}

/// A run that did not finish: why, and whether that is because it could not end (the step
/// budget, a loop that cannot move) rather than because the configuration is not a run.
#[derive(Clone, Debug)]
struct Failed {
    error: interp::RunError,
    unfinished: bool,
    /// A loop that cannot move: its variable and the value it stays at.
    stuck: Option<(String, i128)>,
}

/// A run kept for later witnesses, and whether it evaluated any `let x = ?`.
#[derive(Debug)]
struct Made {
    run: interp::Run,
    unknowns: bool,
}

impl<T> std::fmt::Debug for Runs<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runs")
            .field("arith", &self.arith)
            .field("runs", &self.done.len())
            .finish_non_exhaustive()
    }
}

impl<'k, T> Runs<'k, T> {
    pub fn new(kernel: &'k Kernel<T>, arith: Arith, approximate: bool) -> Self {
        Runs {
            kernel,
            arith,
            approximate,
            taint: if approximate {
                Taint::of(kernel)
            } else {
                Taint::default()
            },
            done: BTreeMap::new(),
            unknown_sites: unknown_sites(kernel),
            exact: false,
            stalled: BTreeMap::new(),
            warp_size: None,
            warp_sync: None,
        }
    }

    /// Runs with warps of `size` lanes (`None`: the interpreter's default).
    pub fn with_warp_size(mut self, size: Option<u32>) -> Self {
        self.warp_size = size;
        self
    }

    /// Whether the kernel is exact (SPEC §5): its control — conditions, loop bounds, barriers,
    /// `assume`s — reads neither memory nor `?`s, so a run's statements, and so whether it
    /// ends within a budget, follow from its parameters, geometry and blocks alone. A run that
    /// could not end (the budget spent, a loop stuck) then stands for every run of that
    /// configuration, whatever its memory, `?` values or watched arrays: the witnesses of one
    /// configuration do not each spend the budget again. (Only such failures are shared: one
    /// of those other runs might instead have stopped earlier on an `int` value beyond 128 bits
    /// computed from data — unfinished as well, with another reason; and a run that is not
    /// shared is never the weaker for it.)
    pub fn with_exact(mut self, exact: bool) -> Self {
        self.exact = exact;
        self
    }

    /// Runs with the lanes of each warp of `size` in lockstep (`None`: independent threads).
    pub fn with_warp_sync(mut self, size: Option<u32>) -> Self {
        self.warp_sync = size;
        self
    }
}

/// Everything a run depends on besides the kernel and the arithmetic, which are fixed for one
/// [`Runs`].
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct RunKey {
    /// `None` for the zero memory, the seed for a random one.
    seed: Option<u64>,
    budget: u64,
    block_dim: [i128; 3],
    grid_dim: [i128; 3],
    params: Vec<(String, i128)>,
    blocks: Vec<i128>,
    /// The values the witness gives to `let x = ?` sites, per thread.
    unknowns: Vec<ThreadUnknowns>,
    /// The arrays whose races the run collects (`Config::watch_arrays`).
    watch: Vec<String>,
}

/// What decides the control of a run of an exact kernel ([`Runs::with_exact`]).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Control {
    budget: u64,
    block_dim: [i128; 3],
    grid_dim: [i128; 3],
    params: Vec<(String, i128)>,
    blocks: Vec<i128>,
}

/// The variables of the `let x = ?` sites of `kernel`.
fn unknown_sites<T>(kernel: &Kernel<T>) -> BTreeSet<String> {
    let mut sites = BTreeSet::new();
    kernel.body.walk(&mut |stmt: &Stmt<T>| {
        if let StmtKind::Unknown { var } = &stmt.kind {
            sites.insert(var.name.clone());
        }
    });
    sites
}

/// A thread's block and thread id, and the values of its unknowns.
type ThreadUnknowns = (i128, i128, Vec<(UnknownId, i128)>);

/// `depends`: whether the finding may depend on the kernel's `?`s ([`Taint`]); only then does a
/// run that evaluated one leave it unconfirmed.
///
/// Only the races on the arrays of `watch` are collected (none for a divergence): the replay
/// asks about one race, and collecting every access of every cell is what made a replay of
/// PolyBench's `bicg` (a million cells read, three million accesses) take 700 MB. Neither is
/// the history kept. Values, control and divergences are those of a run that watches all.
fn runs<T>(
    cache: &mut Runs<'_, T>,
    w: &Witness,
    watch: &[String],
    first: Option<&dyn interp::InitialMemory>,
    budget: u64,
    depends: bool,
    mut check: impl FnMut(&interp::Run) -> bool,
) -> Replay {
    // Only the blocks of the two threads run: blocks never synchronise and each sees only its
    // own writes, so a witness in a grid of 2^31 blocks replays at the cost of one or two.
    let blocks = witness_blocks(w);
    let consulted = std::cell::Cell::new(false);
    let unknowns = |site: &UnknownSite<'_>| {
        consulted.set(true);
        unknown_value(w, site)
    };
    let sites = cache.unknown_sites.clone();
    let key = |seed| RunKey {
        seed,
        budget,
        block_dim: w.block_dim,
        grid_dim: w.grid_dim,
        params: w.params.iter().map(|(n, v)| (n.clone(), *v)).collect(),
        blocks: blocks.clone(),
        unknowns: {
            // A thread the witness gives no `?` value runs like any thread outside it (every
            // `?` is 0, [`unknown_value`]): leaving it out of the key lets the witnesses of
            // one configuration that differ only in their two threads share a run.
            let mut threads: Vec<ThreadUnknowns> = w
                .threads
                .iter()
                .map(|t| {
                    // Only the `?`s of `let x = ?` sites are consulted ([`unknown_value`]); those
                    // bound by reads take their values from memory.
                    let unknowns = t.vars.iter().filter_map(|(var, v)| match var {
                        Var::Unknown(id @ UnknownId::Of(name)) if sites.contains(name) => {
                            Some((id.clone(), *v))
                        }
                        _ => None,
                    });
                    (t.tid, t.bid, unknowns.collect())
                })
                .filter(|(_, _, unknowns): &ThreadUnknowns| !unknowns.is_empty())
                .collect();
            threads.sort();
            threads.dedup();
            threads
        },
        watch: watch.to_vec(),
    };
    let control = Control {
        budget,
        block_dim: w.block_dim,
        grid_dim: w.grid_dim,
        params: w.params.iter().map(|(n, v)| (n.clone(), *v)).collect(),
        blocks: blocks.clone(),
    };
    let (kernel, arith, approximate) = (cache.kernel, cache.arith, cache.approximate);
    let (warp_size, warp_sync) = (cache.warp_size, cache.warp_sync);
    let run = |memory: &dyn interp::InitialMemory| {
        consulted.set(false);
        let mut config = Config::with_dims(w.block_dim, w.grid_dim)
            .with_arith(arith)
            .with_warp_size(warp_size)
            .with_warp_sync(warp_sync)
            .with_memory(memory)
            .with_unknowns(&unknowns)
            .with_only_blocks(blocks.clone())
            .with_step_budget(budget)
            .with_history_limit(0)
            .with_watch_arrays(watch.to_vec());
        for (name, value) in &w.params {
            config = config.with_param(name.clone(), *value);
        }
        interp::run(kernel, &config)
            .map(|mut run| {
                // Only the races and divergences are looked at again.
                run.blocks.clear();
                Made {
                    run,
                    unknowns: consulted.get(),
                }
            })
            .map_err(|e| Failed {
                // A run whose `int` values leave the interpreter's 128 bits (a loop stepping
                // `*2` from a negative start, which never ends) is as unfinished as one that
                // spends the step budget: no evidence either way.
                unfinished: matches!(
                    e,
                    interp::RunError::StepBudget { .. }
                        | interp::RunError::LoopStuck { .. }
                        | interp::RunError::Overflow { .. }
                ),
                stuck: match &e {
                    interp::RunError::LoopStuck { var, value, .. } => Some((var.clone(), *value)),
                    _ => None,
                },
                error: e,
            })
    };
    let mut last = Missed::NoRun;
    let mut through_unknowns = false;
    // The verdict of one attempt, if it settles the replay.
    let mut judge = |outcome: &Result<Made, Failed>, attempt: usize| {
        match outcome {
            Ok(made) if check(&made.run) => {
                if !(approximate && made.unknowns && depends) {
                    return Some(Replay::Reproduced {
                        seed: None,
                        given: attempt == 0 && first.is_some(),
                    });
                }
                through_unknowns = true;
            }
            Ok(Made { run, .. }) if attempt == 0 && !run.is_aligned() => {
                return Some(Replay::Diverged)
            }
            Ok(Made { run, .. }) if run.is_aligned() => {
                last = match watch {
                    [] => Missed::Aligned,
                    _ => Missed::OtherRaces {
                        races: run.races.len(),
                        arrays: watch.to_vec(),
                    },
                };
            }
            Ok(_) => last = Missed::Diverged,
            // Another memory would spend the budget again (or meet the same stuck loop) on an
            // exact kernel, whose control does not read memory; on a data-dependent one the
            // finding stays potential either way. So the replay stops here.
            Err(e) if e.unfinished => {
                return Some(if through_unknowns {
                    Replay::ThroughUnknowns
                } else {
                    Replay::Unfinished {
                        why: Unfinished {
                            error: e.error.clone(),
                            others_tried: 0,
                        },
                        stuck: e.stuck.clone(),
                    }
                })
            }
            Err(e) => last = Missed::Failed(e.error.clone()),
        }
        None
    };
    // A run of an exact kernel, unless its configuration is known not to end.
    let exact = cache.exact;
    let run = |stalled: &mut BTreeMap<Control, Failed>, memory: &dyn interp::InitialMemory| {
        if let Some(failed) = stalled.get(&control).filter(|_| exact) {
            return Err(failed.clone());
        }
        let outcome = run(memory);
        if let Err(failed) = &outcome {
            let control_only = matches!(
                failed.error,
                interp::RunError::StepBudget { .. } | interp::RunError::LoopStuck { .. }
            );
            if exact && control_only {
                stalled.insert(control.clone(), failed.clone());
            }
        }
        outcome
    };
    let mut attempt = 0;
    if let Some(memory) = first {
        if let Some(replay) = judge(&run(&mut cache.stalled, memory), attempt) {
            return replay;
        }
        attempt += 1;
    }
    for seed in std::iter::once(None).chain(SEEDS.iter().copied().map(Some)) {
        let stalled = &mut cache.stalled;
        let outcome = cache.done.entry(key(seed)).or_insert_with(|| match seed {
            None => run(stalled, &ZeroMemory),
            Some(seed) => run(stalled, &RandomMemory { seed }),
        });
        match judge(outcome, attempt) {
            Some(Replay::Reproduced { .. }) => return Replay::Reproduced { seed, given: false },
            Some(replay) => return replay,
            None => {}
        }
        attempt += 1;
    }
    if through_unknowns {
        Replay::ThroughUnknowns
    } else {
        Replay::NotReproduced(last)
    }
}

/// The value the witness gives the `let x = ?` of `site`: the model's for the two threads,
/// 0 elsewhere.
fn unknown_value(w: &Witness, site: &UnknownSite<'_>) -> i128 {
    // Asked on every evaluation of the site by every thread: the two threads are compared
    // first, so that the others do not build the variable to look up.
    let Some(t) = w
        .threads
        .iter()
        .find(|t| t.tid == site.tid && t.bid == site.bid)
    else {
        return 0;
    };
    let var = Var::Unknown(UnknownId::Of(site.var.to_string()));
    t.vars.get(&var).copied().unwrap_or(0)
}

/// The blocks a replay of `w` runs: those of its two threads.
fn witness_blocks(w: &Witness) -> Vec<i128> {
    let mut blocks: Vec<i128> = w.threads.iter().map(|t| t.bid).collect();
    blocks.sort_unstable();
    blocks.dedup();
    blocks
}

/// The run that certified `w`, with its full history, for a person to look at (`mapcheck
/// FILE --html`): the witness's parameters, geometry and blocks, its `?` values, and the
/// initial memory its replay showed the finding on — the cells of [`Witness::memory`], the
/// random memory of [`Witness::random_memory`], else zero — stopped after `budget` steps; its
/// warps those of the decision (`options`' `--warp-size`, and lockstep under `--warp-sync`), as
/// the replay that certified it ran them.
pub fn witness_run<T>(
    kernel: &Kernel<T>,
    arith: Arith,
    options: &crate::Options,
    w: &Witness,
    budget: u64,
) -> Result<interp::Run, interp::RunError> {
    let cells = crate::confirm::CellMemory {
        cells: w.memory.clone(),
    };
    let random = w.random_memory.map(|seed| RandomMemory { seed });
    let memory: &dyn interp::InitialMemory = match &random {
        _ if !cells.cells.is_empty() => &cells,
        Some(random) => random,
        None => &ZeroMemory,
    };
    let unknowns = |site: &UnknownSite<'_>| unknown_value(w, site);
    let mut config = Config::with_dims(w.block_dim, w.grid_dim)
        .with_arith(arith)
        .with_warp_size(options.warp_size)
        .with_warp_sync(options.warp_sync)
        .with_memory(memory)
        .with_unknowns(&unknowns)
        .with_only_blocks(witness_blocks(w))
        .with_step_budget(budget);
    for (name, value) in &w.params {
        config = config.with_param(name.clone(), *value);
    }
    interp::run(kernel, &config)
}

/// What a replayed write-write race must show of the values the two threads stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// Any race between the two accesses (read-write and atomic races, `--strict`, and a
    /// write-write race whose values the solver did not separate).
    Any,
    /// A benign race: every record of the two accesses the run made is benign (the
    /// interpreter agrees that equal values were stored; `interp::Race::benign`).
    Equal,
    /// A data race: a run where the two threads store different values. When the runs show
    /// the race only with equal values, it is [`Replay::EqualStores`], not reproduced: under
    /// CUDA's convention two writes of one value are a benign race, so such a run shows no
    /// data race (probe round 4: `v = in[0]; __syncthreads(); out[0] = v;` was a proven race
    /// on a race-free kernel).
    Different,
}

/// Replays a race between the accesses at `a` and `b` (grid level when `grid`), with what
/// `stores` asks of the values, trying the initial memory `first` before the zero and random
/// ones, each run stopped after `budget` steps ([`STEP_BUDGET`], or [`LONG_STEP_BUDGET`] for
/// a last try).
pub fn race<T>(
    cache: &mut Runs<'_, T>,
    w: &Witness,
    (a, b): (Span, Span),
    grid: bool,
    stores: Stores,
    first: Option<&dyn interp::InitialMemory>,
    budget: u64,
) -> Replay {
    // Between blocks the interpreter gives each block the initial memory and its own writes,
    // so two blocks' atomics may return one old value there, which no run on a GPU does: a
    // race reached through such values is not shown by the replay.
    if grid && cache.taint.atomic_access(a, b) {
        return Replay::AtomicValues {
            between_blocks: true,
        };
    }
    // A data race between two writes needs different stored values: the race depends on the
    // `?`s also when only those values do.
    let depends = cache.taint.race_depends(a, b)
        || (stores == Stores::Different && cache.taint.value_depends(a, b));
    let watch = arrays_at(cache.kernel, &[a, b]);
    let ours = |r: &&interp::Race| {
        let same =
            (r.first.span == a && r.second.span == b) || (r.first.span == b && r.second.span == a);
        same && matches!(r.scope, RaceScope::Grid) == grid
    };
    let check = |run: &interp::Run, stores: Stores| {
        let mut mine = run.races.iter().filter(ours).peekable();
        match stores {
            Stores::Any => mine.next().is_some(),
            Stores::Equal => mine.peek().is_some() && mine.all(|r| r.benign),
            Stores::Different => mine.any(|r| !r.benign),
        }
    };
    let replayed = runs(cache, w, &watch, first, budget, depends, |run| {
        check(run, stores)
    });
    match (stores, &replayed) {
        // Values that derive from atomics' old values are one interleaving's: that they were
        // equal in every run tried does not make the race real with different values.
        (Stores::Different, Replay::NotReproduced(_)) if cache.taint.atomic_value(a, b) => {
            Replay::AtomicValues {
                between_blocks: false,
            }
        }
        (Stores::Different, Replay::NotReproduced(missed)) => {
            match runs(cache, w, &watch, first, budget, depends, |run| {
                check(run, Stores::Any)
            }) {
                Replay::Reproduced { .. } | Replay::ThroughUnknowns => Replay::EqualStores,
                _ => Replay::NotReproduced(missed.clone()),
            }
        }
        _ => replayed,
    }
}

/// Replays a barrier divergence, each run stopped after `budget` steps.
pub fn divergence<T>(cache: &mut Runs<'_, T>, w: &Witness, budget: u64) -> Replay {
    let depends = cache.taint.divergence_depends();
    runs(cache, w, &[], None, budget, depends, |run| {
        !run.is_aligned()
    })
}

/// Replays an access out of bounds: some thread of the witness's blocks runs the access at
/// `span` with its index of dimension `dim` outside the dimension. No array is watched for
/// races: the interpreter checks bounds on every access.
pub fn out_of_bounds<T>(
    cache: &mut Runs<'_, T>,
    w: &Witness,
    span: Span,
    dim: usize,
    budget: u64,
) -> Replay {
    let depends = cache.taint.race_depends(span, span);
    runs(cache, w, &[], None, budget, depends, |run| {
        run.out_of_bounds
            .iter()
            .any(|o| o.span == span && o.dim == dim)
    })
}

/// The arrays of the accesses at `spans`, sorted; every array when some span names no access
/// (a race is then looked for among all of them, as before the filter).
fn arrays_at<T>(kernel: &Kernel<T>, spans: &[Span]) -> Vec<String> {
    let mut found = Vec::new();
    let mut missing = spans.to_vec();
    kernel.body.walk(&mut |stmt: &Stmt<T>| {
        let target = match &stmt.kind {
            StmtKind::Write { target, .. }
            | StmtKind::Read { source: target, .. }
            | StmtKind::Atomic { target, .. } => target,
            _ => return,
        };
        if spans.contains(&target.span) {
            missing.retain(|s| *s != target.span);
            found.push(target.array.name.clone());
        }
    });
    if !missing.is_empty() {
        found = kernel.arrays.iter().map(|a| a.name.name.clone()).collect();
    }
    found.sort();
    found.dedup();
    found
}
