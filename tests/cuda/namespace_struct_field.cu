//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A struct declared in a namespace and named qualified (`geo::Key`): the only class named `Key`
// in the file, so its layout is that one. key.a = 1: thread t writes out[2t + 1], its own
// cell. Race free. (mapcheck once refused it: its classes were found by the bare name only.)

namespace geo {
struct Key {
    int a;
    int b;
};
}

__global__ void odd_cells(int *out)
{
    geo::Key key = {1, 2};
    out[2 * threadIdx.x + key.a] = threadIdx.x;
}
