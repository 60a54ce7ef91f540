//pass
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// oob_local_struct.cu written at acc.v[t % 4]: within `v`; the struct is the thread's own and
// the stores to `out` are one per thread: race free.

struct Acc {
    int v[4];
    int n;
};

__global__ void local_struct(int *out)
{
    Acc acc;
    acc.n = 0;
    acc.v[threadIdx.x % 4] = (int)threadIdx.x;
    out[threadIdx.x] = acc.n;
}
