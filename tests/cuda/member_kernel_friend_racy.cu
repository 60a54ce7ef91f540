//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A kernel defined in a `friend` declaration inside a class body: a namespace-scope function
// (probe round 7, p23). No barrier between the write of s[t] and the read of s[t + 1]: thread
// t reads the cell thread t + 1 writes, a read-write race.

struct Buffer {
    int *p;
    friend __global__ void shift(int *out)
    {
        __shared__ int s[129];
        s[threadIdx.x] = threadIdx.x;
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
