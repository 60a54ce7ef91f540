//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An unscoped enumeration (underlying type int) as a local: thread t writes out[t + (t & 1)],
// so threads 1 and 2 both write out[2]. Racy.

enum Parity { Even, Odd };

__global__ void by_parity(int *out)
{
    Parity p = (Parity)(threadIdx.x & 1);
    out[threadIdx.x + p] = threadIdx.x;
}
