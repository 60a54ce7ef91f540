//xfail:data-race
//--blockDim=[16,16] --gridDim=[4,4]
// mapcheck: exact
// One Jacobi sweep of the 2-D Laplace equation done in place on a single grid: thread (i, j)
// reads its four neighbours from `u` and overwrites u[j][i]. Its right neighbour thread reads
// u[j][i] in the same launch (same block, same phase, or a neighbouring block): read-write
// races (the classic reason Jacobi needs two buffers).

#define N 64

__global__ void jacobi_inplace(float *u)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > 0 && i < N - 1 && j > 0 && j < N - 1) {
        u[j * N + i] = 0.25f * (u[j * N + i - 1] + u[j * N + i + 1] + u[(j - 1) * N + i] +
                                u[(j + 1) * N + i]);
    }
}
