//xfail:data-race
//--blockDim=[16,16] --gridDim=[8,8]
// mapcheck: exact
// 2-D 5-point stencil whose right halo column is stored one column too far left:
// `tile[ty + 1][tx + BX]` for tx == 0 is column BX, which is the interior cell of thread
// (BX - 1, ty) (it writes tile[ty + 1][(BX - 1) + 1]). Two threads write the same shared cell
// before the barrier: a write-write race. The correct column is BX + 1.

#define BX 16
#define BY 16
#define NX 128

__global__ void laplace2d_bad_halo(const float *in, float *out)
{
    __shared__ float tile[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * BX + tx;
    int gy = blockIdx.y * BY + ty;

    tile[ty + 1][tx + 1] = in[gy * NX + gx];
    if (tx == 0) {
        tile[ty + 1][0] = in[gy * NX + gx - 1];
        tile[ty + 1][tx + BX] = in[gy * NX + gx + BX];   // BUG: should be BX + 1
    }
    if (ty == 0) {
        tile[0][tx + 1] = in[(gy - 1) * NX + gx];
        tile[BY + 1][tx + 1] = in[(gy + BY) * NX + gx];
    }
    __syncthreads();

    out[gy * NX + gx] = tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx]
                      + tile[ty + 1][tx + 2] - 4.0f * tile[ty + 1][tx + 1];
}
