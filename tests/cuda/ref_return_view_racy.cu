//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of ref_return_view.cu without the barrier: thread t reads g[63 - t] through the
// returned reference while thread 63 - t writes it through the view. Racy.

struct View {
    int *p;
    __device__ int &operator[](int i) { return p[i]; }
};

__device__ int &cell(int *a, unsigned i) { return a[i]; }

__global__ void mirror(int *g)
{
    View v{g};
    v[threadIdx.x] = threadIdx.x;
    int x = cell(g, 63 - threadIdx.x);
    v[threadIdx.x + 64] = x;
}
