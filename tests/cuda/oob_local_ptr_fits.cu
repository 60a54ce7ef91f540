//pass
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// oob_local_ptr.cu with p[t % 14]: loc[2..15], within `loc`; the stores are one per thread:
// race free.

__global__ void local_ptr(int *out)
{
    short loc[16];
    for (int i = 0; i < 16; i++)
        loc[i] = (short)i;
    short *p = &loc[2];
    out[threadIdx.x] = p[threadIdx.x % 14];
}
