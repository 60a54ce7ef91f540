//pass
//--blockDim=[16,16] --gridDim=[8,8]
// mapcheck: exact
// 2-D 5-point stencil (Laplacian) with a one-cell halo in shared memory. The 18x18 tile is
// filled by the 16x16 block: every thread loads its interior cell, the threads of the edge
// rows/columns also load the matching halo cell (corners are not needed by a 5-point
// stencil). Each tile cell has one loader; the barrier separates loading from computing.
// Each block writes its own 16x16 part of `out`. The grid is 128x128; borders clamp.

#define BX 16
#define BY 16
#define NX 128
#define NY 128

__device__ int clampi(int v, int lo, int hi) { return min(max(v, lo), hi); }

__global__ void laplace2d(const float *in, float *out)
{
    __shared__ float tile[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * BX + tx;
    int gy = blockIdx.y * BY + ty;

    tile[ty + 1][tx + 1] = in[gy * NX + gx];
    if (tx == 0)      tile[ty + 1][0]      = in[gy * NX + clampi(gx - 1, 0, NX - 1)];
    if (tx == BX - 1) tile[ty + 1][BX + 1] = in[gy * NX + clampi(gx + 1, 0, NX - 1)];
    if (ty == 0)      tile[0][tx + 1]      = in[clampi(gy - 1, 0, NY - 1) * NX + gx];
    if (ty == BY - 1) tile[BY + 1][tx + 1] = in[clampi(gy + 1, 0, NY - 1) * NX + gx];
    __syncthreads();

    out[gy * NX + gx] = tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx]
                      + tile[ty + 1][tx + 2] - 4.0f * tile[ty + 1][tx + 1];
}
