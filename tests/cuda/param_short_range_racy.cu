//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// `s` is a `short`: its least value is -32768 (SHRT_MIN), for which `s < -32767` holds and every
// thread writes its id to out[0]: a write-write race. Twin: param_short_range.cu.

__global__ void narrow(int *out, short s)
{
    if (s < -32767) {
        out[0] = threadIdx.x;
    }
}
