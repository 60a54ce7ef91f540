//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A slot index kept in an `unsigned char` (as byte-sized bin or lane indices often are): with
// 128 threads, threadIdx.x * 4 reaches 508, and the conversion to unsigned char keeps it
// modulo 256. Threads 0 and 64 both get slot 0 (256 mod 256) and write s[0] in the same phase:
// a write-write race that only exists because of the 8-bit type.

__global__ void spread_bytes(const int *in, int *out)
{
    __shared__ int s[512];
    unsigned char slot = threadIdx.x * 4;   // wraps modulo 256 for threadIdx.x >= 64
    s[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[slot];
}
