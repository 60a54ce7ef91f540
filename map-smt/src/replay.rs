//! Pass 6 — replay: every witness is run in the reference interpreter (`mapcheck_core::interp`),
//! which certifies the finding. On an exact kernel the first replay must reproduce it — a
//! witness that does not is a bug in mapcheck; on a data-dependent kernel a reproduction makes
//! the finding *confirmed*, and without one it stays *potential*.
//!
//! The replay uses the witness's parameters and geometry, and for `let x = ?` the values the
//! model chose for each of the two threads; the initial memory is zero, then a few seeded
//! random memories, so that data read from arrays gets a chance to take the values the
//! alarm needs.

use crate::decode::Witness;
use mapcheck_core::ast::Kernel;
use mapcheck_core::interp::{self, Config, RaceScope, RandomMemory, UnknownSite, ZeroMemory};
use mapcheck_core::{Arith, Span};

/// What replaying a witness showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay {
    /// The interpreter observed the same finding.
    Reproduced,
    /// The runs went through without it; the text says what they showed instead.
    NotReproduced(String),
    /// The first run stopped at a barrier divergence before showing it.
    Diverged,
    /// The witness's grid is too large to run (more than `MAX_REPLAY_THREADS` threads).
    TooLarge,
}

/// The random memories tried after the zero memory.
const SEEDS: [u64; 3] = [1, 2, 3];

/// Witnesses with more threads than this in the grid are not replayed: the interpreter would
/// run every one of them (the solver keeps witnesses small whenever the query allows).
pub const MAX_REPLAY_THREADS: i128 = 1 << 16;

fn runs<T>(
    kernel: &Kernel<T>,
    arith: Arith,
    w: &Witness,
    first: Option<&dyn interp::InitialMemory>,
    mut check: impl FnMut(&interp::Run) -> bool,
) -> Replay {
    if w.ntid.saturating_mul(w.nbid) > MAX_REPLAY_THREADS {
        return Replay::TooLarge;
    }
    let unknowns = |site: &UnknownSite<'_>| {
        let name = format!("?{}", site.var);
        w.threads
            .iter()
            .find(|t| t.tid == site.tid && t.bid == site.bid)
            .and_then(|t| t.vars.get(&name).copied())
            .unwrap_or(0)
    };
    let zero = ZeroMemory;
    let randoms: Vec<RandomMemory> = SEEDS.iter().map(|&seed| RandomMemory { seed }).collect();
    let mut memories: Vec<&dyn interp::InitialMemory> = first.into_iter().collect();
    memories.push(&zero);
    memories.extend(randoms.iter().map(|m| m as &dyn interp::InitialMemory));
    let mut last = String::from("no run");
    for (attempt, memory) in memories.into_iter().enumerate() {
        let mut config = Config::new(w.ntid, w.nbid)
            .with_arith(arith)
            .with_memory(memory)
            .with_unknowns(&unknowns);
        for (name, value) in &w.params {
            config = config.with_param(name.clone(), *value);
        }
        match interp::run(kernel, &config) {
            Ok(run) => {
                if check(&run) {
                    return Replay::Reproduced;
                }
                if attempt == 0 && !run.is_aligned() {
                    return Replay::Diverged;
                }
                last = if run.is_aligned() {
                    format!("the run had {} other race(s)", run.races.len())
                } else {
                    "the run stopped at a barrier divergence".into()
                };
            }
            Err(e) => last = format!("the run failed: {e}"),
        }
    }
    Replay::NotReproduced(last)
}

/// Replays a race between the accesses at `a` and `b` (grid level when `grid`), trying the
/// initial memory `first` before the zero and random ones.
pub fn race<T>(
    kernel: &Kernel<T>,
    arith: Arith,
    w: &Witness,
    a: Span,
    b: Span,
    grid: bool,
    first: Option<&dyn interp::InitialMemory>,
) -> Replay {
    runs(kernel, arith, w, first, |run| {
        run.races.iter().any(|r| {
            let same = (r.first.span.same_range(a) && r.second.span.same_range(b))
                || (r.first.span.same_range(b) && r.second.span.same_range(a));
            same && matches!(r.scope, RaceScope::Grid) == grid
        })
    })
}

/// Replays a barrier divergence.
pub fn divergence<T>(kernel: &Kernel<T>, arith: Arith, w: &Witness) -> Replay {
    runs(kernel, arith, w, None, |run| !run.is_aligned())
}
