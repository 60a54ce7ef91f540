//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A counted loop left by `if (i == n - 1) break;` in the middle of its body (issue 20 item
// 2), with 1 <= n <= 16 required: C runs the statements before the `break` in iterations
// 0 .. n - 1 and the ones after it in iterations 0 .. n - 2, and `row` ends at n - 1. The
// loop writes rows 0 .. n - 1 (row r, column t by thread t); after it thread t writes row
// n, column (t + 1) % 64, which nothing else writes: race free for every such n
// (host/loop_break_mid.cpp runs the loop with g++ for n = 1 .. 16: race-free).

__global__ void break_mid(int *A, int *B, int n)
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
    A[(row + 1) * blockDim.x + (threadIdx.x + 1) % blockDim.x] = threadIdx.x;
}
