//pass
//--gridDim=1
// mapcheck: exact
// The launch conventions (SPEC §8): no --blockDim, and the kernel reads only threadIdx.x, so
// it is checked for the launches it is written for, blocks of (blockDim.x, 1, 1). Then each
// thread reads and writes its own out[threadIdx.x]: race free. (With 2-D blocks the threads
// (x, 0) and (x, 1) would both update out[x]; `--any-launch` checks that launch too, see
// mapcheck/tests/cuda_inputs.rs.)

__global__ void copy_x(const float *in, float *out)
{
    out[threadIdx.x] += in[threadIdx.x];
}
