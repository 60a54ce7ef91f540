//pass
//
// mapcheck: exact
// The kernel requires blocks of 64 threads; each thread stores its own cell s[threadIdx.x % 64]
// (distinct for threadIdx.x < 64): race free. Checked with another block size (`--block-dim
// 128`), no launch satisfies the precondition (CUDA would run it, and then threads t and t + 64
// collide): mapcheck must refuse that check as an input error, not answer a vacuous `drf`
// (mapcheck/tests/cuda_inputs.rs).

__global__ void own_cell(int *out)
{
    __requires(blockDim.x == 64);
    __shared__ int s[64];
    s[threadIdx.x % 64] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
