//! The geometry the tests of `mapcheck fix` give a CUDA input: its kernels are written for
//! one-dimensional launches, which mapcheck never assumes (a kernel that reads only
//! `threadIdx.x` races in a block of two rows).

/// The 1-D geometry for the CUDA file among `args`: what neither the flags in `args` nor the
/// file's GPUVerify header fix.
pub fn one_dimensional<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let Some(file) = args.iter().find(|a| a.ends_with(".cu")) else {
        return Vec::new();
    };
    let header = std::fs::read_to_string(file)
        .map(|text| mapcheck_grammar::cuda::header::read_header(&text))
        .unwrap_or_default();
    let mut geometry = Vec::new();
    for (flag, default, fixed) in [
        ("--block-dim", "64", header.block_dim.is_some()),
        ("--grid-dim", "4", header.grid_dim.is_some()),
    ] {
        if !fixed && !args.contains(&flag) {
            geometry.extend([flag, default]);
        }
    }
    geometry
}
