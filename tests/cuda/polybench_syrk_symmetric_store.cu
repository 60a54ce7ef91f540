//xfail:data-race
//--blockDim=[16,16] --gridDim=[4,4] -DN=64 -DM=64
// mapcheck: exact
// `syrk` "optimised" by exploiting the symmetry of the result: thread (j, i) computes
// c[i][j] and also stores it to c[j][i]. But thread (i, j) owns c[j][i] itself, so for
// i != j both threads write c[j][i] (e.g. threads (x=1, y=0) and (x=0, y=1) both write
// c[1] = c[0][1]): a write-write race (besides the read of c[i][j] by its owner).

__global__ void syrk_kernel_sym(float ALPHA, float BETA, float *a, float *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < N) && (j < N)) {
        float acc = c[i * N + j] * BETA;
        for (int k = 0; k < M; k++) {
            acc += ALPHA * a[i * M + k] * a[j * M + k];
        }
        c[i * N + j] = acc;
        c[j * N + i] = acc;
    }
}
