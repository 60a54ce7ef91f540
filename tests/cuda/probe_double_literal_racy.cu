//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the double `1.0000000001` is no `float`, so its value is a `?`, and mapcheck cannot show the two stores differ
// Session 12 probe, unsound before its fix: floating literals are kept as the bits of the nearest *float*, also when
// they are doubles stored into a double array. 1.0 and 1.0000000001 are different doubles, so
// odd and even threads store different values into D[0]: a data race. mapcheck gives both
// stores the payload of 1.0f and calls the race benign: `drf (exact)`.

__global__ void store_double(double *D)
{
    if (threadIdx.x % 2)
        D[0] = 1.0;
    else
        D[0] = 1.0000000001;
}
