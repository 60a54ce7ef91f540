//pass
//--blockDim=256 --gridDim=1
// mapcheck: exact
// A tree reduction whose first stride is half an `unsigned n` given at launch (issue 38 item 1):
// `s = n >> 1` lies in 0 .. 2^31 - 1, up to the largest value a signed 32-bit comparison
// reads as C's unsigned one, so the loop `s > 0; s >>= 1` is counted. Each step, thread t < s
// with t + s < 256 adds s[t + s] into s[t] (distinct cells: t < s <= t + s), the barrier ends
// the step: race free.

__global__ void reduce(float *out, const float *in, unsigned n)
{
    __shared__ float buf[256];
    buf[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    for (unsigned s = n >> 1; s > 0; s >>= 1) {
        if (threadIdx.x < s && threadIdx.x + s < 256)
            buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[0] = buf[0];
}
