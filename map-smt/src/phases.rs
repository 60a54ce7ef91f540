//! Pass 1 — phase split: a synchronised protocol becomes the list of its phases, each an
//! unsynchronised protocol that two threads of a block may run between the same two barrier
//! events (SPEC §6).
//!
//! The split is compositional. Every protocol has four kinds of *pieces*, each an
//! unsynchronised body with a guard (the conditions under which that path is taken): `through`
//! (entry to exit, no barrier), `heads` (entry to its first barrier), `tails` (its last barrier
//! to exit) and `inner` (barrier to barrier: complete phases). Sequencing glues a tail of the
//! first part to a head of the second into a phase; a barrier loop `for x ∈ n..m {p}` whose
//! body always reaches a barrier gives, with `x` shared by the threads of the block:
//!
//! * head: the body's head at `x = n`, when `n` is in range;
//! * inner: the body's inner phases at every iteration `x`, and the straddling phases
//!   `tail[x]; head[x']` with `x' = next(x)` in range;
//! * tail: the body's tail at the last `x` (its `next` out of range);
//! * through: nothing happens when `n` is out of range (the zero-trip case).
//!
//! For `u0; for x ∈ n..m {u1; sync; u2}; u3` this is exactly SPEC §6's list. Strided loops use
//! their step for `next` and the iteration predicate of [`iteration`].
//!
//! A barrier loop whose body can also finish an iteration *without* a barrier (a `sync` under
//! a uniform condition inside a loop) is not split: its barriers are dropped, which merges
//! phases — a sound over-approximation, flagged by [`Split::approximate`] so that alarms on it
//! are potential until replayed.

use mapcheck_core::ast::{CmpOp, Ident};
use mapcheck_core::{Arith, Span, Structural};
use mapcheck_typeck::term::{Cond, CondKind, Expr, Range};
use mapcheck_typeck::{Proto, SyncProto, Var};
use std::fmt;

mod erase;
mod range;
mod subst;
pub mod without;

#[cfg(feature = "mutation")]
pub use erase::drop_first_sync;
pub use erase::erase;
pub use range::{in_range, iteration, step};
pub use subst::{subst_cond, subst_expr, subst_proto};
pub use without::{split_memo, Memo, NewPhase, Without};

/// Where a phase starts or ends.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Boundary {
    Start,
    End,
    /// A `sync` (its span), with the iteration of each enclosing barrier loop, innermost last;
    /// with `warp`, a `syncwarp` (a barrier of the split only for two lanes of one warp).
    Sync {
        span: Span,
        iteration: Vec<Iteration>,
        warp: bool,
    },
}

/// Which iteration of one barrier loop a barrier event is in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Iteration {
    /// The iteration the loop variable names (a barrier-loop variable of the phase, its
    /// [`Var::Next`] copy in the second half of a straddling phase).
    Var(Var),
    /// The first iteration: the variable at the loop's start value (without spans: barrier
    /// events compare by it).
    Start { var: String, value: Expr },
}

/// One phase: guard and body over the variables of both thread copies.
#[derive(Clone, Debug)]
pub struct Phase {
    /// Conditions over shared variables (and, under non-uniform control, the thread's own)
    /// for this phase to be run.
    pub guard: Vec<Cond>,
    /// The accesses a thread makes in the phase.
    pub body: Proto,
    /// Barrier-loop variables of this phase: shared by the two threads of a block.
    pub shared: Vec<Var>,
    pub from: Boundary,
    pub to: Boundary,
}

/// The phases of a kernel.
#[derive(Clone, Debug, Default)]
pub struct Split {
    pub phases: Vec<Phase>,
    /// Some barriers were dropped (see the module doc): alarms need replay to be trusted.
    pub approximate: bool,
}

#[derive(Clone, Debug)]
struct Piece {
    guard: Vec<Cond>,
    body: Proto,
    shared: Vec<Var>,
    from: Boundary,
    to: Boundary,
    /// The piece runs through the place of a removed barrier ([`without`]); always `false`
    /// in a plain split.
    fresh: bool,
    /// The barrier loops (by [`Node::loop_id`]) whose zero-trip case the piece takes: the
    /// piece stops existing when one of them stops being a barrier loop ([`without`]).
    zero: Vec<usize>,
}

impl Piece {
    fn new(body: Proto, from: Boundary, to: Boundary) -> Piece {
        Piece {
            guard: Vec::new(),
            body,
            shared: Vec::new(),
            from,
            to,
            fresh: false,
            zero: Vec::new(),
        }
    }

    /// `self` then `next`.
    fn then(&self, next: &Piece) -> Piece {
        let mut guard = self.guard.clone();
        guard.extend(next.guard.iter().cloned());
        let mut shared = self.shared.clone();
        shared.extend(next.shared.iter().cloned());
        let mut zero = self.zero.clone();
        zero.extend(next.zero.iter().copied());
        Piece {
            guard,
            body: Proto::seq([self.body.clone(), next.body.clone()]),
            shared,
            from: self.from.clone(),
            to: next.to.clone(),
            fresh: self.fresh || next.fresh,
            zero,
        }
    }

    /// The phase key: pieces between the same two barrier events are one phase
    /// ([`merge_alternatives`]).
    fn key(&self) -> (Boundary, Boundary) {
        (self.from.clone(), self.to.clone())
    }

    fn guarded(mut self, extra: &[Cond]) -> Piece {
        let mut guard = extra.to_vec();
        guard.append(&mut self.guard);
        self.guard = guard;
        self
    }
}

#[derive(Clone, Debug, Default)]
struct Shape {
    through: Vec<Piece>,
    heads: Vec<Piece>,
    tails: Vec<Piece>,
    inner: Vec<Piece>,
}

/// Splits `body` into phases; `feasible` says whether some run can satisfy all of the given
/// conditions (it must answer `true` when it does not know).
/// `forget_zero_trip` is a deliberate defect for testing the tests (see `Mutation`).
pub fn split(
    body: &SyncProto,
    arith: Arith,
    feasible: &dyn Fn(&[Cond]) -> bool,
    forget_zero_trip: bool,
) -> Split {
    let mut splitter = Splitter::new(arith, feasible, forget_zero_trip, false);
    let (shape, _) = splitter.shape(body);
    Split {
        phases: merge_alternatives(pieces(shape)),
        // Barriers are told apart by their spans: two `sync`s of one span in sequence (a
        // function with a barrier inlined twice, a template recursing with one per level)
        // make phases between different barrier events one phase — sound, but alarms on
        // such a split are potential until replayed.
        approximate: splitter.approximate || repeated_sync_span(body),
    }
}

/// Whether two `sync` (or `syncwarp`) statements of `body` have one span.
fn repeated_sync_span(body: &SyncProto) -> bool {
    fn visit(p: &SyncProto, seen: &mut std::collections::HashSet<(usize, usize)>) -> bool {
        match p {
            SyncProto::U(_) => false,
            SyncProto::Sync(span) | SyncProto::SyncWarp(span) => {
                !seen.insert((span.start, span.end))
            }
            SyncProto::Seq(parts) => parts.iter().any(|q| visit(q, seen)),
            SyncProto::If {
                then_branch,
                else_branch,
                ..
            } => visit(then_branch, seen) | visit(else_branch, seen),
            SyncProto::For { body, .. } => visit(body, seen),
        }
    }
    visit(body, &mut std::collections::HashSet::new())
}

/// Every piece of a whole protocol's shape, in the order phases are listed.
fn pieces(shape: Shape) -> Vec<Piece> {
    shape
        .through
        .into_iter()
        .chain(shape.heads)
        .chain(shape.inner)
        .chain(shape.tails)
        .collect()
}

/// Pieces between the same two barrier events are one phase: under a condition that is not
/// uniform, one thread may take one alternative and another thread the other, in the same
/// phase, so their accesses must be paired. Each group becomes one phase whose body runs
/// every alternative under its own guard (a thread whose guards fail contributes nothing);
/// alternatives of one group are exclusive in practice, and running several would only add
/// pairs.
fn merge_alternatives(pieces: Vec<Piece>) -> Vec<Phase> {
    let mut groups: Vec<((Boundary, Boundary), Vec<Piece>)> = Vec::new();
    let mut index: std::collections::HashMap<(Boundary, Boundary), usize> =
        std::collections::HashMap::new();
    for piece in pieces {
        let key = piece.key();
        match index.get(&key) {
            Some(&i) => groups[i].1.push(piece),
            None => {
                index.insert(key.clone(), groups.len());
                groups.push((key, vec![piece]));
            }
        }
    }
    groups
        .into_iter()
        .map(|(_, group)| merge_group(group))
        .collect()
}

/// One phase of pieces that share their two barrier events (see [`merge_alternatives`]).
fn merge_group(mut group: Vec<Piece>) -> Phase {
    if group.len() == 1 {
        let piece = group.remove(0);
        return Phase {
            guard: piece.guard,
            body: piece.body,
            shared: piece.shared,
            from: piece.from,
            to: piece.to,
        };
    }
    let (from, to) = (group[0].from.clone(), group[0].to.clone());
    let mut shared: Vec<Var> = Vec::new();
    let mut alternatives = Vec::new();
    for piece in group {
        for v in piece.shared {
            if !shared.contains(&v) {
                shared.push(v);
            }
        }
        let span = Span::default();
        let cond = piece
            .guard
            .into_iter()
            .reduce(|a, b| Cond::new(CondKind::And(Box::new(a), Box::new(b)), span))
            .unwrap_or_else(|| Cond::new(CondKind::Bool(true), span));
        alternatives.push(Proto::If {
            cond,
            then_branch: Box::new(piece.body),
            else_branch: Box::new(Proto::Skip),
            span,
        });
    }
    Phase {
        guard: Vec::new(),
        body: Proto::seq(alternatives),
        shared,
        from,
        to,
    }
}

/// What a split remembers of one node of the protocol, to split the protocol again without a
/// barrier ([`without`]): the node's shape without its inner phases, and its children's.
#[derive(Clone, Debug, Default)]
struct Node {
    /// `through`, `heads` and `tails` of the node (`inner` is left empty).
    shape: Shape,
    /// The parts of a sequence; the two branches of a conditional; a loop's body.
    children: Vec<Node>,
    /// `sync`s in the node.
    syncs: usize,
    /// A loop whose barriers the split dropped (see the module doc).
    erased: bool,
    /// A loop's number, in the order the split meets loops.
    loop_id: usize,
}

struct Splitter<'f> {
    arith: Arith,
    approximate: bool,
    feasible: &'f dyn Fn(&[Cond]) -> bool,
    forget_zero_trip: bool,
    /// Keep a [`Node`] of every node of the protocol.
    record: bool,
    /// The number of the next loop met.
    loops: usize,
}

impl<'f> Splitter<'f> {
    fn new(
        arith: Arith,
        feasible: &'f dyn Fn(&[Cond]) -> bool,
        forget_zero_trip: bool,
        record: bool,
    ) -> Self {
        Splitter {
            arith,
            approximate: false,
            feasible,
            forget_zero_trip,
            record,
            loops: 0,
        }
    }

    /// The shape of `p`, and (when recording) its [`Node`].
    fn shape(&mut self, p: &SyncProto) -> (Shape, Node) {
        match p {
            SyncProto::U(u) => {
                let shape = Shape {
                    through: vec![Piece::new(u.clone(), Boundary::Start, Boundary::End)],
                    ..Shape::default()
                };
                let node = self.node(&shape, Vec::new(), 0);
                (shape, node)
            }
            SyncProto::Sync(span) => {
                let shape = sync_shape(*span, false);
                let node = self.node(&shape, Vec::new(), 1);
                (shape, node)
            }
            // The caller chose to split at `syncwarp`s (two lanes of one warp, see
            // `SyncProto::SyncWarp`): they cut phases exactly as `sync`s do.
            SyncProto::SyncWarp(span) => {
                let shape = sync_shape(*span, true);
                let node = self.node(&shape, Vec::new(), 1);
                (shape, node)
            }
            SyncProto::Seq(parts) => {
                // Folding `seq` over the parts would move every inner phase found so far at
                // each step: quadratic in the number of barriers. The fold's order is known —
                // the phases straddling two consecutive parts, latest first, then each part's
                // own inner phases in order — so both lists are kept aside, `acc.inner` stays
                // empty, and they are joined once at the end, in that same order.
                let mut acc = seq_start();
                let mut straddling: Vec<Vec<Piece>> = Vec::new();
                let mut own: Vec<Piece> = Vec::new();
                let mut children = Vec::new();
                let mut syncs = 0;
                for part in parts {
                    let (mut next, child) = self.shape(part);
                    own.append(&mut next.inner);
                    let mut here = Vec::new();
                    acc = seq(acc, &next, &mut here, false);
                    straddling.push(here);
                    syncs += child.syncs;
                    if self.record {
                        children.push(Node {
                            shape: next,
                            ..child
                        });
                    }
                }
                acc.inner = straddling.into_iter().rev().flatten().chain(own).collect();
                let node = self.node(&acc, children, syncs);
                (acc, node)
            }
            SyncProto::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                let (yes, yes_node) = self.shape(then_branch);
                let (no, no_node) = self.shape(else_branch);
                let syncs = yes_node.syncs + no_node.syncs;
                let children = if self.record {
                    vec![
                        Node {
                            shape: without_inner(&yes),
                            ..yes_node
                        },
                        Node {
                            shape: without_inner(&no),
                            ..no_node
                        },
                    ]
                } else {
                    Vec::new()
                };
                let out = if_shape(cond, yes, no);
                let node = self.node(&out, children, syncs);
                (out, node)
            }
            SyncProto::For {
                var,
                range,
                body,
                span,
            } => {
                let loop_id = self.loops;
                self.loops += 1;
                let (mut inner, body_node) = self.shape(body);
                let syncs = body_node.syncs;
                let children = if self.record {
                    vec![Node {
                        shape: without_inner(&inner),
                        ..body_node
                    }]
                } else {
                    Vec::new()
                };
                let it = iteration(&Expr::var(var.name.as_str(), var.span), range, self.arith);
                inner.through.retain(|p| {
                    let mut g = p.guard.clone();
                    g.push(it.clone());
                    (self.feasible)(&g)
                });
                let erased = !inner.through.is_empty();
                let out = if erased {
                    self.approximate = true;
                    erased_loop(var, range, body, *span)
                } else {
                    self.barrier_loop(var, range, inner, loop_id, false)
                };
                let mut node = self.node(&out, children, syncs);
                node.erased = erased;
                node.loop_id = loop_id;
                (out, node)
            }
        }
    }

    /// The [`Node`] of a node whose shape is `shape`, when recording (else an empty one that
    /// only counts `sync`s).
    fn node(&self, shape: &Shape, children: Vec<Node>, syncs: usize) -> Node {
        Node {
            shape: if self.record {
                without_inner(shape)
            } else {
                Shape::default()
            },
            children,
            syncs,
            erased: false,
            loop_id: 0,
        }
    }

    /// The shape of a barrier loop whose body always reaches a barrier. With `only_fresh`
    /// ([`without`]), `body.inner` holds only the body's fresh inner phases, and only the
    /// straddling phases with a fresh half are made: the others are the plain split's.
    fn barrier_loop(
        &mut self,
        var: &Ident,
        range: &Range,
        body: Shape,
        loop_id: usize,
        only_fresh: bool,
    ) -> Shape {
        let x = var.name.as_str();
        let xvar = Var::from(x);
        let xv = Expr::var(x, var.span);
        let in_x = iteration(&xv, range, self.arith);
        let first = range.start.clone();
        let mut out = Shape::default();
        // Zero trips.
        if !self.forget_zero_trip {
            let mut zero = Piece::new(Proto::Skip, Boundary::Start, Boundary::End)
                .guarded(&[not(in_range(&first, range))]);
            zero.zero.push(loop_id);
            out.through.push(zero);
        }
        // The first head: x = start.
        for h in &body.heads {
            let mut h = h.clone();
            subst_piece(&mut h, x, &first);
            out.heads.push(h.guarded(&[in_range(&first, range)]));
        }
        // Inner phases of every iteration.
        for p in &body.inner {
            let mut p = p.clone().guarded(std::slice::from_ref(&in_x));
            p.shared.insert(0, xvar.clone());
            tag_iteration(&mut p, &xvar);
            out.inner.push(p);
        }
        // Straddling: tail at x, head at next(x).
        let next = step(&xv, range);
        for t in &body.tails {
            for h in &body.heads {
                if only_fresh && !t.fresh && !h.fresh {
                    continue;
                }
                let mut t = t.clone();
                t.shared.insert(0, xvar.clone());
                tag_iteration(&mut t, &xvar);
                let mut h = h.clone();
                let x2 = next_iteration(&mut h, &xvar);
                h.shared.insert(0, x2.clone());
                tag_iteration(&mut h, &x2);
                let x2v = Expr::var(x2, var.span);
                let link = Cond::new(
                    CondKind::Cmp(CmpOp::Eq, x2v.clone(), next.clone()),
                    var.span,
                );
                let piece = t
                    .then(&h)
                    .guarded(&[in_x.clone(), in_range(&next, range), link]);
                out.inner.push(piece);
            }
        }
        // The last tail: x in range, next(x) not.
        for t in &body.tails {
            let mut t = t.clone();
            t.shared.insert(0, xvar.clone());
            tag_iteration(&mut t, &xvar);
            out.tails
                .push(t.guarded(&[in_x.clone(), not(in_range(&next, range))]));
        }
        out
    }
}

/// The shape of a `sync` (or `syncwarp`): a head ending at it and a tail starting from it.
fn sync_shape(span: Span, warp: bool) -> Shape {
    let at = Boundary::Sync {
        span,
        iteration: Vec::new(),
        warp,
    };
    Shape {
        heads: vec![Piece::new(Proto::Skip, Boundary::Start, at.clone())],
        tails: vec![Piece::new(Proto::Skip, at, Boundary::End)],
        ..Shape::default()
    }
}

/// The shape a sequence's fold starts from: the empty sequence.
fn seq_start() -> Shape {
    Shape {
        through: vec![Piece::new(Proto::Skip, Boundary::Start, Boundary::End)],
        ..Shape::default()
    }
}

/// The shape of `if cond {yes} else {no}`.
fn if_shape(cond: &Cond, yes: Shape, no: Shape) -> Shape {
    let not = Cond::new(CondKind::Not(Box::new(cond.clone())), cond.span);
    let mut out = Shape::default();
    for (shape, c) in [(yes, cond.clone()), (no, not)] {
        let g = [c];
        out.through
            .extend(shape.through.into_iter().map(|p| p.guarded(&g)));
        out.heads
            .extend(shape.heads.into_iter().map(|p| p.guarded(&g)));
        out.tails
            .extend(shape.tails.into_iter().map(|p| p.guarded(&g)));
        out.inner
            .extend(shape.inner.into_iter().map(|p| p.guarded(&g)));
    }
    out
}

/// A loop whose barriers are dropped: one unsynchronised piece.
fn erased_loop(var: &Ident, range: &Range, body: &SyncProto, span: Span) -> Shape {
    Shape {
        through: vec![Piece::new(
            Proto::For {
                var: var.clone(),
                range: range.clone(),
                body: Box::new(erase(body)),
                span,
            },
            Boundary::Start,
            Boundary::End,
        )],
        ..Shape::default()
    }
}

fn without_inner(shape: &Shape) -> Shape {
    Shape {
        through: shape.through.clone(),
        heads: shape.heads.clone(),
        tails: shape.tails.clone(),
        inner: Vec::new(),
    }
}

/// `a` then `b`, for their through, heads and tails; the phases that straddle the two (a
/// tail of `a`, then a head of `b`) go to `straddles` — only those with a fresh half when
/// `only_fresh` ([`without`]). Inner phases are the caller's.
fn seq(a: Shape, b: &Shape, straddles: &mut Vec<Piece>, only_fresh: bool) -> Shape {
    let mut out = Shape::default();
    for p in &a.through {
        for q in &b.through {
            out.through.push(p.then(q));
        }
        for q in &b.heads {
            out.heads.push(p.then(q));
        }
    }
    out.heads.extend(a.heads);
    for p in &a.tails {
        for q in &b.through {
            out.tails.push(p.then(q));
        }
        for q in &b.heads {
            if !only_fresh || p.fresh || q.fresh {
                straddles.push(p.then(q));
            }
        }
    }
    out.tails.extend(b.tails.iter().cloned());
    out
}

fn not(c: Cond) -> Cond {
    let span = c.span;
    Cond::new(CondKind::Not(Box::new(c)), span)
}

/// Adds the iteration variable to the names of the barriers at the piece's ends that lie in
/// this loop's body.
fn tag_iteration(p: &mut Piece, var: &Var) {
    for b in [&mut p.from, &mut p.to] {
        if let Boundary::Sync { iteration, .. } = b {
            iteration.insert(0, Iteration::Var(var.clone()));
        }
    }
}

/// Renames, in a straddling phase's second half, the barrier-loop variable `x` and the
/// barrier-loop variables bound inside the loop body to their copies for the next iteration
/// ([`Var::Next`], printed `x'`), so that the two iterations do not share them. Returns the
/// copy of `x`.
///
/// Unknowns need no renaming: a query encodes one access per thread copy, so each unknown is
/// evaluated at one point per copy, and a fresh constant per copy is exactly as free as a
/// function of the loop variables would be.
fn next_iteration(p: &mut Piece, x: &Var) -> Var {
    let mut renames: Vec<(Var, Var)> = vec![(x.clone(), x.clone().next())];
    for v in &p.shared {
        renames.push((v.clone(), v.clone().next()));
    }
    for (from, to) in &renames {
        rename_piece_var(p, from, to);
    }
    p.shared = p.shared.drain(..).map(Var::next).collect();
    for b in [&mut p.from, &mut p.to] {
        if let Boundary::Sync { iteration, .. } = b {
            for it in iteration.iter_mut() {
                if let Iteration::Var(v) = it {
                    if let Some((_, to)) = renames.iter().find(|(a, _)| a == v) {
                        *v = to.clone();
                    }
                }
            }
        }
    }
    x.clone().next()
}

fn rename_piece_var(p: &mut Piece, from: &Var, to: &Var) {
    let by = Expr::var(to.clone(), Span::default());
    p.body = subst_proto(&p.body, from, &by);
    p.guard = p.guard.iter().map(|c| subst_cond(c, from, &by)).collect();
}

fn subst_piece(p: &mut Piece, x: &str, value: &Expr) {
    p.body = subst_proto(&p.body, x, value);
    p.guard = p.guard.iter().map(|c| subst_cond(c, x, value)).collect();
    // The first iteration's barrier is named by the start value.
    for b in [&mut p.from, &mut p.to] {
        if let Boundary::Sync { iteration, .. } = b {
            iteration.insert(
                0,
                Iteration::Start {
                    var: x.to_string(),
                    value: value.without_spans(),
                },
            );
        }
    }
}

impl Boundary {
    /// The event in words, with `at` naming a source position and `values` the iteration
    /// variables' values when known.
    pub fn describe(
        &self,
        at: impl Fn(Span) -> String,
        values: &std::collections::BTreeMap<Var, i128>,
    ) -> String {
        match self {
            Boundary::Start => "the start".into(),
            Boundary::End => "the end".into(),
            Boundary::Sync {
                span,
                iteration,
                warp,
            } => {
                let keyword = if *warp { "syncwarp" } else { "sync" };
                let mut s = format!("the `{keyword}` at {}", at(*span));
                if !iteration.is_empty() {
                    let its: Vec<String> = iteration
                        .iter()
                        .map(|it| match it {
                            Iteration::Var(v) => match values.get(v) {
                                Some(x) => format!("{v} = {x}"),
                                None => v.to_string(),
                            },
                            Iteration::Start { .. } => it.to_string(),
                        })
                        .collect();
                    s.push_str(&format!(" ({})", its.join(", ")));
                }
                s
            }
        }
    }
}

impl fmt::Display for Boundary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Boundary::Start => f.write_str("start"),
            Boundary::End => f.write_str("end"),
            Boundary::Sync {
                span,
                iteration,
                warp,
            } => {
                let keyword = if *warp { "syncwarp" } else { "sync" };
                write!(f, "{keyword}@{}", span.start)?;
                if !iteration.is_empty() {
                    let its: Vec<String> = iteration.iter().map(Iteration::to_string).collect();
                    write!(f, "[{}]", its.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Iteration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Iteration::Var(v) => write!(f, "{v}"),
            Iteration::Start { var, value } => write!(f, "{var}={value}"),
        }
    }
}
