//! Pass 3a — pairs settled without the solver (issue 15 item 3).
//!
//! Most accesses of real kernels index by the thread: `A[tid.x]` against itself, or
//! `tile[tid.y * 17 + tid.x + 16 * i]` against itself in a phase of the barrier loop over `i`.
//! Two distinct threads of one block never meet on such a pair, whatever the conditions on the
//! paths to it: the two index tuples are the same expression of values the two threads share
//! (parameters, the geometry, the block id, the phase's barrier-loop variables) plus a part
//! that determines the thread id. Such a pair is answered `unsat` here, by the rule named in
//! [`Rule`], and `--emit smt` prints the rule in place of a query.
//!
//! Each dimension of the index is read as an affine form of the ids the two threads may differ
//! in (the digits) and of per-thread values, over shared values. Its coefficients are
//! polynomials in the geometry's sizes (`fast/poly.rs`): numbers where the geometry is fixed,
//! symbols where it is left open (`bid.x * ntid.x + tid.x`). A form determines its digits when
//! it is a mixed radix of them: sorted by coefficient, each at least the span of those before
//! it, so that two values of the digits give two values of the form (`17 · tid.y + tid.x` in
//! 16 × 16 blocks, `ntid.x · bid.x + tid.x` in any). In machine words the form must also stay
//! below 2^(w−1) in magnitude, so that no wrap-around can make two values meet. A pair settles
//! when the dimensions between them determine every id component the threads can differ in
//! (a component of extent 1 is always 0): the thread id at block level, the block id at grid
//! level (threads of different blocks; a thread id component the index does not name is then
//! free, such threads meet only when they are in one block).
//!
//! Strides (the grid-stride loop, `for (i = gid; i < n; i += 2048) A[i]`, lowered as
//! `A[gid + 2048 * j]` with a per-thread loop counter `j`): a form `F + K1·v1 + … + Kn·vn`
//! whose per-thread values `vi` appear only with coefficients of the geometry, and whose id
//! part `F` is a mixed radix spanning at most `gcd(K1, …, Kn)` values, determines the digits of
//! `F`: two threads meeting on it have `F1 − F2 = Σ Ki·(vi2 − vi1)`, a multiple of the gcd
//! smaller than it in magnitude, so `F1 = F2`. A counter of an enclosing loop with an additive
//! step, `for v in S..n step +K`, is read as `S + K·j` for a per-thread `j` (each of its values
//! is one), so that a grid-stride loop kept as a strided loop settles like one counted from 0.
//! Only in `int`: the `vi` are unbounded here, so in machine words the sum could wrap.
//!
//! Positional indices (`dst[row * 1024 + col]` in a loop over `col < 1024`): an index
//! `R · W + C` whose `C` is, for every thread at the access, in `0..W` with `W` shared is the
//! pair of dimensions `(R, C)`, since `R1·W + C1 = R2·W + C2` then forces `C1 = C2`. `C` is
//! bounded when it is the counter of an enclosing ascending loop with a positive step, a
//! non-negative start and a bound at most `W`. Only in `int`, where `R · W` cannot wrap.
//!
//! Wrap-arounds (C's words lowered to `int`: the global id `bid.x * blockDim.x + tid.x` in
//! unsigned arithmetic, then converted to `int`, is `(((bid.x * ntid.x & M) + tid.x & M) +
//! 2^31 & M) - 2^31` with `M = 2^32 − 1`): a remainder `x % K` (or `x & (K − 1)`, `K` a power of
//! two) is `x − K·w` for a per-thread `w`, a stride of `K` as above (only in `int`, where `&`
//! and `%` are Euclidean). So the stride rule settles such an index when the id part spans at
//! most `K` values: always at block level (a block has at most 1024 threads), and at grid level
//! when the launch conventions bound the grid's threads (`gridDim.x * blockDim.x <= 2^31`,
//! `crate::launch`): the global id then spans at most 2^31 values. A convention is used only
//! where every query of the kernel assumes it too ([`KernelFacts::assumes_no_wrap`]), so the
//! rule answers what the solver would.

mod poly;

use crate::options::mutated;
use crate::pairs::{PathAccess, Step};
use crate::query::KernelFacts;
use mapcheck_core::ast::{BinOp, Builtin, Dim, Direction, Geometry, StepOp};
use mapcheck_typeck::term::{Expr, ExprKind, Range};
use mapcheck_typeck::Var;
use poly::{gcd, Poly};
use std::collections::{BTreeMap, BTreeSet};

/// Why a pair cannot race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The same index, which determines the thread id, over values both threads share.
    SameInjectiveIndex,
    /// Grid level: the same index, which determines the block id (the global id
    /// `bid.x * ntid.x + tid.x` in a grid of one row).
    SameInjectiveGlobalIndex,
    /// The same index: an id part that determines the thread id, spanning no more than the
    /// gcd of the strides of the per-thread values beside it (`tid + 1024 * j`).
    StridedInjectiveIndex,
    /// Grid level: [`Rule::StridedInjectiveIndex`] of the block and thread ids together (the
    /// grid-stride loop's `bid.x * ntid.x + tid.x + ntid.x * nbid.x * j`).
    StridedInjectiveGlobalIndex,
    /// The same index up to C's wrap-around (`(x & (2^32 − 1))` in `int`): an id part that
    /// determines the thread id, spanning no more values than the wrap-around's modulus.
    WrappedInjectiveIndex,
    /// Grid level: [`Rule::WrappedInjectiveIndex`] of the block and thread ids together, the
    /// id part bounded by the launch conventions (the global id of a grid of at most 2^31
    /// threads).
    WrappedInjectiveGlobalIndex,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::SameInjectiveIndex => "same-injective-index",
            Rule::SameInjectiveGlobalIndex => "same-injective-global-index",
            Rule::StridedInjectiveIndex => "strided-injective-index",
            Rule::StridedInjectiveGlobalIndex => "strided-injective-global-index",
            Rule::WrappedInjectiveIndex => "wrapped-injective-index",
            Rule::WrappedInjectiveGlobalIndex => "wrapped-injective-global-index",
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
    // The thread ids are the digits; the block id is shared, the sizes are polynomials.
    let leaf = |v: &Var| match v {
        Var::Source(name) => match Builtin::from_name(name) {
            Some(b) if b.is_thread_id() => Leaf::Digit(b),
            Some(b) if b.geometry.is_id() => Leaf::Shared,
            Some(b) => Leaf::Number(size(facts, b)),
            None if shared.contains(v) || is_param(facts, name) => Leaf::Shared,
            None => Leaf::Foreign,
        },
        Var::Next(_) if shared.contains(v) => Leaf::Shared,
        // An unknown is a per-thread value.
        _ => Leaf::Foreign,
    };
    let found = determines(facts, a, b, index, &leaf, &[Geometry::Tid], Geometry::Tid)?;
    Some(match found {
        Needed::Wraps => Rule::WrappedInjectiveIndex,
        Needed::Strides => Rule::StridedInjectiveIndex,
        Needed::Nothing => Rule::SameInjectiveIndex,
    })
}

/// The rule that settles a grid-level pair (threads of different blocks) of accesses `a` and
/// `b`: the same index, which determines the block id.
pub fn settle_grid(facts: &KernelFacts<'_>, a: &PathAccess, b: &PathAccess) -> Option<Rule> {
    let index = same_index(facts, a, b)?;
    // The block and thread ids are the digits, the sizes polynomials.
    let leaf = |v: &Var| match v {
        Var::Source(name) => match Builtin::from_name(name) {
            Some(b) if b.geometry.is_id() => Leaf::Digit(b),
            Some(b) => Leaf::Number(size(facts, b)),
            None if is_param(facts, name) => Leaf::Shared,
            None => Leaf::Foreign,
        },
        _ => Leaf::Foreign,
    };
    let ids = [Geometry::Tid, Geometry::Bid];
    let found = determines(facts, a, b, index, &leaf, &ids, Geometry::Bid)?;
    Some(match found {
        Needed::Wraps => Rule::WrappedInjectiveGlobalIndex,
        Needed::Strides => Rule::StridedInjectiveGlobalIndex,
        Needed::Nothing => Rule::SameInjectiveGlobalIndex,
    })
}

/// What a rule needed beyond the same injective index: strides of per-thread values, or
/// wrap-arounds too (which name the rule first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Needed {
    #[default]
    Nothing,
    Strides,
    Wraps,
}

/// Whether the dimensions of `index` (the index of `a` and of `b`), read with `leaf` and with
/// the digits of `ids`, determine the id of geometry `who` — with what beyond the same index
/// was needed — or `None` when they do not.
fn determines(
    facts: &KernelFacts<'_>,
    a: &PathAccess,
    b: &PathAccess,
    index: &[Expr],
    leaf: &dyn Fn(&Var) -> Leaf,
    ids: &[Geometry],
    who: Geometry,
) -> Option<Needed> {
    let reader = Reader {
        facts,
        leaf,
        counters: counters(a, b, leaf),
    };
    let found = reader.determined(index, ids);
    found.covers(facts, who).then_some(found.needed)
}

/// The size `b` names: its number when the geometry fixes it (`ntid.x` in 16 × 16 blocks is
/// 16) or the launch conventions make it 1 (as every query defines it), else its symbol.
fn size(facts: &KernelFacts<'_>, b: Builtin) -> Poly {
    let (fixed, unit) = match b.geometry {
        Geometry::Ntid => (facts.fixed.block, facts.launch.block),
        Geometry::Nbid => (facts.fixed.grid, facts.launch.grid),
        Geometry::Tid | Geometry::Bid => (None, [false; 3]),
    };
    if b.dim.is_some_and(|d| unit[d.index()]) {
        return Poly::constant(1);
    }
    match fixed {
        Some(dims) => Poly::constant(match b.dim {
            Some(d) => dims[d as usize],
            None => dims.iter().product(),
        }),
        None => Poly::size(b),
    }
}

/// The number of values the id `b` takes: the size of its dimension.
fn extent(facts: &KernelFacts<'_>, b: Builtin) -> Poly {
    size(
        facts,
        Builtin {
            geometry: b.geometry.partner(),
            dim: b.dim,
        },
    )
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
    /// A size of the geometry, a number when fixed.
    Number(Poly),
    /// A value both copies share.
    Shared,
    /// Anything else: a per-thread value, which only the stride rules allow, and only with a
    /// coefficient of the geometry.
    Foreign,
}

/// An index as coefficients of the ids the two accesses' threads may differ in and of their
/// per-thread values, plus a part of shared values only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Form {
    coefficients: BTreeMap<Builtin, Poly>,
    /// The coefficients of per-thread values (loop counters, unknowns, reads).
    strides: BTreeMap<Var, Poly>,
    /// The coefficients of the wrap-arounds: each a multiple of it, by a count of the thread's
    /// own, was taken from the form (`x % K` is `x − K·w`). Each its own per-thread value, so
    /// kept apart (two wraps by `K` are not one by `2·K`).
    wraps: Vec<Poly>,
}

impl Form {
    fn scaled(mut self, k: &Poly) -> Option<Form> {
        scale(&mut self.coefficients, k)?;
        scale(&mut self.strides, k)?;
        for w in &mut self.wraps {
            *w = w.times(k)?;
        }
        self.wraps.retain(|w| !w.is_zero());
        Some(self)
    }

    fn plus(mut self, other: Form) -> Option<Form> {
        add(&mut self.coefficients, other.coefficients)?;
        add(&mut self.strides, other.strides)?;
        self.wraps.extend(other.wraps);
        Some(self)
    }

    fn is_shared(&self) -> bool {
        self.coefficients.is_empty() && self.strides.is_empty() && self.wraps.is_empty()
    }
}

/// Each coefficient of `terms` times `k`, the zero ones dropped.
fn scale<K: Ord>(terms: &mut BTreeMap<K, Poly>, k: &Poly) -> Option<()> {
    for c in terms.values_mut() {
        *c = c.times(k)?;
    }
    terms.retain(|_, c| !c.is_zero());
    Some(())
}

/// `other`'s coefficients added to those of `terms`, the zero ones dropped.
fn add<K: Ord>(terms: &mut BTreeMap<K, Poly>, other: BTreeMap<K, Poly>) -> Option<()> {
    for (v, c) in other {
        let sum = match terms.get(&v) {
            Some(s) => s.plus(&c)?,
            None => c,
        };
        terms.insert(v, sum);
    }
    terms.retain(|_, c| !c.is_zero());
    Some(())
}

/// A loop counter around both accesses: its range and its step (negative for `step -K`),
/// never 0. Every value of the counter is `start + step · j` for some integer `j`.
struct Counter<'p> {
    range: &'p Range,
    step: Poly,
}

type Counters<'p> = BTreeMap<&'p str, Counter<'p>>;

/// The counters of the loops around both `a` and `b` that step by a size or a constant.
fn counters<'p>(a: &'p PathAccess, b: &PathAccess, leaf: &dyn Fn(&Var) -> Leaf) -> Counters<'p> {
    let one = Poly::constant(1);
    // A step of magnitude at least 1 for every geometry: never 0.
    loops(a)
        .filter(|(var, range)| loops(b).any(|(w, r)| w == *var && r == *range))
        .filter_map(|(var, range)| {
            let amount = value(&range.step.amount, leaf)?;
            let step = match range.step.op {
                StepOp::Add => amount,
                StepOp::Sub => amount.negated()?,
                _ => return None,
            };
            step.magnitude(&one)?;
            Some((var, Counter { range, step }))
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

/// The value of `e` when it is made of literals and sizes.
fn value(e: &Expr, leaf: &dyn Fn(&Var) -> Leaf) -> Option<Poly> {
    match &e.kind {
        ExprKind::Int(k) => Some(Poly::constant(i128::from(*k))),
        ExprKind::Var(v) => match leaf(v) {
            Leaf::Number(k) => Some(k),
            _ => None,
        },
        ExprKind::Neg(a) => value(a, leaf)?.negated(),
        ExprKind::Bin(op, a, b) => {
            let (x, y) = (value(a, leaf)?, value(b, leaf)?);
            match op {
                BinOp::Add => x.plus(&y),
                BinOp::Sub => x.minus(&y),
                BinOp::Mul => x.times(&y),
                _ => None,
            }
        }
        _ => None,
    }
}

/// What the dimensions of an index determine: the digits, and what beyond the same index was
/// needed for some of them.
#[derive(Default)]
struct Found {
    digits: BTreeSet<Builtin>,
    needed: Needed,
}

impl Found {
    /// Whether two ids of geometry `g` (`Tid` or `Bid`) that differ differ in a digit found:
    /// the linear id, or each component of extent more than 1.
    fn covers(&self, facts: &KernelFacts<'_>, g: Geometry) -> bool {
        self.digits.contains(&Builtin::linear(g))
            || Dim::ALL.iter().all(|&d| {
                let b = Builtin::component(g, d);
                self.digits.contains(&b) || extent(facts, b) == Poly::constant(1)
            })
    }
}

/// An index read for one rule: how its variables read, and the counters around it.
struct Reader<'r> {
    facts: &'r KernelFacts<'r>,
    leaf: &'r dyn Fn(&Var) -> Leaf,
    counters: Counters<'r>,
}

impl Reader<'_> {
    /// The digits of `ids` that the dimensions of `index` determine between them.
    fn determined(&self, index: &[Expr], ids: &[Geometry]) -> Found {
        let bits = self.facts.arith.bits();
        let mut parts = Vec::new();
        for e in index {
            self.split(e, &mut parts);
        }
        let mut found = Found::default();
        for part in parts {
            let Some(f) = self.affine(part) else {
                continue;
            };
            let Some(span) = self.radix_span(&f, ids) else {
                continue;
            };
            if f.strides.is_empty() && f.wraps.is_empty() {
                let fits = |w: u32| span.largest().is_some_and(|m| m < 1i128 << (w - 1));
                if !bits.is_none_or(fits) {
                    continue;
                }
            } else {
                let apart = |g: Poly| g.at_least(&span) || self.assumed_within(&g, &span);
                if bits.is_some() || !stride_gcd(&f).is_some_and(apart) {
                    continue;
                }
                let needed = if f.wraps.is_empty() {
                    Needed::Strides
                } else {
                    Needed::Wraps
                };
                found.needed = found.needed.max(needed);
            }
            found.digits.extend(f.coefficients.keys().copied());
        }
        found
    }

    /// Whether the launch conventions every query of the kernel assumes keep `span` within
    /// `g`: `g` is at least 2^31, and `span` at most a product they bound by 2^31 (the grid's
    /// threads, `gridDim.x * blockDim.x`, or `gridDim.x * C` for the block size `C` the code
    /// writes).
    fn assumed_within(&self, g: &Poly, span: &Poly) -> bool {
        let facts = self.facts;
        if !g.at_least(&Poly::constant(crate::launch::MAX_GLOBAL_THREADS)) {
            return false;
        }
        let mut bounded = Vec::new();
        if facts.assumes_no_wrap() {
            let product = facts
                .launch
                .wrap_dims()
                .into_iter()
                .try_fold(Poly::constant(1), |p, (g, d)| {
                    p.times(&size(facts, Builtin::component(g, d)))
                });
            bounded.extend(product);
        }
        if let Some(c) = facts.launch.stride {
            let nbid = size(facts, Builtin::component(Geometry::Nbid, Dim::X));
            bounded.extend(nbid.times(&Poly::constant(c)));
        }
        bounded.iter().any(|b| b.at_least(span))
    }

    /// `e` as dimensions, most significant first (the module's positional indices): only in
    /// `int`.
    fn split<'e>(&self, e: &'e Expr, out: &mut Vec<&'e Expr>) {
        if self.facts.arith.bits().is_none() {
            if let ExprKind::Bin(BinOp::Add, x, y) = &e.kind {
                for (m, c) in [(x, y), (y, x)] {
                    let ExprKind::Bin(BinOp::Mul, p, q) = &m.kind else {
                        continue;
                    };
                    for (r, w) in [(p, q), (q, p)] {
                        if self.below(c, w) {
                            self.split(r, out);
                            out.push(c);
                            return;
                        }
                    }
                }
            }
        }
        out.push(e);
    }

    /// Whether every value `c` takes at the access is in `0..w`, `w` a value both threads
    /// share: `c` a counter of an ascending loop with a positive step, a non-negative start and
    /// a bound at most `w`.
    fn below(&self, c: &Expr, w: &Expr) -> bool {
        let Some(counter) = self.counter(c) else {
            return false;
        };
        let range = counter.range;
        let shared = self.affine(w).is_some_and(|f| f.is_shared());
        let up = range.dir == Direction::Up && counter.step.at_least(&Poly::constant(1));
        let bounded = same(&range.bound, w)
            || matches!(
                (value(&range.bound, self.leaf), value(w, self.leaf)),
                (Some(bound), Some(w)) if w.at_least(&bound)
            );
        shared && up && bounded && self.non_negative(&range.start)
    }

    fn counter(&self, e: &Expr) -> Option<&Counter<'_>> {
        match &e.kind {
            ExprKind::Var(Var::Source(name)) => self.counters.get(name.as_str()),
            _ => None,
        }
    }

    /// Whether `e` is at least 0 wherever it is read: ids, sizes, non-negative literals, a
    /// counter counting up from a non-negative start, and sums and products of them.
    fn non_negative(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(k) => *k >= 0,
            ExprKind::Var(v) => match (self.leaf)(v) {
                Leaf::Digit(_) => true,
                Leaf::Number(p) => p.at_least(&Poly::default()),
                Leaf::Shared | Leaf::Foreign => self.counter(e).is_some_and(|c| {
                    c.step.at_least(&Poly::default()) && self.non_negative(&c.range.start)
                }),
            },
            ExprKind::Bin(BinOp::Add | BinOp::Mul, a, b) => {
                self.non_negative(a) && self.non_negative(b)
            }
            _ => false,
        }
    }

    /// `e` as a [`Form`]: affine in the digits and in per-thread values, any expression of
    /// shared values beside; a counter is its start plus its step times a per-thread value
    /// (named by the counter).
    fn affine(&self, e: &Expr) -> Option<Form> {
        match &e.kind {
            ExprKind::Int(_) => Some(Form::default()),
            ExprKind::Var(v) => match (self.leaf)(v) {
                Leaf::Digit(b) => Some(Form {
                    coefficients: BTreeMap::from([(b, Poly::constant(1))]),
                    ..Form::default()
                }),
                Leaf::Number(_) | Leaf::Shared => Some(Form::default()),
                Leaf::Foreign => {
                    let counter = self.counter(e);
                    let stride = Form {
                        strides: BTreeMap::from([(
                            v.clone(),
                            counter.map_or(Poly::constant(1), |c| c.step.clone()),
                        )]),
                        ..Form::default()
                    };
                    match counter {
                        // The start is outside the loop: it never names the counter itself.
                        Some(c) => self.affine(&c.range.start)?.plus(stride),
                        None => Some(stride),
                    }
                }
            },
            ExprKind::Neg(a) => self.affine(a)?.scaled(&Poly::constant(-1)),
            ExprKind::Bin(op, a, b) => {
                let (fa, fb) = (self.affine(a)?, self.affine(b)?);
                match op {
                    BinOp::Add => fa.plus(fb),
                    BinOp::Sub => fa.plus(fb.scaled(&Poly::constant(-1))?),
                    BinOp::Mul => match (value(a, self.leaf), value(b, self.leaf)) {
                        (Some(k), _) => fb.scaled(&k),
                        (_, Some(k)) => fa.scaled(&k),
                        _ => (fa.is_shared() && fb.is_shared()).then(Form::default),
                    },
                    _ if fa.is_shared() && fb.is_shared() => Some(Form::default()),
                    // `x % K` and `x & (K − 1)` are `x − K·w` (the module's wrap-arounds).
                    BinOp::Rem | BinOp::URem | BinOp::And if fb.is_shared() => {
                        let k = self.modulus(*op, b)?;
                        let mut f = fa;
                        f.wraps.push(Poly::constant(k));
                        Some(f)
                    }
                    BinOp::And if fa.is_shared() => {
                        let k = self.modulus(*op, a)?;
                        let mut f = fb;
                        f.wraps.push(Poly::constant(k));
                        Some(f)
                    }
                    // Any other operation keeps a shared value shared, and nothing else.
                    _ => (fa.is_shared() && fb.is_shared()).then(Form::default),
                }
            }
            _ => None,
        }
    }

    /// `K` when `x op m` is `x % K` in `int` (where `%` is Euclidean and `&` two's
    /// complement): `m` the literal `K ≠ 0` of a remainder, or `K − 1` of a mask, `K` a power of
    /// two. `None` in machine words, where these are the word's own operations.
    fn modulus(&self, op: BinOp, m: &Expr) -> Option<i128> {
        if self.facts.arith.bits().is_some() {
            return None;
        }
        let ExprKind::Int(m) = m.kind else {
            return None;
        };
        let m = i128::from(m);
        match op {
            BinOp::Rem | BinOp::URem if m != 0 => Some(m.abs()),
            BinOp::And if m > 0 && (m + 1) & m == 0 => Some(m + 1),
            _ => None,
        }
    }

    /// The number of values the id part of `f` spans over the box of its digits when it is a
    /// mixed radix of them (the module's doc), else `None`. A linear id and its components in
    /// one form are not digits of one box: `None`.
    fn radix_span(&self, f: &Form, ids: &[Geometry]) -> Option<Poly> {
        for &g in ids {
            let linear = f.coefficients.contains_key(&Builtin::linear(g));
            let component = f
                .coefficients
                .keys()
                .any(|b| b.geometry == g && b.dim.is_some());
            if linear && component {
                return None;
            }
        }
        let mut terms = Vec::new();
        for (&d, c) in &f.coefficients {
            if !ids.contains(&d.geometry) {
                return None;
            }
            let n = extent(self.facts, d);
            if n == Poly::constant(1) {
                continue;
            }
            let c = c.magnitude(&Poly::default())?;
            terms.push((c.order_key(), c, n));
        }
        terms.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut span = Poly::constant(1);
        for (_, c, n) in terms {
            if !c.at_least(&span) {
                return None;
            }
            span = span.plus(&c.times(&n.minus(&Poly::constant(1))?)?)?;
        }
        Some(span)
    }
}

/// The greatest common divisor of the strides and wrap-arounds of `f`, each made positive
/// (each must be at least 1 in magnitude for every geometry): of numbers, their gcd; of
/// polynomials that are multiples of one, the gcd of the multiples times it; else `None`.
fn stride_gcd(f: &Form) -> Option<Poly> {
    let one = Poly::constant(1);
    let strides = f
        .strides
        .values()
        .chain(&f.wraps)
        .map(|k| Some(k.magnitude(&one)?.primitive()))
        .collect::<Option<Vec<_>>>()?;
    let (_, base) = strides.first()?.clone();
    let g = strides
        .iter()
        .try_fold(0i128, |g, (c, p)| (*p == base).then(|| gcd(g, *c)))?;
    base.times(&Poly::constant(g))
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
