//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// UNSOUND on main (an unstated assumption): a body-less callee is taken to contain no barrier.
// `ext` is defined in another translation unit (linked with -rdc) as
//     __device__ void ext() { __syncthreads(); }
// so only threads t < 32 reach its barrier: barrier divergence. Nothing in this file excludes
// that, yet mapcheck answers `drf`, exit 0, with no divergence finding, where at least a
// potential divergence (or a refusal) is due. README says what such calls may read and write,
// not that they hold no barrier.

extern __device__ void ext();

__global__ void half_calls(int *A)
{
    if (threadIdx.x < 32)
        ext();
    A[threadIdx.x] = 1;
}
