//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `__ffs` (issue 20): in a Fenwick (binary indexed) tree over 1-based positions i = t + 1, the
// lowest set bit of i is 1 << (__ffs(i) - 1). Thread t stores its value at
// tree[(__ffs(i) - 1) * 64 + t]: level by the lowest set bit, column by t. Distinct t give
// distinct columns: race free. Host check: host/intrin_ffs_fenwick.cpp.

__global__ void fenwick_levels(const int *in, int *tree)
{
    int t = threadIdx.x;
    int i = t + 1;
    int level = __ffs(i) - 1;
    tree[level * 64 + t] = in[t];
}
