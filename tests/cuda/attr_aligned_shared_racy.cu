//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The attributed shared arrays read without the barrier: thread 0 reads a[127] while thread
// 127 writes it: a read-write race.

__global__ void aligned_reverse_nosync(const float *in, float *out)
{
    __shared__ __align__(16) float a[128];
    __shared__ float b[128] __attribute__((aligned(16)));
    a[threadIdx.x] = in[threadIdx.x];
    b[threadIdx.x] = 2.0f * in[threadIdx.x];
    out[threadIdx.x] = a[127 - threadIdx.x] + b[127 - threadIdx.x];
}
