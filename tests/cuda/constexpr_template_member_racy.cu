//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of constexpr_template_member.cu with Step<1>::value: thread 1 writes a[1 * 1] = 1
// and thread 0 writes a[0 * 2 + 1] = 2, the same cell with different values.

constexpr int STRIDE = 2;
template <int N> struct Step { static constexpr int value = N; };

__global__ void constexpr_member(int *a)
{
    a[threadIdx.x * Step<1>::value] = 1;
    a[threadIdx.x * STRIDE + 1] = 2;
}
