//! A picture of a run (`--html OUT.html`): one self-contained HTML page — inline CSS, SVG and
//! a little script, nothing fetched — that shows what the reference interpreter observed, for
//! a classroom to read at a glance.
//!
//! The page owns the drawing: `mapcheck run` hands it the runs it made, each as a
//! [`Picture`]; for `mapcheck FILE`, [`witnesses`] replays each finding's witness with its
//! history kept (`mapcheck_smt::replay::witness_run`) and draws that run. A picture is
//!
//! * one column per thread, grouped by block; one band per phase, closed by the barrier that
//!   ends it (`file:line` of the `sync`);
//! * each access a mark in its thread's column and phase, in program order: a hollow circle
//!   for a read, a filled square for a write, a diamond for an atomic, labelled with the cell
//!   as the source declares it and the value, with a tooltip naming the thread, the access and
//!   its `file:line:column`;
//! * each race a red link between its two accesses (the representative pair of the
//!   interpreter's record: `mapcheck_core::interp::Race`), the witness's own race thicker;
//! * the kernel's source beside it, the lines of the drawn accesses shaded, the racing ones
//!   red; hovering or clicking a mark or a link highlights its lines, clicking a line its marks
//!   (and a link to the page ending in `#line=N` opens it with line N picked).
//!
//! A `.cu` kernel is drawn in CUDA's terms as the text report words it: `threadIdx` and
//! `blockIdx` as (x, y, z), cells as declared (`tile[0][1]`, via `CellReport`).
//!
//! Big launches stay legible: at most [`MAX_THREADS`] threads per block, [`MAX_BLOCKS`]
//! blocks, [`MAX_PHASES`] phases and [`MAX_EVENTS`] accesses per thread and phase are drawn,
//! always with every racing thread, block, phase and access besides; the page says what it
//! left out.
//!
//! Machine-readable attributes, for tests and tools: every race is an element with
//! `data-race="CELL A B"` (the cell as declared, then the two threads as `tN` — `bMtN` when the
//! grid has several blocks, and `(x,y,z)` triples for a `.cu` kernel), `data-kind` (its access
//! kind) and `data-scope` (`phase` or `grid`); every mark has `data-kind`, `data-cell`,
//! `data-thread` and `data-line`. The script sets `data-mapcheck-ready` on the root element
//! once it has wired every mark, so a headless browser can tell the page loaded.
//!
//! Output is deterministic: the same runs give a byte-identical page (no time, no hash
//! order). Every text from the input — source, names, messages — goes through maud's
//! escaping.

mod assets;
mod layout;
mod page;
mod svg;
mod witness;
mod words;

pub use page::{note_section, page, section};
pub use witness::witnesses;

use crate::input::SourceFile;
use mapcheck_core::ast::Kernel;
use mapcheck_core::interp::Run;
use mapcheck_core::{Span, Value};

/// Threads drawn per block, besides the racing ones: the first ones by id.
pub const MAX_THREADS: usize = 8;
/// Blocks drawn, besides those of racing threads: the first ones run.
pub const MAX_BLOCKS: usize = 2;
/// Phases drawn, besides those with a racing access: the first ones.
pub const MAX_PHASES: usize = 24;
/// Accesses drawn per thread and phase, besides the racing ones: the first in program order.
pub const MAX_EVENTS: usize = 12;

/// One run to draw, with what the page says about it.
#[derive(Debug)]
pub struct Picture<'a> {
    pub source: &'a SourceFile,
    pub kernel: &'a Kernel,
    /// The section's heading (`kernel `k` run with ...`, or the finding it witnesses).
    pub title: String,
    /// Lines of preformatted text under the heading: the setting, a witness table.
    pub facts: Vec<String>,
    /// Remarks in prose (why a finding is potential, a replay that did not show it).
    pub notes: Vec<String>,
    pub run: &'a Run,
    pub block_dim: [Value; 3],
    pub grid_dim: [Value; 3],
    /// For a finding's witness: its threads A and B, and its race, if any.
    pub witness: Option<Focus>,
}

/// What a witness adds to its run's picture.
#[derive(Clone, Debug)]
pub struct Focus {
    /// `(bid, tid)` of threads A and B.
    pub threads: [(Value, Value); 2],
    /// The two accesses of the finding's race, and whether it is between blocks.
    pub race: Option<(Span, Span, bool)>,
}
