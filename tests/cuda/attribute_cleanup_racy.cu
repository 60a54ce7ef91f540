//xfail:data-race
//--blockDim=4 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — `__attribute__((cleanup(f)))` runs `f` where the variable's scope ends, a call with no call in the source, which mapcheck does not follow: refused at the attribute
// `__attribute__((cleanup(done)))` calls `done(&v)` where v's scope ends. Every thread's
// cleanup writes the file-scope `__device__` int g with its own tid: a write-write race (the
// oracle, `mapcheck oracle` with a block of 4, reports it at `done`'s line). mapcheck once
// skipped the attribute and said `drf (exact)`.

__device__ int g;

__device__ void done(int *x) { g = *x; }

__global__ void cleanup(int *a)
{
    int v __attribute__((cleanup(done))) = threadIdx.x;
    a[threadIdx.x] = v;
}
