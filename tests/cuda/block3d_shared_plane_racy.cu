//xfail:data-race
//--blockDim=[8,8,4] --gridDim=[1,1,1]
// mapcheck: exact
// A 3-D block stages its input in a 2-D shared tile indexed by (threadIdx.y, threadIdx.x)
// only — the author forgot the z dimension of the block. Threads (x, y, 0) and (x, y, 1)
// write the same tile cell: a write-write race on shared memory.

__global__ void stage_planes(const float *in, float *out)
{
    __shared__ float tile[8][8];
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    tile[y][x] = in[(z * 8 + y) * 8 + x];              // BUG: ignores z
    __syncthreads();
    out[(z * 8 + y) * 8 + x] = tile[x][y];
}
