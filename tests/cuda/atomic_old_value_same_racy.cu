//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of atomic_old_value_same.cu adding 1: every thread's atomicAdd(&cnt, 1) returns a
// different old value (5, 6, ... in the order of the atomics), and every thread stores its own
// into s[0]: a write-write race with different values. Racy.

__global__ void add_one(int *out)
{
    __shared__ int cnt, s[1];
    if (threadIdx.x == 0)
        cnt = 5;
    __syncthreads();
    s[0] = atomicAdd(&cnt, 1);
    __syncthreads();
    out[threadIdx.x] = s[0];
}
