//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A `bool` template argument names the kernel as C++ writes it, `k<true>` (clang's JSON gives
// the value as -1; probe round 4, W3: the kernel was `k<-1>` and `--kernel 'k<true>'` found
// nothing). Both instantiations are race free: with `Wide` each thread writes its own
// a[threadIdx.x]; without it only thread 0 writes, a[0].
template <bool Wide>
__global__ void k(int *a)
{
    if (Wide)
        a[threadIdx.x] = 1;
    else if (threadIdx.x == 0)
        a[0] = 2;
}

template __global__ void k<true>(int *);
template __global__ void k<false>(int *);
