//pass
//--gridDim=1
// mapcheck: exact
// A positional assumption inside a loop stops the thread where it fails (SPEC §8): the later
// iterations never run. Iteration 0 writes a[tid] (distinct cells whatever n is); then
// `__builtin_assume(1 <= n < 1024)`; iteration 1 writes a[tid * n + 1 + blockDim.x], beyond
// every cell of iteration 0, and distinct per thread because n >= 1 and tid * n stays far from
// overflow. A thread with n outside the range stops after iteration 0. Race free. (mapcheck
// once guarded only the rest of the body and reported the n = 0 collision of iteration 1 as a
// proven race.)

__global__ void assume_in_loop(int *a, int n)
{
    int tid = threadIdx.x;
    for (int i = 0; i < 2; i++) {
        a[i == 0 ? tid : tid * n + 1 + blockDim.x] = tid;
        __builtin_assume(n >= 1 && n < 1024);
    }
}
