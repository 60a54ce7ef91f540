//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — `sqrtf` is not computed (`?`), so mapcheck cannot show that the threads store different values
// Twin of probe_float_store_benign: the stored roots differ between threads (sqrtf(0) = 0,
// sqrtf(1) = 1), a data race.

__global__ void store_root(float *F)
{
    F[0] = sqrtf((float)threadIdx.x);
}
