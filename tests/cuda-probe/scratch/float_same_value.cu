//pass
//--blockDim=64 --gridDim=1
// Every thread stores 2.0f: a benign race only.
__global__ void k(float *F)
{
    F[0] = sqrtf(4.0f);
}
