//pass
//--blockDim=[4,4,2] --gridDim=[2,2,4]
// mapcheck: exact
// A 3-D thread block (4x4x2) over an 8x8x8 volume: thread (x, y, z) scales one voxel in
// place. Reading and writing one's own voxel is not a race; the flattened index
// x + 8 (y + 8 z) is injective on the volume: race free.

__global__ void scale_volume(float *vol, float factor)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int idx = x + 8 * (y + 8 * z);
    vol[idx] = factor * vol[idx];
}
