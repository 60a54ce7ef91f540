//pass
//--blockDim=128 --gridDim=32
// mapcheck: exact
// 1-D stencil with halo (NVIDIA "CUDA C/C++ Basics", stencil_1d): each block stages
// blockDim.x + 2 RADIUS inputs in shared memory; the first RADIUS threads also load the left
// and right halos. Thread t writes temp[t + R], and threads t < R also temp[t] and
// temp[t + R + B]: all distinct cells. The barrier publishes the tile before the 7-point sum.

#define RADIUS 3
#define BLOCK_SIZE 128

__global__ void stencil_1d(const int *in, int *out)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;

    // Read input elements into shared memory
    temp[lindex] = in[gindex];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex - RADIUS];
        temp[lindex + BLOCK_SIZE] = in[gindex + BLOCK_SIZE];
    }

    // Synchronize (ensure all the data is available)
    __syncthreads();

    // Apply the stencil
    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++)
        result += temp[lindex + offset];

    // Store the result
    out[gindex] = result;
}
