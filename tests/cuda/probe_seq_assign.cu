//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Twin of probe_seq_assign_racy: the store of `A[i] = i++` goes to A[2t + 1] and the other
// store to A[2t]; every cell has one writer.

__global__ void post_inc_store(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] = i++;
    A[2 * t] = -1;
}
