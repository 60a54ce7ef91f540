//xfail:data-race
//--blockDim=64 --gridDim=1
// Odd threads store (short)65536 = 0, even threads store 1: different values.
__global__ void k(short *S)
{
    if (threadIdx.x % 2) S[0] = 65536; else S[0] = 1;
}
