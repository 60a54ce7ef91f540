//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Threads 32..63 choose `b` and write b[t - 32 + 32] = b[t]; every thread also reads
// b[(t + 32) % 64] with no barrier in between: thread 0 reads b[32] while thread 32 writes it
// (a read-write race on b). Threads 0..31 write a[t], which nobody reads. A pointer pinned to
// its first array (`a`) would see no write to `b` at all.

__global__ void split_by_half(float *a, float *b, float *out)
{
    float *dst = (threadIdx.x < 32) ? a : b;
    dst[threadIdx.x] = 1.0f;
    out[threadIdx.x] = b[(threadIdx.x + 32) % 64];
}
