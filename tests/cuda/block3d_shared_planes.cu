//pass
//--blockDim=[8,8,4] --gridDim=[1,1,1]
// mapcheck: exact
// The fixed form: one 8x8 plane of the shared tile per z slice of the block, then each
// thread sums its column (x, y) over the four planes after a barrier. Threads write distinct
// cells tile[z][y][x]; the reads come after the barrier: race free. Only z == 0 writes out.

__global__ void sum_planes(const float *in, float *out)
{
    __shared__ float tile[4][8][8];
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    tile[z][y][x] = in[(z * 8 + y) * 8 + x];
    __syncthreads();
    if (z == 0) {
        float s = 0.0f;
        for (int k = 0; k < 4; ++k)
            s += tile[k][y][x];
        out[y * 8 + x] = s;
    }
}
