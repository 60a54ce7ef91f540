//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// `make_int2(t, t + 1)` is the vector (t, t + 1): thread t writes out[2 * (t + 1)], even
// cells 2..64, one per thread: race free. The racy twin is make_int2_index_racy.cu.

__global__ void vec_index(int *out)
{
    int2 p = make_int2(threadIdx.x, threadIdx.x + 1);
    out[2 * p.y] = p.x;
}
