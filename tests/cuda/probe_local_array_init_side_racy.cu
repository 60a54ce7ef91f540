//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The initializer of arr runs A[t / 2] = t: threads 2k and 2k + 1 collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int arr[2] = { A[threadIdx.x / 2] = threadIdx.x, 0 };
    A[64 + threadIdx.x] = arr[1];
}
