//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 33 doublings of an unsigned 1 wrap to 0, so thread t writes A[t / (m + 1)] = A[t]: distinct
// cells. (Race-free twin of probe_cf_shl_wrap_racy.cu; the g++ host truth runs the same
// loop.)
// (Issue 20: a loop whose values are all constants, run at lowering time.)

__global__ void k(int *A)
{
    unsigned m = 1;
    for (int i = 0; i < 33; i++)
        m <<= 1;
    A[threadIdx.x / (m + 1)] = threadIdx.x;
}
