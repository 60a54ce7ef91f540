//pass
//--blockDim=[8,4,4] --gridDim=[2,4,4]
// mapcheck: exact
// A 3-D thread block (8x4x4) over a 16x16x16 volume: thread (x, y, z) scales one voxel in
// place. Reading and writing one's own voxel is not a race; the flattened index
// x + 16 (y + 16 z) is injective on the volume: race free.

__global__ void scale_volume(float *vol, float factor)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int idx = x + 16 * (y + 16 * z);
    vol[idx] = factor * vol[idx];
}
