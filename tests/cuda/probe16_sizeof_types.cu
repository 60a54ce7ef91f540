//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// `sizeof` of `float`, `double`, `short`, a struct and an expression, used as strides and
// offsets (Session 16 probe: `sizeof` of a floating type or of a struct was an unknown value,
// `?`, so every index below was data-dependent). sizeof(float) = 4, sizeof(short) = 2,
// sizeof(Particle) = 12 (three floats, no padding), sizeof(double) = 8. Thread i (0..127) writes
// out[4i], out[4i + 2] and out[4i + 3] (12 / 4 = 3), and d[i] (8 * i / 8 = i): each cell by one
// thread only, race free.

struct Particle {
    float x, y, z;
};

__global__ void sizeof_strides(const float *in, float *out, double *d)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i * sizeof(float)] = in[i];
    out[i * sizeof(float) + sizeof(short)] = 2.0f * in[i];
    out[i * sizeof(out[0]) + sizeof(Particle) / sizeof(float)] = 3.0f * in[i];
    d[i * sizeof(double) / 8] = 1.0;
}
