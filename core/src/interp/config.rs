//! What a run is given (SPEC §4): the arithmetic, the geometry, the parameter values, the
//! initial contents of every array, the values of `let x = ?;`, and the step budget.
//!
//! Initial memory and unknown values are hooks ([`InitialMemory`], [`UnknownSource`]) rather than
//! tables, so that the SMT stage can replay a z3 model through exactly the same interface the
//! CLI uses for `--init zero` and `--init random:SEED`. The provided sources are deterministic:
//! the same seed gives the same run on every machine.

use crate::arith::{Arith, Value};
use crate::span::Span;
use std::collections::BTreeMap;
use std::fmt;

/// The default step budget: statements executed plus loop iterations plus thread launches,
/// summed over the whole grid.
pub const DEFAULT_STEP_BUDGET: u64 = 50_000_000;

/// The default number of reads and writes kept in the printed history; races are detected over
/// every access whatever this says, only the history shown to users is cut. An event takes
/// 176 bytes: at a million, `mapcheck run` of PolyBench's `bicg` (three million accesses)
/// held 176 MB of history that no one reads through; a hundred thousand is already
/// more lines than a person follows.
pub const DEFAULT_HISTORY_LIMIT: usize = 100_000;

/// The contents of every array before the kernel starts: a total function of the array name and
/// the index vector. The interpreter normalises the result with [`Arith::value`].
pub trait InitialMemory {
    fn value(&self, array: &str, index: &[Value]) -> Value;
}

impl<F: Fn(&str, &[Value]) -> Value> InitialMemory for F {
    fn value(&self, array: &str, index: &[Value]) -> Value {
        self(array, index)
    }
}

/// Every cell starts at zero (`--init zero`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroMemory;

impl InitialMemory for ZeroMemory {
    fn value(&self, _: &str, _: &[Value]) -> Value {
        0
    }
}

/// Every cell starts at a small value in `0..=7` hashed from the seed, the array and the index
/// (`--init random:SEED`): deterministic, and independent of the order cells are read in.
#[derive(Clone, Copy, Debug)]
pub struct RandomMemory {
    pub seed: u64,
}

impl InitialMemory for RandomMemory {
    fn value(&self, array: &str, index: &[Value]) -> Value {
        let mut h = splitmix64(self.seed ^ hash_str(array));
        for &i in index {
            h = splitmix64(h ^ hash_value(i));
        }
        Value::from((h % 8) as u8)
    }
}

/// Where a `let x = ?;` is being evaluated: enough to give every evaluation its own value and to
/// replay a model that assigned one value per (thread, statement, occurrence).
#[derive(Clone, Copy, Debug)]
pub struct UnknownSite<'a> {
    pub bid: Value,
    pub tid: Value,
    /// The bound variable.
    pub var: &'a str,
    /// The statement's 0-based position in a pre-order walk of the kernel body.
    pub ordinal: usize,
    pub span: Span,
    /// How many times this thread evaluated this statement before (0 the first time, then 1
    /// in the next iteration of an enclosing loop, and so on).
    pub occurrence: u64,
}

/// The values of `let x = ?;`. The interpreter normalises the result with [`Arith::value`].
pub trait UnknownSource {
    fn value(&self, site: &UnknownSite<'_>) -> Value;
}

impl<F: Fn(&UnknownSite<'_>) -> Value> UnknownSource for F {
    fn value(&self, site: &UnknownSite<'_>) -> Value {
        self(site)
    }
}

/// Every unknown is zero.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroUnknowns;

impl UnknownSource for ZeroUnknowns {
    fn value(&self, _: &UnknownSite<'_>) -> Value {
        0
    }
}

/// Every unknown is a small value in `0..=7` hashed from the seed, the thread, the statement and
/// the occurrence.
#[derive(Clone, Copy, Debug)]
pub struct RandomUnknowns {
    pub seed: u64,
}

impl UnknownSource for RandomUnknowns {
    fn value(&self, site: &UnknownSite<'_>) -> Value {
        let mut h = splitmix64(self.seed ^ 0x756e_6b6e_6f77_6e21);
        for part in [
            hash_value(site.bid),
            hash_value(site.tid),
            site.ordinal as u64,
            site.occurrence,
        ] {
            h = splitmix64(h ^ part);
        }
        Value::from((h % 8) as u8)
    }
}

/// SplitMix64's finaliser: a cheap, well-mixed hash step (Steele, Lea and Flood, 2014).
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn hash_value(v: Value) -> u64 {
    splitmix64(v as u64) ^ ((v >> 64) as u64)
}

/// FNV-1a over the bytes of a name.
fn hash_str(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// One concrete configuration of a kernel.
pub struct Config<'a> {
    pub arith: Arith,
    /// Threads per block in each dimension (`ntid.x`, `ntid.y`, `ntid.z`); CUDA allows at most
    /// 1024 in x and y, 64 in z, and 1024 in all.
    pub block_dim: [Value; 3],
    /// Blocks in each dimension (`nbid.x`, `nbid.y`, `nbid.z`); CUDA allows `x < 2^31`,
    /// `y, z < 2^16`.
    pub grid_dim: [Value; 3],
    /// A value for every parameter of the kernel (natural numbers); a missing one is an error.
    pub params: BTreeMap<String, Value>,
    pub memory: &'a dyn InitialMemory,
    pub unknowns: &'a dyn UnknownSource,
    /// Statements executed, loop iterations and thread launches allowed over the whole run.
    pub step_budget: u64,
    /// Reads and writes kept in [`crate::interp::Run`]'s history.
    pub history_limit: usize,
    /// The blocks to run, in increasing order; `None` runs every block. Blocks never
    /// synchronise and each sees only the initial contents plus its own writes, so a run of
    /// some blocks observes exactly the races and divergences of the full run that involve
    /// only those blocks: a witness naming one or two blocks replays in a grid of any size.
    pub only_blocks: Option<Vec<Value>>,
    /// `--warp-sync[=N]`: the lanes of each warp of `N` threads (by linear thread id) run in
    /// lockstep, so two of them race only by writing one cell in one statement (SPEC §7;
    /// `mapcheck_smt::warp` decides the same).
    pub warp_sync: Option<u32>,
    /// `--warp-size N`: the lanes of a warp, which `syncwarp;` orders (`None`: the size
    /// `warp_sync` gives, else [`DEFAULT_WARP_SIZE`]); see [`Config::warp_size`].
    pub warp_size: Option<u32>,
    /// The arrays whose accesses are checked for races; `None` checks all. The others are
    /// still read and written as always, so the run's values, control, divergences and the
    /// races on the watched arrays are exactly those of a run that watches everything: a
    /// replay that asks about one race need not collect the accesses of every cell of a big
    /// input array (`tests/cuda/polybench_bicg_row_parallel_racy.cu`: a million cells).
    pub watch_arrays: Option<Vec<String>>,
}

/// The lanes of a warp on every CUDA GPU so far: the default of `--warp-size` and of
/// `--warp-sync`.
pub const DEFAULT_WARP_SIZE: u32 = 32;

/// The warp size a run uses: `--warp-size`, else the lockstep size of `--warp-sync=N`, else
/// [`DEFAULT_WARP_SIZE`] (shared with `mapcheck_smt`, which must agree).
pub fn warp_size(warp_size: Option<u32>, warp_sync: Option<u32>) -> u32 {
    warp_size.or(warp_sync).unwrap_or(DEFAULT_WARP_SIZE).max(1)
}

impl fmt::Debug for Config<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("arith", &self.arith)
            .field("block_dim", &self.block_dim)
            .field("grid_dim", &self.grid_dim)
            .field("params", &self.params)
            .field("step_budget", &self.step_budget)
            .field("history_limit", &self.history_limit)
            .field("only_blocks", &self.only_blocks)
            .field("warp_sync", &self.warp_sync)
            .field("warp_size", &self.warp_size)
            .field("watch_arrays", &self.watch_arrays)
            .finish_non_exhaustive()
    }
}

impl Config<'static> {
    /// A one-dimensional geometry of `ntid` threads per block and `nbid` blocks, `int`
    /// arithmetic, zero memory, zero unknowns, the default budgets and no parameters.
    pub fn new(ntid: Value, nbid: Value) -> Self {
        Config::with_dims([ntid, 1, 1], [nbid, 1, 1])
    }

    /// [`Config::new`] with a geometry given per dimension.
    pub fn with_dims(block_dim: [Value; 3], grid_dim: [Value; 3]) -> Self {
        Config {
            arith: Arith::Int,
            block_dim,
            grid_dim,
            params: BTreeMap::new(),
            memory: &ZeroMemory,
            unknowns: &ZeroUnknowns,
            step_budget: DEFAULT_STEP_BUDGET,
            history_limit: DEFAULT_HISTORY_LIMIT,
            only_blocks: None,
            warp_sync: None,
            warp_size: None,
            watch_arrays: None,
        }
    }
}

impl<'a> Config<'a> {
    /// Threads per block: the product of the block's dimensions.
    pub fn ntid(&self) -> Value {
        self.block_dim.iter().product()
    }

    /// Blocks in the grid: the product of the grid's dimensions.
    pub fn nbid(&self) -> Value {
        self.grid_dim.iter().product()
    }

    pub fn with_param(mut self, name: impl Into<String>, value: Value) -> Self {
        self.params.insert(name.into(), value);
        self
    }

    pub fn with_arith(mut self, arith: Arith) -> Self {
        self.arith = arith;
        self
    }

    /// Warps of `size` lanes in lockstep (see [`Config::warp_sync`]).
    pub fn with_warp_sync(mut self, size: Option<u32>) -> Self {
        self.warp_sync = size;
        self
    }

    /// Warps of `size` lanes for `syncwarp;` (see [`Config::warp_size`]).
    pub fn with_warp_size(mut self, size: Option<u32>) -> Self {
        self.warp_size = size;
        self
    }

    /// The lanes of a warp in this run ([`warp_size`]).
    pub fn warp_lanes(&self) -> u32 {
        warp_size(self.warp_size, self.warp_sync)
    }

    pub fn with_memory<'b>(self, memory: &'b dyn InitialMemory) -> Config<'b>
    where
        'a: 'b,
    {
        Config { memory, ..self }
    }

    pub fn with_unknowns<'b>(self, unknowns: &'b dyn UnknownSource) -> Config<'b>
    where
        'a: 'b,
    {
        Config { unknowns, ..self }
    }

    pub fn with_step_budget(mut self, budget: u64) -> Self {
        self.step_budget = budget;
        self
    }

    /// Keeps `limit` reads and writes in the history (see [`Config::history_limit`]).
    pub fn with_history_limit(mut self, limit: usize) -> Self {
        self.history_limit = limit;
        self
    }

    /// Checks only the accesses to these arrays for races (see [`Config::watch_arrays`]).
    pub fn with_watch_arrays(mut self, arrays: Vec<String>) -> Self {
        self.watch_arrays = Some(arrays);
        self
    }

    /// Runs only the given blocks (see [`Config::only_blocks`]); ids outside `0..nbid` are
    /// ignored, duplicates run once.
    pub fn with_only_blocks(mut self, mut blocks: Vec<Value>) -> Self {
        blocks.sort_unstable();
        blocks.dedup();
        self.only_blocks = Some(blocks);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_memory_is_small_deterministic_and_varied() {
        let m = RandomMemory { seed: 7 };
        let values: Vec<Value> = (0..64).map(|i| m.value("A", &[i])).collect();
        assert!(values.iter().all(|v| (0..=7).contains(v)));
        assert_eq!(
            values,
            (0..64).map(|i| m.value("A", &[i])).collect::<Vec<_>>()
        );
        // Not constant, and depends on the array and the seed.
        assert!(values.iter().any(|v| *v != values[0]));
        let other: Vec<Value> = (0..64).map(|i| m.value("B", &[i])).collect();
        assert_ne!(values, other);
        let reseeded: Vec<Value> = (0..64)
            .map(|i| RandomMemory { seed: 8 }.value("A", &[i]))
            .collect();
        assert_ne!(values, reseeded);
        // Two-dimensional indices are not confused with their transposition.
        let grid: Vec<Value> = (0..8).map(|i| m.value("A", &[i, 0])).collect();
        let transposed: Vec<Value> = (0..8).map(|i| m.value("A", &[0, i])).collect();
        assert_ne!(grid, transposed);
    }

    #[test]
    fn random_unknowns_depend_on_the_site() {
        let u = RandomUnknowns { seed: 1 };
        let site = |tid, occurrence| UnknownSite {
            bid: 0,
            tid,
            var: "x",
            ordinal: 3,
            span: Span::default(),
            occurrence,
        };
        let by_tid: Vec<Value> = (0..32).map(|t| u.value(&site(t, 0))).collect();
        let by_occurrence: Vec<Value> = (0..32).map(|o| u.value(&site(0, o))).collect();
        assert!(by_tid.iter().any(|v| *v != by_tid[0]));
        assert!(by_occurrence.iter().any(|v| *v != by_occurrence[0]));
        assert!(by_tid.iter().all(|v| (0..=7).contains(v)));
    }
}
