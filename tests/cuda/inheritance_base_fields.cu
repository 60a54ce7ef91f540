//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// A derived struct holds its base's fields first (the Itanium ABI's layout): D is {x, y}, two
// ints. Odd thread 2k+1 writes arr[k].y, even thread 2k writes arr[k].x: each cell by one
// thread; after the barrier every thread reads arr[t / 2].x. Race free. (mapcheck once laid D
// out with its own fields only — y at cell 1, a stride of one cell — so that arr[k].y was
// arr[k + 1].x: a false proven race.)

struct B { int x; };
struct D : B { int y; };

__global__ void inherit(int *out)
{
    __shared__ D arr[16];
    unsigned t = threadIdx.x;
    if (t & 1)
        arr[t / 2].y = 1;
    else
        arr[t / 2].x = 2;
    __syncthreads();
    out[t] = arr[t / 2].x;
}
