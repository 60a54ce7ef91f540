//! Accesses out of the bounds their source declares (`ast::Bound`, `notes/out-of-bounds.md`):
//! the interpreter evaluates each bound of an access where the access runs and records the
//! thread, the dimension and the index of every one that fails. The access itself still
//! touches its flat cell, as it did before bounds existed, so races are what they were; the
//! record is what `mapcheck-smt` replays an `out-of-bounds` witness against, and what
//! `mapcheck run` reports.

use super::error::ThreadId;
use crate::arith::Value;
use crate::span::Span;

/// One access outside a dimension of fixed size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfBounds {
    pub thread: ThreadId,
    /// The access (`Access::span`).
    pub span: Span,
    /// The dimension (`Bound::dim`), its extent and the index the thread computed.
    pub dim: usize,
    pub extent: i64,
    pub index: Value,
}

/// The out-of-bounds accesses of a run, the first of each place and dimension: a kernel that
/// runs past its array usually does so in every thread, and one record per place and
/// dimension is what a report or a replay (which asks for a place and a dimension) needs. Their
/// number is bounded by the kernel's accesses and dimensions, not by the run's length.
#[derive(Debug, Default)]
pub(super) struct OutOfBoundsLog {
    pub kept: Vec<OutOfBounds>,
    /// Places and dimensions already kept.
    seen: std::collections::HashSet<(Span, usize)>,
}

impl OutOfBoundsLog {
    pub fn record(&mut self, o: OutOfBounds) {
        if self.seen.insert((o.span, o.dim)) {
            self.kept.push(o);
        }
    }
}
