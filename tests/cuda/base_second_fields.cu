//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Multiple inheritance (probe round 8, F1): in `struct C : A, B` the Itanium ABI lays out `A`
// first and `B` after it, so `arr[i].b` is the second int of element i, not the first.
// Threads 2i and 2i + 1 write the two different fields `a` and `b` of element i, then after
// the barrier each reads both: race free. (Placing `B` at the start of `C`, where `A` is,
// makes the two writes collide.)

struct A {
    int a;
};
struct B {
    int b;
};
struct C : A, B {
};

__global__ void second_base(int *out)
{
    __shared__ C arr[32];
    int i = threadIdx.x / 2;
    if (threadIdx.x % 2 == 0)
        arr[i].a = threadIdx.x;
    else
        arr[i].b = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = arr[i].a + arr[i].b;
}
