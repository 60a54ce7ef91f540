//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A write before __syncwarp() by thread 0 (warp 0) and a read after it by thread 32 (warp 1).
// __syncwarp() synchronises the calling warp only (CUDA C++ Programming Guide, "Warp
// Synchronization Functions"), so nothing orders the read after the write: a read-write race
// on flag[0] (the fix is __syncthreads()).

__global__ void flag_across(int *out)
{
    __shared__ int flag[1];
    if (threadIdx.x == 0)
        flag[0] = 1;
    __syncwarp();
    if (threadIdx.x == 32)
        out[0] = flag[0];
}
