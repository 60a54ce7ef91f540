//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Nested loops with `break`, `continue` and both branches of an `if` assigning: s ends at
// 352; the short w = 30000 + 3 * 20000 is 90000 converted to 16 bits, 24464. Thread t writes
// A[t / (s - 351 + (w - 24464))] = A[t]: distinct cells. Racy twin loop_eval_nested_racy.cu.
// (Issue 20: a loop whose values are all constants is run at lowering time; the g++ host
// truth runs the same loops.)

__global__ void k(int *A)
{
    int s = 0;
    for (int a = 0; a < 10; a++)
        for (int b = 0; b < a; b++) {
            if (b == 7) break;
            if ((a ^ b) & 1) s += a * b; else { s -= b; continue; }
            s++;
        }
    short w = 30000;
    for (int i = 0; i < 3; i++) w += 20000;
    A[threadIdx.x / (s - 351 + (w - 24464))] = threadIdx.x;
}
