//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same Fibonacci hashing into 128 slots, h = (key * 2654435761u) >> 25: for the 64 keys
// 0..63 the 7-bit hashes of the wrapped products are all distinct (host/uwrap_mul_hash.cpp
// enumerates them), so each thread writes its own table[h]: race free.

__global__ void hash_insert_wide(const int *keys_in, int *out)
{
    __shared__ int table[128];
    unsigned key = threadIdx.x;
    unsigned h = (key * 2654435761u) >> 25;
    table[h] = keys_in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = table[h];
}
