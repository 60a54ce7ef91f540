//! Pass 2 — access pairing: the accesses of a phase with the path that leads to each (the
//! conditions taken, the unsynchronised loops around it, the `assume`s before it), and the
//! pairs of accesses that could race: same array, at least one writing, not both atomic
//! (SPEC §6). Pairs are keyed by their two source locations, so each racing pair of places is
//! decided — and reported — once.

use mapcheck_core::ast::Space;
use mapcheck_core::Span;
use mapcheck_typeck::term::{Cond, CondKind, Range};
use mapcheck_typeck::{Acc, Mode, Proto};

/// One step of the path to an access, for one thread.
#[derive(Clone, Debug)]
pub enum Step {
    /// The condition of an enclosing `if` (negated in the `else` branch).
    Cond(Cond),
    /// An enclosing unsynchronised loop: its variable is the thread's own.
    Loop { var: String, range: Range },
}

/// An access with the path that reaches it.
#[derive(Clone, Debug)]
pub struct PathAccess {
    pub acc: Acc,
    pub path: Vec<Step>,
    /// The arms of the conditionals around the access, outermost first: the conditional's
    /// identity (its node's address in the protocol walked, stable while the pairs live) and
    /// whether the access is in its then-branch (`mapcheck_core::interp::opposite_arms`).
    pub arms: Vec<(usize, bool)>,
}

/// Every access of `u`, in order, each with its path. `assume`s met before an access in
/// sequence are part of its path.
pub fn accesses(u: &Proto) -> Vec<PathAccess> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    walk(u, &mut path, &mut Vec::new(), &mut out);
    out
}

fn walk(u: &Proto, path: &mut Vec<Step>, arms: &mut Vec<(usize, bool)>, out: &mut Vec<PathAccess>) {
    match u {
        Proto::Skip => {}
        Proto::Acc(acc) => out.push(PathAccess {
            acc: acc.clone(),
            path: path.clone(),
            arms: arms.clone(),
        }),
        Proto::Seq(parts) => {
            let depth = path.len();
            for part in parts {
                walk(part, path, arms, out);
            }
            path.truncate(depth);
        }
        Proto::If {
            cond,
            then_branch,
            else_branch,
            ..
        } => {
            let depth = path.len();
            let at = std::ptr::from_ref(u) as usize;
            path.push(Step::Cond(cond.clone()));
            arms.push((at, true));
            walk(then_branch, path, arms, out);
            arms.pop();
            path.truncate(depth);
            path.push(Step::Cond(Cond::new(
                CondKind::Not(Box::new(cond.clone())),
                cond.span,
            )));
            arms.push((at, false));
            walk(else_branch, path, arms, out);
            arms.pop();
            path.truncate(depth);
        }
        Proto::For {
            var, range, body, ..
        } => {
            let depth = path.len();
            path.push(Step::Loop {
                var: var.name.clone(),
                range: range.clone(),
            });
            walk(body, path, arms, out);
            path.truncate(depth);
        }
        // Later accesses of the enclosing sequence exist only in runs where `c` held; the
        // sequence's `truncate` ends its reach.
        Proto::Assume { cond, .. } => path.push(Step::Cond(cond.clone())),
    }
}

/// The kind of conflict between two accesses, as SPEC §7 names it in `access`.
#[derive(
    schemars::JsonSchema, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Conflict {
    WriteWrite,
    ReadWrite,
    AtomicWrite,
}

impl Conflict {
    pub fn name(self) -> &'static str {
        match self {
            Conflict::WriteWrite => "write-write",
            Conflict::ReadWrite => "read-write",
            Conflict::AtomicWrite => "atomic-write",
        }
    }

    /// The conflict two accesses can have, if any.
    pub fn of(a: Mode, b: Mode) -> Option<Conflict> {
        match (a, b) {
            (Mode::Rd, Mode::Rd) | (Mode::At, Mode::At) => None,
            (Mode::At, _) | (_, Mode::At) => Some(Conflict::AtomicWrite),
            (Mode::Wr, Mode::Wr) => Some(Conflict::WriteWrite),
            _ => Some(Conflict::ReadWrite),
        }
    }
}

/// Two source locations, in a canonical order.
pub type PairKey = (usize, usize, usize, usize);

pub fn key(a: Span, b: Span) -> PairKey {
    let (x, y) = if (a.start, a.end) <= (b.start, b.end) {
        (a, b)
    } else {
        (b, a)
    };
    (x.start, x.end, y.start, y.end)
}

/// The candidate pairs among `accs`: same array, a conflict, and — at grid level — a global
/// array. Each unordered pair once, an access with itself included (two threads running the
/// same statement).
pub fn candidates(accs: &[PathAccess], grid: bool) -> Vec<(usize, usize, Conflict)> {
    let mut out = Vec::new();
    for i in 0..accs.len() {
        for j in i..accs.len() {
            let (a, b) = (&accs[i].acc, &accs[j].acc);
            if a.array.name != b.array.name || (grid && a.space != Space::Global) {
                continue;
            }
            if let Some(conflict) = Conflict::of(a.mode, b.mode) {
                out.push((i, j, conflict));
            }
        }
    }
    out
}
