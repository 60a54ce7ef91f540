//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the three inlined copies of the barrier at line 17 share one place in the source, and phases are told apart by their barriers' places: the phases between them are merged (an approximate phase split), and the potential race it shows does not replay
// Template recursion with a barrier per level: level L writes s[32 L + t] from the value it
// read at level L - 1, waits at the barrier, then reads s[32 L + (t + 1) % 32], which thread
// t + 1 wrote before that barrier. Every read is ordered after the write of its cell by the
// barrier of its level; no two threads write one cell. Race free. (mapcheck once merged the
// three levels' phases and ended with an internal error: the exact kernel's witness did not
// replay.)

template <int L> struct Rec {
    __device__ static int go(int *s, int t)
    {
        int prev = Rec<L - 1>::go(s, t);
        s[32 * L + t] = prev + 1;
        __syncthreads();
        return s[32 * L + (t + 1) % 32];
    }
};
template <> struct Rec<0> {
    __device__ static int go(int *, int t) { return t; }
};

__global__ void levels(int *out)
{
    __shared__ int s[128];
    out[threadIdx.x] = Rec<3>::go(s, threadIdx.x);
}
