//xfail:data-race
//--blockDim=16 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: `struct __align__(16) V { int x; }` is 16 bytes, so viewed as ints v[k].x
// is raw[4k]. Thread 1 writes v[1].x and thread 0 writes raw[4]: the same int, a write-write
// race. mapcheck follows the cast `(int *)v` cell for cell ("a struct of the same cells"),
// ignoring the padding the alignment adds, takes raw[4] for v[4].x, and answers `drf (exact)`.

struct __align__(16) V {
    int x;
};

__global__ void padded_view(int *out)
{
    __shared__ V v[16];
    int *raw = (int *)v;
    if (threadIdx.x == 1)
        v[1].x = 1;
    if (threadIdx.x == 0)
        raw[4] = 99;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
