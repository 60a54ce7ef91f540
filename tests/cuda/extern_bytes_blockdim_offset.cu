//pass
//--gridDim=1
// mapcheck: exact
// No --blockDim: the block shape is symbolic; only the threads of the first row (y = z = 0)
// act, so B = blockDim.x is the number of threads that touch memory. `s` is B floats (bytes
// 0..4B); the doubles start at &s[2 * B], byte 8B, past the floats (and 8-byte aligned for
// every B). Thread t writes s[t] (bytes 4t..4t+4, below 4B) and d[t] (bytes 8B+8t..8B+8t+8):
// the floats and the doubles never share a byte, and each thread has its own of each: race free
// for every B.

__global__ void floats_then_doubles(const float *in)
{
    extern __shared__ float s[];
    double *d = (double *)&s[2 * blockDim.x];
    int t = threadIdx.x;
    if (threadIdx.y != 0 || threadIdx.z != 0)
        return;
    s[t] = in[t];
    d[t] = 1.0;
}
