//pass
//--blockDim=[32,8] --gridDim=[2,4] -DPITCH=256
// mapcheck: exact
// A pitched allocation (cudaMallocPitch) addressed through a byte offset (issue 20): row y
// starts at (char *)base + y * PITCH, and the 64 floats of a row take 256 bytes = PITCH, so
// element (x, y) is float number y * 64 + x: distinct for distinct threads: race free.

__global__ void fill_pitched(float *base, float v)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float *row = (float *)((char *)base + y * PITCH);
    row[x] = v;
}
