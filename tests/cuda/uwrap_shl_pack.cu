//pass
//--blockDim=256 --gridDim=1
// mapcheck: exact
// The packed key with 256 threads: t < 256 fits in the top byte, so key >> 24 = t and each
// thread writes its own owner[t]; the reads follow the barrier: race free. Host check:
// host/uwrap_shl_pack.cpp.

__global__ void pack_keys_256(int *bucket_of)
{
    __shared__ int owner[256];
    unsigned key = (threadIdx.x << 24) | blockIdx.x;
    owner[key >> 24] = threadIdx.x;
    __syncthreads();
    bucket_of[threadIdx.x] = owner[threadIdx.x];
}
