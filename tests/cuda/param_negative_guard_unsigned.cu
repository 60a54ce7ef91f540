//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of param_negative_guard_racy.cu with `pad` unsigned: `pad < 0u` is false for
// every unsigned value (C compares in unsigned arithmetic), so no thread writes out[0], and the
// other write goes to each thread's own cell out[1 + threadIdx.x]: race free.

__global__ void pad_guard(int *out, unsigned pad)
{
    if (pad < 0u) {
        out[0] = threadIdx.x;
    }
    out[1 + threadIdx.x] = pad;
}
