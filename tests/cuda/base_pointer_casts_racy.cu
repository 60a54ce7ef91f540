//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The racy twin of `base_pointer_casts.cu`: thread 2i + 1 converts its `B *` back to the
// whole element and writes its `a`, which thread 2i writes too: a write-write race on
// `arr[i].a` with different values (`static_cast<D *>(pb)` moves back before the `A` part).

struct A {
    int a;
};
struct B {
    int b;
};
struct D : A, B {
    int d;
};

__global__ void casts_back(int *out)
{
    __shared__ D arr[32];
    int i = threadIdx.x / 2;
    if (threadIdx.x % 2 == 0) {
        arr[i].a = threadIdx.x;
    } else {
        B *pb = static_cast<B *>(&arr[i]);
        pb->b = threadIdx.x;
        static_cast<D *>(pb)->a = 1;
    }
    __syncthreads();
    out[threadIdx.x] = arr[i].a + arr[i].b + arr[i].d;
}
