//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An out-parameter that changes the caller's local: `wrap(slot)` assigns `slot % 64` to the
// caller's `slot` through `unsigned &i`. With 64 threads, slot = t % 64 = t: thread t writes
// s[t] only, then reads s[63 - t] after the barrier: race free.

__device__ void wrap(unsigned &i) { i = i % 64; }

__global__ void wrap_slots(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned slot = threadIdx.x;
    wrap(slot);
    s[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
