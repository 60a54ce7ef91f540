//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The racy twin of `template_shared_per_instance.cu`: both calls use the one instantiation
// `f<1>`, so they share its `buf`: thread t writes buf[t] and, with no barrier, thread t - 1
// reads it (a read-write race).

template <int ID>
__device__ int f(int v, bool write)
{
    __shared__ int buf[64];
    if (write)
        buf[threadIdx.x] = v;
    return write ? 0 : buf[(threadIdx.x + 1) % 64];
}

__global__ void same_instance(int *out)
{
    f<1>(threadIdx.x, true);
    out[threadIdx.x] = f<1>(0, false);
}
