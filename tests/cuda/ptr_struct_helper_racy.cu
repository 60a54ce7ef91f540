//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// As ptr_struct_helper, but `clear_flag` writes b.flags[i % 64]: thread 0 of block 0 and
// thread 0 of block 1 (i = 0 and i = 64) both write flags[0]. Both store 0, a benign pair, so
// the race that counts is the other one: `axpy` reads and writes b.y[i % 64] too, storing
// b.a * x[i] + y[0] from blocks 0 and 1, a read-write race on y[0] between blocks.

struct Saxpy {
    const float *x;
    float *y;
    int *flags;
    float a;
};

__device__ void axpy(Saxpy b, int i)
{
    b.y[i % 64] = b.a * b.x[i] + b.y[i % 64];
}

__device__ void clear_flag(const Saxpy &b, int i)
{
    b.flags[i % 64] = 0;
}

__global__ void saxpy_struct_wrapped(Saxpy s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    axpy(s, i);
    clear_flag(s, i);
}
