//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The 24-bit multiply with the block stride 64 instead of blockDim.x = 128: block b covers
// 64b .. 64b + 127, overlapping block b + 1 (thread 64 of block 0 and thread 0 of block 1 both
// read-modify-write y[64]): a race between blocks. Host check: host/intrin_mul24_racy.cpp.

__global__ void saxpy24_bad_stride(const float *x, float *y, float a)
{
    int i = __mul24(blockIdx.x, 64) + threadIdx.x;
    y[i] = a * x[i] + y[i];
}
