//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// h /= 2 from -100 (truncating toward zero): -50, -25, -12; thread t writes A[t / (h + 13)] =
// A[t]: distinct cells (a flooring division would give -13 and a division by zero). (Race-free
// twin of probe_cf_signed_div_neg_racy.cu; the g++ host truth runs the same loop.)
// (Issue 20: a loop whose values are all constants, run at lowering time.)

__global__ void k(int *A)
{
    int h = -100;
    for (int i = 0; i < 3; i++) h /= 2;
    A[threadIdx.x / (h + 13)] = threadIdx.x;
}
