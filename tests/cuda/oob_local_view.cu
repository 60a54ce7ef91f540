//xfail:out-of-bounds
//--blockDim=[64] --gridDim=[1]
// mapcheck: exact
// Session 22 (generator, offsets 263 317 347 353 of 0x637564610100): a thread's own `int
// loc[4]` (16 bytes) read through a cast view `((unsigned char *)loc)[t % 32]`: threads with
// t % 32 >= 16 read bytes 16..31, past the end of `loc` (AddressSanitizer: a
// stack-buffer-overflow read). The stores are one per thread. The twin in bounds is
// oob_local_view_fits.cu.

__global__ void local_view(int *out)
{
    int loc[4] = {1, 2, 3, 4};
    out[threadIdx.x] = ((unsigned char *)loc)[threadIdx.x % 32];
}
