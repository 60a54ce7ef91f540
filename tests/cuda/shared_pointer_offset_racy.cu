//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// Pointer arithmetic into shared memory: `right = s + 1` aliases s shifted by one cell. Thread
// t writes s[t] and right[t] = s[t + 1]; thread t + 1 writes s[t + 1] too, in the same phase:
// a write-write race that only shows once the alias is resolved.

__global__ void smear_right(const float *in, float *out)
{
    __shared__ float s[129];
    float *right = s + 1;
    int t = threadIdx.x;
    s[t] = in[t];
    right[t] = in[t];                      // BUG: overlaps the next thread's s[t + 1]
    __syncthreads();
    out[t] = s[t];
}
