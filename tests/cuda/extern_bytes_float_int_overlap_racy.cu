//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The carve of extern_bytes_float_int_disjoint with `counts` placed at byte 4 * 32 = 128, in
// the middle of the 256 bytes of `vals`: counts[t] is bytes 128+4t..132+4t, which are the
// bytes of vals[32 + t]. Thread 0 writes counts[0] (bytes 128..132) while thread 32 writes
// vals[32] (the same bytes): a write-write race, in the same barrier interval.

__global__ void carve_overlap(const float *in, float *out)
{
    extern __shared__ char smem[];
    float *vals = (float *)smem;
    int *counts = (int *)&smem[4 * 32];
    int t = threadIdx.x;
    vals[t] = in[t];
    counts[t] = t;
}
