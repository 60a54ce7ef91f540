//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20 item 2: a pair of buffers in a local array, swapped by constant indices
// (`tmp = buf[0]; buf[0] = buf[1]; buf[1] = tmp;`) after the step: buf[0] is read, buf[1]
// written at the thread's own cell, a barrier between steps. After one swap buf[0] is b: the
// second step reads b and writes a, race free.

__global__ void swap_steps(int *out)
{
    __shared__ int a[64], b[64];
    int *buf[2] = {a, b};
    int t = threadIdx.x;
    a[t] = t;
    __syncthreads();
    buf[1][t] = buf[0][63 - t];
    __syncthreads();
    int *tmp = buf[0];
    buf[0] = buf[1];
    buf[1] = tmp;
    buf[1][t] = buf[0][63 - t];
    __syncthreads();
    out[t] = buf[1][t];
}
