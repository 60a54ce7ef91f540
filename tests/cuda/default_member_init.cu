//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — a struct with a default member initialiser is an object of the thread whose fields the lowering does not follow (`?`)
// A default member initialiser used by an aggregate initialisation: `S t = {.b = 2}` gives
// t.a = 3, so thread t writes out[4t + 3], its own cell. Race free. (mapcheck once refused the
// initialiser, clang's `CXXDefaultInitExpr`.)

struct S {
    int a = 3;
    int b;
};

__global__ void default_field(int *out)
{
    S t = {.b = 2};
    out[threadIdx.x * 4 + t.a] = threadIdx.x;
}
