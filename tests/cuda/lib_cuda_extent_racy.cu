//xfail:data-race
//--blockDim=[8,8,4] --gridDim=[2,2,2]
// mapcheck: exact
// The volume scaling with the y guard tested against e.width instead of e.height: for an
// extent with width > height (say 16 x 2 x 8), y = 2 passes the guard and
// (z * 2 + 2) * 16 + x = ((z + 1) * 2 + 0) * 16 + x: threads (x, 2, z) and (x, 0, z + 1)
// both read-modify-write the same cell: a race (within the extents the `__requires` allows).

__global__ void scale_volume_bad_guard(float *v, cudaExtent e, float k)
{
    __requires(e.width <= 4096 && e.height <= 4096 && e.depth <= 4096);
    size_t x = blockIdx.x * blockDim.x + threadIdx.x;
    size_t y = blockIdx.y * blockDim.y + threadIdx.y;
    size_t z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < e.width && y < e.width && z < e.depth)
        v[(z * e.height + y) * e.width + x] *= k;
}
