//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The returned struct has c = t % 4: threads t and t + 4 with t % 8 < 4 get the same (r, c)
// and both write tile[r][c] before the barrier (threads 0 and 4 on tile[0][0]): a write-write
// race.

struct Pos {
    int r;
    int c;
};

__device__ Pos split(int t)
{
    Pos p;
    p.r = t / 8;
    p.c = t % 4;
    return p;
}

__global__ void transpose_struct_return_bad(const float *in, float *out)
{
    __shared__ float tile[8][8];
    Pos p = split(threadIdx.x);
    tile[p.r][p.c] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[p.c][p.r];
}
