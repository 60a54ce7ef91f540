//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — GPUVerify's two-thread annotation `__other_int` is refused (issue 38 item 7)
// A GPUVerify precondition over two threads: distinct threads have distinct thread ids (true
// of every pair), and every thread copies its own element: race free. mapcheck once read
// `__other_int(x)` as `x`, which made such a precondition trivial here and false in the racy
// twin (gv_annot_other_int_racy.cu), which was then `drf`.

__global__ void copy(int *out, const int *in)
{
    __requires(__implies(threadIdx.x != __other_int(threadIdx.x),
                         threadIdx.x != __other_int(threadIdx.x)));
    out[threadIdx.x] = in[threadIdx.x];
}
