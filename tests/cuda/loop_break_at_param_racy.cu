//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The loop of loop_break_at_param.cu, then thread t writes row e - 1 (the last row the loop
// wrote, when it wrote one), column (t + 1) % 64: thread t + 1 wrote that cell in the loop
// with another value. For every m >= 1, e >= 1 and threads 0 and 1 race on A[(e - 1) * 64 + 1]
// (host/loop_break_at_param_racy.cpp runs the loop with g++ for m = -3 .. 20: racy).

__global__ void rows_until_last(int *A, int m)
{
    int i;
    for (i = 0; i < 16; i++) {
        if (i == m)
            break;
        A[i * blockDim.x + threadIdx.x] = threadIdx.x;
    }
    A[(i - 1) * blockDim.x + (threadIdx.x + 1) % blockDim.x] = threadIdx.x;
}
