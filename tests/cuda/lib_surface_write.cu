//pass
//--blockDim=[16,16] --gridDim=[2,2]
// mapcheck: exact
// mapcheck: known-imprecision: error — `cudaSurfaceObject_t` is an unknown type name
// A surface object (cudaSurfaceObject_t) is writable memory: surf2Dwrite(v, surf, xbytes, y)
// writes the element at byte column xbytes of row y. Each thread writes element
// (x * sizeof(float), y) of its own pixel (x, y): race free.

__global__ void fill_surface(cudaSurfaceObject_t surf, float v)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    surf2Dwrite(v * x + y, surf, x * sizeof(float), y);
}
