//xfail:data-race
//--blockDim=256 --gridDim=1
// mapcheck: exact
// Hillis–Steele scan "optimised" to one barrier per round, updating in place. In round
// `offset`, thread t reads s[t - offset] while thread t - offset (also active when
// t - offset >= offset) writes it in the same phase: a read-write race.

__global__ void scan_hs_racy(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    s[tid] = in[tid];
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset *= 2) {
        if (tid >= offset)
            s[tid] += s[tid - offset];
        __syncthreads();
    }
    out[tid] = s[tid];
}
