//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Pointers swapped in a loop that only thread 0 runs: step 0 writes dst[5] = buf1[5], then the
// swap makes dst = buf0, so step 1 writes buf0[5]. Every other thread reads buf0[5] with no
// barrier after thread 0's loop: thread 0's write of buf0[5] (step 1) and thread 1's read of
// it race. A lowering that kept each pointer in the array it started in (dst in buf1) would
// see no write to buf0 at all.

__global__ void swap_single_writer(float *out)
{
    __shared__ float buf0[64];
    __shared__ float buf1[64];
    buf0[threadIdx.x] = 1.0f;
    buf1[threadIdx.x] = 2.0f;
    __syncthreads();
    if (threadIdx.x == 0) {
        float *src = buf0;
        float *dst = buf1;
        for (int k = 0; k < 2; ++k) {
            dst[5] = src[5] + 1.0f;
            float *tmp = src;
            src = dst;
            dst = tmp;
        }
    }
    out[threadIdx.x] = buf0[5];
}
