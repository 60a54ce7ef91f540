//pass
//--blockDim=[32,8] --gridDim=[2,4]
// mapcheck: exact
// A pitched allocation whose pitch is a kernel parameter (issue 20), as cudaMallocPitch
// returns it: row y starts at (char *)base + y * pitch. Rows hold 64 floats (x < 2 * 32), and
// __requires(pitch >= 256) keeps a row inside its pitch. mapcheck assumes the pitch a multiple
// of sizeof(float) (cudaMallocPitch aligns it; a float at an address that is not a multiple of
// 4 is a misaligned access, which faults), so element (x, y) is float y * (pitch / 4) + x, and
// two threads (x, y) != (x', y') have y * P + x != y' * P + x' for P = pitch / 4 >= 64 > x, x':
// distinct cells, race free.

__global__ void fill_pitched_param(float *base, size_t pitch, float v)
{
    __requires(pitch >= 256);
    __requires(pitch <= 1048576);
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float *row = (float *)((char *)base + y * pitch);
    row[x] = v;
}
