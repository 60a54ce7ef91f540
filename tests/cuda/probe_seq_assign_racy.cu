//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: C++17 ([expr.ass]/1, clang's default -std for CUDA is gnu++17) sequences
// the right operand of `=` before the left. In `A[i] = i++` the increment happens first, so
// the store goes to A[2t + 1] (g++ -std=c++17 and clang++ agree), the cell thread t + 1 writes
// with A[2(t + 1) - 1]. mapcheck evaluates the left operand first (A[2t]): `drf (exact)`.

__global__ void post_inc_store(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] = i++;
    if (t > 0)
        A[2 * t - 1] = -1;
}
