//xfail:data-race
//--blockDim=64 --gridDim=2 -DN=1000
// mapcheck: exact
// The counter stepped in the body by blockDim.x only: thread 0 of block 0 visits 0, 64, 128,
// ... and thread 0 of block 1 starts at 64: both read-modify-write v[64]: a race between
// blocks.

__global__ void scale_step_in_body_short(float *v, float k)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N;) {
        v[i] *= k;
        i += blockDim.x;
    }
}
