//pass
//--blockDim=16 --gridDim=2
// mapcheck: exact
// The in-bounds twin of `oob_member_array_through_pointer.cu`: blocks of 16 threads index
// the member `d[16]` of their own element within its extent, each thread its own int. Race
// free and in bounds.

struct D {
    int d[16];
    int e;
};

__global__ void member_rows_fit(D *p)
{
    p[blockIdx.x].d[threadIdx.x] = threadIdx.x;
}
