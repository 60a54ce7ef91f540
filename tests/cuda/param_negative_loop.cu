//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of param_negative_loop_racy.cu: the loop runs -from times for a negative `from`, but
// each thread writes only its own cell acc[threadIdx.x], so no two threads meet on a cell.

__global__ void count_up(int *acc, int from)
{
    for (int i = from; i < 0; ++i) {
        acc[threadIdx.x] = i;
    }
}
