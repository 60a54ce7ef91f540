//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A `__shared__` array declared in a function template is one array per instantiation, as
// each instantiation has its own function-local statics (probe round 9, FC): `f<1>` writes
// its own `buf` and `f<2>` reads its own, which nobody writes. Race free. (The execution
// oracle once gave every instantiation one array and reported a race here.)

template <int ID>
__device__ int f(int v, bool write)
{
    __shared__ int buf[64];
    if (write)
        buf[threadIdx.x] = v;
    return write ? 0 : buf[(threadIdx.x + 1) % 64];
}

__global__ void per_instance(int *out)
{
    f<1>(threadIdx.x, true);
    out[threadIdx.x] = f<2>(0, false);
}
