//xfail:data-race
//--blockDim=128 --gridDim=32
// mapcheck: exact
// A 1-D stencil whose right halo is stored at the wrong place: `lindex + RADIUS` instead of
// `lindex + BLOCK_SIZE`. Thread t < R writes temp[t + 2R], the interior cell of thread t + R:
// a write-write race in the loading phase (besides a wrong result). The barrier is there.

#define RADIUS 3
#define BLOCK_SIZE 128

__global__ void stencil_1d_bad_halo(const int *in, int *out)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;
    temp[lindex] = in[gindex];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex - RADIUS];
        temp[lindex + RADIUS] = in[gindex + BLOCK_SIZE];   // BUG: should be lindex + BLOCK_SIZE
    }
    __syncthreads();
    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++)
        result += temp[lindex + offset];
    out[gindex] = result;
}
