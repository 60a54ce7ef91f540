//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the old values atomics return depend on the order of the atomics, which mapcheck does not follow: that every thread's atomicOr(&cnt, 0) returns the same 5 is not shown, so the race on s[0] stays potential
// Thread 0 sets cnt = 5 before the barrier; after it, every thread's atomicOr(&cnt, 0) leaves
// cnt at 5 and returns 5, and every thread stores that 5 into s[0]: a benign race (the same
// value by every thread; CUDA's convention for .cu), no data race. mapcheck once reported a
// proven race here: its replay saw equal values, then fell back to "any race of the two
// writes".

__global__ void or_zero(int *out)
{
    __shared__ int cnt, s[1];
    if (threadIdx.x == 0)
        cnt = 5;
    __syncthreads();
    s[0] = atomicOr(&cnt, 0);
    __syncthreads();
    out[threadIdx.x] = s[0];
}
