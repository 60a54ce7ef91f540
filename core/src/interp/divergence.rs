//! Barrier alignment (SPEC §4): at the end of each phase every thread of a block must have
//! reached the same barrier event — the same `sync` in the same iteration of its enclosing
//! loops — or every thread must have finished. Anything else is barrier divergence: the block
//! stops there, and the run reports two threads whose events differ.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn barrier(sync: usize, i: Value) -> Reached {
        Reached::Barrier(BarrierEvent {
            sync,
            span: Span::default(),
            iters: vec![("i".into(), i)],
        })
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
