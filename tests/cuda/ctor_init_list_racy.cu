//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ctor_init_list: the initialisers halve the argument, so p.x + p.y = 2(t / 2) + 1
// and threads 2k and 2k + 1 store their different ids into A[2k + 1] (host/ctor_init_list_racy.cpp).

struct P {
    int x, y;
    __device__ P(int a) : x(a / 2), y(a / 2 + 1) {}
};

__global__ void init_list(int *A)
{
    P p(threadIdx.x);
    A[p.x + p.y] = threadIdx.x;
}
