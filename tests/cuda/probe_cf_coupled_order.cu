//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// y += 1 then x += y: x = 1 + 2 + 3 + 4 = 10, so thread t writes A[t / (x - 9)] = A[t]:
// distinct cells. (Race-free twin of probe_cf_coupled_order_racy.cu; the g++ host truth runs
// the same loop.)
// (Issue 20: a loop whose values are all constants, run at lowering time.)

__global__ void k(int *A)
{
    int x = 0, y = 0;
    for (int i = 0; i < 4; i++) {
        y += 1;
        x += y;
    }
    A[threadIdx.x / (x - 9)] = threadIdx.x;
}
