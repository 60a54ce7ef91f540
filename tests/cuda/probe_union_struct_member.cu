//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Twin of probe_union_struct_member_racy: w[0] (= p.a) and p.b are different ints.

struct P {
    int a, b;
};
union U {
    int w[2];
    P p;
};

__global__ void union_views(int *out)
{
    __shared__ U u[16];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        u[t / 2].w[0] = t;
    else
        u[t / 2].p.b = t;
    __syncthreads();
    out[t] = u[t / 2].w[t % 2];
}
