//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — GPUVerify's two-thread annotation `__other_int` is refused (issue 38 item 7)
// Every thread writes out[0]: racy whatever the precondition says of pairs of threads — the
// precondition `threadIdx.x != __other_int(threadIdx.x)` holds of every two distinct threads.
// mapcheck once read `__other_int(x)` as `x`: the precondition became `threadIdx.x !=
// threadIdx.x`, false, so no run was left and this racy kernel was reported `drf`.

__global__ void all_to_one(int *out)
{
    __requires(threadIdx.x != __other_int(threadIdx.x));
    out[0] = threadIdx.x;
}
