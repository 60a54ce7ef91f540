//xfail:data-race
//--blockDim=64
// mapcheck: exact
// A GNU case range (`case 40 ... 47:`) selects threads 40 to 47, which all store their id into
// s[0] in one phase: racy (threads 40 and 41 write s[0]). The range's statement must be lowered
// under the range's condition, not dropped (it used to become `case 40:` with an empty body).

__global__ void pick_range(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = 0;
    __syncthreads();
    switch (threadIdx.x) {
    case 40 ... 47:
        s[0] = threadIdx.x;
        break;
    default:
        break;
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
