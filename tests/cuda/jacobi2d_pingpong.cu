//pass
//--blockDim=[16,16] --gridDim=[4,4]
// mapcheck: exact
// One Jacobi sweep with two buffers (the host swaps them between launches): all reads go to
// `u_old`, all writes to `u_new`, one interior cell per thread. Distinct pointer parameters
// do not alias (the host passes two allocations): race free.

#define N 64

__global__ void jacobi_step(const float *__restrict__ u_old, float *__restrict__ u_new)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > 0 && i < N - 1 && j > 0 && j < N - 1) {
        u_new[j * N + i] = 0.25f * (u_old[j * N + i - 1] + u_old[j * N + i + 1] +
                                    u_old[(j - 1) * N + i] + u_old[(j + 1) * N + i]);
    }
}

void run_jacobi(float *d_a, float *d_b, int iterations)
{
    dim3 block(16, 16), grid(4, 4);
    for (int it = 0; it < iterations; ++it) {
        jacobi_step<<<grid, block>>>(d_a, d_b);
        float *tmp = d_a; d_a = d_b; d_b = tmp;
    }
}
