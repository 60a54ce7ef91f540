// Issue 34 item 2: an error inside device code still fails the file (here in a `__device__`
// helper, which any kernel may call), located; the host error beside it is not an error.
__device__ int helper(int x) { return x + undeclared_in_device; }

__global__ void uses(int *out) { out[threadIdx.x] = helper(threadIdx.x); }

int main(void) { undeclared_in_host(); return 0; }
