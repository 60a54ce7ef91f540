//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// C++17 sequences the right operand of `=` before the left one, also for an overloaded
// `operator=` written as `a = b` (probe round 8, F5): in `arr[i] = W{i++}` the `i++` runs
// first, so even thread t writes arr[t + 1] — the element odd thread t + 1 writes too: a
// write-write race on arr[t + 1].v with different values. (Evaluating `arr[i]` first gives
// arr[t], which no other thread writes.)

struct W {
    int v;
    __device__ W &operator=(const W &o)
    {
        v = o.v;
        return *this;
    }
};

__global__ void assign_order(int *out)
{
    __shared__ W arr[65];
    int i = threadIdx.x;
    if (threadIdx.x % 2 == 0)
        arr[i] = W{i++};
    else
        arr[i].v = -1;
    __syncthreads();
    out[threadIdx.x] = arr[threadIdx.x].v;
}
