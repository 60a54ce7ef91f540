//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Storing by Fenwick level alone, tree[__ffs(t + 1) - 1]: threads 0 and 2 (positions 1 and 3,
// both odd) get level 0 and both write tree[0]: a write-write race. Host check:
// host/intrin_ffs_fenwick_racy.cpp.

__global__ void fenwick_levels_collapsed(const int *in, int *tree)
{
    int t = threadIdx.x;
    int i = t + 1;
    int level = __ffs(i) - 1;
    tree[level] = in[t];
}
