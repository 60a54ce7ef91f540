//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An accumulator object holding a reference to a shared cell (probe round 8, F2): every
// thread's `a.add(v)` is a plain read-modify-write of `sum` through the reference member, with
// no barrier between the threads: a data race on `sum`. (Copying the referred value into the
// object at its construction hides every access through the member.)

struct Acc {
    int &total;
    __device__ void add(int v) { total += v; }
};

__global__ void accumulate(int *out)
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
