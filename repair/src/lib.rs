//! Synchronisation repair (SPEC §7, `mapcheck fix`): barrier placements that make a kernel
//! data-race free and free of barrier divergence, each one re-verified by the whole pipeline
//! (type checking, then [`decide`]).
//!
//! The ideas are those of AuCS (Wu et al., "Automating CUDA Synchronization via Program
//! Transformation"): a race is fixed by a barrier at a point that lies between the two racing
//! accesses and that every thread of the block reaches alike; a barrier under control that
//! depends on the thread is divergence, and is fixed by moving it out; barriers that the
//! result no longer needs are removed. Where AuCS samples executions with Simulee, every step
//! here is decided symbolically, so a repair is proven for every parameter and geometry the
//! options leave free.
//!
//! The method:
//!
//! 1. Decide the kernel. Clean (DRF, no divergence, every query decided): nothing to do.
//! 2. Refuse what no barrier can fix: an index out of bounds (`out-of-bounds`: races are
//!    decided among in-bounds accesses, so no placement makes such a kernel `drf`), a race
//!    between blocks (barriers order only the threads of one block), and two threads writing
//!    one cell in the same statement outside any loop (there is no point between a statement
//!    and itself).
//! 3. Delete every barrier with a divergence finding. Its ordering, if needed, comes back
//!    through step 4 at a point all threads reach: the barrier is *moved*.
//! 4. Search insertions. The candidate points are the places between two statements of a
//!    block, and at the start and end of a block, whose every enclosing `if` and loop is
//!    uniform within a block — decided by the type checker itself: a trial `sync` at the point
//!    must not appear in [`Checked::barriers`](mapcheck_typeck::Checked). For each race, the
//!    points that lie between its two accesses in program order (the kernel's tree: an access
//!    inlined from a function defined above the kernel runs where it is called) come first, then the end and
//!    the start of the body of every loop that holds both accesses (a race between iterations
//!    needs one there). First, a barrier at every candidate point at once: barriers only
//!    split phases, so a race this leaves, every placement leaves, and the kernel is refused
//!    at once ([`Refusal::Unorderable`], or the reason the race has) unless a split (step 6)
//!    could help. Then the search tries the fewest insertions first: every single point, then
//!    every pair of the [`PAIR_POOL`] singles that left the fewest defects, then — when neither
//!    is enough — a greedy descent that adds, one at a time, the point leaving the fewest
//!    defects (or, when no single point lowers them, a pair of the points of the first race
//!    left: a race between and across iterations needs two barriers at once), up to
//!    [`MAX_INSERTIONS`]. Exhaustive search beyond pairs is exponential in the
//!    number of points, each try costs a full decision, and pairs already cover the two-race
//!    kernels of the corpus; the greedy step handles kernels with more independent races.
//! 5. Minimise: try removing each barrier of the result (inserted or original), in source
//!    order, and keep the removal when the kernel stays clean. Unlike the advice of
//!    [`redundant`](mapcheck_smt::redundant), which judges each barrier alone, the removals here are
//!    cumulative: each is judged on the kernel the earlier ones left.
//! 6. If-conversion: when the search fails and some race has no uniform point between its
//!    accesses (both under one thread-dependent `if`, or one in each branch), the enclosing
//!    branches are split as AuCS does ([`ifconvert`]) and steps 4–5 run
//!    again on the split kernel. [`Settings::if_conversion`] turns this off, and
//!    [`Settings::admit`] restricts the candidate points (CUDA statement boundaries).
//!
//! No access is reordered, added or removed: barriers move, and branches are split with their
//! conditions re-tested over immutable bindings. So every execution of the result that is race
//! free computes what the original computes on its race-free runs (`papers/repair.md` gives
//! the argument; `repair/tests/common/crosscheck.rs` tests it with the interpreter).

pub mod ifconvert;
mod points;
mod search;

use ifconvert::{if_convert, Carry, Conversion, Obstacle};
use mapcheck_core::ast::{Block, Kernel, StmtKind};
use mapcheck_core::Span;
use mapcheck_smt::redundant::{clean, syncs};
use mapcheck_smt::{decide, Certainty, Conflict, Decision, Finding, Kind, Options};
use points::{contains, insert, relevant, remove_sync, uniform_points, Points};
use search::Search;

/// At most this many candidate points are tried as single insertions.
pub const MAX_CANDIDATES: usize = 40;
/// Pairs are drawn from this many of the best single insertions.
pub const PAIR_POOL: usize = 6;
/// The greedy descent stops after this many insertions.
pub const MAX_INSERTIONS: usize = 6;

/// One edit of a repair, located in the original text.
#[derive(Clone, Copy, Debug)]
pub enum Change {
    /// A `sync` was inserted; the span is empty and sits where the barrier goes (the end of
    /// the statement before it, or the `{` of the block it opens). The inserted statement
    /// carries this span in [`Repaired::kernel`].
    Inserted(Span),
    /// A `sync` the repaired kernel does not need was removed.
    RemovedRedundant(Span),
    /// A `sync` under control that depends on the thread or on data was removed (and any
    /// ordering it gave restored by an insertion).
    RemovedDivergent(Span),
    /// The thread-dependent `if` at this span was split (AuCS's if-conversion, see
    /// [`ifconvert`]) to create a uniform point between two racing accesses.
    IfConverted(Span),
}

/// A kernel the repair made clean.
#[derive(Clone, Debug)]
pub struct Repaired {
    pub kernel: Kernel,
    /// In source order of the original text.
    pub changes: Vec<Change>,
    /// The decision of [`Repaired::kernel`]: DRF, no divergence, nothing undecided.
    pub decision: Decision,
}

/// Why no barrier placement makes the kernel clean.
#[derive(Clone, Debug)]
pub enum Refusal {
    /// A race between threads of different blocks on a global array.
    GridRace {
        array: String,
        locations: [Span; 2],
        /// Found on an over-approximation and not replayed: it may be a false alarm.
        potential: bool,
    },
    /// Every thread runs one statement that writes the same cell (a race of an access with
    /// itself, in the same statement instance).
    SameStatement {
        array: String,
        location: Span,
        potential: bool,
    },
    /// No candidate point lies between the two accesses: they sit under control that depends
    /// on the thread or on data, and the if-conversion that would create one was not allowed
    /// (`obstacle` is `None`: CUDA text) or is impossible (the obstacle says why).
    NoUniformPoint {
        locations: [Span; 2],
        obstacle: Option<Obstacle>,
    },
    /// Races that remain with a barrier at every point every thread of the block reaches.
    Unorderable { remaining: Vec<[Span; 2]> },
    /// An access indexes an array of fixed size out of bounds (`out-of-bounds`, the first
    /// one): no barrier changes an index.
    OutOfBounds {
        array: String,
        location: Span,
        potential: bool,
    },
    /// The solver could not decide a query of the best candidate.
    Undecided { why: String },
    /// Candidates exist, but none of the placements tried makes the kernel clean.
    NotFound {
        tried: usize,
        /// The races left by the best placement tried.
        remaining: Vec<[Span; 2]>,
        /// The divergent barriers left by the best placement tried.
        divergent: Vec<Span>,
    },
}

impl Refusal {
    /// The reason in words; `at` renders a span as a position, e.g. `12:5`.
    pub fn describe(&self, at: &dyn Fn(Span) -> String) -> String {
        match self {
            Refusal::GridRace {
                array,
                locations,
                potential,
            } => format!(
                "threads of different blocks {} on the global array `{array}` ({} and {}), and barriers order only the threads of one block{}",
                if *potential { "may race" } else { "race" },
                at(locations[0]),
                at(locations[1]),
                if *potential { POTENTIAL } else { "" }
            ),
            Refusal::SameStatement {
                array,
                location,
                potential,
            } => format!(
                "two threads {} the same cell of `{array}` in one statement ({}) wherever barriers go{}",
                if *potential { "may write" } else { "write" },
                at(*location),
                if *potential { POTENTIAL } else { "" }
            ),
            Refusal::NoUniformPoint {
                locations,
                obstacle,
            } => format!(
                "no point between the racing accesses at {} and {} is reached alike by every thread of the block (they sit under control that depends on the thread or on data), and {}",
                at(locations[0]),
                at(locations[1]),
                match obstacle {
                    None => "the if-conversion that would create one was turned off (`Settings::if_conversion`)".to_string(),
                    Some(o) => format!("the if-conversion that would create one cannot be done: {}", o.describe(at)),
                }
            ),
            Refusal::Unorderable { remaining } => format!(
                "{} {} even with a barrier at every point that every thread of the block reaches",
                remaining
                    .iter()
                    .map(|[a, b]| format!("the race between {} and {}", at(*a), at(*b)))
                    .collect::<Vec<_>>()
                    .join(", "),
                if remaining.len() == 1 { "remains" } else { "remain" }
            ),
            Refusal::Undecided { why } => {
                format!("the solver could not decide whether a repair is race free ({why})")
            }
            Refusal::OutOfBounds {
                array,
                location,
                potential,
            } => format!(
                "the access at {} {} `{array}` out of bounds, and no barrier changes an index (races are decided among the accesses in bounds; fix the index, or give the geometry the kernel is written for with `--block-dim`){}",
                at(*location),
                if *potential { "may index" } else { "indexes" },
                if *potential { POTENTIAL } else { "" }
            ),
            Refusal::NotFound {
                tried,
                remaining,
                divergent,
            } => {
                let mut what: Vec<String> = remaining
                    .iter()
                    .map(|[a, b]| format!("the race between {} and {}", at(*a), at(*b)))
                    .collect();
                what.extend(
                    divergent
                        .iter()
                        .map(|s| format!("the divergent barrier at {}", at(*s))),
                );
                format!(
                    "none of the {tried} barrier placements tried removes {}",
                    if what.is_empty() {
                        "every defect".to_string()
                    } else {
                        what.join(", ")
                    }
                )
            }
        }
    }
}

/// Said of a refusal that rests on a potential race.
const POTENTIAL: &str = " (a potential race, found on an over-approximation of the kernel: it may be a false alarm, but no barrier placement lets mapcheck prove the kernel race free)";

/// What [`repair`] found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The kernel is already DRF and free of divergence: print it unchanged.
    Clean(Decision),
    Repaired(Repaired),
    Refused(Refusal),
    /// No launch satisfies the kernel's preconditions under the options (SPEC §4: an input
    /// error, as `mapcheck check` reports it): there is no run to repair.
    NoLaunch,
}

/// Whether a barrier may go before statement `index` of `block` (see [`Settings::admit`]).
pub type Admit<'a> = &'a dyn Fn(&Block, usize) -> bool;

/// What a repair may do besides inserting and removing barriers at any uniform point.
#[derive(Clone, Copy)]
pub struct Settings<'a> {
    /// Split thread-dependent branches (AuCS's if-conversion, [`ifconvert`])
    /// when no uniform point lies between two racing accesses.
    pub if_conversion: bool,
    /// Restricts where a barrier may be inserted: `admit(block, index)` says whether a `sync`
    /// may go before statement `index` of `block` (`index` equal to its length is its end).
    /// A kernel lowered from CUDA admits only the points between two CUDA statements.
    pub admit: Option<Admit<'a>>,
    /// What a split does with a binder of a read used on both sides of the new point: `.bcu`
    /// refuses the split, CUDA text carries the local as an unknown
    /// ([`Carry`]).
    pub carry: Carry,
    /// Whether the accesses at two spans lie in one statement of the source text the kernel
    /// was lowered from, with no point for a barrier between them (CUDA's
    /// `a[i] += a[i + 1];` is a read and a write of the core). A race between them outside
    /// any loop is refused at once: every uniform barrier is before or after the statement for
    /// both threads alike. `None`: only a statement's race with itself is ([`Refusal::SameStatement`]).
    pub one_statement: Option<&'a dyn Fn([Span; 2]) -> bool>,
}

impl std::fmt::Debug for Settings<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("if_conversion", &self.if_conversion)
            .field("admit", &self.admit.map(|_| "restricted"))
            .field("carry", &self.carry)
            .field("one_statement", &self.one_statement.map(|_| "given"))
            .finish()
    }
}

impl Default for Settings<'_> {
    fn default() -> Self {
        Settings {
            if_conversion: true,
            admit: None,
            carry: Carry::Refuse,
            one_statement: None,
        }
    }
}

/// Searches barrier placements that make `kernel` clean under `options` (see the module doc).
pub fn repair(kernel: &Kernel, options: &Options) -> Outcome {
    repair_with(kernel, options, &Settings::default())
}

/// [`repair`] with explicit [`Settings`].
pub fn repair_with(kernel: &Kernel, options: &Options, settings: &Settings<'_>) -> Outcome {
    let original = verify(kernel, options);
    if original.no_launch {
        return Outcome::NoLaunch;
    }
    if clean(&original) {
        return Outcome::Clean(original);
    }
    if let Some(f) = (original.findings.iter()).find(|f| f.kind == Kind::OutOfBounds) {
        return Outcome::Refused(Refusal::OutOfBounds {
            array: f.array.clone().unwrap_or_default(),
            location: f.locations[0],
            potential: f.certainty == Certainty::Potential,
        });
    }
    let races: Vec<&Finding> = original
        .findings
        .iter()
        .filter(|f| f.kind == Kind::DataRace)
        .collect();
    if let Some(f) = races.iter().find(|f| f.grid) {
        return Outcome::Refused(Refusal::GridRace {
            array: f.array.clone().unwrap_or_default(),
            locations: pair(f),
            potential: f.certainty == Certainty::Potential,
        });
    }
    // Barriers can turn a write-write data race into a benign one (a copy of a cell another
    // statement writes in the phase, `benign`): such a race is judged by the search instead.
    let monotone = |f: &Finding| options.strict() || f.access != Some(Conflict::WriteWrite);
    if let Some(f) = races
        .iter()
        .find(|f| self_race(f) && !in_loop(&kernel.body, pair(f)[0]) && monotone(f))
    {
        return Outcome::Refused(Refusal::SameStatement {
            array: f.array.clone().unwrap_or_default(),
            location: pair(f)[0],
            potential: f.certainty == Certainty::Potential,
        });
    }
    if let Some(one_statement) = settings.one_statement {
        let outside_loops = |f: &Finding| pair(f).iter().all(|s| !in_loop(&kernel.body, *s));
        if let Some(f) = races
            .iter()
            .find(|f| monotone(f) && one_statement(pair(f)) && outside_loops(f))
        {
            return Outcome::Refused(Refusal::NoUniformPoint {
                locations: pair(f),
                obstacle: None,
            });
        }
    }

    // Move divergent barriers: delete them, and let the search put a barrier back where all
    // threads reach it.
    let mut changes = Vec::new();
    let mut start = kernel.clone();
    for f in original
        .findings
        .iter()
        .filter(|f| f.kind == Kind::BarrierDivergence)
    {
        if let Some(&span) = f.locations.first() {
            start = remove_sync(&start, span);
            changes.push(Change::RemovedDivergent(span));
        }
    }
    let mut start_decision = if changes.is_empty() {
        original
    } else {
        verify(&start, options)
    };

    let mut points = uniform_points(&start, options, settings);
    let search = Search {
        start: &start,
        points: &points,
        options,
    };
    // A barrier at every candidate point at once. More barriers only split phases, so they
    // only remove races (of the kernel, and of its MAP, whose phases merge when barriers go):
    // a race this placement leaves, every placement leaves. Refuse at once then — unless a
    // split of the branches could still create the point it lacks.
    let saturated = if points.is_empty() || clean(&start_decision) {
        None
    } else {
        Some(search.try_set(&(0..points.len()).collect::<Vec<_>>()))
    };
    // And back (a copy of a cell read before another barrier is no longer known to agree):
    // such a race left by the saturated placement is judged by the search too.
    let left = saturated.as_ref().filter(|d| {
        d.findings
            .iter()
            .any(|f| f.kind == Kind::DataRace && monotone(f))
    });
    // Whether a failure is judged on the saturated placement (not after a split).
    let mut saturated_failure = left.is_some();
    let mut found = match left {
        Some(d) => {
            let why = refusal(&points, d, 1);
            let splittable = settings.if_conversion
                && matches!(
                    why,
                    Refusal::NoUniformPoint { .. } | Refusal::NotFound { .. }
                );
            if !splittable {
                return Outcome::Refused(unorderable(why));
            }
            Err((1, d.clone()))
        }
        None => search.run(&start_decision),
    };
    // A split helps only a race that lacks a point between its accesses; a race of a
    // statement with itself or between blocks stays whatever the branches look like.
    let splittable = match &found {
        Err((tried, best)) => matches!(
            refusal(&points, best, *tried),
            Refusal::NoUniformPoint { .. } | Refusal::NotFound { .. }
        ),
        Ok(_) => false,
    };
    if splittable && settings.if_conversion {
        // No placement works as the branches stand: split the thread-dependent branches
        // around the races that have no uniform point between their accesses, and search
        // again on the split kernel.
        match if_convert(&start, &start_decision, options, settings) {
            Conversion::Done(split, spans) => {
                saturated_failure = false;
                start = split;
                changes.extend(spans.into_iter().map(Change::IfConverted));
                start_decision = verify(&start, options);
                points = uniform_points(&start, options, settings);
                found = Search {
                    start: &start,
                    points: &points,
                    options,
                }
                .run(&start_decision);
            }
            Conversion::Blocked(locations, obstacle) => {
                return Outcome::Refused(Refusal::NoUniformPoint {
                    locations,
                    obstacle: Some(obstacle),
                })
            }
            Conversion::None => {}
        }
    }
    let chosen = match found {
        Ok(chosen) => chosen,
        Err(best) => {
            let mut why = refusal(&points, &best.1, best.0);
            if saturated_failure {
                why = unorderable(why);
            }
            if let Refusal::NoUniformPoint { obstacle, .. } = &mut why {
                if settings.if_conversion {
                    *obstacle = Some(Obstacle::Nothing);
                }
            }
            return Outcome::Refused(why);
        }
    };
    let (mut repaired, inserted) = insert(
        &start,
        &chosen.iter().map(|&i| &points[i]).collect::<Vec<_>>(),
    );
    let mut decision = verify(&repaired, options);
    if !clean(&decision) {
        // The search accepted only clean kernels; rebuilding one is deterministic.
        return Outcome::Refused(refusal(&points, &decision, chosen.len()));
    }
    changes.extend(inserted.iter().map(|&s| Change::Inserted(s)));

    // Minimise: barriers the repaired kernel no longer needs, in source order.
    for span in syncs(&repaired.body) {
        let trial = remove_sync(&repaired, span);
        let d = verify(&trial, options);
        if clean(&d) {
            repaired = trial;
            decision = d;
            match changes
                .iter()
                .position(|c| matches!(c, Change::Inserted(s) if *s == span))
            {
                // An insertion that turned out unnecessary is simply not made.
                Some(i) => {
                    changes.remove(i);
                }
                None => changes.push(Change::RemovedRedundant(span)),
            }
        }
    }
    changes.sort_by_key(|c| match c {
        Change::Inserted(s)
        | Change::RemovedRedundant(s)
        | Change::RemovedDivergent(s)
        | Change::IfConverted(s) => (s.start, s.end),
    });
    Outcome::Repaired(Repaired {
        kernel: repaired,
        changes,
        decision,
    })
}

/// A refusal judged on the placement with a barrier at every candidate point: "none of the
/// placements tried" becomes "not even all of them".
fn unorderable(why: Refusal) -> Refusal {
    match why {
        Refusal::NotFound { remaining, .. } if !remaining.is_empty() => {
            Refusal::Unorderable { remaining }
        }
        other => other,
    }
}

/// Types and decides a kernel: the whole pipeline, as `mapcheck check` runs it.
pub fn verify(kernel: &Kernel, options: &Options) -> Decision {
    let checked = mapcheck_typeck::check(kernel, options.arith);
    decide(kernel, &checked, options)
}

pub(crate) fn pair(f: &Finding) -> [Span; 2] {
    match f.locations.as_slice() {
        [a, b, ..] => [*a, *b],
        [a] => [*a, *a],
        [] => [Span::default(), Span::default()],
    }
}

pub(crate) fn self_race(f: &Finding) -> bool {
    let [a, b] = pair(f);
    a == b
}

/// Whether the access at `span` sits in the body of a loop: a statement that carries it does
/// (a kernel lowered from CUDA carries the accesses of the functions it calls, with their
/// text's spans); for an access no statement carries, a loop's text holds it.
fn in_loop(block: &Block, span: Span) -> bool {
    fn carried(block: &Block, span: Span, looping: bool, found: &mut Option<bool>) {
        for s in &block.stmts {
            match &s.kind {
                StmtKind::Read { source: a, .. }
                | StmtKind::Write { target: a, .. }
                | StmtKind::Atomic { target: a, .. } => {
                    if a.span == span {
                        *found = Some(found.unwrap_or(false) || looping);
                    }
                }
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    carried(then_branch, span, looping, found);
                    if let Some(e) = else_branch {
                        carried(e, span, looping, found);
                    }
                }
                StmtKind::For { body, .. } => carried(body, span, true, found),
                StmtKind::Skip
                | StmtKind::Sync
                | StmtKind::SyncWarp
                | StmtKind::Let { .. }
                | StmtKind::Unknown { .. }
                | StmtKind::Assume { .. } => {}
            }
        }
    }
    let mut found = None;
    carried(block, span, false, &mut found);
    found.unwrap_or_else(|| in_loop_text(block, span))
}

/// Whether a loop's text holds `span`.
fn in_loop_text(block: &Block, span: Span) -> bool {
    block.stmts.iter().any(|s| match &s.kind {
        StmtKind::For { body, .. } => contains(s.span, span) || in_loop_text(body, span),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            in_loop_text(then_branch, span)
                || else_branch.as_ref().is_some_and(|e| in_loop_text(e, span))
        }
        _ => false,
    })
}

/// Why the search failed, judged on the best decision it met.
pub(crate) fn refusal(points: &Points, best: &Decision, tried: usize) -> Refusal {
    let races: Vec<&Finding> = best
        .findings
        .iter()
        .filter(|f| f.kind == Kind::DataRace)
        .collect();
    if let Some(f) = races.iter().find(|f| f.grid) {
        return Refusal::GridRace {
            array: f.array.clone().unwrap_or_default(),
            locations: pair(f),
            potential: f.certainty == Certainty::Potential,
        };
    }
    if let Some(f) = races.iter().find(|f| self_race(f)) {
        return Refusal::SameStatement {
            array: f.array.clone().unwrap_or_default(),
            location: pair(f)[0],
            potential: f.certainty == Certainty::Potential,
        };
    }
    if let Some(f) = races.iter().find(|f| relevant(points, pair(f)).is_empty()) {
        return Refusal::NoUniformPoint {
            locations: pair(f),
            obstacle: None,
        };
    }
    if races.is_empty() {
        if let Some(why) = best
            .undecided_races
            .iter()
            .chain(&best.undecided_divergence)
            .next()
        {
            return Refusal::Undecided { why: why.clone() };
        }
    }
    Refusal::NotFound {
        tried,
        remaining: races.iter().map(|f| pair(f)).collect(),
        divergent: best
            .findings
            .iter()
            .filter(|f| f.kind == Kind::BarrierDivergence)
            .filter_map(|f| f.locations.first().copied())
            .collect(),
    }
}
