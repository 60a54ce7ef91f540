//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// A `void *` parameter cast to `double *` and to `float *`. d[1] covers bytes 8..15 and f[4]
// bytes 16..19: thread 0's write and thread 1's read share no byte, race free. The racy twin
// is bytes_void_param_two_views_racy.cu.

__global__ void two_views(void *p, float *out)
{
    double *d = (double *)p;
    float *f = (float *)p;
    if (threadIdx.x == 0)
        d[1] = 1.0;
    if (threadIdx.x == 1)
        out[0] = f[4];
}
