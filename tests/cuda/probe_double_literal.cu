//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of probe_double_literal_racy: 1.0 and 1.00 are the same double, so the write-write
// race on D[0] is benign (both store the same value): verdict drf.

__global__ void store_double(double *D)
{
    if (threadIdx.x % 2)
        D[0] = 1.0;
    else
        D[0] = 1.00;
}
