//! The backstop of every check: the z3 context a decision runs in ([`context`]), and the
//! watchdog thread that interrupts a check that has used its share of the solving thread's CPU
//! time ([`check`] arms it for the check's duration).

use super::Limits;
use z3::{SatResult, Solver};

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
/// interrupt (see [`super::GROBNER_MAX_DEGREE`]), and a wall-clock one also stopped checks that were
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

/// `solver.check()` under the context's backstop.
pub(super) fn check(solver: &Solver) -> SatResult {
    let _armed = Armed::new();
    solver.check()
}
