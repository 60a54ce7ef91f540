//pass
//--blockDim=[16,4] --gridDim=[2,2]
// mapcheck: exact
// The geometry built-ins copied whole into locals, as some kernels do to shorten the indexing
// (`uint3 t = threadIdx; dim3 bd = blockDim;`). Session 16 probe: the copy of the struct was not
// followed, every component of `t`, `b`, `bd`, `gd` was an unknown value (`?`). Here x = b.x *
// 16 + t.x ranges over 0..31, y over 0..7, the row width is gd.x * bd.x = 32: (x, y) -> y * 32 + x
// is one-to-one, each cell of `a` is written by one thread of the grid: race free.

__global__ void fill_2d(const float *in, float *a)
{
    uint3 t = threadIdx;
    uint3 b = blockIdx;
    dim3 bd = blockDim;
    dim3 gd = gridDim;
    unsigned x = b.x * bd.x + t.x;
    unsigned y = b.y * bd.y + t.y;
    unsigned w = gd.x * bd.x;
    a[y * w + x] = in[y * w + x] + 1.0f;
}
