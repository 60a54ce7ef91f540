//! The launch conventions of a CUDA kernel (SPEC §8): without a geometry from the command
//! line or the file's header, a kernel is decided for the launches its code is written for —
//!
//! * every dimension of the block or the grid that the kernel never reads (no `threadIdx.y`,
//!   `blockDim.y`, … anywhere in it or in what it calls, which the lowering inlined) is 1;
//! * the grid is small enough that the global ids the kernel computes in 32-bit arithmetic do
//!   not wrap: `gridDim.x * blockDim.x <= 2^31`, so `blockIdx.x * blockDim.x + threadIdx.x`
//!   is a non-negative `int` (the other dimensions cannot wrap within CUDA's limits:
//!   `blockDim.y <= 1024` and `gridDim.y < 2^16`).
//!
//! A third is made by the decision itself when it uses it: each atomic counter whose returned
//! values index memory gets fewer than 2^32 updates in the launch, so its values do not wrap
//! around (`crate::counters`; [`Launch::counters`]).
//!
//! All are assumptions, stated in the report ([`Launch::describe`]); `--any-launch` drops
//! them and an explicit geometry replaces them, side by side. A kernel-entry precondition on a
//! size (`__requires(blockDim.y == 16)`) reads that size, so a dimension it names is not fixed
//! here. The decision reads the conventions through [`Launch::apply`], which fixes a side whose
//! every dimension is 1 as if it were given, and leaves the others to the query
//! (`query::geometry`: a unit dimension is the literal 1, the no-wrap bound a limit asserted
//! when a model breaks it, as CUDA's limit on the threads of a block is).

use crate::Fixed;
use mapcheck_core::ast::{Builtin, Dim, Geometry};
use std::collections::BTreeSet;

/// The launch the conventions assume for one kernel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// Dimensions of the block assumed 1 (x, y, z): never read, and not fixed otherwise.
    pub block: [bool; 3],
    /// Dimensions of the grid assumed 1.
    pub grid: [bool; 3],
    /// The grid's threads in all are at most 2^31: `gridDim.x * blockDim.x <= 2^31` for a
    /// one-dimensional launch, the product of every dimension not assumed 1 otherwise
    /// ([`Launch::wrap_dims`]), so that no linear id the kernel builds from them (the
    /// block-linear `blockIdx.y * gridDim.x + blockIdx.x`, a flat thread id) wraps an `int`.
    /// Assumed with the grid open and read along some dimension, and the block read too.
    pub no_wrap: bool,
    /// The block given on the command line or by the header, if any: its dimensions of size 1
    /// do not enter the product of [`Launch::no_wrap`].
    pub given_block: Option<[i128; 3]>,
    /// `gridDim.x * C <= 2^31` is assumed for the block size `C` the code writes into its
    /// global ids (`blockIdx.x * 256 + threadIdx.x`: the largest literal multiplying
    /// `blockIdx.x`, `Map::block_id_stride`), with the grid open along x.
    pub stride: Option<i128>,
    /// `blockDim.d <= C` is assumed for the literal `C` the code multiplies `blockIdx.d` by
    /// when it is a size a launch is written for (a multiple of a warp, or in 2-D blocks a
    /// power of two from 8: a tile's side, [`launchable`]) and the block is open along `d`:
    /// blocks wider than the size the code writes make the ids of neighbouring blocks
    /// overlap, which is not a launch the code is written for. A kernel that bounds its block itself
    /// (`__launch_bounds__(512)`) or reads its size along `d` (`blockIdx.x * blockDim.x`, a
    /// launch in the file) gets no such bound: it said which blocks it is written for.
    pub block_most: [Option<i128>; 3],
    /// Each atomic counter whose values the decision told apart gets fewer than 2^32 updates
    /// in the launch ([`crate::counters`]): set from the decision
    /// ([`crate::Decision::assumes_counters`]), not by [`Launch::of`].
    pub counters: bool,
}

/// Whether `c`, a literal the code multiplies `blockIdx.d` by, is a block side a launch is
/// written for: within CUDA's limit along `d`, and a whole number of warps, or, in a kernel
/// whose blocks have several dimensions (`tiles`), a power of two from 8 (a tile's side:
/// `blockIdx.y * 16 + threadIdx.y`). Other literals (a halo tile's 14, a pair's 2, a 1-D
/// kernel's 8 elements per block) say less about the block, and assume nothing.
pub fn launchable(c: i128, d: Dim, tiles: bool) -> bool {
    let side = c >= 8 && c & (c - 1) == 0;
    (c % 32 == 0 || (tiles && side))
        && c > 1
        && c <= mapcheck_core::geometry::MAX_BLOCK_DIM[d.index()]
}

/// The assumption on atomic counters ([`Launch::counters`]), in the report's words.
pub const COUNTERS: &str = "each atomic counter gets fewer than 2^32 updates";

/// The largest count of threads along x whose ids fit in a non-negative `int`.
pub const MAX_GLOBAL_THREADS: i128 = 1 << 31;

impl Launch {
    /// The conventions for a kernel that reads `builtins`, where `fixed` leaves the geometry
    /// open (a fixed side assumes nothing).
    pub fn of(builtins: &BTreeSet<Builtin>, fixed: &Fixed) -> Launch {
        // A side's dimension is read when its id or its size is read in that dimension, or
        // in the linear form (which depends on every dimension).
        let read = |id: Geometry, d: Dim| {
            builtins.iter().any(|b| {
                (b.geometry == id || b.geometry == id.partner())
                    && (b.dim.is_none() || b.dim == Some(d))
            })
        };
        let unit = |id: Geometry, given: Option<[i128; 3]>| {
            Dim::ALL.map(|d| given.is_none() && !read(id, d))
        };
        let block = unit(Geometry::Tid, fixed.block);
        let grid = unit(Geometry::Bid, fixed.grid);
        // Only an open grid of several blocks along x can pass 2^31 threads (with a fixed
        // block the bound is linear); a fixed grid is what the user gave.
        let read_any = |unit: [bool; 3]| unit.iter().any(|u| !u);
        let no_wrap = fixed.grid.is_none() && read_any(grid) && read_any(block);
        Launch {
            block,
            grid,
            no_wrap,
            given_block: fixed.block,
            stride: None,
            block_most: [None; 3],
            counters: false,
        }
    }

    /// The conventions a decision under `options` makes for the kernel whose MAP is `map`:
    /// [`Launch::under`] its built-ins, and the grid along x kept from wrapping the ids built
    /// on a block size the code writes ([`Launch::stride`]).
    pub fn of_map(map: &mapcheck_typeck::Map, options: &crate::Options) -> Launch {
        let mut launch = Launch::under(&map.read_by_code, options);
        if options.loosened != crate::Loosened::Not {
            launch.no_wrap = false;
            return launch;
        }
        let open = options.conventions && options.fixed.grid.is_none() && !launch.grid[0];
        let c = map.block_id_strides[0];
        if open && c > 1 {
            launch.stride = Some(c);
        }
        let tiles = !launch.block[1] || !launch.block[2];
        for d in Dim::ALL {
            let c = map.block_id_strides[d.index()];
            // A kernel that reads its block's size along `d` (a global id on `blockDim.x`, a
            // launch in the file's host code) is written for blocks the launch chooses: the
            // literal is then a count of slots per block, not the block's side.
            let sized = map
                .read_by_code
                .contains(&Builtin::component(Geometry::Ntid, d));
            let block_open = options.conventions
                && options.fixed.block.is_none()
                && !launch.block[d.index()]
                && !sized;
            if block_open && !map.bounds_its_block && launchable(c, d, tiles) {
                launch.block_most[d.index()] = Some(c);
            }
        }
        launch
    }

    /// The conventions a decision under `options` makes for a kernel that reads `builtins`:
    /// none unless `Options::conventions` is on.
    pub fn under(builtins: &BTreeSet<Builtin>, options: &crate::Options) -> Launch {
        if options.conventions && options.loosened != crate::Loosened::AnyLaunch {
            Launch::of(builtins, &options.fixed)
        } else {
            Launch::default()
        }
    }

    /// Whether the conventions assume anything.
    pub fn assumes_anything(&self) -> bool {
        self.block.iter().chain(&self.grid).any(|u| *u)
            || self.no_wrap
            || self.stride.is_some()
            || self.block_most.iter().any(Option::is_some)
            || self.counters
    }

    /// `fixed` with each side whose every dimension is assumed 1 fixed at `(1, 1, 1)`.
    pub fn apply(&self, fixed: &Fixed) -> Fixed {
        let mut fixed = fixed.clone();
        if self.block.iter().all(|u| *u) {
            fixed.block = Some([1, 1, 1]);
        }
        if self.grid.iter().all(|u| *u) {
            fixed.grid = Some([1, 1, 1]);
        }
        fixed
    }

    /// The dimensions whose product [`Launch::no_wrap`] bounds, grid first then block:
    /// those neither assumed 1 nor given as 1.
    pub fn wrap_dims(&self) -> Vec<(Geometry, Dim)> {
        let mut dims = Vec::new();
        for d in Dim::ALL {
            if !self.grid[d.index()] {
                dims.push((Geometry::Nbid, d));
            }
        }
        for d in Dim::ALL {
            let given_one = self.given_block.is_some_and(|b| b[d.index()] == 1);
            if !self.block[d.index()] && !given_one {
                dims.push((Geometry::Ntid, d));
            }
        }
        dims
    }

    /// [`Launch::no_wrap`] in CUDA's words: `gridDim.x * blockDim.x <= 2^31`.
    fn wrap_bound(&self) -> String {
        let names: Vec<String> = self
            .wrap_dims()
            .into_iter()
            .map(|(g, d)| {
                let size = if g == Geometry::Nbid {
                    "gridDim"
                } else {
                    "blockDim"
                };
                format!("{size}.{}", d.letter())
            })
            .collect();
        format!("{} <= 2^31", names.join(" * "))
    }

    /// The assumptions in one line, in CUDA's words: `blockDim = (x, 1, 1), gridDim = (x, 1,
    /// 1), gridDim.x * blockDim.x <= 2^31` (a letter for a dimension left open).
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        for (size, unit) in [("blockDim", self.block), ("gridDim", self.grid)] {
            if unit.iter().any(|u| *u) {
                let dims = Dim::ALL.map(|d| if unit[d.index()] { "1" } else { d.letter() });
                parts.push(format!("{size} = ({})", dims.join(", ")));
            }
        }
        if self.no_wrap {
            parts.push(self.wrap_bound());
        }
        for (d, c) in Dim::ALL.into_iter().zip(self.block_most) {
            if let Some(c) = c {
                parts.push(format!("blockDim.{} <= {c}", d.letter()));
            }
        }
        if let Some(c) = self.stride {
            parts.push(format!("gridDim.x * {c} <= 2^31"));
        }
        if self.counters {
            parts.push(COUNTERS.to_string());
        }
        parts.join(", ")
    }

    /// The assumptions, in CUDA's words, one per item: `blockDim.y = 1`, …
    pub fn describe(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (size, unit) in [("blockDim", self.block), ("gridDim", self.grid)] {
            let dims: Vec<String> = Dim::ALL
                .into_iter()
                .filter(|d| unit[d.index()])
                .map(|d| format!("{size}.{} = 1", d.letter()))
                .collect();
            out.extend(dims);
        }
        if self.no_wrap {
            out.push(self.wrap_bound());
        }
        for (d, c) in Dim::ALL.into_iter().zip(self.block_most) {
            if let Some(c) = c {
                out.push(format!("blockDim.{} <= {c}", d.letter()));
            }
        }
        if let Some(c) = self.stride {
            out.push(format!("gridDim.x * {c} <= 2^31"));
        }
        if self.counters {
            out.push(COUNTERS.to_string());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtins(names: &[&str]) -> BTreeSet<Builtin> {
        names.iter().filter_map(|n| Builtin::from_name(n)).collect()
    }

    #[test]
    fn a_one_dimensional_kernel_assumes_unit_y_and_z_and_no_wrap() {
        let l = Launch::of(&builtins(&["tid.x", "bid.x", "ntid.x"]), &Fixed::default());
        assert_eq!(l.block, [false, true, true]);
        assert_eq!(l.grid, [false, true, true]);
        assert!(l.no_wrap);
        assert_eq!(
            l.summary(),
            "blockDim = (x, 1, 1), gridDim = (x, 1, 1), gridDim.x * blockDim.x <= 2^31"
        );
        assert_eq!(
            l.describe(),
            [
                "blockDim.y = 1",
                "blockDim.z = 1",
                "gridDim.y = 1",
                "gridDim.z = 1",
                "gridDim.x * blockDim.x <= 2^31"
            ]
        );
    }

    #[test]
    fn a_side_read_linearly_or_given_assumes_nothing() {
        let l = Launch::of(&builtins(&["tid", "bid.x"]), &Fixed::default());
        assert_eq!(l.block, [false; 3]);
        let given = Fixed {
            block: Some([16, 16, 1]),
            ..Fixed::default()
        };
        let l = Launch::of(&builtins(&["tid.x"]), &given);
        assert_eq!(l.block, [false; 3]);
        assert_eq!(l.grid, [true; 3]);
        assert!(!l.no_wrap, "one block cannot wrap");
        assert_eq!(l.apply(&given).grid, Some([1, 1, 1]));
    }

    #[test]
    fn a_size_named_only_in_a_precondition_is_read() {
        // `__requires(blockDim.y == 16)` puts `ntid.y` among the builtins read.
        let l = Launch::of(&builtins(&["tid.x", "ntid.y"]), &Fixed::default());
        assert_eq!(l.block, [false, false, true]);
    }
}
