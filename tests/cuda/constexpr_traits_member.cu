//pass
//--blockDim=128
// mapcheck: exact
// Kernel traits in the style of CUB: `Traits<128>::kWarps` is `div_up(128, 32)` = 4, a
// `static constexpr` member evaluated at compile time. Lanes 0 of the 4 warps store their warp's
// slot ws[t / 32]; after the barrier threads 0..3 (t < kWarps) read them: race free, and no
// access leaves ws[4]. (Read as memory, kWarps took -1 in the replay: a "confirmed" race and an
// out-of-bounds access.)

constexpr int div_up(int a, int b) { return (a + b - 1) / b; }

template <int Threads>
struct Traits {
    static constexpr int kWarps = div_up(Threads, 32);
};

__global__ void warp_slots(int *out)
{
    __shared__ int ws[Traits<128>::kWarps];
    if (threadIdx.x % 32 == 0)
        ws[threadIdx.x / 32] = threadIdx.x;
    __syncthreads();
    if (threadIdx.x < Traits<128>::kWarps)
        out[threadIdx.x] = ws[threadIdx.x];
}
