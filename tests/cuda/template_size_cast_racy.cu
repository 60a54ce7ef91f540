//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — read from the template's pattern (no instantiation), `(int *)vals` views `T` memory as `int`: which cells it covers depends on `sizeof(T)`, which the pattern does not fix (a located error)
// The word-clearing template of `template_size_cast.cu` with thread t writing word t / 2:
// threads 0 and 1 both write word 0, for every T. A race.

template <typename T>
__global__ void clear_words_racy(T *vals)
{
    int *words = (int *)vals;
    words[threadIdx.x / 2] = 0;
}
