//! The queries a decision sends, kept for `--emit smt`: what each asks ([`Asked`]) and its
//! constraints as SMT-LIB text. The decision runs in one thread ([`crate::solve::context`]),
//! and its queries are asked from many places (the split, the race and divergence queries, their
//! follow-ups, the witness search, the confirmation, the retries of [`crate::query::Built`]),
//! so the keeper is the thread's: [`keeping`] installs it around a decision, and [`keep`] is a
//! no-op when none is installed.

use crate::phases::Boundary;
use crate::{fast, solve, Conflict};
use mapcheck_core::Span;
use std::cell::RefCell;
use z3::ast::Bool;

/// What one solver query of a decision asks (`--emit smt`).
#[derive(Clone, Debug)]
pub enum Asked {
    /// A question of the phase split: can some thread satisfy all of these conditions?
    Feasibility { conditions: Vec<String> },
    /// Two threads reach these two accesses on the same cell: of one block in phase `phase`
    /// (its index in the split) or, at grid level (`phase` is `None`), of different blocks.
    Race {
        phase: Option<(usize, Boundary, Boundary)>,
        array: String,
        conflict: Conflict,
        locations: (Span, Span),
    },
    /// One thread of a block reaches the `sync` at this span and another does not.
    Divergence { sync: Span },
    /// A thread reaches the access at `location` with its index of dimension `dim` outside
    /// `0..extent` ([`crate::bounds`]).
    OutOfBounds {
        array: String,
        location: Span,
        dim: usize,
        extent: i64,
    },
    /// A race pair settled without the solver, by `rule` ([`fast`]): no query. `phase` as for
    /// [`Asked::Race`] (`None`: grid level).
    Settled {
        phase: Option<(usize, Boundary, Boundary)>,
        array: String,
        conflict: Conflict,
        locations: (Span, Span),
        rule: fast::Rule,
    },
    /// A write-write race asked again with the two stored values apart: `unsat` makes it a
    /// benign race.
    Differ {
        array: String,
        locations: (Span, Span),
    },
    /// A block-level race asked again with the two threads in different warps of `warp`
    /// threads: `unsat` makes it warp-only.
    ApartWarps {
        array: String,
        locations: (Span, Span),
        warp: u32,
    },
    /// A race or divergence query asked again for a witness whose replay finishes
    /// ([`crate::search`]): `subject` with the `tried`-th exclusion of the configurations whose
    /// runs did not finish.
    Finishing { subject: Box<Asked>, tried: usize },
    /// A race of a data-dependent kernel asked again with every read tied to the initial
    /// contents of its cell ([`crate::confirm`]).
    Confirm {
        array: String,
        locations: (Span, Span),
    },
    /// `subject`, which the solver left undecided or answered with a model CUDA does not
    /// allow, asked again another way ([`crate::query::Built`]).
    Again { subject: Box<Asked>, how: Again },
    /// Which value the barrier-loop variable `var` has in a run of the phase from `from` to
    /// `to` (`value` is `None`: find one), or whether it can have another than `value`
    /// (`unsat`: the variable is pinned, and the phase's race queries name the literal;
    /// [`crate::query::pinned`]).
    Pin {
        var: String,
        value: Option<i128>,
        from: Boundary,
        to: Boundary,
    },
}

/// How [`Asked::Again`] asks its query again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Again {
    /// With the distinctness of the two threads in its linear form
    /// ([`crate::query::Built::distinct_alternative`]).
    DistinctLinear,
    /// With CUDA's limit on the threads of a block ([`crate::query::Built::block_limit`]).
    BlockLimit,
}

/// One solver query of a decision: what it asks, and its constraints as SMT-LIB text.
#[derive(Clone, Debug)]
pub struct Query {
    pub asked: Asked,
    pub smtlib: String,
}

thread_local! {
    /// The queries kept so far, while a keeper is installed, and the last query kept that is
    /// not itself a retry (the subject of an [`Asked::Again`]).
    static KEPT: RefCell<Option<(Vec<Query>, Option<Asked>)>> = const { RefCell::new(None) };
}

/// Runs `f` (a decision in this thread) keeping every query it sends, in order.
pub fn keeping<R>(f: impl FnOnce() -> R) -> (R, Vec<Query>) {
    let previous = KEPT.with(|k| k.replace(Some((Vec::new(), None))));
    let answer = f();
    let kept = KEPT.with(|k| k.replace(previous));
    (answer, kept.map(|(queries, _)| queries).unwrap_or_default())
}

/// Keeps a query about to be sent, when a keeper is installed.
pub fn keep(asked: impl FnOnce() -> Asked, constraints: &[Bool]) {
    push(asked, Some(constraints));
}

/// Keeps a pair the fast path settled, when a keeper is installed: no query, no SMT-LIB text.
pub fn keep_settled(asked: impl FnOnce() -> Asked) {
    push(asked, None);
}

/// Keeps the last query kept asked again `how`, with `constraints`.
pub fn keep_again(how: Again, constraints: &[Bool]) {
    let subject = KEPT.with(|k| k.borrow().as_ref().and_then(|(_, last)| last.clone()));
    if let Some(subject) = subject {
        push(
            || Asked::Again {
                subject: Box::new(subject),
                how,
            },
            Some(constraints),
        );
    }
}

/// The last query kept that is not a retry, when a keeper is installed.
pub fn last() -> Option<Asked> {
    KEPT.with(|k| k.borrow().as_ref().and_then(|(_, last)| last.clone()))
}

fn push(asked: impl FnOnce() -> Asked, constraints: Option<&[Bool]>) {
    KEPT.with(|k| {
        if let Some((queries, last)) = k.borrow_mut().as_mut() {
            let asked = asked();
            if !matches!(asked, Asked::Again { .. } | Asked::Settled { .. }) {
                *last = Some(asked.clone());
            }
            queries.push(Query {
                asked,
                smtlib: constraints.map(solve::smtlib).unwrap_or_default(),
            });
        }
    });
}
