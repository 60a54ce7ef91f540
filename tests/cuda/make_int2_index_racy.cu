//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of make_int2_index.cu writing out[p.y / 2]: threads 1 and 2 (p.y = 2 and 3) both
// write out[1] (2 / 2 = 3 / 2 = 1), with the values 1 and 2: a write-write race, not a benign
// one.

__global__ void vec_index(int *out)
{
    int2 p = make_int2(threadIdx.x, threadIdx.x + 1);
    out[p.y / 2] = p.x;
}
