//pass
//--blockDim=64 --gridDim=1
// t / 64 is 0 for every thread: every thread stores 0.0f.
__global__ void k(float *F)
{
    F[0] = (float)(threadIdx.x / 64);
}
