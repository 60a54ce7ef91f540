//! Pass 4 — solving: one z3 solver per query, bounded by a deterministic resource limit and a
//! timeout of the solving thread's CPU time as a backstop; `unknown` is kept as such, never read as "no race". A
//! satisfiable query is solved again under growing bounds on the parameters and the geometry,
//! so that witnesses are small enough for a person to replay, and then made canonical: the
//! least model in a fixed order of its constants (`canonical`), so that the witness is a
//! function of the query's meaning and not of the path z3's search took.

use crate::encode::{cmp, Val};
use mapcheck_core::ast::CmpOp;
use z3::ast::{Ast, Bool, Dynamic, Int, BV};
use z3::{DeclKind, Model, Params, PrepareSynchronized, SatResult, Solver};

/// Limits of one query.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// z3's `rlimit`: the same on every machine for the same query and Z3 version.
    pub rlimit: u32,
    /// Backstop, in milliseconds of the CPU time of the thread that solves (the wall clock
    /// where the system does not tell a thread's CPU time; see `Watchdog`).
    pub timeout_ms: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rlimit: 20_000_000,
            timeout_ms: 10_000,
        }
    }
}

/// What a query said.
#[derive(Debug)]
pub enum Outcome {
    Unsat,
    Sat(Model),
    Unknown(String),
}

/// Each check of [`canonical`] gets this fraction of the resource limit, and it makes at
/// most [`CANONICAL_CHECKS`] of them: a witness is made canonical at a bounded cost, also when
/// its checks are non-linear (a loop `step *K` makes each one a question about powers of `K`).
const CANONICAL_SHARE: u32 = 10;
const CANONICAL_CHECKS: usize = 48;

/// How the canonical witness (`canonical`, after [`solve`] finds a model) orders the values of
/// one constant, least first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Least {
    /// By magnitude, then positive before negative: 0, 1, -1, 2, -2, ...
    Magnitude,
    /// 2, 3, ... up to the largest of the witness bounds first, then the others as
    /// [`Least::Magnitude`] orders them: a parameter, whose values 0 and 1 are the degenerate
    /// ones (a loop `step *K` that never moves, a size that leaves one thread), which the
    /// replay search would otherwise have to climb out of.
    ///
    /// Not for queries with a product of more than [`GROBNER_MAX_DEGREE`] factors (a loop
    /// `step *K` unrolled to `K^64`): there a parameter keeps the value of the model z3
    /// found, and the replay search climbs out of a degenerate witness. With every factor at
    /// 2 or more, z3's non-linear core refines such a product by lemmas over its
    /// factorisations (`nla::basics`, 2^(d-1) of them for degree d), checking neither the
    /// resource limit nor an interrupt: the canonical check `2 <= K <= 1024` of
    /// `for i in 1..N step *K { A[0] := tid; }` grew past 13 GB in 100 s under `--timeout 2`,
    /// the backstop's interrupt sent every 25 ms and never read; ordered by magnitude
    /// instead, the kernel's checks, each bounded, took more than 300 s in all.
    FromTwo,
}

/// Bounds tried, smallest first, on every free parameter and dimension of a witness.
const WITNESS_BOUNDS: [i128; 7] = [2, 4, 8, 16, 64, 256, 1024];

/// The first try of a query gets this fraction of the resource limit.
const FIRST_TRY_SHARE: u32 = 10;

/// Queries with an integer product of more factors than this are solved without Z3's Gröbner
/// pass of its non-linear arithmetic. That pass enumerates the factorisations of each
/// monomial, 2^(d-1) of them for degree d, and checks neither the resource limit nor an
/// interrupt while it does: a loop `step *K` unrolled to `K^64` sent one check of `for i in
/// 1..N step *K` into it for 7 minutes under a 10 s timeout, where without the pass the same
/// query is `sat` in 1.6 s. Below this degree the pass is kept, as it decides the products of
/// ids that index arrays.
const GROBNER_MAX_DEGREE: u32 = 8;

/// Solves `constraints`; on a model, solves again under growing bounds on `sizes` (`lit`
/// builds a bound) so that the witness is small: one bound on all of them, else (when some
/// size must exceed the largest bound) a bound on each in turn; then makes the model
/// `canonical` over `order`.
///
/// A query is tried first in the caller's context with a tenth of the resource limit, in
/// z3's SMT core, then, if that was `unknown`, in a fresh context with all of it, through the
/// tactic z3 picks for it (`Path`; see [`context`] for why the context matters). Z3's search depends on the terms its context already holds, and a query
/// that the history of earlier queries sends down a hopeless path is often decided in
/// milliseconds alone — measured: a grid-stride kernel's grid-level query, `unknown` after
/// 10 s as the third query of its kernel, `unsat` in 5 ms in a fresh context. Creating a
/// context costs about 4 ms, more than most queries, so only the queries that need it pay for
/// it. Both tries are bounded by the resource limit, so the answer stays deterministic; the
/// retry's model is translated back into the caller's context.
pub fn solve(
    constraints: &[Bool],
    sizes: &[(Val, Sign)],
    order: &[(Val, Least)],
    limits: Limits,
    lit: impl Fn(i128) -> Val,
) -> Outcome {
    let first = Limits {
        rlimit: limits.rlimit / FIRST_TRY_SHARE,
        ..limits
    };
    match solve_here(constraints, sizes, order, first, Path::Core, &lit) {
        Outcome::Unknown(_) => retry_fresh(constraints, sizes, order, limits),
        decided => decided,
    }
}

/// [`solve_here`] in a fresh context.
fn retry_fresh(
    constraints: &[Bool],
    sizes: &[(Val, Sign)],
    order: &[(Val, Least)],
    limits: Limits,
) -> Outcome {
    // One encoder has one sort; z3 objects cross contexts by translation.
    let width = match sizes
        .first()
        .map(|(v, _)| v)
        .or(order.first().map(|(v, _)| v))
    {
        Some(Val::B(x)) => Some(x.get_size()),
        _ => None,
    };
    let dynamic = |vals: &mut dyn Iterator<Item = &Val>| -> Vec<Dynamic> {
        vals.map(Val::as_dynamic).collect()
    };
    let signs: Vec<Sign> = sizes.iter().map(|(_, s)| *s).collect();
    let leasts: Vec<Least> = order.iter().map(|(_, l)| *l).collect();
    let (sizes, order) = (
        dynamic(&mut sizes.iter().map(|(v, _)| v)),
        dynamic(&mut order.iter().map(|(v, _)| v)),
    );
    let (constraints, sizes, order) = (
        constraints.synchronized(),
        sizes.as_slice().synchronized(),
        order.as_slice().synchronized(),
    );
    let answer = context(limits, move || {
        let constraints = constraints.recover();
        let vals = |ds: Vec<Dynamic>| -> Vec<Val> {
            ds.iter()
                .filter_map(|d| {
                    if width.is_some() {
                        d.as_bv().map(Val::B)
                    } else {
                        d.as_int().map(Val::I)
                    }
                })
                .collect()
        };
        let (sizes, order) = (vals(sizes.recover()), vals(order.recover()));
        let sizes: Vec<(Val, Sign)> = sizes.into_iter().zip(signs).collect();
        let order: Vec<(Val, Least)> = order.into_iter().zip(leasts).collect();
        let lit = |v: i128| match width {
            Some(bits) => Val::B(BV::from_i64(v as i64, bits)),
            None => Val::I(Int::from_i128(v)),
        };
        match solve_here(&constraints, &sizes, &order, limits, Path::Tactic, &lit) {
            Outcome::Unsat => Ok(None),
            Outcome::Sat(model) => Ok(Some(model.synchronized())),
            Outcome::Unknown(why) => Err(why),
        }
    });
    match answer {
        Ok(None) => Outcome::Unsat,
        Ok(Some(model)) => Outcome::Sat(model.recover()),
        Err(why) => Outcome::Unknown(why),
    }
}

/// Where a fresh solver's first check goes. z3's combined solver sends a first check made
/// without a scope to the tactic it picks by probing the query (for integer queries with `div`
/// and `mod` by literals, its non-linear one), and a check after `push` straight to the SMT
/// core. Neither decides every query of the corpus fastest (papers/benchmarks.md, "Solver
/// set-up"): the core decides a loop `for i = ntid / 2; i > 0; i >>= 1` unrolled to a chain of
/// halvings in 20–300 ms where the tactic is `unknown` at the first try's limit, and the tactic
/// decides a grid-stride loop's grid-level query in milliseconds where the core is `unknown`
/// at the full limit. So the first try is the core's and the retry the tactic's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    Core,
    Tactic,
}

fn solve_here(
    constraints: &[Bool],
    sizes: &[(Val, Sign)],
    order: &[(Val, Least)],
    limits: Limits,
    path: Path,
    lit: &dyn Fn(i128) -> Val,
) -> Outcome {
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit);
    let high_degree = max_degree(constraints) > GROBNER_MAX_DEGREE;
    if high_degree {
        params.set_bool("arith.nl.grobner", false);
    }
    // No `timeout` here: the backstop is the context's (see [`context`]). Set on the
    // solver, Z3 5.4's combined solver takes another path, which spun to the timeout on linear
    // queries it otherwise decides in milliseconds (a grid-stride loop's grid-level query:
    // 10 s `unknown` against 5 ms `unsat`).
    solver.set_params(&params);
    if path == Path::Core {
        solver.push();
    }
    for c in constraints {
        solver.assert(c);
    }
    match check(&solver) {
        SatResult::Unsat => return Outcome::Unsat,
        SatResult::Unknown => {
            return Outcome::Unknown(
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "the solver gave up".into()),
            )
        }
        SatResult::Sat => {}
    }
    let Some(first) = solver.get_model() else {
        return Outcome::Unknown("the solver found no model".into());
    };
    let small = small(&solver, first, sizes, lit);
    // The sizes stay as small as they are: the checks below would otherwise let them float
    // (a block of 1024 threads for a race that 4 show).
    // (Those that `order` minimises next are left free for it.)
    for (size, _) in sizes {
        if order
            .iter()
            .any(|(o, _)| o.as_dynamic() == size.as_dynamic())
        {
            continue;
        }
        if let Some(v) = crate::encode::value_of(&small, size) {
            solver.assert(cmp(CmpOp::Eq, size, &lit(v)));
        }
    }
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit / CANONICAL_SHARE);
    solver.set_params(&params);
    // Parameters keep the values of the model found when a product is of high degree (see
    // [`Least::FromTwo`]).
    let order: Vec<(Val, Least)> = order
        .iter()
        .filter(|(_, least)| !(high_degree && *least == Least::FromTwo))
        .cloned()
        .collect();
    Outcome::Sat(canonical(&solver, small, &order, lit))
}

/// The largest number of non-literal factors of an integer product in `constraints`, counted
/// after flattening nested products (`(K * K) * K` has degree 3); shared subterms are visited
/// once.
fn max_degree(constraints: &[Bool]) -> u32 {
    fn degree(
        e: &Dynamic,
        memo: &mut std::collections::HashMap<Dynamic, u32>,
        top: &mut u32,
    ) -> u32 {
        if let Some(d) = memo.get(e) {
            return *d;
        }
        let children = e.children();
        let d = if children.is_empty() {
            u32::from(e.is_const() && e.decl().kind() == DeclKind::Uninterpreted)
        } else {
            let ds = children.iter().map(|c| degree(c, memo, top));
            if e.decl().kind() == DeclKind::Mul {
                ds.fold(0, u32::saturating_add)
            } else {
                ds.max().unwrap_or(0)
            }
        };
        *top = (*top).max(d);
        memo.insert(e.clone(), d);
        d
    }
    let (mut memo, mut top) = (std::collections::HashMap::new(), 0);
    for c in constraints {
        degree(&Dynamic::from_ast(c), &mut memo, &mut top);
    }
    top
}

/// How the witness search keeps a size small (in `small`): by its magnitude, in the reading its
/// type gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// Never negative (a dimension, a natural parameter): `v <= b`.
    Natural,
    /// May be negative (a signed parameter): `-b <= v <= b`.
    Signed,
    /// Every `bv32` bit pattern is a value (an `unsigned` parameter), and the ones that read
    /// negative as signed are the large ones: `v <=u b`.
    Unsigned,
}

/// That `v` is at most `bound` in magnitude, as `sign` reads it.
fn within(v: &Val, sign: Sign, bound: i128, lit: &dyn Fn(i128) -> Val) -> Bool {
    let b = lit(bound);
    match sign {
        Sign::Natural => cmp(CmpOp::Le, v, &b),
        Sign::Signed => Bool::and(&[cmp(CmpOp::Le, v, &b), cmp(CmpOp::Ge, v, &lit(-bound))]),
        Sign::Unsigned => cmp(CmpOp::ULe, v, &b),
    }
}

/// A model of the assertions of `solver` (`first` is one) whose `sizes` are small: one bound
/// of [`WITNESS_BOUNDS`] on all of them, else each bounded in turn by the smallest bound that
/// still leaves a model. Leaves `solver` with the per-size bounds it found asserted.
fn small(solver: &Solver, first: Model, sizes: &[(Val, Sign)], lit: &dyn Fn(i128) -> Val) -> Model {
    if sizes.is_empty() {
        return first;
    }
    for bound in WITNESS_BOUNDS {
        solver.push();
        for (s, sign) in sizes {
            solver.assert(within(s, *sign, bound, lit));
        }
        let found = match check(solver) {
            SatResult::Sat => solver.get_model(),
            _ => None,
        };
        solver.pop(1);
        if let Some(model) = found {
            return model;
        }
    }
    // Some size must be large (a `bv32` race through a wrap-around needs a parameter near
    // 2^31): bound the sizes one at a time instead, each by the smallest bound that still
    // leaves a witness, keeping the bounds found for the earlier ones. Without this the
    // witness was the first model, whose every size was arbitrary (a grid of 2^30 blocks of
    // 1023 threads where 2 of 2 would do).
    let mut witness = first;
    for (s, sign) in sizes {
        for bound in WITNESS_BOUNDS {
            solver.push();
            solver.assert(within(s, *sign, bound, lit));
            let found = match check(solver) {
                SatResult::Sat => solver.get_model(),
                _ => None,
            };
            match found {
                // The bound stays asserted for the sizes after this one.
                Some(model) => {
                    witness = model;
                    break;
                }
                None => solver.pop(1),
            }
        }
    }
    witness
}

/// The least model of the assertions of `solver` (`model` is one) in the lexicographic order
/// of the values of `order`'s constants, each compared as its [`Least`] says: each constant in
/// turn gets the least value that leaves a model (a binary search between 0, or 2, and its
/// value in the current model) and keeps it for the ones after it.
///
/// Without this the witness was whichever model z3's search reached first, and that path
/// depends on more than the query: the snapshot of a write-write race printed threads 0 and 1
/// in one run and 1 and 0 in another, on the same binary and the same input, when other
/// processes shared the cores. With the sizes pinned first, the values of `order` in the least
/// model are a function of the query's meaning and of those sizes alone, and the ones a person
/// would pick (the threads with the smallest ids). A check that comes back `unknown`, or the [`CANONICAL_CHECKS`]-th
/// check, ends the search with the model found so far; the resource limit bounds each check,
/// so where that happens is deterministic too.
/// Terms of `order` that are not uninterpreted constants (a fixed dimension is a literal) are
/// skipped, as are repeats.
fn canonical(
    solver: &Solver,
    mut model: Model,
    order: &[(Val, Least)],
    lit: &dyn Fn(i128) -> Val,
) -> Model {
    let mut seen = std::collections::BTreeSet::new();
    let mut checks = 0;
    let mut ask = |assertion: &Bool| {
        checks += 1;
        if checks > CANONICAL_CHECKS {
            return None;
        }
        solver.push();
        solver.assert(assertion);
        let answer = check(solver);
        let found = (answer == SatResult::Sat)
            .then(|| solver.get_model())
            .flatten();
        solver.pop(1);
        match (answer, found) {
            (SatResult::Sat, Some(m)) => Some(Some(m)),
            (SatResult::Unsat, _) => Some(None),
            _ => None,
        }
    };
    for (v, least) in order {
        let d = v.as_dynamic();
        if !d.is_const()
            || d.decl().kind() != DeclKind::Uninterpreted
            || !seen.insert(d.to_string())
        {
            continue;
        }
        let Some(mut value) = crate::encode::value_of(&model, v) else {
            continue;
        };
        if *least == Least::FromTwo {
            // Between 2 and `high`, when some model has the constant there.
            let from_two = |high: i128| {
                Bool::and(&[cmp(CmpOp::Ge, v, &lit(2)), cmp(CmpOp::Le, v, &lit(high))])
            };
            let reach = WITNESS_BOUNDS[WITNESS_BOUNDS.len() - 1];
            if !(2..=reach).contains(&value) {
                match ask(&from_two(reach)) {
                    Some(Some(m)) => {
                        value = crate::encode::value_of(&m, v).unwrap_or(value);
                        model = m;
                    }
                    Some(None) => {}
                    None => return model,
                }
            }
            if (2..=reach).contains(&value) {
                // Invariant: no model (with the earlier constants fixed) has `2 <= v < low`.
                let mut low = 2;
                while low < value {
                    let mid = low + (value - low) / 2;
                    match ask(&from_two(mid)) {
                        Some(Some(m)) => {
                            value = crate::encode::value_of(&m, v).unwrap_or(value);
                            model = m;
                        }
                        Some(None) => low = mid + 1,
                        None => return model,
                    }
                }
                solver.assert(cmp(CmpOp::Eq, v, &lit(value)));
                continue;
            }
        }
        let within = |bound: i128| {
            Bool::and(&[
                cmp(CmpOp::Le, v, &lit(bound)),
                cmp(CmpOp::Ge, v, &lit(-bound)),
            ])
        };
        // Invariant: no model (with the earlier constants fixed) has `|v| < low`.
        let mut low = 0;
        while low < value.abs() {
            let mid = low + (value.abs() - low) / 2;
            match ask(&within(mid)) {
                Some(Some(m)) => {
                    value = crate::encode::value_of(&m, v).unwrap_or(value);
                    model = m;
                }
                Some(None) => low = mid + 1,
                None => return model,
            }
        }
        if value < 0 {
            match ask(&cmp(CmpOp::Eq, v, &lit(-value))) {
                Some(Some(m)) => {
                    value = -value;
                    model = m;
                }
                Some(None) => {}
                None => return model,
            }
        }
        solver.assert(cmp(CmpOp::Eq, v, &lit(value)));
    }
    model
}

/// Runs `f` in a fresh z3 context whose every check stops after `limits.timeout_ms` of the
/// solving thread's CPU time. Z3's answers (and models, hence witnesses) depend on the terms a context already
/// holds: with one context per thread, the verdict of a kernel could change with the kernels
/// decided before it in the same process (observed: a grid-stride kernel `unknown` alone and
/// `drf` after another file). Each decision in its own context answers as a function of the
/// kernel and the options only.
///
/// The backstop is a `Watchdog` thread that interrupts the context when a check has used its
/// time, not z3's own `timeout` (wall clock, and costly): with `timeout` set, every check starts one of
/// z3's timer threads and, when done, spins on `sched_yield` until that thread has noticed — on
/// a loaded machine most of the run. Measured on `tests/cuda/reduce_unrolled_last_warp.cu`
/// (30 races, a few hundred checks; two cores shared with two builds): 27.7 s wall, 8.3 s user
/// and 10.5 s system time, two thirds of the samples in the kernel's scheduler, 16% in z3.
pub fn context<R: Send + Sync>(limits: Limits, f: impl FnOnce() -> R + Send + Sync) -> R {
    z3::with_z3_config(&z3::Config::new(), move || {
        let ctx = z3::Context::thread_local();
        let handle = ctx.handle();
        let watch = std::sync::Arc::new(Watchdog::new(limits.timeout_ms));
        std::thread::scope(|scope| {
            let w = std::sync::Arc::clone(&watch);
            let handle = &handle;
            scope.spawn(move || w.guard(handle));
            // Ends the guard also when `f` unwinds, so the scope can join it.
            let _stop = Stop(&watch);
            let previous = WATCH.with(|c| c.replace(Some(std::sync::Arc::clone(&watch))));
            let answer = f();
            WATCH.with(|c| *c.borrow_mut() = previous);
            answer
        })
    })
}

thread_local! {
    /// The watchdog of the context this thread is solving in.
    static WATCH: std::cell::RefCell<Option<std::sync::Arc<Watchdog>>> =
        const { std::cell::RefCell::new(None) };
}

/// The backstop of one context: a thread that wakes every [`Watchdog::TICK`] and interrupts
/// the context when the running check has used its time. A check starts its clock before it
/// starts and clears it when it returns ([`Armed`]), under the same lock the watchdog
/// interrupts under, so an interrupt only ever reaches the check it was meant for (and z3
/// drops an interrupt that arrives between checks).
///
/// The time is the CPU time of the thread that runs the check, not the wall clock: the
/// backstop is there for the z3 passes that check neither the resource limit nor an
/// interrupt (see [`GROBNER_MAX_DEGREE`]), and a wall-clock one also stopped checks that were
/// merely waiting for a core. Measured: `examples/grid_stride_loop.bcu`, 1 s of CPU in all,
/// was `drf` on an idle machine and `unknown` ("interrupted") beside four busy loops on two
/// shared cores (load average 22), its first check starved past the 10 s default; a verdict
/// that depends on the machine's load is not a function of the input.
struct Watchdog {
    timeout: std::time::Duration,
    /// The running check's clock and the time it had used when it started.
    deadline: std::sync::Mutex<Option<(Clock, std::time::Duration)>>,
    done: std::sync::Mutex<bool>,
    wake: std::sync::Condvar,
}

impl Watchdog {
    const TICK: std::time::Duration = std::time::Duration::from_millis(25);

    fn new(timeout_ms: u32) -> Self {
        Watchdog {
            timeout: std::time::Duration::from_millis(u64::from(timeout_ms)),
            deadline: std::sync::Mutex::new(None),
            done: std::sync::Mutex::new(false),
            wake: std::sync::Condvar::new(),
        }
    }

    fn guard(&self, handle: &z3::ContextHandle<'_>) {
        let Ok(mut done) = self.done.lock() else {
            return;
        };
        while !*done {
            done = match self.wake.wait_timeout(done, Self::TICK) {
                Ok((d, _)) => d,
                Err(_) => return,
            };
            if let Ok(deadline) = self.deadline.lock() {
                if let Some((clock, start)) = &*deadline {
                    if clock.now().saturating_sub(*start) >= self.timeout {
                        handle.interrupt();
                    }
                }
            }
        }
    }
}

/// Stops a [`Watchdog`] when dropped.
struct Stop<'a>(&'a Watchdog);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        if let Ok(mut done) = self.0.done.lock() {
            *done = true;
        }
        self.0.wake.notify_all();
    }
}

/// The time one thread has used: its CPU time, read from Linux's
/// `/proc/self/task/TID/schedstat` (nanoseconds on the CPU first), or the wall clock elapsed
/// since the clock was made where that file cannot be read. The path is readable from the
/// watchdog's thread; a thread's own `CLOCK_THREAD_CPUTIME_ID` is not, and
/// `pthread_getcpuclockid` would take `unsafe` code.
#[derive(Clone, Debug)]
enum Clock {
    Cpu(std::path::PathBuf),
    Wall(std::time::Instant),
}

impl Clock {
    fn of_this_thread() -> Clock {
        thread_local! {
            static SCHEDSTAT: Option<std::path::PathBuf> = std::fs::read_link("/proc/thread-self")
                .ok()
                .map(|task| std::path::Path::new("/proc").join(task).join("schedstat"))
                .filter(|path| Clock::cpu(path).is_some());
        }
        match SCHEDSTAT.with(Clone::clone) {
            Some(path) => Clock::Cpu(path),
            None => Clock::Wall(std::time::Instant::now()),
        }
    }

    fn cpu(path: &std::path::Path) -> Option<std::time::Duration> {
        let text = std::fs::read_to_string(path).ok()?;
        let ns = text.split_whitespace().next()?.parse().ok()?;
        Some(std::time::Duration::from_nanos(ns))
    }

    /// The time used so far. A CPU clock whose file has gone (its thread ended) reads as
    /// stopped, which is only ever asked while its check runs.
    fn now(&self) -> std::time::Duration {
        match self {
            Clock::Cpu(path) => Clock::cpu(path).unwrap_or_default(),
            Clock::Wall(start) => start.elapsed(),
        }
    }
}

/// The clock of one check, set while it runs.
struct Armed(Option<std::sync::Arc<Watchdog>>);

impl Armed {
    fn new() -> Self {
        let watch = WATCH.with(|c| c.borrow().clone());
        if let Some(w) = &watch {
            if let Ok(mut d) = w.deadline.lock() {
                let clock = Clock::of_this_thread();
                let start = clock.now();
                *d = Some((clock, start));
            }
        }
        Armed(watch)
    }
}

impl Drop for Armed {
    fn drop(&mut self) {
        if let Some(w) = &self.0 {
            if let Ok(mut d) = w.deadline.lock() {
                *d = None;
            }
        }
    }
}

/// One check of `constraints` in z3's SMT core with a tenth of the resource limit (as the first
/// try of [`solve`]), without a retry and without making its model small or canonical: for
/// questions whose answer only steers how a query is built ([`crate::query::pinned`]), where
/// `unknown` costs nothing but the shortcut.
pub fn check_once(constraints: &[Bool], limits: Limits) -> Outcome {
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit / FIRST_TRY_SHARE);
    solver.set_params(&params);
    solver.push();
    for c in constraints {
        solver.assert(c);
    }
    match check(&solver) {
        SatResult::Unsat => Outcome::Unsat,
        SatResult::Unknown => Outcome::Unknown(solver.get_reason_unknown().unwrap_or_default()),
        SatResult::Sat => match solver.get_model() {
            Some(model) => Outcome::Sat(model),
            None => Outcome::Unknown("the solver found no model".into()),
        },
    }
}

/// `solver.check()` under the context's backstop.
fn check(solver: &Solver) -> SatResult {
    let _armed = Armed::new();
    solver.check()
}

/// The query as SMT-LIB text, for `--emit smt`: its declarations and assertions, then
/// `(check-sat)`; without the lines Z3 adds of its own (a comment naming its API, a
/// `set-info`), so the text says only what mapcheck asks.
pub fn smtlib(constraints: &[Bool]) -> String {
    let solver = Solver::new();
    for c in constraints {
        solver.assert(c);
    }
    let text = solver.to_smt2();
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with("; benchmark generated") || line.starts_with("(set-info ") {
            continue;
        }
        out.push_str(&quote_symbols(line));
        out.push('\n');
    }
    if !out.trim_end().ends_with("(check-sat)") {
        out.push_str("(check-sat)\n");
    }
    out
}

/// `line` with every symbol SMT-LIB does not allow unquoted written `|like'this|`: Z3 prints
/// some names as they are that no SMT-LIB reader, Z3's included, accepts bare (the copy of a
/// barrier-loop variable for the next iteration, `Var::Next`, is named `i'`).
fn quote_symbols(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        if needs_quotes(token) {
            out.push('|');
            out.push_str(token);
            out.push('|');
        } else {
            out.push_str(token);
        }
        token.clear();
    };
    for c in line.chars() {
        if c.is_whitespace() || c == '(' || c == ')' {
            flush(&mut token, &mut out);
            out.push(c);
        } else {
            token.push(c);
        }
    }
    flush(&mut token, &mut out);
    out
}

/// Whether a token of Z3's text is a symbol that SMT-LIB's lexical rules (SMT-LIB 2.6, §3.1)
/// allow only quoted: it has a character no simple symbol has, and it is not already quoted,
/// a literal (`#x…`, a string) or a keyword.
fn needs_quotes(token: &str) -> bool {
    let simple = |c: char| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c);
    !token.starts_with(['|', '#', ':', '"'])
        && !token.contains(['|', '"'])
        && !token.chars().all(simple)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::value_of;

    #[test]
    fn emitted_text_quotes_primed_names_and_reads_back() {
        let x = Int::new_const("i'");
        let text = smtlib(&[x.gt(Int::from_i64(3))]);
        assert!(text.contains("|i'|"), "{text}");
        let solver = Solver::new();
        solver.from_string(text.replace("(check-sat)", ""));
        assert_eq!(solver.check(), SatResult::Sat);
        assert_eq!(solver.get_assertions().len(), 1);
    }

    #[test]
    fn the_watchdog_interrupts_a_check_past_its_deadline() {
        // Fermat's cubic case: no model, and nothing z3 can prove; only the wall clock stops it
        // (the resource limit is far away). The reason says the check was interrupted: the
        // SMT core calls it `canceled`, z3's tactics `interrupted`.
        let limits = Limits {
            rlimit: u32::MAX,
            timeout_ms: 300,
        };
        let why = context(limits, || {
            let [x, y, z] = ["x", "y", "z"].map(Int::new_const);
            let cube = |v: &Int| v.clone() * v.clone() * v.clone();
            let query = [
                x.gt(Int::from_i64(0)),
                y.gt(Int::from_i64(0)),
                z.gt(Int::from_i64(0)),
                (cube(&x) + cube(&y)).eq(cube(&z)),
            ];
            match solve_here(&query, &[], &[], limits, Path::Core, &|v| {
                Val::I(Int::from_i128(v))
            }) {
                Outcome::Unknown(why) => why,
                other => panic!("expected unknown, got {other:?}"),
            }
        });
        assert!(
            why.contains("canceled") || why.contains("interrupted"),
            "{why}"
        );
    }

    #[test]
    fn a_retry_in_a_fresh_context_minimises_and_translates_its_model_back() {
        for bv in [false, true] {
            let (x, lit): (Val, fn(i128) -> Val) = if bv {
                (Val::B(BV::new_const("x", 32)), |v| {
                    Val::B(BV::from_i64(v as i64, 32))
                })
            } else {
                (Val::I(Int::new_const("x")), |v| Val::I(Int::from_i128(v)))
            };
            // x > 1: the first model may be large, the bound 2 leaves x = 2.
            let positive = cmp(CmpOp::Gt, &x, &lit(1));
            let within = cmp(CmpOp::Lt, &x, &lit(1000));
            let Outcome::Sat(model) = retry_fresh(
                &[positive, within],
                &[(x.clone(), Sign::Natural)],
                &[],
                Limits::default(),
            ) else {
                panic!("expected a model");
            };
            assert_eq!(value_of(&model, &x), Some(2), "bv32: {bv}");
            let never = [cmp(CmpOp::Lt, &x, &lit(0)), cmp(CmpOp::Gt, &x, &lit(5))];
            assert!(matches!(
                retry_fresh(&never, &[], &[], Limits::default()),
                Outcome::Unsat
            ));
        }
    }

    #[test]
    fn the_witness_is_the_least_model_in_the_order_given() {
        for bv in [false, true] {
            let (x, y, lit): (Val, Val, fn(i128) -> Val) = if bv {
                (
                    Val::B(BV::new_const("x", 32)),
                    Val::B(BV::new_const("y", 32)),
                    |v| Val::B(BV::from_i64(v as i64, 32)),
                )
            } else {
                (
                    Val::I(Int::new_const("x")),
                    Val::I(Int::new_const("y")),
                    |v| Val::I(Int::from_i128(v)),
                )
            };
            // Two threads that differ, in either role: the least is x = 0, y = 1, whatever
            // model z3 reaches first.
            let symmetric = [
                cmp(CmpOp::Ne, &x, &y),
                cmp(CmpOp::Ge, &x, &lit(0)),
                cmp(CmpOp::Ge, &y, &lit(0)),
                cmp(CmpOp::Lt, &x, &lit(7)),
                cmp(CmpOp::Lt, &y, &lit(7)),
            ];
            let order = [(x.clone(), Least::Magnitude), (y.clone(), Least::Magnitude)];
            let Outcome::Sat(m) = solve(&symmetric, &[], &order, Limits::default(), lit) else {
                panic!("expected a model");
            };
            assert_eq!(
                (value_of(&m, &x), value_of(&m, &y)),
                (Some(0), Some(1)),
                "bv32: {bv}"
            );
            // By magnitude, then positive before negative.
            let one_of = |values: &[i128]| {
                let options: Vec<Bool> = values
                    .iter()
                    .map(|v| cmp(CmpOp::Eq, &x, &lit(*v)))
                    .collect();
                Bool::or(&options)
            };
            for (values, least) in [(&[-3, 3, 5][..], 3), (&[-3, 5][..], -3), (&[9, -2][..], -2)] {
                let Outcome::Sat(m) = solve(&[one_of(values)], &[], &order, Limits::default(), lit)
                else {
                    panic!("expected a model");
                };
                assert_eq!(value_of(&m, &x), Some(least), "{values:?}, bv32: {bv}");
            }
            // A parameter: the least value of at least 2 when there is one, else by magnitude.
            let param = [(x.clone(), Least::FromTwo), (y.clone(), Least::Magnitude)];
            for (values, least) in [
                (&[0, 1, 5, 3, 1000][..], 3),
                (&[0, 1, 2][..], 2),
                (&[7, -1, 1][..], 7),
                (&[-1, 1, 0][..], 0),
                (&[-4, 3000][..], -4),
            ] {
                let Outcome::Sat(m) = solve(&[one_of(values)], &[], &param, Limits::default(), lit)
                else {
                    panic!("expected a model");
                };
                assert_eq!(value_of(&m, &x), Some(least), "{values:?}, bv32: {bv}");
            }
            // The parameter first, then the threads with it fixed: x = 2 and y = 0, though
            // x = 0, y = 1 is least by magnitude.
            let apart = [
                cmp(CmpOp::Ne, &x, &y),
                cmp(CmpOp::Ge, &x, &lit(0)),
                cmp(CmpOp::Ge, &y, &lit(0)),
                cmp(CmpOp::Lt, &x, &lit(7)),
                cmp(CmpOp::Lt, &y, &lit(7)),
            ];
            let Outcome::Sat(m) = solve(&apart, &[], &param, Limits::default(), lit) else {
                panic!("expected a model");
            };
            assert_eq!(
                (value_of(&m, &x), value_of(&m, &y)),
                (Some(2), Some(0)),
                "bv32: {bv}"
            );
        }
    }
}
