//xfail:data-race
//--blockDim=[16,16] --gridDim=[4,4] -DNI=64 -DNJ=64 -DNK=32
// mapcheck: exact
// PolyBench/GPU `2mm`, first kernel, with the row pitch of tmp taken from the wrong
// dimension (NK = 32 instead of NJ = 64): tmp[i * NK + j] for j up to 63 makes rows overlap.
// Thread (j = 32, i = 0) and thread (j = 0, i = 1) both own tmp[32] and both write it:
// a write-write race, across threads of different blocks (blockIdx.x 2 and 0).

__global__ void mm2_kernel1(float *tmp, float *A, float *B, float alpha)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NI) && (j < NJ)) {
        tmp[i * NK + j] = 0;
        for (int k = 0; k < NK; k++) {
            tmp[i * NK + j] += alpha * A[i * NK + k] * B[k * NJ + j];
        }
    }
}
