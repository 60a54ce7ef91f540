//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the stored `bool` is a `?` (a conversion the lowering does not compute), so mapcheck cannot show that the threads store different values
// Twin of probe_bool_store_benign: t & 2 converted to bool is false for t = 0 and true for
// t = 2: different values, a data race.

__global__ void set_flag(bool *B)
{
    B[0] = threadIdx.x & 2;
}
