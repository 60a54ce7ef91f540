//xfail:out-of-bounds
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// Session 22 (generator, offsets 533 549 of 0x637564610100): a pointer into a thread's own
// array, `short *p = &loc[2]` of `short loc[16]`, indexed by the thread id: p[t] is loc[t + 2],
// and threads 14..31 read past the end of `loc` (AddressSanitizer: a stack-buffer-overflow
// read). The stores are one per thread. The twin in bounds is oob_local_ptr_fits.cu.

__global__ void local_ptr(int *out)
{
    short loc[16];
    for (int i = 0; i < 16; i++)
        loc[i] = (short)i;
    short *p = &loc[2];
    out[threadIdx.x] = p[threadIdx.x];
}
