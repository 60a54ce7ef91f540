//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// One level of a heap-ordered tree combine: every even node t (a right child) stores its value
// into its parent's slot acc[(t - 1) / 2]. The author forgot that the root, t = 0, is even too:
// in C, (0 - 1) / 2 truncates toward zero and is 0, the same slot node 2 writes (its parent is
// (2 - 1) / 2 = 0). Threads 0 and 2 write acc[0] in the same phase: a write-write race. (With
// floor or Euclidean division the root would compute -1 and no collision would appear; C's
// signed division is what makes it racy.)

__global__ void combine_right_children(const int *val, int *out)
{
    __shared__ int acc[64];
    int t = threadIdx.x;
    acc[t] = 0;
    __syncthreads();
    if (t % 2 == 0)
        acc[(t - 1) / 2] = val[t];          // BUG: root (t == 0) also lands in acc[0]
    __syncthreads();
    out[t] = acc[t];
}
