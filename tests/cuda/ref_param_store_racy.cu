//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same rotation without the barrier. `store(s[t], v)` writes s[t] through the reference
// `float &x`; thread t then reads s[t + 1], which thread t + 1 writes in the same barrier
// interval (e.g. thread 0 reads s[1] while thread 1 writes it): a read-write race that exists
// only because the reference parameter is a place, not a copy.

__device__ void store(float &x, float v) { x = v; }

__global__ void rotate_left_nosync(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    store(s[t], in[t]);
    out[t] = s[(t + 1) % 64];
}
