//! Stages 3–6 of a decision as values: [`Queries`] (the pairs the solver is asked about, and
//! those [`crate::fast`] settles with its rule), [`Outcomes`] (what each query said),
//! [`Witnesses`] (each race's or divergence's witness after the replay search,
//! [`crate::search`]) and [`Certified`] (the findings, with their certainty after the replay
//! and the confirmation with a memory, [`crate::confirm`]); and the steps that compute them,
//! one query at a time.
//!
//! Stage 3 is computed whole from stage 2. Stages 4–6 are computed per query, each from the one
//! before (`outcome` → `witnessed` → `certified`), and the decision runs them for one
//! query before it builds the next: a pair found racy in one phase is not asked again in the
//! later ones (its outcome is [`Said::Decided`]), and the order in which terms and queries reach
//! the z3 context is part of what the solver answers and of what `--emit smt` prints. What the
//! stages keep is free of z3 terms, which live only as long as the decision's context.

use crate::confirm::{self, CellMemory};
use crate::decode::{self, Witness};
use crate::fast::{self, Rule};
use crate::kept::{self, Asked};
use crate::pairs::{Conflict, PathAccess};
use crate::query::{self, KernelFacts};
use crate::replay::{self, Replay};
use crate::search::{self, Found};
use crate::solve::{Limits, Outcome};
use crate::stage::{Pairs, Split};
use crate::{benign, encode, phases, warp, Certainty, Finding, Kind, Note, Options};
use mapcheck_typeck::{Acc, Class, Map};

/// Stages 3–6, kept in [`crate::Decision::stages`].
#[derive(Clone, Debug, Default)]
pub struct Stages {
    pub queries: Queries,
    pub outcomes: Outcomes,
    pub witnesses: Witnesses,
    pub certified: Certified,
}

/// Where a pair of stage 2 is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// In phase `n` of the split at every barrier (`apart: false`) or of the split of threads
    /// of different warps (`apart: true`, [`Split::apart`]).
    Phase { n: usize, apart: bool },
    /// At grid level, for threads of different blocks ([`Pairs::grid`]).
    Grid,
}

/// A pair of accesses `i` and `j` of its level's [`crate::stage::Accesses`], and the rule
/// that settles it without the solver, if one does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    pub level: Level,
    pub i: usize,
    pub j: usize,
    pub conflict: Conflict,
    pub settled: Option<Rule>,
}

/// Stage 3: every pair of stage 2 in the order the decision takes them (the block split's
/// phases, the warps-apart split's, then the grid), and the barriers asked about.
#[derive(Clone, Debug, Default)]
pub struct Queries {
    pub races: Vec<Planned>,
    /// Each of the kernel's barriers under control that is not uniform
    /// (`Checked::barriers`) gets a divergence query.
    pub barriers: usize,
}

/// Stage 3 of the pairs `pairs` of the split `split`, with `barriers` barriers to ask about.
pub fn queries(facts: &KernelFacts<'_>, split: &Split, pairs: &Pairs, barriers: usize) -> Queries {
    let mut races = Vec::new();
    for (n, phase, at, apart) in pairs.phases(split) {
        let accs = &at.accesses;
        races.extend(at.pairs.iter().map(|&(i, j, conflict)| Planned {
            level: Level::Phase { n, apart },
            i,
            j,
            conflict,
            settled: fast::settle(facts, &phase.shared, &accs[i], &accs[j]),
        }));
    }
    let all = &pairs.grid.accesses;
    races.extend(pairs.grid.pairs.iter().map(|&(i, j, conflict)| Planned {
        level: Level::Grid,
        i,
        j,
        conflict,
        settled: fast::settle_grid(facts, &all[i], &all[j]),
    }));
    Queries { races, barriers }
}

/// What one query of stage 3 said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The pair's two places were found racing in an earlier phase: not asked again.
    Decided,
    /// Settled without the solver ([`fast`]).
    Settled(Rule),
    /// No race (no divergence).
    Unsat,
    /// The solver could not decide, for this reason.
    Unknown(String),
    /// A finding of this kind; `warp_only` when no witness has the two threads in different
    /// warps.
    Found { kind: Kind, warp_only: bool },
    /// Under `Options::warp_sync`, a race of lanes of one warp only, which lockstep orders.
    WarpOrdered,
}

/// Stage 4: what each query said, in the order of [`Queries`].
#[derive(Clone, Debug, Default)]
pub struct Outcomes {
    /// One per [`Queries::races`].
    pub races: Vec<Said>,
    /// One per barrier asked about.
    pub barriers: Vec<Said>,
}

/// Which query a witness or a finding answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// The race pair at this position of [`Queries::races`].
    Race(usize),
    /// The barrier at this position of `Checked::barriers`.
    Barrier(usize),
}

/// A witness after the replay search, and what its replay showed.
#[derive(Clone, Debug)]
pub struct Witnessed {
    pub subject: Subject,
    pub witness: Witness,
    pub replay: Replay,
}

/// Stage 5: one witness per [`Said::Found`], in order.
#[derive(Clone, Debug, Default)]
pub struct Witnesses {
    pub found: Vec<Witnessed>,
}

/// Stage 6: one finding per witness of stage 5, in order, with its certainty (before the
/// decision drops the benign races that a later phase finds to be data races, and sorts).
#[derive(Clone, Debug, Default)]
pub struct Certified {
    pub findings: Vec<(Subject, Finding)>,
}

/// What a finding's certainty rests on besides its replay: the kernel's class, and whether the
/// phase split over-approximated the MAP (`Decision::approximate`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Basis {
    pub class: Class,
    pub approximate: bool,
}

impl Basis {
    /// The pairs of the query are exactly those of the runs (Theorem 1): a witness that does
    /// not replay is a bug of mapcheck.
    fn exact(self) -> bool {
        self.class == Class::Exact && !self.approximate
    }
}

/// What stages 4–6 of one query read besides it.
pub(crate) struct Ctx<'a, 'f, 'k, T> {
    pub map: &'a Map,
    pub options: &'a Options,
    pub facts: &'a KernelFacts<'f>,
    pub kernel: &'a [&'a Acc],
    pub runs: &'a mut replay::Runs<'k, T>,
    /// Solver queries sent, for `Decision::queries`.
    pub queries: usize,
}

/// The accesses a race query's pair is among: those of its phase in order (at grid level,
/// of the whole kernel) ([`benign::stored`]), the pair, and the phase.
#[derive(Clone, Copy)]
pub(crate) struct Pair<'a> {
    pub accesses: &'a [PathAccess],
    pub a: &'a PathAccess,
    pub b: &'a PathAccess,
    pub conflict: Conflict,
    pub phase: Option<&'a phases::Phase>,
    /// The query has its two threads in different warps already ([`warp`]).
    pub apart: bool,
}

/// A satisfied race query, as stage 5 reads it: the query (with the follow-up constraints
/// the outcome added), the model, and what replaying its witness must show.
pub(crate) struct Sat {
    built: query::Built,
    model: z3::Model,
    kind: Kind,
    want: replay::Stores,
    note: Option<Note>,
    /// The reads of a write-write race whose stored values differ, to read off the model.
    read_memory: Option<Vec<(String, Vec<encode::Val>, encode::Val)>>,
    warp_only: bool,
    /// The race query itself as kept for `--emit smt`: the witness search asks it again.
    subject: Option<Asked>,
}

/// The limits of a race's follow-up questions (benign? warp-only?): a tenth of the resource
/// limit. Their `unknown` is sound either way (a data race, not warp-only), and on non-linear
/// races (`step *K`) they were the costliest queries of the decision: the warp question alone
/// ran for minutes and gigabytes under the full limit.
pub(crate) fn follow_up(limits: Limits) -> Limits {
    Limits {
        rlimit: limits.rlimit / 10,
        ..limits
    }
}

/// Stage 4 of one race query `built` (kept last for `--emit smt` by the caller): solved; on a
/// race, a write-write race is asked once more with the stored values apart ([`benign`]),
/// unless `Options::strict`, and a data race once more with its threads in different warps.
pub(crate) fn outcome<T>(
    cx: &mut Ctx<'_, '_, '_, T>,
    built: query::Built,
    pair: Pair<'_>,
) -> (Said, Option<Sat>) {
    cx.queries += 1;
    let subject = kept::last();
    let options = cx.options;
    let model = match built.solve(options.limits) {
        Outcome::Unsat => return (Said::Unsat, None),
        Outcome::Unknown(why) => return (Said::Unknown(why), None),
        Outcome::Sat(model) => model,
    };
    let (a, b, conflict) = (pair.a, pair.b, pair.conflict);
    let mut built = built;
    let mut model = model;
    let grid = pair.phase.is_none();
    let mut kind = Kind::DataRace;
    let mut want = replay::Stores::Any;
    let mut note = None;
    let mut read_memory = None;
    if conflict == Conflict::WriteWrite && !options.strict() {
        let stored = benign::stored(
            &mut built,
            options.arith,
            pair.accesses,
            cx.kernel,
            grid,
            a,
            b,
        );
        if let Some(stored) = stored {
            cx.queries += 1;
            let extra = stored.apart();
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
                    note = Some(Note::SameValue);
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
    // Warp-only: no witness with the two threads in different warps (asked of data races
    // only: a benign race is no defect either way).
    let mut warp_only = false;
    if !grid && !pair.apart && kind == Kind::DataRace {
        let size = options.warp_lanes();
        let apart = warp::different_warps(&mut built.enc, cx.facts, size);
        cx.queries += 1;
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
        let diverged = mapcheck_core::interp::opposite_arms(&a.arms, &b.arms);
        if options.warp_sync.is_some() && !one_statement && !diverged {
            match across {
                Outcome::Unsat => return (Said::WarpOrdered, None),
                // In lockstep only threads of different warps race here: the witness is one
                // of those. Lockstep orders no lanes of different warps, so the replay shows
                // its race with or without it.
                Outcome::Sat(m) => model = m,
                Outcome::Unknown(_) => {}
            }
        }
    }
    let sat = Sat {
        built,
        model,
        kind,
        want,
        note,
        read_memory,
        warp_only,
        subject,
    };
    (Said::Found { kind, warp_only }, Some(sat))
}

/// Stage 4 of a divergence query `built` (kept last for `--emit smt` by the caller).
pub(crate) fn divergence_outcome(
    cx: &mut Ctx<'_, '_, '_, impl Sized>,
    built: &query::Built,
) -> (Said, Option<z3::Model>) {
    cx.queries += 1;
    match built.solve(cx.options.limits) {
        Outcome::Unsat => (Said::Unsat, None),
        Outcome::Unknown(why) => (Said::Unknown(why), None),
        Outcome::Sat(model) => {
            let said = Said::Found {
                kind: Kind::BarrierDivergence,
                warp_only: false,
            };
            (said, Some(model))
        }
    }
}

/// Stage 5, for races and divergences alike: the witness `model` decodes to, replayed, and
/// when that replay cannot finish or misses, the witness the replay search finds instead
/// ([`search::finishing`]). `subject` is the query as kept for `--emit smt`.
pub(crate) fn witnessed(
    built: &query::Built,
    subject: Option<&Asked>,
    cx_queries: &mut usize,
    limits: Limits,
    model: &z3::Model,
    decode: impl Fn(&z3::Model) -> Witness,
    mut replay: impl FnMut(&Witness, u64) -> Replay,
) -> Found {
    let first = decode(model);
    let replayed = replay(&first, replay::STEP_BUDGET);
    let found = search::finishing(
        built,
        subject,
        limits,
        (first, replayed),
        decode,
        &mut replay,
    );
    *cx_queries += found.queries;
    found
}

/// Stage 6, for races and divergences alike: the witness `found` kept, once more tried with
/// an initial memory its reads are tied to by `confirm` when the kernel is not exact and the
/// replay missed (races only), with the memory its reproducing replay started from (`chosen`
/// when given to the replay), and its certainty ([`certainty`]).
pub(crate) fn certified(
    found: Found,
    basis: Basis,
    mut chosen: Option<CellMemory>,
    confirm: Option<&mut dyn FnMut() -> Option<(Witness, CellMemory, Replay)>>,
    queries: &mut usize,
) -> (Witness, Certainty, Option<replay::Missed>, Option<Note>) {
    let (mut witness, mut replayed) = (found.witness, found.replay);
    if let Some(confirm) = confirm {
        if !basis.exact() && matches!(replayed, Replay::NotReproduced(_) | Replay::EqualStores) {
            // Data-dependent: try again with the reads tied to an initial memory.
            *queries += 1;
            if let Some((w, memory, again)) = confirm() {
                if matches!(again, Replay::Reproduced { .. }) {
                    chosen = None;
                    witness = w;
                    witness.memory = memory.cells;
                    replayed = again;
                }
            }
        }
    }
    if let Replay::Reproduced { seed, given } = replayed {
        witness.random_memory = seed;
        if let (Some(memory), true) = (chosen, given) {
            witness.memory = memory.cells;
        }
    }
    let (certainty, internal_error, note) = certainty(replayed, basis);
    (witness, certainty, internal_error, note)
}

/// Stages 5 and 6 of a satisfied race query: its finding.
pub(crate) fn race_finding<T>(
    cx: &mut Ctx<'_, '_, '_, T>,
    mut sat: Sat,
    pair: Pair<'_>,
    basis: Basis,
) -> ((Witness, Replay), Finding) {
    let (a, b, conflict, phase) = (pair.a, pair.b, pair.conflict, pair.phase);
    let grid = phase.is_none();
    let facts = cx.facts;
    let limits = cx.options.limits;
    let index: Vec<encode::Val> = a
        .acc
        .index
        .iter()
        .map(|e| sat.built.enc.expr(e, encode::Side::One))
        .collect();
    let enc = &sat.built.enc;
    let decode = |m: &z3::Model| decode::witness(m, enc, facts, &index);
    let spans = (a.acc.span, b.acc.span);
    // The memory the differing model read from, tried first (else zero and random).
    let chosen = sat.read_memory.map(|reads| {
        let mut memory = CellMemory::default();
        for (array, index, value) in reads {
            let cell: Option<Vec<i128>> = index
                .iter()
                .map(|v| encode::value_of(&sat.model, v))
                .collect();
            if let (Some(cell), Some(v)) = (cell, encode::value_of(&sat.model, &value)) {
                memory.cells.insert(decode::Cell::new(array, cell), v);
            }
        }
        memory
    });
    let chosen_memory = chosen
        .as_ref()
        .map(|m| m as &dyn mapcheck_core::interp::InitialMemory);
    let runs = &mut *cx.runs;
    let found = witnessed(
        &sat.built,
        sat.subject.as_ref(),
        &mut cx.queries,
        limits,
        &sat.model,
        decode,
        |w, budget| replay::race(runs, w, spans, grid, sat.want, chosen_memory, budget),
    );
    let witnessed = (found.witness.clone(), found.replay.clone());
    let map = cx.map;
    let mut confirm = || {
        let (w, memory) = confirm::with_memory(facts, map, phase, a, b, limits)?;
        let again = replay::race(
            runs,
            &w,
            spans,
            grid,
            sat.want,
            Some(&memory),
            replay::STEP_BUDGET,
        );
        Some((w, memory, again))
    };
    let (witness, certainty, internal_error, why) = certified(
        found,
        basis,
        chosen,
        Some(&mut confirm as _),
        &mut cx.queries,
    );
    let finding = Finding {
        kind: sat.kind,
        certainty,
        array: Some(a.acc.array.name.clone()),
        access: Some(conflict),
        locations: vec![a.acc.span, b.acc.span],
        modes: vec![a.acc.mode, b.acc.mode],
        grid,
        phase: phase.map(|p| (p.from.clone(), p.to.clone())),
        witness,
        internal_error,
        note: why.or(sat.note),
        warp_only: sat.warp_only,
        bound: None,
    };
    (witnessed, finding)
}

/// Stages 5 and 6 of a satisfied divergence query `built` (kept as `subject`) on the barrier
/// `sync`: its finding. The divergence query does not go through the phase split, so its
/// basis is the kernel's class alone.
pub(crate) fn divergence_finding<T>(
    cx: &mut Ctx<'_, '_, '_, T>,
    built: &query::Built,
    subject: Option<&Asked>,
    model: &z3::Model,
    sync: mapcheck_core::Span,
    class: Class,
) -> ((Witness, Replay), Finding) {
    let facts = cx.facts;
    let decode = |m: &z3::Model| decode::witness(m, &built.enc, facts, &[]);
    let runs = &mut *cx.runs;
    let found = witnessed(
        built,
        subject,
        &mut cx.queries,
        cx.options.limits,
        model,
        decode,
        |w, budget| replay::divergence(runs, w, budget),
    );
    let witnessed = (found.witness.clone(), found.replay.clone());
    let here = Basis {
        class,
        approximate: false,
    };
    let (witness, certainty, internal_error, note) =
        certified(found, here, None, None, &mut cx.queries);
    let finding = Finding {
        kind: Kind::BarrierDivergence,
        certainty,
        array: None,
        access: None,
        locations: vec![sync],
        modes: Vec::new(),
        grid: false,
        phase: None,
        witness,
        internal_error,
        note,
        warp_only: false,
        bound: None,
    };
    (witnessed, finding)
}

/// The certainty of a finding whose witness replayed as `replayed` (SPEC §7): `proven` for an
/// exact kernel, `confirmed` for a data-dependent one, `potential` with the reason otherwise.
/// A replay shows a run of the kernel itself, so a witness of an exact kernel that replays is
/// `proven` also when the phase split over-approximated; a witness that does not replay is a
/// possible false alarm of the approximation that made it, named in the note.
fn certainty(replayed: Replay, basis: Basis) -> (Certainty, Option<replay::Missed>, Option<Note>) {
    let exact_class = basis.class == Class::Exact;
    match replayed {
        Replay::Reproduced { .. } if exact_class => (Certainty::Proven, None, None),
        Replay::Reproduced { .. } => (Certainty::Confirmed, None, None),
        Replay::NotReproduced(why) if basis.exact() => (Certainty::Potential, Some(why), None),
        Replay::NotReproduced(why) if basis.approximate && exact_class => (
            Certainty::Potential,
            None,
            Some(Note::SplitNotReplayed(why)),
        ),
        Replay::NotReproduced(why) => (Certainty::Potential, None, Some(Note::MapNotReplayed(why))),
        // An exact kernel's `?` values are payloads, which no access depends on (Theorem 1);
        // but whether two writes store different values — a data race rather than a benign
        // one — does, when the front end could not follow a stored value.
        Replay::ThroughUnknowns if exact_class => (
            Certainty::Potential,
            None,
            Some(Note::StoresThroughUnknowns),
        ),
        Replay::ThroughUnknowns => (Certainty::Potential, None, Some(Note::ThroughUnknowns)),
        Replay::AtomicValues {
            between_blocks: false,
        } => (Certainty::Potential, None, Some(Note::StoresAtomicValues)),
        Replay::EqualStores => (Certainty::Potential, None, Some(Note::StoresEqualInReplays)),
        Replay::AtomicValues {
            between_blocks: true,
        } => (Certainty::Potential, None, Some(Note::BlocksAtomicValues)),
        // SPEC §7: `proven` needs a replay that reached the race. An exact kernel's MAP is
        // exact about the accesses of the runs that exist, but says nothing about whether a
        // run ends: a witness whose run cannot finish may name a race no run reaches (an
        // endless loop before it). Not a bug of mapcheck either, so no internal error.
        Replay::Unfinished { why, .. } if exact_class => {
            (Certainty::Potential, None, Some(Note::Unfinished(why)))
        }
        Replay::Unfinished { why, .. } => {
            (Certainty::Potential, None, Some(Note::NotReplayed(why)))
        }
        // The witness's configuration stops at a barrier divergence before the race: the
        // divergence is reported on its own, and the race cannot be shown past it.
        Replay::Diverged => (Certainty::Potential, None, Some(Note::Diverged)),
    }
}
