//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — read from the template's pattern (no instantiation), `(int *)vals` views `T` memory as `int`: which cells it covers depends on `sizeof(T)`, which the pattern does not fix (a located error)
// A template kernel that clears its `T` array as words: `(int *)vals` with thread t writing
// word t. Every thread writes a distinct word, nothing is read: race free whatever T is.

template <typename T>
__global__ void clear_words(T *vals)
{
    int *words = (int *)vals;
    words[threadIdx.x] = 0;
}
