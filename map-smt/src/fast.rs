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
//!
//! Strides (the grid-stride loop, `for (i = gid; i < n; i += 2048) A[i]`, lowered as
//! `A[gid + 2048 * j]` with a per-thread loop counter `j`): an index `F + K1·v1 + … + Kn·vn`
//! whose per-thread values `vi` appear only with constant coefficients, and whose id part `F` is
//! a mixed radix of the ids spanning at most `gcd(K1, …, Kn)` values. Two threads meeting on it
//! have `F1 − F2 = Σ Ki·(vi2 − vi1)`, a multiple of the gcd smaller than it in magnitude, so
//! `F1 = F2`, and the mixed radix makes them one thread. A counter of an enclosing loop with an
//! additive constant step, `for v in S..n step +K`, is read as `S + K·j` for a per-thread `j`
//! (each of its values is one), so that a grid-stride loop kept as a strided loop settles like
//! one counted from 0. Only in `int`: the `vi` are unbounded here, so in machine words the sum
//! could wrap. The block's extents are its fixed shape, or
//! CUDA's limits when it is symbolic (1024 threads, `ntid.z <= 64`).

use crate::options::mutated;
use crate::pairs::{PathAccess, Step};
use crate::query::KernelFacts;
use mapcheck_core::ast::{BinOp, Builtin, Dim, Geometry, StepOp};
use mapcheck_typeck::term::{Expr, ExprKind, Range};
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
    /// The same index: an id part injective in the thread id, spanning no more than the gcd
    /// of the constant strides of the per-thread values beside it (`tid + 1024 * j`).
    StridedInjectiveIndex,
    /// Grid level, geometry fixed: [`Rule::StridedInjectiveIndex`] of the block and thread ids
    /// together (the grid-stride loop's `bid.x * ntid.x + tid.x + ntid.x * nbid.x * j`).
    StridedInjectiveGlobalIndex,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::SameInjectiveIndex => "same-injective-index",
            Rule::SameInjectiveGlobalIndex => "same-injective-global-index",
            Rule::StridedInjectiveIndex => "strided-injective-index",
            Rule::StridedInjectiveGlobalIndex => "strided-injective-global-index",
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
    // The thread ids are the digits; everything else both threads share is one value (a
    // fixed size a known one).
    let leaf = |v: &Var| match v {
        Var::Source(name) => match Builtin::from_name(name) {
            Some(b) if b.is_thread_id() => Leaf::Digit(b),
            Some(b) => fixed_size(facts, b).map_or(Leaf::Shared, Leaf::Number),
            None if shared.contains(v) || is_param(facts, name) => Leaf::Shared,
            None => Leaf::Foreign,
        },
        Var::Next(_) if shared.contains(v) => Leaf::Shared,
        // An unknown is a per-thread value.
        _ => Leaf::Foreign,
    };
    let forms = forms(index, &leaf, &counters(a, b, &leaf))?;
    if forms.iter().all(|f| f.strides.is_empty()) {
        return injective(&forms, facts).then_some(Rule::SameInjectiveIndex);
    }
    // Threads per block and per dimension: the fixed shape, else CUDA's limits.
    let extent = |b: Builtin| -> i128 {
        match (facts.fixed.block, b.dim) {
            (Some(shape), _) => size_in(shape, b),
            (None, Some(d)) => [1024, 1024, 64][d as usize],
            (None, None) => 1024,
        }
    };
    strided(&forms, &[Geometry::Tid], &extent, facts).then_some(Rule::StridedInjectiveIndex)
}

/// The size `b` names when the geometry fixes it (`ntid.x` in 16 × 16 blocks is 16).
fn fixed_size(facts: &KernelFacts<'_>, b: Builtin) -> Option<i128> {
    let dims = match b.geometry {
        Geometry::Ntid => facts.fixed.block?,
        Geometry::Nbid => facts.fixed.grid?,
        Geometry::Tid | Geometry::Bid => return None,
    };
    Some(size_in(dims, b))
}

/// The extent of `b`'s dimension in the shape `dims`: a component's entry, the linear form's
/// product.
fn size_in(dims: [i128; 3], b: Builtin) -> i128 {
    match b.dim {
        Some(d) => dims[d as usize],
        None => dims.iter().product(),
    }
}

/// Whether some dimension of `forms` has per-thread values with constant strides beside an id
/// part that is a mixed radix of the digits of `ids` spanning at most the strides' gcd (the
/// module's "Strides"); only in `int`, where the per-thread values cannot wrap the sum.
fn strided(
    forms: &[Form],
    ids: &[Geometry],
    extent: &dyn Fn(Builtin) -> i128,
    facts: &KernelFacts<'_>,
) -> bool {
    if facts.arith.bits().is_some() {
        return false;
    }
    forms.iter().any(|f| {
        let gcd = f
            .strides
            .values()
            .fold(0i128, |g, &k| gcd(g, k.saturating_abs()));
        gcd > 0 && radix_span(f, ids, extent).is_some_and(|span| span <= gcd)
    })
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
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
        size_in(dims, b)
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
    let forms = forms(index, &leaf, &counters(a, b, &leaf))?;
    let ids = [Geometry::Tid, Geometry::Bid];
    if forms.iter().any(|f| !f.strides.is_empty()) {
        return strided(&forms, &ids, &extent, facts).then_some(Rule::StridedInjectiveGlobalIndex);
    }
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
    /// Anything else: a per-thread value, which only the stride rules allow, and only with a
    /// constant coefficient.
    Foreign,
}

/// An index as coefficients of the ids the two accesses' threads may differ in and of their
/// per-thread values, plus a part of shared values only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Form {
    coefficients: BTreeMap<Builtin, i128>,
    /// The coefficients of per-thread values (loop counters, unknowns, reads).
    strides: BTreeMap<Var, i128>,
}

impl Form {
    fn scaled(mut self, k: i128) -> Option<Form> {
        for c in self.coefficients.values_mut() {
            *c = c.checked_mul(k)?;
        }
        for c in self.strides.values_mut() {
            *c = c.checked_mul(k)?;
        }
        self.coefficients.retain(|_, c| *c != 0);
        self.strides.retain(|_, c| *c != 0);
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
        for (v, c) in other.strides {
            let sum = self.strides.get(&v).copied().unwrap_or(0).checked_add(c)?;
            self.strides.insert(v, sum);
        }
        self.coefficients.retain(|_, c| *c != 0);
        self.strides.retain(|_, c| *c != 0);
        Some(self)
    }

    fn is_shared(&self) -> bool {
        self.coefficients.is_empty() && self.strides.is_empty()
    }
}

/// The counters of the loops around both `a` and `b` that step by a constant (`leaf`'s
/// numbers included): each with its start and step. Every value of such a counter is
/// `start + step · j` for some integer `j`.
type Counters<'p> = BTreeMap<&'p str, (&'p Expr, i128)>;

fn counters<'p>(a: &'p PathAccess, b: &PathAccess, leaf: &dyn Fn(&Var) -> Leaf) -> Counters<'p> {
    loops(a)
        .filter(|(var, range)| loops(b).any(|(w, r)| w == *var && r == *range))
        .filter(|(_, range)| matches!(range.step.op, StepOp::Add | StepOp::Sub))
        .filter_map(|(var, range)| {
            let step = value(&range.step.amount, leaf)?;
            (step != 0).then_some((var, (&range.start, step)))
        })
        .collect()
}

/// The loops around an access, each with its counter.
fn loops(p: &PathAccess) -> impl Iterator<Item = (&str, &Range)> {
    p.path.iter().filter_map(|s| match s {
        Step::Loop { var, range } => Some((var.as_str(), range)),
        Step::Cond(_) => None,
    })
}

fn forms(index: &[Expr], leaf: &dyn Fn(&Var) -> Leaf, counters: &Counters) -> Option<Vec<Form>> {
    index.iter().map(|e| affine(e, leaf, counters)).collect()
}

/// The value of `e` when it is made of literals and the numbers `leaf` knows.
fn value(e: &Expr, leaf: &dyn Fn(&Var) -> Leaf) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(k) => Some(i128::from(*k)),
        ExprKind::Var(v) => match leaf(v) {
            Leaf::Number(k) => Some(k),
            _ => None,
        },
        ExprKind::Neg(a) => value(a, leaf)?.checked_neg(),
        ExprKind::Bin(op, a, b) => {
            let (x, y) = (value(a, leaf)?, value(b, leaf)?);
            match op {
                BinOp::Add => x.checked_add(y),
                BinOp::Sub => x.checked_sub(y),
                BinOp::Mul => x.checked_mul(y),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `e` as a [`Form`]: affine in the digits `leaf` names and in per-thread values, any
/// expression of shared values beside; a counter of `counters` is its start plus its step
/// times a per-thread value (named by the counter).
fn affine(e: &Expr, leaf: &dyn Fn(&Var) -> Leaf, counters: &Counters) -> Option<Form> {
    match &e.kind {
        ExprKind::Int(_) => Some(Form::default()),
        ExprKind::Var(v) => match leaf(v) {
            Leaf::Digit(b) => Some(Form {
                coefficients: BTreeMap::from([(b, 1)]),
                ..Form::default()
            }),
            Leaf::Number(_) | Leaf::Shared => Some(Form::default()),
            Leaf::Foreign => {
                let counter = match v {
                    Var::Source(name) => counters.get(name.as_str()),
                    _ => None,
                };
                let stride = Form {
                    strides: BTreeMap::from([(v.clone(), counter.map_or(1, |(_, k)| *k))]),
                    ..Form::default()
                };
                match counter {
                    // The start is outside the loop: it never names the counter itself.
                    Some((start, _)) => affine(start, leaf, counters)?.plus(stride),
                    None => Some(stride),
                }
            }
        },
        ExprKind::Neg(a) => affine(a, leaf, counters)?.scaled(-1),
        ExprKind::Bin(op, a, b) => {
            let (fa, fb) = (affine(a, leaf, counters)?, affine(b, leaf, counters)?);
            match op {
                BinOp::Add => fa.plus(fb),
                BinOp::Sub => fa.plus(fb.scaled(-1)?),
                BinOp::Mul => match (value(a, leaf), value(b, leaf)) {
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
    let extent = |b: Builtin| size_in(shape, b);
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
    radix_span(f, ids, extent).is_some_and(|span| bits.is_none_or(|w| span < 1i128 << (w - 1)))
}

/// The number of values the id part of `f` spans over the box of the digits of `ids` when it
/// is a mixed radix of them ([`mixed_radix`]), else `None`.
fn radix_span(f: &Form, ids: &[Geometry], extent: &dyn Fn(Builtin) -> i128) -> Option<i128> {
    let mut terms: Vec<(i128, i128)> = Vec::new();
    for &geometry in ids {
        let linear = Builtin::linear(geometry);
        let components = [Dim::X, Dim::Y, Dim::Z].map(|d| Builtin::component(geometry, d));
        let uses_linear = f.coefficients.contains_key(&linear);
        let uses_components = components.iter().any(|c| f.coefficients.contains_key(c));
        let digits: Vec<Builtin> = match (uses_linear, uses_components) {
            (true, true) => return None,
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
            return None;
        }
        span = c.checked_mul(n - 1)?.checked_add(span)?;
    }
    Some(span)
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
