//pass
//--blockDim=128 --gridDim=1
// mapcheck: data-dependent
// Odd-even transposition sort of 256 keys with 128 threads: in phase p thread t compares the
// pair (2t + p % 2, 2t + p % 2 + 1) and swaps it if out of order. In one phase the pairs of
// distinct threads are disjoint, and a barrier ends every phase: race free. Data-dependent
// (the swap depends on the keys).

#define N 256

__global__ void odd_even_sort(int *d)
{
    __shared__ int s[N];
    int t = threadIdx.x;
    s[2 * t] = d[2 * t];
    s[2 * t + 1] = d[2 * t + 1];
    __syncthreads();

    for (int phase = 0; phase < N; ++phase) {
        int i = 2 * t + (phase % 2);
        if (i + 1 < N) {
            int a = s[i], b = s[i + 1];
            if (a > b) {
                s[i] = b;
                s[i + 1] = a;
            }
        }
        __syncthreads();
    }
    d[2 * t] = s[2 * t];
    d[2 * t + 1] = s[2 * t + 1];
}
