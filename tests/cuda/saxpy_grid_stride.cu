//pass
//--blockDim=128 --gridDim=32
// mapcheck: exact
// SAXPY with a grid-stride loop ("CUDA Pro Tip: write flexible kernels with grid-stride
// loops"): thread g of the grid handles i = g, g + G, g + 2G, ... with G = blockDim.x *
// gridDim.x the number of threads in the grid. The residues of i modulo G are distinct per
// thread, so no two threads ever touch the same y[i]: race free for any n.

__global__ void saxpy_grid_stride(int n, float a, const float *__restrict__ x,
                                  float *__restrict__ y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        y[i] = a * x[i] + y[i];
    }
}
