//! Barrier alignment (SPEC §4): at the end of each phase every thread of a block must have
//! reached the same barrier event — the same `sync` in the same iteration of its enclosing
//! loops — or every thread must have finished. Anything else is barrier divergence: the block
//! stops there, and the run reports two threads whose events differ.
//!
//! `syncwarp;` is the same rule at warp level: within a phase, the lanes of one warp must
//! reach the same sequence of `syncwarp` events and then the same block-level stop. Since
//! Volta, `__syncwarp()` requires every non-exited lane its mask names to reach it; a lane that
//! takes another path (or finishes) while the others wait is undefined behaviour, which the
//! run reports as barrier divergence of that warp.

use super::history::BarrierEvent;
use crate::arith::Value;
use std::fmt;

/// Where a thread stopped at the end of a phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reached {
    Barrier(BarrierEvent),
    /// The thread ran to the end of the kernel.
    End,
}

impl fmt::Display for Reached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reached::Barrier(event) => write!(f, "reached {event}"),
            Reached::End => f.write_str("finished the kernel"),
        }
    }
}

/// Two threads of one block that disagree on the barrier that ends a phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub bid: Value,
    /// Position of the phase that could not be closed in the block's history.
    pub phase: usize,
    pub first: (Value, Reached),
    pub second: (Value, Reached),
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "barrier divergence in block {}: thread {} {} while thread {} {}",
            self.bid, self.first.0, self.first.1, self.second.0, self.second.1
        )
    }
}

/// How a phase ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Alignment {
    /// Every thread stopped at this barrier event, or every thread finished.
    Aligned(Reached),
    Diverged(Divergence),
}

/// Checks that all threads of a block stopped at the same place. `stops` lists each thread's
/// stop in increasing tid; the reported pair is the lowest thread and the lowest thread that
/// disagrees with it.
pub(super) fn align(bid: Value, phase: usize, stops: &[(Value, Reached)]) -> Alignment {
    let Some((tid0, first)) = stops.first() else {
        // INVARIANT: a block has at least one thread (geometry is checked before the run).
        return Alignment::Aligned(Reached::End);
    };
    match stops.iter().find(|(_, reached)| reached != first) {
        None => Alignment::Aligned(first.clone()),
        Some((tid, other)) => Alignment::Diverged(Divergence {
            bid,
            phase,
            first: (*tid0, first.clone()),
            second: (*tid, other.clone()),
        }),
    }
}

/// Checks that the lanes of each warp of `size` threads reached the same `syncwarp` events in
/// the phase, then the same stop. `lanes` lists each thread's id, its `syncwarp` events of the
/// phase and its stop, in increasing tid; the reported pair is the lowest lane of the first
/// warp that disagrees and the lowest lane that disagrees with it, each with the first event
/// where they part.
pub(super) fn align_warps(
    bid: Value,
    phase: usize,
    lanes: &[(Value, &[BarrierEvent], &Reached)],
    size: Value,
) -> Option<Divergence> {
    let size = size.max(1);
    // The `k`-th event of a lane: its `k`-th `syncwarp`, then its stop.
    let event = |events: &[BarrierEvent], stop: &Reached, k: usize| match events.get(k) {
        Some(e) => Some(Reached::Barrier(e.clone())),
        None if k == events.len() => Some(stop.clone()),
        None => None,
    };
    let mut i = 0;
    while i < lanes.len() {
        let warp = lanes[i].0.div_euclid(size);
        let (tid0, events0, stop0) = lanes[i];
        let mut j = i + 1;
        while j < lanes.len() && lanes[j].0.div_euclid(size) == warp {
            let (tid, events, stop) = lanes[j];
            if events != events0 || stop != stop0 {
                let k = (0..=events0.len().max(events.len()))
                    .find(|&k| event(events0, stop0, k) != event(events, stop, k))
                    .unwrap_or(0);
                let first = event(events0, stop0, k).unwrap_or_else(|| stop0.clone());
                let second = event(events, stop, k).unwrap_or_else(|| stop.clone());
                return Some(Divergence {
                    bid,
                    phase,
                    first: (tid0, first),
                    second: (tid, second),
                });
            }
            j += 1;
        }
        i = j;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn barrier(sync: usize, i: Value) -> Reached {
        Reached::Barrier(BarrierEvent {
            sync,
            span: Span::default(),
            iters: vec![("i".into(), i)],
            warp: false,
        })
    }

    fn warp_barrier(sync: usize) -> BarrierEvent {
        BarrierEvent {
            sync,
            span: Span::default(),
            iters: Vec::new(),
            warp: true,
        }
    }

    #[test]
    fn lanes_of_one_warp_must_reach_the_same_syncwarps() {
        let once = [warp_barrier(0)];
        let end = Reached::End;
        // Warps of 2: threads 0, 1 agree; threads 2, 3 part at the first event.
        let lanes: Vec<(Value, &[BarrierEvent], &Reached)> = vec![
            (0, &once, &end),
            (1, &once, &end),
            (2, &once, &end),
            (3, &[], &end),
        ];
        let d = align_warps(0, 0, &lanes, 2).expect("warp 1 diverges");
        assert_eq!(d.first, (2, Reached::Barrier(warp_barrier(0))));
        assert_eq!(d.second, (3, Reached::End));
        // In warps of 1 nobody can disagree; in warps of 2 without thread 3, nobody does.
        assert_eq!(align_warps(0, 0, &lanes, 1), None);
        assert_eq!(align_warps(0, 0, &lanes[..3], 2), None);
    }

    #[test]
    fn aligned_threads_agree() {
        let stops = vec![(0, barrier(0, 1)), (1, barrier(0, 1))];
        assert_eq!(align(0, 0, &stops), Alignment::Aligned(barrier(0, 1)));
        assert_eq!(
            align(0, 0, &[(0, Reached::End)]),
            Alignment::Aligned(Reached::End)
        );
    }

    #[test]
    fn different_iterations_or_an_early_exit_diverge() {
        let stops = vec![(0, barrier(0, 1)), (1, barrier(0, 1)), (2, barrier(0, 2))];
        let Alignment::Diverged(d) = align(3, 1, &stops) else {
            panic!("expected divergence");
        };
        assert_eq!((d.bid, d.phase, d.first.0, d.second.0), (3, 1, 0, 2));
        let stops = vec![(0, Reached::End), (1, barrier(1, 0))];
        let Alignment::Diverged(d) = align(0, 0, &stops) else {
            panic!("expected divergence");
        };
        assert_eq!(d.second, (1, barrier(1, 0)));
    }
}
