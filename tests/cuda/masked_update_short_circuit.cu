//pass
//--blockDim=256 --gridDim=16
// mapcheck: data-dependent
// A masked update with a short-circuit guard: `i < n && mask[i]` reads mask[i] only when i is
// in range, and then thread i updates only x[i]. Whether a thread writes depends on the mask
// (data-dependent), but the cell it writes is its own: race free for every mask.

__global__ void masked_axpy(int n, float a, const int *mask, const float *y, float *x)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && mask[i])
        x[i] = a * y[i] + x[i];
}
