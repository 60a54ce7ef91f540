//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A static member kernel of a class template, instantiated by its launch (probe round 7, p20):
// `Algo<int>::run` has threads t and t + 64 write s[t % 64] with different values before the
// barrier: a write-write race.

template <typename T>
struct Algo {
    static __global__ void run(T *out)
    {
        __shared__ T s[64];
        s[threadIdx.x % 64] = (T)threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x % 64];
    }
};

int main()
{
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    Algo<int>::run<<<1, 128>>>(d);
    return 0;
}
