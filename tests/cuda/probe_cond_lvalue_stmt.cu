//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Session 12 probe, a wrongly proven race before its fix: a conditional expression whose arms are assignments to memory (an
// lvalue `?:`) used as a statement runs both arms. Truth: thread 0 writes s[0] = 5, thread t > 0
// writes s[t] = 6; one writer per cell, reads after the barrier: race free. mapcheck lowers
// `s[0] := 5; s[tid.x] := 6;` for every thread and reports a *proven* race on s.

__global__ void pick_store(int *A)
{
    __shared__ int s[64];
    threadIdx.x == 0 ? (s[0] = 5) : (s[threadIdx.x] = 6);
    __syncthreads();
    A[threadIdx.x] = s[threadIdx.x];
}
