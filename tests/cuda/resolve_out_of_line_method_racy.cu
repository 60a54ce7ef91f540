//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A method declared in its class and defined outside it, after the kernel (issue 32: the call
// was matched by name, found no body, and the write vanished). Every thread stores its own id
// into buf[0] = a[0]: a write-write race of different values.

struct Acc {
    int *buf;
    __device__ void put(int i, int v);
};

__global__ void out_of_line(int *a)
{
    Acc acc{a};
    acc.put(0, threadIdx.x);
}

__device__ void Acc::put(int i, int v) { buf[i] = v; }
