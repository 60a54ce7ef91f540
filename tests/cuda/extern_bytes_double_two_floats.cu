//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The double view of extern_bytes_double_two_floats_racy, with the float writes moved past it:
// threads 0..31 write d[t] (bytes 0..256), threads 32..63 write s[t + 32] (bytes 256..384),
// the floats right after the last double. Adjacent ranges, no shared byte: race free.

__global__ void double_beside_floats(float *out)
{
    extern __shared__ float s[];
    double *d = (double *)s;
    int t = threadIdx.x;
    if (t < 32)
        d[t] = 1.0;
    else
        s[t + 32] = 2.0f;
}
