//! Pass 3a — pairs settled without the solver (issue 15 item 3).
//!
//! Most accesses of real kernels index by the thread: `A[tid.x]` against itself, or
//! `tile[tid.y * 17 + tid.x + 16 * i]` against itself in a phase of the barrier loop over `i`.
//! Two distinct threads of one block never meet on such a pair, whatever the conditions on the
//! paths to it: the two index tuples are the same expression of values the two threads share
//! (parameters, the geometry, the block id, the phase's barrier-loop variables) plus a part
//! that is injective in the thread id. Such a pair is answered `unsat` here, by the rule named
//! in [`Rule`], and `--emit smt` prints the rule in place of a query.
//!
//! Injective parts: an affine form `c · tid + …` of the linear id with `c ≠ 0`; a tuple of
//! dimensions that between them name every thread-id component the block may vary in, each
//! dimension affine in one component (`A[tid.y][tid.x]`); or, with the block's shape fixed, an
//! affine form `cx · tid.x + cy · tid.y + cz · tid.z` whose coefficients are a mixed radix of
//! the shape (`17 · tid.y + tid.x` in 16 × 16 blocks). In machine words the rule also needs the
//! form to stay below 2^(w−1) in magnitude over the block, so that no wrap-around can make two
//! values meet.
//!
//! At grid level (threads of different blocks) the same holds of block and thread ids
//! together, read when the block and the grid have fixed shapes: the geometry's sizes are
//! then numbers, and the index a mixed radix of every id component that varies
//! (`bid.x * ntid.x + tid.x` in a grid of one row; [`settle_grid`]).

use crate::options::mutated;
use crate::pairs::PathAccess;
use crate::query::KernelFacts;
use mapcheck_core::ast::{BinOp, Builtin, Dim, Geometry};
use mapcheck_typeck::term::{Expr, ExprKind};
use mapcheck_typeck::Var;
use std::collections::BTreeMap;

/// Why a pair cannot race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The same index, injective in the thread id, over values both threads share.
    SameInjectiveIndex,
    /// Grid level, geometry fixed: the same index, injective in the block and thread ids
    /// together (the global id `bid.x * ntid.x + tid.x` in a grid of one row).
    SameInjectiveGlobalIndex,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::SameInjectiveIndex => "same-injective-index",
            Rule::SameInjectiveGlobalIndex => "same-injective-global-index",
        }
    }
}

/// The rule that settles a block-level pair of accesses `a` and `b` of one phase, whose
/// shared variables (besides parameters and geometry) are `shared`; `None` when the solver
/// must be asked.
pub fn settle(
    facts: &KernelFacts<'_>,
    shared: &[Var],
    a: &PathAccess,
    b: &PathAccess,
) -> Option<Rule> {
    let index = same_index(facts, a, b)?;
    // The thread ids are the digits; everything else both threads share is one value.
    let leaf = |v: &Var| match v {
        Var::Source(name) => match Builtin::from_name(name) {
            Some(b) if b.is_thread_id() => Leaf::Digit(b),
            Some(_) => Leaf::Shared,
            None if shared.contains(v) || is_param(facts, name) => Leaf::Shared,
            None => Leaf::Foreign,
        },
        Var::Next(_) if shared.contains(v) => Leaf::Shared,
        // An unknown is a per-thread value.
        _ => Leaf::Foreign,
    };
    let forms = forms(index, &leaf)?;
    injective(&forms, facts).then_some(Rule::SameInjectiveIndex)
}

/// The rule that settles a grid-level pair (threads of different blocks) of accesses `a` and
/// `b`, when the block and the grid have fixed shapes: the same index, a mixed radix of the
/// block and thread id components (the geometry's sizes are its constants).
pub fn settle_grid(facts: &KernelFacts<'_>, a: &PathAccess, b: &PathAccess) -> Option<Rule> {
    let (block, grid) = (facts.fixed.block?, facts.fixed.grid?);
    let index = same_index(facts, a, b)?;
    let extent = |b: Builtin| -> i128 {
        let dims = match b.geometry {
            Geometry::Tid | Geometry::Ntid => block,
            Geometry::Bid | Geometry::Nbid => grid,
        };
        match b.dim {
            Some(d) => dims[d as usize],
            None => dims.iter().product(),
        }
    };
    // The block and thread ids are the digits, the geometry's sizes numbers.
    let leaf = |v: &Var| match v {
        Var::Source(name) => match Builtin::from_name(name) {
            Some(b) if matches!(b.geometry, Geometry::Tid | Geometry::Bid) => Leaf::Digit(b),
            Some(b) => Leaf::Number(extent(b)),
            None if is_param(facts, name) => Leaf::Shared,
            None => Leaf::Foreign,
        },
        _ => Leaf::Foreign,
    };
    let forms = forms(index, &leaf)?;
    let ids = [Geometry::Tid, Geometry::Bid];
    let bits = facts.arith.bits();
    forms
        .iter()
        .any(|f| mixed_radix(f, &ids, &extent, bits))
        .then_some(Rule::SameInjectiveGlobalIndex)
}

/// The index of `a` when `b` has the same one (and the decision is not deliberately broken:
/// a mutation must reach the solver's queries unhindered).
fn same_index<'p>(
    facts: &KernelFacts<'_>,
    a: &'p PathAccess,
    b: &PathAccess,
) -> Option<&'p [Expr]> {
    let (ia, ib) = (&a.acc.index, &b.acc.index);
    let same_index = ia.len() == ib.len() && ia.iter().zip(ib).all(|(x, y)| same(x, y));
    (!mutated!(facts) && same_index).then_some(ia.as_slice())
}

fn is_param(facts: &KernelFacts<'_>, v: &str) -> bool {
    facts.params.iter().any(|p| p.name == v)
}

/// How a rule reads a variable of an index.
enum Leaf {
    /// An id the two copies may differ in: a digit of the form.
    Digit(Builtin),
    /// A number the rule knows (a fixed size).
    Number(i128),
    /// A value both copies share.
    Shared,
    /// Anything else (a per-thread value): the rule does not apply.
    Foreign,
}

/// An index as coefficients of the ids the two accesses' threads may differ in, plus a part
/// of shared values only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Form {
    coefficients: BTreeMap<Builtin, i128>,
}

impl Form {
    fn scaled(mut self, k: i128) -> Option<Form> {
        for c in self.coefficients.values_mut() {
            *c = c.checked_mul(k)?;
        }
        self.coefficients.retain(|_, c| *c != 0);
        Some(self)
    }

    fn plus(mut self, other: Form) -> Option<Form> {
        for (v, c) in other.coefficients {
            let sum = self
                .coefficients
                .get(&v)
                .copied()
                .unwrap_or(0)
                .checked_add(c)?;
            self.coefficients.insert(v, sum);
        }
        self.coefficients.retain(|_, c| *c != 0);
        Some(self)
    }

    fn is_shared(&self) -> bool {
        self.coefficients.is_empty()
    }
}

fn forms(index: &[Expr], leaf: &dyn Fn(&Var) -> Leaf) -> Option<Vec<Form>> {
    index.iter().map(|e| affine(e, leaf)).collect()
}

/// `e` as a [`Form`]: affine in the digits `leaf` names, any expression of shared values
/// beside.
fn affine(e: &Expr, leaf: &dyn Fn(&Var) -> Leaf) -> Option<Form> {
    let constant = |e: &Expr| match &e.kind {
        ExprKind::Int(k) => Some(i128::from(*k)),
        ExprKind::Var(v) => match leaf(v) {
            Leaf::Number(k) => Some(k),
            _ => None,
        },
        _ => None,
    };
    match &e.kind {
        ExprKind::Int(_) => Some(Form::default()),
        ExprKind::Var(v) => match leaf(v) {
            Leaf::Digit(b) => Some(Form {
                coefficients: BTreeMap::from([(b, 1)]),
            }),
            Leaf::Number(_) | Leaf::Shared => Some(Form::default()),
            Leaf::Foreign => None,
        },
        ExprKind::Neg(a) => affine(a, leaf)?.scaled(-1),
        ExprKind::Bin(op, a, b) => {
            let (fa, fb) = (affine(a, leaf)?, affine(b, leaf)?);
            match op {
                BinOp::Add => fa.plus(fb),
                BinOp::Sub => fa.plus(fb.scaled(-1)?),
                BinOp::Mul => match (constant(a), constant(b)) {
                    (Some(k), _) => fb.scaled(k),
                    (_, Some(k)) => fa.scaled(k),
                    _ => (fa.is_shared() && fb.is_shared()).then(Form::default),
                },
                // Any other operation keeps a shared value shared, and nothing else.
                _ => (fa.is_shared() && fb.is_shared()).then(Form::default),
            }
        }
        _ => None,
    }
}

/// Whether distinct threads of one block always give different tuples `forms`.
fn injective(forms: &[Form], facts: &KernelFacts<'_>) -> bool {
    let bits = facts.arith.bits();
    let small = |c: i128, span: i128| {
        bits.is_none_or(|w| {
            c.checked_mul(span)
                .is_some_and(|m| m.unsigned_abs() < 1u128 << (w - 1))
        })
    };
    let linear = Builtin::linear(Geometry::Tid);
    // Threads per block: at most 1024 in all, so a linear id spans less than 1024.
    if forms.iter().any(|f| {
        f.coefficients.len() == 1 && f.coefficients.get(&linear).is_some_and(|&c| small(c, 1024))
    }) {
        return true;
    }
    let extent = |d: Dim| -> Option<i128> { facts.fixed.block.map(|b| b[d as usize]) };
    let component = |d: Dim| Builtin::component(Geometry::Tid, d);
    // A component the block may vary in must be named alone by some dimension.
    let varies = |d: Dim| extent(d).is_none_or(|n| n > 1);
    let covered = |d: Dim| {
        forms.iter().any(|f| {
            f.coefficients.len() == 1
                && f.coefficients
                    .get(&component(d))
                    .is_some_and(|&c| small(c, extent(d).unwrap_or(1024)))
        })
    };
    if [Dim::X, Dim::Y, Dim::Z]
        .iter()
        .all(|&d| !varies(d) || covered(d))
    {
        return true;
    }
    // A mixed radix of a fixed shape.
    let Some(shape) = facts.fixed.block else {
        return false;
    };
    let extent = |b: Builtin| match b.dim {
        Some(d) => shape[d as usize],
        None => shape.iter().product(),
    };
    forms
        .iter()
        .any(|f| mixed_radix(f, &[Geometry::Tid], &extent, bits))
}

/// Whether the form is injective over the box of the digits of `ids` (each of extent more than
/// 1 must appear): sorted by coefficient, each at least the span of those before it, and, in
/// machine words, the whole span below 2^(w−1). A linear id and its components in one form
/// are not digits of one box: no.
fn mixed_radix(
    f: &Form,
    ids: &[Geometry],
    extent: &dyn Fn(Builtin) -> i128,
    bits: Option<u32>,
) -> bool {
    let mut terms: Vec<(i128, i128)> = Vec::new();
    for &geometry in ids {
        let linear = Builtin::linear(geometry);
        let components = [Dim::X, Dim::Y, Dim::Z].map(|d| Builtin::component(geometry, d));
        let uses_linear = f.coefficients.contains_key(&linear);
        let uses_components = components.iter().any(|c| f.coefficients.contains_key(c));
        let digits: Vec<Builtin> = match (uses_linear, uses_components) {
            (true, true) => return false,
            (true, false) => vec![linear],
            _ => components.to_vec(),
        };
        for d in digits {
            let n = extent(d);
            if n > 1 {
                let c = f.coefficients.get(&d).copied().unwrap_or(0);
                terms.push((c.saturating_abs(), n));
            }
        }
    }
    terms.sort_unstable();
    let mut span = 1i128;
    for (c, n) in terms {
        if c < span {
            return false;
        }
        match c.checked_mul(n - 1).and_then(|w| w.checked_add(span)) {
            Some(wider) => span = wider,
            None => return false,
        }
    }
    bits.is_none_or(|w| span < 1i128 << (w - 1))
}

/// Structural equality of two expressions, spans aside.
fn same(a: &Expr, b: &Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Neg(x), ExprKind::Neg(y)) => same(x, y),
        (ExprKind::Bin(o, x1, x2), ExprKind::Bin(p, y1, y2)) => {
            o == p && same(x1, y1) && same(x2, y2)
        }
        _ => false,
    }
}
