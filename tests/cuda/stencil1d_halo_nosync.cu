//xfail:data-race
//--blockDim=128 --gridDim=32
// mapcheck: exact
// The same 1-D stencil before the slide that introduces __syncthreads(): thread t reads
// temp[t + R + 1], which thread t + 1 writes in the same phase. A read-write race.

#define RADIUS 3
#define BLOCK_SIZE 128

__global__ void stencil_1d_nosync(const int *in, int *out)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;
    temp[lindex] = in[gindex];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex - RADIUS];
        temp[lindex + BLOCK_SIZE] = in[gindex + BLOCK_SIZE];
    }
    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++)
        result += temp[lindex + offset];
    out[gindex] = result;
}
