//pass
//--blockDim=32 --gridDim=1
struct Q { char c; double d; };
__global__ void k(double *out)
{
    __shared__ Q q[16];
    unsigned t = threadIdx.x;
    char *bytes = (char *)q;
    if (t < 16) q[t].d = 1.0; else bytes[(t - 16) * 16 + 1] = 1;
    __syncthreads();
    out[t] = q[t % 16].d;
}
