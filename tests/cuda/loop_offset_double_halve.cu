//pass
//--blockDim=32 --gridDim=1 -DN=64
// mapcheck: exact
// Offsets doubled in one loop and halved in the next (issue 20; the work-efficient scan of
// GPU Gems 3, 39.2.2): `offset` goes 1, 2, ..., 32 in the up-sweep (d = 32 .. 1) and back
// 32, ..., 1 in the down-sweep. In each step the active threads t < d touch
// ai = offset * (2t + 1) - 1 and bi = offset * (2t + 2) - 1, distinct for distinct t, and a
// barrier ends every step: race free.

__global__ void scan_two_loops(const float *in, float *out)
{
    __shared__ float temp[N];
    int t = threadIdx.x;
    temp[2 * t] = in[2 * t];
    temp[2 * t + 1] = in[2 * t + 1];
    int offset = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (t == 0)
        temp[N - 1] = 0;
    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            float x = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += x;
        }
    }
    __syncthreads();
    out[2 * t] = temp[2 * t];
    out[2 * t + 1] = temp[2 * t + 1];
}
