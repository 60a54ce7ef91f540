//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the double `0.1` is no `float`, so its value is a `?`, and mapcheck cannot show the two stores differ
// Session 12 probe, unsound before its fix: 0.1f widened to double is 0.100000001490116..., not the double 0.1; the
// two stores write different values. mapcheck calls the race benign: `drf (exact)`.

__global__ void store_tenth(double *D)
{
    if (threadIdx.x % 2)
        D[0] = 0.1;
    else
        D[0] = 0.1f;
}
