//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// Array-of-structures smoothing in place: particle i reads the x field of particle i + 1 and
// writes its own x field. Thread i + 1 writes p[i + 1].x in the same launch: a read-write race
// on the field (another field of the same element would not conflict).

struct Particle {
    float x, y, z;
    float vx, vy, vz;
};

__global__ void smooth_x(Particle *p, int n)
{
    int i = threadIdx.x;
    if (i + 1 < n)
        p[i].x = 0.5f * (p[i].x + p[i + 1].x);
}
