//pass
//--blockDim=[4,4,4] --gridDim=2
// mapcheck: exact
// GPUVerify test-suite style, 3-D block: thread (x, y, z) writes s[z][y][x] (its own cell),
// a barrier, then reads the rotated cell s[x][z][y] and writes its own output element.
// Reads and writes are in different barrier intervals: race free.

__global__ void rotate3d(float *out, float *in)
{
    __shared__ float s[4][4][4];
    unsigned x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    unsigned lin = (z * 4 + y) * 4 + x;
    s[z][y][x] = in[blockIdx.x * 64 + lin];
    __syncthreads();
    out[blockIdx.x * 64 + lin] = s[x][z][y];
}
