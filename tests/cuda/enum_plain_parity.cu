//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of enum_plain_parity_racy.cu writing out[2 * t + p]: p = t & 1 is 0 or 1, so the
// cells 2t and 2t + 1 are thread t's alone. Race free.

enum Parity { Even, Odd };

__global__ void by_parity(int *out)
{
    Parity p = (Parity)(threadIdx.x & 1);
    out[2 * threadIdx.x + p] = threadIdx.x;
}
