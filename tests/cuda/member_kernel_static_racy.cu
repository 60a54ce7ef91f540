//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A kernel declared as a static member of a struct (CUDA allows `static __global__` members;
// probe round 7, p08/p13). Threads 2k and 2k + 1 both write s[k], with different values: a
// write-write race. Such kernels were once not collected at all, so a file with one beside an
// ordinary kernel came back `drf`.

struct Ops {
    static __global__ void halve(int *out)
    {
        __shared__ int s[64];
        s[threadIdx.x / 2] = threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x / 2];
    }
};

int main()
{
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    Ops::halve<<<1, 128>>>(d);
    return 0;
}
