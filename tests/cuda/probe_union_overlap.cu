//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Twin of probe_union_overlap_racy: each thread writes a member of its own element u[t].

union U {
    int i;
    float f;
};

__global__ void union_pun(int *out)
{
    __shared__ U u[32];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        u[t].i = t;
    else
        u[t].f = 1.5f;
    __syncthreads();
    out[t] = u[t].i;
}
