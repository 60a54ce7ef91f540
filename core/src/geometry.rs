//! CUDA's thread geometry as one definition for every stage (SPEC §3): the limits a block and a
//! grid must respect, and the correspondence between a linear id and its `(x, y, z)`
//! components. The interpreter checks configurations with it, the encoder bounds symbolic
//! geometry with it, and the command line validates `--block-dim`, `--grid-dim` and GPUVerify
//! headers with it, so that no stage accepts a geometry another refuses.

use crate::arith::Value;
use crate::ast::Geometry;

/// Largest block in each dimension.
pub const MAX_BLOCK_DIM: [Value; 3] = [1024, 1024, 64];
/// Largest number of threads in a block (the product of its dimensions).
pub const MAX_THREADS_PER_BLOCK: Value = 1024;
/// Largest grid in each dimension.
pub const MAX_GRID_DIM: [Value; 3] = [(1 << 31) - 1, 65535, 65535];

/// Largest block mapcheck checks (threads in all): a GPUVerify header may ask for a block
/// beyond CUDA's limits, which is then checked as given (SPEC §8), up to this many threads.
pub const MAX_CHECKED_THREADS_PER_BLOCK: Value = 1 << 16;
/// Largest grid dimension mapcheck checks (a header's grid beyond CUDA's limits).
pub const MAX_CHECKED_GRID_DIM: Value = (1 << 32) - 1;

/// A geometry outside CUDA's limits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{what}` = {value} is outside CUDA's limits ({allowed})")]
pub struct GeometryError {
    /// `ntid.x`, `nbid.z`, `ntid` (the product), ...
    pub what: String,
    pub value: Value,
    pub allowed: String,
}

impl GeometryError {
    /// The error in CUDA's words (`blockDim.x`, `gridDim.z`, the threads of a block), for a
    /// `.cu` input's header.
    pub fn in_cuda_words(self) -> GeometryError {
        let what = match self.what.as_str() {
            "ntid" => "blockDim.x * blockDim.y * blockDim.z".to_string(),
            w => w
                .replacen("ntid.", "blockDim.", 1)
                .replacen("nbid.", "gridDim.", 1),
        };
        GeometryError { what, ..self }
    }

    /// The error in the words of a flag that gives the dimensions alone (`--block-dim X,Y,Z`),
    /// whatever the input's language: `x`, `y`, `z`, or `x * y * z` for the product.
    pub fn in_flag_words(self) -> GeometryError {
        let what = match self.what.split_once('.') {
            Some((_, d)) => d.to_string(),
            None => "x * y * z".to_string(),
        };
        GeometryError { what, ..self }
    }
}

/// Checks a block's dimensions (`ntid.x`, `ntid.y`, `ntid.z`) against CUDA's limits.
pub fn check_block(dim: [Value; 3]) -> Result<(), GeometryError> {
    check_dims(Geometry::Ntid, dim, MAX_BLOCK_DIM)?;
    let total: Value = dim.iter().product();
    if total > MAX_THREADS_PER_BLOCK {
        return Err(GeometryError {
            what: "ntid".into(),
            value: total,
            allowed: format!("at most {MAX_THREADS_PER_BLOCK} threads per block"),
        });
    }
    Ok(())
}

/// Checks a grid's dimensions (`nbid.x`, `nbid.y`, `nbid.z`) against CUDA's limits.
pub fn check_grid(dim: [Value; 3]) -> Result<(), GeometryError> {
    check_dims(Geometry::Nbid, dim, MAX_GRID_DIM)
}

fn check_dims(size: Geometry, dim: [Value; 3], max: [Value; 3]) -> Result<(), GeometryError> {
    for (d, (&v, &m)) in dim.iter().zip(&max).enumerate() {
        if !(1..=m).contains(&v) {
            return Err(GeometryError {
                what: format!("{}.{}", size.name(), ["x", "y", "z"][d]),
                value: v,
                allowed: format!("1..={m}"),
            });
        }
    }
    Ok(())
}

/// Checks that a geometry is one mapcheck can check at all, within or beyond CUDA's limits:
/// every dimension at least 1, at most [`MAX_CHECKED_THREADS_PER_BLOCK`] threads per block
/// and [`MAX_CHECKED_GRID_DIM`] blocks per grid dimension.
pub fn check_checkable(block: [Value; 3], grid: [Value; 3]) -> Result<(), GeometryError> {
    check_dims(Geometry::Ntid, block, [MAX_CHECKED_THREADS_PER_BLOCK; 3])?;
    let total: Value = block.iter().product();
    if total > MAX_CHECKED_THREADS_PER_BLOCK {
        return Err(GeometryError {
            what: "ntid".into(),
            value: total,
            allowed: format!("at most {MAX_CHECKED_THREADS_PER_BLOCK} threads per block"),
        });
    }
    check_dims(Geometry::Nbid, grid, [MAX_CHECKED_GRID_DIM; 3])
}

/// The components of the linear id `linear` in a geometry of dimensions `dim`
/// (`x` varies fastest, as in CUDA).
pub fn components(linear: Value, dim: [Value; 3]) -> [Value; 3] {
    let x = linear % dim[0].max(1);
    let rest = linear / dim[0].max(1);
    [x, rest % dim[1].max(1), rest / dim[1].max(1)]
}

/// The linear id of the components `id`: `x + X * (y + Y * z)`.
pub fn linear(id: [Value; 3], dim: [Value; 3]) -> Value {
    id[0] + dim[0] * (id[1] + dim[1] * id[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_and_linear_are_inverse() {
        let dim = [4, 3, 2];
        for t in 0..24 {
            let c = components(t, dim);
            assert!((0..3).all(|d| (0..dim[d]).contains(&c[d])));
            assert_eq!(linear(c, dim), t);
        }
        assert_eq!(components(5, dim), [1, 1, 0]);
    }

    #[test]
    fn limits() {
        assert!(check_block([1024, 1, 1]).is_ok());
        assert!(check_block([32, 32, 1]).is_ok());
        assert_eq!(check_block([32, 33, 1]).unwrap_err().what, "ntid");
        assert_eq!(check_block([1, 1, 65]).unwrap_err().what, "ntid.z");
        assert_eq!(check_block([0, 1, 1]).unwrap_err().what, "ntid.x");
        assert!(check_grid([(1 << 31) - 1, 65535, 65535]).is_ok());
        assert_eq!(check_grid([1, 65536, 1]).unwrap_err().what, "nbid.y");
        assert!(check_checkable([2048, 1, 1], [1, 1 << 20, 1]).is_ok());
        assert!(check_checkable([1 << 17, 1, 1], [1, 1, 1]).is_err());
        assert!(check_checkable([1, 1, 1], [1 << 32, 1, 1]).is_err());
        assert!(check_checkable([0, 1, 1], [1, 1, 1]).is_err());
    }
}
