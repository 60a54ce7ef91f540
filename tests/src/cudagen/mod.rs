//! A seeded generator of random, well-defined CUDA kernels, run through mapcheck and through
//! the execution oracle (`mapcheck-oracle`), with a minimiser for their disagreements
//! (issue 36, item 3; `notes/generator.md` has the design, coverage and figures).
//!
//! * [`ast`] — the kernels' tree and its printing as CUDA C++;
//! * [`range`] — the well-definedness check (intervals: no signed overflow, indices in
//!   bounds, short loops, true assertions), shared by the generator and the minimiser;
//! * [`generate`] — the Csmith-style generator: kernel `n` of a run is [`generate::generate`]
//!   of `seed + n`, driven by [`Settings`];
//! * [`drive`] — one kernel through both tools, and the classification of what they say;
//! * [`shrink`] — delta debugging over the tree while a disagreement persists.

pub mod ast;
pub mod drive;
pub mod generate;
pub mod range;
pub mod shrink;

/// What the generator emits (cedar-spec style: an explicit settings struct).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Barrier intervals at the top level (at most).
    pub phases: usize,
    /// Statements per interval (at most).
    pub stmts: usize,
    /// Nesting depth of `if`, loops and `switch`.
    pub depth: usize,
    /// Depth of expressions.
    pub expr_depth: usize,
    /// Chance that an expression may read memory (the kernel becomes data-dependent).
    pub data: f64,
    /// Chance that a barrier is placed under control that depends on the thread id.
    pub divergent_sync: f64,
    /// Shifts arrays from free access to owned access (0..1): more race-free kernels.
    pub race_free_bias: f64,
    pub records: bool,
    pub constants: bool,
    pub helpers: bool,
    pub device_arrays: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            phases: 3,
            stmts: 4,
            depth: 2,
            expr_depth: 2,
            data: 0.15,
            divergent_sync: 0.1,
            race_free_bias: 0.5,
            records: true,
            constants: true,
            helpers: true,
            device_arrays: true,
        }
    }
}
