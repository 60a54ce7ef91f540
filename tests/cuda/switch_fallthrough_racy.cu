//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A `switch` on threadIdx.x % 4 with a missing `break`: threads with t % 4 == 0 fall through
// into case 1 and also write s[t + 1], the cell of thread t + 1 (whose own case writes it) —
// a write-write race in shared memory before the barrier.

__global__ void lanes_by_case(const int *in, int *out)
{
    __shared__ int s[129];
    int t = threadIdx.x;
    switch (t % 4) {
    case 0:
        s[t] = in[t] * 2;
        // BUG: missing break
    case 1:
        s[t + 1] = in[t] + 1;
        break;
    default:
        s[t] = in[t];
        break;
    }
    __syncthreads();
    out[t] = s[t];
}
