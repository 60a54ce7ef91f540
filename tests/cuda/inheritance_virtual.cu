//pass
//--blockDim=32 --gridDim=1
// mapcheck: data-dependent
// mapcheck: known-imprecision: data-dependent possibly-racy — a class with a virtual method holds a pointer to its vtable among its bytes, so its cells are not its fields in order: the cell each write reaches is unknown
// A class with a virtual method: each thread writes its own element's field. Race free.

struct P {
    int v;
    __device__ virtual int get() const { return v; }
};

__global__ void virt(P *arr)
{
    arr[threadIdx.x].v = threadIdx.x;
}
