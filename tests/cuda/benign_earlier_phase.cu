//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — values read in an earlier phase are each thread's own unknown to the solver, so it finds the two stores different; every replay stores the same value (a benign race), and the finding stays potential
// Every thread reads in[0] (which nothing writes), waits at the barrier and stores the value
// into out[0]: all threads store the same value, a benign race by CUDA's convention (SPEC §7),
// so the kernel is race free. (Probe round 4, W5: this was a *proven* data race.)
__global__ void k(const int *in, int *out)
{
    int v = in[0];
    __syncthreads();
    out[0] = v;
}
