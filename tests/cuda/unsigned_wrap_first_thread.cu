//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The unsigned-wraparound bounds check idiom: `left = tid - 1` is UINT_MAX for thread 0, so
// `left < blockDim.x` holds exactly for threads 1..63. Those read their left neighbour s[left]
// (thread 1 reads s[0]); the "else" branch — taken by thread 0 only, *because* of the wrap —
// resets s[0] in the same phase. Thread 0's write and thread 1's read of s[0] race. (With
// mathematical integers, left = -1 < 64 and thread 0 would take the first branch instead;
// C's unsigned arithmetic is what makes this racy.)

__global__ void left_neighbour_sum(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned int tid = threadIdx.x;
    unsigned int left = tid - 1;            // wraps for tid == 0
    s[tid] = in[tid];
    __syncthreads();
    if (left < blockDim.x)
        out[tid] = s[left] + s[tid];
    else
        s[0] = 0;                           // thread 0 only: races with thread 1's read
}
