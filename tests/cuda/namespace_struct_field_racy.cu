//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of namespace_struct_field.cu with a second store at out[t + key.b] = out[t + 2]:
// thread 1 writes out[3] there, and thread 1's first store out[2 * 1 + key.a] is out[3] too —
// but that is one thread; thread 3's second store is out[5], thread 2's first store out[5]:
// two threads, different values, no barrier. Racy.

namespace geo {
struct Key {
    int a;
    int b;
};
}

__global__ void odd_cells(int *out)
{
    geo::Key key = {1, 2};
    out[2 * threadIdx.x + key.a] = threadIdx.x;
    out[threadIdx.x + key.b] = threadIdx.x + 64;
}
