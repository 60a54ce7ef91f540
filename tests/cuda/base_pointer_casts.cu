//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Pointers converted between a derived struct and its second base (probe round 8, F1):
// `static_cast<B *>(&arr[i])` points at the `B` part of element i, after its `A` part, and
// `static_cast<D *>(pb)` back at the whole element. Thread 2i writes `a` through the element,
// thread 2i + 1 writes `b` through a `B *` and `d` through the `D *` it converts back:
// three different ints of element i. Race free.

struct A {
    int a;
};
struct B {
    int b;
};
struct D : A, B {
    int d;
};

__global__ void casts(int *out)
{
    __shared__ D arr[32];
    int i = threadIdx.x / 2;
    if (threadIdx.x % 2 == 0) {
        arr[i].a = threadIdx.x;
    } else {
        B *pb = static_cast<B *>(&arr[i]);
        pb->b = threadIdx.x;
        static_cast<D *>(pb)->d = 1;
    }
    __syncthreads();
    out[threadIdx.x] = arr[i].a + arr[i].b + arr[i].d;
}
