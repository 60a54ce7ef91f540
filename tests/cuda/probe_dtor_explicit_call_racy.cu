//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a class with a destructor that is not trivial is refused (C++ runs it without a call in the source)
// Session 12 probe, unsound before its fix: an explicit destructor call `h.g.~Guard()` is dropped like the implicit
// ones. It stores v = t into A[t / 2]: threads 2k and 2k + 1 write A[k] with different values.
// (The Guard lives in a union whose destructor does nothing, so it is destroyed exactly once;
// C++17's guaranteed elision initialises h.g directly, with no temporary to destroy.)

struct Guard {
    int *a;
    int i;
    int v;
    __device__ ~Guard() { a[i] = v; }
};

union Holder {
    Guard g;
    __device__ ~Holder() {}
};

__global__ void explicit_dtor(int *A)
{
    Holder h{Guard{A, (int)threadIdx.x / 2, (int)threadIdx.x}};
    h.g.~Guard();
}
