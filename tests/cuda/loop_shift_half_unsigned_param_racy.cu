//xfail:data-race
//--blockDim=256 --gridDim=1
// mapcheck: exact
// The twin of loop_shift_half_unsigned_param.cu whose guard is off by one (`<=`): in a step
// with stride s, thread s writes buf[s] while thread 0 reads buf[0 + s], between the same two
// barriers (n = 2: s = 1, threads 0 and 1 on buf[1]). Racy.

__global__ void reduce(float *out, const float *in, unsigned n)
{
    __shared__ float buf[256];
    buf[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    for (unsigned s = n >> 1; s > 0; s >>= 1) {
        if (threadIdx.x <= s && threadIdx.x + s < 256)
            buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[0] = buf[0];
}
