//pass
//--blockDim=32 --gridDim=1 --only-intra-group --no-inline
// Issue 34 item 5: a Latin-1 comment (café) is read, with a warning; so are the header flags
// mapcheck ignores.
__global__ void own(int *a) { a[threadIdx.x] = 1; }
