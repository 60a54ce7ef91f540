//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: data-dependent
// Odd-even transposition sort without the barrier between phases: in phase 0 thread 1 may
// swap s[2] and s[3] while thread 0, already in phase 1, compares s[1] and s[2]. A race
// whenever thread 1 swaps (keys out of order); data-dependent.

#define N 256

__global__ void odd_even_sort_racy(int *d)
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
    }
    __syncthreads();
    d[2 * t] = s[2 * t];
    d[2 * t + 1] = s[2 * t + 1];
}
