//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of bytes_void_param_two_views.cu reading f[2], bytes 8..11, which thread 0 writes
// as part of d[1] (bytes 8..15) in the same barrier interval: a read-write race. Both casts
// start from the `void *` at offset 0, where each alone lines up with cell 0; taking f[2]
// for cell 2 of the cells of d (as each cast alone allows) misses it: mapcheck answered
// `drf (exact)` here before issue 20's byte addressing of every array.

__global__ void two_views(void *p, float *out)
{
    double *d = (double *)p;
    float *f = (float *)p;
    if (threadIdx.x == 0)
        d[1] = 1.0;
    if (threadIdx.x == 1)
        out[0] = f[2];
}
