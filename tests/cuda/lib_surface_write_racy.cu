//xfail:data-race
//--blockDim=[16,16] --gridDim=[2,2]
// mapcheck: exact
// mapcheck: known-imprecision: error — `cudaSurfaceObject_t` is an unknown type name
// surf2Dwrite's x coordinate is in bytes; passing the element index x (not x * 4) makes the
// 4-byte writes of pixels x and x + 1 overlap (bytes x .. x + 3 and x + 1 .. x + 4): threads
// (0, 0) and (1, 0) both write byte 1..3 of row 0: a write-write race on surface memory.

__global__ void fill_surface_bytes(cudaSurfaceObject_t surf, float v)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    surf2Dwrite(v * x + y, surf, x, y);
}
