//! The phases a kernel gains when one barrier is removed, without splitting the kernel again:
//! what the redundant-barrier advice ([`crate::redundant`]) needs, in time proportional to
//! the neighbourhood of the barrier rather than to the kernel.
//!
//! Replace the `sync` at `s` by `skip`. A piece of the new split (a path between two barrier
//! events) either passes the place where `s` was — it is *fresh* — or it does not, and then
//! it is a piece of the old split too, built the same way from the same parts. Two
//! exceptions: the pieces through a barrier loop that stops being one (its last barrier was
//! `s`, or its body can now finish an iteration without a barrier) are replaced by one
//! fresh piece for the whole loop, so the old pieces that took the loop's zero-trip case
//! go (they carry the loop in `Piece::zero`); and the old pieces that start
//! or end at `s` go with it. So the new split's phases are: the old ones that do not touch
//! `s` and gain no fresh piece, unchanged, and one phase for each pair of barrier events that
//! has a fresh piece, made of those fresh pieces and the old pieces between the same events.
//!
//! The old split is recorded once ([`split_memo`]): for every node of the protocol, its
//! `through`, `heads` and `tails` (`Node`). Removing `s` recomputes only the
//! nodes on the way from the root to `s`, each from its children's recorded shapes and the
//! one child that changed, and keeps only fresh inner phases:
//!
//! * a sequence refolds from the last part before the changed one that always reaches a
//!   barrier (a *wall*: no `through` piece, so nothing before it can reach past it) to the
//!   first wall after it; its heads are the recorded ones when there is a wall before, its
//!   tails when there is a wall after;
//! * a conditional joins the changed branch with the recorded other one;
//! * a barrier loop keeps its recorded status when it was erased, becomes one unsynchronised
//!   piece when `s` was its last barrier (as the type checker would type it: no feasibility
//!   question), is erased when a fresh body piece can finish an iteration (asked only of the
//!   fresh pieces: the old ones were all infeasible), and otherwise re-makes only the
//!   straddling phases with a fresh half.
//!
//! In a sequence of barriers the window is a few parts, so the cost per barrier does not
//! grow with the kernel. `without` answers the same phases as splitting the edited protocol
//! (`tests` below compare the two on every barrier of the examples and of generated kernels).

use super::{
    erase, erased_loop, if_shape, iteration, merge_group, seq, seq_start, Boundary, Node, Phase,
    Piece, Shape, Split, Splitter,
};
use crate::pairs;
use mapcheck_core::{Arith, Span};
use mapcheck_typeck::term::{Cond, Expr};
use mapcheck_typeck::{Proto, SyncProto};
use std::collections::{BTreeMap, HashMap};

/// A split kept with what it takes to split again without one barrier.
#[derive(Debug)]
pub struct Memo {
    root: Node,
    /// The old split's pieces, by the pair of barrier events they run between.
    by_key: HashMap<(Boundary, Boundary), Vec<Piece>>,
    /// Where each `sync` sits in the protocol: the child indices from the root (several
    /// places when statements share a span, as a front end may make them).
    paths: HashMap<(usize, usize), Vec<Vec<usize>>>,
    /// The old split dropped barriers.
    pub approximate: bool,
}

/// The phases of a kernel without one barrier that are not phases of the kernel with it.
#[derive(Debug)]
pub struct Without {
    pub phases: Vec<NewPhase>,
    /// The split without the barrier drops barriers: exactly when it erases a loop, if the
    /// old split was exact (an approximate old split stays approximate here, even when the
    /// erased loop loses its last barrier: what the advice asks is whether both are exact).
    pub approximate: bool,
}

/// A phase of the split without a barrier that the split with it does not have.
#[derive(Debug)]
pub struct NewPhase {
    pub phase: Phase,
    /// The accesses of [`pairs::accesses`] of the phase's body that lie on paths through the
    /// removed barrier come first, and are this many; a pair of two later accesses is a pair
    /// of the old split's phase between the same barrier events.
    pub fresh_accesses: usize,
}

/// Splits `body` as [`super::split`] does, and records the split for [`Memo::without`].
pub fn split_memo(
    body: &SyncProto,
    arith: Arith,
    feasible: &dyn Fn(&[Cond]) -> bool,
    forget_zero_trip: bool,
) -> (Split, Memo) {
    let mut splitter = Splitter::new(arith, feasible, forget_zero_trip, true);
    let (shape, root) = splitter.shape(body);
    let pieces = super::pieces(shape);
    let mut by_key: HashMap<(Boundary, Boundary), Vec<Piece>> = HashMap::new();
    for p in &pieces {
        by_key.entry(p.key()).or_default().push(p.clone());
    }
    let mut paths = HashMap::new();
    sync_paths(body, &mut Vec::new(), &mut paths);
    let split = Split {
        phases: super::merge_alternatives(pieces),
        approximate: splitter.approximate,
    };
    let memo = Memo {
        root,
        by_key,
        paths,
        approximate: splitter.approximate,
    };
    (split, memo)
}

fn sync_paths(
    p: &SyncProto,
    at: &mut Vec<usize>,
    out: &mut HashMap<(usize, usize), Vec<Vec<usize>>>,
) {
    let children: Vec<&SyncProto> = match p {
        SyncProto::U(_) | SyncProto::SyncWarp(_) => Vec::new(),
        SyncProto::Sync(span) => {
            out.entry((span.start, span.end))
                .or_default()
                .push(at.clone());
            Vec::new()
        }
        SyncProto::Seq(parts) => parts.iter().collect(),
        SyncProto::If {
            then_branch,
            else_branch,
            ..
        } => vec![then_branch, else_branch],
        SyncProto::For { body, .. } => vec![body],
    };
    for (i, c) in children.into_iter().enumerate() {
        at.push(i);
        sync_paths(c, at, out);
        at.pop();
    }
}

impl Memo {
    /// The new phases of `body` (the protocol [`split_memo`] split) with every `sync` at
    /// `span` replaced by `skip`, asking `feasible` only about fresh pieces; `None` when no
    /// `sync` of `body` is at `span`. `forget_zero_trip` as for the split.
    pub fn without(
        &self,
        body: &SyncProto,
        span: Span,
        arith: Arith,
        feasible: &dyn Fn(&[Cond]) -> bool,
        forget_zero_trip: bool,
    ) -> Option<Without> {
        let (groups, approximate) =
            self.fresh_groups(body, span, arith, feasible, forget_zero_trip)?;
        let phases = groups
            .into_iter()
            .map(|(_, group, fresh_accesses)| NewPhase {
                phase: merge_group(group),
                fresh_accesses,
            })
            .collect();
        Some(Without {
            phases,
            approximate,
        })
    }

    /// The pieces of [`Memo::without`]'s phases, by phase key: the fresh pieces first, then
    /// the old ones, with the number of accesses in the fresh ones; and whether the split
    /// without the barrier drops barriers.
    #[allow(clippy::type_complexity)]
    fn fresh_groups(
        &self,
        body: &SyncProto,
        span: Span,
        arith: Arith,
        feasible: &dyn Fn(&[Cond]) -> bool,
        forget_zero_trip: bool,
    ) -> Option<(Vec<((Boundary, Boundary), Vec<Piece>, usize)>, bool)> {
        let paths = self.paths.get(&(span.start, span.end))?;
        let paths: Vec<&[usize]> = paths.iter().map(Vec::as_slice).collect();
        let mut splitter = Splitter::new(arith, feasible, forget_zero_trip, false);
        let mut changed = Vec::new();
        let Some(shape) = splitter.reshape(body, &self.root, &paths, &mut changed) else {
            // A barrier inside an erased loop: the split is the same without it.
            return Some((Vec::new(), self.approximate));
        };
        let mut fresh: Vec<((Boundary, Boundary), Vec<Piece>)> = Vec::new();
        for p in super::pieces(shape).into_iter().filter(|p| p.fresh) {
            let key = p.key();
            match fresh.iter_mut().find(|(k, _)| *k == key) {
                Some((_, group)) => group.push(p),
                None => fresh.push((key, vec![p])),
            }
        }
        let groups = fresh
            .into_iter()
            .map(|(key, mut group)| {
                let fresh_accesses = group.iter().map(|p| pairs::accesses(&p.body).len()).sum();
                let old = self.by_key.get(&key).into_iter().flatten();
                group.extend(
                    old.filter(|p| !p.zero.iter().any(|z| changed.contains(z)))
                        .cloned(),
                );
                (key, group, fresh_accesses)
            })
            .collect();
        Some((groups, splitter.approximate || self.approximate))
    }
}

impl Splitter<'_> {
    /// The shape of `p` (whose old split is `node`) with the `sync`s at the ends of `paths`
    /// replaced by `skip`: `through`, `heads` and `tails` in full, fresh inner phases only.
    /// `None` when nothing changes. The loops that stop being barrier loops go to `changed`.
    fn reshape(
        &mut self,
        p: &SyncProto,
        node: &Node,
        paths: &[&[usize]],
        changed: &mut Vec<usize>,
    ) -> Option<Shape> {
        if paths.is_empty() {
            return None;
        }
        match p {
            SyncProto::U(_) | SyncProto::SyncWarp(_) => None,
            SyncProto::Sync(_) => {
                let mut skip =
                    Piece::new(Proto::Skip, super::Boundary::Start, super::Boundary::End);
                skip.fresh = true;
                Some(Shape {
                    through: vec![skip],
                    ..Shape::default()
                })
            }
            SyncProto::Seq(parts) => {
                let mut by_part: BTreeMap<usize, Vec<&[usize]>> = BTreeMap::new();
                for path in paths {
                    if let Some((k, rest)) = path.split_first() {
                        by_part.entry(*k).or_default().push(rest);
                    }
                }
                let mut new: BTreeMap<usize, Shape> = BTreeMap::new();
                for (k, rest) in by_part {
                    if let (Some(part), Some(child)) = (parts.get(k), node.children.get(k)) {
                        if let Some(shape) = self.reshape(part, child, &rest, changed) {
                            new.insert(k, shape);
                        }
                    }
                }
                let (first, last) = (*new.keys().next()?, *new.keys().next_back()?);
                let mut inner: Vec<Piece> = Vec::new();
                for shape in new.values_mut() {
                    inner.append(&mut shape.inner);
                }
                let empty = Shape::default();
                let shape_of = |j: usize| -> &Shape {
                    new.get(&j)
                        .or_else(|| node.children.get(j).map(|c| &c.shape))
                        .unwrap_or(&empty)
                };
                let wall = |j: usize| shape_of(j).through.is_empty();
                let before = (0..first).rev().find(|&j| wall(j));
                let after = (last + 1..parts.len()).find(|&j| wall(j));
                let (mut acc, from) = match before {
                    // Nothing reaches past a wall: the fold's state after it is its tails.
                    Some(w) => (
                        Shape {
                            tails: shape_of(w).tails.clone(),
                            ..Shape::default()
                        },
                        w + 1,
                    ),
                    None => (seq_start(), 0),
                };
                let to = after.unwrap_or(parts.len().saturating_sub(1));
                for j in from..=to {
                    acc = seq(acc, shape_of(j), &mut inner, true);
                }
                Some(Shape {
                    through: acc.through,
                    heads: match before {
                        Some(_) => node.shape.heads.clone(),
                        None => acc.heads,
                    },
                    tails: match after {
                        Some(_) => node.shape.tails.clone(),
                        None => acc.tails,
                    },
                    inner,
                })
            }
            SyncProto::If {
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                let (mut yes_paths, mut no_paths) = (Vec::new(), Vec::new());
                for path in paths {
                    match path.split_first() {
                        Some((&0, rest)) => yes_paths.push(rest),
                        Some((_, rest)) => no_paths.push(rest),
                        None => {}
                    }
                }
                let recorded = |i: usize| node.children.get(i).map(|c| c.shape.clone());
                let (yes_node, no_node) = (node.children.first()?, node.children.get(1)?);
                let yes = self.reshape(then_branch, yes_node, &yes_paths, changed);
                let no = self.reshape(else_branch, no_node, &no_paths, changed);
                if yes.is_none() && no.is_none() {
                    return None;
                }
                let yes = yes.or_else(|| recorded(0))?;
                let no = no.or_else(|| recorded(1))?;
                Some(if_shape(cond, yes, no))
            }
            SyncProto::For {
                var,
                range,
                body,
                span,
            } => {
                if node.erased {
                    // Still erased: its body can still finish an iteration without a
                    // barrier (the same feasible piece), and the piece is the same.
                    return None;
                }
                let rest: Vec<&[usize]> = paths.iter().filter_map(|p| p.get(1..)).collect();
                let mut inner = self.reshape(body, node.children.first()?, &rest, changed)?;
                if node.syncs <= paths.len() {
                    // Its last barrier goes: an unsynchronised loop, as the type checker
                    // types a loop without `sync`.
                    changed.push(node.loop_id);
                    let mut piece = Piece::new(
                        Proto::For {
                            var: var.clone(),
                            range: range.clone(),
                            body: Box::new(erase(body)),
                            span: *span,
                        },
                        super::Boundary::Start,
                        super::Boundary::End,
                    );
                    piece.fresh = true;
                    return Some(Shape {
                        through: vec![piece],
                        ..Shape::default()
                    });
                }
                let it = iteration(&Expr::var(var.name.as_str(), var.span), range, self.arith);
                // The old through pieces were all infeasible (the loop was not erased).
                let finishes = inner.through.iter().any(|p| {
                    p.fresh && {
                        let mut g = p.guard.clone();
                        g.push(it.clone());
                        (self.feasible)(&g)
                    }
                });
                if finishes {
                    changed.push(node.loop_id);
                    self.approximate = true;
                    let mut shape = erased_loop(var, range, body, *span);
                    for p in &mut shape.through {
                        p.fresh = true;
                    }
                    return Some(shape);
                }
                inner.through.clear();
                Some(self.barrier_loop(var, range, inner, node.loop_id, true))
            }
        }
    }
}

/// Where [`compare_with_split`] found [`Memo::without`] and a plain split of the edited
/// protocol to disagree; `start..end` is the removed barrier's span.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    #[error("no barrier at {start}..{end}")]
    NoBarrier { start: usize, end: usize },
    #[error("without the sync at {start}..{end}, phase {key}:\n  split:   {split:?}\n  without: {without:?}")]
    Phase {
        start: usize,
        end: usize,
        key: String,
        split: Vec<String>,
        without: Vec<String>,
    },
    #[error("without the sync at {start}..{end}: phase {key} is not in the split")]
    Extra {
        start: usize,
        end: usize,
        key: String,
    },
    #[error("phase {key}: the fresh pieces do not come first")]
    FreshNotFirst { key: String },
    #[error(
        "without the sync at {start}..{end}: approximate {approximate}, the split says {split}"
    )]
    Approximate {
        start: usize,
        end: usize,
        approximate: bool,
        split: bool,
    },
}

/// For tests (here and in `tests/`): for every `sync` of `body`, compares [`Memo::without`]
/// with a plain split of the protocol edited as the type checker would type the kernel
/// without that `sync` — `Sync` read as `skip`, a barrier loop left without barriers read as
/// an unsynchronised loop. Every phase of the edited split must be, piece for piece, either
/// one of `without`'s (fresh pieces and old ones) or the old split's phase between the same
/// barrier events; and `without` must find no phase the edited split lacks. `feasible` answers
/// both splits' feasibility questions. Returns the number of barriers compared.
#[doc(hidden)]
pub fn compare_with_split(
    body: &SyncProto,
    arith: Arith,
    feasible: &dyn Fn(&[Cond]) -> bool,
) -> Result<usize, Mismatch> {
    let (_, memo) = split_memo(body, arith, feasible, false);
    let describe = |pieces: &[Piece]| -> Vec<String> {
        let mut d: Vec<String> = pieces
            .iter()
            .map(|p| {
                format!(
                    "{} -> {} when {:?} shared {:?}: {:?}",
                    p.from, p.to, p.guard, p.shared, p.body
                )
            })
            .collect();
        d.sort();
        d
    };
    let mut spans: Vec<&(usize, usize)> = memo.paths.keys().collect();
    spans.sort();
    for &&(start, end) in &spans {
        let span = Span::new(start, end);
        let (groups, approximate) = memo
            .fresh_groups(body, span, arith, feasible, false)
            .ok_or(Mismatch::NoBarrier { start, end })?;
        let mut splitter = Splitter::new(arith, feasible, false, false);
        let (shape, _) = splitter.shape(&edit(body, span));
        // In the order the split lists its phases, so that the first difference is reported.
        let mut expected: Vec<((Boundary, Boundary), Vec<Piece>)> = Vec::new();
        for p in super::pieces(shape) {
            let key = p.key();
            match expected.iter_mut().find(|(k, _)| *k == key) {
                Some((_, group)) => group.push(p),
                None => expected.push((key, vec![p])),
            }
        }
        let mine: HashMap<&(Boundary, Boundary), &Vec<Piece>> =
            groups.iter().map(|(k, g, _)| (k, g)).collect();
        for (key, pieces) in &expected {
            let key_text = format!("{} -> {}", key.0, key.1);
            let got = match mine.get(key) {
                Some(g) => describe(g),
                None => describe(memo.by_key.get(key).map_or(&[][..], Vec::as_slice)),
            };
            if got != describe(pieces) {
                return Err(Mismatch::Phase {
                    start,
                    end,
                    key: key_text,
                    split: describe(pieces),
                    without: got,
                });
            }
        }
        if let Some((from, to)) = groups
            .iter()
            .map(|(k, _, _)| k)
            .find(|k| !expected.iter().any(|(e, _)| e == *k))
        {
            return Err(Mismatch::Extra {
                start,
                end,
                key: format!("{from} -> {to}"),
            });
        }
        for (key, group, fresh_accesses) in &groups {
            let counted: usize = group
                .iter()
                .filter(|p| p.fresh)
                .map(|p| pairs::accesses(&p.body).len())
                .sum();
            if counted != *fresh_accesses
                || group.iter().take_while(|p| p.fresh).count()
                    != group.iter().filter(|p| p.fresh).count()
            {
                return Err(Mismatch::FreshNotFirst {
                    key: format!("{} -> {}", key.0, key.1),
                });
            }
        }
        if !memo.approximate && approximate != splitter.approximate {
            return Err(Mismatch::Approximate {
                start,
                end,
                approximate,
                split: splitter.approximate,
            });
        }
    }
    Ok(spans.len())
}

/// `p` with the `sync`s at `span` replaced by `skip`, and a barrier loop left without a
/// `sync` made an unsynchronised loop, as the type checker types the edited kernel.
fn edit(p: &SyncProto, span: Span) -> SyncProto {
    match p {
        SyncProto::Sync(s) if *s == span => SyncProto::U(Proto::Skip),
        SyncProto::U(_) | SyncProto::Sync(_) | SyncProto::SyncWarp(_) => p.clone(),
        SyncProto::Seq(parts) => SyncProto::Seq(parts.iter().map(|q| edit(q, span)).collect()),
        SyncProto::If {
            cond,
            then_branch,
            else_branch,
            span: at,
        } => SyncProto::If {
            cond: cond.clone(),
            then_branch: Box::new(edit(then_branch, span)),
            else_branch: Box::new(edit(else_branch, span)),
            span: *at,
        },
        SyncProto::For {
            var,
            range,
            body,
            span: at,
        } => {
            let body = edit(body, span);
            // As the type checker types a loop: a barrier loop while a `sync` or a `syncwarp`
            // is left in its body.
            if body.barriers().is_empty() && !body.has_syncwarp() {
                SyncProto::U(Proto::For {
                    var: var.clone(),
                    range: range.clone(),
                    body: Box::new(erase(&body)),
                    span: *at,
                })
            } else {
                SyncProto::For {
                    var: var.clone(),
                    range: range.clone(),
                    body: Box::new(body),
                    span: *at,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
