//! What the CUDA front end ([`crate::clang`]) shares with its callers: how to read a file
//! ([`Options`]: `-D` flags and a fixed geometry), the GPUVerify header that supplies them
//! ([`header`]), and what reading a file gives ([`Lowered`]: kernels, and located errors of
//! the items that failed, [`ItemError`]).

pub mod header;

use mapcheck_core::ast::Program;
use mapcheck_core::diag::Diagnostic;

/// How to read a CUDA input.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-D NAME[=VALUE]`, applied in order (later ones win).
    pub defines: Vec<(String, Option<String>)>,
    /// Fixed block and grid geometry, if any: the lowering uses it to give `threadIdx.y`,
    /// `blockDim.x`, ... their values.
    pub block_dim: Option<[u64; 3]>,
    pub grid_dim: Option<[u64; 3]>,
}

impl Options {
    /// The options of a file whose GPUVerify header is `header` (SPEC §8): its `-D` flags,
    /// then the command line's `defines` (later ones win), and its geometry where the command
    /// line (`block_dim`, `grid_dim`) leaves it open.
    pub fn with_header(
        header: &header::Header,
        defines: &[String],
        block_dim: Option<[u64; 3]>,
        grid_dim: Option<[u64; 3]>,
    ) -> Options {
        let mut all = header.defines.clone();
        all.extend(defines.iter().map(|d| header::parse_define(d)));
        Options {
            defines: all,
            block_dim: block_dim.or(header.block_dim),
            grid_dim: grid_dim.or(header.grid_dim),
        }
    }
}

/// A located error of one item of a CUDA file, and the kernel it belongs to when it is
/// known, so that a command restricted to another kernel (`--kernel`) can leave it out.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemError {
    /// The `__global__` function the error is in; `None` for errors of the whole file
    /// (clang's errors outside any kernel, a file without one).
    pub kernel: Option<String>,
    pub diagnostic: Diagnostic,
}

impl ItemError {
    pub fn file(diagnostic: Diagnostic) -> Self {
        ItemError {
            kernel: None,
            diagnostic,
        }
    }
}

/// What reading a CUDA file gave: the kernels that parsed and lowered, and the errors of those
/// that did not. One kernel outside the subset does not hide its neighbours (issue 7, item 5):
/// the caller reports both, and the errors still make the exit code 2 (SPEC §7).
#[derive(Clone, Debug)]
pub struct Lowered {
    pub program: Program,
    pub errors: Vec<ItemError>,
    /// What the front end read past without failing a kernel (clang's errors inside host-only
    /// functions, SPEC §8): reported as warnings, never in the exit code.
    pub warnings: Vec<Diagnostic>,
    /// The files of the user's that the main file includes, as the spans name them: a span
    /// at or past a file's `base` is in it ([`crate::clang::files`]).
    pub files: Vec<crate::clang::files::UserFile>,
}
