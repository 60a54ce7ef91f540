//pass
//--blockDim=[8,8,4] --gridDim=[2,2,2]
// mapcheck: exact
// A `cudaExtent` passed by value bounds a 3-D volume (its width, height and depth are
// parameters, not memory): thread (x, y, z) with x < width, y < height, z < depth writes
// v[(z * height + y) * width + x], a row-major index that is injective on the box: race free.
// The `__requires` bounds the extent so that the 64-bit index cannot wrap (with a height near
// 2^63 the size_t products would wrap and two planes could meet).

__global__ void scale_volume(float *v, cudaExtent e, float k)
{
    __requires(e.width <= 4096 && e.height <= 4096 && e.depth <= 4096);
    size_t x = blockIdx.x * blockDim.x + threadIdx.x;
    size_t y = blockIdx.y * blockDim.y + threadIdx.y;
    size_t z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < e.width && y < e.height && z < e.depth)
        v[(z * e.height + y) * e.width + x] *= k;
}
