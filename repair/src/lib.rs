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
//! 2. Refuse what no barrier can fix: a race between blocks (barriers order only the threads
//!    of one block), and two threads writing one cell in the same statement outside any loop
//!    (there is no point between a statement and itself).
//! 3. Delete every barrier with a divergence finding. Its ordering, if needed, comes back
//!    through step 4 at a point all threads reach: the barrier is *moved*.
//! 4. Search insertions. The candidate points are the places between two statements of a
//!    block, and at the start and end of a block, whose every enclosing `if` and loop is
//!    uniform within a block — decided by the type checker itself: a trial `sync` at the point
//!    must not appear in [`Checked::barriers`](mapcheck_typeck::Checked). For each race, the
//!    points that lie between its two accesses in source order come first, then the end and
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
//!    [`redundant`](crate::redundant), which judges each barrier alone, the removals here are
//!    cumulative: each is judged on the kernel the earlier ones left.
//! 6. If-conversion: when the search fails and some race has no uniform point between its
//!    accesses (both under one thread-dependent `if`, or one in each branch), the enclosing
//!    branches are split as AuCS does ([`ifconvert`](crate::ifconvert)) and steps 4–5 run
//!    again on the split kernel. [`Settings::if_conversion`] turns this off, and
//!    [`Settings::admit`] restricts the candidate points (CUDA statement boundaries).
//!
//! No access is reordered, added or removed: barriers move, and branches are split with their
//! conditions re-tested over immutable bindings. So every execution of the result that is race
//! free computes what the original computes on its race-free runs (`papers/repair.md` gives
//! the argument; `map-smt/tests/common/crosscheck.rs` tests it with the interpreter).

pub use crate::ifconvert::Obstacle;
use crate::ifconvert::{block_at, create_point, Carry};
pub use crate::redundant::clean;
use crate::{decide, Certainty, Decision, Finding, Kind, Options};
use mapcheck_core::ast::{Block, Kernel, Stmt, StmtKind};
use mapcheck_core::Span;

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
    /// [`ifconvert`](crate::ifconvert)) to create a uniform point between two racing accesses.
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
}

/// Whether a barrier may go before statement `index` of `block` (see [`Settings::admit`]).
pub type Admit<'a> = &'a dyn Fn(&Block, usize) -> bool;

/// What a repair may do besides inserting and removing barriers at any uniform point.
#[derive(Clone, Copy)]
pub struct Settings<'a> {
    /// Split thread-dependent branches (AuCS's if-conversion, [`ifconvert`](crate::ifconvert))
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
}

impl std::fmt::Debug for Settings<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("if_conversion", &self.if_conversion)
            .field("admit", &self.admit.map(|_| "restricted"))
            .field("carry", &self.carry)
            .finish()
    }
}

impl Default for Settings<'_> {
    fn default() -> Self {
        Settings {
            if_conversion: true,
            admit: None,
            carry: Carry::Refuse,
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
    if clean(&original) {
        return Outcome::Clean(original);
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
    let monotone = |f: &Finding| options.strict || f.access != Some(crate::Conflict::WriteWrite);
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
            start = without_sync(&start, span);
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
        let trial = without_sync(&repaired, span);
        let d = verify(&trial, options);
        if clean(&d) {
            repaired = trial;
            decision = d;
            match changes
                .iter()
                .position(|c| matches!(c, Change::Inserted(s) if s.same_range(span)))
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

/// What [`if_convert`] did.
enum Conversion {
    /// The split kernel and the spans of the `if`s that were split.
    Done(Kernel, Vec<Span>),
    /// A race needs a split that cannot be done.
    Blocked([Span; 2], Obstacle),
    /// No race lacks a uniform point between its accesses.
    None,
}

/// Splits branches (see [`ifconvert`](crate::ifconvert)) for each race of `decision` that has
/// no uniform point between its two accesses, one race after the other.
fn if_convert(
    kernel: &Kernel,
    decision: &Decision,
    options: &Options,
    settings: &Settings<'_>,
) -> Conversion {
    let uniform = |k: &Kernel, path: &[(usize, Child)], index: usize| {
        block_at(&k.body, path).is_some_and(|block| {
            let pos = match index.checked_sub(1) {
                None => block.span.start,
                Some(i) => block.stmts.get(i).map_or(block.span.end, |s| s.span.end),
            };
            let point = Point {
                path: path.to_vec(),
                index,
                pos,
                end_of_loop: None,
                start_of_loop: None,
            };
            settings.admit.is_none_or(|admit| admit(block, index))
                && point_is_uniform(k, &point, options)
        })
    };
    let boundary = |k: &Kernel, path: &[(usize, Child)], index: usize| {
        block_at(&k.body, path)
            .is_some_and(|block| settings.admit.is_none_or(|admit| admit(block, index)))
    };
    let mut current = kernel.clone();
    let mut spans = Vec::new();
    for f in decision
        .findings
        .iter()
        .filter(|f| f.kind == Kind::DataRace && !f.grid && !self_race(f))
    {
        let points = uniform_points(&current, options, settings);
        if !between(&points, pair(f)).is_empty() {
            continue;
        }
        match create_point(&current, pair(f), &uniform, &boundary, settings.carry) {
            Ok(split) => {
                current = split.kernel;
                spans.extend(split.split);
            }
            Err(Obstacle::Nothing) => {}
            Err(obstacle) => return Conversion::Blocked(pair(f), obstacle),
        }
    }
    // Report the `if`s of the kernel as written: a later split may cut a piece an earlier
    // one made, whose span is not a statement of the input.
    let mut written = Vec::new();
    kernel.body.walk(&mut |s| {
        if matches!(s.kind, StmtKind::If { .. }) {
            written.push(s.span);
        }
    });
    spans.retain(|s| written.iter().any(|w| w.same_range(*s)));
    if current == *kernel {
        Conversion::None
    } else {
        spans.sort_by_key(|s| (s.start, s.end));
        spans.dedup_by(|a, b| a.same_range(*b));
        Conversion::Done(current, spans)
    }
}

/// Types and decides a kernel: the whole pipeline, as `mapcheck check` runs it.
pub fn verify(kernel: &Kernel, options: &Options) -> Decision {
    let checked = mapcheck_typeck::check(kernel, options.arith);
    decide(kernel, &checked, options)
}

/// How far a decision is from clean: defects plus undecided queries. The search minimises it.
fn defects(d: &Decision) -> usize {
    d.findings
        .iter()
        .filter(|f| matches!(f.kind, Kind::DataRace | Kind::BarrierDivergence))
        .count()
        + d.undecided_races.len()
        + d.undecided_divergence.len()
}

fn pair(f: &Finding) -> [Span; 2] {
    match f.locations.as_slice() {
        [a, b, ..] => [*a, *b],
        [a] => [*a, *a],
        [] => [Span::default(), Span::default()],
    }
}

fn self_race(f: &Finding) -> bool {
    let [a, b] = pair(f);
    a.same_range(b)
}

/// Whether the access at `span` sits in the body of a loop.
fn in_loop(block: &Block, span: Span) -> bool {
    block.stmts.iter().any(|s| match &s.kind {
        StmtKind::For { body, .. } => contains(s.span, span) || in_loop(body, span),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => in_loop(then_branch, span) || else_branch.as_ref().is_some_and(|e| in_loop(e, span)),
        _ => false,
    })
}

fn contains(outer: Span, inner: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// Which child block of a statement a path goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Child {
    Then,
    Else,
    Body,
}

/// A program point: before statement `index` of the block that `path` leads to (`index` equal
/// to the block's length is its end). A path step is a statement index and the child block.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Point {
    path: Vec<(usize, Child)>,
    index: usize,
    /// Byte offset in the original text: the end of the statement before the point, or the
    /// start of the block when the point opens it.
    pos: usize,
    /// The innermost loop statement the point is the end of the body of, if any.
    end_of_loop: Option<Span>,
    /// The innermost loop statement the point is the start of the body of, if any.
    start_of_loop: Option<Span>,
}

/// Every point of the kernel that a `sync` could go to without divergence: all enclosing
/// control uniform, and not next to an existing `sync` (a second barrier there orders
/// nothing new).
fn uniform_points(kernel: &Kernel, options: &Options, settings: &Settings<'_>) -> Vec<Point> {
    let mut all = Vec::new();
    collect_points(&kernel.body, &mut Vec::new(), None, &mut all);
    all.into_iter()
        .filter(|p| {
            settings.admit.is_none_or(|admit| {
                block_at(&kernel.body, &p.path).is_some_and(|b| admit(b, p.index))
            })
        })
        .filter(|p| point_is_uniform(kernel, p, options))
        .collect()
}

/// Whether a `sync` at `point` is under uniform control: the type checker does not list it
/// among the barriers under thread-dependent or data-dependent control.
fn point_is_uniform(kernel: &Kernel, point: &Point, options: &Options) -> bool {
    let (trial, markers) = insert(kernel, &[point]);
    let checked = mapcheck_typeck::check(&trial, options.arith);
    !checked
        .barriers
        .iter()
        .any(|b| markers.iter().any(|m| m.same_range(b.sync)))
}

fn collect_points(
    block: &Block,
    path: &mut Vec<(usize, Child)>,
    loop_stmt: Option<Span>,
    out: &mut Vec<Point>,
) {
    let is_sync = |i: usize| matches!(block.stmts.get(i).map(|s| &s.kind), Some(StmtKind::Sync));
    let len = block.stmts.len();
    for index in 0..=len {
        let next_to_sync = (index > 0 && is_sync(index - 1)) || is_sync(index);
        if !next_to_sync {
            let pos = match index {
                0 => block.span.start,
                i => block.stmts[i - 1].span.end,
            };
            out.push(Point {
                path: path.clone(),
                index,
                pos,
                end_of_loop: loop_stmt.filter(|_| index == len),
                start_of_loop: loop_stmt.filter(|_| index == 0),
            });
        }
        if let Some(stmt) = block.stmts.get(index) {
            match &stmt.kind {
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    path.push((index, Child::Then));
                    collect_points(then_branch, path, None, out);
                    path.pop();
                    if let Some(e) = else_branch {
                        path.push((index, Child::Else));
                        collect_points(e, path, None, out);
                        path.pop();
                    }
                }
                StmtKind::For { body, .. } => {
                    path.push((index, Child::Body));
                    collect_points(body, path, Some(stmt.span), out);
                    path.pop();
                }
                _ => {}
            }
        }
    }
}

/// `kernel` with a `sync` at each point; the inserted statements' spans, in the order of
/// `points`. Each inserted `sync` gets the empty span at its point's offset, which no
/// statement of the parsed kernel has, so it can be found again by [`Span::same_range`].
fn insert(kernel: &Kernel, points: &[&Point]) -> (Kernel, Vec<Span>) {
    fn go(block: &Block, path: &mut Vec<(usize, Child)>, points: &[&Point]) -> Block {
        let here = |path: &[(usize, Child)], i: usize| {
            points
                .iter()
                .find(|p| p.path == path && p.index == i)
                .map(|p| p.pos)
        };
        let mut stmts = Vec::with_capacity(block.stmts.len() + 1);
        for index in 0..=block.stmts.len() {
            if let Some(pos) = here(path, index) {
                stmts.push(Stmt {
                    kind: StmtKind::Sync,
                    span: Span::new(pos, pos),
                    ann: (),
                });
            }
            let Some(stmt) = block.stmts.get(index) else {
                continue;
            };
            let kind = match &stmt.kind {
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                } => {
                    path.push((index, Child::Then));
                    let then_branch = go(then_branch, path, points);
                    path.pop();
                    let else_branch = else_branch.as_ref().map(|e| {
                        path.push((index, Child::Else));
                        let e = go(e, path, points);
                        path.pop();
                        e
                    });
                    StmtKind::If {
                        cond: cond.clone(),
                        then_branch,
                        else_branch,
                    }
                }
                StmtKind::For { var, range, body } => {
                    path.push((index, Child::Body));
                    let body = go(body, path, points);
                    path.pop();
                    StmtKind::For {
                        var: var.clone(),
                        range: range.clone(),
                        body,
                    }
                }
                other => other.clone(),
            };
            stmts.push(Stmt {
                kind,
                span: stmt.span,
                ann: (),
            });
        }
        Block {
            stmts,
            span: block.span,
        }
    }
    let body = go(&kernel.body, &mut Vec::new(), points);
    let markers = points.iter().map(|p| Span::new(p.pos, p.pos)).collect();
    (
        Kernel {
            body,
            ..kernel.clone()
        },
        markers,
    )
}

/// `kernel` without the `sync` statement at `span` (compared by range). An `if` that held
/// nothing else goes too: its condition is pure, so an empty `if` does nothing.
fn without_sync(kernel: &Kernel, span: Span) -> Kernel {
    fn go(block: &Block, span: Span) -> Block {
        let stmts = block
            .stmts
            .iter()
            .filter(|s| !(matches!(s.kind, StmtKind::Sync) && s.span.same_range(span)))
            .filter_map(|s| {
                let kind = match &s.kind {
                    StmtKind::If {
                        cond,
                        then_branch,
                        else_branch,
                    } => {
                        let then_new = go(then_branch, span);
                        let else_new = else_branch.as_ref().map(|e| go(e, span));
                        let emptied = then_new.stmts.is_empty()
                            && else_new.as_ref().is_none_or(|e| e.stmts.is_empty())
                            && (!then_branch.stmts.is_empty()
                                || else_branch.as_ref().is_some_and(|e| !e.stmts.is_empty()));
                        if emptied {
                            return None;
                        }
                        StmtKind::If {
                            cond: cond.clone(),
                            then_branch: then_new,
                            else_branch: else_new,
                        }
                    }
                    StmtKind::For { var, range, body } => StmtKind::For {
                        var: var.clone(),
                        range: range.clone(),
                        body: go(body, span),
                    },
                    other => other.clone(),
                };
                Some(Stmt {
                    kind,
                    span: s.span,
                    ann: (),
                })
            })
            .collect();
        Block {
            stmts,
            span: block.span,
        }
    }
    Kernel {
        body: go(&kernel.body, span),
        ..kernel.clone()
    }
}

/// The spans of the `sync` statements of a block and the blocks nested in it, in source
/// order (inserted ones included: their empty spans sit where they go).
pub fn syncs<T>(block: &Block<T>) -> Vec<Span> {
    let mut out = Vec::new();
    block.walk(&mut |s| {
        if matches!(s.kind, StmtKind::Sync) {
            out.push(s.span);
        }
    });
    out
}

/// The candidate points for the races of `d`, most promising first, as indices into the
/// points; at most [`MAX_CANDIDATES`].
fn candidates(d: &Decision, points: &[Point], skip: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    let push = |i: usize, out: &mut Vec<usize>| {
        if !skip.contains(&i) && !out.contains(&i) {
            out.push(i);
        }
    };
    for f in d.findings.iter().filter(|f| f.kind == Kind::DataRace) {
        for i in relevant(points, pair(f)) {
            push(i, &mut out);
        }
    }
    out.truncate(MAX_CANDIDATES);
    out
}

/// The points between the two accesses in source order.
fn between(points: &[Point], [a, b]: [Span; 2]) -> Vec<usize> {
    let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
    let lo = first.end;
    let hi = second.start;
    (0..points.len())
        .filter(|&i| lo <= points[i].pos && points[i].pos <= hi)
        .collect()
}

/// The points that can order the two accesses: those between them in source order, then the
/// end and the start of the body of each loop that holds both (for races between iterations).
fn relevant(points: &[Point], [a, b]: [Span; 2]) -> Vec<usize> {
    let mut out = between(points, [a, b]);
    let holds_both = |l: Option<Span>| l.is_some_and(|l| contains(l, a) && contains(l, b));
    // Innermost loops first: their ends are the nearest points that separate iterations.
    let mut ends: Vec<usize> = (0..points.len())
        .filter(|&i| holds_both(points[i].end_of_loop))
        .collect();
    ends.sort_by_key(|&i| std::cmp::Reverse(points[i].pos));
    let mut starts: Vec<usize> = (0..points.len())
        .filter(|&i| holds_both(points[i].start_of_loop))
        .collect();
    starts.sort_by_key(|&i| std::cmp::Reverse(points[i].pos));
    for i in ends.into_iter().chain(starts) {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

struct Search<'a> {
    start: &'a Kernel,
    points: &'a [Point],
    options: &'a Options,
}

impl Search<'_> {
    fn try_set(&self, set: &[usize]) -> Decision {
        let chosen: Vec<&Point> = set.iter().map(|&i| &self.points[i]).collect();
        let (kernel, _) = insert(self.start, &chosen);
        verify(&kernel, self.options)
    }

    /// The indices of a clean placement, or the number of placements tried and the best
    /// decision met.
    fn run(&self, start: &Decision) -> Result<Vec<usize>, (usize, Decision)> {
        if clean(start) {
            return Ok(Vec::new());
        }
        let mut tried = 0;
        let mut best: (Vec<usize>, Decision) = (Vec::new(), start.clone());

        // Single insertions, in order of preference: the first clean one wins.
        let singles = candidates(start, self.points, &[]);
        let mut scored: Vec<(usize, usize)> = Vec::new();
        for &p in &singles {
            let d = self.try_set(&[p]);
            tried += 1;
            if clean(&d) {
                return Ok(vec![p]);
            }
            scored.push((defects(&d), p));
            if defects(&d) < defects(&best.1) {
                best = (vec![p], d);
            }
        }

        // Pairs of the most promising singles.
        scored.sort_by_key(|&(score, _)| score);
        let pool: Vec<usize> = scored.iter().take(PAIR_POOL).map(|&(_, p)| p).collect();
        for (i, &p) in pool.iter().enumerate() {
            for &q in &pool[i + 1..] {
                let d = self.try_set(&[p, q]);
                tried += 1;
                if clean(&d) {
                    return Ok(vec![p, q]);
                }
                if defects(&d) < defects(&best.1) {
                    best = (vec![p, q], d);
                }
            }
        }

        // Greedy descent from the best placement so far.
        let (mut set, mut current) = best;
        while set.len() < MAX_INSERTIONS {
            let mut step: Option<(usize, Decision)> = None;
            for p in candidates(&current, self.points, &set) {
                let mut trial = set.clone();
                trial.push(p);
                let d = self.try_set(&trial);
                tried += 1;
                if clean(&d) {
                    return Ok(trial);
                }
                if defects(&d) < step.as_ref().map_or(defects(&current), |s| defects(&s.1)) {
                    step = Some((p, d));
                }
            }
            match step {
                Some((p, d)) => {
                    set.push(p);
                    current = d;
                }
                None => {
                    // No single point helps: a race that needs two barriers at once (one
                    // between the accesses, one at the end of the loop body, say). Try pairs
                    // of the points of the first race left.
                    let Some(race) = current.findings.iter().find(|f| f.kind == Kind::DataRace)
                    else {
                        break;
                    };
                    let local: Vec<usize> = relevant(self.points, pair(race))
                        .into_iter()
                        .filter(|p| !set.contains(p))
                        .take(PAIR_POOL)
                        .collect();
                    let mut pair_step: Option<([usize; 2], Decision)> = None;
                    'pairs: for (i, &p) in local.iter().enumerate() {
                        for &q in &local[i + 1..] {
                            let mut trial = set.clone();
                            trial.extend([p, q]);
                            let d = self.try_set(&trial);
                            tried += 1;
                            if clean(&d) {
                                return Ok(trial);
                            }
                            if defects(&d) < defects(&current) {
                                pair_step = Some(([p, q], d));
                                break 'pairs;
                            }
                        }
                    }
                    match pair_step {
                        Some((ps, d)) => {
                            set.extend(ps);
                            current = d;
                        }
                        None => break,
                    }
                }
            }
        }
        Err((tried, current))
    }
}

/// Why the search failed, judged on the best decision it met.
fn refusal(points: &[Point], best: &Decision, tried: usize) -> Refusal {
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
