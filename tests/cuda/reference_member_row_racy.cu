//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The racy twin of `reference_member_row.cu`: threads 2k and 2k + 1 both write s[k] through
// the view's reference member, with different values: a write-write race.

struct Row {
    int (&a)[64];
};

__global__ void row_view_pairs(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    Row r{s};
    r.a[t / 2] = t;
    __syncthreads();
    out[t] = s[t];
}
