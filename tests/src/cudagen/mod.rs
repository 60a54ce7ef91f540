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
        }
    }
}
