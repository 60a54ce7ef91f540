//pass
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// oob_local_float.cu written at t % 4: within `float loc[4]`; the global stores are one per
// thread: race free.

__global__ void local_float(float *out)
{
    float loc[4];
    loc[threadIdx.x % 4] = 1.0f;
    out[threadIdx.x] = 2.0f;
}
