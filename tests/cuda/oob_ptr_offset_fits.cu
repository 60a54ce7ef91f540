//pass
//--blockDim=[4] --gridDim=[1]
// mapcheck: exact
// oob_ptr_offset.cu with 4 threads: p[t] with p = s + 60 is s[60 + t], t < 4, within
// `__shared__ int s[64]`; one store per thread, and the reads after the barrier (s[63 - t]) are
// not written in their phase: race free.

__global__ void ptr_offset(int *out)
{
    __shared__ int s[64];
    int *p = s + 60;
    p[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
