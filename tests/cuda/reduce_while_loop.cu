//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The sequential-addressing reduction written with a `while` loop, as in many course
// solutions: `s` starts at blockDim.x / 2 and halves after each barrier. Every thread runs the
// same number of rounds (s depends only on blockDim.x), so all reach the same barriers, and
// each round is the race-free t < s / t + s pattern. Race free and free of divergence. The
// class is exact: the front end lowers a `while` whose body ends by stepping its variable
// (`s >>= 1`) like the equivalent canonical `for` loop (grammar/src/cuda/README.md).

__global__ void reduce_while(const int *in, int *out)
{
    __shared__ int sdata[128];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned int s = blockDim.x / 2;
    while (s > 0) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
        s >>= 1;
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
