//! If-conversion (AuCS, Wu et al., Algorithm 3 and its "program transformation"): when two
//! racing accesses have no program point between them that every thread of a block reaches,
//! split the thread-dependent branches that enclose them so that such a point exists, and
//! leave the barrier itself to the search of [`repair`](crate::repair).
//!
//! One split step takes an `if c { T1; T2 } else { E }` whose then-branch holds the wanted
//! point between `T1` and `T2`, and makes it two statements of the enclosing block:
//!
//! ```text
//! if c { T1 }                 // the point now lies here, between two statements
//! if c { T2 } else { E }
//! ```
//!
//! (and symmetrically `if c { T } else { E1 }` / `if !c { E2 }` for a point in the else-branch,
//! `if c { T }` / `if !c { E }` for a point between the branches). Steps repeat outwards until
//! the point sits in a block whose every enclosing `if` and loop is uniform; nested splits are
//! merged into AuCS's form `if c && d { ... }` / `if c && !d { ... }`.
//!
//! Why this keeps what race-free executions compute:
//!
//! * `c` is evaluated twice instead of once, but in `.bcu` a condition holds no reads (they are
//!   hoisted into `let`s) and every variable it names is an immutable binder in scope before the
//!   `if`: both evaluations give the value the single one gave. (This is AuCS's "conditions
//!   evaluated once, before the branches"; CUDA text, where a condition may read memory or a
//!   mutable local, evaluates it once into a fresh flag: `mapcheck/src/fix/split.rs`.)
//! * A thread runs the statements of `T1` and then of `T2` (or those of `E`) in the original
//!   order, each exactly once: the sequence of accesses of every thread is unchanged.
//! * Binders of `T1` used by `T2` would leave scope. Pure `let`s among them (and the pure
//!   `let`s they depend on) are hoisted before the first `if`: they access no memory and their
//!   operands are immutable, so evaluating them earlier, and also in threads that skip the
//!   branch, changes no value any thread computes. A binder made by a read, an atomic or `?` is
//!   not hoisted: that would add an access (or a fresh unknown) to threads that skip the branch,
//!   and the split is refused with [`Obstacle::BoundByRead`] — unless the caller asks for
//!   [`Carry::Unknown`] (CUDA text, whose locals are mutable: the declaration moves before the
//!   `if`, the assignment stays), and then the second half reads a fresh per-thread unknown
//!   bound before the first half, which is what the CUDA front end computes for such a local.
//! * A loop between the point and the uniform block is not split (its iterations would
//!   interleave the two halves); instead, when it sits directly in a branch, the branch is
//!   split around it and pushed into its body, `if c { for x in r { B } }` becoming
//!   `for x in r { if c { B } }` (`interchange`): `c` is the same in every iteration and `r`
//!   is pure, so threads that skip the branch now run empty iterations. The loop's body is then
//!   a uniform place when its bounds are; a loop whose bounds depend on the thread, or one
//!   nested directly in another loop, is refused with [`Obstacle::Loop`].
//!
//! So the split kernel performs, per thread, the same accesses with the same values in the same
//! order; adding barriers to it only refines the phases, and on any run where both the original
//! and the result are race free every read sees the same write (papers/repair.md gives the
//! argument in full).

mod hoist;

pub use hoist::Carry;

use crate::points::{
    between, block_at, block_at_mut, contains, uniform_block, uniform_points, Child, Path,
};
use crate::{pair, self_race, Settings};
use hoist::{hoist, Names, Step};
use mapcheck_core::ast::{Block, Cond, CondKind, Kernel, Stmt, StmtKind};
use mapcheck_core::{Span, Structural};
use mapcheck_smt::{Decision, Kind, Options};

/// Whether a `sync` at a point (a block path and an index in that block) of a kernel would be
/// under uniform control.
pub(crate) type UniformAt<'a> = &'a dyn Fn(&Kernel, &[(usize, Child)], usize) -> bool;

/// Why no split creates a uniform point between two accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// The two accesses are one statement.
    SameStatement,
    /// A loop whose trip count depends on the thread, or that sits directly in another loop
    /// under thread-dependent control, holds both accesses: no split makes its body uniform.
    Loop(Span),
    /// A variable bound by a read, an atomic or `?` before the point is used after it, inside
    /// the branch being split; hoisting it out of the branch would add that access (or unknown)
    /// to the threads that skip the branch.
    BoundByRead {
        var: String,
        binding: Span,
        /// "a read", "an atomic" or "`?`".
        what: &'static str,
    },
    /// The enclosing control was already uniform: no split helps (the search failed for
    /// another reason).
    Nothing,
}

impl Obstacle {
    pub fn describe(&self, at: &dyn Fn(Span) -> String) -> String {
        match self {
            Obstacle::SameStatement => "the two accesses are one statement".into(),
            Obstacle::Loop(span) => format!(
                "the loop at {} holds both accesses, and its trip count depends on the thread (a barrier in its body would be divergence), or it sits in another loop under thread-dependent control",
                at(*span)
            ),
            Obstacle::BoundByRead { var, binding, what } => format!(
                "`{var}`, bound by {what} at {} before the split point, is used after it; hoisting it out of the branch would add {} to the threads that skip the branch",
                at(*binding),
                if *what == "`?`" { "an unknown value" } else { "an access" }
            ),
            Obstacle::Nothing => {
                "no split of the enclosing branches places a point between them".into()
            }
        }
    }
}

/// The result of [`create_point`]: the split kernel, in which a uniform point now lies between
/// the two accesses, and the spans of the original `if` statements that were split.
pub(crate) struct Split {
    pub kernel: Kernel,
    pub split: Vec<Span>,
}

/// Splits the branches around the accesses `a` and `b` until a point between them is uniform;
/// `uniform(kernel, path, index)` says whether a `sync` at a point would be uniform.
pub(crate) fn create_point(
    kernel: &Kernel,
    [a, b]: [Span; 2],
    uniform: UniformAt<'_>,
    boundary: UniformAt<'_>,
    carry: Carry,
) -> Result<Split, Obstacle> {
    let (a, b) = if a.start <= b.start { (a, b) } else { (b, a) };
    if a == b {
        return Err(Obstacle::SameStatement);
    }
    let mut kernel = kernel.clone();
    let mut split = Vec::new();
    let mut names = Names::of(&kernel);
    let mut step = Step {
        carry,
        names: &mut names,
    };
    let (mut path, first, last) = locate(
        &mut kernel.body,
        &mut Vec::new(),
        a,
        b,
        &mut split,
        &mut step,
    )?;
    // The first point after the statement of `a` where a barrier may go at all (on CUDA text,
    // a statement boundary: `int v = s[t] + s[t + 1];` is several core statements).
    let mut index = (first..=last)
        .find(|&i| boundary(&kernel, &path, i))
        .unwrap_or(first);
    if split.is_empty() && uniform(&kernel, &path, index) {
        return Err(Obstacle::Nothing);
    }
    while !uniform(&kernel, &path, index) {
        let Some((i, child)) = path.pop() else {
            // The kernel body is always uniform; the type checker said otherwise.
            return Err(Obstacle::Nothing);
        };
        let parent = block_at_mut(&mut kernel.body, &path).ok_or(Obstacle::Nothing)?;
        let stmt = parent.stmts.get(i).ok_or(Obstacle::Nothing)?.clone();
        if child == Child::Body {
            // A loop in a thread-dependent branch: push the branch into the loop's body, if
            // the loop sits directly in a branch.
            let Some((j, branch)) = path.pop() else {
                return Err(Obstacle::Loop(stmt.span));
            };
            if branch == Child::Body {
                return Err(Obstacle::Loop(stmt.span));
            }
            let outer = block_at_mut(&mut kernel.body, &path).ok_or(Obstacle::Nothing)?;
            let branching = outer.stmts.get(j).ok_or(Obstacle::Nothing)?.clone();
            split.push(branching.span);
            let (pieces, k) = interchange(&branching, branch, i, &mut step)?;
            outer.stmts.splice(j..=j, pieces);
            path.push((j + k, Child::Body));
            path.push((0, Child::Then));
            continue;
        }
        split.push(stmt.span);
        let (pieces, at) = split_if(&stmt, child, index, &mut step)?;
        parent.stmts.splice(i..=i, pieces);
        index = i + at;
    }
    Ok(Split { kernel, split })
}

/// The innermost block holding both accesses and the points after the statement holding `a`
/// in it, up to the one before the statement holding `b` (first and last). When the accesses sit in the two branches of one `if`, that `if` is split into
/// `if c { T }` / `if !c { E }` first and the point lies between the two.
fn locate(
    block: &mut Block,
    path: &mut Path,
    a: Span,
    b: Span,
    split: &mut Vec<Span>,
    step: &mut Step<'_>,
) -> Result<(Path, usize, usize), Obstacle> {
    let holds = |s: &Stmt, x: Span| s.span.start <= x.start && x.end <= s.span.end;
    let ia = block.stmts.iter().position(|s| holds(s, a));
    let ib = block.stmts.iter().position(|s| holds(s, b));
    let (ia, ib) = match (ia, ib) {
        (Some(ia), Some(ib)) => (ia.min(ib), ia.max(ib)),
        _ => return Err(Obstacle::Nothing),
    };
    if ia != ib {
        return Ok((path.clone(), ia + 1, ib));
    }
    // Which child of the statement holds both accesses, if one does.
    let stmt = &block.stmts[ia];
    let span = stmt.span;
    let child = match &stmt.kind {
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            let in_then = |x: Span| contains(then_branch.span, x);
            match (in_then(a), in_then(b)) {
                (true, true) => Some(Child::Then),
                (false, false) if else_branch.is_some() => Some(Child::Else),
                (false, false) => return Err(Obstacle::Nothing),
                _ => None,
            }
        }
        StmtKind::For { .. } => Some(Child::Body),
        _ => return Err(Obstacle::SameStatement),
    };
    match child {
        Some(child) => {
            path.push((ia, child));
            let inner = block_at_mut(block, &[(ia, child)]).ok_or(Obstacle::Nothing)?;
            locate(inner, path, a, b, split, step)
        }
        None => {
            // `a` in the then-branch, `b` in the else-branch: split between the two.
            split.push(span);
            let stmt = block.stmts[ia].clone();
            let len = match &stmt.kind {
                StmtKind::If { then_branch, .. } => then_branch.stmts.len(),
                _ => 0,
            };
            let (pieces, at) = split_if(&stmt, Child::Then, len, step)?;
            block.stmts.splice(ia..=ia, pieces);
            Ok((path.clone(), ia + at, ia + at))
        }
    }
}

/// Splits the `if` statement `stmt` at the point before statement `j` of its `child` branch
/// (`j` equal to the then-branch's length, with an else-branch, is the point between the
/// branches). Returns the statements that replace it and the index, among them, of the point.
fn split_if(
    stmt: &Stmt,
    child: Child,
    j: usize,
    step: &mut Step<'_>,
) -> Result<(Vec<Stmt>, usize), Obstacle> {
    let StmtKind::If {
        cond,
        then_branch,
        else_branch,
    } = &stmt.kind
    else {
        return Err(Obstacle::Nothing);
    };
    let branch = match child {
        Child::Then => then_branch,
        Child::Else => else_branch.as_ref().ok_or(Obstacle::Nothing)?,
        Child::Body => return Err(Obstacle::Loop(stmt.span)),
    };
    let j = j.min(branch.stmts.len());
    let (first, second) = branch.stmts.split_at(j);
    let (hoisted, first, second) = hoist(first, second, step)?;
    let second = second.as_slice();
    let not_cond = Cond::new(CondKind::Not(Box::new(cond.clone())), cond.span);

    // The two halves, each an `if` or nothing at all.
    let (first_if, second_if) = match child {
        Child::Then => {
            let first_end = end_of(&first, then_branch.span.end);
            let first_if = (!first.is_empty()).then(|| {
                make_if(
                    cond,
                    piece(first, then_branch.span.start, then_branch.span.end),
                    None,
                    Span::new(stmt.span.start, first_end),
                )
            });
            let second_if = if second.is_empty() {
                else_branch
                    .as_ref()
                    .filter(|e| !e.stmts.is_empty())
                    .map(|e| {
                        make_if(
                            &not_cond,
                            e.clone(),
                            None,
                            Span::new(e.span.start, stmt.span.end),
                        )
                    })
            } else {
                let start = start_of(second);
                Some(make_if(
                    cond,
                    piece(second.to_vec(), start, then_branch.span.end),
                    else_branch.clone(),
                    Span::new(start, stmt.span.end),
                ))
            };
            (first_if, second_if)
        }
        _ => {
            // The point lies in the else-branch: the then-branch goes with the first half.
            let else_span = branch.span;
            let first_else =
                (!first.is_empty()).then(|| piece(first.clone(), else_span.start, else_span.end));
            let first_if = if then_branch.stmts.is_empty() {
                first_else.map(|e| {
                    let span = Span::new(stmt.span.start, e.span.end);
                    make_if(&not_cond, e, None, span)
                })
            } else {
                let end = first_else
                    .as_ref()
                    .map_or(then_branch.span.end, |e| e.span.end);
                Some(make_if(
                    cond,
                    then_branch.clone(),
                    first_else,
                    Span::new(stmt.span.start, end),
                ))
            };
            let second_if = (!second.is_empty()).then(|| {
                let start = start_of(second);
                make_if(
                    &not_cond,
                    piece(second.to_vec(), start, else_span.end),
                    None,
                    Span::new(start, stmt.span.end),
                )
            });
            (first_if, second_if)
        }
    };
    let mut out = hoisted;
    out.extend(first_if);
    let at = out.len();
    out.extend(second_if);
    Ok((out, at))
}

/// `if c { ..; for x in r { B }; .. } else { E }`, whose `branch` holds the loop at index `i`:
/// the `if` split around the loop (and between its branches), and the lone
/// `if c' { for x in r { B } }` so made rewritten `for x in r { if c' { B } }`. Returns the
/// statements that replace the `if` and the index of the loop among them.
///
/// Why this keeps what threads compute: `c'` holds no reads and names immutable binders in
/// scope before the loop, so its value is the same in every iteration; `r` is pure and its
/// variables are in scope before the `if` (the split hoists pure `let`s it needs, and refuses
/// reads), so a thread that skips the branch now runs the loop's iterations doing nothing.
fn interchange(
    stmt: &Stmt,
    branch: Child,
    i: usize,
    step: &mut Step<'_>,
) -> Result<(Vec<Stmt>, usize), Obstacle> {
    let then_len = |s: &Stmt| match &s.kind {
        StmtKind::If { then_branch, .. } => then_branch.stmts.len(),
        _ => 0,
    };
    let has_else = |s: &Stmt| {
        matches!(
            &s.kind,
            StmtKind::If {
                else_branch: Some(_),
                ..
            }
        )
    };
    // Make the loop's branch the then-branch of an `if` without `else`.
    let (mut pieces, mut k) = match branch {
        Child::Else => split_if(stmt, Child::Then, then_len(stmt), step)?,
        _ => (vec![stmt.clone()], 0),
    };
    let mut i = i;
    let piece = pieces.get(k).ok_or(Obstacle::Nothing)?.clone();
    if has_else(&piece) {
        // The first half, `if c { T }`, holds the loop; `T` is not empty.
        let (split, at) = split_if(&piece, Child::Then, then_len(&piece), step)?;
        let first = at.checked_sub(1).ok_or(Obstacle::Nothing)?;
        pieces.splice(k..=k, split);
        k += first;
    }
    if i > 0 {
        let piece = pieces.get(k).ok_or(Obstacle::Nothing)?.clone();
        let (split, at) = split_if(&piece, Child::Then, i, step)?;
        pieces.splice(k..=k, split);
        k += at;
        i = 0;
    }
    let piece = pieces.get(k).ok_or(Obstacle::Nothing)?.clone();
    if then_len(&piece) > i + 1 {
        let (split, at) = split_if(&piece, Child::Then, i + 1, step)?;
        let first = at.checked_sub(1).ok_or(Obstacle::Nothing)?;
        pieces.splice(k..=k, split);
        k += first;
    }
    // Now `if c { for x in r { B } }`.
    let piece = pieces.get(k).ok_or(Obstacle::Nothing)?;
    let StmtKind::If {
        cond,
        then_branch,
        else_branch: None,
    } = &piece.kind
    else {
        return Err(Obstacle::Loop(stmt.span));
    };
    let [Stmt {
        kind: StmtKind::For { var, range, body },
        span: loop_span,
        ..
    }] = then_branch.stmts.as_slice()
    else {
        return Err(Obstacle::Loop(stmt.span));
    };
    let guarded = make_if(cond, body.clone(), None, body.span);
    let swapped = Stmt {
        kind: StmtKind::For {
            var: var.clone(),
            range: range.clone(),
            body: Block {
                stmts: vec![guarded],
                span: body.span,
            },
        },
        span: *loop_span,
        ann: (),
    };
    pieces[k] = swapped;
    Ok((pieces, k))
}

/// The end of the last statement of `stmts`, or `default` when there is none.
/// (The lowering of one CUDA statement may give a later statement an earlier span — a write
/// whose hoisted read comes first — so the extremes are taken over all of them.)
fn end_of(stmts: &[Stmt], default: usize) -> usize {
    stmts.iter().map(|s| s.span.end).max().unwrap_or(default)
}

/// The start of the first of `stmts` in the text (see [`end_of`]); they are not empty.
fn start_of(stmts: &[Stmt]) -> usize {
    stmts.iter().map(|s| s.span.start).min().unwrap_or_default()
}

/// A block of `stmts` whose span runs from `start` to the end of its last statement (or to
/// `end` when empty), so that points inside it keep source order.
fn piece(stmts: Vec<Stmt>, start: usize, end: usize) -> Block {
    let end = end_of(&stmts, end);
    Block {
        stmts,
        span: Span::new(start, end),
    }
}

/// `if cond { then } else { else }`, with a then-branch that is a lone `if d { X }` merged into
/// `if cond && d { X }` (AuCS's form; the conditions are pure, so this is the same test).
fn make_if(cond: &Cond, then_branch: Block, else_branch: Option<Block>, span: Span) -> Stmt {
    if else_branch.is_none() {
        if let [Stmt {
            kind:
                StmtKind::If {
                    cond: inner,
                    then_branch: inner_then,
                    else_branch: None,
                },
            ..
        }] = then_branch.stmts.as_slice()
        {
            let both = Cond::new(
                CondKind::And(Box::new(cond.clone()), Box::new(inner.clone())),
                cond.span.to(inner.span),
            );
            return Stmt {
                kind: StmtKind::If {
                    cond: both,
                    then_branch: inner_then.clone(),
                    else_branch: None,
                },
                span,
                ann: (),
            };
        }
    }
    Stmt {
        kind: StmtKind::If {
            cond: cond.clone(),
            then_branch,
            else_branch,
        },
        span,
        ann: (),
    }
}

/// What [`if_convert`] did.
pub(crate) enum Conversion {
    /// The split kernel and the spans of the `if`s that were split.
    Done(Kernel, Vec<Span>),
    /// A race needs a split that cannot be done.
    Blocked([Span; 2], Obstacle),
    /// No race lacks a uniform point between its accesses.
    None,
}

/// Splits branches (see [`ifconvert`](crate::ifconvert)) for each race of `decision` that has
/// no uniform point between its two accesses, one race after the other.
pub(crate) fn if_convert(
    kernel: &Kernel,
    decision: &Decision,
    options: &Options,
    settings: &Settings<'_>,
) -> Conversion {
    let uniform = |k: &Kernel, path: &[(usize, Child)], index: usize| {
        block_at(&k.body, path).is_some_and(|block| {
            settings.admit.is_none_or(|admit| admit(block, index))
                && uniform_block(&mapcheck_typeck::check(k, options.arith).annotated, path)
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
    spans.retain(|s| written.contains(s));
    if current.same_shape(kernel) {
        Conversion::None
    } else {
        spans.sort_by_key(|s| (s.start, s.end));
        spans.dedup();
        Conversion::Done(current, spans)
    }
}
