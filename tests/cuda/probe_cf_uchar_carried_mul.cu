//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 1 doubled 8 times in an unsigned char is 256, i.e. 0: thread t writes A[t / (c + 1)] = A[t]:
// distinct cells. (Race-free twin of probe_cf_uchar_carried_mul_racy.cu; the g++ host truth
// runs the same loop.)
// (Issue 20: a loop whose values are all constants, run at lowering time.)

__global__ void k(int *A)
{
    unsigned char c = 1;
    for (int i = 0; i < 8; i++) c *= 2;
    A[threadIdx.x / (c + 1)] = threadIdx.x;
}
