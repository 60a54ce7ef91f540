//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 3 doubled 32 times wraps to 0 in 32 bits, so thread t writes A[t / (m + 1)] = A[t]: distinct
// cells (without the wrap m + 1 would be at least 2 and threads 0 and 1 would share A[0]).
// (Race-free twin of probe_cf_mul_wrap_racy.cu; the g++ host truth runs the same loop.)
// (Issue 20: a loop whose values are all constants, run at lowering time.)

__global__ void k(int *A)
{
    unsigned m = 3;
    for (int i = 0; i < 32; i++)
        m *= 2;
    A[threadIdx.x / (m + 1)] = threadIdx.x;
}
