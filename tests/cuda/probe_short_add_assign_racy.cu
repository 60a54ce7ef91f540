//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// s += t on a short holding 32767 wraps to a negative value for every t >= 1 (the conversion is
// modular); all those threads write A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    short s = 32767;
    s += threadIdx.x;
    if (s < 0) A[0] = threadIdx.x;
}
