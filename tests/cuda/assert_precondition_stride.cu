//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// A strided store whose race freedom depends on a precondition the kernel asserts: thread i
// writes out[i * stride], distinct cells for distinct i as long as stride >= 1; with
// stride = 0 every thread would write out[0]. `assert(stride >= 1)` rules that out — GPUVerify
// and Faial read such asserts as preconditions, and so does issue 7's front end.

#include <assert.h>

__global__ void strided_store(const float *in, float *out, int stride)
{
    assert(stride >= 1);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i * stride] = in[i];
}
