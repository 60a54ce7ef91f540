//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of probe_extern_barrier_divergent: every thread calls ext(), so a barrier in it is
// reached by the whole block, and each thread writes its own cell.

extern __device__ void ext();

__global__ void half_calls(int *A)
{
    ext();
    A[threadIdx.x] = 1;
}
