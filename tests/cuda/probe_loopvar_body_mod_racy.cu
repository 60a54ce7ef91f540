//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The body adds 1 to i as well: i = 0, 2, 4, 6, so thread t writes A[4t + 4], thread t + 1's
// first cell.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    for (int i = 0; i < 8; i++) {
        A[threadIdx.x * 4 + i] = threadIdx.x;
        i += 1;
    }
}
