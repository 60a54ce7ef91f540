//pass
//--blockDim=64 --gridDim=1 -DN=4
// mapcheck: data-dependent
// mapcheck: known-imprecision: possibly-racy — with the launch and every parameter fixed, the counters' no-wrap convention is not assumed, and the claims made in a loop are not counted
// atomic_slot_claim_fixed_launch_racy.cu with N = 4: 256 updates, far from wrapping the
// counter, so every claim gets its own slot. Race free.
__global__ void claim(unsigned *count, int *out)
{
    for (int i = 0; i < N; ++i)
        out[atomicAdd(count, 1u)] = threadIdx.x;
}
