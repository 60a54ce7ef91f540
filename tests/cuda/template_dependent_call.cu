//pass
//--blockDim=128 --gridDim=4
// mapcheck: exact
// mapcheck: known-imprecision: error — read from the template's pattern (no instantiation), the call `scale(v, k)` of a function template with a `T` argument is resolved by clang only for a given `T` (`UnresolvedLookupExpr`): a located error, not a guess at the callee
// A template kernel that calls a function template on its element type. Thread t writes
// out[b * 128 + t] only (a pure function of in[same cell]): race free.

template <typename T>
__device__ T scale(T v, int k) { return v * k; }

template <typename T>
__global__ void scale_all(const T *in, T *out, int k)
{
    int i = blockIdx.x * 128 + threadIdx.x;
    out[i] = scale(in[i], k);
}
