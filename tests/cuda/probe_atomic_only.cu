//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Every access to A is atomic (atomicAdd, atomicMax, atomicCAS, atomicExch): no data race.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    atomicAdd(A + threadIdx.x / 2, 1);
    atomicMax(&A[threadIdx.x / 4], threadIdx.x);
    atomicCAS(&A[0], 0, 1);
    atomicExch(&A[1], threadIdx.x);
}
