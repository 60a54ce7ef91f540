//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The classic mistake: `counts` is placed at &smem[blockDim.x], a *byte* offset of 64, not
// after the 256 bytes of `vals`. counts[t] is then bytes 64 + 4t.., which are vals[16 + t]:
// thread t writes counts[t] while thread t + 16 writes vals[t + 16], the same 4 bytes, in the
// same barrier interval (threads 0 and 16 on bytes 64..67): a write-write race.

__global__ void two_arrays_byte_offset(const float *in, float *out)
{
    extern __shared__ char smem[];
    float *vals = (float *)smem;
    int *counts = (int *)&smem[blockDim.x];
    int t = threadIdx.x;
    vals[t] = in[t];
    counts[t] = t;
    __syncthreads();
    out[t] = vals[(t + 1) % 64] * counts[(t + 1) % 64];
}
