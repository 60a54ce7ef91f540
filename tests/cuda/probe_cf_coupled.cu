//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// x += y with y += 1 after it: x = 0 + 1 + 2 + 3 = 6, so thread t writes A[t / (x - 5)] =
// A[t]: distinct cells. (Race-free twin of probe_cf_coupled_racy.cu; any other x makes x - 5
// at least 2 or at most 0, and two threads share a cell or divide by zero. The g++ host truth
// runs the same loop.)
// (Issue 20: a loop whose values are all constants, run at lowering time.)

__global__ void k(int *A)
{
    int x = 0, y = 0;
    for (int i = 0; i < 4; i++) {
        x += y;
        y += 1;
    }
    A[threadIdx.x / (x - 5)] = threadIdx.x;
}
