//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a `case` label outside the statement list of its `switch` is refused
// Duff's device: case labels inside the do-while. n = 5 stores from A + 4t reach A[4t .. 4t +
// 4]; A[4t + 4] is thread t + 1's first cell.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int *to = A + 4 * threadIdx.x;
    int v = threadIdx.x;
    int n = 5;
    int count = (n + 3) / 4;
    switch (n % 4) {
    case 0: do { *to++ = v;
    case 3:      *to++ = v;
    case 2:      *to++ = v;
    case 1:      *to++ = v;
            } while (--count > 0);
    }
}
