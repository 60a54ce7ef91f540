//xfail:data-race
//--blockDim=128 --gridDim=32
// mapcheck: exact
// The same accumulation with a plain `+=` instead of atomicAdd: thread 0 of every block
// reads and writes total[0]; blocks are unordered, so two blocks race on total[0]
// (a grid-level read-write and write-write race; the lost update is the visible symptom).

__global__ void sum_nonatomic(const int *in, int *total, int n)
{
    __shared__ int partial[128];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        *total += partial[0];       // BUG: not atomic across blocks
}
