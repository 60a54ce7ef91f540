//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The race-free twin of `reference_member_accumulator_racy.cu`: the accumulator adds with
// `atomicAdd` on the address of its reference member (the address of `sum`), so the threads'
// updates are atomic; thread 0 reads `sum` after the barrier. Race free.

struct Acc {
    int &total;
    __device__ void add(int v) { atomicAdd(&total, v); }
};

__global__ void accumulate_atomic(int *out)
{
    __shared__ int sum;
    if (threadIdx.x == 0)
        sum = 0;
    __syncthreads();
    Acc a{sum};
    a.add(threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0)
        out[0] = sum;
}
