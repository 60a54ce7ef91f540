//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A `for` with two variables and a comma step (issue 20 item 2), as the CUDA samples'
// matrixMul writes its tile loop: `for (int i = 0, j = t; i < 16; i++, j += blockDim.x)`.
// C runs it as a counted loop on i with j = t + 64i: thread t writes A[t], A[t + 64], ...,
// A[t + 960], cells congruent to t modulo 64: race free (host/loop_two_variables.cpp runs
// the loop with g++: race-free).

__global__ void two_variables(int *A)
{
    for (int i = 0, j = threadIdx.x; i < 16; i++, j += blockDim.x)
        A[j] = i;
}
