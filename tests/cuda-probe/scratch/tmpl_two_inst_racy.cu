//xfail:data-race
//--blockDim=64 --gridDim=1
// Two instantiations are launched: k<1> is race free, k<0> makes every thread write A[0].
template <int S> __global__ void k(int *A) { A[threadIdx.x * S] = threadIdx.x; }
void host(int *A)
{
    k<1><<<1, 64>>>(A);
    k<0><<<1, 64>>>(A);
}
