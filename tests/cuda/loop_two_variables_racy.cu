//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The two-variable loop of loop_two_variables.cu with `j += blockDim.x / 2`: thread t writes
// A[t + 32i] for i < 16, so threads 0 and 32 both write A[32] (iterations 1 and 0, values 1
// and 0): a write-write race (host/loop_two_variables_racy.cpp runs the loop with g++: racy).

__global__ void two_variables_half_stride(int *A)
{
    for (int i = 0, j = threadIdx.x; i < 16; i++, j += blockDim.x / 2)
        A[j] = i;
}
