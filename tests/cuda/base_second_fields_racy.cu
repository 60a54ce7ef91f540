//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The racy twin of `base_second_fields.cu`: thread 2i writes `arr[i].b` (the second int of
// element i: `B` comes after `A` in `struct C : A, B`) and thread 2i + 1 writes the same int
// through an `int` view of the element, `((int *)&arr[i])[1]`: a write-write race on the same
// four bytes, with different values. (Placing `B` at the start of `C` hides it.)

struct A {
    int a;
};
struct B {
    int b;
};
struct C : A, B {
};

__global__ void second_base_view(int *out)
{
    __shared__ C arr[32];
    int i = threadIdx.x / 2;
    if (threadIdx.x % 2 == 0)
        arr[i].b = threadIdx.x;
    else
        ((int *)&arr[i])[1] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = arr[i].a + arr[i].b;
}
