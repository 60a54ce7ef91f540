//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — a struct with a default member initialiser is an object of the thread whose fields the lowering does not follow (`?`)
// The twin of default_member_init.cu writing out[t / 2 + t.a] = out[t / 2 + 3]: threads 2k
// and 2k + 1 write the same cell with different values. Racy.

struct S {
    int a = 3;
    int b;
};

__global__ void default_field(int *out)
{
    S t = {.b = 2};
    out[threadIdx.x / 2 + t.a] = threadIdx.x;
}
