//pass
//
// mapcheck: exact
// `__launch_bounds__(256)`: CUDA refuses a launch of more than 256 threads per block, and within
// that, s[threadIdx.x % 256] is each thread's own cell: race free. Checked with `--block-dim
// 512`, no launch satisfies the bound: an input error, not a vacuous `drf`
// (mapcheck/tests/cuda_inputs.rs).

__global__ void __launch_bounds__(256) own_slot(int *out)
{
    __shared__ int s[256];
    s[threadIdx.x % 256] = threadIdx.x;
}
