//xfail:data-race
//--blockDim=[16,16] --gridDim=[2,2]
// mapcheck: exact
// mapcheck: known-imprecision: error — `cudaSurfaceObject_t` is an unknown type name
// The surface written at pixel column x / 2 (a 2x horizontal downsample that forgot to skip
// odd pixels): surf2Dwrite(..., (x / 2) * sizeof(float), y) makes threads (0, 0) and (1, 0)
// of block (0, 0) write the same element (0, 0) of the surface: a write-write race on surface
// memory.

__global__ void fill_surface_half(cudaSurfaceObject_t surf, float v)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    surf2Dwrite(v * x + y, surf, (x / 2) * sizeof(float), y);
}
