//pass
//--blockDim=[8,8,4] --gridDim=[4,4,8]
// mapcheck: exact
// 7-point 3-D stencil over a 32x32x32 volume with a 3-D thread block (8x8x4): each thread
// reads its six neighbours (clamped at the faces) from `in` and writes one cell of `out`.
// The 3-D index (x, y, z) -> (z * NY + y) * NX + x is injective: race free.

#define NX 32
#define NY 32
#define NZ 32

__global__ void stencil7(const float *in, float *out, float c0, float c1)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= 1 && x < NX - 1 && y >= 1 && y < NY - 1 && z >= 1 && z < NZ - 1) {
        int idx = (z * NY + y) * NX + x;
        out[idx] = c0 * in[idx] + c1 * (in[idx - 1] + in[idx + 1] + in[idx - NX] +
                                        in[idx + NX] + in[idx - NX * NY] + in[idx + NX * NY]);
    }
}
