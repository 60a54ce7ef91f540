//xfail:data-race
//--blockDim=128 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: error — read from the template's pattern (no instantiation), the call `scale(v, k)` of a function template with a `T` argument is resolved by clang only for a given `T` (`UnresolvedLookupExpr`): a located error, not a guess at the callee
// The templated scaling of `template_dependent_call.cu` writing out[t] in every block: blocks
// 0 and 1 both write out[0] (thread 0 of each). A race between blocks.

template <typename T>
__device__ T scale(T v, int k) { return v * k; }

template <typename T>
__global__ void scale_all_racy(const T *in, T *out, int k)
{
    int i = blockIdx.x * 128 + threadIdx.x;
    out[threadIdx.x] = scale(in[i], k);
}
