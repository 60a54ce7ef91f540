//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A `static constexpr` member of a class template instance and a file-scope `constexpr` are
// constants (issue 32: they were read as memory, and the replay "confirmed" races for values
// the constant never has). Thread t writes a[2t] and a[2t + 1]: race free.

constexpr int STRIDE = 2;
template <int N> struct Step { static constexpr int value = N; };

__global__ void constexpr_member(int *a)
{
    a[threadIdx.x * Step<2>::value] = 1;
    a[threadIdx.x * STRIDE + 1] = 2;
}
