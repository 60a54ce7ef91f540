//xfail:data-race
//--blockDim=[4,4,4] --gridDim=2
// mapcheck: exact
// The 3-D rotation without its barrier: thread (x=1, y=0, z=0) reads s[1][0][0], which
// thread (x=0, y=0, z=1) writes in the same interval: read-write race.

__global__ void rotate3d(float *out, float *in)
{
    __shared__ float s[4][4][4];
    unsigned x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    unsigned lin = (z * 4 + y) * 4 + x;
    s[z][y][x] = in[blockIdx.x * 64 + lin];
    out[blockIdx.x * 64 + lin] = s[x][z][y];
}
