//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The Collatz sequence of 27 reaches 1 after 111 steps (a `while` on `x != 1` with a
// conditional update: no counted loop, no closed form), so thread t writes
// A[t / (steps - 110)] = A[t]: distinct cells. Racy twin loop_eval_collatz_racy.cu.
// (Issue 20: a loop whose values are all constants is run at lowering time; the g++ host
// truth runs the same loops.)

__global__ void k(int *A)
{
    unsigned x = 27;
    int steps = 0;
    while (x != 1) {
        x = (x % 2) ? 3 * x + 1 : x / 2;
        steps++;
    }
    A[threadIdx.x / (steps - 110)] = threadIdx.x;
}
