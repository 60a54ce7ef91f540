//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// Static member functions as index helpers, called `Grid::global_id()` and
// `geo::Mirror::of(i, n)` (Session 16 probe: a static method reached by a plain call was read
// as a member operator whose first argument is the object: no argument left, its value `?`, and
// with one argument "a call with a missing argument"). global_id() is 0..127, of(i, 128) =
// 127 - i is one-to-one on 0..127: each thread writes its own cell of out, race free.

struct Grid {
    static __device__ int global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }
};

namespace geo {
struct Mirror {
    static __device__ int of(int i, int n) { return n - 1 - i; }
};
}

__global__ void reverse_copy(const float *in, float *out)
{
    int i = Grid::global_id();
    out[geo::Mirror::of(i, 128)] = in[i];
}
