//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A ring buffer indexed with a mask of a non-constant size: (t + head) & (blockDim.x - 1),
// with blockDim.x = 128 a power of two, is (t + head) mod 128, a rotation of the 128 slots:
// each thread writes its own ring cell, whatever `head` is: race free.

__global__ void ring_mask(const float *in, float *out, unsigned head)
{
    __shared__ float ring[128];
    unsigned slot = (threadIdx.x + head) & (blockDim.x - 1);
    ring[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
