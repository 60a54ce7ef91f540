//xfail:data-race
//--blockDim=[32,8] --gridDim=[2,4]
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// As ptr_pitched_param, but the kernel admits a pitch of 128 bytes (32 floats) for rows of 64
// floats: with pitch = 128, element (x + 32, y) and element (x, y + 1) are the same float
// (byte y * 128 + 4 * (x + 32)): thread (0, 0) of block (1, 0) writes it with v + 32 and
// thread (0, 1) of block (0, 0) with v + 0, which differ: a write-write race. 128 is a
// multiple of 4, so the race lies within the assumption that the pitch is.

__global__ void fill_pitched_param_short(float *base, size_t pitch, float v)
{
    __requires(pitch >= 128);
    __requires(pitch <= 1048576);
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float *row = (float *)((char *)base + y * pitch);
    row[x] = v + x;
}
