//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// h >>= 1 from -100 (arithmetic): -50, -25, -13; thread t writes A[t / (h + 14)] = A[t]:
// distinct cells (a truncating halving would give -12, and A[t / 2] is shared by two
// threads). (Race-free twin of probe_cf_signed_shr_neg_racy.cu; the g++ host truth runs the
// same loop.)
// (Issue 20: a loop whose values are all constants, run at lowering time.)

__global__ void k(int *A)
{
    int h = -100;
    for (int i = 0; i < 3; i++) h >>= 1;
    A[threadIdx.x / (h + 14)] = threadIdx.x;
}
