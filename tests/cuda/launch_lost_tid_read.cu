//pass
//--blockDim=1 --gridDim=1
// mapcheck: exact
// The twin of launch_lost_tid_read_racy.cu launched with one thread, as its header says: a
// single thread writes out[0]; no other access. Race free.

__global__ void popc_only(int *out)
{
    out[0] = __popc(threadIdx.x);
}
