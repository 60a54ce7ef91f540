//xfail:data-race
//--blockDim=32 --gridDim=1 -DN=64
// mapcheck: exact
// The down-sweep without its barrier: step d = 1 (offset 32, thread 0 writes temp[31] and
// temp[63]) and step d = 2 (offset 16, thread 1 reads temp[47] and writes temp[63]) run in the
// same interval: threads 0 and 1 both write temp[63]: a write-write race.

__global__ void scan_two_loops_nosync(const float *in, float *out)
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
    __syncthreads();
    if (t == 0)
        temp[N - 1] = 0;
    __syncthreads();
    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
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
