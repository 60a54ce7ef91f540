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
pub mod shapes;
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
    /// References to arrays: `T (&r)[N] = s;`, `auto &r = s;`, a reference to a row of a 2-D
    /// array, helpers taking `T (&a)[N]`.
    pub array_refs: bool,
    /// File-scope lookup tables (`const`, `constexpr`, `static const`; 1-D and 2-D; some
    /// initialiser lists shorter than the array), permutations and tables with repeats, used in
    /// indices.
    pub tables: bool,
    /// Local arrays of the kernel with short initialiser lists (`int off[4] = {1};`).
    pub local_arrays: bool,
    /// A local `struct Cfg` (in the kernel or a helper) beside the file-scope one, with the
    /// other field order, brace-initialised and used in indices.
    pub namesake_structs: bool,
    /// `Pow2<N>::value` defined recursively with a specialisation for 0, used as strides.
    pub recursive_templates: bool,
    /// Chance that a seed makes a shape (`shapes.rs`) rather than a tree kernel, when one of
    /// the shape families below is on.
    pub shapes: f64,
    /// Shape: loops whose counter starts at a thread-dependent value, barriers inside (W9).
    pub thread_loops: bool,
    /// Shape: arrays indexed by an index that may leave them, through the array, a cast
    /// view, a pointer into it, a helper (W6/W7); the oracle's bounds run decides.
    pub out_of_bounds: bool,
    /// Shape: every thread stores a value read in an earlier phase, equal or not (W5).
    pub stale_values: bool,
    /// Shape: enum variables as `switch` subjects, nested and anonymous namespaces, type
    /// template parameters, constructors and out-of-line methods, local structs, wrapping
    /// counters in barrier loops, `return` in loops, 2-D pointer parameters.
    pub constructs: bool,
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
            array_refs: true,
            tables: true,
            local_arrays: true,
            namesake_structs: true,
            recursive_templates: true,
            shapes: 0.4,
            thread_loops: true,
            out_of_bounds: true,
            stale_values: true,
            constructs: true,
        }
    }
}
