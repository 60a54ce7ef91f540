//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The twin of probe16_static_method.cu mirroring i / 2 instead of i: threads 2j and 2j + 1 both
// write out[127 - j] (threads 0 and 1 write out[127]), with their own values in[2j] and
// in[2j + 1]: a write-write race.

struct Grid {
    static __device__ int global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }
};

namespace geo {
struct Mirror {
    static __device__ int of(int i, int n) { return n - 1 - i; }
};
}

__global__ void reverse_copy_halved(const float *in, float *out)
{
    int i = Grid::global_id();
    out[geo::Mirror::of(i / 2, 128)] = in[i];
}
