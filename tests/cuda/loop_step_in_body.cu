//pass
//--blockDim=64 --gridDim=2 -DN=1000
// mapcheck: exact
// A grid-stride loop whose counter is stepped in the body, not in the `for` header (issue
// 20): i = g, g + 128, ... < N. The cells of thread g are congruent to g modulo 128: race free.

__global__ void scale_step_in_body(float *v, float k)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N;) {
        v[i] *= k;
        i += gridDim.x * blockDim.x;
    }
}
