//pass
// mapcheck: exact
// The textbook global id with the block size written in the code: thread t of block b
// updates a[256 b + t]. Launched as it is written for (blocks of at most 256 threads, a grid
// whose ids fit an `int`), every thread has its own cell. Without a geometry mapcheck checks
// those launches (the report names `blockDim.x <= 256` and `gridDim.x * 256 <= 2^31`):
// probe round 5, F1, was a false proven race through a witness of 16,777,217 blocks of one
// thread, where `blockIdx.x * 256` wraps around 2^32.
__global__ void k(int *a, int n)
{
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i < n)
        a[i] += 1;
}
