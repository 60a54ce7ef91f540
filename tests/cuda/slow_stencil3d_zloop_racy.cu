//xfail:data-race
//--blockDim=[16,8] --gridDim=[4,8] -DDIMX=64 -DDIMY=64 -DDIMZ=32
// mapcheck: exact
// Issue 37, slow kinds (racy twin of slow_stencil3d_zloop.cu, without the barrier that
// starts each plane): a 3-D stencil walking a `z` loop (CUDA samples `FDTD3d`, radius 2):
// each thread of a 2-D block owns one (x, y) column and marches through the DIMZ = 32 planes,
// keeping the planes behind and in front in registers and the current plane's tile, with a
// halo of 2, in shared memory. Per plane: a barrier (everyone is done reading the previous
// tile), the halo loads (threads with threadIdx.y < 2 load the rows above and below their
// column, threads with threadIdx.x < 2 the columns left and right of their row) and the own
// cell, tile[ty][tx], then a barrier, then reads of the tile's cross and the write of
// out[idx], idx = (z + R) * stride_z + (gy + R) * stride_y + gx + R. Within a phase, the
// writes to the tile are at distinct cells: own cells (ty, tx) with ty in 2..9, tx in 2..17;
// the halo rows 0..1 and 10..11 (each (threadIdx.y, tx) once), and the halo columns 0..1 and
// 18..19 (each (ty, threadIdx.x) once) — the four groups are disjoint. Reads come after the
// barrier and before the next plane's barrier. The global writes: (gx, gy) identify the thread
// in the grid (gx < 64 < stride_y, gy < 64), and z the plane, so out cells are distinct.
// Without the barrier at the top of the plane loop, a fast thread writes the next plane's
// tile while a slower one still reads the current one: thread (1, 0) of a block writes
// tile[2][3] (its own cell) for plane z + 1 while thread (0, 0) reads tile[2][3]
// (tile[ty][tx + 1]) for plane z, in the same barrier interval: a read-write data race.

#define RADIUS 2
#define TX 16
#define TY 8

__global__ void fdtd3d(float *out, const float *in, float c0, float c1, float c2)
{
    __shared__ float tile[TY + 2 * RADIUS][TX + 2 * RADIUS];
    const int gx = blockIdx.x * TX + threadIdx.x;
    const int gy = blockIdx.y * TY + threadIdx.y;
    const int tx = threadIdx.x + RADIUS;
    const int ty = threadIdx.y + RADIUS;
    const int stride_y = DIMX + 2 * RADIUS;
    const int stride_z = stride_y * (DIMY + 2 * RADIUS);
    int idx = (gy + RADIUS) * stride_y + gx + RADIUS;

    float behind1 = in[idx];
    idx += stride_z;
    float current = in[idx];
    idx += stride_z;
    float infront1 = in[idx];
    idx += stride_z;
    float infront2 = in[idx];
    idx -= 2 * stride_z;
    float behind2 = 0.0f;

    for (int iz = 0; iz < DIMZ; iz++) {
        behind2 = behind1;
        behind1 = current;
        current = infront1;
        infront1 = infront2;
        infront2 = in[idx + 2 * stride_z];
        idx += stride_z;
        if (threadIdx.y < RADIUS) {
            tile[threadIdx.y][tx] = in[idx - RADIUS * stride_y];
            tile[threadIdx.y + TY + RADIUS][tx] = in[idx + TY * stride_y];
        }
        if (threadIdx.x < RADIUS) {
            tile[ty][threadIdx.x] = in[idx - RADIUS];
            tile[ty][threadIdx.x + TX + RADIUS] = in[idx + TX];
        }
        tile[ty][tx] = current;
        __syncthreads();
        float value = c0 * current;
        value += c1 * (infront1 + behind1 + tile[ty - 1][tx] + tile[ty + 1][tx] +
                       tile[ty][tx - 1] + tile[ty][tx + 1]);
        value += c2 * (infront2 + behind2 + tile[ty - 2][tx] + tile[ty + 2][tx] +
                       tile[ty][tx - 2] + tile[ty][tx + 2]);
        out[idx] = value;
    }
}
