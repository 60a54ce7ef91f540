//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A struct returned by value: `split(t)` returns {t / 8, t % 8}, a bijection onto the 8 x 8
// tile; each thread writes its own tile[p.r][p.c] and reads the transposed cell after the
// barrier: race free.

struct Pos {
    int r;
    int c;
};

__device__ Pos split(int t)
{
    Pos p;
    p.r = t / 8;
    p.c = t % 8;
    return p;
}

__global__ void transpose_struct_return(const float *in, float *out)
{
    __shared__ float tile[8][8];
    Pos p = split(threadIdx.x);
    tile[p.r][p.c] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[p.c][p.r];
}
