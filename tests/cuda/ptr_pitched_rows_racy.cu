//xfail:data-race
//--blockDim=[32,8] --gridDim=[2,4] -DPITCH=128
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The pitch is 128 bytes (32 floats) for rows of 64 floats: row y + 1 starts in the middle of
// row y, so element (x + 32, y) and element (x, y + 1) are the same float (byte
// y * 128 + 4 * (x + 32)): thread (0, 0) of block (1, 0) and thread (0, 1) of block (0, 0)
// both write it: a write-write race. Each thread stores v + x, so the two writes store
// different values (x + 32 and x): not a benign race of equal values.

__global__ void fill_pitched_short(float *base, float v)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float *row = (float *)((char *)base + y * PITCH);
    row[x] = v + x;
}
