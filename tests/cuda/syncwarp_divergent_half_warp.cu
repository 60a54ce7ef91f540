//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Lanes 0..15 of each warp call __syncwarp() and lanes 16..31 do not. Since Volta,
// __syncwarp(mask) requires every non-exited thread named in mask to execute a __syncwarp()
// with the same mask before any of them resumes; the full mask names all 32 lanes, so this
// is undefined: the warp-level analogue of barrier divergence.

__global__ void half_warp(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t;
    if (t % 32 < 16)
        __syncwarp();
    out[t] = s[t];
}
