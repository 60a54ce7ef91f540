//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A small view class whose `operator[]` returns a reference into global memory, and a helper
// returning a reference: `v[i] = x` writes the cell the reference designates, `int x = v[i]`
// reads it (returning a reference reads nothing). Thread t writes g[t], then after the barrier
// reads g[63 - t] and writes g[64 + t]: every cell has one writer per phase and no reader in
// the writer's phase. Race free. (mapcheck once refused every access through a returned
// reference.)

struct View {
    int *p;
    __device__ int &operator[](int i) { return p[i]; }
};

__device__ int &cell(int *a, unsigned i) { return a[i]; }

__global__ void mirror(int *g)
{
    View v{g};
    v[threadIdx.x] = threadIdx.x;
    __syncthreads();
    int x = cell(g, 63 - threadIdx.x);
    v[threadIdx.x + 64] = x;
}
