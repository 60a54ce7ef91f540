//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// A struct holding device pointers passed by value to a __device__ helper and by reference
// to another (issue 20): `axpy(b, i)` writes b.y[i] = b.a * b.x[i] + b.y[i] for its own i =
// blockIdx.x * 64 + threadIdx.x, and `clear_flag(b, i)` writes b.flags[i]: every thread
// touches only cell i of y and of flags, and reads x: race free.

struct Saxpy {
    const float *x;
    float *y;
    int *flags;
    float a;
};

__device__ void axpy(Saxpy b, int i)
{
    b.y[i] = b.a * b.x[i] + b.y[i];
}

__device__ void clear_flag(const Saxpy &b, int i)
{
    b.flags[i] = 0;
}

__global__ void saxpy_struct(Saxpy s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    axpy(s, i);
    clear_flag(s, i);
}
