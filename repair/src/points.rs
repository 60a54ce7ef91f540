//! Program points of a kernel where a barrier may go: which ones are uniform within a block,
//! which ones can order a race, and the kernel with barriers inserted at some of them or one
//! removed. A point is named by the path to its block and an index in that block
//! ([`Point`]), so it stays valid while the kernel is rebuilt around it.
//!
//! Which points lie between two accesses is a question of program order, the order of the
//! kernel's tree, not of the source text: a kernel lowered from CUDA runs the statements of a
//! function it calls where the call is, with the spans of the function's text, which may lie
//! above the kernel. So every point and every access statement gets its place in program
//! order ([`Points`]); the text's order is used only for an access no statement of the kernel
//! carries.

use crate::{pair, Settings, MAX_CANDIDATES};
use mapcheck_core::ast::{Block, Kernel, Stmt, StmtKind};
use mapcheck_core::Span;
use mapcheck_smt::{Decision, Kind, Options};
use mapcheck_typeck::Typed;

pub(crate) fn contains(outer: Span, inner: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// A path from the kernel body to a block: per step, a statement index and its child block.
pub(crate) type Path = Vec<(usize, Child)>;

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
pub(crate) struct Point {
    pub path: Path,
    pub index: usize,
    /// Byte offset in the original text: the end of the statement before the point, or the
    /// start of the block when the point opens it.
    pub pos: usize,
    /// Its place in program order (see [`Points`]).
    pub order: usize,
    /// The innermost loop statement the point is the end of the body of, if any.
    pub end_of_loop: Option<Loop>,
    /// The innermost loop statement the point is the start of the body of, if any.
    pub start_of_loop: Option<Loop>,
}

/// A loop statement: its span, and the places in program order of the points inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Loop {
    pub span: Span,
    pub order: std::ops::Range<usize>,
}

/// Where a statement that accesses memory runs in program order: after the points of order
/// below `entry`, before those of order `exit` and above (`entry == exit`: an access
/// statement holds no point).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Occurrence {
    /// The access's span, as a finding locates it.
    span: Span,
    entry: usize,
    exit: usize,
}

/// The candidate points of a kernel, and where its accesses run among them. Program order
/// numbers every point of the kernel, candidate or not, as a walk of the tree meets it: the
/// point before a statement, then the points inside the statement, then the point after it.
/// An access inlined from a function (its span in that function's text) is placed by the
/// statement that carries it, as often as the kernel runs it.
#[derive(Clone, Debug)]
pub(crate) struct Points {
    pub list: Vec<Point>,
    accesses: Vec<Occurrence>,
}

impl std::ops::Deref for Points {
    type Target = [Point];
    fn deref(&self) -> &[Point] {
        &self.list
    }
}

/// Every point of the kernel that a `sync` could go to without divergence: all enclosing
/// control uniform, and not next to an existing `sync` (a second barrier there orders
/// nothing new).
pub(crate) fn uniform_points(
    kernel: &Kernel,
    options: &Options,
    settings: &Settings<'_>,
) -> Points {
    let mut walk = Walk::default();
    walk.block(&kernel.body, &mut Vec::new(), None);
    let annotated = mapcheck_typeck::check(kernel, options.arith).annotated;
    let list = walk
        .points
        .into_iter()
        .filter(|p| {
            settings.admit.is_none_or(|admit| {
                block_at(&kernel.body, &p.path).is_some_and(|b| admit(b, p.index))
            })
        })
        .filter(|p| uniform_block(&annotated, &p.path))
        .collect();
    Points {
        list,
        accesses: walk.accesses,
    }
}

/// Whether a `sync` in the block that `path` leads to is under uniform control, as the type
/// checker's annotated kernel says ([`Typed::uniform`] of the statement holding the block).
/// Every point of a block has the same controls around it, and a `sync` changes no binding,
/// so this is the placement check of the kernel with a `sync` at any point of the block
/// (the test below compares the two).
pub(crate) fn uniform_block(annotated: &Kernel<Typed>, path: &[(usize, Child)]) -> bool {
    let Some(((i, _), outer)) = path.split_last() else {
        return annotated.ann.uniform;
    };
    block_at(&annotated.body, outer)
        .and_then(|b| b.stmts.get(*i))
        .is_some_and(|s| s.ann.uniform)
}

/// A walk of the kernel in program order: its points (next to a `sync` or not) and its access
/// statements, numbered as [`Points`] says.
#[derive(Default)]
struct Walk {
    next: usize,
    points: Vec<Point>,
    accesses: Vec<Occurrence>,
}

impl Walk {
    fn block(&mut self, block: &Block, path: &mut Vec<(usize, Child)>, in_loop: Option<Span>) {
        let is_sync =
            |i: usize| matches!(block.stmts.get(i).map(|s| &s.kind), Some(StmtKind::Sync));
        let len = block.stmts.len();
        // The loop whose body this block is: its order runs from before the body's first point
        // to after its last one.
        let first = self.next;
        let mut ends = Vec::new();
        for index in 0..=len {
            let order = self.next;
            self.next += 1;
            let next_to_sync = (index > 0 && is_sync(index - 1)) || is_sync(index);
            if !next_to_sync {
                let pos = match index {
                    0 => block.span.start,
                    i => block.stmts[i - 1].span.end,
                };
                if index == len || index == 0 {
                    ends.push(self.points.len());
                }
                self.points.push(Point {
                    path: path.clone(),
                    index,
                    pos,
                    order,
                    end_of_loop: None,
                    start_of_loop: None,
                });
            }
            let Some(stmt) = block.stmts.get(index) else {
                continue;
            };
            let entry = self.next;
            match &stmt.kind {
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    path.push((index, Child::Then));
                    self.block(then_branch, path, None);
                    path.pop();
                    if let Some(e) = else_branch {
                        path.push((index, Child::Else));
                        self.block(e, path, None);
                        path.pop();
                    }
                }
                StmtKind::For { body, .. } => {
                    path.push((index, Child::Body));
                    self.block(body, path, Some(stmt.span));
                    path.pop();
                }
                StmtKind::Read { source: a, .. }
                | StmtKind::Write { target: a, .. }
                | StmtKind::Atomic { target: a, .. } => self.accesses.push(Occurrence {
                    span: a.span,
                    entry,
                    exit: entry,
                }),
                StmtKind::Skip
                | StmtKind::Sync
                | StmtKind::SyncWarp
                | StmtKind::Let { .. }
                | StmtKind::Unknown { .. }
                | StmtKind::Assume { .. } => {}
            }
        }
        if let Some(span) = in_loop {
            let order = first..self.next;
            for i in ends {
                let p = &mut self.points[i];
                let here = Some(Loop {
                    span,
                    order: order.clone(),
                });
                if p.index == len {
                    p.end_of_loop = here.clone();
                }
                if p.index == 0 {
                    p.start_of_loop = here;
                }
            }
        }
    }
}

/// `kernel` with a `sync` at each point; the inserted statements' spans, in the order of
/// `points`. Each inserted `sync` gets the empty span at its point's offset, which no
/// statement of the parsed kernel has, so it can be found again by its span.
pub(crate) fn insert(kernel: &Kernel, points: &[&Point]) -> (Kernel, Vec<Span>) {
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
/// nothing else goes too: its condition is pure, so an empty `if` does nothing. (The
/// redundant-barrier advice's definition reads the `sync` as `skip` instead, keeping the
/// statement: `tests/tests/redundant_barriers.rs`.)
pub(crate) fn remove_sync(kernel: &Kernel, span: Span) -> Kernel {
    fn go(block: &Block, span: Span) -> Block {
        let stmts = block
            .stmts
            .iter()
            .filter(|s| !(matches!(s.kind, StmtKind::Sync) && s.span == span))
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

/// The candidate points for the races of `d`, most promising first, as indices into the
/// points; at most [`MAX_CANDIDATES`].
pub(crate) fn candidates(d: &Decision, points: &Points, skip: &[usize]) -> Vec<usize> {
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

/// The points between the two accesses in program order: after an occurrence of one and
/// before the nearest occurrence of the other that follows it. An access no statement carries
/// is placed by its span in the text, as is a race of an access with itself (no point lies
/// between a statement and itself; one between two of its occurrences orders two runs of it,
/// not the two threads' runs of one).
pub(crate) fn between(points: &Points, [a, b]: [Span; 2]) -> Vec<usize> {
    let mut runs: Vec<(Occurrence, bool)> = points
        .accesses
        .iter()
        .filter(|o| o.span == a || o.span == b)
        .map(|o| (*o, o.span == a))
        .collect();
    let carried = |x: Span| points.accesses.iter().any(|o| o.span == x);
    if a == b || !carried(a) || !carried(b) {
        let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
        return (0..points.len())
            .filter(|&i| first.end <= points[i].pos && points[i].pos <= second.start)
            .collect();
    }
    runs.sort_by_key(|(o, _)| (o.entry, o.exit));
    let stretches: Vec<std::ops::Range<usize>> = runs
        .windows(2)
        .filter(|w| w[0].1 != w[1].1 && w[0].0.exit <= w[1].0.entry)
        .map(|w| w[0].0.exit..w[1].0.entry)
        .collect();
    (0..points.len())
        .filter(|&i| stretches.iter().any(|r| r.contains(&points[i].order)))
        .collect()
}

/// The points that can order the two accesses: those between them in program order, then the
/// end and the start of the body of each loop that holds both (for races between iterations).
pub(crate) fn relevant(points: &Points, [a, b]: [Span; 2]) -> Vec<usize> {
    let mut out = between(points, [a, b]);
    // Whether the loop runs the access: one of its occurrences lies in the loop (by the span,
    // for an access no statement carries).
    let runs = |l: &Loop, x: Span| {
        let mut occurrences = points.accesses.iter().filter(|o| o.span == x).peekable();
        match occurrences.peek() {
            None => contains(l.span, x),
            Some(_) => occurrences.any(|o| l.order.start <= o.entry && o.exit <= l.order.end),
        }
    };
    let holds_both = |l: &Option<Loop>| l.as_ref().is_some_and(|l| runs(l, a) && runs(l, b));
    // Innermost loops first: their ends are the nearest points that separate iterations.
    let mut ends: Vec<usize> = (0..points.len())
        .filter(|&i| holds_both(&points[i].end_of_loop))
        .collect();
    ends.sort_by_key(|&i| std::cmp::Reverse(points[i].order));
    let mut starts: Vec<usize> = (0..points.len())
        .filter(|&i| holds_both(&points[i].start_of_loop))
        .collect();
    starts.sort_by_key(|&i| std::cmp::Reverse(points[i].order));
    for i in ends.into_iter().chain(starts) {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// The block a path leads to.
pub(crate) fn block_at<'a, T>(
    block: &'a Block<T>,
    path: &[(usize, Child)],
) -> Option<&'a Block<T>> {
    let Some(((i, child), rest)) = path.split_first() else {
        return Some(block);
    };
    let next = match (&block.stmts.get(*i)?.kind, child) {
        (StmtKind::If { then_branch, .. }, Child::Then) => then_branch,
        (StmtKind::If { else_branch, .. }, Child::Else) => else_branch.as_ref()?,
        (StmtKind::For { body, .. }, Child::Body) => body,
        _ => return None,
    };
    block_at(next, rest)
}

pub(crate) fn block_at_mut<'a>(
    block: &'a mut Block,
    path: &[(usize, Child)],
) -> Option<&'a mut Block> {
    let Some(((i, child), rest)) = path.split_first() else {
        return Some(block);
    };
    let next = match (&mut block.stmts.get_mut(*i)?.kind, child) {
        (StmtKind::If { then_branch, .. }, Child::Then) => then_branch,
        (StmtKind::If { else_branch, .. }, Child::Else) => else_branch.as_mut()?,
        (StmtKind::For { body, .. }, Child::Body) => body,
        _ => return None,
    };
    block_at_mut(next, rest)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use mapcheck_core::Arith;

    /// The placement check applied literally: the kernel with a `sync` at `point`, typed
    /// again, does not list that `sync` among the barriers under non-uniform control. (What
    /// the repair did per point before it read the annotated kernel.)
    fn by_trial(kernel: &Kernel, point: &Point, arith: Arith) -> bool {
        let (trial, markers) = insert(kernel, &[point]);
        let checked = mapcheck_typeck::check(&trial, arith);
        !checked.barriers.iter().any(|b| markers.contains(&b.sync))
    }

    /// On every point of every kernel of `examples/*.bcu`, in both arithmetics, the annotated
    /// kernel's answer is the literal check's.
    #[test]
    fn uniform_blocks_agree_with_a_trial_sync_at_every_point_of_the_examples() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "bcu"))
            .collect();
        files.sort();
        assert!(files.len() > 20, "{}", dir.display());
        let (mut points, mut not_uniform) = (0, 0);
        for file in files {
            let src = std::fs::read_to_string(&file).unwrap();
            let program = mapcheck_grammar::parse(&src).unwrap();
            for kernel in &program.kernels {
                let mut walk = Walk::default();
                walk.block(&kernel.body, &mut Vec::new(), None);
                let all = walk.points;
                for arith in [Arith::Int, Arith::Bv32] {
                    let annotated = mapcheck_typeck::check(kernel, arith).annotated;
                    for p in &all {
                        let expected = by_trial(kernel, p, arith);
                        assert_eq!(
                            uniform_block(&annotated, &p.path),
                            expected,
                            "{} kernel {} point {p:?}",
                            file.display(),
                            kernel.name.name
                        );
                        points += 1;
                        not_uniform += usize::from(!expected);
                    }
                }
            }
        }
        // Both answers occur, so the comparison can fail either way.
        assert!(points > 100 && not_uniform > 10, "{points} {not_uniform}");
    }
}
