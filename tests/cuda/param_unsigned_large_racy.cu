//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// `n` is `unsigned`: a launch may pass 3000000000 (above 2^31), and then `n > 2147483647u` holds
// and every thread writes its id to out[0]: a write-write race. A checker that bounds scalar
// parameters below 2^31 misses it. Twin: param_unsigned_large_int.cu.

__global__ void big(int *out, unsigned n)
{
    if (n > 2147483647u) {
        out[0] = threadIdx.x;
    }
}
