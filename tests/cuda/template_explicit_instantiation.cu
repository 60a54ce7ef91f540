//xfail:data-race
//--blockDim=128 --gridDim=4
// mapcheck: exact
// A templated tile shift whose race depends on the template value: thread t writes
// tile[t] and reads tile[t + SHIFT] in the same phase. The file explicitly instantiates
// SHIFT = 1 (as libraries do to ship precompiled kernels), so thread 0 reads tile[1] while
// thread 1 writes it: racy. (SHIFT = 0 would be race free.)

template <typename T, int SHIFT>
__global__ void shift_tile(const T *in, T *out)
{
    __shared__ T tile[256];
    int t = threadIdx.x;
    tile[t] = in[blockIdx.x * 128 + t];
    out[blockIdx.x * 128 + t] = tile[t + SHIFT];
}

template __global__ void shift_tile<float, 1>(const float *, float *);
