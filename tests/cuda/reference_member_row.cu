//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A view holding a reference to a shared array (probe round 8, F2): binding `r{s}` accesses
// no memory; each thread writes its own cell through the member, and after the barrier reads
// its neighbour's. Race free. (Reading the array into the object when it is built makes the
// binding a read of every cell, racing with the writes before it.)

struct Row {
    int (&a)[64];
};

__global__ void row_view(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t;
    Row r{s};
    r.a[t] += 1;
    __syncthreads();
    out[t] = r.a[(t + 1) % 64];
}
