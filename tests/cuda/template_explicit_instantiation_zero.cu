//pass
//--blockDim=128 --gridDim=4
// mapcheck: exact
// The same templated tile shift explicitly instantiated with SHIFT = 0 only: thread t reads
// back its own tile[t]. With the instantiation fixing SHIFT, the kernel is race free (for a
// symbolic SHIFT it would not be: SHIFT = 1 races).

template <typename T, int SHIFT>
__global__ void shift_tile(const T *in, T *out)
{
    __shared__ T tile[256];
    int t = threadIdx.x;
    tile[t] = in[blockIdx.x * 128 + t];
    out[blockIdx.x * 128 + t] = tile[t + SHIFT];
}

template __global__ void shift_tile<int, 0>(const int *, int *);
