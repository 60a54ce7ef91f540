//xfail:data-race
//--blockDim=64 --gridDim=1
// (float)16777217 rounds to 16777216.0f; 16777218.0f is the next float: different values.
__global__ void k(float *F)
{
    if (threadIdx.x % 2) F[0] = 16777218.0f; else F[0] = 16777217.0f;
}
