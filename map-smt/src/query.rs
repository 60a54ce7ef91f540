//! The queries: the constraints that say "two threads can race on these two accesses" (at
//! block level within one phase, or at grid level anywhere) and "two threads of a block can
//! disagree on reaching this barrier", and "a thread can reach this access with an index
//! outside its array" (`bounds.rs`), built from the encoder's terms.

use crate::encode::{add, cmp, eq, mul, Encoder, Side, Val};
use crate::kept::{self, Again};
use crate::launch::{self as conventions, Launch};
use crate::options::mutated;
use crate::pairs::PathAccess;
use crate::phases::{iteration, Phase};
use crate::solve::{self, Least, Limits, Outcome, Sign};
use mapcheck_core::ast::{Bound, Builtin, CmpOp, Dim, Geometry, Param, ParamBounds, ParamType};
use mapcheck_core::geometry;
use mapcheck_core::Arith;
use mapcheck_typeck::term::{Cond, CondKind, Expr};
use mapcheck_typeck::{BarrierPlacement, ControlKind, Var};
use std::collections::{BTreeMap, BTreeSet};
use z3::ast::Bool;

/// What is fixed or assumed for every query of a kernel.
#[derive(Clone, Debug, Default)]
pub struct Fixed {
    pub params: BTreeMap<String, i128>,
    /// `--block-dim`: threads per block in x, y and z.
    pub block: Option<[i128; 3]>,
    /// `--grid-dim`: blocks in x, y and z.
    pub grid: Option<[i128; 3]>,
}

/// Whether the queries of a kernel name the components of the thread ids (`tid.x`, `ntid.y`)
/// and of the block ids, or only their linear forms. A kernel that reads only `tid` and `ntid`
/// is decided over the linear id, which is a bijection of the components, so nothing is lost
/// and the queries stay as small as the paper's; one that reads a component gets a bounded
/// variable per component, and its linear forms are defined from them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Components {
    pub threads: bool,
    pub blocks: bool,
}

impl Components {
    /// What a kernel that reads `builtins` needs.
    pub fn of(builtins: &BTreeSet<Builtin>) -> Components {
        let side = |id: Geometry| {
            builtins
                .iter()
                .any(|b| b.dim.is_some() && (b.geometry == id || b.geometry == id.partner()))
        };
        Components {
            threads: side(Geometry::Tid),
            blocks: side(Geometry::Bid),
        }
    }
}

/// Everything a query needs to know about the kernel.
#[derive(Debug)]
pub struct KernelFacts<'a> {
    pub arith: Arith,
    /// A deliberate defect, for testing the tests.
    #[cfg(feature = "mutation")]
    pub mutation: Option<crate::Mutation>,
    pub params: &'a [Param],
    /// Top-level `assume`s: preconditions of every run.
    pub assumes: Vec<&'a Cond>,
    /// The geometry given, with the sides the launch conventions fix whole ([`Launch::apply`]).
    pub fixed: Fixed,
    /// The launch conventions' assumptions (nothing when `Options::conventions` is off).
    pub launch: Launch,
    pub components: Components,
    /// The built-ins the kernel reads.
    pub builtins: &'a BTreeSet<Builtin>,
    /// The limits of the questions [`pinned`] asks.
    pub limits: Limits,
    /// What [`pinned`] found for each phase it was asked about, and how many queries it sent.
    pins: std::sync::Mutex<Pins>,
    /// The atomic counters whose values race queries may tell apart ([`crate::counters`]):
    /// none unless the caller finds them in the kernel.
    pub counters: crate::counters::Counters,
}

/// A phase as [`pinned`] sees it: its guard and its shared variables.
type PhaseKey = (Vec<Cond>, Vec<Var>);

/// The memo of [`pinned`]: per phase (its guard and its shared variables), the barrier-loop
/// variables that have one value in every run of it.
#[derive(Debug, Default)]
struct Pins {
    known: std::collections::HashMap<PhaseKey, Vec<(Var, i128)>>,
    queries: usize,
}

impl<'a> KernelFacts<'a> {
    /// The facts of the kernel whose MAP is `map`, under `options`.
    pub fn new(map: &'a mapcheck_typeck::Map, options: &'a crate::Options) -> Self {
        let launch = Launch::of_map(map, options);
        KernelFacts {
            arith: options.arith,
            #[cfg(feature = "mutation")]
            mutation: options.mutation,
            params: &map.params,
            assumes: top_assumes(&map.body),
            fixed: launch.apply(&options.fixed),
            launch,
            components: Components::of(&map.builtins),
            builtins: &map.builtins,
            limits: options.limits,
            pins: std::sync::Mutex::new(Pins::default()),
            counters: crate::counters::Counters::default(),
        }
    }

    /// Whether every query of the kernel assumes the launch convention that the grid's
    /// threads number at most 2^31 ([`Launch::no_wrap`], asserted by `query::no_wrap` where the
    /// queries name the components of the ids): what `fast`'s wrap-around rule may use.
    pub fn assumes_no_wrap(&self) -> bool {
        self.launch.no_wrap && self.components.threads && self.components.blocks
    }

    /// The solver queries [`pinned`] has sent for these facts.
    pub fn pin_queries(&self) -> usize {
        self.pins.lock().map(|p| p.queries).unwrap_or(0)
    }
}

/// A built query: its constraints, the encoder that named its constants, and the terms whose
/// size the witness search keeps small.
#[derive(Debug)]
pub struct Built {
    pub constraints: Vec<Bool>,
    pub enc: Encoder,
    pub sizes: Vec<(Val, Sign)>,
    /// Another way of saying that the two threads differ, equivalent to the constraint at the
    /// given position: tried when the solver cannot decide the query with the first (see
    /// [`geometry`]).
    pub distinct_alternative: Option<(usize, Bool)>,
    /// CUDA's limit on the threads of a symbolic block given per dimension,
    /// `ntid.x * ntid.y * ntid.z <= 1024`, and the launch conventions' bound on the threads
    /// along x (`no_wrap`, [`crate::launch`]): non-linear, so they are not asserted up front
    /// but only when a model breaks them ([`Built::solve`]). Leaving them out only adds
    /// configurations, so an `unsat` without them holds with them.
    pub block_limit: Option<Bool>,
    /// The parameters the query leaves free (not given with `-p`), in the kernel's order.
    pub params: Vec<Val>,
    /// The shared variables of the phase's barrier loops: which iteration the phase is.
    pub iterations: Vec<Var>,
}

impl Built {
    /// Solves the query ([`solve::solve`]); if undecided and the distinctness of the threads
    /// has another form, solves it again with that form. A model whose block is larger than
    /// CUDA allows is not a witness: then the query is solved again with the limit.
    pub fn solve(&self, limits: Limits) -> Outcome {
        self.solve_and(&[], limits)
    }

    /// [`Built::solve`] with the constraints `extra` added to the query.
    pub fn solve_and(&self, extra: &[Bool], limits: Limits) -> Outcome {
        self.solve_ordered(extra, limits, Least::FromTwo)
    }

    /// [`Built::solve_and`] with the parameters of the witness least as `params` orders them
    /// (`Least::FromTwo` in every other query).
    pub fn solve_ordered(&self, extra: &[Bool], limits: Limits, params: Least) -> Outcome {
        let mut constraints = self.constraints.clone();
        constraints.extend_from_slice(extra);
        // A first model that breaks the limit comes back neither small nor canonical
        // (`solve::solve_admissible`): it is not a witness, so it is not worth the search.
        let admissible = self.block_limit.as_ref();
        match self.solve_with(constraints.clone(), admissible, limits, params) {
            Outcome::Sat(model) => match &self.block_limit {
                Some(limit) if model.eval(limit, true).and_then(|b| b.as_bool()) == Some(false) => {
                    constraints.push(limit.clone());
                    kept::keep_again(Again::BlockLimit, &constraints);
                    self.solve_with(constraints, None, limits, params)
                }
                _ => Outcome::Sat(model),
            },
            other => other,
        }
    }

    /// The constants a witness is made canonical over ([`solve::solve`]), each least in its
    /// turn: the free parameters, each the least value of at least 2 when one leaves a model
    /// ([`Least::FromTwo`]: the least ones, 0 and 1, are degenerate, a loop `step *K` with
    /// `K = 0` that the replay search must then climb out of); the dimensions of the block and
    /// the grid; the block and thread ids of the first thread, x before y before z, then those
    /// of the second; the other values the report shows per thread (loop variables, values
    /// read, unknowns), of the first thread then the second, by name; last the iteration of
    /// the barrier loops. The other sizes are already small and pinned (the bounds of
    /// `solve`). Without this a report could flip between runs: `?x` of
    /// `grid_stride_wrong.bcu` was `0, 1` in one run and `1, 0` in the next, and its `N` 1 or
    /// 2, under load (the retry of an undecided query goes through z3's tactics, which keep
    /// wall-clock limits of their own, so its model is not a function of the query alone).
    fn order(&self, params: Least) -> Vec<(Val, Least)> {
        let mut order: Vec<Val> = Vec::new();
        // The geometry first: among the bounded sizes the least block and grid (a block of one
        // thread cannot diverge at a barrier, so a grid race between such blocks replays), z
        // before y before x, so that a block of two threads is (2, 1, 1), as CUDA code has it.
        for g in [Geometry::Ntid, Geometry::Nbid] {
            let components = [Dim::Z, Dim::Y, Dim::X].map(|d| Builtin::component(g, d));
            for b in std::iter::once(Builtin::linear(g)).chain(components) {
                order.extend(self.enc.get_shared(b.name()).cloned());
            }
        }
        for side in [Side::One, Side::Two] {
            for g in [Geometry::Bid, Geometry::Tid] {
                let components = Dim::ALL.map(|d| Builtin::component(g, d));
                for b in std::iter::once(Builtin::linear(g)).chain(components) {
                    order.extend(self.enc.get_source(b.name(), side).cloned());
                }
            }
        }
        for side in [Side::One, Side::Two] {
            order.extend(self.enc.per_thread(side).map(|(_, v)| v.clone()));
        }
        for var in &self.iterations {
            order.extend(self.enc.get_shared_var(var).cloned());
        }
        let params = self.params.iter().map(|p| (p.clone(), params));
        params
            .chain(order.into_iter().map(|v| (v, Least::Magnitude)))
            .collect()
    }

    fn solve_with(
        &self,
        mut constraints: Vec<Bool>,
        admissible: Option<&Bool>,
        limits: Limits,
        params: Least,
    ) -> Outcome {
        let lit = |v| self.enc.lit(v);
        let order = self.order(params);
        let solve = |constraints: &[Bool]| {
            solve::solve_admissible(constraints, admissible, &self.sizes, &order, limits, lit)
        };
        match solve(&constraints) {
            Outcome::Unknown(why) => match &self.distinct_alternative {
                Some((at, other)) => {
                    constraints[*at] = other.clone();
                    kept::keep_again(Again::DistinctLinear, &constraints);
                    match solve(&constraints) {
                        Outcome::Unknown(_) => Outcome::Unknown(why),
                        decided => decided,
                    }
                }
                None => Outcome::Unknown(why),
            },
            decided => decided,
        }
    }
}

/// Which threads a query is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Two distinct threads of one block (`bid` shared).
    Block,
    /// Two threads of different blocks (nothing shared but parameters and geometry).
    Grid,
    /// One thread: the second copy of the encoding is any thread of its block, the same one
    /// allowed (a block of one thread can leave an array).
    Thread,
}

fn base(facts: &KernelFacts<'_>, extra_shared: &[Var], level: Level) -> Built {
    let mut shared: BTreeSet<Var> = facts
        .params
        .iter()
        .map(|p| Var::from(p.name.as_str()))
        .collect();
    for b in Builtin::ALL {
        let block_id = b.geometry == Geometry::Bid;
        if !b.is_thread_id() && (!block_id || level != Level::Grid) {
            shared.insert(Var::from(b.name()));
        }
    }
    shared.extend(extra_shared.iter().cloned());
    let mut q = Built {
        constraints: Vec::new(),
        enc: Encoder::new(facts.arith, shared),
        sizes: Vec::new(),
        distinct_alternative: None,
        block_limit: None,
        params: Vec::new(),
        iterations: extra_shared.to_vec(),
    };
    geometry(
        &mut q,
        facts,
        Geometry::Tid,
        facts.components.threads,
        (facts.fixed.block, facts.launch.block),
        level == Level::Block,
    );
    geometry(
        &mut q,
        facts,
        Geometry::Bid,
        facts.components.blocks,
        (facts.fixed.grid, facts.launch.grid),
        level == Level::Grid,
    );
    if facts.assumes_no_wrap() {
        no_wrap(&mut q, &facts.launch);
        global_ids_below(&mut q, &facts.launch);
    }
    if let Some(stride) = facts.launch.stride {
        // Linear: asserted up front.
        let nbid = q
            .enc
            .source(Builtin::component(Geometry::Nbid, Dim::X).name(), Side::One);
        let most = q.enc.lit(conventions::MAX_GLOBAL_THREADS / stride);
        q.constraints.push(cmp(CmpOp::Le, &nbid, &most));
    }
    for (d, most) in Dim::ALL.into_iter().zip(facts.launch.block_most) {
        if let Some(most) = most {
            let ntid = q
                .enc
                .source(Builtin::component(Geometry::Ntid, d).name(), Side::One);
            let most = q.enc.lit(most);
            q.constraints.push(cmp(CmpOp::Le, &ntid, &most));
        }
    }
    for p in facts.params {
        let v = q.enc.source(&p.name, Side::One);
        match facts.fixed.params.get(&p.name) {
            Some(value) => q.constraints.push(cmp(CmpOp::Eq, &v, &q.enc.lit(*value))),
            None => {
                // Each parameter ranges over its type (`ParamType::bounds`): `.bcu`'s naturals
                // below 2^62 in `int` mode, which keeps the unrolling of geometric loops
                // (`phases::iteration`) complete; a CUDA parameter over its C type.
                if let ParamBounds::Signed(lo, hi) = p.ty.bounds(facts.arith) {
                    q.constraints.push(cmp(CmpOp::Ge, &v, &q.enc.lit(lo)));
                    q.constraints.push(cmp(CmpOp::Le, &v, &q.enc.lit(hi)));
                }
                let sign = match p.ty {
                    ParamType::Natural => Sign::Natural,
                    ty if ty.signed() => Sign::Signed,
                    _ => Sign::Unsigned,
                };
                q.sizes.push((v.clone(), sign));
                q.params.push(v);
            }
        }
    }
    for c in &facts.assumes {
        let a1 = q.enc.cond(c, Side::One);
        let a2 = q.enc.cond(c, Side::Two);
        q.constraints.push(a1);
        q.constraints.push(a2);
    }
    q
}

/// The launch convention that the grid's threads number at most 2^31 ([`conventions`],
/// [`Launch::no_wrap`]): `gridDim.x * blockDim.x <= 2^31` for a one-dimensional launch, written
/// `nbid.x <= 2^31 / ntid.x` (unsigned division in words, where the product could wrap), and
/// for more dimensions `nbid.x <= 2^31 / ntid.x / ... / nbid.y / ...`, which is the product's
/// bound exactly (`floor(floor(L / a) / b) = floor(L / (a * b))` for naturals). Non-linear, so
/// asserted only when a model breaks it, with CUDA's limit on the threads of a block
/// ([`Built::block_limit`]): leaving it out only adds configurations.
fn no_wrap(q: &mut Built, launch: &Launch) {
    let nbid = q
        .enc
        .source(Builtin::component(Geometry::Nbid, Dim::X).name(), Side::One);
    let mut most = q.enc.lit(conventions::MAX_GLOBAL_THREADS);
    for (g, d) in launch.wrap_dims() {
        if (g, d) == (Geometry::Nbid, Dim::X) {
            continue;
        }
        let size = q.enc.source(Builtin::component(g, d).name(), Side::One);
        most = match (&most, &size) {
            (Val::I(l), Val::I(t)) => Val::I(l.div(t)),
            (Val::B(l), Val::B(t)) => Val::B(l.bvudiv(t)),
            // Unreachable: one encoder has one sort.
            _ => return,
        };
    }
    let bound = match (&nbid, &most) {
        (Val::I(b), Val::I(l)) => b.le(l),
        (Val::B(b), Val::B(l)) => b.bvule(l),
        _ => return,
    };
    q.block_limit = Some(match q.block_limit.take() {
        Some(block) => Bool::and(&[block, bound]),
        None => bound,
    });
}

/// What the no-wrap bound implies for each thread copy, asserted up front in `int`: along a
/// dimension `d` whose block and grid sizes are both in the bound's product, the global id
/// `bid.d * ntid.d + tid.d` is below `nbid.d * ntid.d`, at most the product, at most 2^31.
/// Every model of the bound is a model of these, so asserting them loses no witness and an
/// `unsat` with them holds with the bound; they give z3 the bound of the product the lowering
/// reduces modulo 2^32 (`(bid.x * ntid.x & (2^32 − 1))`), which the bound itself, asserted only
/// when a model breaks it and then as a quotient (`nbid.x <= 2^31 / ntid.x`), does not.
/// Measured (`check cpu`, 3 runs): a 2-D kernel `a[y * w + x]` 1224 → 180 ms,
/// `launch_reads_y_racy.cu` 339 → 84 ms, `launch_global_index_no_wrap_racy.cu` 555 → 157 ms;
/// one kernel got slower, a reduction whose shared array is smaller than the block (its
/// out-of-bounds witnesses' searches, 129 → 224 ms). Asserted at grid level only, the 2-D
/// kernel took 628 ms.
fn global_ids_below(q: &mut Built, launch: &Launch) {
    let dims = launch.wrap_dims();
    for d in Dim::ALL {
        if !(dims.contains(&(Geometry::Nbid, d)) && dims.contains(&(Geometry::Ntid, d))) {
            continue;
        }
        let ntid = q
            .enc
            .source(Builtin::component(Geometry::Ntid, d).name(), Side::One);
        if !matches!(ntid, Val::I(_)) {
            return;
        }
        let most = q.enc.lit(conventions::MAX_GLOBAL_THREADS);
        for side in [Side::One, Side::Two] {
            let bid = q
                .enc
                .source(Builtin::component(Geometry::Bid, d).name(), side);
            let tid = q
                .enc
                .source(Builtin::component(Geometry::Tid, d).name(), side);
            let id = add(&mul(&bid, &ntid), &tid);
            q.constraints.push(cmp(CmpOp::Lt, &id, &most));
        }
    }
}

/// The ids of one side of the geometry (`id` is `Tid` or `Bid`) for both thread copies, with
/// CUDA's limits on the sizes (SPEC §3) or their fixed values, the dimensions the launch
/// conventions fix at 1 (`unit`, when the side is not fixed whole), and, when `distinct`, the
/// constraint that the two copies differ on this side (two threads of one block, or two blocks).
fn geometry(
    q: &mut Built,
    facts: &KernelFacts<'_>,
    id: Geometry,
    components: bool,
    (fixed, unit): (Option<[i128; 3]>, [bool; 3]),
    distinct: bool,
) {
    let size = id.partner();
    let threads = id == Geometry::Tid;
    let (max_dim, max_total) = if threads {
        (geometry::MAX_BLOCK_DIM, geometry::MAX_THREADS_PER_BLOCK)
    } else {
        // One dimension of at most 2^31 - 1 blocks: the linear block id of a grid read only
        // through `bid` and `nbid` is that of a one-dimensional grid.
        (geometry::MAX_GRID_DIM, geometry::MAX_GRID_DIM[0])
    };
    let same_thread_allowed = mutated!(facts, SameThreadAllowed);
    let one = q.enc.lit(1);
    let zero = q.enc.lit(0);
    let ids = |q: &mut Built, b: Builtin| {
        [
            q.enc.source(b.name(), Side::One),
            q.enc.source(b.name(), Side::Two),
        ]
    };
    if !components {
        let n = match fixed {
            Some(dim) => {
                let total = q.enc.lit(dim.iter().product());
                q.enc.define(size.name(), Side::One, total.clone());
                total
            }
            None => {
                let n = q.enc.source(size.name(), Side::One);
                q.constraints.push(cmp(CmpOp::Ge, &n, &one));
                q.constraints
                    .push(cmp(CmpOp::Le, &n, &q.enc.lit(max_total)));
                q.sizes.push((n.clone(), Sign::Natural));
                n
            }
        };
        let [a, b] = ids(q, Builtin::linear(id));
        for t in [&a, &b] {
            q.constraints.push(cmp(CmpOp::Ge, t, &zero));
            q.constraints.push(cmp(CmpOp::Lt, t, &n));
            if let Some(dim) = fixed {
                // Asserted: `0 <= t < n`, `n` the literal. Only for a fixed geometry: see
                // `Encoder::assert_range`.
                q.enc.assert_range(t, 0, dim.iter().product::<i128>() - 1);
            }
        }
        if distinct && !same_thread_allowed {
            q.constraints.push(cmp(CmpOp::Ne, &a, &b));
        }
        return;
    }
    let mut dims = Vec::new();
    let mut differ = Vec::new();
    let mut comps = [Vec::new(), Vec::new()];
    for d in Dim::ALL {
        let size_d = Builtin::component(size, d).name();
        let id_d = Builtin::component(id, d).name();
        let n = match fixed {
            Some(dim) => {
                let v = q.enc.lit(dim[d.index()]);
                q.enc.define(size_d, Side::One, v.clone());
                if dim[d.index()] == 1 {
                    // The only index of a dimension of size 1.
                    for side in [Side::One, Side::Two] {
                        q.enc.define(id_d, side, zero.clone());
                    }
                }
                v
            }
            None if unit[d.index()] => {
                // A dimension the launch conventions fix: as a given size of 1.
                q.enc.define(size_d, Side::One, one.clone());
                for side in [Side::One, Side::Two] {
                    q.enc.define(id_d, side, zero.clone());
                }
                one.clone()
            }
            None => {
                let n = q.enc.source(size_d, Side::One);
                q.constraints.push(cmp(CmpOp::Ge, &n, &one));
                let max = q.enc.lit(max_dim[d.index()]);
                q.constraints.push(cmp(CmpOp::Le, &n, &max));
                q.sizes.push((n.clone(), Sign::Natural));
                n
            }
        };
        let [a, b] = ids(q, Builtin::component(id, d));
        for t in [&a, &b] {
            q.constraints.push(cmp(CmpOp::Ge, t, &zero));
            q.constraints.push(cmp(CmpOp::Lt, t, &n));
            let known = fixed
                .map(|dim| dim[d.index()])
                .or(unit[d.index()].then_some(1));
            if let Some(size) = known {
                // Asserted: `0 <= t < n`, `n` the literal. Only for a fixed geometry: see
                // `Encoder::assert_range`.
                q.enc.assert_range(t, 0, size - 1);
            }
        }
        differ.push(cmp(CmpOp::Ne, &a, &b));
        comps[0].push(a);
        comps[1].push(b);
        dims.push(n);
    }
    match fixed {
        Some(dim) => {
            let total = q.enc.lit(dim.iter().product());
            q.enc.define(size.name(), Side::One, total);
        }
        None => {
            let product = mul(&mul(&dims[0], &dims[1]), &dims[2]);
            if threads {
                q.block_limit = Some(cmp(CmpOp::Le, &product, &q.enc.lit(max_total)));
            }
            if facts.builtins.contains(&Builtin::linear(size)) {
                let n = q.enc.source(size.name(), Side::One);
                q.constraints.push(eq(&n, &product));
            }
        }
    }
    // With a fixed geometry the linear ids are linear in the components, and two threads
    // (blocks) can be told apart by them instead of by the disjunction of their components'
    // differences. Neither form is always easier for z3: measured on the corpus, a 2-D
    // grid-stride copy is `unsat` in half a second with the linear ids and undecided after
    // 20 s with the disjunction, a naive matrix product the other way round. The disjunction
    // goes first, the linear form is the retry ([`Built::solve`]).
    let by_linear = fixed.is_some();
    let mut linear_ne = None;
    if by_linear || facts.builtins.contains(&Builtin::linear(id)) {
        let [a, b] = ids(q, Builtin::linear(id));
        for (t, c) in [(&a, &comps[0]), (&b, &comps[1])] {
            // id = x + X * (y + Y * z)
            let inner = add(&c[1], &mul(&dims[1], &c[2]));
            let linear = add(&c[0], &mul(&dims[0], &inner));
            q.constraints.push(eq(t, &linear));
            if let Some(dim) = fixed {
                // Asserted: each component below its size, so the linear id below their product.
                q.enc.assert_range(t, 0, dim.iter().product::<i128>() - 1);
            }
        }
        linear_ne = by_linear.then(|| cmp(CmpOp::Ne, &a, &b));
    }
    if distinct && !same_thread_allowed {
        q.distinct_alternative = linear_ne.map(|ne| (q.constraints.len(), ne));
        q.constraints.push(Bool::or(&differ));
    }
}

/// Two threads reach `a` and `b` in the same run of `phase` (block level; `phase` is `None`
/// at grid level), on the same cell.
pub fn race(
    facts: &KernelFacts<'_>,
    phase: Option<&Phase>,
    a: &PathAccess,
    b: &PathAccess,
) -> Built {
    let (shared, level): (&[Var], Level) = match phase {
        Some(p) => (&p.shared, Level::Block),
        None => (&[], Level::Grid),
    };
    let mut q = base(facts, shared, level);
    if let Some(phase) = phase {
        for (var, value) in pinned(facts, phase) {
            let v = q.enc.lit(value);
            q.enc.define_var(&var, Side::One, v);
        }
        for side in [Side::One, Side::Two] {
            for g in &phase.guard {
                let c = q.enc.cond(g, side);
                q.constraints.push(c);
            }
        }
    }
    if mutated!(facts, SharedLoopVariables) {
        for step in a.path.iter().chain(&b.path) {
            if let crate::pairs::Step::Loop { var, .. } = step {
                q.enc.shared.insert(Var::from(var.as_str()));
            }
        }
    }
    let p1 = q.enc.path(&a.path, Side::One);
    let p2 = q.enc.path(&b.path, Side::Two);
    q.constraints.extend(p1);
    q.constraints.extend(p2);
    // Races among in-bounds accesses (`bounds.rs`): an access that leaves its array is the
    // out-of-bounds finding, asked on its own.
    for (acc, side) in [(&a.acc, Side::One), (&b.acc, Side::Two)] {
        for bound in &acc.bounds {
            let c = q.enc.cond(&within(bound), side);
            q.constraints.push(c);
        }
    }
    let i1: Vec<Val> = a
        .acc
        .index
        .iter()
        .map(|e| q.enc.expr(e, Side::One))
        .collect();
    let i2: Vec<Val> = b
        .acc
        .index
        .iter()
        .map(|e| q.enc.expr(e, Side::Two))
        .collect();
    let same = q.enc.same_cell(&i1, &i2);
    q.constraints.push(same);
    facts.counters.assert(&mut q, level);
    q
}

/// `0 <= index < extent`: the access keeps `bound`.
pub fn within(bound: &Bound<Var>) -> Cond {
    let span = bound.index.span;
    let lo = Cond::new(
        CondKind::Cmp(CmpOp::Ge, bound.index.clone(), Expr::int(0, span)),
        span,
    );
    let hi = Cond::new(
        CondKind::Cmp(
            CmpOp::Lt,
            bound.index.clone(),
            Expr::int(bound.extent, span),
        ),
        span,
    );
    Cond::new(CondKind::And(Box::new(lo), Box::new(hi)), span)
}

/// A thread of some block reaches the access `a` with the index of `bound` outside its
/// dimension ([`crate::bounds`]); with the index's term, which the witness reads.
pub fn out_of_bounds(facts: &KernelFacts<'_>, a: &PathAccess, bound: &Bound<Var>) -> (Built, Val) {
    let mut q = base(facts, &[], Level::Thread);
    let path = q.enc.path(&a.path, Side::One);
    q.constraints.extend(path);
    let index = q.enc.expr(&bound.index, Side::One);
    let below = cmp(CmpOp::Lt, &index, &q.enc.lit(0));
    let beyond = cmp(CmpOp::Ge, &index, &q.enc.lit(i128::from(bound.extent)));
    q.constraints.push(Bool::or(&[below, beyond]));
    (q, index)
}

/// The barrier-loop variables of `phase` that have one value in every run of it, with that
/// value: the race queries of the phase name the literal instead of the variable
/// ([`Encoder::define`]). A loop's auxiliary induction variables are divisions by its variable
/// (`offset = 128 / d` for `for d = 1; d < 128; d *= 2`), and the phase that leaves the loop
/// admits only its last value: with the variable, each query of that phase is non-linear
/// (`(div 128 d)` times a thread id) and took z3 up to a second; with the literal, it is linear
/// (`tests/cuda/scan_gems_bank_conflict_free.cu`, papers/benchmarks.md).
///
/// A variable is pinned to `c` only when the solver proves that no thread satisfies the phase's
/// guard (over the same geometry, parameters and preconditions as the race query) with another
/// value: every model of a race query of the phase, which asserts that guard for its first
/// thread, then has the variable at `c`, so naming `c` changes no answer. An undecided question
/// pins nothing. Asked once per phase (memoised in `facts`), and only for phases whose pairs
/// reach the solver: one query to find a value, one per variable to exclude the others.
pub fn pinned(facts: &KernelFacts<'_>, phase: &Phase) -> Vec<(Var, i128)> {
    if phase.shared.is_empty() {
        return Vec::new();
    }
    let key = (phase.guard.clone(), phase.shared.clone());
    if let Some(known) = facts
        .pins
        .lock()
        .ok()
        .and_then(|p| p.known.get(&key).cloned())
    {
        return known;
    }
    let mut q = base(facts, &phase.shared, Level::Block);
    for g in &phase.guard {
        let c = q.enc.cond(g, Side::One);
        q.constraints.push(c);
    }
    // A variable the guard does not name is free in it: not pinned.
    let vars: Vec<(Var, Val)> = phase
        .shared
        .iter()
        .filter_map(|var| q.enc.get_shared_var(var).map(|v| (var.clone(), v.clone())))
        .collect();
    let mut asked = 0;
    let mut ask = |var: String, value: Option<i128>, constraints: &[Bool]| {
        asked += 1;
        let (from, to) = (phase.from.clone(), phase.to.clone());
        kept::keep(
            || crate::kept::Asked::Pin {
                var,
                value,
                from,
                to,
            },
            constraints,
        );
        solve::check_once(constraints, facts.limits)
    };
    let mut found = Vec::new();
    if !vars.is_empty() {
        let names: Vec<String> = vars.iter().map(|(n, _)| n.to_string()).collect();
        if let Outcome::Sat(model) = ask(names.join(", "), None, &q.constraints) {
            for (name, v) in &vars {
                let Some(c) = crate::encode::value_of(&model, v) else {
                    continue;
                };
                let mut other = q.constraints.clone();
                other.push(cmp(CmpOp::Ne, v, &q.enc.lit(c)));
                if matches!(ask(name.to_string(), Some(c), &other), Outcome::Unsat) {
                    found.push((name.clone(), c));
                }
            }
        }
    }
    if let Ok(mut pins) = facts.pins.lock() {
        pins.queries += asked;
        pins.known.insert(key, found.clone());
    }
    found
}

/// Some thread of some block satisfies every condition in `conds` (feasibility questions of
/// the phase split).
pub fn feasibility(facts: &KernelFacts<'_>, conds: &[Cond]) -> Built {
    let mut q = base(facts, &[], Level::Block);
    for c in conds {
        let b = q.enc.cond(c, Side::One);
        q.constraints.push(b);
    }
    q
}

/// Some launch satisfies the kernel's preconditions: one thread of one block (the second
/// copy may be the same thread), under the geometry, parameters and conventions of `facts`.
pub fn launchable(facts: &KernelFacts<'_>) -> Built {
    base(facts, &[], Level::Thread)
}

/// Thread 1 reaches the barrier at some iteration of its loops and thread 2, of the same
/// block and at the same iteration, does not (SPEC §6).
pub fn divergence(facts: &KernelFacts<'_>, barrier: &BarrierPlacement) -> Built {
    let loop_vars: Vec<Var> = barrier
        .controls
        .iter()
        .filter_map(|c| match &c.kind {
            ControlKind::Loop { var, .. } => Some(Var::from(var.name.as_str())),
            ControlKind::If { .. } => None,
        })
        .collect();
    let mut q = base(facts, &loop_vars, Level::Block);
    let reach = |side: Side, q: &mut Built| -> Bool {
        let parts: Vec<Bool> = barrier
            .controls
            .iter()
            .map(|c| match &c.kind {
                ControlKind::If { cond, branch } => {
                    let c = q.enc.cond(cond, side);
                    match branch {
                        mapcheck_typeck::Branch::Then => c,
                        mapcheck_typeck::Branch::Else => c.not(),
                    }
                }
                ControlKind::Loop { var, range } => {
                    let v = Expr::var(var.name.as_str(), var.span);
                    let c = iteration(&v, range, facts.arith);
                    q.enc.cond(&c, side)
                }
            })
            .collect();
        Bool::and(&parts)
    };
    let r1 = reach(Side::One, &mut q);
    let r2 = reach(Side::Two, &mut q);
    q.constraints.push(r1);
    q.constraints.push(r2.not());
    q
}

/// The top-level `assume`s of a protocol (not under a conditional or loop): preconditions.
pub fn top_assumes(p: &mapcheck_typeck::SyncProto) -> Vec<&Cond> {
    use mapcheck_typeck::{Proto, SyncProto};
    fn u<'a>(p: &'a Proto, out: &mut Vec<&'a Cond>) {
        match p {
            Proto::Assume { cond, .. } => out.push(cond),
            Proto::Seq(parts) => parts.iter().for_each(|q| u(q, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    match p {
        SyncProto::U(q) => u(q, &mut out),
        SyncProto::Seq(parts) => {
            for part in parts {
                if let SyncProto::U(q) = part {
                    u(q, &mut out);
                }
            }
        }
        _ => {}
    }
    out
}
