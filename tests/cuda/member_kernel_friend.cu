//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The race-free twin of member_kernel_friend_racy.cu: the barrier between the write of s[t]
// and the read of s[t + 1] orders the neighbour's write before the read (s[128] is written by
// nobody and only read).

struct Buffer {
    int *p;
    friend __global__ void shift(int *out)
    {
        __shared__ int s[129];
        s[threadIdx.x] = threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x + 1];
    }
};

__global__ void shift(int *out);

int main()
{
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    shift<<<1, 128>>>(d);
    return 0;
}
