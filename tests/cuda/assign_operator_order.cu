//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The race-free twin of `assign_operator_order_racy.cu`: the right operand reads `i + 1`
// without changing `i`, so even thread t writes arr[t] and odd thread t writes arr[t].v:
// each element is written by one thread. Race free.

struct W {
    int v;
    __device__ W &operator=(const W &o)
    {
        v = o.v;
        return *this;
    }
};

__global__ void assign_order_plain(int *out)
{
    __shared__ W arr[65];
    int i = threadIdx.x;
    if (threadIdx.x % 2 == 0)
        arr[i] = W{i + 1};
    else
        arr[i].v = -1;
    __syncthreads();
    out[threadIdx.x] = arr[threadIdx.x].v;
}
