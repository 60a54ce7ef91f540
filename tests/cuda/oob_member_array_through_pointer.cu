//xfail:out-of-bounds
//--blockDim=64 --gridDim=2
// mapcheck: exact
// An array member of a struct reached through a pointer parameter (probe round 8, F4): the
// member `d` is an array object of 16 ints, and `p[blockIdx.x].d[threadIdx.x]` indexes it
// with `threadIdx.x` up to 63, past its end (into `e` and the next elements): undefined
// behaviour, whatever the size of the buffer behind `p`. (The same member in `__shared__`
// memory was checked; behind a pointer it was not.)

struct D {
    int d[16];
    int e;
};

__global__ void member_rows(D *p)
{
    p[blockIdx.x].d[threadIdx.x] = threadIdx.x;
}
