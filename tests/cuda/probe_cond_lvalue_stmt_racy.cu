//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of probe_cond_lvalue_stmt: threads t < 2 take the first arm and both write s[0]
// (5 and 5 would be benign, so the stored value is the thread id).

__global__ void pick_store(int *A)
{
    __shared__ int s[64];
    threadIdx.x < 2 ? (s[0] = threadIdx.x) : (s[threadIdx.x] = 6);
    __syncthreads();
    A[threadIdx.x] = s[threadIdx.x];
}
