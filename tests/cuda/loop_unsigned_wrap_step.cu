//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The race-free twin of loop_unsigned_wrap_step_racy.cu: the same wrapping unsigned counter
// (i is 8, 4, 0, then 0xFFFFFFFC ends the loop: three iterations, run with g++ by
// host/loop_unsigned_wrap_step.cpp), but thread t writes a[3t + 2 - i / 4]: a[3t], a[3t + 1],
// a[3t + 2], its own three cells: race free.

__global__ void wrap_step(unsigned *a)
{
    unsigned t = threadIdx.x;
    for (unsigned i = 8; i < 16u; i += 0xFFFFFFFCu)
        a[3 * t + 2 - i / 4] = t;
}
