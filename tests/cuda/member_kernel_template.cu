//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The race-free twin of member_kernel_template_racy.cu: the shared array has a cell per
// thread, so each thread writes its own cell, and the barrier orders the writes before the
// reads of another thread's cell.

template <typename T>
struct Algo {
    static __global__ void run(T *out)
    {
        __shared__ T s[128];
        s[threadIdx.x] = (T)threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = s[127 - threadIdx.x];
    }
};

int main()
{
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    Algo<int>::run<<<1, 128>>>(d);
    return 0;
}
