//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A counted loop left by `if (i == m) break;` at the top of its body (issue 20 item 2), `m`
// any int: the loop writes rows 0 .. e - 1 of A (row r, column t by thread t) and ends with
// i = e, where e = m when 0 <= m < 16 and e = 16 otherwise; row e is never written in the
// loop. After it, thread t writes row e, column (t + 1) % 64: no other thread writes that cell
// (thread t + 1 wrote column t + 1 only in rows below e): race free for every m
// (host/loop_break_at_param.cpp runs the loop with g++ for m = -3 .. 20: race-free).

__global__ void rows_until(int *A, int m)
{
    int i;
    for (i = 0; i < 16; i++) {
        if (i == m)
            break;
        A[i * blockDim.x + threadIdx.x] = threadIdx.x;
    }
    A[i * blockDim.x + (threadIdx.x + 1) % blockDim.x] = threadIdx.x;
}
