//xfail:data-race
//--blockDim=128 --gridDim=4 -DN=500
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The clamp used instead of the guard: the 512 threads cover gid 0..511, and gids 499..511 all
// clamp to N - 1 = 499 and write out[499] (threads 115 and 116 of block 3), each its own gid: a
// write-write race of different values.

__device__ int clamp_i(int i, int lo, int hi) { return min(max(i, lo), hi); }

__global__ void clamped_store_unguarded(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[clamp_i(gid, 0, N - 1)] = (float)gid;
}
