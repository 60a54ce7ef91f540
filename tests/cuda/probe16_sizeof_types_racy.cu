//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The twin of probe16_sizeof_types.cu with the stride taken as the number of floats in a
// Particle: sizeof(Particle) / sizeof(float) = 12 / 4 = 3, but each thread writes 4 slots,
// out[3i] and out[3i + sizeof(float) - 1] = out[3i + 3]. Thread i + 1 writes out[3(i + 1)] =
// out[3i + 3] too, with another value (i + 1 against i): a write-write race, in one block
// (threads 0 and 1, cell out[3]) and across blocks (threads 63 and 64, cell out[192]).

struct Particle {
    float x, y, z;
};

__global__ void sizeof_stride_short(int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = sizeof(Particle) / sizeof(float);
    out[i * stride] = i;
    out[i * stride + sizeof(float) - 1] = i;
}
