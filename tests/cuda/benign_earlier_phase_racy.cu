//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of benign_earlier_phase.cu: each thread reads its own in[threadIdx.x] before the
// barrier and stores it into out[0] after it. Whenever two of the cells differ (the kernel is
// written for any input), two threads store different values into out[0] with nothing
// ordering them: a write-write data race.
__global__ void k(const int *in, int *out)
{
    int v = in[threadIdx.x];
    __syncthreads();
    out[0] = v;
}
