//! The reference big-step SIMT interpreter: the ground truth every verdict of mapcheck is
//! checked against (SPEC §4).
//!
//! # The semantics it follows
//!
//! The BabyCUDA paper (Section 3) gives a big-step semantics of one phase: every thread `i` of a
//! block evaluates the kernel alone (`A, b ↓_{H,i} B`), over the history `H` of earlier phases
//! plus its own reads and writes of the current phase, and rule PAR merges what the threads did
//! into the phase. This module runs exactly that, extended as SPEC §4 says:
//!
//! * **Phases.** A thread runs until it reaches a `sync` or the end of the kernel
//!   (`thread`); threads run one after the other, in increasing tid, each seeing only its own
//!   accesses of the phase. The phase is then closed: its accesses are checked for races and its
//!   writes are folded into the block's `lastwrite` memory (`history`), the highest tid winning
//!   where several threads wrote a cell — a race, which is reported. Then every thread resumes
//!   after its barrier.
//! * **Names.** A phase is named by the barrier event that ends it: the `sync` (its index among
//!   the kernel's `sync`s in source order) and the values of its enclosing loop variables,
//!   outermost first; the last phase of a block is `end`. The SMT stage names phases the same way.
//! * **Barrier divergence.** When the threads of a block stop at different barrier events, or
//!   some finish while others wait, the block stops there (`divergence`); what happened before
//!   is still reported, and the other blocks still run.
//! * **Blocks and grids.** Blocks run one after the other, each from the initial memory: shared
//!   arrays have one copy per block, and a block sees global arrays as the initial contents plus
//!   its own writes (blocks never synchronise, so they never see each other). Accesses to global
//!   arrays are also collected across blocks: two threads of different blocks on one global cell,
//!   at least one writing and not both atomic, race anywhere in the run (`race`).
//! * **Atomics.** `atomic A[i] OP v` reads the old contents and writes `OP(old, v)`. Within a
//!   phase, the atomics of the threads on one cell are serialised in increasing tid — one legal
//!   order, chosen so that runs are deterministic — so thread `i` sees the result of the atomics
//!   of threads `< i`, and the phase leaves the fold of all of them in the cell.
//!
//! # Inputs and limits
//!
//! A run is given a [`Config`]: the arithmetic (all evaluation goes through
//! [`crate::arith::Arith`]), `ntid`, `nbid`, a value for every parameter, the initial memory and
//! the values of `let x = ?;` as hooks (so the SMT stage can replay a model through them), and a
//! step budget that stops loops that may not terminate. A missing parameter, a false `assume`
//! (evaluated when reached, in every thread), an exhausted budget or an `int` overflow is a
//! [`RunError`], not a result.
//!
//! # What is not modelled
//!
//! Like the paper's rule PAR, a thread never observes another thread's write of the same phase,
//! even where a GPU might (a race, which is reported anyway); and barrier divergence stops the
//! block instead of guessing what a GPU would do next.

mod bounds;
mod config;
mod divergence;
mod error;
mod history;
mod layout;
mod race;
mod thread;
mod touches;

#[cfg(test)]
mod tests;

pub use bounds::OutOfBounds;
pub use config::{
    warp_size, Config, InitialMemory, RandomMemory, RandomUnknowns, UnknownSite, UnknownSource,
    ZeroMemory, ZeroUnknowns, DEFAULT_HISTORY_LIMIT, DEFAULT_STEP_BUDGET, DEFAULT_WARP_SIZE,
};
pub use divergence::{Divergence, Reached};
pub use error::{RunError, ThreadId};
pub use history::{
    AccessKind, BarrierEvent, BlockHistory, Cell, Event, EventKind, Index, Phase, PhaseName,
    ThreadHistory,
};
pub use layout::opposite_arms;
pub use race::{Race, RaceKind, RaceScope, RacingAccess};

use crate::arith::Value;
use crate::ast::{Builtin, Geometry, Kernel};
use crate::geometry;
use divergence::Alignment;
use history::BlockMemory;
use layout::Layout;
use race::{GridAccesses, RaceContext, RaceSet};
use thread::{HistoryRoom, Steps, Thread, World};
use touches::PhaseAccesses;

/// Everything one run observed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Name and space of each array, by declaration position ([`Cell::array`] indexes it).
    pub arrays: Vec<(String, crate::ast::Space)>,
    /// Per block, per phase, per thread: the reads and writes with their values.
    pub blocks: Vec<BlockHistory>,
    /// Every race, grouped as the `race` module explains.
    pub races: Vec<Race>,
    /// At most one per block: the block stops at its first divergence.
    pub divergences: Vec<Divergence>,
    /// Accesses outside a dimension of fixed size (`ast::Bound`), the first of each place and
    /// dimension.
    pub out_of_bounds: Vec<OutOfBounds>,
    /// Steps used out of the budget.
    pub steps: u64,
    /// Accesses left out of [`Run::blocks`] because the history limit was reached (races are
    /// still checked over all of them).
    pub dropped_events: u64,
}

impl Run {
    /// No phase is racy and no two blocks race (SPEC §4).
    pub fn is_drf(&self) -> bool {
        self.races.is_empty()
    }

    /// Every block's threads reached the same barriers.
    pub fn is_aligned(&self) -> bool {
        self.divergences.is_empty()
    }

    /// The name of the array of a cell.
    pub fn array_name(&self, cell: &Cell) -> &str {
        self.arrays
            .get(cell.array)
            .map(|a| a.0.as_str())
            .unwrap_or("?")
    }
}

/// Runs `kernel` on one concrete configuration.
pub fn run<T>(kernel: &Kernel<T>, config: &Config<'_>) -> Result<Run, RunError> {
    check_geometry(config)?;
    let layout = Layout::new(kernel);
    let params = bind_params(kernel, config, &layout)?;
    let arith = config.arith;
    let nbid = config.nbid();
    let ctx = RaceContext {
        arrays: &layout.arrays,
        spans: &layout.spans,
        arms: &layout.arms,
        warp_sync: config.warp_sync,
        warp_size: Value::from(config.warp_lanes()),
    };
    let mut state = GridState {
        steps: Steps {
            used: 0,
            budget: config.step_budget,
        },
        history: HistoryRoom {
            room: config.history_limit,
            dropped: 0,
        },
        grid: GridAccesses::default(),
        races: RaceSet::default(),
        out_of_bounds: bounds::OutOfBoundsLog::default(),
        watched: layout
            .arrays
            .iter()
            .map(|(name, _)| {
                config
                    .watch_arrays
                    .as_ref()
                    .is_none_or(|w| w.contains(name))
            })
            .collect(),
    };
    let mut blocks = Vec::new();
    let mut divergences = Vec::new();
    let bids: Box<dyn Iterator<Item = Value> + '_> = match &config.only_blocks {
        Some(only) => Box::new(only.iter().copied().filter(move |b| (0..nbid).contains(b))),
        None => Box::new(0..nbid),
    };
    for bid in bids {
        let bid = arith.value(bid);
        let (history, divergence) = run_block(kernel, config, &layout, &params, bid, &mut state)?;
        blocks.push(history);
        divergences.extend(divergence);
    }
    state.races.check_grid(&ctx, &state.grid);
    Ok(Run {
        arrays: layout.arrays.clone(),
        blocks,
        races: state.races.into_races(),
        divergences,
        out_of_bounds: state.out_of_bounds.kept,
        steps: state.steps.used,
        dropped_events: state.history.dropped,
    })
}

/// What the blocks of a grid share while they run one after the other.
struct GridState {
    steps: Steps,
    history: HistoryRoom,
    grid: GridAccesses,
    races: RaceSet,
    out_of_bounds: bounds::OutOfBoundsLog,
    /// [`Config::watch_arrays`], per array.
    watched: Vec<bool>,
}

fn run_block<'k, T>(
    kernel: &'k Kernel<T>,
    config: &Config<'_>,
    layout: &Layout<'k>,
    params: &[(usize, Value)],
    bid: Value,
    state: &mut GridState,
) -> Result<(BlockHistory, Option<Divergence>), RunError> {
    let arith = config.arith;
    let ntid = config.ntid();
    let bid_xyz = geometry::components(bid, config.grid_dim);
    let mut threads = Vec::new();
    for tid in 0..ntid {
        state.steps.charge(kernel.span, ThreadId { bid, tid })?;
        let tid_xyz = geometry::components(tid, config.block_dim);
        let geometry = Builtin::ALL.map(|b| {
            let value = match (b.geometry, b.dim) {
                (Geometry::Tid, None) => tid,
                (Geometry::Ntid, None) => ntid,
                (Geometry::Bid, None) => bid,
                (Geometry::Nbid, None) => config.nbid(),
                (Geometry::Tid, Some(d)) => tid_xyz[d.index()],
                (Geometry::Ntid, Some(d)) => config.block_dim[d.index()],
                (Geometry::Bid, Some(d)) => bid_xyz[d.index()],
                (Geometry::Nbid, Some(d)) => config.grid_dim[d.index()],
            };
            (b, arith.value(value))
        });
        threads.push(Thread::new(layout, &kernel.body, geometry, params));
    }
    let ctx = RaceContext {
        arrays: &layout.arrays,
        spans: &layout.spans,
        arms: &layout.arms,
        warp_sync: config.warp_sync,
        warp_size: Value::from(config.warp_lanes()),
    };
    let mut memory = BlockMemory::default();
    // Warps order some pairs of threads only with a `syncwarp;` or lockstep (`touches`).
    let mut accesses =
        PhaseAccesses::new(config.warp_sync.is_some() || !layout.warp_syncs.is_empty());
    let mut phases = Vec::new();
    loop {
        let mut stops = Vec::with_capacity(threads.len());
        for thread in &mut threads {
            thread.begin_phase();
            let mut world = World {
                layout,
                config,
                bid,
                memory: &mut memory,
                phase: &mut accesses,
                grid: &mut state.grid,
                steps: &mut state.steps,
                history: &mut state.history,
                out_of_bounds: &mut state.out_of_bounds,
                watched: &state.watched,
            };
            let reached = thread.run_phase(&mut world)?;
            memory.stage(std::mem::take(&mut thread.writes));
            stops.push((thread.tid, reached));
        }
        let mut aligned = divergence::align(bid, phases.len(), &stops);
        if matches!(aligned, Alignment::Aligned(_)) {
            let lanes: Vec<_> = threads
                .iter()
                .zip(&stops)
                .map(|(t, (tid, reached))| (*tid, t.warp_events.as_slice(), reached))
                .collect();
            let size = Value::from(config.warp_lanes());
            if let Some(d) = divergence::align_warps(bid, phases.len(), &lanes, size) {
                aligned = Alignment::Diverged(d);
            }
        }
        let name = match &aligned {
            Alignment::Aligned(reached) => PhaseName::from_reached(reached),
            Alignment::Diverged(_) => PhaseName::Diverged,
        };
        state.races.check_phase(&ctx, bid, &name, &accesses);
        accesses.clear();
        memory.commit();
        let threads_history = threads
            .iter_mut()
            .filter(|t| !t.events.is_empty())
            .map(|t| ThreadHistory {
                tid: t.tid,
                events: std::mem::take(&mut t.events),
            })
            .collect();
        phases.push(Phase {
            name,
            threads: threads_history,
        });
        match aligned {
            Alignment::Aligned(Reached::Barrier(_)) => {}
            Alignment::Aligned(Reached::End) => return Ok((BlockHistory { bid, phases }, None)),
            Alignment::Diverged(d) => return Ok((BlockHistory { bid, phases }, Some(d))),
        }
    }
}

/// A geometry mapcheck can run ([`geometry::check_checkable`]): CUDA's limits (SPEC §3) are
/// held by the inputs — the command line refuses a geometry beyond them, a GPUVerify header's
/// is checked as given with a warning (SPEC §8) — so the interpreter runs what it is given,
/// up to the sizes mapcheck checks at all.
fn check_geometry(config: &Config<'_>) -> Result<(), RunError> {
    geometry::check_checkable(config.block_dim, config.grid_dim).map_err(RunError::BadGeometry)
}

/// The slot and value of every parameter, or the first problem with them.
fn bind_params<T>(
    kernel: &Kernel<T>,
    config: &Config<'_>,
    layout: &Layout<'_>,
) -> Result<Vec<(usize, Value)>, RunError> {
    if let Some(name) = config
        .params
        .keys()
        .find(|name| !kernel.params.iter().any(|p| &p.name == *name))
    {
        return Err(RunError::UnknownParameter {
            name: name.clone(),
            kernel: kernel.name.name.clone(),
        });
    }
    let mut bound = Vec::new();
    for p in &kernel.params {
        let Some(&value) = config.params.get(&p.name) else {
            return Err(RunError::MissingParameter {
                name: p.name.clone(),
                span: p.span,
            });
        };
        let (lo, hi) = p.ty.range(config.arith);
        if value < lo || value > hi {
            return Err(RunError::ParameterOutOfRange {
                name: p.name.clone(),
                value,
                ty: p.ty,
                range: (lo, hi),
            });
        }
        if let Some(&slot) = layout.slots.get(p.name.as_str()) {
            bound.push((slot, config.arith.value(value)));
        }
    }
    Ok(bound)
}
