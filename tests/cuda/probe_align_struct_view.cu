//pass
//--blockDim=16 --gridDim=1
// mapcheck: exact
// Session 12 probe, a wrongly proven race before its fix: raw[1] is bytes 4..7 of the
// 16-byte v[0], padding nobody else touches; race free. mapcheck takes raw[1] for v[1].x and
// reports a *proven* race with thread 1.

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
        raw[1] = 99;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
