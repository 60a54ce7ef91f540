//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The local view's pitch is 4 instead of 8: rows overlap, so (t / 8) * 4 + t % 8 is the same
// for thread 4 (row 0, col 4) and thread 8 (row 1, col 0): both write tile[4] before the
// barrier: a write-write race.

struct View {
    float *data;
    int pitch;
};

__global__ void view_transpose_bad_pitch(const float *in, float *out)
{
    __shared__ float tile[64];
    View v = {tile, 4};
    int t = threadIdx.x;
    v.data[(t / 8) * v.pitch + t % 8] = in[t];
    __syncthreads();
    out[t] = v.data[(t % 8) * v.pitch + t / 8];
}
