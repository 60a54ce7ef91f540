//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Barrier 0 written as a PTX hexadecimal literal, `bar.sync 0x0;`: the block's barrier, as
// `bar.sync 0;` (probe round 7: it was refused). It orders each thread's write of s[t] before
// its neighbour's read: race free.

__global__ void k(int *out)
{
    __shared__ int s[65];
    s[threadIdx.x] = threadIdx.x;
    asm volatile("bar.sync 0x0;" ::: "memory");
    out[threadIdx.x] = s[threadIdx.x + 1];
}
