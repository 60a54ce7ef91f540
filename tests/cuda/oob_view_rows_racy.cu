//xfail:data-race
//--blockDim=[16,16] --gridDim=[1]
// mapcheck: exact
// Session 21 (probe W3): a pointer to rows of 8 ints over `__shared__ int s[256]`,
// rows[y][x] = s[8y + x]. With 16 threads per row, thread (8, 0) writes s[8], as does thread
// (0, 1): a write-write race. All of s[0..255] is within the array; the view's rows of 8 are
// not a dimension of `s` (the declared object is one-dimensional), so the only bound checked is
// s's own: no out-of-bounds finding, and the race is reported on `s`.

__global__ void view_rows(int *out)
{
    __shared__ int s[256];
    int (*rows)[8] = (int (*)[8])s;
    rows[threadIdx.y][threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.y * 16 + threadIdx.x];
}
