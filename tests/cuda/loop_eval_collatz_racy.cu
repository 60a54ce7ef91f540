//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The Collatz sequence of 27 reaches 1 after 111 steps, so every thread writes
// A[t * (steps - 111)] = A[0]. Race-free twin loop_eval_collatz.cu.
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
    A[threadIdx.x * (steps - 111)] = threadIdx.x;
}
