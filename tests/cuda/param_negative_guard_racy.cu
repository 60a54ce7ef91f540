//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `pad` is a signed `int`: a launch may pass -1, and then every thread of the block writes its
// own id to out[0] (threads 0 and 1 store different values: a real write-write race, not a
// benign one). A checker that takes scalar parameters to be natural numbers never enters the
// branch and calls this kernel race free. Twin: param_negative_guard_unsigned.cu.

__global__ void pad_guard(int *out, int pad)
{
    if (pad < 0) {
        out[0] = threadIdx.x;
    }
}
