//xfail:data-race
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// In bounds and racy: each of the 32 threads writes s[threadIdx.x] and, without a barrier,
// reads its neighbour's cell s[(threadIdx.x + 1) % 32] of `__shared__ int s[32]`. Every index
// is within 0..32, and thread 0 reads s[1] in the phase in which thread 1 writes it: a
// read-write race. Bounds change nothing here.

__global__ void shift_read(int *out)
{
    __shared__ int s[32];
    s[threadIdx.x] = threadIdx.x;
    out[threadIdx.x] = s[(threadIdx.x + 1) % 32];
}
