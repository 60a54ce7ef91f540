//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The loop of loop_break_mid.cu, then thread t writes row `row` = n - 1, column (t + 1) % 64:
// thread t + 1 wrote that cell in the breaking iteration (the statements before the `break`
// run in it), with another value: threads 0 and 1 race on A[(n - 1) * 64 + 1] for every n
// (host/loop_break_mid_racy.cpp runs the loop with g++ for n = 1 .. 16: racy).

__global__ void break_mid_last_row(int *A, int *B, int n)
{
    __requires(n >= 1);
    __requires(n <= 16);
    int row = 0;
    for (int i = 0; i < 16; i++) {
        row = i;
        A[i * blockDim.x + threadIdx.x] = threadIdx.x;
        if (i == n - 1)
            break;
        B[i * blockDim.x + threadIdx.x] = threadIdx.x;
    }
    A[row * blockDim.x + (threadIdx.x + 1) % blockDim.x] = threadIdx.x;
}
