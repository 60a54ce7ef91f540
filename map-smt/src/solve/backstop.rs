//! The z3 context a decision runs in ([`context`]), and the one wall-clock limit mapcheck
//! knows: the end of the whole run (`--timeout`, [`Limits::deadline`]), after which every
//! check answers `unknown` at once ([`check`], [`expired`]).
//!
//! Nothing else here reads a clock. Each query is bounded by z3's resource limit alone
//! (`rlimit`, counted in z3's own units, the same on every machine and under any load), so
//! that which queries are decided, which fallbacks are taken and which witnesses are found
//! are a function of the input and the flags (SPEC §6, issue 37 item 3). Until session 18 each
//! check also had a backstop of 10 s of its thread's CPU time; a check near that limit was
//! decided on an idle machine and interrupted on a loaded one (CPU time also grows with
//! cache and memory contention), and a witness shrunk under an interrupted check came out
//! larger: the same input gave different bytes between `--jobs 1` and `--jobs 2`.
//!
//! The deadline is the user's backstop, not part of the decision: a run it stops reports each
//! query it cut short as `unknown` with [`EXPIRED`] as the reason, and the command line says
//! that the output of such a run is not reproducible.

use super::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use z3::{SatResult, Solver};

/// The reason of every check the run's deadline cut short (or never started).
pub const EXPIRED: &str = "the run's time limit (`--timeout`) passed";

/// Whether some run of this process has passed its deadline: set once, never cleared (a
/// process runs one command).
static ANY_EXPIRED: AtomicBool = AtomicBool::new(false);

/// Whether a deadline of this process has passed (`--timeout`): the command line says so.
pub fn deadline_passed() -> bool {
    ANY_EXPIRED.load(Ordering::Relaxed)
}

/// Runs `f` in a fresh z3 context. Z3's answers (and models, hence witnesses) depend on the
/// terms a context already holds: with one context per thread, the verdict of a kernel could
/// change with the kernels decided before it in the same process (observed: a grid-stride
/// kernel `unknown` alone and `drf` after another file). Each decision in its own context
/// answers as a function of the kernel and the options only.
///
/// With a deadline, a watcher thread interrupts the context's checks once it has passed (z3's
/// own `timeout` parameter is per check and costly: each check starts one of z3's timer
/// threads and spins on `sched_yield` until it has noticed the check is done).
pub fn context<R: Send + Sync>(limits: Limits, f: impl FnOnce() -> R + Send + Sync) -> R {
    z3::with_z3_config(&z3::Config::new(), move || {
        let Some(deadline) = limits.deadline else {
            return super::lemmas::scoped(f);
        };
        let ctx = z3::Context::thread_local();
        let handle = ctx.handle();
        let watch = Arc::new(Watch::new(deadline));
        std::thread::scope(|scope| {
            let w = Arc::clone(&watch);
            let handle = &handle;
            scope.spawn(move || w.guard(handle));
            // Ends the guard also when `f` unwinds, so the scope can join it.
            let _stop = Stop(&watch);
            let previous = WATCH.with(|c| c.replace(Some(Arc::clone(&watch))));
            let answer = super::lemmas::scoped(f);
            WATCH.with(|c| *c.borrow_mut() = previous);
            answer
        })
    })
}

thread_local! {
    /// The watcher of the context this thread is solving in, when the run has a deadline.
    static WATCH: std::cell::RefCell<Option<Arc<Watch>>> = const { std::cell::RefCell::new(None) };
}

/// Whether the deadline of the context this thread solves in has passed: the reason of an
/// `unknown` is then [`EXPIRED`], whatever z3 says (`canceled`, `interrupted`).
pub fn expired() -> bool {
    WATCH.with(|c| c.borrow().as_ref().is_some_and(|w| w.expired()))
}

/// The watcher of one context: sleeps until the deadline or until the context is done; past
/// the deadline, marks the run expired and interrupts the context every [`Watch::TICK`] (z3
/// drops an interrupt that arrives between two checks, so one is not enough).
struct Watch {
    deadline: Instant,
    expired: AtomicBool,
    done: Mutex<bool>,
    wake: Condvar,
}

impl Watch {
    const TICK: Duration = Duration::from_millis(25);

    fn new(deadline: Instant) -> Self {
        Watch {
            deadline,
            expired: AtomicBool::new(Instant::now() >= deadline),
            done: Mutex::new(false),
            wake: Condvar::new(),
        }
    }

    fn expired(&self) -> bool {
        self.expired.load(Ordering::Relaxed)
    }

    fn guard(&self, handle: &z3::ContextHandle<'_>) {
        let Ok(mut done) = self.done.lock() else {
            return;
        };
        while !*done {
            let now = Instant::now();
            let wait = if now >= self.deadline {
                self.expired.store(true, Ordering::Relaxed);
                ANY_EXPIRED.store(true, Ordering::Relaxed);
                handle.interrupt();
                Self::TICK
            } else {
                self.deadline - now
            };
            done = match self.wake.wait_timeout(done, wait) {
                Ok((d, _)) => d,
                Err(_) => return,
            };
        }
    }
}

/// Stops a [`Watch`] when dropped.
struct Stop<'a>(&'a Watch);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        if let Ok(mut done) = self.0.done.lock() {
            *done = true;
        }
        self.0.wake.notify_all();
    }
}

/// `solver.check()`, or `unknown` without asking once the run's deadline has passed.
pub(super) fn check(solver: &Solver) -> SatResult {
    if expired() {
        return SatResult::Unknown;
    }
    solver.check()
}

/// The reason of an `unknown` answer of `solver`: [`EXPIRED`] past the deadline, else z3's.
pub(super) fn reason_unknown(solver: &Solver) -> String {
    if expired() {
        return EXPIRED.to_string();
    }
    solver
        .get_reason_unknown()
        .unwrap_or_else(|| "the solver gave up".into())
}
