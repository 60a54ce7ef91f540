//xfail:data-race
//
// mapcheck: exact
// The global id is built on a literal 32 (`blockIdx.x * 32 + threadIdx.x`), but the file's own
// host code launches blocks of 64 threads: thread 32 of block 0 and thread 0 of block 1 both
// store into a[32] (different values). Racy for the launch the file makes; the conventions
// must not read the literal as the block size when a launch in the file says otherwise.

__global__ void stamp(int *a)
{
    a[blockIdx.x * 32 + threadIdx.x] = blockIdx.x;
}

int main()
{
    int *a;
    cudaMalloc(&a, 4096);
    stamp<<<4, 64>>>(a);
    return 0;
}
