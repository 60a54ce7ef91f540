//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: a union is laid out like a struct (one cell after another), where the
// README says a union's fields all start at 0. Even threads write u[t].i, odd threads write
// u[t - 1].f (t ^ 1 = t - 1): the same 4 bytes, a write-write race. mapcheck puts f at cell
// 1 and answers `drf (exact)`.

union U {
    int i;
    float f;
};

__global__ void union_pun(int *out)
{
    __shared__ U u[32];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        u[t].i = t;
    else
        u[t ^ 1].f = 1.5f;
    __syncthreads();
    out[t] = u[t].i;
}
