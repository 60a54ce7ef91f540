//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a class with a destructor that is not trivial is refused (C++ runs it without a call in the source)
// Twin of probe_dtor_store_racy: the destructor stores into A[t], one cell per thread.

struct Guard {
    int *a;
    int i;
    int v;
    __device__ ~Guard() { a[i] = v; }
};

__global__ void scoped_store(int *A)
{
    {
        Guard g{A, (int)threadIdx.x, (int)threadIdx.x};
    }
}
