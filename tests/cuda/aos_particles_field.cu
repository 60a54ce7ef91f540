//pass
//--blockDim=128 --gridDim=32
// mapcheck: exact
// Array-of-structures update: particle i integrates its own position, p[i].x += dt * p[i].vx
// and so on. Fields of array elements (`p[i].x`) are distinct memory locations; every field
// touched belongs to particle i of thread i: race free.

struct Particle {
    float x, y, z;
    float vx, vy, vz;
};

__global__ void integrate(Particle *p, int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].x += dt * p[i].vx;
        p[i].y += dt * p[i].vy;
        p[i].z += dt * p[i].vz;
    }
}
